//! JSON Schemas of the files a designer writes by hand (maps, scenarios, unit catalogs) and of
//! a pack's manifest, generated from the Rust types that read them (`schemars` derives, which
//! follow the types' serde attributes; doc comments become descriptions). The repository
//! keeps them in `schemas/` (a test fails while they are stale; `KEPI_BLESS=1 cargo test
//! --test integration schemas::` refreshes them) and `kepi schema KIND` prints them.
//!
//! A schema is a help for text editors (completion, checks as one types), not Kepi's
//! validation: it says which fields there are and what they hold, while `kepi validate` also
//! checks what spans fields (hexes on the map, features that exist, each group deployed once).
//! Invariant: every file Kepi accepts with the forms Kepi writes is valid against its schema
//! (tested on every shipped map, scenario and the embedded catalog).
//!
//! Each schema's `$id` is [`ID_BASE`] and its file name. The address is a name, not a place
//! to download from (`kepi.example` is a reserved domain): editors are pointed at the files.

use crate::document::DocumentKind;
use crate::map::MapFile;
use crate::pack::{self, Manifest};
use crate::scenario::ScenarioFile;
use crate::tables::Catalog;
use schemars::generate::SchemaSettings;
use schemars::{Schema, SchemaGenerator, json_schema};
use serde_json::{Value, json};

/// The start of every schema's `$id`: the id is this and the schema's file name.
pub const ID_BASE: &str = "https://kepi.example/schemas/";

/// The folder of the repository that holds the schema files.
pub const FOLDER: &str = "schemas";

/// The documents with a published schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemaKind {
    Map,
    Scenario,
    Catalog,
    PackManifest,
}

impl SchemaKind {
    pub const ALL: [SchemaKind; 4] = [
        SchemaKind::Map,
        SchemaKind::Scenario,
        SchemaKind::Catalog,
        SchemaKind::PackManifest,
    ];

    /// The name `kepi schema` takes ("pack-manifest").
    pub fn key(self) -> &'static str {
        match self {
            SchemaKind::Map => "map",
            SchemaKind::Scenario => "scenario",
            SchemaKind::Catalog => "catalog",
            SchemaKind::PackManifest => "pack-manifest",
        }
    }

    pub fn from_key(key: &str) -> Option<SchemaKind> {
        SchemaKind::ALL.into_iter().find(|k| k.key() == key)
    }

    /// The file's `format` field.
    fn format(self) -> &'static str {
        match self {
            SchemaKind::Map => DocumentKind::Map.format_name(),
            SchemaKind::Scenario => DocumentKind::Scenario.format_name(),
            SchemaKind::Catalog => DocumentKind::Catalog.format_name(),
            SchemaKind::PackManifest => pack::FORMAT,
        }
    }

    /// The file's `version` field: the one version this Kepi reads.
    fn version(self) -> u64 {
        match self {
            SchemaKind::Map => DocumentKind::Map.current_version(),
            SchemaKind::Scenario => DocumentKind::Scenario.current_version(),
            SchemaKind::Catalog => DocumentKind::Catalog.current_version(),
            SchemaKind::PackManifest => pack::VERSION,
        }
    }

    /// The schema's file name in [`FOLDER`]: `kepi-map.schema.json`.
    pub fn file_name(self) -> String {
        match self {
            SchemaKind::PackManifest => "kepi-pack-manifest.schema.json".to_string(),
            _ => format!("{}.schema.json", self.format()),
        }
    }

    /// The schema's `$id`.
    pub fn id(self) -> String {
        format!("{ID_BASE}{}", self.file_name())
    }

    fn title(self) -> &'static str {
        match self {
            SchemaKind::Map => "Kepi map (kepi-map)",
            SchemaKind::Scenario => "Kepi scenario (kepi-scenario)",
            SchemaKind::Catalog => "Kepi unit catalog (kepi-catalog)",
            SchemaKind::PackManifest => "Kepi pack manifest (kepi-pack)",
        }
    }

    fn description(self) -> &'static str {
        match self {
            SchemaKind::Map => {
                "A hex map: maps/<id>.json. See docs/formats.md, \"Map\"; `kepi validate` checks \
                 what the schema cannot (rows that fit the grid, hexes on the map, adjacent \
                 hexes)."
            }
            SchemaKind::Scenario => {
                "A scenario on a map (its sides, and any victory condition or special rule of a \
                 kind of its own, follow its rule system, `ruleset`): scenarios/<id>.json. See \
                 docs/formats.md, \
                 \"Scenario\"; `kepi validate` checks what the schema cannot (hexes and \
                 features of the map, sides and groups that exist, zones that rules compute)."
            }
            SchemaKind::Catalog => {
                "Unit types and their values: catalogs/<id>.json. See docs/formats.md, \
                 \"Catalog\"."
            }
            SchemaKind::PackManifest => {
                "The manifest of a scenario pack (kepipack.manifest inside a .kepipack): who \
                 made it, which Kepi it needs, and every file with its kind, size and SHA-256. \
                 Kepi writes it (`kepi pack export`)."
            }
        }
    }

    /// Whether the document may carry a `$schema` field for editors: the files read through
    /// [`crate::document`], which drops it before reading the rest.
    fn takes_schema_field(self) -> bool {
        self != SchemaKind::PackManifest
    }

    /// The schema as JSON; a scenario's describes every published rule system's sides and own
    /// kinds of rule (not those of the test build only).
    pub fn schema(self) -> Value {
        self.schema_of(&crate::engine::game::registry::published())
    }

    /// The schema as JSON, a scenario's describing the sides and own kinds of rule of
    /// `systems` only.
    fn schema_of(self, systems: &[&dyn crate::engine::game::AnyRuleset]) -> Value {
        let generator = SchemaSettings::draft2020_12().into_generator();
        let root = match self {
            SchemaKind::Map => generator.into_root_schema_for::<MapFile>(),
            SchemaKind::Scenario => generator.into_root_schema_for::<ScenarioFile>(),
            SchemaKind::Catalog => generator.into_root_schema_for::<Catalog>(),
            SchemaKind::PackManifest => generator.into_root_schema_for::<Manifest>(),
        };
        let mut v = root.to_value();
        if self == SchemaKind::Scenario {
            by_ruleset(&mut v, systems);
        }
        tidy_descriptions(&mut v);
        let obj = v.as_object_mut().expect("a root schema is an object");
        obj.insert("$id".into(), self.id().into());
        obj.insert("title".into(), self.title().into());
        obj.insert("description".into(), self.description().into());
        let props = obj
            .get_mut("properties")
            .and_then(Value::as_object_mut)
            .expect("a document's schema lists its properties");
        // `format` and `version` are plain fields of the Rust types; the reader requires these
        // values (document::from_value, Manifest::from_bytes).
        props.insert(
            "format".into(),
            json!({"description": "What the file is.", "const": self.format()}),
        );
        props.insert(
            "version".into(),
            json!({
                "description": "The layout's version; this Kepi reads this one.",
                "const": self.version(),
            }),
        );
        if self.takes_schema_field() {
            props.insert(
                "$schema".into(),
                json!({
                    "description": "The schema this file follows, for editors (Kepi reads \
                                    past it, and does not write it when it saves the file).",
                    "type": "string",
                }),
            );
        }
        v
    }

    /// The scenario schema of one rule system (the scenario view's forms): its sides, and its
    /// own kinds of victory condition and special rule beside the shared ones.
    pub fn scenario_for(key: &str) -> Result<Value, String> {
        let system = crate::engine::game::registry::get(key)?;
        Ok(SchemaKind::Scenario.schema_of(&[system]))
    }

    /// The schema file's text: pretty-printed, two-space indent, trailing newline.
    pub fn text(self) -> String {
        let mut s = serde_json::to_string_pretty(&self.schema()).expect("a schema serializes");
        s.push('\n');
        s
    }
}

