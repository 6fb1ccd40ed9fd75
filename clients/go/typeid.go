package scru128pg

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgtype"
)

// TypeIDPrefixMax is the longest prefix a TypeID has, in bytes.
const TypeIDPrefixMax = 63

// TypeID is a typeid (release 1.5): a prefix of 0 to 63 characters and a
// UUID.  Its text form is TypeID spec 0.3.0's (the prefix, an underscore,
// 26 lower-case base32 digits; the digits alone for the empty prefix), read
// as strictly as the server reads it; its binary form is the UUID's 16
// bytes, big-endian, then the prefix's bytes.  Get returns the text;
// values compare with == and Compare.
type TypeID struct {
	Prefix string
	UUID   [16]byte
	Status pgtype.Status
}

// typeIDError is a text the TypeID rules refuse: kind names the rule
// (the names of test/vectors/typeid/invalid_errors.tsv), pos is the 1-based
// byte of a bad character.
type typeIDError struct {
	text string
	kind string
	pos  int
}

func (e *typeIDError) Error() string {
	return fmt.Sprintf("invalid typeid text %q: %s", e.text, e.detail())
}

// detail says which rule the text breaks.
func (e *typeIDError) detail() string {
	var detail string
	switch e.kind {
	case "empty":
		detail = "the text is empty"
	case "separator":
		detail = "an underscore with no prefix before it"
	case "prefix_length":
		detail = fmt.Sprintf("the prefix has more than %d characters", TypeIDPrefixMax)
	case "prefix_char":
		detail = fmt.Sprintf("the prefix has %q at byte %d, not a-z or _", e.text[e.pos-1], e.pos)
	case "prefix_leading_underscore":
		detail = "the prefix begins with an underscore"
	case "prefix_trailing_underscore":
		detail = "the prefix ends with an underscore"
	case "suffix_length":
		detail = "the suffix is not 26 base32 digits"
	case "suffix_char":
		detail = fmt.Sprintf("the suffix has %q at byte %d, not a digit of 0-9a-z but i, l, o and u", e.text[e.pos-1], e.pos)
	case "suffix_overflow":
		detail = "the suffix's first digit is above 7 (more than 128 bits)"
	}
	return detail
}

// checkTypeIDPrefix applies the prefix rules: at most 63 bytes of a-z and
// _, neither first nor last an underscore.  The empty prefix is valid.
func checkTypeIDPrefix(prefix string) *typeIDError {
	if prefix == "" {
		return nil
	}
	if len(prefix) > TypeIDPrefixMax {
		return &typeIDError{text: prefix, kind: "prefix_length"}
	}
	for i := 0; i < len(prefix); i++ {
		if c := prefix[i]; (c < 'a' || c > 'z') && c != '_' {
			return &typeIDError{text: prefix, kind: "prefix_char", pos: i + 1}
		}
	}
	if prefix[0] == '_' {
		return &typeIDError{text: prefix, kind: "prefix_leading_underscore"}
	}
	if prefix[len(prefix)-1] == '_' {
		return &typeIDError{text: prefix, kind: "prefix_trailing_underscore"}
	}
	return nil
}

// ParseTypeID reads the text form, as the server's input function does:
// the separator is the last underscore, and everything the spec refuses
// is an error.
func ParseTypeID(s string) (TypeID, error) {
	if s == "" {
		return TypeID{}, &typeIDError{text: s, kind: "empty"}
	}
	var prefix string
	suffix := s
	if sep := strings.LastIndexByte(s, '_'); sep >= 0 {
		if sep == 0 {
			return TypeID{}, &typeIDError{text: s, kind: "separator"}
		}
		prefix, suffix = s[:sep], s[sep+1:]
		if err := checkTypeIDPrefix(prefix); err != nil {
			err.text = s
			return TypeID{}, err
		}
	}
	if len(suffix) != 26 {
		return TypeID{}, &typeIDError{text: s, kind: "suffix_length"}
	}
	id := TypeID{Prefix: prefix, Status: pgtype.Present}
	pos, err := decodeBase32x128(suffix, &typeIDDigitValues, id.UUID[:])
	switch err {
	case errBase32Digit:
		return TypeID{}, &typeIDError{text: s, kind: "suffix_char", pos: len(s) - 26 + pos + 1}
	case errBase32Overflow:
		return TypeID{}, &typeIDError{text: s, kind: "suffix_overflow"}
	}
	return id, nil
}

// NewTypeID is the TypeID of a prefix ("" for none) and a UUID's 16 bytes;
// a prefix the spec refuses is an error, as in the server's typeid(text, uuid).
func NewTypeID(prefix string, uuid [16]byte) (TypeID, error) {
	if err := checkTypeIDPrefix(prefix); err != nil {
		return TypeID{}, fmt.Errorf("invalid TypeID prefix %q: %s", prefix, err.detail())
	}
	return TypeID{Prefix: prefix, UUID: uuid, Status: pgtype.Present}, nil
}

