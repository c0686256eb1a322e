//! The rule systems Kepi knows, by key. Rifle & Saber and Age of Rifles are built in;
//! [`register`] adds
//! another (a test ruleset, or a system under development) for the whole process, after which
//! files, the archive and the CLI play it with no code of their own.
//!
//! Invariants: keys are unique; an entry, once registered, lives as long as the program (states
//! carry a `'static` reference to their ruleset).

use super::{AnyRuleset, Registered};
use crate::engine::ruleset::Ruleset;
use std::sync::{OnceLock, RwLock};

fn entries() -> &'static RwLock<Vec<&'static dyn AnyRuleset>> {
    static ENTRIES: OnceLock<RwLock<Vec<&'static dyn AnyRuleset>>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        let builtin: Vec<&'static dyn AnyRuleset> = vec![
            Registered::leak(crate::engine::RifleAndSaber),
            Registered::leak(crate::engine::AgeOfRifles),
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
        let known = crate::tables::RulesetId::ALL
            .iter()
            .find(|r| r.key() == key)
            .map(|r| {
                format!(
                    "the {} rules are not implemented yet; Kepi plays {}",
                    r.name(),
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

/// A registered system's static key and name, for keys that are not built in.
pub(crate) fn registered_key(key: &str) -> Option<&'static str> {
    entries()
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|r| r.key() == key)
        .map(|r| r.key())
}
