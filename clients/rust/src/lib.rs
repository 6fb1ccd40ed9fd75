//! `FromSql` and `ToSql` (postgres-types 0.2, hence tokio-postgres 0.7 and
//! postgres 0.19) for the scru128 extension's types.
//!
//! The extension's OIDs differ from one database to the next, so the types
//! are recognised by name (a domain by its base type's).  Values travel in
//! the binary format the server's send and receive functions use: a
//! `scru128` is its 16 bytes, a `scru160` its 20 bytes, a `scru64` a
//! big-endian `int8`, a `ulid` its 16 bytes, a `typeid` its UUID's 16 bytes
//! then its prefix's.  `Vec<T>` and `Option<T>` of each type work through
//! postgres-types' own impls (arrays, NULL).

use std::error::Error;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bytes::BytesMut;
use postgres_types::{to_sql_checked, FromSql, IsNull, Kind, ToSql, Type};

const BASE36: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
const BASE32HEX: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";

/// A text form the server would refuse as well (SQLSTATE 22P02 there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    type_name: &'static str,
    detail: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {} text: {}", self.type_name, self.detail)
    }
}

impl Error for ParseError {}

fn parse_error(type_name: &'static str, detail: String) -> ParseError {
    ParseError { type_name, detail }
}

/// The type `name`, or a domain over it (a domain's values are its base
/// type's on the wire).
fn is_type(ty: &Type, name: &str) -> bool {
    match ty.kind() {
        Kind::Domain(base) => is_type(base, name),
        _ => ty.name() == name,
    }
}

fn base36_digit(c: u8) -> Option<u32> {
    (c as char).to_digit(36)
}

/// Fixed-width Base36 into a u128; None on overflow of `max`.
fn parse_base36(
    type_name: &'static str,
    s: &str,
    width: usize,
    max: u128,
) -> Result<u128, ParseError> {
    if s.len() != width {
        return Err(parse_error(
            type_name,
            format!("expected {} Base36 digits, got {} bytes", width, s.len()),
        ));
    }
    let mut value: u128 = 0;
    for (i, c) in s.bytes().enumerate() {
        let d = base36_digit(c).ok_or_else(|| {
            parse_error(type_name, format!("byte {} is not a Base36 digit", i + 1))
        })?;
        value = value
            .checked_mul(36)
            .and_then(|v| v.checked_add(u128::from(d)))
            .filter(|v| *v <= max)
            .ok_or_else(|| parse_error(type_name, "value out of range".to_string()))?;
    }
    Ok(value)
}

fn write_base36(f: &mut fmt::Formatter<'_>, mut value: u128, width: usize) -> fmt::Result {
    let mut buf = [b'0'; 25];
    for slot in buf[..width].iter_mut().rev() {
        *slot = BASE36[(value % 36) as usize];
        value /= 36;
    }
    // only ASCII digits were written
    f.write_str(std::str::from_utf8(&buf[..width]).unwrap())
}

fn fixed_bytes<const N: usize>(
    type_name: &str,
    raw: &[u8],
) -> Result<[u8; N], Box<dyn Error + Sync + Send>> {
    raw.try_into().map_err(|_| {
        format!(
            "binary {} value of {} bytes, expected {}",
            type_name,
            raw.len(),
            N
        )
        .into()
    })
}

/// A `scru128`: 128 bits, shown as 25 lower-case Base36 digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Scru128(pub [u8; 16]);

impl Scru128 {
    pub fn as_u128(&self) -> u128 {
        u128::from_be_bytes(self.0)
    }

    pub fn from_u128(value: u128) -> Self {
        Scru128(value.to_be_bytes())
    }
}

impl fmt::Display for Scru128 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_base36(f, self.as_u128(), 25)
    }
}

impl FromStr for Scru128 {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        parse_base36("scru128", s, 25, u128::MAX).map(Scru128::from_u128)
    }
}

impl<'a> FromSql<'a> for Scru128 {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn Error + Sync + Send>> {
        fixed_bytes::<16>("scru128", raw).map(Scru128)
    }

    fn accepts(ty: &Type) -> bool {
        is_type(ty, "scru128")
    }
}

