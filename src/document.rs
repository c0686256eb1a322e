//! Reading Kepi's versioned JSON documents.
//!
//! Every file Kepi writes starts with `"format"` (what it is) and `"version"` (which layout).
//! Reading is in three steps so that each failure gets the clearest message possible:
//! 1. JSON syntax (truncated files, stray commas) with line and column;
//! 2. the `format`/`version` header, so a newer file says "version 3 is newer than this Kepi";
//! 3. the typed layout, with the JSON path of every field that does not fit: when serde
//!    refuses the document, [`collect`] reads it again past each problem to list them all.

mod collect;

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
    /// The version this Kepi writes.
    pub fn current_version(self) -> u64 {
        match self {
            // 2: a node's `state_hash` may be the 16 hex digits an archive of schema 8 keeps
            // (a prefix of the state's hash); a Kepi reading only version 1 says the file is
            // newer rather than that its hashes do not match.
            DocumentKind::GameTree => 2,
            _ => 1,
        }
    }

    /// The oldest version this Kepi reads (every version since is read as it is).
    pub fn oldest_version(self) -> u64 {
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
        Some(Value::Number(n))
            if n.as_u64()
                .is_some_and(|v| (kind.oldest_version()..=current).contains(&v)) => {}
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
    // serde decides whether the document reads; only a refusal is read again, to list every
    // problem rather than the first.
    match T::deserialize(&value) {
        Ok(doc) => Ok(doc),
        Err(first) => Err(all_problems::<T>(&value, first)),
    }
}

/// Every structural problem of a document serde refused with `first`.
fn all_problems<T: DeserializeOwned>(value: &Value, first: serde_json::Error) -> Problems {
    let (found, complete) = collect::collect::<T>(value);
    let mut p = Problems::new();
    for f in &found {
        p.push(collect::path_text(&f.path), f.message.clone());
    }
    if p.is_empty() {
        // The search found nothing serde refused (it should not happen): serde's own word,
        // with its path, so that no refusal goes unexplained.
        return match serde_path_to_error::deserialize::<_, T>(value) {
            Err(e) => {
                let path = e.path().to_string();
                let path = if path == "." { String::new() } else { path };
                problem(&path, e.inner().to_string())
            }
            Ok(_) => problem("", first.to_string()),
        };
    }
    if !complete {
        p.push(
            "",
            format!(
                "there may be more problems: the search for them stopped after reading the \
                 document {} times",
                collect::budget(value)
            ),
        );
    }
    p
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

    /// Game trees are at version 2 (hashes of 16 digits, archive schema 8); version 1 files
    /// are read as they are, version 3 is newer than this Kepi.
    #[test]
    fn a_game_tree_of_version_1_or_2_reads_and_3_is_newer() {
        let doc = |v: u32| format!(r#"{{"format":"kepi-game-tree","version":{v},"columns":3}}"#);
        assert_eq!(DocumentKind::GameTree.current_version(), 2);
        for v in [1, 2] {
            from_text::<Doc>(&doc(v), DocumentKind::GameTree).unwrap();
        }
        let e = from_text::<Doc>(&doc(3), DocumentKind::GameTree)
            .unwrap_err()
            .to_string();
        assert!(e.contains("version 3") && e.contains("newer"), "{e}");
        // Other kinds stay at version 1.
        let e = from_text::<Doc>(
            r#"{"format":"kepi-map","version":2,"columns":3}"#,
            DocumentKind::Map,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("newer"), "{e}");
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

    /// A miniature of the scenario's shapes: plain structs, an internally tagged enum with a
    /// nested struct and a list of itself, defaults and options.
    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Scn {
        format: String,
        version: u32,
        title: String,
        #[serde(default)]
        turns: u32,
        rules: Vec<Rule>,
        #[serde(default)]
        note: Option<String>,
    }

    #[derive(serde::Deserialize, Debug)]
    #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
    #[allow(dead_code)]
    enum Rule {
        Hold { side: String, target: Target },
        All { of: Vec<Rule> },
        Within { distance: u32 },
    }

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Target {
        #[serde(default)]
        features: Vec<String>,
        require: Need,
    }

    #[derive(serde::Deserialize, Debug)]
    #[serde(rename_all = "snake_case")]
    enum Need {
        EveryHex,
    }

    fn all_problems(json: &str) -> Vec<String> {
        let head = r#"{"format":"kepi-scenario","version":1,"#;
        match from_text::<Scn>(&format!("{head}{json}}}"), DocumentKind::Scenario) {
            Ok(_) => Vec::new(),
            Err(p) => p.iter().map(|p| p.to_string()).collect(),
        }
    }

    #[test]
    fn every_structural_problem_is_listed_with_its_path() {
        let p = all_problems(
            r#""turns": "eight", "colour": 1,
               "rules": [
                 {"kind": "hold", "side": "a", "target": {"require": "every-hex"}},
                 {"kind": "all", "of": [{"kind": "within", "distance": 1},
                                        {"kind": "within", "distance": "two"}]},
                 {"kind": "hold", "target": {"features": ["V4"]}},
                 {"kind": "within", "distance": 3, "extra": true},
                 {"kind": "holdd"}
               ]"#,
        );
        assert_eq!(
            p,
            [
                "colour: unknown field `colour`, expected one of `format`, `version`, `title`, \
                 `turns`, `rules`, `note`",
                "rules[0].target.require: unknown variant `every-hex`, expected `every_hex`",
                "rules[1].of[1].distance: invalid type: string \"two\", expected u32",
                "rules[2].target.require: missing field `require`",
                "rules[2].side: missing field `side`",
                "rules[3].extra: unknown field `extra`, expected `distance`",
                "rules[4].kind: unknown variant `holdd`, expected one of `hold`, `all`, `within`",
                "turns: invalid type: string \"eight\", expected u32",
                "title: missing field `title`",
            ]
        );
    }

    #[test]
    fn a_valid_document_reads_as_before() {
        assert!(all_problems(r#""title": "t", "rules": [{"kind": "all", "of": []}]"#).is_empty());
    }

    #[test]
    fn the_search_is_bounded() {
        // Hundreds of bad elements: the search stops and says so, without hanging.
        let rules: Vec<String> = (0..300)
            .map(|_| r#"{"kind": "within", "distance": "x"}"#.to_string())
            .collect();
        let p = all_problems(&format!(r#""title": "t", "rules": [{}]"#, rules.join(",")));
        assert!(p.len() > 10, "{p:?}");
        assert!(
            p.last().unwrap().contains("there may be more problems"),
            "{p:?}"
        );
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
