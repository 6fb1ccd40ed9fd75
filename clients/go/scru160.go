package scru128pg

import (
	"fmt"

	"github.com/jackc/pgtype"
)

// Scru160 is a scru160: 20 bytes, whose text form is 32 upper-case
// base32hex digits (the server also reads lower case and 40 hex digits).
// Get returns that text.
type Scru160 struct {
	Bytes  [20]byte
	Status pgtype.Status
}

var scru160Type = fixedType{name: "scru160", format: encodeBase32hex, parse: decodeScru160Text}

// ParseScru160 reads the text form, as the server's input function does.
func ParseScru160(s string) (Scru160, error) {
	dst := Scru160{Status: pgtype.Present}
	err := scru160Type.parse(s, dst.Bytes[:])
	return dst, err
}

func (src Scru160) String() string {
	return scru160Type.format(src.Bytes[:])
}

func (dst *Scru160) Set(src interface{}) error {
	if value, ok := src.([20]byte); ok {
		*dst = Scru160{Bytes: value, Status: pgtype.Present}
		return nil
	}
	return scru160Type.set(dst.Bytes[:], &dst.Status, src)
}

func (src Scru160) Get() interface{} {
	return get(src.Status, src.String)
}

func (src *Scru160) AssignTo(dst interface{}) error {
	if src.Status == pgtype.Present {
		switch v := dst.(type) {
		case *Scru160:
			*v = *src
			return nil
		case *[20]byte:
			*v = src.Bytes
			return nil
		}
	}
	if done, err := scru160Type.assignTo(src.Bytes[:], src.Status, dst); done {
		return err
	}
	if nextDst, retry := pgtype.GetAssignToDstType(dst); retry {
		return src.AssignTo(nextDst)
	}
	return fmt.Errorf("cannot assign scru160 %v into %T", src, dst)
}

func (dst *Scru160) DecodeText(ci *pgtype.ConnInfo, src []byte) error {
	return scru160Type.decodeText(dst.Bytes[:], &dst.Status, src)
}

func (dst *Scru160) DecodeBinary(ci *pgtype.ConnInfo, src []byte) error {
	return scru160Type.decodeBinary(dst.Bytes[:], &dst.Status, src)
}

func (src Scru160) EncodeText(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	return encode(src.Status, buf, func() []byte { return []byte(src.String()) })
}

func (src Scru160) EncodeBinary(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	return encode(src.Status, buf, func() []byte { return src.Bytes[:] })
}
