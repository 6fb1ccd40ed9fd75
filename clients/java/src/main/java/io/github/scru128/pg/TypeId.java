package io.github.scru128.pg;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.UUID;
import org.postgresql.util.PGBinaryObject;
import org.postgresql.util.PGobject;

/**
 * A value of the server's {@code typeid} type (release 1.5): a prefix of 0 to 63 characters and a
 * UUID. Its text is TypeID spec 0.3.0's: the prefix, an underscore and 26 lowercase base32 digits
 * (the digits alone for the empty prefix), read exactly as strictly as the server reads it; its
 * binary form is the UUID's 16 bytes, big-endian, then the prefix's bytes. The value is kept as the
 * canonical text, so {@link #getValue()}, {@link #toString()} and {@link #equals(Object)} agree
 * with the server's {@code ::text}. Registered with {@link Scru128Types#register}, it is what
 * {@code getObject} returns for the type (and for a domain over it) and what {@code setObject}
 * sends as it.
 */
public class TypeId extends PGobject implements PGBinaryObject, Comparable<TypeId> {
  private static final long serialVersionUID = 1L;

  /** The longest prefix, in characters. */
  public static final int PREFIX_MAX = 63;

  /** The SQLSTATE of the server's error for such text, invalid_text_representation. */
  public static final String INVALID_TEXT_REPRESENTATION = "22P02";

  /** The SQLSTATE of the server's error for such bytes, invalid_binary_representation. */
  public static final String INVALID_BINARY_REPRESENTATION = "22P03";

  /** The SQLSTATE of the server's error for a bad prefix argument, invalid_parameter_value. */
  public static final String INVALID_PARAMETER_VALUE = "22023";

  static final String DIGITS = "0123456789abcdefghjkmnpqrstvwxyz";

  private static final int[] VALUES = new int[128];

  static {
    Arrays.fill(VALUES, -1);
    for (int v = 0; v < 32; v++) {
      VALUES[DIGITS.charAt(v)] = v;
    }
  }

  private String prefix;
  private UUID uuid;

  /** SQL NULL; pgjdbc creates values through this constructor. */
  public TypeId() {
    type = "typeid";
  }

  /**
   * A value from its text form.
   *
   * @throws SQLException with SQLSTATE 22P02 for text the server would refuse
   */
  public TypeId(String text) throws SQLException {
    this();
    setValue(text);
  }

  /**
   * The TypeId of a prefix ({@code ""} for none) and a UUID, as the server's {@code typeid(text,
   * uuid)}.
   *
   * @throws SQLException with SQLSTATE 22023, as the server, for a prefix the spec refuses
   */
  public static TypeId of(String prefix, UUID uuid) throws SQLException {
    String problem = prefixProblem(prefix);
    if (problem != null) {
      throw new SQLDataException(
          "invalid TypeID prefix: \"" + prefix + "\" (" + problem + ")", INVALID_PARAMETER_VALUE);
    }
    TypeId id = new TypeId();
    id.set(prefix, uuid);
    return id;
  }

  /**
   * A value from its binary form.
   *
   * @throws SQLException with SQLSTATE 22P03, as the server, for bytes it would refuse
   */
  public static TypeId fromBytes(byte[] bytes) throws SQLException {
    TypeId id = new TypeId();
    id.setByteValue(bytes, 0);
    return id;
  }

  /** The prefix, {@code ""} for none; null for SQL NULL. */
  public String getPrefix() {
    return prefix;
  }

  /** The UUID (the server's {@code typeid_uuid}); null for SQL NULL. */
  public UUID getUuid() {
    return uuid;
  }

  /**
   * The time of a version 7 UUID, its 48-bit millisecond field (the server's {@code
   * typeid_timestamp}); empty for another UUID, as the server gives NULL, and for SQL NULL.
   */
  public Optional<Instant> getTimestamp() {
    if (uuid == null || uuid.variant() != 2 || uuid.version() != 7) {
      return Optional.empty();
    }
    return Optional.of(Instant.ofEpochMilli(uuid.getMostSignificantBits() >>> 16));
  }

  /**
   * Sets the value from its text form; {@code null} is SQL NULL.
   *
   * @throws SQLDataException with SQLSTATE 22P02, as the server, for text it would refuse
   */
  @Override
  public void setValue(String text) throws SQLException {
    if (text == null) {
      value = null;
      prefix = null;
      uuid = null;
      return;
    }
    int sep = text.lastIndexOf('_');
    String problem = textProblem(text, sep);
    if (problem != null) {
      throw new SQLDataException(
          "invalid input syntax for type typeid: \"" + text + "\" (" + problem + ")",
          INVALID_TEXT_REPRESENTATION);
    }
    String suffix = text.substring(sep + 1);
    long hi = 0;
    long lo = 0;
    for (int i = 0; i < 26; i++) {
      long v = VALUES[suffix.charAt(i)];
      // shift the 128-bit (hi, lo) left by 5 and add v
      hi = (hi << 5) | (lo >>> 59);
      lo = (lo << 5) | v;
    }
    set(sep < 0 ? "" : text.substring(0, sep), new UUID(hi, lo));
  }

