package io.github.scru128.pg;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;
import org.postgresql.util.PGBinaryObject;
import org.postgresql.util.PGobject;

/**
 * The pgjdbc adapter against a live server: every type as a value, a parameter, an array element
 * and NULL, in the text and the binary format, and through COPY (CopyManager), against the
 * server's own {@code ::text}; a bad value gives the server's 22P02; and what the 1.3 assignment
 * casts do and do not do for {@code setString}. The server is the one of PGHOST, PGPORT, PGUSER
 * and PGDATABASE; the tests use a database of their own. Prints one line, "client pgjdbc: N
 * passed, N failed", on standard output; the test log goes to standard error.
 */
public final class ClientTest {
  private static final String DATABASE = "clients_java";
  private static int passed;
  private static int failed;

  interface Check {
    void run() throws Exception;
  }

  interface FromBytes {
    PGobject apply(byte[] bytes) throws SQLException;
  }

  /**
   * A type under test: a value class, SQL making new values of the type on the server, a text the
   * server refuses, and another spelling of a value's text that reads as the same value.
   */
  record Type(
      String name,
      Supplier<PGobject> empty,
      FromBytes fromBytes,
      String generate,
      String bad,
      UnaryOperator<String> otherSpelling) {
    PGobject parse(String text) throws SQLException {
      PGobject id = empty.get();
      id.setValue(text);
      return id;
    }
  }

  // scru64() needs a node ID set for the whole server: random integers instead; typeid text has
  // one spelling (lower case) only
  static final Type[] TYPES = {
    new Type("scru128", Scru128::new, Scru128::fromBytes, "scru128()", "036Z951MHJIKZIK2GSL81GR7",
        String::toUpperCase),
    new Type("scru160", Scru160::new, Scru160::fromBytes, "scru160()", "0000000000000000000000000000000W",
        String::toUpperCase),
    new Type("scru64", Scru64::new, Scru64::fromBytes, "(random() * 4.7e18)::bigint::scru64", "zzzzzzzzzzzzz",
        String::toUpperCase),
    new Type("ulid", Ulid::new, Ulid::fromBytes, "ulid()", "01ARYZ6S41TSV4RRFFQ69G5FAU",
        s -> s.toLowerCase().replace('1', 'l').replace('0', 'O')),
    new Type("typeid", TypeId::new, TypeId::fromBytes,
        "typeid_generate((ARRAY['user', '', 'pre_fix'])[1 + floor(random() * 3)::int])",
        "user_01H455VB4PEX5VSKNK084SN02Q", s -> s),
  };

  public static void main(String[] args) throws Exception {
    String base;
    try (UnixSocketBridge bridge = UnixSocketBridge.forEnvironment()) {
      base = "jdbc:postgresql://" + bridge.hostAndPort() + "/";
      String user = Objects.requireNonNullElse(System.getenv("PGUSER"), System.getProperty("user.name"));
      String admin = Objects.requireNonNullElse(System.getenv("PGDATABASE"), user);
      try (Connection c = DriverManager.getConnection(base + admin + "?user=" + user);
          Statement s = c.createStatement()) {
        s.execute("DROP DATABASE IF EXISTS " + DATABASE);
        s.execute("CREATE DATABASE " + DATABASE);
      }
      String url = base + DATABASE + "?user=" + user;
      try (Connection text = DriverManager.getConnection(url + "&prepareThreshold=0");
          Connection binary = DriverManager.getConnection(url + "&prepareThreshold=-1");
          Connection unspecified = DriverManager.getConnection(url + "&stringtype=unspecified")) {
        try (Statement s = text.createStatement()) {
          s.execute("CREATE EXTENSION IF NOT EXISTS scru128");
        }
        for (Connection c : List.of(text, binary, unspecified)) {
          Scru128Types.register(c);
        }
        run(text, binary, unspecified);
        checkBinaryUsed(url);
        UlidTypeIdChecks.run(text, binary, url, base + admin + "?user=" + user);
      }
    } catch (Exception e) {
      e.printStackTrace();
      failed++;
    }
    System.out.println("client pgjdbc: " + passed + " passed, " + failed + " failed");
    System.exit(failed == 0 ? 0 : 1);
  }

