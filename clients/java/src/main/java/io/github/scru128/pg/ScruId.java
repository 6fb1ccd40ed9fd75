package io.github.scru128.pg;

import java.math.BigInteger;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.regex.Pattern;
import org.postgresql.util.PGBinaryObject;
import org.postgresql.util.PGobject;

/**
 * What {@link Scru128}, {@link Scru160}, {@link Scru64} and {@link Ulid} share: a fixed number of big-endian
 * bytes (the server's binary form) shown as a fixed number of digits in one radix (the server's
 * text form). The value is kept as the server's canonical text, so {@link #getValue()}, {@link
 * #toString()} and {@link #equals(Object)} agree with the server's {@code ::text}; the binary form
 * is computed when pgjdbc sends or receives it.
 */
public abstract class ScruId extends PGobject implements PGBinaryObject, Comparable<ScruId> {
  private static final long serialVersionUID = 1L;

  /** The SQLSTATE of the server's error for such text, invalid_text_representation. */
  public static final String INVALID_TEXT_REPRESENTATION = "22P02";

  private final int size;
  private final int digits;
  private final int radix;
  private final boolean upperCase;
  private final BigInteger limit;
  private final Pattern accepted;

  ScruId(String type, int size, int digits, int radix, boolean upperCase, BigInteger limit) {
    this.type = type;
    this.size = size;
    this.digits = digits;
    this.radix = radix;
    this.upperCase = upperCase;
    this.limit = limit;
    char last = Character.forDigit(radix - 1, radix);
    this.accepted =
        Pattern.compile(
            "[0-9a-" + last + "A-" + Character.toUpperCase(last) + "]{" + digits + "}");
  }

  /**
   * Sets the value from its text form, in either case; {@code null} is SQL NULL.
   *
   * @throws SQLDataException with SQLSTATE 22P02, as the server, for text it would refuse
   */
  @Override
  public void setValue(String text) throws SQLException {
    value = text == null ? null : canonical(text);
  }

  /** The server's text form of {@code text}, or an exception with SQLSTATE 22P02. */
  String canonical(String text) throws SQLException {
    if (accepted.matcher(text).matches()) {
      BigInteger n = new BigInteger(text, radix);
      if (n.compareTo(limit) < 0) {
        return format(n);
      }
    }
    throw new SQLDataException(
        "invalid input syntax for type " + type + ": \"" + text + "\"", INVALID_TEXT_REPRESENTATION);
  }

  String format(BigInteger n) {
    String s = n.toString(radix);
    if (upperCase) {
      s = s.toUpperCase(java.util.Locale.ROOT);
    }
    return "0".repeat(digits - s.length()) + s;
  }

  /** The binary form: {@link #lengthInBytes()} big-endian bytes, or null for SQL NULL. */
  public byte[] toBytes() {
    if (value == null) {
      return null;
    }
    byte[] out = new byte[size];
    toBytes(out, 0);
    return out;
  }

  @Override
  public void setByteValue(byte[] bytes, int offset) {
    value = format(new BigInteger(1, Arrays.copyOfRange(bytes, offset, offset + size)));
  }

  @Override
  public int lengthInBytes() {
    return value == null ? 0 : size;
  }

  /** The number the canonical text {@code value} stands for. */
  BigInteger number() {
    return new BigInteger(value, radix);
  }

  @Override
  public void toBytes(byte[] bytes, int offset) {
    byte[] magnitude = number().toByteArray();
    // toByteArray() has a sign byte when the top bit is set, and no leading zeros
    int skip = Math.max(0, magnitude.length - size);
    int pad = size - (magnitude.length - skip);
    Arrays.fill(bytes, offset, offset + pad, (byte) 0);
    System.arraycopy(magnitude, skip, bytes, offset + pad, magnitude.length - skip);
  }

  /**
   * The server's order: the canonical texts have one length and digits whose character codes
   * rise with their values, so they sort as the bytes do. SQL NULL sorts last, as in an index.
   */
  @Override
  public int compareTo(ScruId other) {
    if (value == null || other.value == null) {
      return value == null ? (other.value == null ? 0 : 1) : -1;
    }
    return value.compareTo(other.value);
  }

  @Override
  public ScruId clone() throws CloneNotSupportedException {
    return (ScruId) super.clone();
  }
}
