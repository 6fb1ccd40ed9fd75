package scru128pg_test

// Against a live server: PGHOST, PGPORT, PGUSER and PGDATABASE (for the
// first connection) say where; the tests make and use the database
// clients_go.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgtype"
	"github.com/jackc/pgx/v4"

	scru128pg "scru128-extension.example/scru128/clients/go"
)

const database = "clients_go"

func TestMain(m *testing.M) {
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, "")
	if err != nil {
		fmt.Fprintln(os.Stderr, "connect:", err)
		os.Exit(1)
	}
	for _, sql := range []string{"DROP DATABASE IF EXISTS " + database, "CREATE DATABASE " + database} {
		if _, err := admin.Exec(ctx, sql); err != nil {
			fmt.Fprintln(os.Stderr, sql+":", err)
			os.Exit(1)
		}
	}
	admin.Close(ctx)
	os.Exit(m.Run())
}

// connect opens a connection to clients_go with the adapter registered.
func connect(t *testing.T) *pgx.Conn {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, "dbname="+database)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	if _, err := conn.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS scru128"); err != nil {
		t.Fatal(err)
	}
	if err := scru128pg.Register(ctx, conn); err != nil {
		t.Fatal(err)
	}
	return conn
}

type idType struct {
	name string
	// makes IDs on the server, as text
	make     string
	min, max string
	// a new value of the adapter's type, and one parsed from text
	newValue func() pgtype.ValueTranscoder
	parse    func(string) (interface{}, error)
}

var idTypes = []idType{
	{"scru128", "scru128()::text", "0000000000000000000000000", "f5lxx1zz5pnorynqglhzmsp33",
		func() pgtype.ValueTranscoder { return &scru128pg.Scru128{} },
		func(s string) (interface{}, error) { return scru128pg.ParseScru128(s) }},
	{"scru160", "scru160()::text", "00000000000000000000000000000000", "VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV",
		func() pgtype.ValueTranscoder { return &scru128pg.Scru160{} },
		func(s string) (interface{}, error) { return scru128pg.ParseScru160(s) }},
	// scru64() needs a node spec; the bigint cast needs nothing
	{"scru64", "(1234567890123 + g)::bigint::scru64::text", "000000000000", "zzzzzzzzzzzz",
		func() pgtype.ValueTranscoder { return &scru128pg.Scru64{} },
		func(s string) (interface{}, error) { return scru128pg.ParseScru64(s) }},
	{"ulid", "ulid()::text", "00000000000000000000000000", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
		func() pgtype.ValueTranscoder { return &scru128pg.ULID{} },
		func(s string) (interface{}, error) { return scru128pg.ParseULID(s) }},
	// a prefix, none, and one with an underscore; the largest has 63 letters
	{"typeid", "typeid_generate((ARRAY['user', '', 'pre_fix'])[g])::text", "00000000000000000000000000",
		"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk_7zzzzzzzzzzzzzzzzzzzzzzzzz",
		func() pgtype.ValueTranscoder { return &scru128pg.TypeID{} },
		func(s string) (interface{}, error) { return scru128pg.ParseTypeID(s) }},
}

// serverIDs gives IDs the server made, and the type's smallest and largest.
func serverIDs(t *testing.T, conn *pgx.Conn, ty idType) []string {
	t.Helper()
	rows, err := conn.Query(context.Background(), "SELECT "+ty.make+" FROM generate_series(1, 3) g")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return append(ids, ty.min, ty.max)
}

func TestValuesAndParameters(t *testing.T) {
	conn := connect(t)
	ctx := context.Background()
	for _, ty := range idTypes {
		ty := ty
		t.Run(ty.name, func(t *testing.T) {
			for _, text := range serverIDs(t, conn, ty) {
				parsed, err := ty.parse(text)
				if err != nil {
					t.Fatal(err)
				}
				if got := fmt.Sprint(parsed); got != text {
					t.Errorf("String() = %q, the server says %q", got, text)
				}
				// a result in the binary format, into the adapter's type
				// and into a string
				value := ty.newValue()
				var asText string
				err = conn.QueryRow(ctx, "SELECT $1::text::"+ty.name+", $1::text::"+ty.name, text).Scan(value, &asText)
				if err != nil {
					t.Fatal(err)
				}
				if value.Get() != text || asText != text {
					t.Errorf("got %v and %q, want %q", value.Get(), asText, text)
				}
				if !reflect.DeepEqual(reflect.ValueOf(value).Elem().Interface(), parsed) {
					t.Errorf("decoded %v, parsed %v", value, parsed)
				}
				// rows.Values() and interface{} get what Get returns
				var any interface{}
				if err := conn.QueryRow(ctx, "SELECT $1::text::"+ty.name, text).Scan(&any); err != nil {
					t.Fatal(err)
				}
				if any != text {
					t.Errorf("scanned into interface{} as %#v, want %q", any, text)
				}
				// parameters: the adapter's value and a plain string
				var back string
				var same bool
				err = conn.QueryRow(ctx, "SELECT $1::"+ty.name+"::text, $1::"+ty.name+" = $2::"+ty.name,
					parsed, text).Scan(&back, &same)
				if err != nil {
					t.Fatal(err)
				}
				if back != text || !same {
					t.Errorf("parameter came back as %q (equal: %v), want %q", back, same, text)
				}
			}
		})
	}
}

