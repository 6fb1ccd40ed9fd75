package scru128pg

// The ULID and TypeID codecs against the test vectors of test/vectors (the
// TypeID spec's own valid.yml and invalid.yml among them), without a
// server.  SCRU128_VECTORS names the folder; by default it is found from
// this package's folder in the repository.

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgtype"
)

func vectorsPath(t *testing.T, name string) string {
	t.Helper()
	dir := os.Getenv("SCRU128_VECTORS")
	if dir == "" {
		dir = filepath.Join("..", "..", "test", "vectors")
	}
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("test vectors not found (set SCRU128_VECTORS): %v", err)
	}
	return path
}

// readLines gives the lines of a vectors file.
func readLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(vectorsPath(t, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// readTSV gives the rows of a vectors TSV file as maps by column name: "#"
// lines are comments, the first other line names the columns.
func readTSV(t *testing.T, name string) []map[string]string {
	t.Helper()
	var header []string
	var rows []map[string]string
	for _, line := range readLines(t, name) {
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		fields := strings.Split(line, "\t")
		if header == nil {
			header = fields
			continue
		}
		row := map[string]string{}
		for i, h := range header {
			if i < len(fields) {
				row[h] = fields[i]
			}
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		t.Fatalf("%s has no rows", name)
	}
	return rows
}

// readYAMLCases reads the spec's YAML files in the subset they use: "- name:"
// starts a case, `key: "value"` lines follow, "#" lines are comments.
func readYAMLCases(t *testing.T, name string) []map[string]string {
	t.Helper()
	var cases []map[string]string
	for n, line := range readLines(t, name) {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if strings.HasPrefix(trimmed, "- ") {
			cases = append(cases, map[string]string{})
			trimmed = strings.TrimPrefix(trimmed, "- ")
		}
		key, value, ok := strings.Cut(trimmed, ": ")
		if !ok || len(cases) == 0 {
			t.Fatalf("%s:%d: not a line of the expected form: %q", name, n+1, line)
		}
		if strings.HasPrefix(value, `"`) {
			if len(value) < 2 || !strings.HasSuffix(value, `"`) || strings.ContainsAny(value[1:len(value)-1], `"\`) {
				t.Fatalf("%s:%d: unexpected quoting: %q", name, n+1, line)
			}
			value = value[1 : len(value)-1]
		}
		cases[len(cases)-1][key] = value
	}
	if len(cases) == 0 {
		t.Fatalf("%s has no cases", name)
	}
	return cases
}

func uuidBytes(t *testing.T, s string) (b [16]byte) {
	t.Helper()
	raw, err := hex.DecodeString(strings.ReplaceAll(s, "-", ""))
	if err != nil || len(raw) != 16 {
		t.Fatalf("bad uuid %q in the vectors", s)
	}
	copy(b[:], raw)
	return b
}

func TestTypeIDSpecValid(t *testing.T) {
	cases := readYAMLCases(t, "typeid/valid.yml")
	for _, c := range cases {
		c := c
		t.Run(c["name"], func(t *testing.T) {
			id, err := ParseTypeID(c["typeid"])
			if err != nil {
				t.Fatal(err)
			}
			want := uuidBytes(t, c["uuid"])
			if id.Prefix != c["prefix"] || id.UUID != want || id.Status != pgtype.Present {
				t.Errorf("decoded as %q, %x, want %q, %x", id.Prefix, id.UUID, c["prefix"], want)
			}
			made, err := NewTypeID(c["prefix"], want)
			if err != nil {
				t.Fatal(err)
			}
			if made.String() != c["typeid"] || made != id {
				t.Errorf("encoded as %q, want %q", made.String(), c["typeid"])
			}
			// the codecs: text both ways, binary (UUID then prefix) both ways
			var fromText, fromBinary TypeID
			if err := fromText.DecodeText(nil, []byte(c["typeid"])); err != nil || fromText != id {
				t.Errorf("DecodeText: %v, %v", fromText, err)
			}
			text, err := id.EncodeText(nil, nil)
			if err != nil || string(text) != c["typeid"] {
				t.Errorf("EncodeText: %q, %v", text, err)
			}
			bin, err := id.EncodeBinary(nil, nil)
			if err != nil || string(bin) != string(want[:])+c["prefix"] {
				t.Errorf("EncodeBinary: %x, %v", bin, err)
			}
			if err := fromBinary.DecodeBinary(nil, bin); err != nil || fromBinary != id {
				t.Errorf("DecodeBinary: %v, %v", fromBinary, err)
			}
		})
	}
	if len(cases) != 9 {
		t.Errorf("valid.yml has %d cases, 9 expected", len(cases))
	}
}

func TestTypeIDSpecInvalid(t *testing.T) {
	errorsByName := map[string]string{}
	for _, row := range readTSV(t, "typeid/invalid_errors.tsv") {
		errorsByName[row["name"]] = row["error"]
	}
	cases := readYAMLCases(t, "typeid/invalid.yml")
	for _, c := range cases {
		c := c
		t.Run(c["name"], func(t *testing.T) {
			text := c["typeid"]
			_, err := ParseTypeID(text)
			var terr *typeIDError
			if !errors.As(err, &terr) {
				t.Fatalf("%q: got %v, want a refusal", text, err)
			}
			kind := terr.kind
			if terr.pos != 0 {
				kind += " " + strconv.Itoa(terr.pos)
			}
			if want := errorsByName[c["name"]]; kind != want {
				t.Errorf("%q refused as %q (%v), the server's decoder says %q", text, kind, err, want)
			}
			var dst TypeID
			if err := dst.DecodeText(nil, []byte(text)); err == nil {
				t.Errorf("DecodeText accepted %q", text)
			}
			if err := dst.Set(text); err == nil {
				t.Errorf("Set accepted %q", text)
			}
		})
	}
	if len(cases) != 21 || len(errorsByName) != len(cases) {
		t.Errorf("invalid.yml has %d cases and invalid_errors.tsv %d, 21 expected", len(cases), len(errorsByName))
	}
}

func TestTypeIDBinaryIsStrict(t *testing.T) {
	var dst TypeID
	uuid := make([]byte, 16)
	for _, bad := range []string{"", "USER", "user_", "_user", "us3r", strings.Repeat("a", 64)} {
		if err := dst.DecodeBinary(nil, append(uuid, bad...)); err == nil && bad != "" {
			t.Errorf("DecodeBinary accepted the prefix %q", bad)
		}
	}
	if err := dst.DecodeBinary(nil, uuid[:15]); err == nil {
		t.Errorf("DecodeBinary accepted 15 bytes")
	}
	if err := dst.DecodeBinary(nil, append(uuid, strings.Repeat("a", 63)...)); err != nil {
		t.Errorf("DecodeBinary refused a 63-byte prefix: %v", err)
	}
	for _, bad := range []string{"User", "a_", "_a", "a1"} {
		if _, err := NewTypeID(bad, [16]byte{}); err == nil {
			t.Errorf("NewTypeID accepted the prefix %q", bad)
		}
		if _, err := (TypeID{Prefix: bad, Status: pgtype.Present}).EncodeBinary(nil, nil); err == nil {
			t.Errorf("EncodeBinary accepted the prefix %q", bad)
		}
		if _, err := (TypeID{Prefix: bad, Status: pgtype.Present}).EncodeText(nil, nil); err == nil {
			t.Errorf("EncodeText accepted the prefix %q", bad)
		}
	}
}

// referenceBase32 is the 26-digit text of 16 bytes by big.Int, a bit at a
// time in effect: the codec's own shifts are not used.
func referenceBase32(b []byte, digits string) string {
	n := new(big.Int).SetBytes(b)
	out := make([]byte, 26)
	thirtyTwo := big.NewInt(32)
	rem := new(big.Int)
	for i := 25; i >= 0; i-- {
		n.DivMod(n, thirtyTwo, rem)
		out[i] = digits[rem.Int64()]
	}
	return string(out)
}

func TestRandomRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	letters := "abcdefghijklmnopqrstuvwxyz_"
	for i := 0; i < 20000; i++ {
		var b [16]byte
		rng.Read(b[:])
		u := ULID{Bytes: b, Status: pgtype.Present}
		if got, want := u.String(), referenceBase32(b[:], ulidDigits); got != want {
			t.Fatalf("ULID %x: %s, reference %s", b, got, want)
		}
		back, err := ParseULID(strings.ToLower(u.String()))
		if err != nil || back != u {
			t.Fatalf("ULID %s back as %v, %v", u, back, err)
		}
		prefix := make([]byte, rng.Intn(TypeIDPrefixMax+1))
		for j := range prefix {
			prefix[j] = letters[rng.Intn(26)]
			if j > 0 && j < len(prefix)-1 && rng.Intn(5) == 0 {
				prefix[j] = '_'
			}
		}
		id, err := NewTypeID(string(prefix), b)
		if err != nil {
			t.Fatal(err)
		}
		want := referenceBase32(b[:], typeIDDigits)
		if len(prefix) > 0 {
			want = string(prefix) + "_" + want
		}
		if id.String() != want {
			t.Fatalf("TypeID %q %x: %s, reference %s", prefix, b, id, want)
		}
		back2, err := ParseTypeID(want)
		if err != nil || back2 != id {
			t.Fatalf("TypeID %s back as %v, %v", want, back2, err)
		}
	}
}

func TestULIDVectors(t *testing.T) {
	for _, row := range readTSV(t, "ulid_vectors.tsv") {
		u, err := ParseULID(row["ulid"])
		want := uuidBytes(t, row["uuid"])
		if err != nil || u.Bytes != want || u.String() != row["ulid"] {
			t.Errorf("%s: decoded %x (%v), want %x; back as %s", row["ulid"], u.Bytes, err, want, u)
		}
		if ms := strconv.FormatUint(u.TimestampMs(), 10); ms != row["timestamp_ms"] {
			t.Errorf("%s: timestamp %s, want %s", row["ulid"], ms, row["timestamp_ms"])
		}
		if u.Time().UnixMilli() != int64(u.TimestampMs()) {
			t.Errorf("%s: Time %v", row["ulid"], u.Time())
		}
	}
	for _, row := range readTSV(t, "ulid_aliases.tsv") {
		u, err := ParseULID(row["input"])
		if err != nil || u.String() != row["canonical"] {
			t.Errorf("%s: read as %s (%v), want %s", row["input"], u, err, row["canonical"])
		}
	}
	for _, row := range readTSV(t, "ulid_invalid.tsv") {
		text := unescapeHex(t, row["text_escaped"])
		_, err := ParseULID(text)
		var want string
		switch kind, pos, _ := strings.Cut(row["error"], " "); kind {
		case "length":
			want = fmt.Sprintf("%d bytes", len(text))
		case "digit":
			want = "byte " + pos + " "
		case "overflow":
			want = "exceeds"
		default:
			t.Fatalf("unknown error %q", row["error"])
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want an error with %q (%s)", text, err, want, row["error"])
		}
	}
}

// unescapeHex reads \xHH as the byte HH, every other byte as itself.
func unescapeHex(t *testing.T, s string) string {
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) && s[i+1] == 'x' {
			b, err := strconv.ParseUint(s[i+2:i+4], 16, 8)
			if err != nil {
				t.Fatalf("bad escape in %q", s)
			}
			out = append(out, byte(b))
			i += 3
			continue
		}
		out = append(out, s[i])
	}
	return string(out)
}

// ReadVectorCases gives the live tests (package scru128pg_test) the cases
// of a YAML file of test/vectors.
var ReadVectorCases = readYAMLCases
