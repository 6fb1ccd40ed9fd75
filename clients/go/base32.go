package scru128pg

import "errors"

// The 26-digit base-32 form of 128 bits that ULID and TypeID share: the
// first digit holds the top 3 bits, each other digit 5.  The two differ in
// the alphabet's case and in what their decoders accept besides it.
const (
	ulidDigits   = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	typeIDDigits = "0123456789abcdefghjkmnpqrstvwxyz"
)

// digitTable maps a byte to its digit value, or -1.
type digitTable [256]int8

// ulidDigitValues reads either case and, as Crockford's Base32 does, I and
// L as 1 and O as 0; U is not a digit.
var ulidDigitValues = func() (t digitTable) {
	for i := range t {
		t[i] = -1
	}
	for v, c := range []byte(ulidDigits) {
		t[c] = int8(v)
		t[c|0x20] = int8(v)
	}
	for _, c := range []byte("IiLl") {
		t[c] = 1
	}
	t['O'], t['o'] = 0, 0
	return t
}()

// typeIDDigitValues reads the lower-case alphabet only: no upper case and
// no Crockford aliases, as the TypeID spec requires.
var typeIDDigitValues = func() (t digitTable) {
	for i := range t {
		t[i] = -1
	}
	for v, c := range []byte(typeIDDigits) {
		t[c] = int8(v)
	}
	return t
}()

// encodeBase32x128 writes the 16 big-endian bytes of src as 26 digits.
func encodeBase32x128(src []byte, digits string) string {
	var out [26]byte
	var acc uint32 // bits not yet written, the last nbits of acc
	nbits := uint(2)
	// 130 bits of digits for 128 of value: two leading zero bits
	pos := 0
	for _, b := range src {
		acc = acc<<8 | uint32(b)
		nbits += 8
		for nbits >= 5 {
			nbits -= 5
			out[pos] = digits[acc>>nbits&31]
			pos++
		}
	}
	return string(out[:])
}

var (
	errBase32Digit    = errors.New("not a digit")
	errBase32Overflow = errors.New("more than 128 bits")
)

// decodeBase32x128 reads exactly 26 digits into dst (16 bytes).  A byte
// that is no digit is errBase32Digit, with its 0-based position; a first
// digit above 7 is errBase32Overflow.  Bad digits are reported before the
// overflow, as the server does.
func decodeBase32x128(src string, values *digitTable, dst []byte) (badPos int, err error) {
	for i := 0; i < len(src); i++ {
		if values[src[i]] < 0 {
			return i, errBase32Digit
		}
	}
	if values[src[0]] > 7 {
		return 0, errBase32Overflow
	}
	var acc uint32
	nbits := uint(0)
	pos := 0
	for i := 0; i < len(src); i++ {
		acc = acc<<5 | uint32(values[src[i]])
		nbits += 5
		if i == 0 {
			nbits = 3 // the two leading bits are zero
		}
		if nbits >= 8 {
			nbits -= 8
			dst[pos] = byte(acc >> nbits)
			pos++
		}
		acc &= 1<<nbits - 1
	}
	return 0, nil
}
