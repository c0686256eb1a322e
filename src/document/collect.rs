//! Every structural problem of a document at once, each with its exact JSON path.
//!
//! serde stops at the first field that does not fit. To list them all, the document is read
//! again and again by the type's own `Deserialize` through [`Walk`], a deserializer over the
//! parsed JSON that knows where it is (the path of every value it hands out) and reads the
//! value through an overlay of patches: after each problem found, the problem's site is
//! skipped (an unknown field, a bad element), or given a stand-in value of whatever type is
//! asked (a required field found missing or skipped), and the next reading goes past it.
//! Nothing is guessed about the types: serde's derived code is the only judge of what fits.
//!
//! Internally tagged enums (`"kind": "hold"`, the scenario rules) read their content through
//! serde's private buffer, out of the walker's sight, so an error inside one comes out
//! without its inner path. It is located by probing: serde reads a map's keys in order and
//! stops at the first error, so the error's site is the first value, in reading order, whose
//! inclusion makes the same error appear (a binary search over truncated copies); a missing
//! field is raised when a map ends, so its site is the first map, ending in reading order,
//! that lacks the field, whose truncation right after it raises the error, and that knows the
//! field (given the field as `null`, the error changes, and not to "unknown field").
//!
//! Invariants: every problem reported is one serde reports for the document with the patches
//! before it applied (none is invented); problems inside a stand-in value are never reported;
//! the work is bounded ([`MAX_READS`] readings, scaled down for large documents).

use serde::de::{
    self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

/// The tag key of every internally tagged enum in Kepi's documents (`#[serde(tag = "kind")]`):
/// serde reads it first, whatever its place in the map.
const TAG: &str = "kind";

/// At most this many readings of a document; fewer for large ones (see [`budget`]).
pub const MAX_READS: usize = 400;

/// One step of a JSON path.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Seg {
    Key(String),
    Index(usize),
}

pub type Path = Vec<Seg>;

/// `deployment[1].zone.rule.of[2].distance`.
pub fn path_text(path: &[Seg]) -> String {
    let mut s = String::new();
    for seg in path {
        match seg {
            Seg::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Seg::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Patch {
    /// Read as if absent.
    Skip,
    /// Read as a stand-in: the default of whatever is asked (0, "", [], a map of stand-ins).
    Stand,
    /// Read as `null` (a probe: does this map know the field?).
    Null,
}

static NULL: Value = Value::Null;

type Overlay = BTreeMap<Path, Patch>;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Missing(String),
    Unknown,
    Length,
    Other,
}

/// The walker's error: serde's message, its kind, and where the walker first saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: Kind,
    msg: String,
    /// The path of the innermost value whose reading failed, and whether that value was read
    /// opaquely (a map or list handed whole to a visitor that buffers it: a tagged enum).
    at: Option<(Path, bool)>,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.msg)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    /// A message in serde's own wording for a missing or unknown field or a wrong length is
    /// of that kind: a value read through a buffer of its own (a rule of a shared kind, read
    /// from JSON once its `kind` is known: `scenario::rule_kinds`) passes serde's errors on as
    /// text.
    fn custom<T: fmt::Display>(msg: T) -> Self {
        let msg = msg.to_string();
        let kind = if let Some(field) = msg
            .strip_prefix("missing field `")
            .and_then(|rest| rest.strip_suffix('`'))
        {
            Kind::Missing(field.to_string())
        } else if msg.starts_with("unknown field `") {
            Kind::Unknown
        } else if msg.starts_with("invalid length ") {
            Kind::Length
        } else {
            Kind::Other
        };
        Error {
            kind,
            msg,
            at: None,
        }
    }
    fn missing_field(field: &'static str) -> Self {
        Error {
            kind: Kind::Missing(field.to_string()),
            msg: format!("missing field `{field}`"),
            at: None,
        }
    }
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        // serde's own wording.
        let names: Vec<String> = expected.iter().map(|f| format!("`{f}`")).collect();
        let known = match names.len() {
            0 => "there are no fields".to_string(),
            1 => format!("expected {}", names[0]),
            2 => format!("expected {} or {}", names[0], names[1]),
            _ => format!("expected one of {}", names.join(", ")),
        };
        Error {
            kind: Kind::Unknown,
            msg: format!("unknown field `{field}`, {known}"),
            at: None,
        }
    }
    fn invalid_length(len: usize, exp: &dyn de::Expected) -> Self {
        Error {
            kind: Kind::Length,
            msg: format!("invalid length {len}, expected {exp}"),
            at: None,
        }
    }
}

