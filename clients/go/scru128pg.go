// Package scru128pg adapts the scru128 extension's types scru128, scru160,
// scru64, ulid (release 1.4) and typeid (release 1.5) to pgx v4: pgtype
// values with text and binary codecs, and Register, which looks the types'
// OIDs up in the connected database and registers the values and their
// arrays on the connection.
//
// Without Register, pgx v4 treats the types as unknown: results come back
// as text strings in the text format only, and CopyFrom cannot encode them.
package scru128pg

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgtype"
	"github.com/jackc/pgx/v4"
)

var errUndefined = errors.New("cannot encode status undefined")

// Register registers Scru128, Scru160, Scru64, ULID, TypeID and their
// arrays on conn, by the OIDs the extension has in conn's database (they
// differ from one database to the next).  Call it once per connection, for
// pgxpool in Config.AfterConnect.  A database that lacks scru128, scru160 or
// scru64 is an error; ulid and typeid, which came with releases 1.4 and
// 1.5, are registered where the extension's version has them.
func Register(ctx context.Context, conn *pgx.Conn) error {
	rows, err := conn.Query(ctx,
		`SELECT t, to_regtype(t)::oid, to_regtype(t || '[]')::oid
		   FROM unnest(ARRAY['scru128', 'scru160', 'scru64', 'ulid', 'typeid']) t`)
	if err != nil {
		return err
	}
	defer rows.Close()
	ci := conn.ConnInfo()
	for rows.Next() {
		var name string
		var oid, arrayOID pgtype.OIDValue
		if err := rows.Scan(&name, &oid, &arrayOID); err != nil {
			return err
		}
		if oid.Status != pgtype.Present {
			if optional[name] {
				continue
			}
			return fmt.Errorf("scru128pg: type %s not found (CREATE EXTENSION scru128 first)", name)
		}
		newValue := newValues[name]
		ci.RegisterDataType(pgtype.DataType{Value: newValue(), Name: name, OID: oid.Uint})
		ci.RegisterDataType(pgtype.DataType{
			Value: pgtype.NewArrayType("_"+name, oid.Uint, newValue),
			Name:  "_" + name,
			OID:   arrayOID.Uint,
		})
	}
	return rows.Err()
}

var newValues = map[string]func() pgtype.ValueTranscoder{
	"scru128": func() pgtype.ValueTranscoder { return &Scru128{} },
	"scru160": func() pgtype.ValueTranscoder { return &Scru160{} },
	"scru64":  func() pgtype.ValueTranscoder { return &Scru64{} },
	"ulid":    func() pgtype.ValueTranscoder { return &ULID{} },
	"typeid":  func() pgtype.ValueTranscoder { return &TypeID{} },
}

// optional are the types of releases after 1.3: an older installation
// lacks them, and Register registers the others.
var optional = map[string]bool{"ulid": true, "typeid": true}

// fromGetter follows pgtype's convention: a pgtype value given to Set is
// set from what its Get returns.
func fromGetter(src interface{}) (interface{}, bool) {
	if value, ok := src.(interface{ Get() interface{} }); ok {
		if value2 := value.Get(); value2 != value {
			return value2, true
		}
	}
	return nil, false
}

// fixedType is what Scru128 and Scru160 share: a byte string of fixed
// size with a text form; their methods hand it their Bytes and Status.
type fixedType struct {
	name   string
	format func(src []byte) string
	parse  func(text string, dst []byte) error
}

// set is Set for nil, the text form (string or *string), the bytes as a
// slice, or any pgtype value whose Get gives one of those.
func (t fixedType) set(dst []byte, status *pgtype.Status, src interface{}) error {
	if value, ok := fromGetter(src); ok {
		return t.set(dst, status, value)
	}
	tmp := make([]byte, len(dst))
	var err error
	switch value := src.(type) {
	case nil:
		*status = pgtype.Null
		return nil
	case string:
		err = t.parse(value, tmp)
	case *string:
		if value == nil {
			*status = pgtype.Null
			return nil
		}
		err = t.parse(*value, tmp)
	case []byte:
		if value == nil {
			*status = pgtype.Null
			return nil
		}
		if len(value) != len(dst) {
			return fmt.Errorf("cannot convert %d bytes to %s: need %d", len(value), t.name, len(dst))
		}
		copy(tmp, value)
	default:
		return fmt.Errorf("cannot convert %T to %s", src, t.name)
	}
	if err != nil {
		return err
	}
	copy(dst, tmp)
	*status = pgtype.Present
	return nil
}

// assignTo is AssignTo for the destinations the types share; assigned is
// false for any other.
func (t fixedType) assignTo(src []byte, status pgtype.Status, dst interface{}) (assigned bool, err error) {
	switch status {
	case pgtype.Present:
		switch v := dst.(type) {
		case *string:
			*v = t.format(src)
			return true, nil
		case *[]byte:
			*v = append([]byte(nil), src...)
			return true, nil
		}
		return false, nil
	case pgtype.Null:
		return true, pgtype.NullAssignTo(dst)
	}
	return true, fmt.Errorf("cannot assign undefined %s into %T", t.name, dst)
}

func (t fixedType) decodeText(dst []byte, status *pgtype.Status, src []byte) error {
	if src == nil {
		*status = pgtype.Null
		return nil
	}
	if err := t.parse(string(src), dst); err != nil {
		return err
	}
	*status = pgtype.Present
	return nil
}

func (t fixedType) decodeBinary(dst []byte, status *pgtype.Status, src []byte) error {
	if src == nil {
		*status = pgtype.Null
		return nil
	}
	if len(src) != len(dst) {
		return fmt.Errorf("invalid length for %s: %d bytes, expected %d", t.name, len(src), len(dst))
	}
	copy(dst, src)
	*status = pgtype.Present
	return nil
}

// encode is EncodeText or EncodeBinary given the value's form: NULL is a
// nil buffer, as pgtype has it.
func encode(status pgtype.Status, buf []byte, form func() []byte) ([]byte, error) {
	switch status {
	case pgtype.Present:
		return append(buf, form()...), nil
	case pgtype.Null:
		return nil, nil
	}
	return nil, errUndefined
}

// get is Get: the text form, nil for NULL.
func get(status pgtype.Status, text func() string) interface{} {
	switch status {
	case pgtype.Present:
		return text()
	case pgtype.Null:
		return nil
	}
	return status
}
