# frozen_string_literal: true

require_relative "helper"

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

  Scru128PG::TYPES.each_key do |name|
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
    %w[scru128 scru160].each do |name|
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
end