/// Mark an error with the place it came out of, unless a deeper value already did.
fn mark<T>(r: Result<T, Error>, path: &Path, opaque: bool) -> Result<T, Error> {
    r.map_err(|mut e| {
        if e.at.is_none() {
            e.at = Some((path.clone(), opaque));
        }
        e
    })
}

/// Mark an error that a value's `Deserialize` raised after the walker had handed it the value
/// (an internally tagged enum reads its buffered content then; a type may check what it read):
/// opaque when the value is a map or list, whose inner path is then to be found.
fn after<T>(r: Result<T, Error>, path: &Path, value: Option<&Value>) -> Result<T, Error> {
    let opaque = matches!(value, Some(Value::Object(_) | Value::Array(_)));
    mark(r, path, opaque)
}

fn unexpected(v: &Value) -> de::Unexpected<'_> {
    match v {
        Value::Null => de::Unexpected::Unit,
        Value::Bool(b) => de::Unexpected::Bool(*b),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                de::Unexpected::Unsigned(u)
            } else if let Some(i) = n.as_i64() {
                de::Unexpected::Signed(i)
            } else {
                de::Unexpected::Float(n.as_f64().unwrap_or(0.0))
            }
        }
        Value::String(s) => de::Unexpected::Str(s),
        Value::Array(_) => de::Unexpected::Seq,
        Value::Object(_) => de::Unexpected::Map,
    }
}

/// The fields the overlay adds to the map `obj` at `path`: (key, path, patch).
fn added(
    overlay: &Overlay,
    path: &Path,
    obj: &serde_json::Map<String, Value>,
) -> Vec<(String, Path, Patch)> {
    let mut out = Vec::new();
    for (p, patch) in overlay.range(path.clone()..) {
        if !p.starts_with(path) {
            break;
        }
        if p.len() == path.len() + 1
            && *patch != Patch::Skip
            && let Some(Seg::Key(k)) = p.last()
            && !obj.contains_key(k)
        {
            out.push((k.clone(), p.clone(), *patch));
        }
    }
    out
}

fn child(path: &Path, seg: Seg) -> Path {
    let mut p = path.clone();
    p.push(seg);
    p
}

/// A deserializer for one value of the document, at `path`; `value` is `None` for a stand-in.
#[derive(Clone, Copy)]
struct Walk<'a> {
    value: Option<&'a Value>,
    path: &'a Path,
    overlay: &'a Overlay,
}

impl<'a> Walk<'a> {
    fn scalar<'de, V: Visitor<'de>>(self, v: &Value, visitor: V) -> Result<V::Value, Error> {
        let r = match v {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    visitor.visit_u64(u)
                } else if let Some(i) = n.as_i64() {
                    visitor.visit_i64(i)
                } else {
                    visitor.visit_f64(n.as_f64().unwrap_or(0.0))
                }
            }
            Value::String(s) => visitor.visit_str(s),
            Value::Array(_) | Value::Object(_) => {
                Err(de::Error::invalid_type(unexpected(v), &visitor))
            }
        };
        mark(r, self.path, false)
    }

    fn map<'de, V: Visitor<'de>>(
        self,
        obj: &'a serde_json::Map<String, Value>,
        visitor: V,
        opaque: bool,
    ) -> Result<V::Value, Error> {
        let mut entries: Vec<(String, Path, Option<&'a Value>)> = Vec::new();
        for (k, v) in obj {
            let p = child(self.path, Seg::Key(k.clone()));
            match self.overlay.get(&p) {
                Some(Patch::Skip) => {}
                Some(Patch::Stand) => entries.push((k.clone(), p, None)),
                Some(Patch::Null) => entries.push((k.clone(), p, Some(&NULL))),
                None => entries.push((k.clone(), p, Some(v))),
            }
        }
        // Stand-ins for fields found missing, probes.
        for (k, p, patch) in added(self.overlay, self.path, obj) {
            let v = (patch == Patch::Null).then_some(&NULL);
            entries.push((k, p, v));
        }
        let r = visitor.visit_map(Entries {
            entries: entries.into_iter(),
            next: None,
            overlay: self.overlay,
        });
        mark(r, self.path, opaque)
    }

    fn seq<'de, V: Visitor<'de>>(
        self,
        items: &'a [Value],
        visitor: V,
        opaque: bool,
    ) -> Result<V::Value, Error> {
        let mut list = Vec::new();
        for (i, v) in items.iter().enumerate() {
            let p = child(self.path, Seg::Index(i));
            match self.overlay.get(&p) {
                Some(Patch::Skip) => {}
                Some(Patch::Stand) => list.push((p, None)),
                Some(Patch::Null) => list.push((p, Some(&NULL))),
                None => list.push((p, Some(v))),
            }
        }
        let r = visitor.visit_seq(Items {
            items: list.into_iter(),
            overlay: self.overlay,
        });
        mark(r, self.path, opaque)
    }
}

