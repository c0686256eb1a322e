//! Reading Kepi's versioned JSON documents.
//!
//! Every file Kepi writes starts with `"format"` (what it is) and `"version"` (which layout).
//! Reading is in three steps so that each failure gets the clearest message possible:
//! 1. JSON syntax (truncated files, stray commas) with line and column;
//! 2. the `format`/`version` header, so a newer file says "version 3 is newer than this Kepi";
//! 3. the typed layout, with the JSON path of the field that does not fit.

use crate::problems::{Problem, Problems};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The kinds of document Kepi reads, by their `format` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DocumentKind {
    Map,
    Scenario,
    Catalog,
    CombatResults,
    TerrainEffects,
    RangeEffects,
    Game,
    GameTree,
}

impl DocumentKind {
    pub const ALL: [DocumentKind; 8] = [
        DocumentKind::Map,
        DocumentKind::Scenario,
        DocumentKind::Catalog,
        DocumentKind::CombatResults,
        DocumentKind::TerrainEffects,
        DocumentKind::RangeEffects,
        DocumentKind::Game,
        DocumentKind::GameTree,
    ];

    pub fn format_name(self) -> &'static str {
        match self {
            DocumentKind::Map => "kepi-map",
            DocumentKind::Scenario => "kepi-scenario",
            DocumentKind::Catalog => "kepi-catalog",
            DocumentKind::CombatResults => "kepi-combat-results",
            DocumentKind::TerrainEffects => "kepi-terrain-effects",
            DocumentKind::RangeEffects => "kepi-range-effects",
            DocumentKind::Game => "kepi-game",
            DocumentKind::GameTree => "kepi-game-tree",
        }
    }

    /// The newest layout version this build reads and writes.
    pub fn current_version(self) -> u64 {
        1
    }

    pub fn from_format_name(name: &str) -> Option<DocumentKind> {
        DocumentKind::ALL
            .into_iter()
            .find(|k| k.format_name() == name)
    }
}

fn problem(field: &str, message: String) -> Problems {
    Problems::from(Problem {
        file: None,
        field: field.to_string(),
        hex: None,
        message,
    })
}

/// Step 1: JSON syntax, with line and column.
pub fn parse_json(text: &str) -> Result<Value, Problems> {
    serde_json::from_str(text).map_err(|e| {
        let what = if e.is_eof() {
            "the file ends too early (truncated JSON)".to_string()
        } else {
            format!("not valid JSON: {e}")
        };
        let what = if e.is_eof() {
            format!("{what} at line {} column {}", e.line(), e.column())
        } else {
            what
        };
        problem("", what)
    })
}

/// Step 2: which kind of document this is, from its `format` field.
pub fn kind_of(value: &Value) -> Result<DocumentKind, Problems> {
    let known = || {
        DocumentKind::ALL
            .iter()
            .map(|k| k.format_name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match value.get("format") {
        Some(Value::String(name)) => DocumentKind::from_format_name(name).ok_or_else(|| {
            problem(
                "format",
                format!("unknown format '{name}'; known formats: {}", known()),
            )
        }),
        Some(other) => Err(problem(
            "format",
            format!("expected a string such as \"kepi-map\", found {other}"),
        )),
        None => Err(problem(
            "format",
            format!(
                "missing: a Kepi file starts with \"format\" (one of {}) and \"version\"",
                known()
            ),
        )),
    }
}

/// The top-level field naming the JSON Schema a file follows, for text editors
/// (`"$schema": "../schemas/kepi-map.schema.json"`). Kepi reads past it when it is text, and
/// does not keep it: files Kepi writes (the painter, `kepi zones --write`) leave it out.
pub const SCHEMA_FIELD: &str = "$schema";

/// Steps 2 and 3 for an expected kind.
pub fn from_value<T: DeserializeOwned>(
    mut value: Value,
    kind: DocumentKind,
) -> Result<T, Problems> {
    let found = kind_of(&value)?;
    if found != kind {
        return Err(problem(
            "format",
            format!(
                "this is a '{}' file, but a '{}' was expected here",
                found.format_name(),
                kind.format_name()
            ),
        ));
    }
    let current = kind.current_version();
    match value.get("version") {
        Some(Value::Number(n)) if n.as_u64() == Some(current) => {}
        Some(Value::Number(n)) if n.as_u64().is_some_and(|v| v > current) => {
            return Err(problem(
                "version",
                format!(
                    "version {n} of {} is newer than this Kepi, which reads version {current}; \
                     update Kepi to open it",
                    kind.format_name()
                ),
            ));
        }
        Some(other) => {
            return Err(problem(
                "version",
                format!(
                    "unknown version {other} of {}; this Kepi reads version {current}",
                    kind.format_name()
                ),
            ));
        }
        None => {
            return Err(problem(
                "version",
                format!("missing: expected \"version\": {current}"),
            ));
        }
    }
    if let Value::Object(fields) = &mut value
        && fields.get(SCHEMA_FIELD).is_some_and(Value::is_string)
    {
        fields.remove(SCHEMA_FIELD);
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        problem(&path, e.inner().to_string())
    })
}

/// All three steps from text.
pub fn from_text<T: DeserializeOwned>(text: &str, kind: DocumentKind) -> Result<T, Problems> {
    from_value(parse_json(text)?, kind)
}

/// Serialize a document as Kepi writes it: pretty, two-space indent, trailing newline.
pub fn to_text<T: serde::Serialize>(doc: &T) -> String {
    let mut s = serde_json::to_string_pretty(doc).expect("documents serialize to JSON");
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        format: String,
        version: u32,
        columns: u32,
    }

    #[test]
    fn truncated_json_says_so() {
        let e = from_text::<Doc>("{\"format\": \"kepi-map\", \"ver", DocumentKind::Map)
            .unwrap_err()
            .to_string();
        assert!(e.contains("truncated"), "{e}");
    }

    #[test]
    fn newer_version_is_refused_by_name() {
        let e = from_text::<Doc>(
            r#"{"format":"kepi-map","version":9,"columns":3}"#,
            DocumentKind::Map,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("version 9") && e.contains("newer"), "{e}");
    }

    #[test]
    fn wrong_type_names_the_field() {
        let e = from_text::<Doc>(
            r#"{"format":"kepi-map","version":1,"columns":"many"}"#,
            DocumentKind::Map,
        )
        .unwrap_err()
        .to_string();
        assert!(e.starts_with("columns: "), "{e}");
    }

    #[test]
    fn an_editors_schema_field_is_read_past_when_it_is_text() {
        let doc = from_text::<Doc>(
            r#"{"$schema":"../schemas/kepi-map.schema.json","format":"kepi-map","version":1,"columns":3}"#,
            DocumentKind::Map,
        )
        .unwrap();
        assert_eq!(doc.columns, 3);
        let e = from_text::<Doc>(
            r#"{"$schema":7,"format":"kepi-map","version":1,"columns":3}"#,
            DocumentKind::Map,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("unknown field `$schema`"), "{e}");
    }

    #[test]
    fn wrong_kind_is_named() {
        let e = from_text::<Doc>(
            r#"{"format":"kepi-scenario","version":1}"#,
            DocumentKind::Map,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("'kepi-scenario' file"), "{e}");
    }
}
