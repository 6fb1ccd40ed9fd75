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
  }.freeze
  BOUNDS = {
    "scru128" => ["0000000000000000000000000", "f5lxx1zz5pnorynqglhzmsp33"],
    "scru160" => ["0" * 32, "V" * 32],
    "scru64" => ["000000000000", "zzzzzzzzzzzz"],
  }.freeze
  INVALID = {
    "scru128" => ["f5lxx1zz5pnorynqglhzmsp34", "not an id"],
    "scru160" => ["W" + "V" * 31],
    "scru64" => ["zzzzzzzzzzzz0"],
  }.freeze

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

  def connect
    PG.connect(dbname: DATABASE)
  end

  def server_ids(conn, name)
    conn.exec("SELECT #{IDS_SQL.fetch(name)} FROM generate_series(1, 3) g").column_values(0) + BOUNDS.fetch(name)
  end
end
