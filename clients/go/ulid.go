package scru128pg

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/jackc/pgtype"
)

// ULID is a ulid (release 1.4): 16 bytes, the ULID spec's binary layout (a
// 48-bit Unix millisecond timestamp, then 80 random bits, big-endian), whose
// text form is 26 upper-case Crockford Base32 digits.  The server reads
// either case, I and L as 1 and O as 0, and so does ParseULID.  Get returns
// the text; values compare with == and Compare.
type ULID struct {
	Bytes  [16]byte
	Status pgtype.Status
}

var ulidType = fixedType{name: "ulid", format: formatULID, parse: parseULID}

func formatULID(src []byte) string {
	return encodeBase32x128(src, ulidDigits)
}

func parseULID(text string, dst []byte) error {
	if len(text) != 26 {
		return fmt.Errorf("invalid ulid text: %d bytes, expected 26 Crockford Base32 digits", len(text))
	}
	pos, err := decodeBase32x128(text, &ulidDigitValues, dst)
	switch err {
	case errBase32Digit:
		return fmt.Errorf("invalid ulid text: byte %d is not a Crockford Base32 digit", pos+1)
	case errBase32Overflow:
		return fmt.Errorf("invalid ulid text: the value exceeds the largest ULID, 7ZZZZZZZZZZZZZZZZZZZZZZZZZ")
	}
	return nil
}

// ParseULID reads the text form, as the server's input function does.
func ParseULID(s string) (ULID, error) {
	dst := ULID{Status: pgtype.Present}
	err := ulidType.parse(s, dst.Bytes[:])
	return dst, err
}

func (src ULID) String() string {
	return ulidType.format(src.Bytes[:])
}

// Compare orders as the server does: by the bytes, so by time.  It
// returns -1, 0 or +1.
func (src ULID) Compare(other ULID) int {
	return bytes.Compare(src.Bytes[:], other.Bytes[:])
}

// TimestampMs is the 48-bit timestamp, milliseconds since the Unix epoch
// (the server's ulid_timestamp_ms).
func (src ULID) TimestampMs() uint64 {
	var be [8]byte
	copy(be[2:], src.Bytes[:6])
	return binary.BigEndian.Uint64(be[:])
}

// Time is the embedded time (the server's ulid_timestamp).
func (src ULID) Time() time.Time {
	return time.UnixMilli(int64(src.TimestampMs()))
}

// Set takes nil, the text form (string or *string), the 16 bytes ([16]byte
// or []byte), or a pgtype value whose Get gives one of those.
func (dst *ULID) Set(src interface{}) error {
	if value, ok := src.([16]byte); ok {
		*dst = ULID{Bytes: value, Status: pgtype.Present}
		return nil
	}
	return ulidType.set(dst.Bytes[:], &dst.Status, src)
}

func (src ULID) Get() interface{} {
	return get(src.Status, src.String)
}

func (src *ULID) AssignTo(dst interface{}) error {
	if src.Status == pgtype.Present {
		switch v := dst.(type) {
		case *ULID:
			*v = *src
			return nil
		case *[16]byte:
			*v = src.Bytes
			return nil
		}
	}
	if done, err := ulidType.assignTo(src.Bytes[:], src.Status, dst); done {
		return err
	}
	if nextDst, retry := pgtype.GetAssignToDstType(dst); retry {
		return src.AssignTo(nextDst)
	}
	return fmt.Errorf("cannot assign ulid %v into %T", src, dst)
}

func (dst *ULID) DecodeText(ci *pgtype.ConnInfo, src []byte) error {
	return ulidType.decodeText(dst.Bytes[:], &dst.Status, src)
}

func (dst *ULID) DecodeBinary(ci *pgtype.ConnInfo, src []byte) error {
	return ulidType.decodeBinary(dst.Bytes[:], &dst.Status, src)
}

func (src ULID) EncodeText(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	return encode(src.Status, buf, func() []byte { return []byte(src.String()) })
}

func (src ULID) EncodeBinary(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	return encode(src.Status, buf, func() []byte { return src.Bytes[:] })
}
