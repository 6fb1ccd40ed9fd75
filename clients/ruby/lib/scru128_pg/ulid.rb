# frozen_string_literal: true

module Scru128PG
  # A `ulid` value: its 16 bytes, big-endian (the binary form of the
  # server's send and receive functions), shown as 26 upper-case digits of
  # Crockford's Base32.  Text is read as the server's ulid_in reads it:
  # either case, I and L as 1, O as 0, U and anything outside the alphabet
  # refused, and a first digit of at most 7 (128 bits).  Values compare by
  # their bytes, the order of the server's ulid_ops (time first).
  class Ulid
    include Comparable

    ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    # Ruby's radix-32 digits, which Integer#to_s(32) and String#to_i(32) use
    RADIX32 = "0-9a-v"

    attr_reader :bytes

    # ArgumentError for a text the server would refuse (22P02 there)
    def self.parse(text)
      s = text.to_s.b
      shown = text.to_s.inspect
      raise ArgumentError, "invalid ulid text: #{shown} has #{s.bytesize} bytes, expected 26" unless s.bytesize == 26

      if (bad = s.index(/[^0-9A-TV-Za-tv-z]/))
        raise ArgumentError, "invalid ulid text: #{shown}: byte #{bad + 1} is not a Crockford Base32 digit"
      end

      digits = s.upcase.tr("ILO", "110")
      if digits.getbyte(0) > "7".ord
        raise ArgumentError, "invalid ulid text: #{shown} exceeds the largest ULID (the first digit is at most 7)"
      end

      new([digits.tr(ALPHABET, RADIX32).to_i(32).to_s(16).rjust(32, "0")].pack("H*"))
    end

    # The value of 16 bytes; the server's ulid_recv takes any 16 bytes.
    def initialize(bytes)
      raise ArgumentError, "binary ulid value of #{bytes.bytesize} bytes, expected 16" unless bytes.bytesize == 16

      @bytes = bytes.b.freeze
    end

    def self.from_binary(bytes)
      new(bytes)
    end

    def to_binary
      bytes
    end

    def to_s
      to_i.to_s(32).rjust(26, "0").tr(RADIX32, ALPHABET)
    end

    def to_i
      bytes.unpack1("H*").to_i(16)
    end

    # the 48-bit Unix time in milliseconds
    def timestamp_ms
      bytes.unpack1("H12").to_i(16)
    end

    def time
      Time.at(timestamp_ms / 1000, timestamp_ms % 1000, :millisecond).utc
    end

    def <=>(other)
      bytes <=> other.bytes if other.is_a?(Ulid)
    end

    alias eql? ==

    def hash
      [self.class, bytes].hash
    end

    def inspect
      "#<#{self.class.name} #{self}>"
    end
  end
end