func (src TypeID) String() string {
	suffix := encodeBase32x128(src.UUID[:], typeIDDigits)
	if src.Prefix == "" {
		return suffix
	}
	return src.Prefix + "_" + suffix
}

// Compare orders as the server does: by prefix (byte by byte, a prefix
// before a longer one it begins), then by UUID; this is also the byte
// order of the text.  It returns -1, 0 or +1.
func (src TypeID) Compare(other TypeID) int {
	if c := strings.Compare(src.Prefix, other.Prefix); c != 0 {
		return c
	}
	return bytes.Compare(src.UUID[:], other.UUID[:])
}

// Time is the time of a version 7 UUID (its 48-bit millisecond field), and
// false for any other UUID, as the server's typeid_timestamp gives NULL.
func (src TypeID) Time() (time.Time, bool) {
	if src.UUID[8]&0xC0 != 0x80 || src.UUID[6]>>4 != 7 {
		return time.Time{}, false
	}
	var be [8]byte
	copy(be[2:], src.UUID[:6])
	return time.UnixMilli(int64(binary.BigEndian.Uint64(be[:]))), true
}

// Set takes nil, the text form (string or *string), a TypeID, or a pgtype
// value whose Get gives one of those.
func (dst *TypeID) Set(src interface{}) error {
	switch value := src.(type) {
	case TypeID:
		*dst = value
		return nil
	case nil:
		*dst = TypeID{Status: pgtype.Null}
		return nil
	case string:
		id, err := ParseTypeID(value)
		if err != nil {
			return err
		}
		*dst = id
		return nil
	case *string:
		if value == nil {
			*dst = TypeID{Status: pgtype.Null}
			return nil
		}
		return dst.Set(*value)
	}
	if value, ok := fromGetter(src); ok {
		return dst.Set(value)
	}
	return fmt.Errorf("cannot convert %T to typeid", src)
}

func (src TypeID) Get() interface{} {
	return get(src.Status, src.String)
}

func (src *TypeID) AssignTo(dst interface{}) error {
	switch src.Status {
	case pgtype.Present:
		switch v := dst.(type) {
		case *TypeID:
			*v = *src
			return nil
		case *string:
			*v = src.String()
			return nil
		}
		if nextDst, retry := pgtype.GetAssignToDstType(dst); retry {
			return src.AssignTo(nextDst)
		}
	case pgtype.Null:
		return pgtype.NullAssignTo(dst)
	}
	return fmt.Errorf("cannot assign typeid %v into %T", src, dst)
}

func (dst *TypeID) DecodeText(ci *pgtype.ConnInfo, src []byte) error {
	if src == nil {
		*dst = TypeID{Status: pgtype.Null}
		return nil
	}
	id, err := ParseTypeID(string(src))
	if err != nil {
		return err
	}
	*dst = id
	return nil
}

// DecodeBinary reads the binary form, checked as the server's typeid_recv
// checks it: 16 to 79 bytes, and a valid prefix after the UUID.
func (dst *TypeID) DecodeBinary(ci *pgtype.ConnInfo, src []byte) error {
	if src == nil {
		*dst = TypeID{Status: pgtype.Null}
		return nil
	}
	if len(src) < 16 || len(src) > 16+TypeIDPrefixMax {
		return fmt.Errorf("invalid binary typeid value: %d bytes, expected the UUID's 16 and the prefix's 0 to %d",
			len(src), TypeIDPrefixMax)
	}
	prefix := string(src[16:])
	if err := checkTypeIDPrefix(prefix); err != nil {
		return fmt.Errorf("invalid binary typeid value: invalid prefix %q", prefix)
	}
	id := TypeID{Prefix: prefix, Status: pgtype.Present}
	copy(id.UUID[:], src)
	*dst = id
	return nil
}

// EncodeText and EncodeBinary refuse a prefix the server would refuse (a
// TypeID not made by ParseTypeID or NewTypeID may have one).
func (src TypeID) EncodeText(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	if err := src.checkPrefix(); err != nil {
		return nil, err
	}
	return encode(src.Status, buf, func() []byte { return []byte(src.String()) })
}

func (src TypeID) EncodeBinary(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	if err := src.checkPrefix(); err != nil {
		return nil, err
	}
	return encode(src.Status, buf, func() []byte {
		return append(src.UUID[:len(src.UUID):len(src.UUID)], src.Prefix...)
	})
}

func (src TypeID) checkPrefix() error {
	if src.Status != pgtype.Present {
		return nil
	}
	if err := checkTypeIDPrefix(src.Prefix); err != nil {
		return fmt.Errorf("cannot encode typeid: invalid prefix %q: %s", src.Prefix, err.detail())
	}
	return nil
}
