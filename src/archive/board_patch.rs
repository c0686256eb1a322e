//! A recorded board as the difference from its parent's (issue 37): what a node's command
//! changed in the neutral [`Board`](crate::engine::counters::Board) the views draw, kept so
//! that every recorded node can be drawn as it was played even when today's rules replay it
//! differently.
//!
//! The board is handled as JSON (its serde form), so the format does not depend on the rule
//! system or on the Rust types of today. A patch is one MessagePack value:
//!
//! - a **map** is a change inside an object or an array of the same length: its keys are
//!   object keys (a number: an index into [`KEYS`]; a string: any other key) or array indexes
//!   (numbers), its values patches of what is there;
//! - a **one-element array** `[v]` puts the list or object `v` there whole, and a number,
//!   string, truth or null is put as it is;
//! - an **empty array** `[]` removes an object's key;
//! - a map's key `+` adds its list's items at the end of a list (a marker added).
//!
//! Stored (the `nodes.board` column) with a kind byte in front: `p` a patch as it is, `z` a
//! zstd frame of one (written when smaller: a root's whole board, a large change). A root's
//! patch is against nothing (`null`), so it holds its whole board.
//!
//! Object keys that begin with `#`, `@`, `~` or `+` are escaped with a `~` in front.
//!
//! Invariants: `apply(old, &diff(old, new)) == new` for any two JSON values (tested, also
//! over every node of recorded games); [`KEYS`] is append-only, so a number read once names
//! the same key for the life of every file; a patch that does not fit the board it is applied
//! to is an error, never a guess.

use crate::engine::counters::Board;
use serde_json::{Map, Value};

/// Object keys by number. Append only: files hold these numbers.
pub const KEYS: &[&str] = &[
    "counters",
    "hex",
    "place",
    "order",
    "markers",
    "values",
    "facing",
    "side",
    "sides",
    "notes",
    "morale",
    "hex_markers",
    "deployment",
    "cards",
    "id",
    "code",
    "kind",
    "symbol",
    "group",
    "arrives",
    "properties",
    "marker",
    "hexes",
    "text",
    "title",
    "detail",
];

const PATCH: u8 = b'p';
const ZSTD: u8 = b'z';
/// zstd's level for a large patch written alone (most end up in a block, packed again).
const LEVEL: i32 = 9;
/// No board decompresses to more than this: a larger claimed size is a damaged frame.
const MAX_BOARD: usize = 16 << 20;

/// What changed from `old` to `new`; `None` when nothing did.
pub fn diff(old: &Value, new: &Value) -> Option<Value> {
    if old == new {
        return None;
    }
    match (old, new) {
        (Value::Object(o), Value::Object(n)) => {
            let mut out = Map::new();
            for (k, v) in n {
                let change = match o.get(k) {
                    Some(ov) => diff(ov, v),
                    None => Some(Value::Array(vec![v.clone()])),
                };
                if let Some(c) = change {
                    out.insert(key_of(k), c);
                }
            }
            for k in o.keys().filter(|k| !n.contains_key(*k)) {
                out.insert(key_of(k), Value::Array(Vec::new()));
            }
            Some(Value::Object(out))
        }
        (Value::Array(o), Value::Array(n)) if n.len() > o.len() && n[..o.len()] == o[..] => {
            let mut out = Map::new();
            out.insert("+".into(), Value::Array(n[o.len()..].to_vec()));
            Some(Value::Object(out))
        }
        (Value::Array(o), Value::Array(n)) if o.len() == n.len() => {
            let mut out = Map::new();
            for (i, (ov, nv)) in o.iter().zip(n).enumerate() {
                if let Some(c) = diff(ov, nv) {
                    out.insert(format!("#{i}"), c);
                }
            }
            Some(Value::Object(out))
        }
        (_, Value::Array(_) | Value::Object(_)) => Some(Value::Array(vec![new.clone()])),
        // A number, a string, a truth or none is put as it is.
        _ => Some(new.clone()),
    }
}

