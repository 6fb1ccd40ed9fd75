# frozen_string_literal: true

require_relative "helper"
require "securerandom"

class TestRubyPG < Minitest::Test
  include ClientsRuby

  def setup
    ClientsRuby.setup_database
    @conn = ClientsRuby.connect
    @registry = Scru128PG.register(PG::BasicTypeRegistry.new.define_default_types)
    @conn.type_map_for_results = PG::BasicTypeMapForResults.new(@conn, registry: @registry)
    @conn.type_map_for_queries = PG::BasicTypeMapForQueries.new(@conn, registry: @registry)
  end

  def teardown
    @conn&.close
  end

  def oid(name)
    Integer(@conn.exec_params("SELECT $1::regtype::oid", [name]).getvalue(0, 0))
  end

  Scru128PG::NAMES.each do |name|
    define_method("test_#{name}_text_results_and_parameters") do
      ids = server_ids(@conn, name)
      out, err = capture_io do
        ids.each do |text|
          row = @conn.exec_params("SELECT $1::text::#{name}, $1::#{name}::text", [text]).values.first
          assert_equal [text, text], row
        end
      end
      # BasicTypeMapForResults warns about a type it has no decoder for
      assert_equal ["", ""], [out, err]
    end

    define_method("test_#{name}_binary_results_and_parameters") do
      encoder = Scru128PG::BinaryEncoder.new(name: name, oid: oid(name), format: 1)
      params = PG::TypeMapByColumn.new([encoder])
      server_ids(@conn, name).each do |text|
        # the value decoded from its bytes by the registry's binary decoder
        result = @conn.exec_params("SELECT $1::text::#{name}", [text], 1)
        assert_equal text, result.getvalue(0, 0)
        result.type_map = PG::TypeMapAllStrings.new
        assert_equal Scru128PG.bytes_from_text(name, text), result.getvalue(0, 0)
        # the value encoded to bytes, as a typed parameter
        assert_equal text, @conn.exec_params("SELECT $1::text", [text], 0, params).getvalue(0, 0)
      end
    end

    define_method("test_#{name}_arrays") do
      ids = server_ids(@conn, name)
      # decoded into a Ruby Array through the array's OID
      assert_equal ids, @conn.exec_params("SELECT $1::text[]::#{name}[]", [ids]).getvalue(0, 0)
      # a Ruby Array as a parameter
      assert_equal ids, @conn.exec_params("SELECT $1::#{name}[]::text[]", [ids]).getvalue(0, 0)
      assert_equal [[ids[0], nil]], @conn.exec_params("SELECT ARRAY[$1::text::#{name}, NULL]", [ids[0]]).values.first
    end

    define_method("test_#{name}_null") do
      row = @conn.exec_params("SELECT NULL::#{name}, $1::#{name} IS NULL, $1::#{name}", [nil]).values.first
      assert_equal [nil, true, nil], row
      assert_nil @conn.exec_params("SELECT NULL::#{name}", [], 1).getvalue(0, 0)
    end

    define_method("test_#{name}_copy_data") do
      table = "copy_#{name}"
      @conn.exec("CREATE TEMP TABLE #{table} (n int, id #{name})")
      ids = server_ids(@conn, name)
      encoder = PG::TextEncoder::CopyRow.new(
        type_map: PG::TypeMapByColumn.new([PG::TextEncoder::Integer.new, Scru128PG::TextEncoder.new(name: name)])
      )
      @conn.copy_data("COPY #{table} (n, id) FROM STDIN", encoder) do
        ids.each_with_index { |text, n| @conn.put_copy_data([n, text]) }
        @conn.put_copy_data([ids.size, nil])
      end
      stored = @conn.exec("SELECT id::text FROM #{table} ORDER BY n").column_values(0)
      assert_equal ids + [nil], stored

      decoder = PG::TextDecoder::CopyRow.new(
        type_map: PG::TypeMapByColumn.new([Scru128PG::TextDecoder.new(name: name)])
      )
      copied = []
      @conn.copy_data("COPY (SELECT id FROM #{table} ORDER BY n) TO STDOUT", decoder) do
        while (row = @conn.get_copy_data)
          copied << row.first
        end
      end
      assert_equal ids + [nil], copied
    end

    define_method("test_#{name}_invalid_value_gives_22p02") do
      INVALID.fetch(name).each do |bad|
        error = assert_raises(PG::InvalidTextRepresentation) do
          @conn.exec_params("SELECT $1::#{name}", [bad])
        end
        assert_equal "22P02", error.result.error_field(PG::PG_DIAG_SQLSTATE)
        assert_raises(ArgumentError) { Scru128PG.bytes_from_text(name, bad) }
      end
    end
  end

  def test_type_map_by_oid
    plain = ClientsRuby.connect
    %w[scru128 scru160 ulid typeid].each do |name|
      text = server_ids(plain, name).first
      plain.type_map_for_results = Scru128PG.type_map_by_oid(plain)
      assert_equal [text, [text, nil]],
        plain.exec_params("SELECT $1::text::#{name}, ARRAY[$1::text::#{name}, NULL]", [text]).values.first
      plain.type_map_for_results = Scru128PG.type_map_by_oid(plain, format: 1)
      assert_equal text, plain.exec_params("SELECT $1::text::#{name}", [text], 1).getvalue(0, 0)
    end
  ensure
    plain&.close
  end

  def test_scru160_hex_input_and_binary_codec
    bytes = (0...20).map { |i| i * 13 }.pack("C*")
    text = Scru128PG.text_from_bytes("scru160", bytes)
    assert_equal bytes, Scru128PG.bytes_from_text("scru160", bytes.unpack1("H*"))
    assert_equal text, @conn.exec_params("SELECT $1::scru160::text", [bytes.unpack1("H*")]).getvalue(0, 0)
    assert_raises(ArgumentError) { Scru128PG.text_from_bytes("scru128", "x" * 15) }
  end

  # a query with one parameter of the type: bytes as they are, in binary
  def exec_raw_binary(sql, name, bytes)
    @conn.exec_params(sql, [{ value: bytes, type: oid(name), format: 1 }], 0, PG::TypeMapAllStrings.new)
  end

  def test_scru128_binary_encoder_refuses_non_ascii_text
    # 25 bytes whose last character is the Kelvin sign, a "k" for /i
    text = "036z8puq4tsxsigk6o19y1\u212A"
    assert_raises(ArgumentError) { Scru128PG.bytes_from_text("scru128", text) }
    assert_raises(PG::InvalidTextRepresentation) { @conn.exec_params("SELECT $1::scru128", [text]) }
  end

  def test_typeid_valid_vectors
    encoder = Scru128PG::BinaryEncoder.new(name: "typeid", oid: oid("typeid"), format: 1)
    params = PG::TypeMapByColumn.new([encoder])
    typeid_vectors("valid.yml").each do |vector|
      text, prefix, uuid, label = vector.values_at("typeid", "prefix", "uuid", "name")
      id = Scru128PG::TypeId.parse(text)
      assert_equal [prefix, uuid], [id.prefix, id.uuid], label
      assert_equal text, Scru128PG::TypeId.new(prefix, uuid).to_s, label
      assert_equal text, id.to_s, label
      assert_equal id, Scru128PG::TypeId.from_binary(id.to_binary), label
      # the server reads the text, and the bytes of the binary encoder, to the same parts
      sql = "SELECT typeid_prefix($1::typeid), typeid_uuid($1::typeid)::text, $1::typeid::text"
      assert_equal [prefix, uuid, text], @conn.exec_params(sql, [text]).values.first, label
      sql = "SELECT typeid_prefix($1), typeid_uuid($1)::text, $1::text"
      assert_equal [prefix, uuid, text], @conn.exec_params(sql, [text], 0, params).values.first, label
      # the server's bytes, through the binary decoder
      assert_equal text, @conn.exec_params("SELECT typeid($1::text, $2::uuid)", [prefix, uuid], 1).getvalue(0, 0), label
    end
  end

  def test_typeid_invalid_vectors
    errors = typeid_invalid_errors
    vectors = typeid_vectors("invalid.yml")
    assert_equal errors.keys.sort, vectors.map { |vector| vector["name"] }.sort
    vectors.each do |vector|
      text, label = vector.values_at("typeid", "name")
      error = assert_raises(Scru128PG::TypeId::ParseError, label) { Scru128PG::TypeId.parse(text) }
      assert_equal errors.fetch(label), [error.reason, error.position].compact.join(" "), label
      assert_raises(ArgumentError, label) { Scru128PG.bytes_from_text("typeid", text) }
      assert_raises(PG::InvalidTextRepresentation, label) { @conn.exec_params("SELECT $1::typeid", [text]) }
    end
  end

  # every ASCII byte at a position of each part of the text: the value
  # classes accept what the server accepts, and read it to the same value
  def test_text_verdicts_agree_with_the_server_byte_by_byte
    cases = {
      "ulid" => ["01ARYZ6S41TSV4RRFFQ69G5FAV", [0, 1, 25]],
      "typeid" => ["ab_cd_01h455vb4pex5vsknk084sn02q", [0, 2, 4, 6, 7, 31]],
    }
    cases.each do |name, (valid, positions)|
      klass = Scru128PG::CLASSES.fetch(name)
      positions.product((1..127).to_a).each do |position, byte|
        text = valid.dup
        text.setbyte(position, byte)
        server = begin
          @conn.exec_params("SELECT $1::#{name}::text", [text]).getvalue(0, 0)
        rescue PG::InvalidTextRepresentation
          nil
        end
        here = begin
          klass.parse(text).to_s
        rescue ArgumentError
          nil
        end
        assert_equal server, here, "#{name} #{text.inspect}"
      end
    end
  end

  def test_binary_forms_are_checked_as_the_server_checks_them
    uuid = "\x01\x89\x0a\x5d\xac\x96\x77\x4b\xbc\xce\xb3\x02\x09\x9a\x80\x57".b
    good = { "typeid" => [uuid, "#{uuid}a_b", "#{uuid}#{'z' * 63}"], "ulid" => ["\xff".b * 16, uuid] }
    bad = {
      "typeid" => [uuid[0, 15], "#{uuid}#{'a' * 64}", "#{uuid}A", "#{uuid}_a", "#{uuid}a_", "#{uuid}a1", "#{uuid}a\0"],
      "ulid" => [uuid[0, 15], "#{uuid}\0"],
    }
    good.each do |name, values|
      values.each do |bytes|
        text = exec_raw_binary("SELECT $1::text", name, bytes).getvalue(0, 0)
        assert_equal text, Scru128PG.text_from_bytes(name, bytes)
      end
    end
    bad.each do |name, values|
      values.each do |bytes|
        assert_raises(ArgumentError, bytes.inspect) { Scru128PG.text_from_bytes(name, bytes) }
        assert_raises(PG::InvalidBinaryRepresentation, bytes.inspect) { exec_raw_binary("SELECT $1", name, bytes) }
      end
    end
  end

  def test_ulid_crockford_aliases_and_case
    canonical = "01ARYZ6S41TSV4RRFFQ69G5FAV"
    encoder = Scru128PG::BinaryEncoder.new(name: "ulid", oid: oid("ulid"), format: 1)
    params = PG::TypeMapByColumn.new([encoder])
    %w[oLARYZ6S41TSV4RRFFQ69G5FAV 0iaryz6s41tsv4rrffq69g5fav 01ARYZ6S41TSV4RRFFQ69G5FAV].each do |text|
      assert_equal canonical, @conn.exec_params("SELECT $1::ulid::text", [text]).getvalue(0, 0)
      assert_equal canonical, Scru128PG::Ulid.parse(text).to_s
      assert_equal canonical, @conn.exec_params("SELECT $1::text", [text], 0, params).getvalue(0, 0)
    end
  end

  def test_time_of_ulid_and_typeid
    sql = <<~SQL
      SELECT u::text, (extract(epoch FROM ulid_timestamp(u)) * 1000)::bigint,
             t::text, (extract(epoch FROM typeid_timestamp(t)) * 1000)::bigint
        FROM (SELECT ulid() u, typeid_generate('user') t) s
    SQL
    ulid, ulid_ms, typeid, typeid_ms = @conn.exec(sql).values.first
    assert_equal ulid_ms, Scru128PG::Ulid.parse(ulid).timestamp_ms
    assert_equal ulid_ms, (Scru128PG::Ulid.parse(ulid).time.to_r * 1000).to_i
    id = Scru128PG::TypeId.parse(typeid)
    assert_equal [7, typeid_ms, typeid_ms], [id.version, id.timestamp_ms, (id.time.to_r * 1000).to_i]
    # the time is that of a UUIDv7 only (a version 5 here), as on the server
    other = "prefix_0123456789abcdefghjkmnpqrs"
    assert_nil @conn.exec_params("SELECT typeid_timestamp($1::typeid)", [other]).getvalue(0, 0)
    parsed = Scru128PG::TypeId.parse(other)
    assert_equal [5, nil, nil], [parsed.version, parsed.timestamp_ms, parsed.time]
  end

  def test_order_agrees_with_the_server
    prefixes = ["", "a", "a_b", "ab", "b", "user"]
    typeids = @conn.exec_params(<<~SQL, [PG::TextEncoder::Array.new.encode(prefixes)]).column_values(0)
      SELECT typeid_generate(p)::text FROM unnest($1::text[]) p, generate_series(1, 3)
    SQL
    typeids += prefixes.product(Array.new(3) { SecureRandom.uuid }).map { |p, u| Scru128PG::TypeId.new(p, u).to_s }
    ulids = @conn.exec("SELECT ulid()::text FROM generate_series(1, 10)").column_values(0)
    ulids += Array.new(10) { Scru128PG::Ulid.new(SecureRandom.random_bytes(16)).to_s }
    { "typeid" => typeids, "ulid" => ulids }.each do |name, texts|
      klass = Scru128PG::CLASSES.fetch(name)
      shuffled = texts.shuffle
      sql = "SELECT t::text FROM unnest($1::text[]::#{name}[]) t ORDER BY t"
      server = @conn.exec_params(sql, [shuffled]).column_values(0)
      assert_equal server, shuffled.map { |text| klass.parse(text) }.sort.map(&:to_s)
      # the text compared byte by byte agrees (typeid: the C collation's order)
      assert_equal server, shuffled.sort
      values = texts.map { |text| klass.parse(text) }
      assert_equal values.uniq.size, values.map(&:hash).uniq.size
      assert(values.all? { |value| value.eql?(klass.parse(value.to_s)) })
    end
  end

  def test_typeid_domain_of_one_prefix
    @conn.exec(<<~SQL)
      DROP DOMAIN IF EXISTS pg_user_id CASCADE;
      CREATE DOMAIN pg_user_id AS typeid CHECK (typeid_check_prefix(VALUE, 'user'));
      CREATE TEMP TABLE users (id pg_user_id PRIMARY KEY DEFAULT typeid_generate('user'), name text);
    SQL
    made = @conn.exec("INSERT INTO users (name) VALUES ('ada') RETURNING id").getvalue(0, 0)
    assert_match(/\Auser_[0-7][0-9a-hjkmnp-tv-z]{25}\z/, made)
    assert_equal "user", Scru128PG::TypeId.parse(made).prefix
    given = Scru128PG::TypeId.new("user", SecureRandom.uuid)
    encoder = Scru128PG::BinaryEncoder.new(name: "typeid", oid: oid("typeid"), format: 1)
    binary = PG::TypeMapByColumn.new([encoder, PG::TextEncoder::String.new])
    # a TypeId as a text parameter (its to_s) and as a binary one; the
    # domain's column comes back as its base type, in either format
    @conn.exec_params("INSERT INTO users VALUES ($1, 'bob')", [given])
    assert_equal given.to_s, @conn.exec_params("SELECT id FROM users WHERE name = 'bob'", [], 1).getvalue(0, 0)
    second = Scru128PG::TypeId.new("user", SecureRandom.uuid)
    @conn.exec_params("INSERT INTO users VALUES ($1, $2)", [second, "eve"], 0, binary)
    assert_equal second.to_s, @conn.exec("SELECT id FROM users WHERE name = 'eve'").getvalue(0, 0)

    other = "post_01h455vb4pex5vsknk084sn02q"
    [[[other, "x"], nil], [[Scru128PG::TypeId.parse(other), "x"], binary]].each do |params, map|
      error = assert_raises(PG::CheckViolation) do
        @conn.exec_params("INSERT INTO users VALUES ($1, $2)", params, 0, map)
      end
      assert_equal "23514", error.result.error_field(PG::PG_DIAG_SQLSTATE)
      assert_includes error.message, %(TypeID "#{other}" has the prefix "post", not "user")
    end
    assert_equal 3, @conn.exec("SELECT count(*) FROM users").getvalue(0, 0)
  end
end
