//! Against a live server: PGHOST, PGPORT, PGUSER (and PGDATABASE for the
//! first connection) say where.  The tests share the database clients_rust,
//! made once by the first test to get there.

use std::env;
use std::error::Error;
use std::sync::Once;
use std::time::{SystemTime, UNIX_EPOCH};

use bytes::BytesMut;
use futures_util::{pin_mut, TryStreamExt};
use postgres_types::to_sql_checked;
use scru128_pg::{Scru128, Scru160, Scru64, TypeId, Ulid};
use tokio_postgres::binary_copy::{BinaryCopyInWriter, BinaryCopyOutStream};
use tokio_postgres::error::SqlState;
use tokio_postgres::types::{FromSql, FromSqlOwned, IsNull, Kind, ToSql, Type};
use tokio_postgres::{Client, Config, NoTls};

#[path = "common/vectors.rs"]
mod vectors;

const DATABASE: &str = "clients_rust";

fn config(dbname: &str) -> Config {
    let mut config = Config::new();
    config.host(&env::var("PGHOST").unwrap_or_else(|_| "/var/run/postgresql".into()));
    if let Ok(port) = env::var("PGPORT") {
        config.port(port.parse().expect("PGPORT is a number"));
    }
    config.user(&env::var("PGUSER").expect("PGUSER is set"));
    config.dbname(dbname);
    config
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

async fn connect(dbname: &str) -> Client {
    let (client, connection) = config(dbname).connect(NoTls).await.unwrap();
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            panic!("connection error: {}", e);
        }
    });
    client
}

static CREATE_DATABASE: Once = Once::new();

/// Runs one test on a fresh runtime, connected to clients_rust.
fn with_client<F, Fut>(test: F)
where
    F: FnOnce(Client) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let rt = runtime();
    CREATE_DATABASE.call_once(|| {
        rt.block_on(async {
            let first = env::var("PGDATABASE").unwrap_or_else(|_| "postgres".into());
            let admin = connect(&first).await;
            admin
                .batch_execute(&format!("DROP DATABASE IF EXISTS {}", DATABASE))
                .await
                .unwrap();
            admin
                .batch_execute(&format!("CREATE DATABASE {}", DATABASE))
                .await
                .unwrap();
            let client = connect(DATABASE).await;
            client
                .batch_execute("CREATE EXTENSION IF NOT EXISTS scru128")
                .await
                .unwrap();
        })
    });
    rt.block_on(async {
        let client = connect(DATABASE).await;
        test(client).await
    });
}