/// [`diff`] of two boards' JSON forms, computed from the typed boards: only the counters and
/// parts that differ are turned into JSON (a command changes a few counters of hundreds).
///
/// Invariant: `diff_boards(a, b) == diff(&to_value(a), &to_value(b))` (tested on every node
/// of recorded games).
pub fn diff_boards(old: &Board, new: &Board) -> Option<Value> {
    fn json<T: serde::Serialize>(v: &T) -> Value {
        serde_json::to_value(v).expect("a board serializes")
    }
    let mut out = Map::new();
    if old.counters != new.counters {
        let change = if old.counters.len() == new.counters.len() {
            let mut at = Map::new();
            for (i, (a, b)) in old.counters.iter().zip(&new.counters).enumerate() {
                if a != b
                    && let Some(c) = diff(&json(a), &json(b))
                {
                    at.insert(format!("#{i}"), c);
                }
            }
            Some(Value::Object(at))
        } else {
            // A list that grew or shrank: as `diff` has it (an append, or the list whole).
            diff(&json(&old.counters), &json(&new.counters))
        };
        if let Some(c) = change {
            out.insert(key_of("counters"), c);
        }
    }
    let mut part = |key: &str, change: Option<Value>| {
        if let Some(c) = change {
            out.insert(key_of(key), c);
        }
    };
    if old.hex_markers != new.hex_markers {
        part(
            "hex_markers",
            diff(&json(&old.hex_markers), &json(&new.hex_markers)),
        );
    }
    if old.sides != new.sides {
        part("sides", diff(&json(&old.sides), &json(&new.sides)));
    }
    if old.deployment != new.deployment {
        part(
            "deployment",
            diff(&json(&old.deployment), &json(&new.deployment)),
        );
    }
    if old.cards != new.cards {
        // Left out of the JSON form when empty.
        part(
            "cards",
            Some(match (old.cards.is_empty(), new.cards.is_empty()) {
                (_, true) => Value::Array(Vec::new()),
                (true, false) => Value::Array(vec![json(&new.cards)]),
                (false, false) => diff(&json(&old.cards), &json(&new.cards))
                    .expect("cards that differ differ in JSON"),
            }),
        );
    }
    (!out.is_empty()).then_some(Value::Object(out))
}

/// A key as the patch's JSON form holds it: `#n` for an array index, `@n` for key number n,
/// the key itself otherwise (a key beginning with `#` or `@` is escaped with a `~`).
fn key_of(k: &str) -> String {
    match KEYS.iter().position(|x| *x == k) {
        Some(i) => format!("@{i}"),
        None if k.starts_with(['#', '@', '~', '+']) => format!("~{k}"),
        None => k.to_string(),
    }
}

/// `old` with `patch` applied.
pub fn apply(old: &Value, patch: &Value) -> Result<Value, String> {
    let mut v = old.clone();
    apply_in_place(&mut v, patch)?;
    Ok(v)
}

fn apply_in_place(at: &mut Value, patch: &Value) -> Result<(), String> {
    match patch {
        Value::Array(put) if put.len() == 1 => {
            *at = put[0].clone();
            Ok(())
        }
        Value::Object(changes) => {
            for (k, change) in changes {
                if k == "+" {
                    let (Value::Array(items), Value::Array(more)) = (&mut *at, change) else {
                        return Err("items added where there is no list".into());
                    };
                    items.extend(more.iter().cloned());
                } else if let Some(i) = k.strip_prefix('#') {
                    let i: usize = i.parse().map_err(|_| format!("a bad index {k:?}"))?;
                    let Value::Array(items) = at else {
                        return Err(format!("an index {i} where there is no list"));
                    };
                    let len = items.len();
                    let item = items
                        .get_mut(i)
                        .ok_or_else(|| format!("index {i} of a list of {len}"))?;
                    apply_in_place(item, change)?;
                } else {
                    let key = key_named(k)?;
                    let Value::Object(fields) = at else {
                        return Err(format!("a key {key:?} where there is no object"));
                    };
                    if matches!(change, Value::Array(a) if a.is_empty()) {
                        fields.remove(&key);
                    } else if let Some(field) = fields.get_mut(&key) {
                        apply_in_place(field, change)?;
                    } else {
                        let mut field = Value::Null;
                        apply_in_place(&mut field, change)?;
                        fields.insert(key, field);
                    }
                }
            }
            Ok(())
        }
        Value::Array(_) => Err("a list of more than one value where a change belongs".into()),
        scalar => {
            *at = scalar.clone();
            Ok(())
        }
    }
}

fn key_named(k: &str) -> Result<String, String> {
    if let Some(n) = k.strip_prefix('@') {
        let i: usize = n.parse().map_err(|_| format!("a bad key number {k:?}"))?;
        return KEYS
            .get(i)
            .map(|s| s.to_string())
            .ok_or_else(|| format!("key number {i}, which this Kepi does not know"));
    }
    Ok(k.strip_prefix('~').unwrap_or(k).to_string())
}

