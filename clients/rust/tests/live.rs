//! Against a live server: PGHOST, PGPORT, PGUSER (and PGDATABASE for the
//! first connection) say where.  The tests share the database clients_rust,
//! made once by the first test to get there.

use std::env;
use std::sync::Once;

use futures_util::{pin_mut, TryStreamExt};
use scru128_pg::{Scru128, Scru160, Scru64};
use tokio_postgres::binary_copy::{BinaryCopyInWriter, BinaryCopyOutStream};
use tokio_postgres::error::SqlState;
use tokio_postgres::types::{FromSqlOwned, ToSql, Type};
use tokio_postgres::{Client, Config, NoTls};

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
        // scru64() needs a node spec; the bigint cast needs nothing
        _ => "(1234567890123 + g)::bigint::scru64::text",
    };
    let (min, max) = match ty {
        "scru128" => ("0000000000000000000000000", "f5lxx1zz5pnorynqglhzmsp33"),
        "scru160" => ("00000000000000000000000000000000", "VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV"),
        _ => ("000000000000", "zzzzzzzzzzzz"),
    };
    let rows = client
        .query(&format!("SELECT {} FROM generate_series(1, 3) g", make), &[])
        .await
        .unwrap();
    let mut ids: Vec<String> = rows.iter().map(|r| r.get(0)).collect();
    ids.push(min.to_string());
    ids.push(max.to_string());
    ids
}

async fn check_type<T>(client: &Client, ty: &str)
where
    T: FromSqlOwned + ToSql + Sync + Clone + PartialEq + std::fmt::Debug + std::fmt::Display + std::str::FromStr,
    <T as std::str::FromStr>::Err: std::fmt::Debug,
{
    for text in server_ids(client, ty).await {
        let parsed: T = text.parse().unwrap();
        assert_eq!(parsed.to_string(), text, "Display agrees with the server's text");

        // a value in a result, in the binary format
        let row = client
            .query_one(&format!("SELECT $1::text::{}", ty), &[&text])
            .await
            .unwrap();
        let got: T = row.get(0);
        assert_eq!(got, parsed);

        // a parameter, checked against the server's ::text
        let stmt = client
            .prepare(&format!("SELECT $1::{}::text, $1::{} = $2::text::{}", ty, ty, ty))
            .await
            .unwrap();
        let row = client.query_one(&stmt, &[&parsed, &text]).await.unwrap();
        assert_eq!(row.get::<_, String>(0), text);
        assert!(row.get::<_, bool>(1));
    }
}

async fn check_array<T>(client: &Client, ty: &str)
where
    T: FromSqlOwned + ToSql + Sync + Clone + PartialEq + std::fmt::Debug + std::fmt::Display + std::str::FromStr,
    <T as std::str::FromStr>::Err: std::fmt::Debug,
{
    let texts = server_ids(client, ty).await;
    let values: Vec<T> = texts.iter().map(|t| t.parse().unwrap()).collect();
    let row = client
        .query_one(&format!("SELECT $1::{}[]::text[], $2::text[]::{}[]", ty, ty), &[&values, &texts])
        .await
        .unwrap();
    assert_eq!(row.get::<_, Vec<String>>(0), texts);
    assert_eq!(row.get::<_, Vec<T>>(1), values);

    // NULL elements and NULL values
    let with_null: Vec<Option<T>> = vec![Some(values[0].clone()), None];
    let row = client
        .query_one(
            &format!("SELECT $1::{}[]::text[], NULL::{}, $2::{} IS NULL", ty, ty, ty),
            &[&with_null, &None::<T>],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, Vec<Option<String>>>(0), vec![Some(texts[0].clone()), None]);
    assert_eq!(row.get::<_, Option<T>>(1), None);
    assert!(row.get::<_, bool>(2));
}

async fn check_copy<T>(client: &mut Client, ty: &str, sql_type: Type)
where
    T: FromSqlOwned + ToSql + Sync + Send + Clone + PartialEq + std::fmt::Debug + std::fmt::Display + std::str::FromStr,
    <T as std::str::FromStr>::Err: std::fmt::Debug,
{
    let table = format!("copy_{}", ty);
    let texts = server_ids(client, ty).await;
    let values: Vec<T> = texts.iter().map(|t| t.parse().unwrap()).collect();
    client
        .batch_execute(&format!(
            "CREATE TEMP TABLE {} (n int, id {})",
            table, ty
        ))
        .await
        .unwrap();

    let sink = client
        .copy_in(&format!("COPY {} (n, id) FROM STDIN (FORMAT binary)", table))
        .await
        .unwrap();
    let writer = BinaryCopyInWriter::new(sink, &[Type::INT4, sql_type.clone()]);
    pin_mut!(writer);
    for (n, value) in values.iter().enumerate() {
        writer.as_mut().write(&[&(n as i32), value]).await.unwrap();
    }
    writer.as_mut().write(&[&(values.len() as i32), &None::<T>]).await.unwrap();
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
        .copy_out(&format!("COPY (SELECT id FROM {} ORDER BY n) TO STDOUT (FORMAT binary)", table))
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
    let stmt = client.prepare(&format!("SELECT NULL::{}", ty)).await.unwrap();
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
fn a_column_of_each_type() {
    with_client(|client| async move {
        client
            .batch_execute(
                "CREATE TEMP TABLE t (a scru128, b scru160, c scru64);
                 INSERT INTO t VALUES (scru128(), scru160(), 42::bigint::scru64)",
            )
            .await
            .unwrap();
        let row = client
            .query_one("SELECT a, b, c, a::text, b::text, c::text FROM t", &[])
            .await
            .unwrap();
        assert_eq!(row.get::<_, Scru128>(0).to_string(), row.get::<_, String>(3));
        assert_eq!(row.get::<_, Scru160>(1).to_string(), row.get::<_, String>(4));
        assert_eq!(row.get::<_, Scru64>(2).get(), 42);
        assert_eq!(row.get::<_, Scru64>(2).to_string(), row.get::<_, String>(5));
        // a plain String is refused for the extension's types (binary only)
        assert!(row.try_get::<_, String>(0).is_err());
        // and the adapter's types are refused for other types
        let row = client.query_one("SELECT 1::int8, 'x'::bytea", &[]).await.unwrap();
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
        ] {
            let err = client
                .query_one(&format!("SELECT $1::text::{}", ty), &[&bad])
                .await
                .unwrap_err();
            assert_eq!(err.code(), Some(&SqlState::INVALID_TEXT_REPRESENTATION), "{}", err);
            // FromStr gives the same verdict before anything is sent
            let refused_here = match ty {
                "scru128" => bad.parse::<Scru128>().is_err(),
                "scru160" => bad.parse::<Scru160>().is_err(),
                _ => bad.parse::<Scru64>().is_err(),
            };
            assert!(refused_here, "{} {:?} parsed on the client", ty, bad);
        }
    });
}
