# frozen_string_literal: true

# Shared by the tests: the database clients_ruby, made afresh once per
# process from the server PGHOST, PGPORT, PGUSER and PGDATABASE name.
require "minitest/autorun"
require "pg"
require "scru128_pg"

module ClientsRuby
  DATABASE = "clients_ruby"

  # server-made IDs of each type as text, and the smallest and largest
  IDS_SQL = {
    "scru128" => "scru128()::text",
    "scru160" => "scru160()::text",
    # scru64() needs a node spec; the bigint cast needs nothing
    "scru64" => "(1234567890123 + g)::bigint::scru64::text",
    "ulid" => "ulid()::text",
    # the empty prefix, one with an underscore inside, a plain one
    "typeid" => "typeid_generate((ARRAY['', 'pre_fix', 'user'])[g])::text",
  }.freeze
  BOUNDS = {
    "scru128" => ["0000000000000000000000000", "f5lxx1zz5pnorynqglhzmsp33"],
    "scru160" => ["0" * 32, "V" * 32],
    "scru64" => ["000000000000", "zzzzzzzzzzzz"],
    "ulid" => ["0" * 26, "7#{'Z' * 25}"],
    "typeid" => ["0" * 26, "#{'z' * 63}_7#{'z' * 25}"],
  }.freeze
  INVALID = {
    "scru128" => ["f5lxx1zz5pnorynqglhzmsp34", "not an id"],
    "scru160" => ["W" + "V" * 31],
    "scru64" => ["zzzzzzzzzzzz0"],
    "ulid" => ["8#{'0' * 25}", "U#{'0' * 25}", "01ARYZ6S41TSV4RRFFQ69G5FA"],
    "typeid" => %w[user_01H455VB4PEX5VSKNK084SN02Q _01h455vb4pex5vsknk084sn02q user_8zzzzzzzzzzzzzzzzzzzzzzzzz],
  }.freeze

  # the TypeID spec's test data (test/vectors/typeid, spec 0.3.0)
  VECTORS = File.expand_path("../../../test/vectors/typeid", __dir__)

  module_function

  def setup_database
    @setup ||= begin
      admin = PG.connect
      admin.exec("DROP DATABASE IF EXISTS #{DATABASE}")
      admin.exec("CREATE DATABASE #{DATABASE}")
      admin.close
      conn = connect
      conn.exec("CREATE EXTENSION IF NOT EXISTS scru128")
      conn.close
      true
    end
  end

  # valid.yml or invalid.yml: the list of cases (Hashes)
  def typeid_vectors(file)
    require "yaml"
    cases = YAML.safe_load(File.read(File.join(VECTORS, file)))
    raise "#{file}: no cases" if cases.empty?

    cases
  end

  # invalid_errors.tsv: case name => the decoder's error ("prefix_char 3")
  def typeid_invalid_errors
    lines = File.readlines(File.join(VECTORS, "invalid_errors.tsv"), chomp: true).grep_v(/\A#/)
    lines.drop(1).to_h { |line| line.split("\t", 2) }
  end

  def connect
    PG.connect(dbname: DATABASE)
  end

  def server_ids(conn, name)
    conn.exec("SELECT #{IDS_SQL.fetch(name)} FROM generate_series(1, 3) g").column_values(0) + BOUNDS.fetch(name)
  end
end