/// A patch as stored: MessagePack with numbers for indexes and known keys, compressed when
/// that is smaller.
pub fn encode(patch: &Value) -> Vec<u8> {
    let packed = rmp_serde::to_vec(&Packed(patch)).expect("a patch packs");
    let mut plain = Vec::with_capacity(packed.len() + 1);
    plain.push(PATCH);
    plain.extend_from_slice(&packed);
    if packed.len() > 64
        && let Ok(z) = zstd::bulk::compress(&packed, LEVEL)
        && z.len() + 1 < plain.len()
    {
        let mut out = Vec::with_capacity(z.len() + 1);
        out.push(ZSTD);
        out.extend_from_slice(&z);
        return out;
    }
    plain
}

/// A stored patch in its plain form (`p`): a compressed one decompressed, so that a block
/// compresses it once with its neighbours.
pub fn plain(stored: &[u8]) -> Result<Vec<u8>, String> {
    match stored.split_first() {
        Some((&ZSTD, body)) => {
            let mut out = vec![PATCH];
            out.extend(
                zstd::bulk::decompress(body, MAX_BOARD)
                    .map_err(|e| format!("a damaged frame: {e}"))?,
            );
            Ok(out)
        }
        _ => Ok(stored.to_vec()),
    }
}

/// A stored patch read back.
pub fn decode(stored: &[u8]) -> Result<Value, String> {
    let (kind, body) = stored
        .split_first()
        .ok_or_else(|| "an empty board record".to_string())?;
    let packed = match *kind {
        PATCH => std::borrow::Cow::Borrowed(body),
        ZSTD => std::borrow::Cow::Owned(
            zstd::bulk::decompress(body, MAX_BOARD).map_err(|e| format!("a damaged frame: {e}"))?,
        ),
        k => return Err(format!("a board record of unknown kind {k}")),
    };
    let raw: rmpv_like::Raw =
        rmp_serde::from_slice(&packed).map_err(|e| format!("not a board record: {e}"))?;
    Ok(raw.into_patch())
}

/// A patch serialized with its `#n`/`@n` keys as MessagePack integers (index n, key n) and
/// other keys as strings: a move costs a few bytes.
struct Packed<'a>(&'a Value);

impl serde::Serialize for Packed<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self.0 {
            Value::Object(m) => {
                let mut map = s.serialize_map(Some(m.len()))?;
                for (k, v) in m {
                    if let Some(n) = k.strip_prefix('#').and_then(|n| n.parse::<u32>().ok()) {
                        // Indexes are non-negative, key numbers negative: one integer says both.
                        map.serialize_entry(&(n as i64), &Packed(v))?;
                    } else if let Some(n) = k.strip_prefix('@').and_then(|n| n.parse::<i64>().ok())
                    {
                        map.serialize_entry(&(-1 - n), &Packed(v))?;
                    } else {
                        // As the JSON form has it (an escaped key keeps its `~`).
                        map.serialize_entry(k, &Packed(v))?;
                    }
                }
                map.end()
            }
            Value::Array(a) => {
                // The one-element array holds a whole value: plain JSON from there down.
                let mut seq = s.serialize_seq(Some(a.len()))?;
                for v in a {
                    seq.serialize_element(v)?;
                }
                seq.end()
            }
            other => other.serialize(s),
        }
    }
}

/// Reading a packed patch back into its JSON form.
mod rmpv_like {
    use serde::Deserialize;
    use serde_json::{Map, Value};

    /// A packed patch as read: maps keyed by integers or strings, arrays of plain values.
    pub enum Raw {
        Map(Vec<(Key, Raw)>),
        Put(Vec<Value>),
        Scalar(Value),
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    pub enum Key {
        Number(i64),
        Text(String),
    }

