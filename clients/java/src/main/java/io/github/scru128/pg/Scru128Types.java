package io.github.scru128.pg;

import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;

/** Registers the value classes of the scru128 extension's types on a pgjdbc connection. */
public final class Scru128Types {
  private Scru128Types() {}

  /**
   * Makes {@code getObject} return {@link Scru128}, {@link Scru160}, {@link Scru64}, {@link Ulid}
   * (release 1.4) and {@link TypeId} (release 1.5) for the types (and their elements in {@code
   * getArray}), and {@code setObject} send them as the types. pgjdbc looks each type's OID up in
   * the connection's database (through its search_path) and, the classes being {@link
   * org.postgresql.util.PGBinaryObject}s, sends and receives them in the binary format when a
   * statement is server-prepared (after {@code prepareThreshold} executions; {@code
   * prepareThreshold=-1} from the first). A type the extension's version lacks (ulid before 1.4,
   * typeid before 1.5) is no error: pgjdbc finds no OID for its name and nothing is registered.
   *
   * @param connection a pgjdbc connection, or a pool's wrapper of one
   */
  public static void register(Connection connection) throws SQLException {
    PGConnection pg = connection.unwrap(PGConnection.class);
    pg.addDataType("scru128", Scru128.class);
    pg.addDataType("scru160", Scru160.class);
    pg.addDataType("scru64", Scru64.class);
    pg.addDataType("ulid", Ulid.class);
    pg.addDataType("typeid", TypeId.class);
  }
}