/// The schema of `SideEntry::forces` in the types' own schema: any fields (each rule system's
/// side schema, [`crate::engine::Ruleset::side_schema`], says which; the scenario schema picks
/// it by `ruleset`, see [`by_ruleset`]).
pub fn side_section(_: &mut SchemaGenerator) -> Schema {
    json_schema!({"type": "object"})
}

/// One side of a scenario of a rule system: `id`, `name`, `color` (as every side has them),
/// and the system's section, `properties` with the `required` ones; no other field.
pub fn side_entry(description: &str, properties: Value, required: &[&str]) -> Value {
    let mut props = json!({
        "id": {
            "description": "Short id used by the rest of the file (\"british\").",
            "type": "string",
            "pattern": crate::map::ID_PATTERN,
            "maxLength": 64,
        },
        "name": {"type": "string"},
        "color": {"description": "Counter colour (\"red\", \"blue\").", "type": "string"},
    });
    let map = props.as_object_mut().expect("an object");
    if let Value::Object(section) = properties {
        map.extend(section);
    }
    let mut all = vec!["id", "name", "color"];
    all.extend_from_slice(required);
    json!({
        "description": description,
        "type": "object",
        "properties": props,
        "required": all,
        "additionalProperties": false,
    })
}

/// The name of a rule system's side entry among the scenario schema's `$defs`
/// ("MySystemSideEntry" for a system whose key is `my-system`).
pub fn side_def(key: &str) -> String {
    let camel: String = key
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect();
    format!("{camel}SideEntry")
}