    impl<'de> Deserialize<'de> for Raw {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Raw, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = Raw;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("a map of changes or a list holding a value")
                }
                fn visit_map<A: serde::de::MapAccess<'de>>(
                    self,
                    mut m: A,
                ) -> Result<Raw, A::Error> {
                    let mut out = Vec::new();
                    while let Some(entry) = m.next_entry::<Key, Raw>()? {
                        out.push(entry);
                    }
                    Ok(Raw::Map(out))
                }
                fn visit_bool<E>(self, v: bool) -> Result<Raw, E> {
                    Ok(Raw::Scalar(Value::Bool(v)))
                }
                fn visit_i64<E>(self, v: i64) -> Result<Raw, E> {
                    Ok(Raw::Scalar(v.into()))
                }
                fn visit_u64<E>(self, v: u64) -> Result<Raw, E> {
                    Ok(Raw::Scalar(v.into()))
                }
                fn visit_f64<E>(self, v: f64) -> Result<Raw, E> {
                    Ok(Raw::Scalar(v.into()))
                }
                fn visit_str<E>(self, v: &str) -> Result<Raw, E> {
                    Ok(Raw::Scalar(v.into()))
                }
                fn visit_string<E>(self, v: String) -> Result<Raw, E> {
                    Ok(Raw::Scalar(v.into()))
                }
                fn visit_unit<E>(self) -> Result<Raw, E> {
                    Ok(Raw::Scalar(Value::Null))
                }
                fn visit_none<E>(self) -> Result<Raw, E> {
                    Ok(Raw::Scalar(Value::Null))
                }
                fn visit_seq<A: serde::de::SeqAccess<'de>>(
                    self,
                    mut s: A,
                ) -> Result<Raw, A::Error> {
                    let mut out = Vec::new();
                    while let Some(v) = s.next_element::<Value>()? {
                        out.push(v);
                    }
                    Ok(Raw::Put(out))
                }
            }
            d.deserialize_any(V)
        }
    }

    impl Raw {
        pub fn into_patch(self) -> Value {
            match self {
                Raw::Put(v) => Value::Array(v),
                Raw::Scalar(v) => v,
                Raw::Map(entries) => {
                    let mut m = Map::new();
                    for (k, v) in entries {
                        let key = match k {
                            Key::Number(n) if n >= 0 => format!("#{n}"),
                            Key::Number(n) => format!("@{}", -1 - n),
                            Key::Text(t) => t,
                        };
                        m.insert(key, v.into_patch());
                    }
                    Value::Object(m)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn round_trip(old: Value, new: Value) {
        let p = diff(&old, &new).unwrap_or_else(|| json!({}));
        let stored = encode(&p);
        let back = decode(&stored).expect("decodes");
        assert_eq!(back, p, "the patch reads back as written");
        assert_eq!(apply(&old, &back).expect("applies"), new);
    }

    #[test]
    fn patches_round_trip() {
        let a = json!({"counters": [
            {"id": "A", "hex": "0101", "markers": [], "order": 0, "place": "map"},
            {"id": "B", "hex": null, "markers": ["moved"], "order": 1, "place": "off",
             "facing": 60}],
            "sides": [{"morale": null, "notes": []}], "#odd": 1, "~t": 2});
        let mut b = a.clone();
        b["counters"][0]["hex"] = json!("0102");
        b["counters"][1].as_object_mut().unwrap().remove("facing");
        b["counters"][1]["group"] = json!("a");
        b["sides"][0]["notes"] = json!(["eliminated 3"]);
        b["#odd"] = json!(2);
        b["~t"] = json!([1, 2]);
        b["new key"] = json!({"x": [1]});
        round_trip(a.clone(), b.clone());
        round_trip(b.clone(), a.clone());
        round_trip(Value::Null, a.clone());
        round_trip(json!([1, 2]), json!([1, 2, 3]));
        round_trip(json!([1, [2]]), json!([1, [3]]));
    }

    #[test]
    fn a_move_costs_a_few_bytes() {
        let a = json!({"counters": [{"hex": "0101", "order": 0}, {"hex": "0505", "order": 0}]});
        let mut b = a.clone();
        b["counters"][1]["hex"] = json!("0506");
        let stored = encode(&diff(&a, &b).expect("a change"));
        assert!(stored.len() <= 12, "{} bytes: {stored:?}", stored.len());
    }

    #[test]
    fn a_patch_that_does_not_fit_is_an_error() {
        let p = diff(&json!({"counters": [1, 2]}), &json!({"counters": [1, 3]})).unwrap();
        let err = apply(&json!({"counters": [1]}), &p).unwrap_err();
        assert!(err.contains("index 1 of a list of 1"), "{err}");
        assert!(decode(b"q").unwrap_err().contains("unknown kind"));
        assert!(decode(b"z123").unwrap_err().contains("damaged"));
    }
}
