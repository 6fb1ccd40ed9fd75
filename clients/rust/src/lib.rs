//! `FromSql` and `ToSql` (postgres-types 0.2, hence tokio-postgres 0.7 and
//! postgres 0.19) for the scru128 extension's types.
//!
//! The extension's OIDs differ from one database to the next, so the types
//! are recognised by name.  Values travel in the binary format the server's
//! send and receive functions use: a `scru128` is its 16 bytes, a `scru160`
//! its 20 bytes, a `scru64` a big-endian `int8`.  `Vec<T>` and `Option<T>`
//! of each type work through postgres-types' own impls (arrays, NULL).

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use bytes::BytesMut;
use postgres_types::{to_sql_checked, FromSql, IsNull, ToSql, Type};

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

fn fixed_bytes<const N: usize>(type_name: &str, raw: &[u8]) -> Result<[u8; N], Box<dyn Error + Sync + Send>> {
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
        ty.name() == "scru128"
    }
}

impl ToSql for Scru128 {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.extend_from_slice(&self.0);
        Ok(IsNull::No)
    }

    fn accepts(ty: &Type) -> bool {
        ty.name() == "scru128"
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
                parse_error("scru160", format!("byte {} is not a digit of radix {}", i + 1, radix))
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
        ty.name() == "scru160"
    }
}

impl ToSql for Scru160 {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.extend_from_slice(&self.0);
        Ok(IsNull::No)
    }

    fn accepts(ty: &Type) -> bool {
        ty.name() == "scru160"
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
        Scru64::new(value).ok_or_else(|| format!("binary scru64 value out of range: {}", value).into())
    }

    fn accepts(ty: &Type) -> bool {
        ty.name() == "scru64"
    }
}

impl ToSql for Scru64 {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.extend_from_slice(&self.0.to_be_bytes());
        Ok(IsNull::No)
    }

    fn accepts(ty: &Type) -> bool {
        ty.name() == "scru64"
    }

    to_sql_checked!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scru128_text_round_trip() {
        for text in ["0000000000000000000000000", "f5lxx1zz5pnorynqglhzmsp33", "036z8puq4tsxsigk6o19y164q"] {
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
        assert_eq!(id.to_string().to_lowercase().parse::<Scru160>().unwrap(), id);
        let hex: String = bytes.iter().map(|b| format!("{:02x}", b)).collect();
        assert_eq!(hex.parse::<Scru160>().unwrap(), id);
        assert!("WVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV".parse::<Scru160>().is_err());
    }

    #[test]
    fn scru64_text_round_trip() {
        assert_eq!(Scru64::new(Scru64::MAX).unwrap().to_string(), "zzzzzzzzzzzz");
        assert_eq!("000000000001".parse::<Scru64>().unwrap().get(), 1);
        assert!(Scru64::new(Scru64::MAX + 1).is_none());
        assert!("zzzzzzzzzzzz0".parse::<Scru64>().is_err());
    }
}