/// IDs of one type: made by the server (text), the smallest and largest.
async fn server_ids(client: &Client, ty: &str) -> Vec<String> {
    let make = match ty {
        "scru128" => "scru128()::text",
        "scru160" => "scru160()::text",
        "ulid" => "ulid()::text",
        // the empty prefix, one with an underscore inside, a plain one
        "typeid" => "typeid_generate((ARRAY['', 'pre_fix', 'user'])[g])::text",
        // scru64() needs a node spec; the bigint cast needs nothing
        _ => "(1234567890123 + g)::bigint::scru64::text",
    };
    let longest_typeid = format!("{}_7{}", "z".repeat(63), "z".repeat(25));
    let (min, max) = match ty {
        "scru128" => ("0000000000000000000000000", "f5lxx1zz5pnorynqglhzmsp33"),
        "scru160" => (
            "00000000000000000000000000000000",
            "VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV",
        ),
        "ulid" => ("00000000000000000000000000", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"),
        "typeid" => ("00000000000000000000000000", longest_typeid.as_str()),
        _ => ("000000000000", "zzzzzzzzzzzz"),
    };
    let rows = client
        .query(
            &format!("SELECT {} FROM generate_series(1, 3) g", make),
            &[],
        )
        .await
        .unwrap();
    let mut ids: Vec<String> = rows.iter().map(|r| r.get(0)).collect();
    ids.push(min.to_string());
    ids.push(max.to_string());
    ids
}

async fn check_type<T>(client: &Client, ty: &str)
where
    T: FromSqlOwned
        + ToSql
        + Sync
        + Clone
        + PartialEq
        + std::fmt::Debug
        + std::fmt::Display
        + std::str::FromStr,
    <T as std::str::FromStr>::Err: std::fmt::Debug,
{
    for text in server_ids(client, ty).await {
        let parsed: T = text.parse().unwrap();
        assert_eq!(
            parsed.to_string(),
            text,
            "Display agrees with the server's text"
        );

        // a value in a result, in the binary format
        let row = client
            .query_one(&format!("SELECT $1::text::{}", ty), &[&text])
            .await
            .unwrap();
        let got: T = row.get(0);
        assert_eq!(got, parsed);

        // a parameter, checked against the server's ::text
        let stmt = client
            .prepare(&format!(
                "SELECT $1::{}::text, $1::{} = $2::text::{}",
                ty, ty, ty
            ))
            .await
            .unwrap();
        let row = client.query_one(&stmt, &[&parsed, &text]).await.unwrap();
        assert_eq!(row.get::<_, String>(0), text);
        assert!(row.get::<_, bool>(1));
    }
}

async fn check_array<T>(client: &Client, ty: &str)
where
    T: FromSqlOwned
        + ToSql
        + Sync
        + Clone
        + PartialEq
        + std::fmt::Debug
        + std::fmt::Display
        + std::str::FromStr,
    <T as std::str::FromStr>::Err: std::fmt::Debug,
{
    let texts = server_ids(client, ty).await;
    let values: Vec<T> = texts.iter().map(|t| t.parse().unwrap()).collect();
    let row = client
        .query_one(
            &format!("SELECT $1::{}[]::text[], $2::text[]::{}[]", ty, ty),
            &[&values, &texts],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, Vec<String>>(0), texts);
    assert_eq!(row.get::<_, Vec<T>>(1), values);

    // NULL elements and NULL values
    let with_null: Vec<Option<T>> = vec![Some(values[0].clone()), None];
    let row = client
        .query_one(
            &format!(
                "SELECT $1::{}[]::text[], NULL::{}, $2::{} IS NULL",
                ty, ty, ty
            ),
            &[&with_null, &None::<T>],
        )
        .await
        .unwrap();
    assert_eq!(
        row.get::<_, Vec<Option<String>>>(0),
        vec![Some(texts[0].clone()), None]
    );
    assert_eq!(row.get::<_, Option<T>>(1), None);
    assert!(row.get::<_, bool>(2));
}

async fn check_copy<T>(client: &mut Client, ty: &str, sql_type: Type)
where
    T: FromSqlOwned
        + ToSql
        + Sync
        + Send
        + Clone
        + PartialEq
        + std::fmt::Debug
        + std::fmt::Display
        + std::str::FromStr,
    <T as std::str::FromStr>::Err: std::fmt::Debug,
{
    let table = format!("copy_{}", ty);
    let texts = server_ids(client, ty).await;
    let values: Vec<T> = texts.iter().map(|t| t.parse().unwrap()).collect();
    client
        .batch_execute(&format!("CREATE TEMP TABLE {} (n int, id {})", table, ty))
        .await
        .unwrap();

    let sink = client
        .copy_in(&format!(
            "COPY {} (n, id) FROM STDIN (FORMAT binary)",
            table
        ))
        .await
        .unwrap();
    let writer = BinaryCopyInWriter::new(sink, &[Type::INT4, sql_type.clone()]);
    pin_mut!(writer);
    for (n, value) in values.iter().enumerate() {
        writer.as_mut().write(&[&(n as i32), value]).await.unwrap();
    }
    writer
        .as_mut()
        .write(&[&(values.len() as i32), &None::<T>])
        .await
        .unwrap();
    assert_eq!(writer.finish().await.unwrap(), values.len() as u64 + 1);

    let rows = client
        .query(&format!("SELECT id::text FROM {} ORDER BY n", table), &[])
        .await
        .unwrap();
    let stored: Vec<Option<String>> = rows.iter().map(|r| r.get(0)).collect();
    let mut expected: Vec<Option<String>> = texts.iter().cloned().map(Some).collect();
    expected.push(None);
    assert_eq!(stored, expected);

    let stream = client
        .copy_out(&format!(
            "COPY (SELECT id FROM {} ORDER BY n) TO STDOUT (FORMAT binary)",
            table
        ))
        .await
        .unwrap();
    let rows: Vec<_> = BinaryCopyOutStream::new(stream, &[sql_type])
        .try_collect()
        .await
        .unwrap();
    let copied: Vec<Option<T>> = rows.iter().map(|r| r.get(0)).collect();
    let mut expected: Vec<Option<T>> = values.into_iter().map(Some).collect();
    expected.push(None);
    assert_eq!(copied, expected);
}

async fn type_of(client: &Client, ty: &str) -> Type {
    let stmt = client
        .prepare(&format!("SELECT NULL::{}", ty))
        .await
        .unwrap();
    stmt.columns()[0].type_().clone()
}

#[test]
fn scru128_values_and_parameters() {
    with_client(|client| async move { check_type::<Scru128>(&client, "scru128").await });
}

#[test]
fn scru160_values_and_parameters() {
    with_client(|client| async move { check_type::<Scru160>(&client, "scru160").await });
}

#[test]
fn scru64_values_and_parameters() {
    with_client(|client| async move { check_type::<Scru64>(&client, "scru64").await });
}

#[test]
fn ulid_values_and_parameters() {
    with_client(|client| async move { check_type::<Ulid>(&client, "ulid").await });
}

#[test]
fn typeid_values_and_parameters() {
    with_client(|client| async move { check_type::<TypeId>(&client, "typeid").await });
}

#[test]
fn scru128_arrays_and_null() {
    with_client(|client| async move { check_array::<Scru128>(&client, "scru128").await });
}

#[test]
fn scru160_arrays_and_null() {
    with_client(|client| async move { check_array::<Scru160>(&client, "scru160").await });
}

#[test]
fn scru64_arrays_and_null() {
    with_client(|client| async move { check_array::<Scru64>(&client, "scru64").await });
}

#[test]
fn ulid_arrays_and_null() {
    with_client(|client| async move { check_array::<Ulid>(&client, "ulid").await });
}

#[test]
fn typeid_arrays_and_null() {
    with_client(|client| async move { check_array::<TypeId>(&client, "typeid").await });
}

#[test]
fn scru128_binary_copy() {
    with_client(|mut client| async move {
        let ty = type_of(&client, "scru128").await;
        check_copy::<Scru128>(&mut client, "scru128", ty).await
    });
}

#[test]
fn scru160_binary_copy() {
    with_client(|mut client| async move {
        let ty = type_of(&client, "scru160").await;
        check_copy::<Scru160>(&mut client, "scru160", ty).await
    });
}

#[test]
fn scru64_binary_copy() {
    with_client(|mut client| async move {
        let ty = type_of(&client, "scru64").await;
        check_copy::<Scru64>(&mut client, "scru64", ty).await
    });
}

#[test]
fn ulid_binary_copy() {
    with_client(|mut client| async move {
        let ty = type_of(&client, "ulid").await;
        check_copy::<Ulid>(&mut client, "ulid", ty).await
    });
}

#[test]
fn typeid_binary_copy() {
    with_client(|mut client| async move {
        let ty = type_of(&client, "typeid").await;
        check_copy::<TypeId>(&mut client, "typeid", ty).await
    });
}

#[test]
fn a_column_of_each_type() {
    with_client(|client| async move {
        client
            .batch_execute(
                "CREATE TEMP TABLE t (a scru128, b scru160, c scru64, d ulid, e typeid);
                 INSERT INTO t VALUES (scru128(), scru160(), 42::bigint::scru64, ulid(),
                                       typeid_generate('user'))",
            )
            .await
            .unwrap();
        let row = client
            .query_one(
                "SELECT a, b, c, a::text, b::text, c::text, d, d::text, e, e::text FROM t",
                &[],
            )
            .await
            .unwrap();
        assert_eq!(
            row.get::<_, Scru128>(0).to_string(),
            row.get::<_, String>(3)
        );
        assert_eq!(
            row.get::<_, Scru160>(1).to_string(),
            row.get::<_, String>(4)
        );
        assert_eq!(row.get::<_, Scru64>(2).get(), 42);
        assert_eq!(row.get::<_, Scru64>(2).to_string(), row.get::<_, String>(5));
        assert_eq!(row.get::<_, Ulid>(6).to_string(), row.get::<_, String>(7));
        assert_eq!(row.get::<_, TypeId>(8).to_string(), row.get::<_, String>(9));
        assert_eq!(row.get::<_, TypeId>(8).prefix(), "user");
        assert!(row.try_get::<_, Ulid>(8).is_err());
        assert!(row.try_get::<_, TypeId>(6).is_err());
        // a plain String is refused for the extension's types (binary only)
        assert!(row.try_get::<_, String>(0).is_err());
        // and the adapter's types are refused for other types
        let row = client
            .query_one("SELECT 1::int8, 'x'::bytea", &[])
            .await
            .unwrap();
        assert!(row.try_get::<_, Scru64>(0).is_err());
        assert!(row.try_get::<_, Scru128>(1).is_err());
    });
}

#[test]
fn invalid_text_gives_22p02() {
    with_client(|client| async move {
        for (ty, bad) in [
            ("scru128", "f5lxx1zz5pnorynqglhzmsp34"),
            ("scru128", "not an id"),
            ("scru160", "WVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV"),
            ("scru64", "zzzzzzzzzzzz0"),
            ("ulid", "80000000000000000000000000"),
            ("ulid", "U1ARYZ6S41TSV4RRFFQ69G5FAV"),
            ("ulid", "01ARYZ6S41TSV4RRFFQ69G5FA"),
            ("typeid", "user_01H455VB4PEX5VSKNK084SN02Q"),
            ("typeid", "_01h455vb4pex5vsknk084sn02q"),
            ("typeid", "user_8zzzzzzzzzzzzzzzzzzzzzzzzz"),
        ] {
            let err = client
                .query_one(&format!("SELECT $1::text::{}", ty), &[&bad])
                .await
                .unwrap_err();
            assert_eq!(
                err.code(),
                Some(&SqlState::INVALID_TEXT_REPRESENTATION),
                "{}",
                err
            );
            // FromStr gives the same verdict before anything is sent
            let refused_here = match ty {
                "scru128" => bad.parse::<Scru128>().is_err(),
                "scru160" => bad.parse::<Scru160>().is_err(),
                "ulid" => bad.parse::<Ulid>().is_err(),
                "typeid" => bad.parse::<TypeId>().is_err(),
                _ => bad.parse::<Scru64>().is_err(),
            };
            assert!(refused_here, "{} {:?} parsed on the client", ty, bad);
        }
    });
}

#[test]
fn typeid_vectors_against_the_server() {
    with_client(|client| async move {
        for case in vectors::cases("valid.yml") {
            let (text, prefix, uuid) = (&case["typeid"], &case["prefix"], &case["uuid"]);
            let parsed: TypeId = text.parse().unwrap();
            // the server's value of the text, and of the prefix and UUID
            let row = client
                .query_one(
                    "SELECT $1::text::typeid, typeid($2, $3::text::uuid), typeid_prefix($1::text::typeid),
                            typeid_uuid($1::text::typeid)::text",
                    &[text, prefix, uuid],
                )
                .await
                .unwrap();
            assert_eq!(row.get::<_, TypeId>(0), parsed, "{}", case["name"]);
            assert_eq!(row.get::<_, TypeId>(1), parsed, "{}", case["name"]);
            assert_eq!(row.get::<_, String>(2), *prefix);
            assert_eq!(row.get::<_, String>(3), *uuid);
            // the value as a parameter, in the binary form
            let row = client
                .query_one(
                    "SELECT $1::typeid::text, typeid_prefix($1), typeid_uuid($1)::text",
                    &[&parsed],
                )
                .await
                .unwrap();
            assert_eq!(
                (
                    row.get::<_, String>(0),
                    row.get::<_, String>(1),
                    row.get::<_, String>(2)
                ),
                (text.clone(), prefix.clone(), uuid.clone()),
                "{}",
                case["name"]
            );
        }
        let invalid = vectors::cases("invalid.yml");
        assert_eq!(invalid.len(), vectors::invalid_errors().len());
        for case in invalid {
            let text = &case["typeid"];
            assert!(text.parse::<TypeId>().is_err(), "{}", case["name"]);
            let err = client
                .query_one("SELECT $1::text::typeid", &[text])
                .await
                .unwrap_err();
            assert_eq!(
                err.code(),
                Some(&SqlState::INVALID_TEXT_REPRESENTATION),
                "{}",
                case["name"]
            );
        }
    });
}

/// Every ASCII byte at some positions of a valid text: FromStr accepts
/// what the server accepts, and reads it to the same value.
#[test]
fn text_verdicts_agree_with_the_server_byte_by_byte() {
    with_client(|client| async move {
        for (ty, valid, positions) in [
            ("ulid", "01ARYZ6S41TSV4RRFFQ69G5FAV", &[0usize, 1, 25][..]),
            (
                "typeid",
                "ab_cd_01h455vb4pex5vsknk084sn02q",
                &[0, 2, 4, 6, 7, 31][..],
            ),
        ] {
            let stmt = client
                .prepare(&format!("SELECT $1::text::{}::text", ty))
                .await
                .unwrap();
            for &position in positions {
                for byte in 1u8..=127 {
                    let mut bytes = valid.as_bytes().to_vec();
                    bytes[position] = byte;
                    let text = String::from_utf8(bytes).unwrap();
                    let server = match client.query_one(&stmt, &[&text]).await {
                        Ok(row) => Some(row.get::<_, String>(0)),
                        Err(e) => {
                            assert_eq!(
                                e.code(),
                                Some(&SqlState::INVALID_TEXT_REPRESENTATION),
                                "{}",
                                e
                            );
                            None
                        }
                    };
                    let here = match ty {
                        "ulid" => text.parse::<Ulid>().ok().map(|v| v.to_string()),
                        _ => text.parse::<TypeId>().ok().map(|v| v.to_string()),
                    };
                    assert_eq!(server, here, "{} {:?}", ty, text);
                }
            }
        }
    });
}

/// Bytes as they are, as a parameter of any type.
#[derive(Debug)]
struct Raw(Vec<u8>);

impl ToSql for Raw {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.extend_from_slice(&self.0);
        Ok(IsNull::No)
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

#[test]
fn binary_forms_are_checked_as_the_server_checks_them() {
    with_client(|client| async move {
        let uuid: Vec<u8> = (1..=16).collect();
        let with = |prefix: &[u8]| [&uuid[..], prefix].concat();
        let typeid = Type::new("typeid".into(), 0, Kind::Simple, "public".into());
        let ulid = Type::new("ulid".into(), 0, Kind::Simple, "public".into());
        let cases = [
            ("typeid", with(b""), true),
            ("typeid", with(b"a_b"), true),
            ("typeid", with("z".repeat(63).as_bytes()), true),
            ("typeid", uuid[..15].to_vec(), false),
            ("typeid", with("a".repeat(64).as_bytes()), false),
            ("typeid", with(b"A"), false),
            ("typeid", with(b"_a"), false),
            ("typeid", with(b"a_"), false),
            ("typeid", with(b"a1"), false),
            ("typeid", with(b"a\0"), false),
            ("ulid", vec![0xff; 16], true),
            ("ulid", uuid.clone(), true),
            ("ulid", uuid[..15].to_vec(), false),
            ("ulid", with(b"\0"), false),
        ];
        for (ty, bytes, good) in cases {
            let server = client
                .query_one(&format!("SELECT $1::{}::text", ty), &[&Raw(bytes.clone())])
                .await;
            let here = match ty {
                "ulid" => Ulid::from_sql(&ulid, &bytes).map(|v| v.to_string()),
                _ => TypeId::from_sql(&typeid, &bytes).map(|v| v.to_string()),
            };
            match server {
                Ok(row) => {
                    assert!(good, "{} {:?} accepted", ty, bytes);
                    assert_eq!(row.get::<_, String>(0), here.unwrap());
                }
                Err(e) => {
                    assert!(!good, "{} {:?}: {}", ty, bytes, e);
                    assert_eq!(
                        e.code(),
                        Some(&SqlState::INVALID_BINARY_REPRESENTATION),
                        "{}",
                        e
                    );
                    assert!(here.is_err(), "{} {:?} decoded here", ty, bytes);
                }
            }
        }
    });
}

#[test]
fn time_of_ulid_and_typeid() {
    with_client(|client| async move {
        let row = client
            .query_one(
                "SELECT u, ulid_timestamp(u), t, typeid_timestamp(t), o, typeid_timestamp(o)
                   FROM (SELECT ulid() u, typeid_generate('user') t,
                                'prefix_0123456789abcdefghjkmnpqrs'::typeid o) s",
                &[],
            )
            .await
            .unwrap();
        let (u, t, o): (Ulid, TypeId, TypeId) = (row.get(0), row.get(2), row.get(4));
        assert_eq!(u.time(), row.get::<_, SystemTime>(1));
        assert_eq!(t.time(), Some(row.get::<_, SystemTime>(3)));
        assert_eq!(t.version(), 7);
        // a version 5 UUID has no time, here as on the server
        assert_eq!(
            (o.version(), o.time()),
            (5, row.get::<_, Option<SystemTime>>(5))
        );
        assert_eq!(o.time(), None);
    });
}

/// A few pseudo-random 128-bit numbers (xorshift, seeded by the clock).
fn some_u128s(n: usize) -> Vec<u128> {
    let mut x = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..n)
        .map(|_| u128::from(next()) << 64 | u128::from(next()))
        .collect()
}

#[test]
fn order_agrees_with_the_server() {
    with_client(|client| async move {
        let prefixes = ["", "a", "a_b", "ab", "b", "user"];
        let rows = client
            .query(
                "SELECT typeid_generate(p) FROM unnest($1::text[]) p, generate_series(1, 3)",
                &[&&prefixes[..]],
            )
            .await
            .unwrap();
        let mut typeids: Vec<TypeId> = rows.iter().map(|r| r.get(0)).collect();
        for prefix in prefixes {
            for n in some_u128s(3) {
                typeids.push(TypeId::new(prefix, n.to_be_bytes()).unwrap());
            }
        }
        typeids.reverse();
        let server: Vec<TypeId> = client
            .query_one(
                "SELECT array_agg(t ORDER BY t) FROM unnest($1::typeid[]) t",
                &[&typeids],
            )
            .await
            .unwrap()
            .get(0);
        let mut here = typeids.clone();
        here.sort();
        assert_eq!(server, here);
        // the text compared byte by byte agrees (the C collation's order)
        let mut texts: Vec<String> = typeids.iter().map(|id| id.to_string()).collect();
        texts.sort();
        assert_eq!(
            texts,
            here.iter().map(|id| id.to_string()).collect::<Vec<_>>()
        );

        let rows = client
            .query("SELECT ulid() FROM generate_series(1, 10)", &[])
            .await
            .unwrap();
        let mut ulids: Vec<Ulid> = rows.iter().map(|r| r.get(0)).collect();
        ulids.extend(some_u128s(10).into_iter().map(Ulid::from_u128));
        ulids.reverse();
        let server: Vec<Ulid> = client
            .query_one(
                "SELECT array_agg(u ORDER BY u) FROM unnest($1::ulid[]) u",
                &[&ulids],
            )
            .await
            .unwrap()
            .get(0);
        ulids.sort();
        assert_eq!(server, ulids);
    });
}

#[test]
fn typeid_domain_of_one_prefix() {
    with_client(|client| async move {
        client
            .batch_execute(
                "DROP DOMAIN IF EXISTS rs_user_id CASCADE;
                 CREATE DOMAIN rs_user_id AS typeid CHECK (typeid_check_prefix(VALUE, 'user'));
                 CREATE TEMP TABLE users (id rs_user_id PRIMARY KEY DEFAULT typeid_generate('user'),
                                          name text)",
            )
            .await
            .unwrap();
        // the domain's column comes back as the base type
        let made: TypeId = client
            .query_one("INSERT INTO users (name) VALUES ('ada') RETURNING id", &[])
            .await
            .unwrap()
            .get(0);
        assert_eq!(made.prefix(), "user");

        // a parameter whose type is the domain: accepted through its base type
        let insert = client
            .prepare("INSERT INTO users VALUES ($1, $2)")
            .await
            .unwrap();
        assert_eq!(insert.params()[0].name(), "rs_user_id");
        assert!(matches!(insert.params()[0].kind(), Kind::Domain(base) if base.name() == "typeid"));
        let given = TypeId::new("user", some_u128s(1)[0].to_be_bytes()).unwrap();
        client.execute(&insert, &[&given, &"bob"]).await.unwrap();
        let got: TypeId = client
            .query_one("SELECT id FROM users WHERE name = 'bob'", &[])
            .await
            .unwrap()
            .get(0);
        assert_eq!(got, given);
        let ids: Vec<TypeId> = client
            .query_one("SELECT array_agg(id ORDER BY id) FROM users", &[])
            .await
            .unwrap()
            .get(0);
        assert_eq!(ids.len(), 2);

        // another prefix: the domain's check names both
        let other: TypeId = "post_01h455vb4pex5vsknk084sn02q".parse().unwrap();
        let err = client
            .execute(&insert, &[&other, &"eve"])
            .await
            .unwrap_err();
        assert_eq!(err.code(), Some(&SqlState::CHECK_VIOLATION), "{}", err);
        let message = err.as_db_error().unwrap().message().to_string();
        assert!(
            message.contains(
                r#"TypeID "post_01h455vb4pex5vsknk084sn02q" has the prefix "post", not "user""#
            ),
            "{}",
            message
        );
        let err = client
            .execute(
                "INSERT INTO users VALUES ($1::text::rs_user_id, 'eve')",
                &[&other.to_string()],
            )
            .await
            .unwrap_err();
        assert_eq!(err.code(), Some(&SqlState::CHECK_VIOLATION), "{}", err);
        let count: i64 = client
            .query_one("SELECT count(*) FROM users", &[])
            .await
            .unwrap()
            .get(0);
        assert_eq!(count, 2);
    });
}
