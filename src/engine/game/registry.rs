//! The rule systems Kepi knows, by key. Rifle & Saber, Age of Rifles, Rifle and Kepi, the
//! 19th Century rules and Vae Victis are built in;
//! [`register`] adds
//! another (a test ruleset, or a system under development) for the whole process, after which
//! files, the archive and the CLI play it with no code of their own.
//!
//! This file and `ui/src/rulesets/index.ts` are the only places outside a system's own folders
//! that name a system: everything else asks the registry by key ([`RulesetId`]).
//!
//! Invariants: keys are unique; an entry, once registered, lives as long as the program (states
//! carry a `'static` reference to their ruleset).

use super::{AnyRuleset, Registered};
use crate::engine::ruleset::Ruleset;
use crate::tables::{Catalog, TerrainEffects};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::{OnceLock, RwLock};

/// Rule systems whose texts are in the project but whose rules are not written yet: files that
/// name them are recognized and refused with a message naming the system. (key, name)
/// Every system whose text is in the project plays now.
const PLANNED: [(&str, &str); 0] = [];

fn entries() -> &'static RwLock<Vec<&'static dyn AnyRuleset>> {
    static ENTRIES: OnceLock<RwLock<Vec<&'static dyn AnyRuleset>>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        let builtin: Vec<&'static dyn AnyRuleset> = vec![
            Registered::leak(crate::engine::RifleAndSaber),
            Registered::leak(crate::engine::AgeOfRifles),
            Registered::leak(crate::engine::RifleAndKepi),
            Registered::leak(crate::engine::NineteenthCentury),
            Registered::leak(crate::engine::vae_victis::VaeVictis),
            #[cfg(feature = "test-ruleset")]
            Registered::leak(crate::engine::drill::Drill),
        ];
        RwLock::new(builtin)
    })
}

/// Add a rule system. Registering the same system again returns the entry already there (so
/// tests may register from several threads); another system under a key already taken is
/// refused.
pub fn register<R: Ruleset>(rules: R) -> Result<&'static dyn AnyRuleset, String> {
    let mut all = entries().write().unwrap_or_else(|e| e.into_inner());
    if let Some(r) = all.iter().find(|r| r.key() == rules.key()) {
        if r.rules_type() == std::any::TypeId::of::<R>() {
            return Ok(*r);
        }
        return Err(format!(
            "the key '{}' is taken by {}; a rule system needs a key of its own",
            rules.key(),
            r.name()
        ));
    }
    let r: &'static dyn AnyRuleset = Registered::leak(rules);
    all.push(r);
    Ok(r)
}

/// The rule system of a key ("rifle-and-saber").
pub fn get(key: &str) -> Result<&'static dyn AnyRuleset, String> {
    // A copy of the list: no lock is held while systems are asked their names.
    let all = all();
    all.iter().find(|r| r.key() == key).copied().ok_or_else(|| {
        let known = PLANNED.iter().find(|(k, _)| *k == key).map(|(_, name)| {
            format!(
                "the {name} rules are not implemented yet; Kepi plays {}",
                all.iter().map(|r| r.name()).collect::<Vec<_>>().join(", ")
            )
        });
        known.unwrap_or_else(|| {
            format!(
                "unknown rule system '{key}'; Kepi plays {}",
                all.iter()
                    .map(|r| format!("{} ({})", r.name(), r.key()))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
    })
}

/// Every rule system that plays, built-in first.
pub fn all() -> Vec<&'static dyn AnyRuleset> {
    entries().read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The rule systems Kepi publishes (in its schema files): every one but those of the test
/// build only ([`crate::engine::Ruleset::test_only`]).
pub fn published() -> Vec<&'static dyn AnyRuleset> {
    all().into_iter().filter(|r| !r.test_only()).collect()
}

/// A rule system by its key, as files, the archive and the app name it ("rifle-and-saber"):
/// one that plays (registered) or one Kepi knows of but does not play yet, which every use
/// refuses with a message naming it. Written in files as its key.
///
/// Invariant: the key is registered or planned ([`id`] is the only way to make one), so its
/// name is always known.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RulesetId(&'static str);

impl std::fmt::Debug for RulesetId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RulesetId({})", self.0)
    }
}

/// The rules version a record made before games recorded theirs is read as: every system's
/// first (each system's changelog, docs/rules/<key>-changes.md, starts at it).
pub const FIRST_RULES_VERSION: u32 = 1;

/// The system of a key: a registered one, or one Kepi knows of by name.
pub fn id(key: &str) -> Option<RulesetId> {
    let registered = entries()
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|r| r.key() == key)
        .map(|r| r.key());
    registered
        .or_else(|| PLANNED.iter().find(|(k, _)| *k == key).map(|(k, _)| *k))
        .map(RulesetId)
}

/// Every system Kepi knows: the registered ones (built-in first), then the planned ones.
pub fn known() -> Vec<RulesetId> {
    let mut ids: Vec<RulesetId> = all().iter().map(|r| RulesetId(r.key())).collect();
    ids.extend(PLANNED.iter().map(|(k, _)| RulesetId(k)));
    ids
}

impl RulesetId {
    pub fn key(self) -> &'static str {
        self.0
    }

    pub fn name(self) -> &'static str {
        match get(self.0) {
            Ok(r) => r.name(),
            Err(_) => PLANNED
                .iter()
                .find(|(k, _)| *k == self.0)
                .map(|(_, n)| *n)
                .unwrap_or(self.0),
        }
    }

    /// The rules of this system, or why it does not play (a planned system: "the <name> rules
    /// are not implemented yet; ...").
    pub fn rules(self) -> Result<&'static dyn AnyRuleset, String> {
        get(self.0)
    }

    /// The terrain chart that gives this system's maps their vocabulary (terrain, hexside and
    /// route keys, colours), or why there is none.
    pub fn terrain_chart(self) -> Result<&'static TerrainEffects, String> {
        self.rules().map(|r| r.terrain_chart()).map_err(|_| {
            format!(
                "Kepi has no terrain chart for {} yet; maps can be made for {}",
                self.name(),
                with_maps()
                    .iter()
                    .map(|r| r.name())
                    .collect::<Vec<_>>()
                    .join(" and ")
            )
        })
    }

    /// The default unit catalog this system's scenarios are read against.
    pub fn catalog(self) -> Result<&'static Catalog, String> {
        self.rules().map(|r| r.catalog())
    }
}

/// Rule systems whose maps can be made: every registered one (each has a terrain chart).
pub fn with_maps() -> Vec<RulesetId> {
    all().iter().map(|r| RulesetId(r.key())).collect()
}

impl Serialize for RulesetId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for RulesetId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RulesetId, D::Error> {
        let key = String::deserialize(d)?;
        id(&key).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown rule system '{key}'; expected one of {}",
                known()
                    .iter()
                    .map(|r| r.key())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
    }
}

/// In a schema, a rule system is one of the keys Kepi knows when the schema is written.
impl JsonSchema for RulesetId {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RulesetId".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        // What Kepi publishes: the systems of the test build only are left out.
        let playing: Vec<&str> = published().iter().map(|r| r.key()).collect();
        let mut keys = playing.clone();
        keys.extend(PLANNED.iter().map(|(k, _)| *k));
        schemars::json_schema!({
            "description": format!(
                "The rule system, by its key. Maps, scenarios and games are made for {}; the \
                 other systems are recognized and refused with a message.",
                playing.join(", ")
            ),
            "type": "string",
            "enum": keys,
        })
    }
}
