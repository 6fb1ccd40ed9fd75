# frozen_string_literal: true

module Scru128PG
  # A `typeid` value (TypeID, spec 0.3.0): a prefix of 0 to 63 bytes of
  # a-z and "_" (neither first nor last) and a UUID's 16 bytes.  The text is
  # the prefix, "_" and 26 digits of "0123456789abcdefghjkmnpqrstvwxyz" (the
  # digits alone for the empty prefix), read as strictly as the server's
  # typeid_in reads it; the binary form is the UUID's 16 bytes then the
  # prefix's bytes, checked as typeid_recv checks it.  Values compare by
  # prefix, then UUID: the order of the server's typeid_ops, and of the text
  # compared byte by byte.
  class TypeId
    include Comparable

    ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
    RADIX32 = "0-9a-v"
    PREFIX_MAX = 63
    UUID_PATTERN = /\A(\h{8})-(\h{4})-(\h{4})-(\h{4})-(\h{12})\z/.freeze

    # A text or a prefix the server would refuse (22P02 for text, 22P03 in
    # binary).  reason is the rule, as test/vectors/typeid/invalid_errors.tsv
    # names it (:empty, :separator, :prefix_length, :prefix_char,
    # :prefix_leading_underscore, :prefix_trailing_underscore,
    # :suffix_length, :suffix_char, :suffix_overflow); position the 1-based
    # byte of a bad character.
    class ParseError < ArgumentError
      attr_reader :reason, :position

      def initialize(message, reason, position = nil)
        super(message)
        @reason = reason
        @position = position
      end
    end

    attr_reader :prefix, :uuid_bytes

    def self.parse(text)
      s = text.to_s.b
      raise ParseError.new("invalid typeid text: the empty string", :empty) if s.empty?

      # the separator is the last underscore: the suffix has none
      sep = s.rindex("_")
      if sep&.zero?
        raise ParseError.new("invalid typeid text: #{text.to_s.inspect} has an underscore without a prefix", :separator)
      end

      prefix = sep ? s[0, sep] : +""
      check_prefix(prefix, text)
      suffix = sep ? s[(sep + 1)..] : s
      new_unchecked(prefix, decode_suffix(suffix, sep ? sep + 1 : 0, text))
    end

    # The binary form: the UUID's 16 bytes, then the prefix's bytes.
    def self.from_binary(bytes)
      s = bytes.b
      unless s.bytesize.between?(16, 16 + PREFIX_MAX)
        raise ArgumentError, "binary typeid value of #{s.bytesize} bytes, expected 16 to #{16 + PREFIX_MAX}"
      end

      prefix = s[16..]
      check_prefix(prefix, prefix)
      new_unchecked(prefix, s[0, 16])
    end

    # A prefix (a String) and a UUID in its text form
    # ("01890a5d-ac96-774b-bcce-b302099a8057", either case), as ruby-pg
    # decodes a uuid and SecureRandom.uuid makes one.
    def initialize(prefix, uuid)
      prefix = prefix.to_s.b
      self.class.check_prefix(prefix, prefix)
      match = UUID_PATTERN.match(uuid.to_s.b)
      raise ArgumentError, "not a UUID: #{uuid.inspect}" unless match

      assign(prefix, [match.captures.join].pack("H*"))
    end

    def self.new_unchecked(prefix, uuid_bytes)
      allocate.tap { |id| id.send(:assign, prefix, uuid_bytes) }
    end
    private_class_method :new_unchecked

    # nil for a valid prefix (bytes), else a ParseError naming text: the
    # rules of the server's typeid_check_prefix, in its order
    def self.check_prefix(prefix, text)
      return if prefix.empty?

      shown = text.to_s.inspect
      if prefix.bytesize > PREFIX_MAX
        raise ParseError.new("invalid typeid prefix in #{shown}: #{prefix.bytesize} bytes, at most #{PREFIX_MAX}",
          :prefix_length)
      end
      if (bad = prefix.index(/[^a-z_]/))
        raise ParseError.new("invalid typeid prefix in #{shown}: byte #{bad + 1} is not a lower-case letter a-z " \
                             "or an underscore", :prefix_char, bad + 1)
      end
      if prefix.start_with?("_")
        raise ParseError.new("invalid typeid prefix in #{shown}: it begins with an underscore",
          :prefix_leading_underscore)
      end
      return unless prefix.end_with?("_")

      raise ParseError.new("invalid typeid prefix in #{shown}: it ends with an underscore", :prefix_trailing_underscore)
    end

    # the UUID's bytes of the 26 digits at byte offset in text
    def self.decode_suffix(suffix, offset, text)
      shown = text.to_s.inspect
      unless suffix.bytesize == 26
        raise ParseError.new("invalid typeid text: #{shown}: the suffix has #{suffix.bytesize} bytes, expected 26",
          :suffix_length)
      end
      if (bad = suffix.index(/[^0-9a-hjkmnp-tv-z]/))
        position = offset + bad + 1
        raise ParseError.new("invalid typeid text: #{shown}: byte #{position} is not a digit of " \
                             "#{ALPHABET}", :suffix_char, position)
      end
      if suffix.getbyte(0) > "7".ord
        raise ParseError.new("invalid typeid text: #{shown}: the suffix exceeds 128 bits " \
                             "(its first digit is at most 7)", :suffix_overflow)
      end
      [suffix.tr(ALPHABET, RADIX32).to_i(32).to_s(16).rjust(32, "0")].pack("H*")
    end
    private_class_method :decode_suffix

    # the UUID in its text form, lower case, as the server prints a uuid
    def uuid
      uuid_bytes.unpack1("H*").unpack("a8a4a4a4a12").join("-")
    end

    def to_s
      suffix = uuid_bytes.unpack1("H*").to_i(16).to_s(32).rjust(26, "0").tr(RADIX32, ALPHABET)
      prefix.empty? ? suffix : "#{prefix}_#{suffix}"
    end

    def to_binary
      uuid_bytes + prefix.b
    end

    # the UUID's version (its 4 bits in byte 6)
    def version
      uuid_bytes.getbyte(6) >> 4
    end

    # the 48-bit Unix time in milliseconds of a UUIDv7; nil for another
    # version, as the server's typeid_timestamp
    def timestamp_ms
      uuid_bytes.unpack1("H12").to_i(16) if version == 7
    end

    def time
      ms = timestamp_ms
      Time.at(ms / 1000, ms % 1000, :millisecond).utc if ms
    end

    def <=>(other)
      [prefix, uuid_bytes] <=> [other.prefix, other.uuid_bytes] if other.is_a?(TypeId)
    end

    alias eql? ==

    def hash
      [self.class, prefix, uuid_bytes].hash
    end

    def inspect
      "#<#{self.class.name} #{self}>"
    end

    private

    def assign(prefix, uuid_bytes)
      @prefix = (+prefix).force_encoding(Encoding::UTF_8).freeze
      @uuid_bytes = uuid_bytes.b.freeze
    end
  end
end
