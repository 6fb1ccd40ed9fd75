package io.github.scru128.pg;

import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;

/** Registers the value classes of the scru128 extension's types on a pgjdbc connection. */
public final class Scru128Types {
  private Scru128Types() {}

  /**
   * Makes {@code getObject} return {@link Scru128}, {@link Scru160} and {@link Scru64} for the
   * types (and their elements in {@code getArray}), and {@code setObject} send them as the types.
   * pgjdbc looks each type's OID up in the connection's database (through its search_path) and,
   * the classes being {@link org.postgresql.util.PGBinaryObject}s, sends and receives them in the
   * binary format when a statement is server-prepared (after {@code prepareThreshold} executions;
   * {@code prepareThreshold=-1} from the first).
   *
   * @param connection a pgjdbc connection, or a pool's wrapper of one
   */
  public static void register(Connection connection) throws SQLException {
    PGConnection pg = connection.unwrap(PGConnection.class);
    pg.addDataType("scru128", Scru128.class);
    pg.addDataType("scru160", Scru160.class);
    pg.addDataType("scru64", Scru64.class);
  }
}
