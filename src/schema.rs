//! JSON Schemas of the files a designer writes by hand (maps, scenarios, unit catalogs) and of
//! a pack's manifest, generated from the Rust types that read them (`schemars` derives, which
//! follow the types' serde attributes; doc comments become descriptions). The repository
//! keeps them in `schemas/` (a test fails while they are stale; `KEPI_BLESS=1 cargo test
//! --test schemas` refreshes them) and `kepi schema KIND` prints them.
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
use crate::engine::rifle_and_saber::scenario::Morale;
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
                "A scenario on a map (its sides follow its rule system: Rifle & Saber, or Age of Rifles when `ruleset` is `age-of-rifles`): scenarios/<id>.json. See docs/formats.md, \
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

    /// The schema as JSON.
    pub fn schema(self) -> Value {
        let mut generator = SchemaSettings::draft2020_12().into_generator();
        // Age of Rifles' side, a definition of its own that the root's `if` picks by ruleset.
        let aor_side = (self == SchemaKind::Scenario).then(|| age_of_rifles_side(&mut generator));
        let root = match self {
            SchemaKind::Map => generator.into_root_schema_for::<MapFile>(),
            SchemaKind::Scenario => generator.into_root_schema_for::<ScenarioFile>(),
            SchemaKind::Catalog => generator.into_root_schema_for::<Catalog>(),
            SchemaKind::PackManifest => generator.into_root_schema_for::<Manifest>(),
        };
        let mut v = root.to_value();
        if let Some(aor) = aor_side {
            by_ruleset(&mut v, aor);
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

    /// The schema file's text: pretty-printed, two-space indent, trailing newline.
    pub fn text(self) -> String {
        let mut s = serde_json::to_string_pretty(&self.schema()).expect("a schema serializes");
        s.push('\n');
        s
    }
}

/// The schema of a scenario side's rule-system section (`SideEntry::forces`, flattened into
/// the side), as Rifle & Saber reads it (engine::rifle_and_saber::scenario's `read_side`):
/// `oob` required, `morale` and `group_morale` optional, no other field. Rifle & Saber is the
/// only system whose scenarios Kepi plays; the published scenario schema describes its
/// section (tests/schemas.rs checks that this schema and Kepi refuse the same side fields).
pub fn rifle_and_saber_side_section(generator: &mut SchemaGenerator) -> Schema {
    let morale = generator.subschema_for::<Morale>();
    let mut side_morale = morale.clone();
    side_morale.insert(
        "description".into(),
        "Rifle & Saber: the side's morale level (R&S 10.1); normal when absent.".into(),
    );
    side_morale.insert("default".into(), json!(Morale::default()));
    json_schema!({
        "type": "object",
        "properties": {
            "oob": {
                "description": "Rifle & Saber: the side's order of battle in the R&S formula \
                                (\"12 MZ; 1 MA\"; groups \"(a) 4 MZ; 1 Trench (b) 2 EB\"; extras \
                                N Trenches, N Improved Positions, N Limber Markers).",
                "type": "string",
            },
            "morale": side_morale,
            "group_morale": {
                "description": "Rifle & Saber: groups that start at another morale level than \
                                the side, by group label ({\"b\": \"high\"}).",
                "type": "object",
                "additionalProperties": morale,
            },
        },
        "required": ["oob"],
        "additionalProperties": false,
    })
}

/// The name of Age of Rifles' side entry among the scenario schema's `$defs`.
pub const AOR_SIDE_DEF: &str = "AgeOfRiflesSideEntry";

/// One side of an Age of Rifles scenario: its id, name and colour, and the section that
/// engine::age_of_rifles::section reads (`read_side`): `army_demoralization`, `leaders`,
/// `formations` and `units` required, `supply` optional, no other field.
fn age_of_rifles_side(generator: &mut SchemaGenerator) -> Value {
    use crate::engine::age_of_rifles::section::{Formation, Leader, Unit};
    let leader = generator.subschema_for::<Leader>();
    let formation = generator.subschema_for::<Formation>();
    let unit = generator.subschema_for::<Unit>();
    json!({
        "description": "One side of an Age of Rifles scenario: its id, name and colour, and \
                        the Age of Rifles section (docs/rules/age-of-rifles.md, \"The scenario \
                        section\"): its leaders with their ratings, formations with their \
                        orders and demoralization levels, units, the army's demoralization \
                        level and its supply sources. Any other field is refused.",
        "type": "object",
        "properties": {
            "id": {
                "description": "Short id used by the rest of the file (\"union\").",
                "type": "string",
                "pattern": crate::map::ID_PATTERN,
                "maxLength": 64,
            },
            "name": {"type": "string"},
            "color": {"description": "Counter colour (\"blue\", \"grey\").", "type": "string"},
            "army_demoralization": {
                "description": "AoR 13: the strength of destroyed units at which the army is \
                                demoralized.",
                "type": "integer",
                "minimum": 1,
            },
            "leaders": {
                "description": "Overall and Wing Commanders and formation leaders (AoR 2.1, 11).",
                "type": "array",
                "items": leader,
            },
            "formations": {
                "description": "Corps or divisions, each with its leader, order at the start \
                                and demoralization level (AoR 2.1, 12.2, 14.1).",
                "type": "array",
                "items": formation,
            },
            "units": {
                "description": "The combat units, each in a formation (AoR 2.2, 6.1).",
                "type": "array",
                "items": unit,
            },
            "supply": {
                "description": "AoR 17: the supply source hexes.",
                "type": "array",
                "items": {"type": "string", "pattern": crate::map::HEX_NAME},
            },
        },
        "required": ["id", "name", "color", "army_demoralization", "leaders", "formations", "units"],
        "additionalProperties": false,
    })
}

/// A scenario's sides follow their rule system's section: Age of Rifles' when `ruleset` is
/// `age-of-rifles`, Rifle & Saber's otherwise (the default ruleset).
fn by_ruleset(v: &mut Value, aor: Value) {
    let obj = v.as_object_mut().expect("a root schema is an object");
    obj.entry("$defs")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .expect("$defs is an object")
        .insert(AOR_SIDE_DEF.into(), aor);
    let sides = obj
        .get_mut("properties")
        .and_then(|p| p.get_mut("sides"))
        .and_then(Value::as_object_mut)
        .expect("a scenario schema has sides");
    let rs = sides
        .insert("items".into(), json!({"type": "object"}))
        .expect("sides has items");
    obj.insert(
        "if".into(),
        json!({
            "properties": {"ruleset": {"const": crate::engine::age_of_rifles::ruleset::KEY}},
            "required": ["ruleset"],
        }),
    );
    obj.insert(
        "then".into(),
        json!({"properties": {"sides": {"items": {"$ref": format!("#/$defs/{AOR_SIDE_DEF}")}}}}),
    );
    obj.insert(
        "else".into(),
        json!({"properties": {"sides": {"items": rs}}}),
    );
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