func TestArraysAndNull(t *testing.T) {
	conn := connect(t)
	ctx := context.Background()
	for _, ty := range idTypes {
		ty := ty
		t.Run(ty.name, func(t *testing.T) {
			texts := serverIDs(t, conn, ty)
			var back []string
			var decoded pgtype.Value = pgtype.NewArrayType("_"+ty.name, 0, ty.newValue)
			err := conn.QueryRow(ctx, "SELECT $1::"+ty.name+"[]::text[], $1::text[]::"+ty.name+"[]", texts).
				Scan(&back, decoded)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back, texts) {
				t.Errorf("array came back as %v, want %v", back, texts)
			}
			var decodedTexts []string
			if err := decoded.AssignTo(&decodedTexts); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(decodedTexts, texts) {
				t.Errorf("array decoded as %v, want %v", decodedTexts, texts)
			}

			// NULL: a NULL element, a NULL value, a nil parameter
			var withNull []*string
			value := ty.newValue()
			var ptr *string = &texts[0]
			var isNull bool
			err = conn.QueryRow(ctx, "SELECT ARRAY[$1::text::"+ty.name+", NULL], NULL::"+ty.name+", $2::"+ty.name+", $3::"+ty.name+" IS NULL",
				texts[0], nil, nil).Scan(&withNull, value, &ptr, &isNull)
			if err != nil {
				t.Fatal(err)
			}
			if len(withNull) != 2 || withNull[0] == nil || *withNull[0] != texts[0] || withNull[1] != nil {
				t.Errorf("array with NULL came back as %v", withNull)
			}
			if value.Get() != nil || ptr != nil || !isNull {
				t.Errorf("NULL came back as %v, %v, %v", value.Get(), ptr, isNull)
			}
		})
	}
}

func TestCopyFrom(t *testing.T) {
	conn := connect(t)
	ctx := context.Background()
	for _, ty := range idTypes {
		ty := ty
		t.Run(ty.name, func(t *testing.T) {
			table := "copy_" + ty.name
			if _, err := conn.Exec(ctx, "CREATE TEMP TABLE "+table+" (n int, id "+ty.name+")"); err != nil {
				t.Fatal(err)
			}
			texts := serverIDs(t, conn, ty)
			var rows [][]interface{}
			for n, text := range texts {
				parsed, err := ty.parse(text)
				if err != nil {
					t.Fatal(err)
				}
				// pgx v4's CopyFrom sends a Go string as it is, even in
				// binary: values go in as the adapter's types
				rows = append(rows, []interface{}{n, parsed})
			}
			rows = append(rows, []interface{}{len(texts), nil})
			count, err := conn.CopyFrom(ctx, pgx.Identifier{table}, []string{"n", "id"}, pgx.CopyFromRows(rows))
			if err != nil {
				t.Fatal(err)
			}
			if count != int64(len(rows)) {
				t.Errorf("copied %d rows, want %d", count, len(rows))
			}
			var stored []*string
			if err := conn.QueryRow(ctx, "SELECT array_agg(id::text ORDER BY n) FROM "+table).Scan(&stored); err != nil {
				t.Fatal(err)
			}
			if len(stored) != len(rows) || stored[len(texts)] != nil {
				t.Fatalf("stored %v", stored)
			}
			for i, text := range texts {
				if stored[i] == nil || *stored[i] != text {
					t.Errorf("row %d stored as %v, want %q", i, stored[i], text)
				}
			}
		})
	}
}

func TestInvalidTextGives22P02(t *testing.T) {
	conn := connect(t)
	ctx := context.Background()
	for _, c := range []struct{ ty, bad string }{
		{"scru128", "f5lxx1zz5pnorynqglhzmsp34"},
		{"scru128", "not an id"},
		{"scru160", "WVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV"},
		{"scru64", "zzzzzzzzzzzz0"},
		{"ulid", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ"},
		{"ulid", "01ARYZ6S41TSV4RRFFQ69G5FAU"},
		{"typeid", "user_01H455VB4PEX5VSKNK084SN02Q"},
		{"typeid", "User_01h455vb4pex5vsknk084sn02q"},
	} {
		var s string
		err := conn.QueryRow(ctx, "SELECT $1::text::"+c.ty+"::text", c.bad).Scan(&s)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "22P02" {
			t.Errorf("%s %q: got %v, want SQLSTATE 22P02", c.ty, c.bad, err)
		}
		// the adapter refuses it before sending, with the same verdict
		for _, ty := range idTypes {
			if ty.name == c.ty {
				if _, err := ty.parse(c.bad); err == nil {
					t.Errorf("%s %q parsed on the client", c.ty, c.bad)
				}
			}
		}
	}
}

func TestScru160HexInputAndScru64Numbers(t *testing.T) {
	conn := connect(t)
	ctx := context.Background()
	var hex, b32 string
	if err := conn.QueryRow(ctx, "SELECT encode(scru160_send(x), 'hex'), x::text FROM (SELECT scru160() x) s").Scan(&hex, &b32); err != nil {
		t.Fatal(err)
	}
	fromHex, err := scru128pg.ParseScru160(hex)
	if err != nil || fromHex.String() != b32 {
		t.Errorf("hex %s parsed as %v (%v), the server says %s", hex, fromHex, err, b32)
	}
	var n uint64
	var i int64
	if err := conn.QueryRow(ctx, "SELECT 42::bigint::scru64, $1::scru64::bigint", uint64(77)).Scan(&n, &i); err != nil {
		t.Fatal(err)
	}
	if n != 42 || i != 77 {
		t.Errorf("got %d and %d, want 42 and 77", n, i)
	}
	var s scru128pg.Scru64
	if err := s.Set(int64(-1)); err == nil {
		t.Errorf("Set(-1) accepted")
	}
	if err := s.Set(uint64(scru128pg.Scru64MaxValue + 1)); err == nil {
		t.Errorf("Set(max + 1) accepted")
	}
}
