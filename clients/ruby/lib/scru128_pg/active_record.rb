# frozen_string_literal: true

require "active_record"
require "active_record/connection_adapters/postgresql_adapter"
require "scru128_pg"

module Scru128PG
  # ActiveRecord (6.1) support: attribute types for scru128, scru160,
  # scru64, ulid and typeid columns (and columns of a domain over one), so
  # that the PostgreSQL adapter no longer treats them as unknown OIDs, and
  # schema.rb dumps and reloads them (t.scru128 "col").  Values are Strings
  # in the server's text form; a Scru128PG::Ulid or TypeId assigned is cast
  # to its text.
  #
  #   require "scru128_pg/active_record"
  #
  # is all it takes: requiring it registers the types with the adapter.
  module ActiveRecord
    # An ID column: a String in the server's text form.  Casting leaves
    # text alone (the server judges it), so a bad value gives the server's
    # error (PG::InvalidTextRepresentation) on save, as it does for uuid.
    class Type < ::ActiveRecord::Type::String
      attr_reader :sql_name

      def initialize(sql_name = nil, **args)
        @sql_name = sql_name
        super(**args)
      end

      def type
        sql_name.to_sym
      end

      # where(col: value) serializes its value without casting it first
      def serialize(value)
        case value
        when Scru128PG::Ulid, Scru128PG::TypeId then value.to_s
        else super
        end
      end

      def ==(other)
        super && sql_name == other.sql_name
      end
      alias eql? ==

      def hash
        [self.class, sql_name].hash
      end
    end

    NATIVE_DATABASE_TYPES = Scru128PG::NAMES.to_h { |name| [name.to_sym, { name: name }] }.freeze

    # Prepended to the PostgreSQL adapter: the type map gains the types by
    # name (the adapter then finds each database's OIDs, and those of the
    # arrays, in pg_type), and native_database_types gains them for
    # migrations and the schema dumper.
    module Adapter
      def native_database_types
        @scru128_native_database_types ||= super.merge(NATIVE_DATABASE_TYPES)
      end

      private

      def initialize_type_map(m = type_map)
        super
        Scru128PG::NAMES.each { |name| m.register_type(name, Type.new(name)) }
      end
    end

    # t.scru128 "col" and friends in migrations and in schema.rb
    module ColumnMethods
      NATIVE_DATABASE_TYPES.each_key do |type|
        define_method(type) do |*names, **options|
          raise ArgumentError, "Missing column name(s) for #{type}" if names.empty?

          names.each { |name| column(name, type, **options) }
        end
      end
    end
  end
end

ActiveRecord::ConnectionAdapters::PostgreSQLAdapter.prepend(Scru128PG::ActiveRecord::Adapter)
ActiveRecord::ConnectionAdapters::PostgreSQL::TableDefinition.include(Scru128PG::ActiveRecord::ColumnMethods)
ActiveRecord::ConnectionAdapters::PostgreSQL::Table.include(Scru128PG::ActiveRecord::ColumnMethods)
Scru128PG::NAMES.each do |name|
  ActiveRecord::Type.register(name.to_sym, adapter: :postgresql) do |_symbol, *args, **kwargs|
    Scru128PG::ActiveRecord::Type.new(name, *args, **kwargs)
  end
end
