package io.github.scru128.pg;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

/**
 * A value of the server's {@code ulid} type (release 1.4): 16 bytes in the ULID spec's layout (a
 * 48-bit Unix millisecond timestamp, then 80 random bits, big-endian), shown as 26 uppercase
 * Crockford Base32 digits. Text is read as the server reads it: either case, {@code I} and {@code
 * L} as 1, {@code O} as 0, {@code U} and anything else refused, the first digit at most 7.
 * Registered with {@link Scru128Types#register}, it is what {@code getObject} returns for the type
 * and what {@code setObject} sends as it, in the text or the binary format.
 */
public class Ulid extends ScruId {
  private static final long serialVersionUID = 1L;

  /** The alphabet, in the order of the digits' values. */
  static final String DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

  private static final int[] VALUES = new int[128];

  static {
    java.util.Arrays.fill(VALUES, -1);
    for (int v = 0; v < 32; v++) {
      VALUES[DIGITS.charAt(v)] = v;
      VALUES[Character.toLowerCase(DIGITS.charAt(v))] = v;
    }
    for (char c : "IiLl".toCharArray()) {
      VALUES[c] = 1;
    }
    VALUES['O'] = 0;
    VALUES['o'] = 0;
  }

  /** SQL NULL; pgjdbc creates values through this constructor. */
  public Ulid() {
    super("ulid", 16, 26, 32, true, BigInteger.ONE.shiftLeft(128));
  }

  /**
   * A value from its text form.
   *
   * @throws SQLException with SQLSTATE 22P02 for text the server would refuse
   */
  public Ulid(String text) throws SQLException {
    this();
    setValue(text);
  }

  /** A value from its 16 big-endian bytes. */
  public static Ulid fromBytes(byte[] bytes) {
    Ulid id = new Ulid();
    id.setByteValue(bytes, 0);
    return id;
  }

  /** The value of the same 16 bytes as a UUID (the server's {@code ulid::uuid}). */
  public static Ulid fromUuid(UUID uuid) {
    return fromBytes(
        ByteBuffer.allocate(16)
            .putLong(uuid.getMostSignificantBits())
            .putLong(uuid.getLeastSignificantBits())
            .array());
  }

  /** The UUID of the same 16 bytes (the server's {@code ulid::uuid}); null for SQL NULL. */
  public UUID toUuid() {
    byte[] b = toBytes();
    if (b == null) {
      return null;
    }
    ByteBuffer buf = ByteBuffer.wrap(b);
    return new UUID(buf.getLong(), buf.getLong());
  }

  /** The 48-bit timestamp, milliseconds since 1970 (the server's {@code ulid_timestamp_ms}). */
  public long getTimestampMs() {
    return number().shiftRight(80).longValueExact();
  }

  /** The embedded time (the server's {@code ulid_timestamp}). */
  public Instant getTimestamp() {
    return Instant.ofEpochMilli(getTimestampMs());
  }

  @Override
  String canonical(String text) throws SQLException {
    String problem = null;
    if (text.length() != 26) {
      problem = text.length() + " characters, not 26";
    } else {
      for (int i = 0; i < 26 && problem == null; i++) {
        char c = text.charAt(i);
        if (c >= 128 || VALUES[c] < 0) {
          problem = "character " + (i + 1) + " is not a Crockford Base32 digit";
        }
      }
      if (problem == null && VALUES[text.charAt(0)] > 7) {
        problem = "the value exceeds the largest ULID, 7ZZZZZZZZZZZZZZZZZZZZZZZZZ";
      }
    }
    if (problem != null) {
      throw new SQLDataException(
          "invalid input syntax for type ulid: \"" + text + "\" (" + problem + ")",
          INVALID_TEXT_REPRESENTATION);
    }
    return format(parse(text));
  }

  private static BigInteger parse(String digits) {
    BigInteger n = BigInteger.ZERO;
    for (int i = 0; i < digits.length(); i++) {
      n = n.shiftLeft(5).or(BigInteger.valueOf(VALUES[digits.charAt(i)]));
    }
    return n;
  }

  @Override
  String format(BigInteger n) {
    char[] out = new char[26];
    for (int i = 25; i >= 0; i--) {
      out[i] = DIGITS.charAt(n.intValue() & 31);
      n = n.shiftRight(5);
    }
    return new String(out);
  }

  @Override
  BigInteger number() {
    return parse(value);
  }
}