impl ToSql for Scru128 {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.extend_from_slice(&self.0);
        Ok(IsNull::No)
    }

    fn accepts(ty: &Type) -> bool {
        is_type(ty, "scru128")
    }

    to_sql_checked!();
}

/// A `scru160`: 160 bits, shown as 32 upper-case base32hex digits (the
/// server also reads lower case and 40 hex digits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Scru160(pub [u8; 20]);

impl fmt::Display for Scru160 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = [0u8; 32];
        // four groups of 5 bytes = 8 digits
        for (group, chunk) in self.0.chunks(5).enumerate() {
            let mut bits = chunk.iter().fold(0u64, |acc, b| acc << 8 | u64::from(*b));
            for i in (0..8).rev() {
                text[8 * group + i] = BASE32HEX[(bits & 31) as usize];
                bits >>= 5;
            }
        }
        f.write_str(std::str::from_utf8(&text).unwrap())
    }
}

impl FromStr for Scru160 {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        let (radix, bits_per_digit) = match s.len() {
            32 => (32, 5),
            40 => (16, 4),
            n => {
                return Err(parse_error(
                    "scru160",
                    format!("expected 32 base32hex or 40 hex digits, got {} bytes", n),
                ))
            }
        };
        let mut bytes = [0u8; 20];
        let mut acc: u32 = 0;
        let mut nbits = 0;
        let mut pos = 0;
        for (i, c) in s.bytes().enumerate() {
            let d = (c as char).to_digit(radix).ok_or_else(|| {
                parse_error(
                    "scru160",
                    format!("byte {} is not a digit of radix {}", i + 1, radix),
                )
            })?;
            acc = acc << bits_per_digit | d;
            nbits += bits_per_digit;
            if nbits >= 8 {
                nbits -= 8;
                bytes[pos] = (acc >> nbits) as u8;
                acc &= (1 << nbits) - 1;
                pos += 1;
            }
        }
        Ok(Scru160(bytes))
    }
}

impl<'a> FromSql<'a> for Scru160 {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn Error + Sync + Send>> {
        fixed_bytes::<20>("scru160", raw).map(Scru160)
    }

    fn accepts(ty: &Type) -> bool {
        is_type(ty, "scru160")
    }
}

impl ToSql for Scru160 {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.extend_from_slice(&self.0);
        Ok(IsNull::No)
    }

    fn accepts(ty: &Type) -> bool {
        is_type(ty, "scru160")
    }

    to_sql_checked!();
}

/// A `scru64`: a number below 36^12, shown as 12 lower-case Base36 digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Scru64(u64);

impl Scru64 {
    /// The largest `scru64`, 36^12 - 1 ("zzzzzzzzzzzz").
    pub const MAX: u64 = 4_738_381_338_321_616_895;

    /// None above [`Scru64::MAX`], which the server would refuse.
    pub fn new(value: u64) -> Option<Self> {
        if value <= Self::MAX {
            Some(Scru64(value))
        } else {
            None
        }
    }

    pub fn get(self) -> u64 {
        self.0
    }
}

impl fmt::Display for Scru64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_base36(f, u128::from(self.0), 12)
    }
}

impl FromStr for Scru64 {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        parse_base36("scru64", s, 12, u128::from(Scru64::MAX)).map(|v| Scru64(v as u64))
    }
}

impl<'a> FromSql<'a> for Scru64 {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn Error + Sync + Send>> {
        let value = u64::from_be_bytes(fixed_bytes::<8>("scru64", raw)?);
        Scru64::new(value)
            .ok_or_else(|| format!("binary scru64 value out of range: {}", value).into())
    }

    fn accepts(ty: &Type) -> bool {
        is_type(ty, "scru64")
    }
}

impl ToSql for Scru64 {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.extend_from_slice(&self.0.to_be_bytes());
        Ok(IsNull::No)
    }

    fn accepts(ty: &Type) -> bool {
        is_type(ty, "scru64")
    }

    to_sql_checked!();
}

