package io.github.scru128.pg;

import static io.github.scru128.pg.ClientTest.assertEquals;
import static io.github.scru128.pg.ClientTest.assertSqlState;
import static io.github.scru128.pg.ClientTest.assertTrue;
import static io.github.scru128.pg.ClientTest.check;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * What {@link ClientTest} does not cover for {@link Ulid} and {@link TypeId}: the test vectors of
 * test/vectors (the TypeID spec's valid.yml and invalid.yml, read from the repository; the folder
 * is SCRU128_VECTORS, or found from clients/java), the spec's cases through the server, the
 * binary form's checks, a domain of one prefix, the order and the time, binary receive, and
 * register() on a database whose extension predates the two types.
 */
final class UlidTypeIdChecks {
  private UlidTypeIdChecks() {}

  static Path vectors(String name) {
    String dir = Objects.requireNonNullElse(System.getenv("SCRU128_VECTORS"), "../../test/vectors");
    Path path = Path.of(dir, name);
    if (!Files.isRegularFile(path)) {
      throw new AssertionError("test vectors not found (set SCRU128_VECTORS): " + path.toAbsolutePath());
    }
    return path;
  }

  /**
   * The cases of one of the spec's YAML files, in the subset they use: "- name:" starts a case,
   * {@code key: "value"} lines follow, "#" lines are comments.
   */
  static List<Map<String, String>> yamlCases(String name) throws IOException {
    List<Map<String, String>> cases = new ArrayList<>();
    int n = 0;
    for (String line : Files.readAllLines(vectors(name), StandardCharsets.UTF_8)) {
      n++;
      String s = line.strip();
      if (s.isEmpty() || s.startsWith("#")) {
        continue;
      }
      if (s.startsWith("- ")) {
        cases.add(new HashMap<>());
        s = s.substring(2);
      }
      int colon = s.indexOf(": ");
      if (colon < 0 || cases.isEmpty()) {
        throw new AssertionError(name + ":" + n + ": not a line of the expected form: " + line);
      }
      String value = s.substring(colon + 2);
      if (value.startsWith("\"")) {
        String inner = value.length() >= 2 && value.endsWith("\"") ? value.substring(1, value.length() - 1) : null;
        if (inner == null || inner.contains("\"") || inner.contains("\\")) {
          throw new AssertionError(name + ":" + n + ": unexpected quoting: " + line);
        }
        value = inner;
      }
      cases.get(cases.size() - 1).put(s.substring(0, colon), value);
    }
    assertTrue(!cases.isEmpty(), name + " has cases");
    return cases;
  }