  static void check(String name, Check check) {
    try {
      check.run();
      passed++;
      System.err.println("ok - " + name);
    } catch (Throwable e) {
      failed++;
      System.err.println("not ok - " + name + ": " + e);
      e.printStackTrace();
    }
  }

  static void assertEquals(Object expected, Object actual, String what) {
    if (!Objects.equals(expected, actual)) {
      throw new AssertionError(what + ": expected <" + expected + "> got <" + actual + ">");
    }
  }

  static void assertTrue(boolean condition, String what) {
    if (!condition) {
      throw new AssertionError(what);
    }
  }

  static void assertSqlState(String state, Check check, String what) throws Exception {
    try {
      check.run();
    } catch (SQLException e) {
      assertEquals(state, e.getSQLState(), what + " (" + e.getMessage() + ")");
      return;
    }
    throw new AssertionError(what + ": no error, expected SQLSTATE " + state);
  }

  /** Rows of [value, its ::text] made by the server. */
  static List<Object[]> serverValues(Connection c, Type t, int n) throws SQLException {
    List<Object[]> rows = new ArrayList<>();
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT v, v::text FROM (SELECT " + t.generate + " AS v FROM generate_series(1, ?)) s")) {
      ps.setInt(1, n);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          rows.add(new Object[] {rs.getObject(1), rs.getString(2)});
        }
      }
    }
    assertEquals(n, rows.size(), "rows");
    return rows;
  }

  static List<String> serverTexts(Connection c, Type t, int n) throws SQLException {
    List<String> texts = new ArrayList<>();
    for (Object[] row : serverValues(c, t, n)) {
      texts.add((String) row[1]);
    }
    return texts;
  }

  static void run(Connection text, Connection binary, Connection unspecified) throws Exception {
    for (Type t : TYPES) {
      int oid = typeOid(text, t.name);
      check(t.name + ": binary receive and send are on for its OID after register()", () -> {
        BaseConnection b = binary.unwrap(BaseConnection.class);
        assertTrue(b.getQueryExecutor().useBinaryForReceive(oid), "binary receive");
        assertTrue(b.getQueryExecutor().useBinaryForSend(oid), "binary send");
      });
      for (Connection c : List.of(text, binary)) {
        String format = c == text ? "text" : "binary";
        check(t.name + ": values in the " + format + " format equal the server's text", () -> {
          for (Object[] row : serverValues(c, t, 5)) {
            assertEquals(t.empty.get().getClass(), row[0].getClass(), "getObject gives the value class");
            assertEquals(row[1], ((PGobject) row[0]).getValue(), "value");
            assertEquals(t.parse((String) row[1]), row[0], "equals");
          }
        });
        check(t.name + ": setObject parameters (" + format + ") are stored and found", () -> {
          String table = "param_" + t.name + "_" + format;
          try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + table + " (id " + t.name + " PRIMARY KEY)");
          }
          List<String> texts = serverTexts(c, t, 5);
          try (PreparedStatement ins = c.prepareStatement("INSERT INTO " + table + " VALUES (?)")) {
            for (int i = 0; i < texts.size(); i++) {
              // another spelling in (upper case): the value class and the server both read it
              String in = i % 2 == 0 ? texts.get(i) : t.otherSpelling.apply(texts.get(i));
              if (i == 4) {
                ins.setObject(1, in, Types.OTHER);
              } else {
                ins.setObject(1, t.parse(in));
              }
              ins.executeUpdate();
            }
          }
          try (PreparedStatement sel =
              c.prepareStatement("SELECT id, id::text FROM " + table + " WHERE id = ?")) {
            for (String s : texts) {
              sel.setObject(1, t.parse(s));
              try (ResultSet rs = sel.executeQuery()) {
                assertTrue(rs.next(), "found " + s);
                assertEquals(s, rs.getString(2), "text");
                assertEquals(t.parse(s), rs.getObject(1), "value");
                assertTrue(!rs.next(), "one row");
              }
            }
          }
        });
        check(t.name + ": arrays (" + format + ") in results and as parameters", () -> {
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT a, a::text[] FROM (SELECT ARRAY[" + t.generate + ", NULL, "
                          + t.generate + "] AS a) s")) {
            assertTrue(rs.next(), "row");
            Object[] values = (Object[]) rs.getArray(1).getArray();
            String[] texts = (String[]) rs.getArray(2).getArray();
            assertEquals(3, values.length, "length");
            assertEquals(null, values[1], "NULL element");
            for (int i = 0; i < 3; i += 2) {
              assertEquals(t.empty.get().getClass(), values[i].getClass(), "element class");
              assertEquals(texts[i], ((PGobject) values[i]).getValue(), "element");
            }
          }
          List<String> texts = serverTexts(c, t, 3);
          Object[] elements = {t.parse(texts.get(0)), null, t.parse(texts.get(1)), t.parse(texts.get(2))};
          Array param = c.createArrayOf(t.name, elements);
          try (PreparedStatement ps =
              c.prepareStatement("SELECT ?::text[], ? = ANY (?), cardinality(?)")) {
            ps.setArray(1, param);
            ps.setObject(2, t.parse(texts.get(2)));
            ps.setArray(3, param);
            ps.setArray(4, param);
            try (ResultSet rs = ps.executeQuery()) {
              assertTrue(rs.next(), "row");
              assertEquals(
                  Arrays.asList(texts.get(0), null, texts.get(1), texts.get(2)),
                  Arrays.asList((String[]) rs.getArray(1).getArray()),
                  "array parameter");
              assertEquals(true, rs.getBoolean(2), "= ANY");
              assertEquals(4, rs.getInt(3), "cardinality");
            }
          }
        });
        check(t.name + ": NULL (" + format + ") as a value and as a parameter", () -> {
          try (PreparedStatement ps =
              c.prepareStatement("SELECT NULL::" + t.name + ", ?::" + t.name + ", ? IS NULL")) {
            ps.setNull(1, Types.OTHER);
            ps.setObject(2, t.empty.get());
            try (ResultSet rs = ps.executeQuery()) {
              assertTrue(rs.next(), "row");
              assertEquals(null, rs.getObject(1), "NULL value");
              assertEquals(null, rs.getObject(2), "NULL parameter");
              assertEquals(true, rs.getBoolean(3), "a value class holding NULL is NULL");
            }
          }
        });
        check(t.name + ": a bad string (" + format + ") fails with the server's 22P02", () -> {
          try (PreparedStatement ps = c.prepareStatement("SELECT ?::" + t.name)) {
            ps.setObject(1, t.bad, Types.OTHER);
            assertSqlState("22P02", ps::executeQuery, "server");
          }
          try (PreparedStatement ps = c.prepareStatement("SELECT ?::" + t.name + "[]")) {
            ps.setArray(1, c.createArrayOf("text", new Object[] {t.bad}));
            assertSqlState("22P02", ps::executeQuery, "server, array");
          }
          assertSqlState("22P02", () -> t.parse(t.bad), "value class");
        });
      }
      check(t.name + ": COPY both ways (CopyManager), text and binary", () -> {
        CopyManager copy = text.unwrap(PGConnection.class).getCopyAPI();
        try (Statement s = text.createStatement()) {
          s.execute("CREATE TABLE copy_" + t.name + " (n int, id " + t.name + ")");
        }
        List<String> texts = serverTexts(text, t, 100);
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < texts.size(); i++) {
          in.append(i).append('\t').append(i % 10 == 3 ? "\\N" : texts.get(i)).append('\n');
        }
        long rows =
            copy.copyIn(
                "COPY copy_" + t.name + " FROM STDIN",
                new ByteArrayInputStream(in.toString().getBytes(StandardCharsets.UTF_8)));
        assertEquals(100L, rows, "rows in");
        try (Statement s = text.createStatement();
            ResultSet rs = s.executeQuery("SELECT id::text FROM copy_" + t.name + " ORDER BY n")) {
          for (int i = 0; i < 100; i++) {
            assertTrue(rs.next(), "row " + i);
            assertEquals(i % 10 == 3 ? null : texts.get(i), rs.getString(1), "row " + i);
          }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        copy.copyOut("COPY (SELECT n, id FROM copy_" + t.name + " ORDER BY n) TO STDOUT", out);
        assertEquals(in.toString(), out.toString(StandardCharsets.UTF_8), "text COPY out");
        out.reset();
        copy.copyOut(
            "COPY (SELECT id, id::text FROM copy_" + t.name + " ORDER BY n) TO STDOUT WITH (FORMAT binary)",
            out);
        int n = 0;
        for (byte[][] row : binaryCopyRows(out.toByteArray())) {
          if (row[0] == null) {
            assertEquals(null, row[1], "NULL");
          } else {
            PGobject id = t.empty.get();
            ((PGBinaryObject) id).setByteValue(row[0], 0);
            assertEquals(new String(row[1], StandardCharsets.UTF_8), id.getValue(), "binary COPY row " + n);
            assertTrue(Arrays.equals(row[0], bytesOf(id)), "bytes back");
            assertEquals(id, t.fromBytes.apply(row[0]), "fromBytes");
          }
          n++;
        }
        assertEquals(100, n, "binary COPY rows");
      });
      check(t.name + ": setString INSERT works through the 1.3 cast; WHERE needs stringtype=unspecified", () -> {
        try (Statement s = text.createStatement()) {
          s.execute("CREATE TABLE strings_" + t.name + " (id " + t.name + ")");
        }
        String value = serverTexts(text, t, 1).get(0);
        try (PreparedStatement ps = text.prepareStatement("INSERT INTO strings_" + t.name + " VALUES (?)")) {
          ps.setString(1, value);
          ps.executeUpdate();
        }
        try (PreparedStatement ps =
            text.prepareStatement("SELECT count(*) FROM strings_" + t.name + " WHERE id = ?")) {
          ps.setString(1, value);
          assertSqlState("42883", ps::executeQuery, "scru = varchar has no operator");
        }
        try (PreparedStatement ps =
            unspecified.prepareStatement("SELECT count(*) FROM strings_" + t.name + " WHERE id = ?")) {
          ps.setString(1, value);
          try (ResultSet rs = ps.executeQuery()) {
            assertTrue(rs.next(), "row");
            assertEquals(1, rs.getInt(1), "found with stringtype=unspecified");
          }
        }
        try (PreparedStatement ps = text.prepareStatement("INSERT INTO strings_" + t.name + " VALUES (?)")) {
          ps.setString(1, t.bad);
          assertSqlState("22P02", ps::executeUpdate, "bad string through the cast");
        }
      });
    }
    check("scru64: toLong() is the server's scru64::bigint", () -> {
      try (Statement s = text.createStatement();
          ResultSet rs = s.executeQuery("SELECT v, v::bigint FROM (SELECT 'zzzzzzzzzzzz'::scru64 AS v "
              + "UNION ALL SELECT '000000000001'::scru64) s")) {
        while (rs.next()) {
          assertEquals(rs.getLong(2), ((Scru64) rs.getObject(1)).toLong(), "bigint");
        }
      }
    });
    check("scru160: 40 hex digits in, the server's text out", () -> {
      String hex = "0123456789abcdef0123456789ABCDEF01234567";
      try (PreparedStatement ps = text.prepareStatement("SELECT ?::scru160::text")) {
        ps.setObject(1, hex, Types.OTHER);
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next(), "row");
          assertEquals(rs.getString(1), new Scru160(hex).getValue(), "hex");
        }
      }
    });
    check("scru128: compareTo orders as the server", () -> {
      try (Statement s = text.createStatement();
          ResultSet rs = s.executeQuery("SELECT v FROM (SELECT gen_random_uuid()::scru128 AS v"
              + " FROM generate_series(1, 200) UNION SELECT 'f5lxx1zz5pnorynqglhzmsp33'"
              + " UNION SELECT '0000000000000000000000000') s ORDER BY v")) {
        ScruId previous = null;
        int n = 0;
        while (rs.next()) {
          ScruId v = (ScruId) rs.getObject(1);
          assertTrue(previous == null || previous.compareTo(v) < 0, previous + " < " + v);
          previous = v;
          n++;
        }
        assertEquals(202, n, "rows");
        assertEquals(new Scru128("F5LXX1ZZ5PNORYNQGLHZMSP33"), previous, "the largest scru128 last");
      }
    });
  }

  /** A Scru128 that counts the binary conversions pgjdbc asks of it. */
  public static final class CountingScru128 extends Scru128 {
    private static final long serialVersionUID = 1L;
    static int received;
    static int sent;

    @Override
    public void setByteValue(byte[] bytes, int offset) {
      received++;
      super.setByteValue(bytes, offset);
    }

    @Override
    public void toBytes(byte[] bytes, int offset) {
      sent++;
      super.toBytes(bytes, offset);
    }
  }

  /**
   * Results come in the binary format (through setByteValue) with prepareThreshold=-1 and in text
   * with 0 (never server-prepared); parameters go in binary (through toBytes) either way.
   */
  static void checkBinaryUsed(String url) {
    for (int threshold : new int[] {-1, 0}) {
      check("scru128: prepareThreshold=" + threshold + " receives in "
          + (threshold < 0 ? "binary" : "text") + ", sends in binary", () -> {
        try (Connection c = DriverManager.getConnection(url + "&prepareThreshold=" + threshold)) {
          c.unwrap(PGConnection.class).addDataType("scru128", CountingScru128.class);
          CountingScru128.received = CountingScru128.sent = 0;
          CountingScru128 param = new CountingScru128();
          param.setValue("036z951mhjikzik2gsl81gr7l");
          try (PreparedStatement ps =
              c.prepareStatement("SELECT ?::scru128::text, v FROM (SELECT scru128() AS v"
                  + " FROM generate_series(1, 10)) s")) {
            ps.setObject(1, param);
            try (ResultSet rs = ps.executeQuery()) {
              int n = 0;
              while (rs.next()) {
                assertEquals("036z951mhjikzik2gsl81gr7l", rs.getString(1), "parameter");
                assertEquals(CountingScru128.class, rs.getObject(2).getClass(), "class");
                n++;
              }
              assertEquals(10, n, "rows");
            }
          }
          assertEquals(threshold < 0 ? 10 : 0, CountingScru128.received, "setByteValue calls");
          assertEquals(1, CountingScru128.sent, "toBytes calls");
        }
      });
    }
  }

  /** The binary form of a value class's value. */
  static byte[] bytesOf(PGobject id) {
    PGBinaryObject b = (PGBinaryObject) id;
    byte[] out = new byte[b.lengthInBytes()];
    b.toBytes(out, 0);
    return out;
  }

  static int typeOid(Connection c, String name) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT to_regtype(?)::oid::int")) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  /** The rows of a binary COPY stream, each field's bytes or null. */
  static List<byte[][]> binaryCopyRows(byte[] data) throws Exception {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
    byte[] signature = new byte[11];
    in.readFully(signature);
    assertEquals("PGCOPY\n\377\r\n\0", new String(signature, StandardCharsets.ISO_8859_1), "signature");
    in.readInt();
    in.skipBytes(in.readInt());
    List<byte[][]> rows = new ArrayList<>();
    for (int fields = in.readShort(); fields != -1; fields = in.readShort()) {
      byte[][] row = new byte[fields][];
      for (int f = 0; f < fields; f++) {
        int len = in.readInt();
        if (len >= 0) {
          row[f] = new byte[len];
          in.readFully(row[f]);
        }
      }
      rows.add(row);
    }
    return rows;
  }
}