struct Entries<'a, I> {
    entries: I,
    next: Option<(Path, Option<&'a Value>)>,
    overlay: &'a Overlay,
}

impl<'de, 'a, I: Iterator<Item = (String, Path, Option<&'a Value>)>> MapAccess<'de>
    for Entries<'a, I>
{
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((k, p, v)) = self.entries.next() else {
            return Ok(None);
        };
        // An unknown field is the key's problem: its path names the key.
        let key = mark(seed.deserialize(Key(&k)), &p, false)?;
        self.next = Some((p, v));
        Ok(Some(key))
    }
    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let (p, v) = self.next.take().expect("a value follows its key");
        after(
            seed.deserialize(Walk {
                value: v,
                path: &p,
                overlay: self.overlay,
            }),
            &p,
            v,
        )
    }
}

/// A map key: text, or a number written as text (as serde_json reads keys).
struct Key<'a>(&'a str);

macro_rules! number_keys {
    ($($name:ident $visit:ident $t:ty)*) => {$(
        fn $name<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0.parse::<$t>() {
                Ok(n) => visitor.$visit(n),
                Err(_) => visitor.visit_str(self.0),
            }
        }
    )*};
}

impl<'de> Deserializer<'de> for Key<'_> {
    type Error = Error;
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_str(self.0)
    }
    number_keys!(deserialize_i8 visit_i64 i64 deserialize_i16 visit_i64 i64
        deserialize_i32 visit_i64 i64 deserialize_i64 visit_i64 i64
        deserialize_u8 visit_u64 u64 deserialize_u16 visit_u64 u64
        deserialize_u32 visit_u64 u64 deserialize_u64 visit_u64 u64);
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_enum(self.0.into_deserializer())
    }
    serde::forward_to_deserialize_any! {
        bool i128 u128 f32 f64 char str string bytes byte_buf option unit unit_struct
        newtype_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

struct Items<'a, I> {
    items: I,
    overlay: &'a Overlay,
}

impl<'de, 'a, I: Iterator<Item = (Path, Option<&'a Value>)>> SeqAccess<'de> for Items<'a, I> {
    type Error = Error;
    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        let Some((p, v)) = self.items.next() else {
            return Ok(None);
        };
        after(
            seed.deserialize(Walk {
                value: v,
                path: &p,
                overlay: self.overlay,
            }),
            &p,
            v,
        )
        .map(Some)
    }
}

/// A stand-in's fields, each a stand-in itself.
struct StandFields<'a> {
    fields: std::slice::Iter<'static, &'static str>,
    path: &'a Path,
    overlay: &'a Overlay,
    next: Option<Path>,
}

impl<'de> MapAccess<'de> for StandFields<'_> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some(f) = self.fields.next() else {
            return Ok(None);
        };
        let p = child(self.path, Seg::Key(f.to_string()));
        let key = mark(seed.deserialize((*f).into_deserializer()), &p, false)?;
        self.next = Some(p);
        Ok(Some(key))
    }
    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let p = self.next.take().expect("a value follows its key");
        seed.deserialize(Walk {
            value: None,
            path: &p,
            overlay: self.overlay,
        })
    }
}

/// An enum variant: its name and its content (`None` for a unit variant or a stand-in).
struct Variant<'a> {
    name: &'a str,
    content: Option<Walk<'a>>,
    path: &'a Path,
}