/// A scenario's sides follow their rule system's side entry, and its victory conditions and
/// special rules may be of the system's own kinds: for each system of `systems`, its side
/// entry and own kinds join `$defs`, and the root's `allOf` holds one `if ruleset is it, then
/// its sides` for each. With one system (the scenario view's schema) its sides are the only
/// ones and its own kinds the only ones added.
fn by_ruleset(v: &mut Value, systems: &[&dyn crate::engine::game::AnyRuleset]) {
    let mut generator = SchemaSettings::draft2020_12().into_generator();
    let mut defs = serde_json::Map::new();
    let mut cases = Vec::new();
    let mut own_victory = Vec::new();
    let mut own_special = Vec::new();
    for r in systems {
        let def = side_def(r.key());
        defs.insert(def.clone(), r.side_schema(&mut generator));
        // A system that scores victory itself has no victory entries; any other needs one.
        let then = match r.own_victory() {
            Some(how) => json!({
                "properties": {
                    "sides": {"items": {"$ref": format!("#/$defs/{def}")}},
                    "victory": {"description": format!("None: {} scores victory itself, from \
                        {how}; entries are not read (a warning names them).", r.name())},
                },
            }),
            None => json!({
                "properties": {
                    "sides": {"items": {"$ref": format!("#/$defs/{def}")}},
                    "victory": {"minItems": 1},
                },
                "required": ["victory"],
            }),
        };
        cases.push(json!({
            "if": {"properties": {"ruleset": {"const": r.key()}}, "required": ["ruleset"]},
            "then": then,
        }));
        let own = r.own_rules(&mut generator);
        own_victory.extend(own.victory.into_iter().map(|k| k.schema));
        own_special.extend(own.special.into_iter().map(|k| k.schema));
    }
    // Definitions the systems' schemas refer to (their section's types).
    for (name, schema) in generator.take_definitions(true) {
        defs.entry(name).or_insert(schema);
    }
    let obj = v.as_object_mut().expect("a root schema is an object");
    let root_defs = obj
        .entry("$defs")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .expect("$defs is an object");
    for (name, schema) in defs {
        root_defs.entry(name).or_insert(schema);
    }
    // A side is its system's entry (the `allOf` below); Kepi's own type only says "an object".
    let sides = obj
        .get_mut("properties")
        .and_then(|p| p.get_mut("sides"))
        .and_then(Value::as_object_mut)
        .expect("a scenario schema has sides");
    sides.insert("items".into(), json!({"type": "object"}));
    let root_defs = obj
        .get_mut("$defs")
        .and_then(Value::as_object_mut)
        .expect("$defs is an object");
    root_defs.remove("SideEntry");
    for (def, own) in [("VictoryRule", own_victory), ("SpecialRule", own_special)] {
        if let Some(one_of) = root_defs
            .get_mut(def)
            .and_then(|d| d.get_mut("oneOf"))
            .and_then(Value::as_array_mut)
        {
            one_of.extend(own);
        }
    }
    obj.insert("allOf".into(), Value::Array(cases));
    // The scenario view's schema (one system) says at its `victory` how a system that scores
    // victory itself does it, for the Victory tab to show instead of an editor.
    if let [one] = systems
        && let Some(how) = one.own_victory()
        && let Some(victory) = obj
            .get_mut("properties")
            .and_then(|p| p.get_mut("victory"))
            .and_then(Value::as_object_mut)
    {
        victory.insert("x-kepi-own-victory".into(), json!(how));
    }
}

/// Doc comments made into descriptions read as prose: the line breaks of a wrapped comment
/// become spaces (a blank line, a paragraph break, stays), and rustdoc links
/// (``[`super::Scenario`]``) become the plain name in backquotes (`` `Scenario` ``).
fn tidy_descriptions(v: &mut Value) {
    match v {
        Value::Object(obj) => {
            for (key, value) in obj.iter_mut() {
                match value {
                    Value::String(text) if key == "description" => *text = tidy(text),
                    _ => tidy_descriptions(value),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(tidy_descriptions),
        _ => {}
    }
}

fn tidy(text: &str) -> String {
    let prose = text
        .split("\n\n")
        .map(|para| {
            para.split('\n')
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n\n");
    // "[`a::b::C`]" -> "`C`"; other brackets are left as written.
    let mut out = String::with_capacity(prose.len());
    let mut rest = prose.as_str();
    while let Some(start) = rest.find("[`") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        match after.find("`]") {
            Some(end) if !after[..end].contains(['`', ' ']) => {
                let path = &after[..end];
                out.push('`');
                out.push_str(path.rsplit("::").next().unwrap_or(path));
                out.push('`');
                rest = &after[end + 2..];
            }
            _ => {
                out.push_str("[`");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_read_as_prose() {
        assert_eq!(
            tidy(
                "Empty when left to the rule; never empty in a validated\n[`super::Scenario`]'s file."
            ),
            "Empty when left to the rule; never empty in a validated `Scenario`'s file."
        );
        assert_eq!(tidy("One.\n\nTwo\n  lines."), "One.\n\nTwo lines.");
        assert_eq!(tidy("a [`not a link` b"), "a [`not a link` b");
    }

    #[test]
    fn kinds_are_found_by_key() {
        for k in SchemaKind::ALL {
            assert_eq!(SchemaKind::from_key(k.key()), Some(k));
        }
        assert_eq!(SchemaKind::from_key("game"), None);
    }
}
