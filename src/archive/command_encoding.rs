//! The binary form of a node's command (schema 4): the rule system's JSON value, written as
//! tagged bytes with every object key and short string replaced by the id of a row of the
//! `labels` table, so a label such as `"unit"` or `"Move"` is stored once per archive rather
//! than once per node.
//!
//! Invariants: decoding what was encoded gives back the same JSON value (numbers with their
//! kind, u64, i64 or f64, object keys in their order); a byte string that is not a whole,
//! well-formed encoding, or that names a label the archive does not hold, is an error, never a
//! guess. The format is fixed for schema 4; a change needs a new schema version.
//!
//! Tags (one byte, then what it says):
//!
//! | byte | value |
//! |---|---|
//! | `0x00` `0x01` `0x02` | null, false, true |
//! | `0x03` varint | an unsigned integer of 64 or more |
//! | `0x04` varint | a negative integer `-1 - n` |
//! | `0x05` 8 bytes | a float (IEEE 754, little-endian) |
//! | `0x06` varint | a string: the label with this id (ids of 128 and more) |
//! | `0x07` varint, bytes | a string kept out of the labels (longer than [`MAX_LABEL`]) |
//! | `0x08` varint, values | an array of 16 or more values |
//! | `0x09` varint, pairs | an object of 16 or more members |
//! | `0x10`-`0x1F`, values | an array of 0-15 values |
//! | `0x20`-`0x2F`, pairs | an object of 0-15 members; a pair is the key's label id (varint), then the value |
//! | `0x30`-`0x3F` varint | a string of 1-15 decimal digits (a hex such as `"0812"`): its length is the tag's low four bits, its value the varint |
//! | `0x40`-`0x7F` | an unsigned integer 0-63 |
//! | `0x80`-`0xFF` | a string: the label with id 0-127 |
//!
//! Varints are LEB128 (seven bits a byte, low first).

use serde_json::{Map, Number, Value};

/// Strings longer than this are written inline, not as labels (free text would fill the
/// labels table with values used once).
pub const MAX_LABEL: usize = 32;

/// Ids of labels, both ways. Writing may add labels; reading only looks them up.
pub trait Labels {
    fn id_of(&mut self, text: &str) -> Result<u64, String>;
    fn text_of(&mut self, id: u64) -> Result<String, String>;
}

/// The bytes of `v`.
pub fn encode(v: &Value, labels: &mut dyn Labels) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(24);
    put(v, labels, &mut out)?;
    Ok(out)
}

/// The value of `bytes` (all of them).
pub fn decode(bytes: &[u8], labels: &mut dyn Labels) -> Result<Value, String> {
    let mut r = Reader { bytes, at: 0 };
    let v = r.value(labels, 0)?;
    if r.at != bytes.len() {
        return Err(format!(
            "{} bytes left over after the command",
            bytes.len() - r.at
        ));
    }
    Ok(v)
}

fn varint(mut n: u64, out: &mut Vec<u8>) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7F) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn put(v: &Value, labels: &mut dyn Labels, out: &mut Vec<u8>) -> Result<(), String> {
    match v {
        Value::Null => out.push(0x00),
        Value::Bool(false) => out.push(0x01),
        Value::Bool(true) => out.push(0x02),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                if u < 64 {
                    out.push(0x40 | u as u8);
                } else {
                    out.push(0x03);
                    varint(u, out);
                }
            } else if let Some(i) = n.as_i64() {
                // as_u64 failed, so i < 0.
                out.push(0x04);
                varint((-1 - i) as u64, out);
            } else {
                let f = n.as_f64().ok_or("a number that is not a float")?;
                out.push(0x05);
                out.extend_from_slice(&f.to_le_bytes());
            }
        }
        // Hex numbers ("0812") as numbers with their width: they would fill the labels.
        Value::String(s) if (1..16).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit()) => {
            out.push(0x30 | s.len() as u8);
            varint(s.parse().expect("at most 15 digits"), out);
        }
        Value::String(s) if s.len() <= MAX_LABEL => {
            let id = labels.id_of(s)?;
            if id < 128 {
                out.push(0x80 | id as u8);
            } else {
                out.push(0x06);
                varint(id, out);
            }
        }
        Value::String(s) => {
            out.push(0x07);
            varint(s.len() as u64, out);
            out.extend_from_slice(s.as_bytes());
        }
        Value::Array(items) => {
            if items.len() < 16 {
                out.push(0x10 | items.len() as u8);
            } else {
                out.push(0x08);
                varint(items.len() as u64, out);
            }
            for i in items {
                put(i, labels, out)?;
            }
        }
        Value::Object(members) => {
            if members.len() < 16 {
                out.push(0x20 | members.len() as u8);
            } else {
                out.push(0x09);
                varint(members.len() as u64, out);
            }
            for (k, v) in members {
                varint(labels.id_of(k)?, out);
                put(v, labels, out)?;
            }
        }
    }
    Ok(())
}

