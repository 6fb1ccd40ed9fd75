package io.github.scru128.pg;

import java.math.BigInteger;
import java.sql.SQLException;

/**
 * A value of the server's {@code scru64} type: an integer below 36^12, sent as 8 big-endian bytes
 * (a bigint) and shown as 12 lowercase Base36 digits.
 */
public class Scru64 extends ScruId {
  private static final long serialVersionUID = 1L;

  /** SQL NULL; pgjdbc creates values through this constructor. */
  public Scru64() {
    super("scru64", 8, 12, 36, false, BigInteger.valueOf(36).pow(12));
  }

  /**
   * A value from its text form, in either case.
   *
   * @throws SQLException with SQLSTATE 22P02 for text the server would refuse
   */
  public Scru64(String text) throws SQLException {
    this();
    setValue(text);
  }

  /** A value from its 8 big-endian bytes. */
  public static Scru64 fromBytes(byte[] bytes) {
    Scru64 id = new Scru64();
    id.setByteValue(bytes, 0);
    return id;
  }

  /** The value as the server's {@code scru64::bigint}. */
  public long toLong() {
    return Long.parseLong(getValue(), 36);
  }
}
