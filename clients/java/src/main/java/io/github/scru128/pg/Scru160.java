package io.github.scru128.pg;

import java.math.BigInteger;
import java.sql.SQLException;

/**
 * A value of the server's {@code scru160} type: 20 bytes, shown as 32 uppercase base32hex digits
 * (the server also reads 40 hex digits, and so does {@link #setValue}).
 */
public class Scru160 extends ScruId {
  private static final long serialVersionUID = 1L;

  /** SQL NULL; pgjdbc creates values through this constructor. */
  public Scru160() {
    super("scru160", 20, 32, 32, true, BigInteger.ONE.shiftLeft(160));
  }

  /**
   * A value from its text form, in either case.
   *
   * @throws SQLException with SQLSTATE 22P02 for text the server would refuse
   */
  public Scru160(String text) throws SQLException {
    this();
    setValue(text);
  }

  @Override
  String canonical(String text) throws SQLException {
    if (text.length() == 40 && text.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
      return format(new BigInteger(text, 16));
    }
    return super.canonical(text);
  }

  /** A value from its 20 big-endian bytes. */
  public static Scru160 fromBytes(byte[] bytes) {
    Scru160 id = new Scru160();
    id.setByteValue(bytes, 0);
    return id;
  }
}
