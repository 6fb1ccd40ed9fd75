# frozen_string_literal: true

require "pg"
require "scru128_pg/ulid"
require "scru128_pg/type_id"

# ruby-pg coders for the scru128 extension's types.  Values are Strings in
# the text form the server prints: a scru128 is 25 lower-case Base36
# digits, a scru160 32 upper-case base32hex digits, a scru64 12 lower-case
# Base36 digits, a ulid 26 upper-case Crockford Base32 digits, a typeid
# its TypeID text.  The binary coders convert between that text and the
# bytes the server's send and receive functions use (16 bytes, 20 bytes,
# a big-endian int8; a ulid's 16 bytes; a typeid's UUID then its prefix).
# Scru128PG::Ulid and Scru128PG::TypeId are value classes for the last two
# (parts, time, order); the encoders take them as well as Strings.
#
#   registry = PG::BasicTypeRegistry.new.define_default_types
#   Scru128PG.register(registry)
#   conn.type_map_for_results = PG::BasicTypeMapForResults.new(conn, registry: registry)
#   conn.type_map_for_queries = PG::BasicTypeMapForQueries.new(conn, registry: registry)
#
# The registry maps type names; BasicTypeMapForResults looks the OIDs up in
# the connection's database, arrays of the types included.
module Scru128PG
  # the types whose text is a number: name => [text width, radix, binary size]
  TYPES = {
    "scru128" => [25, 36, 16],
    "scru160" => [32, 32, 20],
    "scru64" => [12, 36, 8],
  }.freeze

  # the value classes of the other types, by name
  CLASSES = {
    "ulid" => Ulid,
    "typeid" => TypeId,
  }.freeze

  # every type the coders know
  NAMES = (TYPES.keys + CLASSES.keys).freeze

  SCRU64_MAX = 36**12 - 1

  module_function

  # the text form of the big-endian bytes of a value
  def text_from_bytes(name, bytes)
    klass = CLASSES[name]
    return klass.from_binary(bytes).to_s if klass

    width, radix, size = TYPES.fetch(name)
    unless bytes.bytesize == size
      raise ArgumentError, "binary #{name} value of #{bytes.bytesize} bytes, expected #{size}"
    end

    text = bytes.unpack1("H*").to_i(16).to_s(radix).rjust(width, "0")
    # Ruby's radix-32 digits are base32hex's, in lower case
    name == "scru160" ? text.upcase : text
  end

  # the big-endian bytes of a value in text form (the binary form); an
  # ArgumentError for a text the server would refuse.  A scru160 also reads
  # as 40 hex digits; a Ulid or TypeId gives its own bytes.
  def bytes_from_text(name, text)
    klass = CLASSES[name]
    return (text.is_a?(klass) ? text : klass.parse(text)).to_binary if klass

    width, radix, size = TYPES.fetch(name)
    text = text.to_s
    radix, width = 16, 40 if name == "scru160" && text.bytesize == 40
    digits = radix == 36 ? /\A[0-9a-z]+\z/i : (radix == 32 ? /\A[0-9a-v]+\z/i : /\A\h+\z/)
    # matched as bytes: /i would take a non-ASCII letter (the Kelvin sign) for k
    unless text.bytesize == width && digits.match?(text.b)
      raise ArgumentError, "invalid #{name} text: #{text.inspect}"
    end
    number = text.to_i(radix)
    max = name == "scru64" ? SCRU64_MAX : 256**size - 1
    raise ArgumentError, "invalid #{name} text: #{text.inspect} is out of range" if number > max
    [number.to_s(16).rjust(2 * size, "0")].pack("H*")
  end

  # Text decoders hand the server's text over as it is (frozen, like the
  # other text decoders' strings); text encoders send it unchanged, so that
  # the server judges a bad value (SQLSTATE 22P02).
  class TextDecoder < PG::SimpleDecoder
    def decode(string, _tuple = nil, _field = nil)
      string.frozen? ? string : -string
    end
  end

  class TextEncoder < PG::SimpleEncoder
    def encode(value)
      value.to_s
    end
  end

  class BinaryDecoder < PG::SimpleDecoder
    def decode(bytes, _tuple = nil, _field = nil)
      Scru128PG.text_from_bytes(name, bytes)
    end
  end

  class BinaryEncoder < PG::SimpleEncoder
    def encode(value)
      Scru128PG.bytes_from_text(name, value)
    end
  end

  # Adds the types' coders to a PG::BasicTypeRegistry (or to ruby-pg's
  # global one when none is given) and returns it.
  def register(registry = PG::BasicTypeRegistry)
    NAMES.each do |name|
      registry.register_coder(TextEncoder.new(name: name, format: 0))
      registry.register_coder(TextDecoder.new(name: name, format: 0))
      registry.register_coder(BinaryEncoder.new(name: name, format: 1))
      registry.register_coder(BinaryDecoder.new(name: name, format: 1))
    end
    registry
  end

  # A PG::TypeMapByOid decoding the types and their arrays in conn's
  # database, by the OIDs to_regtype finds there (they differ from one
  # database to the next), for results in the given format (0 text, 1
  # binary).  Chain it before another map with default_type_map=.  A type
  # the database lacks is left out.
  def type_map_by_oid(conn, format: 0)
    map = PG::TypeMapByOid.new
    conn.exec_params(<<~SQL, [PG::TextEncoder::Array.new.encode(NAMES)]).each_row do |name, oid, array_oid|
      SELECT t, to_regtype(t)::oid, to_regtype(t || '[]')::oid
        FROM unnest($1::text[]) t
       WHERE to_regtype(t) IS NOT NULL
    SQL
      element = (format.zero? ? TextDecoder : BinaryDecoder).new(name: name, oid: Integer(oid), format: format)
      map.add_coder(element)
      # ruby-pg 1.4 has no binary array decoder: arrays decode from text
      if format.zero?
        map.add_coder(PG::TextDecoder::Array.new(name: "_#{name}", oid: Integer(array_oid), elements_type: element))
      end
    end
    map
  end
end