/// Crockford's Base32 alphabet, the digits of a ULID's text.
const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// The TypeID spec's alphabet: Crockford's in lower case.
const TYPEID_ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// 128 bits as 26 digits of an alphabet (the first digit holds 3 bits).
fn encode_base32_128(mut value: u128, alphabet: &[u8; 32]) -> [u8; 26] {
    let mut text = [0u8; 26];
    for slot in text.iter_mut().rev() {
        *slot = alphabet[(value & 31) as usize];
        value >>= 5;
    }
    text
}

/// Why 26 digits are not 128 bits.
enum Base32Error {
    /// the 0-based index of the first byte that is not a digit
    Digit(usize),
    /// a first digit above 7
    Overflow,
}

/// 26 digits into 128 bits: every byte a digit, then the first at most 7,
/// in that order (the server's base32_128_decode).
fn decode_base32_128(text: &[u8], digit: fn(u8) -> Option<u8>) -> Result<u128, Base32Error> {
    let mut value: u128 = 0;
    let mut first = 0;
    for (i, &c) in text.iter().enumerate() {
        let d = digit(c).ok_or(Base32Error::Digit(i))?;
        if i == 0 {
            first = d;
        }
        // 26 digits are 130 bits: the first digit's top 2 bits fall off
        // here, and must be 0
        value = value << 5 | u128::from(d);
    }
    if first > 7 {
        return Err(Base32Error::Overflow);
    }
    Ok(value)
}

/// A ULID digit as the server's ulid_in reads it: either case, I and L
/// as 1, O as 0, U not a digit.
fn ulid_digit(c: u8) -> Option<u8> {
    match c.to_ascii_uppercase() {
        b'I' | b'L' => Some(1),
        b'O' => Some(0),
        upper => CROCKFORD.iter().position(|&d| d == upper).map(|p| p as u8),
    }
}

/// A TypeID digit: the spec's alphabet in lower case and nothing else.
fn typeid_digit(c: u8) -> Option<u8> {
    TYPEID_ALPHABET
        .iter()
        .position(|&d| d == c)
        .map(|p| p as u8)
}

fn unix_ms(ms: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis(ms)
}

/// A `ulid`: 128 bits, shown as 26 upper-case Crockford Base32 digits.
/// Text is read as the server reads it (either case, `I` and `L` as 1, `O`
/// as 0; `U` refused; a first digit of at most 7).  Values order by their
/// bytes, as the server's, which is by time first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ulid(pub [u8; 16]);

impl Ulid {
    pub fn as_u128(&self) -> u128 {
        u128::from_be_bytes(self.0)
    }

    pub fn from_u128(value: u128) -> Self {
        Ulid(value.to_be_bytes())
    }

    /// The 48-bit Unix time in milliseconds.
    pub fn timestamp_ms(&self) -> u64 {
        (self.as_u128() >> 80) as u64
    }

    /// The time, as the server's `ulid_timestamp` gives it.
    pub fn time(&self) -> SystemTime {
        unix_ms(self.timestamp_ms())
    }
}

impl fmt::Display for Ulid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = encode_base32_128(self.as_u128(), CROCKFORD);
        f.write_str(std::str::from_utf8(&text).unwrap())
    }
}

impl FromStr for Ulid {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        if s.len() != 26 {
            return Err(parse_error(
                "ulid",
                format!("expected 26 Crockford Base32 digits, got {} bytes", s.len()),
            ));
        }
        match decode_base32_128(s.as_bytes(), ulid_digit) {
            Ok(value) => Ok(Ulid::from_u128(value)),
            Err(Base32Error::Digit(i)) => Err(parse_error(
                "ulid",
                format!("byte {} is not a Crockford Base32 digit", i + 1),
            )),
            Err(Base32Error::Overflow) => Err(parse_error(
                "ulid",
                "the value exceeds the largest ULID (the first digit is at most 7)".to_string(),
            )),
        }
    }
}

impl<'a> FromSql<'a> for Ulid {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn Error + Sync + Send>> {
        fixed_bytes::<16>("ulid", raw).map(Ulid)
    }

    fn accepts(ty: &Type) -> bool {
        is_type(ty, "ulid")
    }
}

impl ToSql for Ulid {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.extend_from_slice(&self.0);
        Ok(IsNull::No)
    }

    fn accepts(ty: &Type) -> bool {
        is_type(ty, "ulid")
    }

    to_sql_checked!();
}

