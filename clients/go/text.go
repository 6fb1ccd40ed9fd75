package scru128pg

import "fmt"

const (
	base36Digits    = "0123456789abcdefghijklmnopqrstuvwxyz"
	base32hexDigits = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
)

// digitValue is the value of an ASCII digit in radix 36 (either case), or
// -1; the caller compares it with its own radix.
func digitValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return -1
}

// encodeBase36 writes the big-endian number in src as width digits.
func encodeBase36(src []byte, width int) string {
	num := make([]byte, len(src))
	copy(num, src)
	out := make([]byte, width)
	for i := width - 1; i >= 0; i-- {
		rem := 0
		for j := range num {
			cur := rem<<8 | int(num[j])
			num[j] = byte(cur / 36)
			rem = cur % 36
		}
		out[i] = base36Digits[rem]
	}
	return string(out)
}

// decodeBase36 reads exactly width digits into the big-endian dst, which
// must be large enough for every value the type allows: overflow is an error.
func decodeBase36(typeName, src string, width int, dst []byte) error {
	if len(src) != width {
		return fmt.Errorf("invalid %s text: %d bytes, expected %d Base36 digits", typeName, len(src), width)
	}
	for i := range dst {
		dst[i] = 0
	}
	for i := 0; i < len(src); i++ {
		d := digitValue(src[i])
		if d < 0 {
			return fmt.Errorf("invalid %s text: byte %d is not a Base36 digit", typeName, i+1)
		}
		carry := d
		for j := len(dst) - 1; j >= 0; j-- {
			cur := int(dst[j])*36 + carry
			dst[j] = byte(cur)
			carry = cur >> 8
		}
		if carry != 0 {
			return fmt.Errorf("invalid %s text: value out of range", typeName)
		}
	}
	return nil
}

// encodeBase32hex writes 20 bytes as 32 digits, 5 bits each.
func encodeBase32hex(src []byte) string {
	out := make([]byte, 32)
	for group := 0; group < 4; group++ {
		var bits uint64
		for _, b := range src[5*group : 5*group+5] {
			bits = bits<<8 | uint64(b)
		}
		for i := 7; i >= 0; i-- {
			out[8*group+i] = base32hexDigits[bits&31]
			bits >>= 5
		}
	}
	return string(out)
}

// decodeScru160Text reads 32 base32hex digits or 40 hex digits, either
// case, as the server does.
func decodeScru160Text(src string, dst []byte) error {
	radix, width := 0, uint(0)
	switch len(src) {
	case 32:
		radix, width = 32, 5
	case 40:
		radix, width = 16, 4
	default:
		return fmt.Errorf("invalid scru160 text: %d bytes, expected 32 base32hex or 40 hex digits", len(src))
	}
	var tmp [20]byte
	var acc uint32
	var nbits uint
	pos := 0
	for i := 0; i < len(src); i++ {
		d := digitValue(src[i])
		if d < 0 || d >= radix {
			return fmt.Errorf("invalid scru160 text: byte %d is not a digit of radix %d", i+1, radix)
		}
		acc = acc<<width | uint32(d)
		nbits += width
		if nbits >= 8 {
			nbits -= 8
			tmp[pos] = byte(acc >> nbits)
			acc &= 1<<nbits - 1
			pos++
		}
	}
	copy(dst, tmp[:])
	return nil
}
