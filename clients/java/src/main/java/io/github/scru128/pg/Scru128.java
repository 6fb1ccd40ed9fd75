package io.github.scru128.pg;

import java.math.BigInteger;
import java.sql.SQLException;

/**
 * A value of the server's {@code scru128} type: 16 bytes, shown as 25 lowercase Base36 digits.
 * Registered with {@link Scru128Types#register}, it is what {@code getObject} returns for the type
 * and what {@code setObject} sends as it, in the text or the binary format.
 */
public class Scru128 extends ScruId {
  private static final long serialVersionUID = 1L;

  /** SQL NULL; pgjdbc creates values through this constructor. */
  public Scru128() {
    super("scru128", 16, 25, 36, false, BigInteger.ONE.shiftLeft(128));
  }

  /**
   * A value from its text form, in either case.
   *
   * @throws SQLException with SQLSTATE 22P02 for text the server would refuse
   */
  public Scru128(String text) throws SQLException {
    this();
    setValue(text);
  }

  /** A value from its 16 big-endian bytes. */
  public static Scru128 fromBytes(byte[] bytes) {
    Scru128 id = new Scru128();
    id.setByteValue(bytes, 0);
    return id;
  }
}