/// The longest TypeID prefix.
const TYPEID_PREFIX_MAX: usize = 63;

/// The rule a TypeID text or prefix breaks, as
/// `test/vectors/typeid/invalid_errors.tsv` names it; positions are
/// 1-based bytes of the whole text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TypeIdRule {
    Empty,
    Separator,
    PrefixLength,
    PrefixChar(usize),
    PrefixLeadingUnderscore,
    PrefixTrailingUnderscore,
    SuffixLength,
    SuffixChar(usize),
    SuffixOverflow,
}

impl TypeIdRule {
    fn detail(self) -> String {
        match self {
            TypeIdRule::Empty => "the empty string".to_string(),
            TypeIdRule::Separator => "an underscore without a prefix before it".to_string(),
            TypeIdRule::PrefixLength => {
                format!("the prefix has more than {} bytes", TYPEID_PREFIX_MAX)
            }
            TypeIdRule::PrefixChar(at) => format!(
                "byte {} of the prefix is not a lower-case letter a-z or an underscore",
                at
            ),
            TypeIdRule::PrefixLeadingUnderscore => {
                "the prefix begins with an underscore".to_string()
            }
            TypeIdRule::PrefixTrailingUnderscore => {
                "the prefix ends with an underscore".to_string()
            }
            TypeIdRule::SuffixLength => "the suffix is not 26 bytes".to_string(),
            TypeIdRule::SuffixChar(at) => format!(
                "byte {} is not a digit of 0123456789abcdefghjkmnpqrstvwxyz",
                at
            ),
            TypeIdRule::SuffixOverflow => {
                "the suffix exceeds 128 bits (its first digit is at most 7)".to_string()
            }
        }
    }
}

/// The prefix rules of the server's typeid_check_prefix, in its order.
fn check_prefix(prefix: &[u8]) -> Result<(), TypeIdRule> {
    if prefix.is_empty() {
        return Ok(());
    }
    if prefix.len() > TYPEID_PREFIX_MAX {
        return Err(TypeIdRule::PrefixLength);
    }
    if let Some(i) = prefix
        .iter()
        .position(|&c| !(c.is_ascii_lowercase() || c == b'_'))
    {
        return Err(TypeIdRule::PrefixChar(i + 1));
    }
    if prefix[0] == b'_' {
        return Err(TypeIdRule::PrefixLeadingUnderscore);
    }
    if prefix[prefix.len() - 1] == b'_' {
        return Err(TypeIdRule::PrefixTrailingUnderscore);
    }
    Ok(())
}

/// The text decoder, as strict as the server's typeid_in.
fn parse_typeid(s: &str) -> Result<TypeId, TypeIdRule> {
    let text = s.as_bytes();
    if text.is_empty() {
        return Err(TypeIdRule::Empty);
    }
    // the separator is the last underscore: the suffix has none
    let (prefix, suffix_at) = match text.iter().rposition(|&c| c == b'_') {
        Some(0) => return Err(TypeIdRule::Separator),
        Some(sep) => (&s[..sep], sep + 1),
        None => ("", 0),
    };
    check_prefix(prefix.as_bytes())?;
    let suffix = &text[suffix_at..];
    if suffix.len() != 26 {
        return Err(TypeIdRule::SuffixLength);
    }
    match decode_base32_128(suffix, typeid_digit) {
        Ok(value) => Ok(TypeId {
            prefix: prefix.to_string(),
            uuid: value.to_be_bytes(),
        }),
        Err(Base32Error::Digit(i)) => Err(TypeIdRule::SuffixChar(suffix_at + i + 1)),
        Err(Base32Error::Overflow) => Err(TypeIdRule::SuffixOverflow),
    }
}

/// A `typeid` (TypeID, spec 0.3.0): a prefix of 0 to 63 bytes of `a`-`z`
/// and `_` (neither first nor last) and a UUID.  Shown as the prefix, `_`
/// and 26 digits of `0123456789abcdefghjkmnpqrstvwxyz` (the digits alone
/// for the empty prefix), and read as strictly as the server reads it.
/// Values order by prefix, then UUID: the server's order, and that of the
/// text compared byte by byte.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TypeId {
    // the derived order is by these fields in this order
    prefix: String,
    uuid: [u8; 16],
}

