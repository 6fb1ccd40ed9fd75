package scru128pg

import (
	"fmt"

	"github.com/jackc/pgtype"
)

// Scru128 is a scru128: 16 bytes, whose text form is 25 lower-case Base36
// digits (the server reads either case).  Get returns that text.
type Scru128 struct {
	Bytes  [16]byte
	Status pgtype.Status
}

var scru128Type = fixedType{name: "scru128", format: func(src []byte) string { return encodeBase36(src, 25) }, parse: func(text string, dst []byte) error { return decodeBase36("scru128", text, 25, dst) }}

// ParseScru128 reads the text form, as the server's input function does.
func ParseScru128(s string) (Scru128, error) {
	dst := Scru128{Status: pgtype.Present}
	err := scru128Type.parse(s, dst.Bytes[:])
	return dst, err
}

func (src Scru128) String() string {
	return scru128Type.format(src.Bytes[:])
}

func (dst *Scru128) Set(src interface{}) error {
	if value, ok := src.([16]byte); ok {
		*dst = Scru128{Bytes: value, Status: pgtype.Present}
		return nil
	}
	return scru128Type.set(dst.Bytes[:], &dst.Status, src)
}

func (src Scru128) Get() interface{} {
	return get(src.Status, src.String)
}

func (src *Scru128) AssignTo(dst interface{}) error {
	if src.Status == pgtype.Present {
		switch v := dst.(type) {
		case *Scru128:
			*v = *src
			return nil
		case *[16]byte:
			*v = src.Bytes
			return nil
		}
	}
	if done, err := scru128Type.assignTo(src.Bytes[:], src.Status, dst); done {
		return err
	}
	if nextDst, retry := pgtype.GetAssignToDstType(dst); retry {
		return src.AssignTo(nextDst)
	}
	return fmt.Errorf("cannot assign scru128 %v into %T", src, dst)
}

func (dst *Scru128) DecodeText(ci *pgtype.ConnInfo, src []byte) error {
	return scru128Type.decodeText(dst.Bytes[:], &dst.Status, src)
}

func (dst *Scru128) DecodeBinary(ci *pgtype.ConnInfo, src []byte) error {
	return scru128Type.decodeBinary(dst.Bytes[:], &dst.Status, src)
}

func (src Scru128) EncodeText(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	return encode(src.Status, buf, func() []byte { return []byte(src.String()) })
}

func (src Scru128) EncodeBinary(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	return encode(src.Status, buf, func() []byte { return src.Bytes[:] })
}