  /**
   * Why the spec refuses the text whose last underscore is at {@code sep} (-1 for none), or null;
   * the rules in the order the server applies them.
   */
  private static String textProblem(String text, int sep) {
    if (text.isEmpty()) {
      return "the text is empty";
    }
    if (sep == 0) {
      return "an underscore with no prefix before it";
    }
    if (sep > 0) {
      String problem = prefixProblem(text.substring(0, sep));
      if (problem != null) {
        return problem;
      }
    }
    String suffix = text.substring(sep + 1);
    if (suffix.length() != 26) {
      return "the suffix has " + suffix.length() + " characters, not 26";
    }
    for (int i = 0; i < 26; i++) {
      char c = suffix.charAt(i);
      if (c >= 128 || VALUES[c] < 0) {
        return "character " + (sep + 2 + i) + " is not a digit of 0-9 and a-z but i, l, o and u";
      }
    }
    if (VALUES[suffix.charAt(0)] > 7) {
      return "the suffix's first digit is above 7 (more than 128 bits)";
    }
    return null;
  }

  /** Why the spec refuses the prefix, or null: at most 63 of a-z and _, no _ first or last. */
  static String prefixProblem(String p) {
    if (p.isEmpty()) {
      return null;
    }
    if (p.length() > PREFIX_MAX) {
      return "the prefix has more than " + PREFIX_MAX + " characters";
    }
    for (int i = 0; i < p.length(); i++) {
      char c = p.charAt(i);
      if ((c < 'a' || c > 'z') && c != '_') {
        return "character " + (i + 1) + " of the prefix is not a-z or _";
      }
    }
    if (p.charAt(0) == '_') {
      return "the prefix begins with an underscore";
    }
    if (p.charAt(p.length() - 1) == '_') {
      return "the prefix ends with an underscore";
    }
    return null;
  }

  private void set(String prefix, UUID uuid) {
    this.prefix = prefix;
    this.uuid = uuid;
    char[] digits = new char[26];
    long hi = uuid.getMostSignificantBits();
    long lo = uuid.getLeastSignificantBits();
    for (int i = 25; i >= 0; i--) {
      digits[i] = DIGITS.charAt((int) (lo & 31));
      lo = (lo >>> 5) | (hi << 59);
      hi >>>= 5;
    }
    value = prefix.isEmpty() ? new String(digits) : prefix + "_" + new String(digits);
  }

  /** The binary form: the UUID's 16 bytes and the prefix's, or null for SQL NULL. */
  public byte[] toBytes() {
    if (value == null) {
      return null;
    }
    byte[] out = new byte[lengthInBytes()];
    toBytes(out, 0);
    return out;
  }

  /**
   * Sets the value from its binary form, the bytes from {@code offset} to the end, checked as the
   * server's {@code typeid_recv} checks them.
   *
   * @throws SQLDataException with SQLSTATE 22P03 for bytes the server would refuse
   */
  @Override
  public void setByteValue(byte[] bytes, int offset) throws SQLException {
    int len = bytes.length - offset;
    if (len < 16 || len > 16 + PREFIX_MAX) {
      throw new SQLDataException(
          "invalid binary typeid value: " + len + " bytes, not the UUID's 16 and a prefix of 0 to "
              + PREFIX_MAX,
          INVALID_BINARY_REPRESENTATION);
    }
    String p = new String(bytes, offset + 16, len - 16, StandardCharsets.ISO_8859_1);
    String problem = prefixProblem(p);
    if (problem != null) {
      throw new SQLDataException(
          "invalid binary typeid value: invalid prefix (" + problem + ")",
          INVALID_BINARY_REPRESENTATION);
    }
    ByteBuffer buf = ByteBuffer.wrap(bytes, offset, 16);
    set(p, new UUID(buf.getLong(), buf.getLong()));
  }

  @Override
  public int lengthInBytes() {
    return value == null ? 0 : 16 + prefix.length();
  }

  @Override
  public void toBytes(byte[] bytes, int offset) {
    ByteBuffer.wrap(bytes, offset, 16)
        .putLong(uuid.getMostSignificantBits())
        .putLong(uuid.getLeastSignificantBits());
    byte[] p = prefix.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(p, 0, bytes, offset + 16, p.length);
  }

  /**
   * The server's order: by prefix (a prefix before a longer one it begins), then by the UUID's
   * bytes (unsigned, unlike {@link UUID#compareTo}); also the order of the text's bytes. SQL NULL
   * sorts last, as in an index.
   */
  @Override
  public int compareTo(TypeId other) {
    if (value == null || other.value == null) {
      return value == null ? (other.value == null ? 0 : 1) : -1;
    }
    int c = prefix.compareTo(other.prefix);
    if (c == 0) {
      c = Long.compareUnsigned(uuid.getMostSignificantBits(), other.uuid.getMostSignificantBits());
    }
    if (c == 0) {
      c = Long.compareUnsigned(uuid.getLeastSignificantBits(), other.uuid.getLeastSignificantBits());
    }
    return Integer.signum(c);
  }

  @Override
  public TypeId clone() throws CloneNotSupportedException {
    return (TypeId) super.clone();
  }
}
