package scru128pg_test

// ulid and typeid against a live server: the formats the other types'
// tests leave out (text results, text parameters), the TypeID spec's cases,
// a domain of one prefix, the order and the time, and Register on a
// database whose extension predates the two types.

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgtype"
	"github.com/jackc/pgx/v4"

	scru128pg "scru128-extension.example/scru128/clients/go"
)

// TestTextFormat: results in the text format (DecodeText) and parameters
// in the simple protocol (EncodeText), where the other tests use binary.
func TestTextFormat(t *testing.T) {
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
				value := ty.newValue()
				err = conn.QueryRow(ctx, "SELECT $1::text::"+ty.name, pgx.QueryResultFormats{pgx.TextFormatCode}, text).Scan(value)
				if err != nil {
					t.Fatal(err)
				}
				if value.Get() != text {
					t.Errorf("text result decoded as %v, want %q", value.Get(), text)
				}
				var back string
				err = conn.QueryRow(ctx, "SELECT $1::"+ty.name+"::text", pgx.QuerySimpleProtocol(true), parsed).Scan(&back)
				if err != nil {
					t.Fatal(err)
				}
				if back != text {
					t.Errorf("text parameter came back as %q, want %q", back, text)
				}
			}
		})
	}
}

func TestTypeIDSpecCasesOnServer(t *testing.T) {
	conn := connect(t)
	ctx := context.Background()
	for _, c := range scru128pg.ReadVectorCases(t, "typeid/valid.yml") {
		text := c["typeid"]
		want, err := scru128pg.ParseTypeID(text)
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range []int16{pgx.BinaryFormatCode, pgx.TextFormatCode} {
			var id scru128pg.TypeID
			var prefix, uuid, back string
			err := conn.QueryRow(ctx, "SELECT $1::text::typeid, typeid_prefix($1::text::typeid), typeid_uuid($1::text::typeid)::text, $2::typeid::text",
				pgx.QueryResultFormats{format, pgx.TextFormatCode, pgx.TextFormatCode, pgx.TextFormatCode}, text, want).
				Scan(&id, &prefix, &uuid, &back)
			if err != nil {
				t.Fatalf("%s: %v", c["name"], err)
			}
			if id != want || prefix != c["prefix"] || uuid != c["uuid"] || back != text {
				t.Errorf("%s (format %d): server gave %v, %q, %s, %q; the spec says %q, %s",
					c["name"], format, id, prefix, uuid, back, c["prefix"], c["uuid"])
			}
		}
	}
	for _, c := range scru128pg.ReadVectorCases(t, "typeid/invalid.yml") {
		var s string
		err := conn.QueryRow(ctx, "SELECT $1::text::typeid::text", c["typeid"]).Scan(&s)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "22P02" {
			t.Errorf("%s %q: got %v, want SQLSTATE 22P02", c["name"], c["typeid"], err)
		}
		if _, err := scru128pg.ParseTypeID(c["typeid"]); err == nil {
			t.Errorf("%s %q parsed on the client", c["name"], c["typeid"])
		}
	}
}