impl<'de, 'a> de::EnumAccess<'de> for Variant<'a> {
    type Error = Error;
    type Variant = Variant<'a>;
    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self), Error> {
        let v = mark(
            seed.deserialize(self.name.into_deserializer()),
            self.path,
            false,
        )?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'_> {
    type Error = Error;
    fn unit_variant(self) -> Result<(), Error> {
        match self.content {
            None => Ok(()),
            Some(w) => de::Deserialize::deserialize(w),
        }
    }
    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, Error> {
        match self.content {
            Some(w) => seed.deserialize(w),
            None => mark(
                Err(de::Error::invalid_type(
                    de::Unexpected::UnitVariant,
                    &"newtype variant",
                )),
                self.path,
                false,
            ),
        }
    }
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.content {
            Some(w) => w.deserialize_seq(visitor),
            None => mark(
                Err(de::Error::invalid_type(
                    de::Unexpected::UnitVariant,
                    &visitor,
                )),
                self.path,
                false,
            ),
        }
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.content {
            Some(w) => w.deserialize_struct("", fields, visitor),
            None => mark(
                Err(de::Error::invalid_type(
                    de::Unexpected::UnitVariant,
                    &visitor,
                )),
                self.path,
                false,
            ),
        }
    }
}

macro_rules! scalars {
    ($($name:ident)*) => {$(
        fn $name<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.value {
                Some(v) => self.scalar(v, visitor),
                None => mark(visitor.visit_u64(0), self.path, false),
            }
        }
    )*};
}

impl<'de> Deserializer<'de> for Walk<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            None => mark(visitor.visit_u64(0), self.path, false),
            Some(Value::Object(o)) => self.map(o, visitor, true),
            Some(Value::Array(a)) => self.seq(a, visitor, true),
            Some(v) => self.scalar(v, visitor),
        }
    }

    scalars!(deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128);

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Some(v) => self.scalar(v, visitor),
            None => mark(visitor.visit_bool(false), self.path, false),
        }
    }
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_f64(visitor)
    }
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Some(v) => self.scalar(v, visitor),
            None => mark(visitor.visit_f64(0.0), self.path, false),
        }
    }
    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Some(v) => self.scalar(v, visitor),
            None => mark(visitor.visit_str(""), self.path, false),
        }
    }
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_any(visitor)
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_any(visitor)
    }
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            None | Some(Value::Null) => mark(visitor.visit_none(), self.path, false),
            Some(v) => after(visitor.visit_some(self), self.path, Some(v)),
        }
    }
    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Some(v) => self.scalar(v, visitor),
            None => mark(visitor.visit_unit(), self.path, false),
        }
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        after(visitor.visit_newtype_struct(self), self.path, self.value)
    }
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Some(Value::Array(a)) => self.seq(a, visitor, false),
            Some(v) => self.scalar(v, visitor),
            None => self.seq(&[], visitor, false),
        }
    }
    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_struct("", &[], visitor)
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.value {
            Some(Value::Object(o)) => self.map(o, visitor, false),
            // serde_json reads a struct from a list of its fields' values too.
            Some(Value::Array(a)) => self.seq(a, visitor, false),
            Some(v) => self.scalar(v, visitor),
            None => {
                let r = visitor.visit_map(StandFields {
                    fields: fields.iter(),
                    path: self.path,
                    overlay: self.overlay,
                    next: None,
                });
                mark(r, self.path, false)
            }
        }
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let r = match self.value {
            None => visitor.visit_enum(Variant {
                name: variants.first().copied().unwrap_or(""),
                content: None,
                path: self.path,
            }),
            Some(Value::String(s)) => visitor.visit_enum(Variant {
                name: s,
                content: None,
                path: self.path,
            }),
            Some(Value::Object(o)) if o.len() == 1 => {
                let (k, v) = o.iter().next().expect("one entry");
                let p = child(self.path, Seg::Key(k.clone()));
                // The content's path lives in this frame; the variant is read within it.
                return mark(
                    visitor.visit_enum(Variant {
                        name: k,
                        content: Some(Walk {
                            value: Some(v),
                            path: &p,
                            overlay: self.overlay,
                        }),
                        path: self.path,
                    }),
                    self.path,
                    false,
                );
            }
            Some(v) => Err(de::Error::invalid_type(unexpected(v), &visitor)),
        };
        mark(r, self.path, false)
    }
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        mark(visitor.visit_unit(), self.path, false)
    }
}

/// One structural problem: its path and serde's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub path: Path,
    pub message: String,
}

/// What one reading of the document says: `None` when it reads.
fn read<T: de::DeserializeOwned>(value: &Value, overlay: &Overlay) -> Option<Error> {
    let root = Path::new();
    after(
        T::deserialize(Walk {
            value: Some(value),
            path: &root,
            overlay,
        }),
        &root,
        Some(value),
    )
    .err()
}