impl TypeId {
    /// The TypeID of a prefix and a UUID's 16 bytes (big-endian, the
    /// bytes of a `uuid`); an error for a prefix the server would refuse.
    pub fn new(prefix: &str, uuid: [u8; 16]) -> Result<Self, ParseError> {
        check_prefix(prefix.as_bytes())
            .map_err(|rule| parse_error("typeid", format!("{:?}: {}", prefix, rule.detail())))?;
        Ok(TypeId {
            prefix: prefix.to_string(),
            uuid,
        })
    }

    /// The prefix; `""` for none.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The UUID's 16 bytes, big-endian.
    pub fn uuid(&self) -> [u8; 16] {
        self.uuid
    }

    /// The UUID's version (the high 4 bits of byte 6).
    pub fn version(&self) -> u8 {
        self.uuid[6] >> 4
    }

    /// The 48-bit Unix time in milliseconds of a UUIDv7, `None` for any
    /// other version (as the server's `typeid_timestamp`).
    pub fn timestamp_ms(&self) -> Option<u64> {
        if self.version() == 7 {
            Some((u128::from_be_bytes(self.uuid) >> 80) as u64)
        } else {
            None
        }
    }

    /// The time of a UUIDv7, `None` for any other version.
    pub fn time(&self) -> Option<SystemTime> {
        self.timestamp_ms().map(unix_ms)
    }
}

impl fmt::Display for TypeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.prefix.is_empty() {
            f.write_str(&self.prefix)?;
            f.write_str("_")?;
        }
        let suffix = encode_base32_128(u128::from_be_bytes(self.uuid), TYPEID_ALPHABET);
        f.write_str(std::str::from_utf8(&suffix).unwrap())
    }
}

impl FromStr for TypeId {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        parse_typeid(s).map_err(|rule| parse_error("typeid", format!("{:?}: {}", s, rule.detail())))
    }
}

impl<'a> FromSql<'a> for TypeId {
    /// The UUID's 16 bytes then the prefix's 0 to 63, checked as the
    /// server's typeid_recv checks them.
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn Error + Sync + Send>> {
        if raw.len() < 16 || raw.len() > 16 + TYPEID_PREFIX_MAX {
            return Err(format!(
                "binary typeid value of {} bytes, expected 16 to {}",
                raw.len(),
                16 + TYPEID_PREFIX_MAX
            )
            .into());
        }
        let (uuid, prefix) = raw.split_at(16);
        check_prefix(prefix).map_err(|rule| format!("binary typeid value: {}", rule.detail()))?;
        Ok(TypeId {
            // only ASCII letters and underscores, checked above
            prefix: String::from_utf8(prefix.to_vec())?,
            uuid: uuid.try_into()?,
        })
    }

    fn accepts(ty: &Type) -> bool {
        is_type(ty, "typeid")
    }
}

impl ToSql for TypeId {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.extend_from_slice(&self.uuid);
        out.extend_from_slice(self.prefix.as_bytes());
        Ok(IsNull::No)
    }

    fn accepts(ty: &Type) -> bool {
        is_type(ty, "typeid")
    }

    to_sql_checked!();
}

#[cfg(test)]
#[path = "../tests/common/vectors.rs"]
mod vectors;