  /** The rows of a TSV file of test/vectors: "#" lines are comments, the first names the columns. */
  static List<Map<String, String>> tsv(String name) throws IOException {
    List<Map<String, String>> rows = new ArrayList<>();
    String[] header = null;
    for (String line : Files.readAllLines(vectors(name), StandardCharsets.UTF_8)) {
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] fields = line.split("\t", -1);
      if (header == null) {
        header = fields;
        continue;
      }
      Map<String, String> row = new HashMap<>();
      for (int i = 0; i < header.length && i < fields.length; i++) {
        row.put(header[i], fields[i]);
      }
      rows.add(row);
    }
    assertTrue(!rows.isEmpty(), name + " has rows");
    return rows;
  }

  /** \xHH is the byte HH (as the char of that code), every other character itself. */
  static String unescape(String s) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      if (s.startsWith("\\x", i) && i + 3 < s.length()) {
        out.append((char) Integer.parseInt(s.substring(i + 2, i + 4), 16));
        i += 3;
      } else {
        out.append(s.charAt(i));
      }
    }
    return out.toString();
  }

  static byte[] uuidBytes(UUID u) {
    return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array();
  }

  /** What the class's message must say for an error of invalid_errors.tsv. */
  static String expectedProblem(String error) {
    String[] parts = error.split(" ");
    switch (parts[0]) {
      case "empty":
        return "the text is empty";
      case "separator":
        return "no prefix before it";
      case "prefix_length":
        return "more than 63 characters";
      case "prefix_char":
        return "character " + parts[1] + " of the prefix";
      case "prefix_leading_underscore":
        return "begins with an underscore";
      case "prefix_trailing_underscore":
        return "ends with an underscore";
      case "suffix_length":
        return "not 26";
      case "suffix_char":
        return "character " + parts[1] + " is not a digit";
      case "suffix_overflow":
        return "above 7";
      default:
        throw new AssertionError("unknown error " + error);
    }
  }

  static void run(Connection text, Connection binary, String url, String adminUrl) {
    check("typeid: valid.yml through the class, text and binary both ways", () -> {
      List<Map<String, String>> cases = yamlCases("typeid/valid.yml");
      for (Map<String, String> c : cases) {
        String s = c.get("typeid");
        TypeId id = new TypeId(s);
        UUID uuid = UUID.fromString(c.get("uuid"));
        assertEquals(c.get("prefix"), id.getPrefix(), c.get("name") + ": prefix");
        assertEquals(uuid, id.getUuid(), c.get("name") + ": uuid");
        TypeId made = TypeId.of(c.get("prefix"), uuid);
        assertEquals(s, made.getValue(), c.get("name") + ": encoded");
        assertEquals(id, made, c.get("name") + ": equals");
        assertEquals(0, id.compareTo(made), c.get("name") + ": compareTo");
        byte[] expected = ByteBuffer.allocate(16 + c.get("prefix").length()).put(uuidBytes(uuid))
            .put(c.get("prefix").getBytes(StandardCharsets.US_ASCII)).array();
        assertTrue(Arrays.equals(expected, id.toBytes()), c.get("name") + ": binary form");
        assertEquals(id, TypeId.fromBytes(expected), c.get("name") + ": from the binary form");
        // pgjdbc may hand over a larger array with an offset
        byte[] shifted = new byte[expected.length + 3];
        System.arraycopy(expected, 0, shifted, 3, expected.length);
        TypeId fromShifted = new TypeId();
        fromShifted.setByteValue(shifted, 3);
        assertEquals(id, fromShifted, c.get("name") + ": from an offset");
      }
      assertEquals(9, cases.size(), "valid.yml cases");
    });
    check("typeid: invalid.yml refused by the class (22P02, the server's rule for each)", () -> {
      Map<String, String> errors = new HashMap<>();
      for (Map<String, String> row : tsv("typeid/invalid_errors.tsv")) {
        errors.put(row.get("name"), row.get("error"));
      }
      List<Map<String, String>> cases = yamlCases("typeid/invalid.yml");
      for (Map<String, String> c : cases) {
        String want = expectedProblem(Objects.requireNonNull(errors.get(c.get("name")), c.get("name")));
        try {
          new TypeId(c.get("typeid"));
          throw new AssertionError(c.get("name") + ": accepted " + c.get("typeid"));
        } catch (SQLException e) {
          assertEquals("22P02", e.getSQLState(), c.get("name"));
          assertTrue(e.getMessage().contains(want), c.get("name") + ": " + e.getMessage() + " lacks " + want);
        }
      }
      assertEquals(21, cases.size(), "invalid.yml cases");
      assertEquals(21, errors.size(), "invalid_errors.tsv rows");
    });
    for (Connection c : List.of(text, binary)) {
      String format = c == text ? "text" : "binary";
      check("typeid: the spec's cases through the server (" + format + ")", () -> {
        try (PreparedStatement ps = c.prepareStatement(
            "SELECT ?::typeid, typeid_prefix(?::typeid), typeid_uuid(?::typeid), ?::typeid::text")) {
          for (Map<String, String> v : yamlCases("typeid/valid.yml")) {
            TypeId id = new TypeId(v.get("typeid"));
            for (int i = 1; i <= 3; i++) {
              ps.setObject(i, id);
            }
            ps.setObject(4, v.get("typeid"), Types.OTHER);
            try (ResultSet rs = ps.executeQuery()) {
              assertTrue(rs.next(), "row");
              assertEquals(id, rs.getObject(1), v.get("name") + ": value");
              assertEquals(v.get("prefix"), rs.getString(2), v.get("name") + ": typeid_prefix");
              assertEquals(UUID.fromString(v.get("uuid")), rs.getObject(3), v.get("name") + ": typeid_uuid");
              assertEquals(v.get("typeid"), rs.getString(4), v.get("name") + ": text");
            }
          }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT ?::typeid")) {
          for (Map<String, String> v : yamlCases("typeid/invalid.yml")) {
            ps.setObject(1, v.get("typeid"), Types.OTHER);
            assertSqlState("22P02", ps::executeQuery, v.get("name") + " on the server");
          }
        }
      });
    }
    check("typeid: the binary form is checked as typeid_recv checks it (22P03)", () -> {
      byte[] uuid = new byte[16];
      for (String bad : List.of("USER", "user_", "_user", "us3r", "a".repeat(64), "caf\u00e9")) {
        byte[] p = bad.getBytes(StandardCharsets.UTF_8);
        byte[] b = Arrays.copyOf(uuid, 16 + p.length);
        System.arraycopy(p, 0, b, 16, p.length);
        assertSqlState("22P03", () -> TypeId.fromBytes(b), "prefix " + bad);
      }
      assertSqlState("22P03", () -> TypeId.fromBytes(new byte[15]), "15 bytes");
      byte[] longest = Arrays.copyOf(uuid, 16 + 63);
      Arrays.fill(longest, 16, longest.length, (byte) 'a');
      assertEquals("a".repeat(63), TypeId.fromBytes(longest).getPrefix(), "a 63-byte prefix");
      for (String bad : List.of("User", "a_", "_a", "a1", "a".repeat(64))) {
        assertSqlState("22023", () -> TypeId.of(bad, new UUID(0, 0)), "of(" + bad + ")");
      }
    });
    for (Connection c : List.of(text, binary)) {
      String format = c == text ? "text" : "binary";
      check("typeid: a domain of one prefix (" + format + "): stored, NULL, the other prefix's 23514", () -> {
        String domain = "user_id_" + format;
        String table = "users_" + format;
        try (Statement s = c.createStatement()) {
          s.execute("CREATE DOMAIN " + domain + " AS typeid CHECK (typeid_check_prefix(VALUE, 'user'))");
          s.execute("CREATE TABLE " + table + " (n int, id " + domain + ")");
        }
        TypeId good;
        try (Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("SELECT typeid_generate('user')")) {
          assertTrue(rs.next(), "row");
          good = (TypeId) rs.getObject(1);
        }
        TypeId other = TypeId.of("post", good.getUuid());
        try (PreparedStatement ins = c.prepareStatement("INSERT INTO " + table + " VALUES (?, ?)")) {
          ins.setInt(1, 1);
          ins.setObject(2, good);
          ins.executeUpdate();
          ins.setInt(1, 2);
          ins.setObject(2, good.getValue(), Types.OTHER);
          ins.executeUpdate();
          ins.setInt(1, 3);
          ins.setNull(2, Types.OTHER);
          ins.executeUpdate();
          String message = "TypeID \"" + other + "\" has the prefix \"post\", not \"user\"";
          ins.setInt(1, 4);
          ins.setObject(2, other);
          assertSqlState("23514", ins::executeUpdate, "the other prefix, value class");
          ins.setObject(2, other.getValue(), Types.OTHER);
          try {
            ins.executeUpdate();
            throw new AssertionError("the other prefix stored");
          } catch (SQLException e) {
            assertEquals("23514", e.getSQLState(), "the other prefix, text");
            assertTrue(e.getMessage().contains(message), e.getMessage() + " names both prefixes");
          }
        }
        CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
        assertSqlState("23514", () -> copy.copyIn("COPY " + table + " FROM STDIN",
            new ByteArrayInputStream(("5\t" + other + "\n").getBytes(StandardCharsets.UTF_8))), "COPY");
        try (PreparedStatement ps = c.prepareStatement("SELECT n, id FROM " + table + " ORDER BY n");
            ResultSet rs = ps.executeQuery()) {
          for (int n = 1; n <= 3; n++) {
            assertTrue(rs.next(), "row " + n);
            assertEquals(n, rs.getInt(1), "n");
            assertEquals(n == 3 ? null : good, rs.getObject(2), "row " + n);
          }
          assertTrue(!rs.next(), "3 rows");
        }
      });
    }
    check("ulid: the vectors of test/vectors through the class", () -> {
      for (Map<String, String> row : tsv("ulid_vectors.tsv")) {
        Ulid id = new Ulid(row.get("ulid"));
        assertEquals(row.get("ulid"), id.getValue(), "canonical");
        assertEquals(UUID.fromString(row.get("uuid")), id.toUuid(), row.get("ulid") + ": uuid");
        assertEquals(Long.parseLong(row.get("timestamp_ms")), id.getTimestampMs(), row.get("ulid") + ": time");
        assertEquals(id, Ulid.fromUuid(id.toUuid()), "fromUuid");
        assertTrue(Arrays.equals(uuidBytes(id.toUuid()), id.toBytes()), "bytes");
      }
      for (Map<String, String> row : tsv("ulid_aliases.tsv")) {
        assertEquals(row.get("canonical"), new Ulid(row.get("input")).getValue(), row.get("input"));
      }
      for (Map<String, String> row : tsv("ulid_invalid.tsv")) {
        String bad = unescape(row.get("text_escaped"));
        String[] error = row.get("error").split(" ");
        String want = error[0].equals("length") ? bad.length() + " characters"
            : error[0].equals("digit") ? "character " + error[1] + " is not" : "exceeds";
        try {
          new Ulid(bad);
          throw new AssertionError("accepted " + row.get("text_escaped"));
        } catch (SQLException e) {
          assertEquals("22P02", e.getSQLState(), row.get("text_escaped"));
          assertTrue(e.getMessage().contains(want), e.getMessage() + " lacks " + want);
        }
      }
    });
    check("ulid, typeid: compareTo orders as the server; the time is the server's", () -> {
      try (Statement s = binary.createStatement();
          ResultSet rs = s.executeQuery("SELECT id, typeid_timestamp(id) FROM ("
              + " SELECT typeid(p, u) AS id FROM unnest(ARRAY['', 'a', 'a_b', 'ab', 'b', 'user']) p,"
              + " LATERAL (SELECT gen_random_uuid() UNION ALL SELECT uuidv7()"
              + " UNION ALL SELECT '00000000-0000-0000-0000-000000000000'"
              + " UNION ALL SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'"
              + " UNION ALL SELECT '80000000-0000-7000-8000-000000000000'"
              + " UNION ALL SELECT '017f22e2-79b0-7cc3-98c4-dc0c0c07398f') s(u)"
              + ") s ORDER BY id")) {
        TypeId previous = null;
        int n = 0;
        int v7 = 0;
        while (rs.next()) {
          TypeId id = (TypeId) rs.getObject(1);
          Timestamp ts = rs.getTimestamp(2);
          assertEquals(ts == null ? null : ts.toInstant(), id.getTimestamp().orElse(null), id + ": time");
          v7 += ts == null ? 0 : 1;
          assertTrue(previous == null || previous.compareTo(id) < 0, previous + " < " + id);
          assertTrue(previous == null || previous.getValue().compareTo(id.getValue()) < 0, "text order");
          previous = id;
          n++;
        }
        assertEquals(6 * 6, n, "rows");
        assertEquals(6 * 3, v7, "UUIDv7s");
      }
      try (Statement s = binary.createStatement();
          ResultSet rs = s.executeQuery("SELECT id, ulid_timestamp_ms(id) FROM ("
              + " SELECT gen_random_uuid()::ulid FROM generate_series(1, 50)"
              + " UNION ALL SELECT ulid() UNION ALL SELECT ulid(now() - interval '1 day')) s(id) ORDER BY id")) {
        Ulid previous = null;
        int n = 0;
        while (rs.next()) {
          Ulid id = (Ulid) rs.getObject(1);
          assertEquals(rs.getLong(2), id.getTimestampMs(), id + ": time");
          assertTrue(previous == null || previous.compareTo(id) < 0, previous + " < " + id);
          previous = id;
          n++;
        }
        assertEquals(52, n, "rows");
      }
    });
    checkBinaryReceive(url);
    check("ulid, typeid: register() on a database at release 1.3, then after the update", () -> {
      String db = "clients_java_13";
      try (Connection admin = DriverManager.getConnection(adminUrl);
          Statement s = admin.createStatement()) {
        s.execute("DROP DATABASE IF EXISTS " + db);
        s.execute("CREATE DATABASE " + db);
      }
      String dbUrl = url.replace("/clients_java?", "/" + db + "?");
      try (Connection c = DriverManager.getConnection(dbUrl)) {
        try (Statement s = c.createStatement()) {
          s.execute("CREATE EXTENSION scru128 VERSION '1.3'");
        }
        Scru128Types.register(c);
        try (Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("SELECT scru128(), to_regtype('ulid'), to_regtype('typeid')")) {
          assertTrue(rs.next(), "row");
          assertEquals(Scru128.class, rs.getObject(1).getClass(), "scru128 registered");
          assertEquals(null, rs.getObject(2), "no ulid at 1.3");
          assertEquals(null, rs.getObject(3), "no typeid at 1.3");
        }
        try (Statement s = c.createStatement()) {
          s.execute("ALTER EXTENSION scru128 UPDATE");
        }
      }
      try (Connection c = DriverManager.getConnection(dbUrl + "&prepareThreshold=-1")) {
        Scru128Types.register(c);
        try (PreparedStatement ps = c.prepareStatement("SELECT ulid(), typeid_generate('user')");
            ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next(), "row");
          assertEquals(Ulid.class, rs.getObject(1).getClass(), "ulid after the update");
          assertEquals("user", ((TypeId) rs.getObject(2)).getPrefix(), "typeid after the update");
        }
      }
      try (Connection admin = DriverManager.getConnection(adminUrl);
          Statement s = admin.createStatement()) {
        s.execute("DROP DATABASE " + db);
      }
    });
  }

  /** Counts the binary conversions pgjdbc asks of the counting classes. */
  static int received;
  static int sent;

  /** An Ulid that counts its binary conversions. */
  public static final class CountingUlid extends Ulid {
    private static final long serialVersionUID = 1L;

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

  /** A TypeId that counts its binary conversions. */
  public static final class CountingTypeId extends TypeId {
    private static final long serialVersionUID = 1L;

    @Override
    public void setByteValue(byte[] bytes, int offset) throws SQLException {
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
   * As ClientTest.checkBinaryUsed for scru128: results in binary with prepareThreshold=-1, text
   * with 0; parameters in binary either way.
   */
  static void checkBinaryReceive(String url) {
    record Case(String type, Class<? extends org.postgresql.util.PGobject> counting, String param, String generate) {}
    List<Case> cases = List.of(
        new Case("ulid", CountingUlid.class, "01ARYZ6S41TSV4RRFFQ69G5FAV", "ulid()"),
        new Case("typeid", CountingTypeId.class, "user_01h455vb4pex5vsknk084sn02q",
            "typeid_generate(CASE WHEN g % 2 = 0 THEN 'user' ELSE '' END)"));
    for (Case k : cases) {
      for (int threshold : new int[] {-1, 0}) {
        check(k.type + ": prepareThreshold=" + threshold + " receives in "
            + (threshold < 0 ? "binary" : "text") + ", sends in binary", () -> {
          try (Connection c = DriverManager.getConnection(url + "&prepareThreshold=" + threshold)) {
            c.unwrap(PGConnection.class).addDataType(k.type, k.counting);
            received = sent = 0;
            org.postgresql.util.PGobject param = k.counting.getConstructor().newInstance();
            param.setValue(k.param);
            try (PreparedStatement ps = c.prepareStatement("SELECT ?::" + k.type + "::text, v FROM (SELECT "
                + k.generate + " AS v FROM generate_series(1, 10) g) s")) {
              ps.setObject(1, param);
              try (ResultSet rs = ps.executeQuery()) {
                int n = 0;
                while (rs.next()) {
                  assertEquals(k.param, rs.getString(1), "parameter");
                  assertEquals(k.counting, rs.getObject(2).getClass(), "class");
                  n++;
                }
                assertEquals(10, n, "rows");
              }
            }
            assertEquals(threshold < 0 ? 10 : 0, received, "setByteValue calls");
            assertEquals(1, sent, "toBytes calls");
          }
        });
      }
    }
  }
}
