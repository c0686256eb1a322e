//! A victory condition or special rule as a scenario writes it: one of the kinds every rule
//! system reads (Kepi's shared vocabulary: [`super::rules::VictoryRule`],
//! [`super::rules::SpecialRule`]), or a kind of the scenario's own rule system, kept as written
//! and read by that system ([`crate::engine::Ruleset::own_rules`] lists its kinds with their
//! schemas; its `forces` reads and checks their fields).
//!
//! Invariants: a shared kind always reads as [`Rule::Shared`], with serde's own words for any
//! field that does not fit (never as an [`OwnRule`]); a shared rule is written exactly as its
//! type writes it, so files, scenario hashes and recorded games are the same as before own
//! kinds existed; an own rule is written with `kind` first and its other fields in key order.

use schemars::JsonSchema;
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

/// The kinds a shared vocabulary has (the `kind` tags of its variants).
pub trait SharedKinds {
    const KINDS: &'static [&'static str];
}

/// A rule of the shared vocabulary `T`, or one of a rule system's own kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule<T> {
    Shared(T),
    Own(OwnRule),
}

/// A rule of a system's own kind, as written: its `kind` and its other fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnRule {
    pub kind: String,
    pub fields: Map<String, Value>,
}

/// A rule system's own kinds of victory condition and special rule.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OwnRules {
    pub victory: Vec<OwnKind>,
    pub special: Vec<OwnKind>,
}

/// One own kind: its `kind` tag and the schema of the whole rule object (its `kind` a const,
/// as the shared kinds' schemas have it, so that the scenario view offers it among them).
#[derive(Clone, Debug, PartialEq)]
pub struct OwnKind {
    pub kind: &'static str,
    pub schema: Value,
}

impl OwnRules {
    pub fn kinds(list: &[OwnKind]) -> Vec<&'static str> {
        list.iter().map(|k| k.kind).collect()
    }
}

impl<T> Rule<T> {
    /// The shared rule, or `None` for a system's own kind.
    pub fn shared(&self) -> Option<&T> {
        match self {
            Rule::Shared(r) => Some(r),
            Rule::Own(_) => None,
        }
    }

    pub fn shared_mut(&mut self) -> Option<&mut T> {
        match self {
            Rule::Shared(r) => Some(r),
            Rule::Own(_) => None,
        }
    }

    /// The system's own rule, or `None` for a shared kind.
    pub fn own(&self) -> Option<&OwnRule> {
        match self {
            Rule::Shared(_) => None,
            Rule::Own(r) => Some(r),
        }
    }
}

impl<T> From<T> for Rule<T> {
    fn from(rule: T) -> Rule<T> {
        Rule::Shared(rule)
    }
}

impl OwnRule {
    /// Its fields read as a system's own type (with `kind`, as an internally tagged enum of the
    /// system's kinds reads it); serde's words on failure.
    pub fn read<R: DeserializeOwned>(&self) -> Result<R, String> {
        serde_json::from_value(Value::Object(self.object())).map_err(|e| e.to_string())
    }

    /// The rule as one JSON object, `kind` first.
    fn object(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("kind".into(), Value::String(self.kind.clone()));
        m.extend(self.fields.clone());
        m
    }
}

impl<T: Serialize> Serialize for Rule<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Rule::Shared(r) => r.serialize(s),
            Rule::Own(r) => {
                let mut m = s.serialize_map(Some(r.fields.len() + 1))?;
                m.serialize_entry("kind", &r.kind)?;
                for (k, v) in &r.fields {
                    m.serialize_entry(k, v)?;
                }
                m.end()
            }
        }
    }
}

impl<'de, T: DeserializeOwned + SharedKinds> Deserialize<'de> for Rule<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        let Value::Object(mut fields) = value else {
            return Err(D::Error::custom(
                "a rule is an object with its \"kind\" and the kind's fields",
            ));
        };
        let kind = match fields.get("kind") {
            Some(Value::String(k)) => k.clone(),
            Some(_) => return Err(D::Error::custom("\"kind\" is the rule's kind, a string")),
            None => return Err(D::Error::missing_field("kind")),
        };
        if T::KINDS.contains(&kind.as_str()) {
            return serde_json::from_value(Value::Object(fields))
                .map(Rule::Shared)
                .map_err(D::Error::custom);
        }
        fields.remove("kind");
        Ok(Rule::Own(OwnRule { kind, fields }))
    }
}

/// In a schema, a rule is one of the shared kinds; each rule system's own kinds are added to
/// them where a scenario of that system is described ([`crate::schema`]).
impl<T: JsonSchema> JsonSchema for Rule<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
    enum Shared {
        Hold { side: String },
        Note,
    }
    impl SharedKinds for Shared {
        const KINDS: &'static [&'static str] = &["hold", "note"];
    }

    fn read(text: &str) -> Result<Rule<Shared>, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn a_shared_kind_reads_typed_and_keeps_serdes_words() {
        assert_eq!(
            read(r#"{"kind": "hold", "side": "a"}"#).unwrap(),
            Rule::Shared(Shared::Hold { side: "a".into() })
        );
        let e = read(r#"{"kind": "hold", "sid": "a"}"#).unwrap_err();
        assert!(e.contains("unknown field `sid`"), "{e}");
        let e = read(r#"{"kind": "hold"}"#).unwrap_err();
        assert!(e.contains("missing field `side`"), "{e}");
    }

    #[test]
    fn another_kind_is_kept_as_written_kind_first() {
        let r = read(r#"{"n": 3, "kind": "first_card", "a": [1]}"#).unwrap();
        let own = r.own().expect("own");
        assert_eq!(own.kind, "first_card");
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"kind":"first_card","a":[1],"n":3}"#
        );
        assert!(
            read(r#"{"n": 3}"#)
                .unwrap_err()
                .contains("missing field `kind`")
        );
        assert!(read(r#"{"kind": 3}"#).unwrap_err().contains("a string"));
        assert!(read(r#"[1]"#).unwrap_err().contains("an object"));
    }

    #[test]
    fn a_shared_rule_writes_as_its_type_does() {
        let r = Rule::Shared(Shared::Hold { side: "a".into() });
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            serde_json::to_string(&Shared::Hold { side: "a".into() }).unwrap()
        );
    }
}
