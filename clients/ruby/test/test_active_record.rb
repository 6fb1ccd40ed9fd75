# frozen_string_literal: true

require_relative "helper"
require "open3"
require "rbconfig"
require "securerandom"
require "stringio"
require "scru128_pg/active_record"

ClientsRuby.setup_database
ActiveRecord::Base.establish_connection(adapter: "postgresql", database: ClientsRuby::DATABASE)
ActiveRecord::Migration.verbose = false

class Item < ActiveRecord::Base
end

class TestActiveRecord < Minitest::Test
  include ClientsRuby

  def setup
    @warnings = capture_io do
      ActiveRecord::Schema.define do
        create_table :items, id: :scru128, default: -> { "scru128()" }, force: true do |t|
          t.scru160 :b
          t.scru64 :c
          t.scru128 :refs, array: true
          t.ulid :u
          t.typeid :tid
        end
      end
      Item.reset_column_information
      Item.columns_hash
    end
  end

  def conn
    ActiveRecord::Base.connection
  end

  def server_text(id, column)
    conn.select_value("SELECT #{column}::text FROM items WHERE id = #{conn.quote(id)}")
  end

  def test_columns_are_typed_without_the_unknown_oid_warning
    assert_equal ["", ""], @warnings
    assert_equal({ "id" => :scru128, "b" => :scru160, "c" => :scru64, "refs" => :scru128, "u" => :ulid,
                   "tid" => :typeid }, Item.columns_hash.transform_values(&:type))
    assert_equal "scru160", Item.columns_hash["b"].sql_type
    assert Item.columns_hash["refs"].array
    assert_kind_of ActiveRecord::ConnectionAdapters::PostgreSQL::OID::Array, Item.type_for_attribute("refs")
  end

  def test_without_the_adapter_the_types_are_unknown
    # what the adapter removes: a process that only has ActiveRecord
    script = <<~RUBY
      require "active_record"
      ActiveRecord::Base.establish_connection(adapter: "postgresql", database: "#{DATABASE}")
      p ActiveRecord::Base.connection.columns("items").map(&:type)
      ActiveRecord::SchemaDumper.dump(ActiveRecord::Base.connection, $stdout)
    RUBY
    out, err, status = Open3.capture3(RbConfig.ruby, "-e", script)
    assert status.success?, err
    assert_match(/unknown OID \d+: failed to recognize type of 'b'/, err)
    assert out.start_with?("[nil, nil, nil, nil, nil, nil]\n"), out
    assert_includes out, "Unknown type 'scru128' for column 'id'"
    refute_includes out, %(create_table "items")
  end

  Scru128PG::NAMES.each do |name|
    column = { "scru128" => "id", "scru160" => "b", "scru64" => "c", "ulid" => "u", "typeid" => "tid" }.fetch(name)

    define_method("test_#{name}_value_parameter_and_null") do
      ids = server_ids(conn.raw_connection, name)
      ids.each do |text|
        attrs = { column => text }
        attrs["c"] = "000000000001" unless name == "scru64"
        item = Item.create!(attrs)
        assert_equal text, item.reload.public_send(column)
        assert_equal text, server_text(item.id, column)
        # a parameter (a bind, as where builds it)
        assert_equal item.id, Item.find_by(column => text).id
        assert_equal 1, Item.where(column => text).count
      end
      unless column == "id"
        item = Item.create!(column => nil)
        assert_nil item.reload.public_send(column)
        assert_nil server_text(item.id, column)
        assert Item.where(column => nil).exists?(item.id)
      end
    end

    define_method("test_#{name}_invalid_value_gives_22p02") do
      INVALID.fetch(name).each do |bad|
        error = assert_raises(ActiveRecord::StatementInvalid) { Item.create!(column => bad) }
        assert_kind_of PG::InvalidTextRepresentation, error.cause
        assert_equal "22P02", error.cause.result.error_field(PG::PG_DIAG_SQLSTATE)
      end
    end
  end

  def test_scru128_array_column
    ids = server_ids(conn.raw_connection, "scru128")
    item = Item.create!(refs: ids + [nil])
    assert_equal ids + [nil], item.reload.refs
    assert_equal "{#{ids.join(',')},NULL}", server_text(item.id, "refs")
    assert_equal [item.id], Item.where("refs @> ARRAY[?]::scru128[]", ids[0]).pluck(:id)
  end

  def test_insert_all
    columns = %w[id b c u tid]
    first, *others = %w[scru128 scru160 scru64 ulid typeid].map { |name| server_ids(conn.raw_connection, name) }
    rows = first.zip(*others)
    result = Item.insert_all(rows.map { |row| columns.zip(row).to_h }, returning: columns)
    assert_equal rows, result.rows
    rows.each do |row|
      sql = "SELECT id::text, b::text, c::text, u::text, tid::text FROM items WHERE id = '#{row[0]}'"
      assert_equal row, conn.select_rows(sql).first
    end
  end

  def test_ulid_and_typeid_values_as_attributes
    ulid = Scru128PG::Ulid.new(SecureRandom.random_bytes(16))
    typeid = Scru128PG::TypeId.new("user", SecureRandom.uuid)
    # a value object is cast to its text, as an attribute and in where
    item = Item.create!(u: ulid, tid: typeid)
    assert_equal [ulid.to_s, typeid.to_s], [item.u, item.tid]
    assert_equal [ulid.to_s, typeid.to_s], [server_text(item.id, "u"), server_text(item.id, "tid")]
    assert_equal [item.id], Item.where(u: ulid, tid: typeid).pluck(:id)
    assert_equal typeid, Scru128PG::TypeId.parse(item.reload.tid)
    # ULID text in Crockford's other spellings is stored canonical
    item = Item.create!(u: "oLARYZ6S41TSV4RRFFQ69G5FAV")
    assert_equal "01ARYZ6S41TSV4RRFFQ69G5FAV", item.reload.u
  end

  def test_typeid_domain_column
    conn.execute("DROP TABLE IF EXISTS accounts")
    conn.execute("DROP DOMAIN IF EXISTS account_id")
    conn.execute("CREATE DOMAIN account_id AS typeid CHECK (typeid_check_prefix(VALUE, 'acct'))")
    conn.create_table(:accounts, id: :account_id, default: -> { "typeid_generate('acct')" }) { |t| t.string :name }
    account_class = Class.new(ActiveRecord::Base) { self.table_name = "accounts" }
    column = account_class.columns_hash["id"]
    assert_equal [:typeid, "account_id"], [column.type, column.sql_type]

    made = account_class.create!(name: "ada")
    assert_match(/\Aacct_[0-7][0-9a-hjkmnp-tv-z]{25}\z/, made.id)
    given = Scru128PG::TypeId.new("acct", SecureRandom.uuid)
    assert_equal given.to_s, account_class.create!(id: given, name: "bob").reload.id
    assert_equal "bob", account_class.find(given.to_s).name

    error = assert_raises(ActiveRecord::StatementInvalid) do
      account_class.create!(id: "user_01h455vb4pex5vsknk084sn02q", name: "eve")
    end
    assert_kind_of PG::CheckViolation, error.cause
    assert_equal "23514", error.cause.result.error_field(PG::PG_DIAG_SQLSTATE)
    assert_includes error.message, %(has the prefix "user", not "acct")
    assert_equal 2, account_class.count
  end

  def test_schema_dump_and_reload
    io = StringIO.new
    ActiveRecord::SchemaDumper.dump(conn, io)
    schema = io.string
    assert_includes schema, %(enable_extension "scru128")
    assert_includes schema, %(create_table "items", id: :scru128, default: -> { "scru128()" }, force: :cascade do |t|)
    assert_includes schema, %(t.scru160 "b")
    assert_includes schema, %(t.scru64 "c")
    assert_includes schema, %(t.scru128 "refs", array: true)
    assert_includes schema, %(t.ulid "u")
    assert_includes schema, %(t.typeid "tid")

    conn.drop_table(:items)
    refute conn.table_exists?(:items)
    # schema.rb is Ruby: loading it is evaluating it
    eval(schema, TOPLEVEL_BINDING) # rubocop:disable Security/Eval
    Item.reset_column_information
    assert_equal({ "id" => "scru128", "b" => "scru160", "c" => "scru64", "refs" => "scru128", "u" => "ulid",
                   "tid" => "typeid" }, Item.columns_hash.transform_values(&:sql_type))
    assert Item.columns_hash["refs"].array
    item = Item.create!
    assert_match(/\A[0-9a-z]{25}\z/, item.id)
    assert_equal item.id, server_text(item.id, "id")
    io2 = StringIO.new
    ActiveRecord::SchemaDumper.dump(conn, io2)
    assert_equal schema, io2.string
  end
end