func TestTypeIDDomain(t *testing.T) {
	conn := connect(t)
	ctx := context.Background()
	for _, sql := range []string{
		"CREATE DOMAIN user_id AS typeid CHECK (typeid_check_prefix(VALUE, 'user'))",
		"CREATE TEMP TABLE users (n int, id user_id)",
	} {
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { conn.Exec(ctx, "DROP DOMAIN user_id CASCADE") })
	var fresh string
	if err := conn.QueryRow(ctx, "SELECT typeid_generate('user')::text").Scan(&fresh); err != nil {
		t.Fatal(err)
	}
	good, err := scru128pg.ParseTypeID(fresh)
	if err != nil {
		t.Fatal(err)
	}
	other, err := scru128pg.NewTypeID("post", good.UUID)
	if err != nil {
		t.Fatal(err)
	}
	// a TypeID parameter (binary), a string (text), NULL, CopyFrom
	if _, err := conn.Exec(ctx, "INSERT INTO users VALUES (1, $1), (2, $2), (3, $3)", good, fresh, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.CopyFrom(ctx, pgx.Identifier{"users"}, []string{"n", "id"}, pgx.CopyFromRows([][]interface{}{{4, good}})); err != nil {
		t.Fatal(err)
	}
	for _, format := range []int16{pgx.BinaryFormatCode, pgx.TextFormatCode} {
		rows, err := conn.Query(ctx, "SELECT n, id FROM users ORDER BY n", pgx.QueryResultFormats{pgx.TextFormatCode, format})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			var i int32
			var id scru128pg.TypeID
			if err := rows.Scan(&i, &id); err != nil {
				t.Fatal(err)
			}
			n++
			if i == 3 {
				if id.Status != pgtype.Null {
					t.Errorf("row 3 (NULL) came back as %v", id)
				}
			} else if id != good {
				t.Errorf("row %d (format %d) came back as %v, want %v", i, format, id, good)
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if n != 4 {
			t.Errorf("%d rows, want 4", n)
		}
	}
	// another prefix: the domain's check names both (23514), whichever way
	// the value comes
	want := `TypeID "` + other.String() + `" has the prefix "post", not "user"`
	checks := []func() error{
		func() error { _, err := conn.Exec(ctx, "INSERT INTO users VALUES (5, $1)", other); return err },
		func() error {
			_, err := conn.Exec(ctx, "INSERT INTO users VALUES (5, $1)", other.String())
			return err
		},
		func() error {
			_, err := conn.CopyFrom(ctx, pgx.Identifier{"users"}, []string{"n", "id"}, pgx.CopyFromRows([][]interface{}{{5, other}}))
			return err
		},
	}
	for i, check := range checks {
		err := check()
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "23514" || pgErr.Message != want {
			t.Errorf("check %d: got %v, want SQLSTATE 23514 %q", i, err, want)
		}
	}
	var count int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM users WHERE n = 5").Scan(&count); err != nil || count != 0 {
		t.Errorf("the other prefix was stored: %d rows, %v", count, err)
	}
}

// TestOrderAndTime: Compare sorts as ORDER BY does; TimestampMs and Time
// are the server's ulid_timestamp_ms and typeid_timestamp.
func TestOrderAndTime(t *testing.T) {
	conn := connect(t)
	ctx := context.Background()
	rows, err := conn.Query(ctx, `
		SELECT id, typeid_timestamp(id) FROM (
		  SELECT typeid(p, u) AS id
		    FROM unnest(ARRAY['', 'a', 'a_b', 'ab', 'b', 'user']) p,
		         LATERAL (SELECT gen_random_uuid() UNION ALL SELECT uuidv7()
		                  UNION ALL SELECT '00000000-0000-0000-0000-000000000000'
		                  UNION ALL SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'
		                  UNION ALL SELECT '80000000-0000-7000-8000-000000000000'
		                  UNION ALL SELECT '017f22e2-79b0-7cc3-98c4-dc0c0c07398f') s(u)
		) s ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	var ids []scru128pg.TypeID
	for rows.Next() {
		var id scru128pg.TypeID
		var ts pgtype.Timestamptz
		if err := rows.Scan(&id, &ts); err != nil {
			t.Fatal(err)
		}
		got, ok := id.Time()
		if ok != (ts.Status == pgtype.Present) || (ok && !got.Equal(ts.Time)) {
			t.Errorf("%v: Time() = %v, %v; the server says %v", id, got, ok, ts)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	v7 := 0
	for i := range ids {
		if _, ok := ids[i].Time(); ok {
			v7++
		}
		if i > 0 && ids[i-1].Compare(ids[i]) >= 0 {
			t.Errorf("Compare: %v > %v, the server orders them the other way", ids[i-1], ids[i])
		}
		if i > 0 && ids[i-1] == ids[i] {
			t.Errorf("== holds for %v and %v", ids[i-1], ids[i])
		}
	}
	if len(ids) != 6*6 || v7 != 6*3 {
		t.Errorf("%d TypeIDs, %d of them UUIDv7, want 36 and 18", len(ids), v7)
	}
	if !sort.SliceIsSorted(ids, func(i, j int) bool { return ids[i].String() < ids[j].String() }) {
		t.Errorf("the server's order is not the text's byte order")
	}

	rows, err = conn.Query(ctx, `
		SELECT id, ulid_timestamp_ms(id), ulid_timestamp(id)
		  FROM (SELECT gen_random_uuid()::ulid FROM generate_series(1, 50)
		        UNION ALL SELECT ulid() UNION ALL SELECT ulid(now() - interval '1 day')) s(id)
		 ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	var ulids []scru128pg.ULID
	for rows.Next() {
		var id scru128pg.ULID
		var ms int64
		var ts time.Time
		if err := rows.Scan(&id, &ms, &ts); err != nil {
			t.Fatal(err)
		}
		if int64(id.TimestampMs()) != ms || !id.Time().Equal(ts) {
			t.Errorf("%v: %d, %v; the server says %d, %v", id, id.TimestampMs(), id.Time(), ms, ts)
		}
		if n := len(ulids); n > 0 && ulids[n-1].Compare(id) >= 0 {
			t.Errorf("Compare: %v >= %v, the server orders them the other way", ulids[n-1], id)
		}
		ulids = append(ulids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(ulids) != 52 {
		t.Errorf("%d ULIDs, want 52", len(ulids))
	}
}

// TestRegisterBeforeRelease14: a database whose extension is at release
// 1.3 has neither ulid nor typeid; Register registers the other types and
// no error.  After the update to the default version it registers both.
func TestRegisterBeforeRelease14(t *testing.T) {
	ctx := context.Background()
	const db = database + "_13"
	admin := connect(t)
	for _, sql := range []string{"DROP DATABASE IF EXISTS " + db, "CREATE DATABASE " + db} {
		if _, err := admin.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	conn, err := pgx.Connect(ctx, "dbname="+db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE EXTENSION scru128 VERSION '1.3'"); err != nil {
		t.Fatal(err)
	}
	if err := scru128pg.Register(ctx, conn); err != nil {
		t.Fatalf("Register on release 1.3: %v", err)
	}
	ci := conn.ConnInfo()
	for name, want := range map[string]bool{"scru128": true, "_scru64": true, "ulid": false, "typeid": false, "_typeid": false} {
		if _, ok := ci.DataTypeForName(name); ok != want {
			t.Errorf("release 1.3: %s registered: %v, want %v", name, ok, want)
		}
	}
	if _, err := conn.Exec(ctx, "ALTER EXTENSION scru128 UPDATE"); err != nil {
		t.Fatal(err)
	}
	conn2, err := pgx.Connect(ctx, "dbname="+db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close(ctx)
	if err := scru128pg.Register(ctx, conn2); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ulid", "_ulid", "typeid", "_typeid"} {
		if _, ok := conn2.ConnInfo().DataTypeForName(name); !ok {
			t.Errorf("after the update: %s not registered", name)
		}
	}
	var id scru128pg.TypeID
	if err := conn2.QueryRow(ctx, "SELECT typeid_generate('user')").Scan(&id); err != nil || id.Prefix != "user" {
		t.Errorf("after the update: %v, %v", id, err)
	}
	conn.Close(ctx)
	conn2.Close(ctx)
	if _, err := admin.Exec(ctx, "DROP DATABASE "+db); err != nil {
		t.Error(err)
	}
}

func ExampleParseTypeID() {
	id, err := scru128pg.ParseTypeID("prefix_01h455vb4pex5vsknk084sn02q")
	if err != nil {
		panic(err)
	}
	when, _ := id.Time()
	fmt.Printf("%s %x %s\n", id.Prefix, id.UUID, when.UTC().Format(time.RFC3339Nano))
	// Output: prefix 01890a5dac96774bbcceb302099a8057 2023-06-30T03:34:18.518Z
}
