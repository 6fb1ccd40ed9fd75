package scru128pg

import (
	"encoding/binary"
	"fmt"

	"github.com/jackc/pgtype"
)

// Scru64MaxValue is the largest scru64, 36^12 - 1 ("zzzzzzzzzzzz").
const Scru64MaxValue = 4738381338321616895

// Scru64 is a scru64: a number up to Scru64MaxValue, sent as an int8,
// whose text form is 12 lower-case Base36 digits.  Get returns that text.
type Scru64 struct {
	Uint   uint64
	Status pgtype.Status
}

// ParseScru64 reads the text form (12 Base36 digits, either case).
func ParseScru64(s string) (Scru64, error) {
	var be [8]byte
	if err := decodeBase36("scru64", s, 12, be[:]); err != nil {
		return Scru64{}, err
	}
	return newScru64(binary.BigEndian.Uint64(be[:]))
}

func newScru64(n uint64) (Scru64, error) {
	if n > Scru64MaxValue {
		return Scru64{}, fmt.Errorf("scru64 value out of range: %d", n)
	}
	return Scru64{Uint: n, Status: pgtype.Present}, nil
}

func (src Scru64) String() string {
	var be [8]byte
	binary.BigEndian.PutUint64(be[:], src.Uint)
	return encodeBase36(be[:], 12)
}

// Set takes nil, the text form (string or *string), or the number as a
// uint64 or int64.
func (dst *Scru64) Set(src interface{}) error {
	if value, ok := fromGetter(src); ok {
		return dst.Set(value)
	}
	var result Scru64
	var err error
	switch value := src.(type) {
	case nil:
		result.Status = pgtype.Null
	case string:
		result, err = ParseScru64(value)
	case *string:
		if value == nil {
			result.Status = pgtype.Null
		} else {
			result, err = ParseScru64(*value)
		}
	case uint64:
		result, err = newScru64(value)
	case int64:
		if value < 0 {
			return fmt.Errorf("scru64 value out of range: %d", value)
		}
		result, err = newScru64(uint64(value))
	default:
		return fmt.Errorf("cannot convert %T to scru64", src)
	}
	if err != nil {
		return err
	}
	*dst = result
	return nil
}

func (src Scru64) Get() interface{} {
	return get(src.Status, src.String)
}

func (src *Scru64) AssignTo(dst interface{}) error {
	switch src.Status {
	case pgtype.Present:
		switch v := dst.(type) {
		case *Scru64:
			*v = *src
			return nil
		case *string:
			*v = src.String()
			return nil
		case *uint64:
			*v = src.Uint
			return nil
		case *int64:
			*v = int64(src.Uint)
			return nil
		}
		if nextDst, retry := pgtype.GetAssignToDstType(dst); retry {
			return src.AssignTo(nextDst)
		}
	case pgtype.Null:
		return pgtype.NullAssignTo(dst)
	}
	return fmt.Errorf("cannot assign scru64 %v into %T", src, dst)
}

func (dst *Scru64) DecodeText(ci *pgtype.ConnInfo, src []byte) error {
	if src == nil {
		*dst = Scru64{Status: pgtype.Null}
		return nil
	}
	value, err := ParseScru64(string(src))
	if err != nil {
		return err
	}
	*dst = value
	return nil
}

func (dst *Scru64) DecodeBinary(ci *pgtype.ConnInfo, src []byte) error {
	if src == nil {
		*dst = Scru64{Status: pgtype.Null}
		return nil
	}
	if len(src) != 8 {
		return fmt.Errorf("invalid length for scru64: %d bytes, expected 8", len(src))
	}
	value, err := newScru64(binary.BigEndian.Uint64(src))
	if err != nil {
		return err
	}
	*dst = value
	return nil
}

func (src Scru64) EncodeText(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	return encode(src.Status, buf, func() []byte { return []byte(src.String()) })
}

func (src Scru64) EncodeBinary(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	return encode(src.Status, buf, func() []byte {
		var be [8]byte
		binary.BigEndian.PutUint64(be[:], src.Uint)
		return be[:]
	})
}