/// Nesting deeper than this is refused (a damaged blob must not overflow the stack).
const MAX_DEPTH: usize = 64;

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let b = *self
            .bytes
            .get(self.at)
            .ok_or("the command ends part way through a value")?;
        self.at += 1;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u64, String> {
        let mut n: u64 = 0;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= ((b & 0x7F) as u64) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err("a number longer than 64 bits".into())
    }

    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or("the command ends part way through a value")?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn label(&mut self, id: u64, labels: &mut dyn Labels) -> Result<Value, String> {
        Ok(Value::String(labels.text_of(id)?))
    }

    fn value(&mut self, labels: &mut dyn Labels, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err("values nested too deep".into());
        }
        let tag = self.byte()?;
        Ok(match tag {
            0x00 => Value::Null,
            0x01 => Value::Bool(false),
            0x02 => Value::Bool(true),
            0x03 => Value::from(self.varint()?),
            0x04 => {
                let n = self.varint()?;
                let i = i64::try_from(n).map_err(|_| "a negative number out of range")?;
                Value::from(-1 - i)
            }
            0x05 => {
                let b: [u8; 8] = self.take(8)?.try_into().expect("eight bytes");
                Value::Number(
                    Number::from_f64(f64::from_le_bytes(b)).ok_or("a float that is not finite")?,
                )
            }
            0x06 => {
                let id = self.varint()?;
                self.label(id, labels)?
            }
            0x07 => {
                let n = self.varint()? as usize;
                let s = self.take(n)?;
                Value::String(
                    std::str::from_utf8(s)
                        .map_err(|_| "a string that is not UTF-8")?
                        .to_string(),
                )
            }
            0x08 => {
                let n = self.varint()? as usize;
                self.array(n, labels, depth)?
            }
            0x09 => {
                let n = self.varint()? as usize;
                self.object(n, labels, depth)?
            }
            0x10..=0x1F => self.array((tag & 0x0F) as usize, labels, depth)?,
            0x20..=0x2F => self.object((tag & 0x0F) as usize, labels, depth)?,
            0x31..=0x3F => {
                let width = (tag & 0x0F) as usize;
                let n = self.varint()?;
                let s = format!("{n:0width$}");
                if s.len() != width {
                    return Err(format!("{n} does not fit {width} digits"));
                }
                Value::String(s)
            }
            0x40..=0x7F => Value::from(tag & 0x3F),
            0x80..=0xFF => self.label((tag & 0x7F) as u64, labels)?,
            _ => return Err(format!("an unknown tag 0x{tag:02x}")),
        })
    }

    fn array(&mut self, n: usize, labels: &mut dyn Labels, depth: usize) -> Result<Value, String> {
        // Every value takes at least a byte: a count beyond what is left is damage.
        if n > self.bytes.len() - self.at {
            return Err("an array longer than the command".into());
        }
        let mut items = Vec::with_capacity(n);
        for _ in 0..n {
            items.push(self.value(labels, depth + 1)?);
        }
        Ok(Value::Array(items))
    }

    fn object(&mut self, n: usize, labels: &mut dyn Labels, depth: usize) -> Result<Value, String> {
        if n > self.bytes.len() - self.at {
            return Err("an object longer than the command".into());
        }
        let mut m = Map::new();
        for _ in 0..n {
            let id = self.varint()?;
            let key = labels.text_of(id)?;
            let v = self.value(labels, depth + 1)?;
            m.insert(key, v);
        }
        Ok(Value::Object(m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::collections::HashMap;

    #[derive(Default)]
    struct Table {
        ids: HashMap<String, u64>,
        texts: Vec<String>,
    }

    impl Labels for Table {
        fn id_of(&mut self, text: &str) -> Result<u64, String> {
            if let Some(&i) = self.ids.get(text) {
                return Ok(i);
            }
            self.texts.push(text.to_string());
            let i = self.texts.len() as u64 - 1;
            self.ids.insert(text.to_string(), i);
            Ok(i)
        }
        fn text_of(&mut self, id: u64) -> Result<String, String> {
            self.texts
                .get(id as usize)
                .cloned()
                .ok_or(format!("no label {id}"))
        }
    }

    #[test]
    fn values_of_every_kind_come_back_the_same() {
        let mut t = Table::default();
        let long = "x".repeat(MAX_LABEL + 1);
        let many: Vec<Value> = (0..40).map(|i| json!(i * 1000)).collect();
        let wide: Map<String, Value> = (0..20).map(|i| (format!("k{i}"), json!(i))).collect();
        for v in [
            json!(null),
            json!({"Move": {"unit": 12, "path": [{"col": 3, "row": 4}, {"col": 3, "row": 5}], "charge": true}}),
            json!("EndPhase"),
            json!([
                "0812",
                "0",
                "000",
                "123456789012345",
                "1234567890123456",
                "12a4"
            ]),
            json!([
                0,
                63,
                64,
                300,
                u64::MAX,
                -1,
                -64,
                i64::MIN,
                1.5,
                -0.25,
                false,
                null
            ]),
            json!({"text": long}),
            Value::Array(many),
            Value::Object(wide),
        ] {
            let b = encode(&v, &mut t).unwrap();
            assert_eq!(decode(&b, &mut t).unwrap(), v, "{v}");
        }
        // Past 128 labels, ids take a tag and a varint.
        for i in 0..200 {
            let v = json!({ format!("key{i}"): format!("value{i}") });
            let b = encode(&v, &mut t).unwrap();
            assert_eq!(decode(&b, &mut t).unwrap(), v);
        }
    }

    #[test]
    fn a_move_costs_a_third_of_its_json() {
        let mut t = Table::default();
        let v = json!({"Move": {"unit": 12, "path": [{"col": 3, "row": 4}, {"col": 3, "row": 5}]}});
        let b = encode(&v, &mut t).unwrap();
        assert_eq!(b.len(), 17, "{b:?}");
        assert!(b.len() * 3 <= v.to_string().len());
        // Rifle & Saber's form: hexes as four digits, three bytes each, and no labels.
        let v = json!({"type": "move", "unit": 31, "path": ["1433", "1334", "1234"]});
        let b = encode(&v, &mut t).unwrap();
        assert_eq!(b.len(), 1 + 2 + 2 + 1 + 9 + 1, "{b:?}");
        assert_eq!(decode(&b, &mut t).unwrap(), v);
        assert!(t.texts.iter().all(|l| !l.starts_with('1')));
    }

    #[test]
    fn damaged_bytes_are_errors_not_guesses() {
        let mut t = Table::default();
        let b = encode(&json!({"Fire": {"unit": 3, "target": [4, 5]}}), &mut t).unwrap();
        for cut in 0..b.len() {
            assert!(decode(&b[..cut], &mut t).is_err(), "cut at {cut}");
        }
        let mut extra = b.clone();
        extra.push(0x00);
        assert!(decode(&extra, &mut t).unwrap_err().contains("left over"));
        assert!(decode(&[0x0A], &mut t).unwrap_err().contains("unknown tag"));
        assert!(decode(&[0xFF], &mut t).unwrap_err().contains("no label"));
        assert!(decode(&[0x1F, 0x00], &mut t).is_err());
        assert!(
            decode(&[0x32, 0xE8, 0x07], &mut t)
                .unwrap_err()
                .contains("digits")
        );
        assert!(decode(&[0x30], &mut t).unwrap_err().contains("unknown tag"));
        let deep = vec![0x11; 100];
        assert!(decode(&deep, &mut t).unwrap_err().contains("nested"));
    }
}