fn get<'v>(value: &'v Value, path: &[Seg]) -> Option<&'v Value> {
    let mut v = value;
    for seg in path {
        v = match (seg, v) {
            (Seg::Key(k), Value::Object(o)) => o.get(k)?,
            (Seg::Index(i), Value::Array(a)) => a.get(*i)?,
            _ => return None,
        };
    }
    Some(v)
}

/// The values under `path`, in the order serde reads them (a map's tag first), each with
/// whether it is a map; stand-ins are leaves, skipped values are left out.
fn sites(value: &Value, path: &Path, overlay: &Overlay, out: &mut Vec<(Path, bool)>) {
    let Some(v) = get(value, path) else { return };
    match v {
        Value::Object(o) => {
            let mut keys: Vec<String> = o.keys().cloned().collect();
            keys.extend(added(overlay, path, o).into_iter().map(|(k, _, _)| k));
            keys.sort_by_key(|k| k.as_str() != TAG);
            for k in keys {
                let p = child(path, Seg::Key(k.clone()));
                match overlay.get(&p) {
                    Some(Patch::Skip) => continue,
                    Some(_) => out.push((p, false)),
                    None => {
                        out.push((p.clone(), matches!(o[&k], Value::Object(_))));
                        sites(value, &p, overlay, out);
                    }
                }
            }
        }
        Value::Array(a) => {
            for (i, item) in a.iter().enumerate() {
                let p = child(path, Seg::Index(i));
                match overlay.get(&p) {
                    Some(Patch::Skip) => continue,
                    Some(_) => out.push((p, false)),
                    None => {
                        out.push((p.clone(), matches!(item, Value::Object(_))));
                        sites(value, &p, overlay, out);
                    }
                }
            }
        }
        _ => {}
    }
}

struct Reader<'v, T> {
    value: &'v Value,
    reads: usize,
    budget: usize,
    _t: std::marker::PhantomData<fn() -> T>,
}

impl<T: de::DeserializeOwned> Reader<'_, T> {
    fn read(&mut self, overlay: &Overlay) -> Option<Option<Error>> {
        if self.reads >= self.budget {
            return None;
        }
        self.reads += 1;
        Some(read::<T>(self.value, overlay))
    }

    /// Whether reading with `sites[..=upto]` only under `at` gives the error `e` again.
    fn same_with(
        &mut self,
        overlay: &Overlay,
        all: &[(Path, bool)],
        upto: Option<usize>,
        e: &Error,
    ) -> Option<bool> {
        let mut o = overlay.clone();
        let from = upto.map_or(0, |u| u + 1);
        for (p, _) in &all[from..] {
            o.insert(p.clone(), Patch::Skip); // stand-ins too: they are read where they stand
        }
        Some(self.read(&o)?.as_ref() == Some(e))
    }

    /// Whether the map at `map` is the one missing `field`: given it as `null`, the reading no
    /// longer fails with `e`, nor because the map does not know the field.
    fn knows(&mut self, overlay: &Overlay, map: &Path, field: &str, e: &Error) -> Option<bool> {
        let mut o = overlay.clone();
        o.insert(child(map, Seg::Key(field.to_string())), Patch::Null);
        Some(match self.read(&o)? {
            None => true,
            Some(f) => {
                f != *e
                    && !(f.kind == Kind::Unknown
                        && f.msg.starts_with(&format!("unknown field `{field}`")))
            }
        })
    }

    /// The exact path of an error that came out of the opaque value at `at`.
    fn locate(&mut self, overlay: &Overlay, at: &Path, e: &Error) -> Option<Path> {
        let mut all = Vec::new();
        sites(self.value, at, overlay, &mut all);
        if let Kind::Missing(field) = &e.kind {
            // Maps lacking the field, in the order they end (post-order), the value itself
            // last: the first whose truncation right after it raises the error is the one.
            let mut ends: Vec<(usize, Path)> = Vec::new();
            for (i, (p, is_map)) in all.iter().enumerate() {
                if *is_map {
                    let last = all.iter().rposition(|(q, _)| q.starts_with(p)).unwrap_or(i);
                    ends.push((last, p.clone()));
                }
            }
            ends.sort_by_key(|(last, p)| (*last, std::cmp::Reverse(p.len())));
            ends.push((all.len().saturating_sub(1), at.clone()));
            for (last, p) in ends {
                let lacks = match get(self.value, &p) {
                    Some(Value::Object(o)) => {
                        let fp = child(&p, Seg::Key(field.clone()));
                        !o.contains_key(field) || overlay.get(&fp) == Some(&Patch::Skip)
                    }
                    _ => false,
                };
                let upto = if all.is_empty() { None } else { Some(last) };
                if lacks
                    && self.same_with(overlay, &all, upto, e)?
                    && self.knows(overlay, &p, field, e)?
                {
                    return Some(child(&p, Seg::Key(field.clone())));
                }
            }
            return Some(child(at, Seg::Key(field.clone())));
        }
        // Smallest prefix of the reading order that raises the same error.
        let (mut lo, mut hi) = (0usize, all.len());
        if self.same_with(overlay, &all, None, e)? {
            return Some(at.clone());
        }
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.same_with(overlay, &all, Some(mid), e)? {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let mut p = all.get(lo).map_or_else(|| at.clone(), |(p, _)| p.clone());
        if e.kind == Kind::Length && p.len() > at.len() {
            p.pop(); // the list, not its last element
        }
        Some(p)
    }
}

