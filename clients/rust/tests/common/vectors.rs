//! The TypeID spec's test data, `test/vectors/typeid` of the repository
//! (spec 0.3.0), read as the project's other readers read it: `- name:`
//! starts a case, `key: "value"` lines follow, `#` lines are comments.
//! Shared by the unit tests (src/lib.rs) and the live tests, each of
//! which uses part of it.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::env;
use std::fs;
use std::path::PathBuf;

/// The folder: `SCRU128_TYPEID_VECTORS` (test.sh sets it, as it builds a
/// copy of the crate elsewhere), else the repository's, from this crate.
pub fn dir() -> PathBuf {
    match env::var_os("SCRU128_TYPEID_VECTORS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../test/vectors/typeid"),
    }
}

fn read(file: &str) -> String {
    let path = dir().join(file);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}", path.display(), e))
}

/// The cases of valid.yml or invalid.yml, each a map of its keys.
pub fn cases(file: &str) -> Vec<BTreeMap<String, String>> {
    let mut cases: Vec<BTreeMap<String, String>> = Vec::new();
    for line in read(file).lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = match line.strip_prefix("- ") {
            Some(rest) => {
                cases.push(BTreeMap::new());
                rest.split_once(": ")
            }
            None => line.split_once(": "),
        }
        .unwrap_or_else(|| panic!("{}: cannot read {:?}", file, line));
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .unwrap_or(value);
        cases
            .last_mut()
            .unwrap_or_else(|| panic!("{}: {:?} before the first case", file, line))
            .insert(key.to_string(), value.to_string());
    }
    assert!(!cases.is_empty(), "{}: no cases", file);
    cases
}

/// invalid_errors.tsv: case name => the decoder's error ("prefix_char 3").
pub fn invalid_errors() -> BTreeMap<String, String> {
    read("invalid_errors.tsv")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .skip(1)
        .map(|line| {
            let (name, error) = line.split_once('\t').expect("name, a tab, the error");
            (name.to_string(), error.to_string())
        })
        .collect()
}

/// The UUID's 16 bytes of its hyphenated hex text.
pub fn uuid_bytes(text: &str) -> [u8; 16] {
    let hex: String = text.chars().filter(|c| *c != '-').collect();
    assert_eq!(hex.len(), 32, "{:?}", text);
    let mut bytes = [0u8; 16];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap();
    }
    bytes
}

/// The hyphenated lower-case hex text of 16 bytes, as the server prints a uuid.
pub fn uuid_text(bytes: [u8; 16]) -> String {
    let hex: String = bytes.iter().map(|b| format!("{:02x}", b)).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}