#[cfg(test)]
impl TypeIdRule {
    /// The name of test/vectors/typeid/invalid_errors.tsv.
    fn code(self) -> String {
        match self {
            TypeIdRule::Empty => "empty".to_string(),
            TypeIdRule::Separator => "separator".to_string(),
            TypeIdRule::PrefixLength => "prefix_length".to_string(),
            TypeIdRule::PrefixChar(at) => format!("prefix_char {}", at),
            TypeIdRule::PrefixLeadingUnderscore => "prefix_leading_underscore".to_string(),
            TypeIdRule::PrefixTrailingUnderscore => "prefix_trailing_underscore".to_string(),
            TypeIdRule::SuffixLength => "suffix_length".to_string(),
            TypeIdRule::SuffixChar(at) => format!("suffix_char {}", at),
            TypeIdRule::SuffixOverflow => "suffix_overflow".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scru128_text_round_trip() {
        for text in [
            "0000000000000000000000000",
            "f5lxx1zz5pnorynqglhzmsp33",
            "036z8puq4tsxsigk6o19y164q",
        ] {
            assert_eq!(text.parse::<Scru128>().unwrap().to_string(), text);
        }
        assert_eq!(Scru128([0xff; 16]).to_string(), "f5lxx1zz5pnorynqglhzmsp33");
        assert!("f5lxx1zz5pnorynqglhzmsp34".parse::<Scru128>().is_err());
        assert!("036Z8PUQ4TSXSIGK6O19Y164Q".parse::<Scru128>().is_ok());
        assert!("036z8puq4tsxsigk6o19y164".parse::<Scru128>().is_err());
        assert!("036z8puq4tsxsigk6o19y164!".parse::<Scru128>().is_err());
    }

    #[test]
    fn scru160_text_round_trip() {
        let id = Scru160([0xff; 20]);
        assert_eq!(id.to_string(), "VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV");
        let mut bytes = [0u8; 20];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = i as u8 * 13;
        }
        let id = Scru160(bytes);
        assert_eq!(id.to_string().parse::<Scru160>().unwrap(), id);
        assert_eq!(
            id.to_string().to_lowercase().parse::<Scru160>().unwrap(),
            id
        );
        let hex: String = bytes.iter().map(|b| format!("{:02x}", b)).collect();
        assert_eq!(hex.parse::<Scru160>().unwrap(), id);
        assert!("WVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV"
            .parse::<Scru160>()
            .is_err());
    }

    #[test]
    fn scru64_text_round_trip() {
        assert_eq!(
            Scru64::new(Scru64::MAX).unwrap().to_string(),
            "zzzzzzzzzzzz"
        );
        assert_eq!("000000000001".parse::<Scru64>().unwrap().get(), 1);
        assert!(Scru64::new(Scru64::MAX + 1).is_none());
        assert!("zzzzzzzzzzzz0".parse::<Scru64>().is_err());
    }

    #[test]
    fn ulid_text_round_trip() {
        let id: Ulid = "01ARYZ6S41TSV4RRFFQ69G5FAV".parse().unwrap();
        assert_eq!(id.to_string(), "01ARYZ6S41TSV4RRFFQ69G5FAV");
        assert_eq!(id.timestamp_ms(), 1_469_918_176_385);
        assert_eq!(
            id.time(),
            UNIX_EPOCH + Duration::from_millis(1_469_918_176_385)
        );
        // either case; Crockford's I and L read as 1, O as 0
        for text in [
            "01aryz6s41tsv4rrffq69g5fav",
            "oLARYZ6S41TSV4RRFFQ69G5FAV",
            "0iaryz6s41tsv4rrffq69g5fav",
        ] {
            assert_eq!(text.parse::<Ulid>().unwrap(), id, "{}", text);
        }
        assert_eq!(Ulid([0xff; 16]).to_string(), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
        assert_eq!(Ulid([0; 16]).to_string(), "00000000000000000000000000");
        assert_eq!(Ulid::from_u128(id.as_u128()), id);
        for bad in [
            "80000000000000000000000000",
            "U1ARYZ6S41TSV4RRFFQ69G5FAV",
            "01ARYZ6S41TSV4RRFFQ69G5FA",
            "01ARYZ6S41TSV4RRFFQ69G5FAV0",
            "01ARYZ6S41TSV4RRFFQ69G5FA\u{e9}",
            "01ARYZ-S41TSV4RRFFQ69G5FAV",
        ] {
            assert!(bad.parse::<Ulid>().is_err(), "{}", bad);
        }
    }

    #[test]
    fn typeid_valid_vectors() {
        for case in vectors::cases("valid.yml") {
            let (text, prefix, uuid) = (
                &case["typeid"],
                &case["prefix"],
                vectors::uuid_bytes(&case["uuid"]),
            );
            let id: TypeId = text.parse().unwrap();
            assert_eq!(
                (id.prefix(), id.uuid()),
                (prefix.as_str(), uuid),
                "{}",
                case["name"]
            );
            assert_eq!(vectors::uuid_text(id.uuid()), case["uuid"]);
            let made = TypeId::new(prefix, uuid).unwrap();
            assert_eq!(made.to_string(), *text, "{}", case["name"]);
            assert_eq!(made, id);
            // the binary form: the UUID, then the prefix
            let mut out = BytesMut::new();
            id.to_sql(&Type::BYTEA, &mut out).unwrap();
            assert_eq!(&out[..16], &uuid[..]);
            assert_eq!(&out[16..], prefix.as_bytes());
            assert_eq!(TypeId::from_sql(&Type::BYTEA, &out).unwrap(), id);
        }
    }

    #[test]
    fn typeid_invalid_vectors() {
        let errors = vectors::invalid_errors();
        let cases = vectors::cases("invalid.yml");
        let names: Vec<&String> = cases.iter().map(|c| &c["name"]).collect();
        assert_eq!(names.len(), errors.len());
        for case in &cases {
            let rule = parse_typeid(&case["typeid"]).unwrap_err();
            assert_eq!(&rule.code(), &errors[&case["name"]], "{}", case["name"]);
            assert!(case["typeid"].parse::<TypeId>().is_err());
        }
    }

    #[test]
    fn typeid_parts_time_and_prefix_rules() {
        let id: TypeId = "prefix_01h455vb4pex5vsknk084sn02q".parse().unwrap();
        assert_eq!(id.version(), 7);
        assert_eq!(id.timestamp_ms(), Some(0x0189_0a5d_ac96));
        assert_eq!(
            id.time(),
            Some(UNIX_EPOCH + Duration::from_millis(0x0189_0a5d_ac96))
        );
        let other: TypeId = "prefix_0123456789abcdefghjkmnpqrs".parse().unwrap();
        assert_eq!(
            (other.version(), other.timestamp_ms(), other.time()),
            (5, None, None)
        );
        assert_eq!(
            TypeId::new("", [0; 16]).unwrap().to_string(),
            "00000000000000000000000000"
        );
        let longest = "z".repeat(63);
        assert!(TypeId::new(&longest, [0; 16]).is_ok());
        for bad in ["_a", "a_", "A", "a1", "\u{e9}", &"z".repeat(64)] {
            assert!(TypeId::new(bad, [0; 16]).is_err(), "{:?}", bad);
        }
    }

    #[test]
    fn typeid_binary_form_is_checked_as_the_server_does() {
        let uuid = [7u8; 16];
        let with = |prefix: &[u8]| [&uuid[..], prefix].concat();
        for good in [with(b""), with(b"a_b"), with("z".repeat(63).as_bytes())] {
            let id = TypeId::from_sql(&Type::BYTEA, &good).unwrap();
            assert_eq!(id.uuid(), uuid);
        }
        for bad in [
            uuid[..15].to_vec(),
            with("a".repeat(64).as_bytes()),
            with(b"A"),
            with(b"_a"),
            with(b"a_"),
            with(b"a1"),
            with(b"a\0"),
            with("\u{e9}".as_bytes()),
        ] {
            assert!(TypeId::from_sql(&Type::BYTEA, &bad).is_err(), "{:?}", bad);
        }
        assert!(Ulid::from_sql(&Type::BYTEA, &[0; 15]).is_err());
        assert!(Ulid::from_sql(&Type::BYTEA, &[0; 17]).is_err());
    }

    #[test]
    fn typeid_order_is_that_of_the_text() {
        let mut texts: Vec<String> = Vec::new();
        for prefix in ["", "a", "a_b", "ab", "b", "user"] {
            for n in [0u128, 1, 1 << 100, u128::MAX] {
                texts.push(TypeId::new(prefix, n.to_be_bytes()).unwrap().to_string());
            }
        }
        let mut by_value: Vec<TypeId> = texts.iter().rev().map(|t| t.parse().unwrap()).collect();
        by_value.sort();
        texts.sort();
        let sorted: Vec<String> = by_value.iter().map(|id| id.to_string()).collect();
        assert_eq!(sorted, texts);
    }
}