/// Readings allowed for a document of this size: [`MAX_READS`], fewer when each reading is
/// long (about 20 million values read in all).
pub fn budget(value: &Value) -> usize {
    fn count(v: &Value) -> usize {
        1 + match v {
            Value::Object(o) => o.values().map(count).sum(),
            Value::Array(a) => a.iter().map(count).sum(),
            _ => 0,
        }
    }
    (20_000_000 / count(value).max(1)).clamp(8, MAX_READS)
}

/// Every structural problem of `value` read as a `T`, in the order serde meets them; empty
/// when it reads. `complete` is false when the work bound stopped the search early.
pub fn collect<T: de::DeserializeOwned>(value: &Value) -> (Vec<Found>, bool) {
    let mut r = Reader::<T> {
        value,
        reads: 0,
        budget: budget(value),
        _t: std::marker::PhantomData,
    };
    let mut overlay = Overlay::new();
    let mut found: Vec<Found> = Vec::new();
    loop {
        let Some(outcome) = r.read(&overlay) else {
            return (found, false);
        };
        let Some(e) = outcome else {
            return (found, true);
        };
        let (at, opaque) = e.at.clone().unwrap_or_default();
        let site = if opaque {
            match r.locate(&overlay, &at, &e) {
                Some(p) => p,
                None => return (found, false),
            }
        } else {
            match &e.kind {
                Kind::Missing(f) => child(&at, Seg::Key(f.clone())),
                _ => at,
            }
        };
        // Within a stand-in: the stand-in does not fit; let its parent go instead.
        if let Some(stand) = (0..=site.len())
            .map(|n| &site[..n])
            .find(|p| overlay.get(*p) == Some(&Patch::Stand))
            .map(<[Seg]>::to_vec)
        {
            if !drop_parent(&mut overlay, &stand) {
                return (found, true);
            }
            continue;
        }
        match (&e.kind, overlay.get(&site)) {
            // A field this search skipped is required: read a stand-in instead.
            (Kind::Missing(_), Some(Patch::Skip)) => {
                overlay.insert(site, Patch::Stand);
            }
            (Kind::Missing(_), _) => {
                found.push(Found {
                    path: site.clone(),
                    message: e.msg.clone(),
                });
                overlay.insert(site, Patch::Stand);
            }
            (_, Some(_)) => {
                // Already patched and still failing: give up on its parent.
                if !drop_parent(&mut overlay, &site) {
                    return (found, true);
                }
            }
            _ => {
                found.push(Found {
                    path: site.clone(),
                    message: e.msg.clone(),
                });
                if site.is_empty() {
                    return (found, true); // the document itself does not fit
                }
                overlay.insert(site, Patch::Skip);
            }
        }
    }
}

/// Skip the parent of `path` (and forget patches under it); false at the root.
fn drop_parent(overlay: &mut Overlay, path: &[Seg]) -> bool {
    if path.is_empty() {
        return false;
    }
    let parent = path[..path.len() - 1].to_vec();
    if parent.is_empty() {
        return false;
    }
    overlay.retain(|p, _| !p.starts_with(&parent) || p.len() == parent.len());
    match overlay.get(&parent) {
        Some(_) => drop_parent(overlay, &parent),
        _ => {
            overlay.insert(parent, Patch::Skip);
            true
        }
    }
}
