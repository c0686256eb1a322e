//! Checks that nothing a scenario says is accepted silently: whatever the engine would ignore,
//! draw in a default, or let contradict itself is a problem naming its field (or, where the
//! rules allow it, a warning the user sees). Called from [`super::validate`]; the warnings of
//! a validated scenario come from [`warnings`].

use super::rules::{ExitCount, SpecialRule, VictoryRule};
use super::{DeployConstraint, Scenario, ScenarioFile, Side};
use crate::map::{HexCoord, Map};
use crate::problems::Problems;
use crate::tables::Catalog;
use std::collections::BTreeSet;

/// Rifle & Saber 9.2's river rows (River, River ford, Bridge): the hexes of a river, the ones
/// the engine's `river_crossings` rule governs (`water` in the R&S setup).
pub const RIVER_TERRAIN: [&str; 3] = ["river", "ford", "bridge"];

/// A system's map check of named hexes (its [`crate::engine::Ruleset::check_on_map`]): each
/// `(field, hex)` that is no hex of the map is a problem on its field, citing `case`.
pub fn hexes_on_map<'a>(
    map: &Map,
    case: &str,
    hexes: impl IntoIterator<Item = (String, &'a str)>,
    p: &mut Problems,
) {
    for (field, h) in hexes {
        if map.grid.parse(h).is_none() {
            p.push(field, format!("no hex '{h}' on the map ({case})"));
        }
    }
}

/// The checks that need the file, its map and the sides as the rule system read them
/// (indexed like `file.sides`; `None` where a side did not read).
pub(super) fn check(
    file: &ScenarioFile,
    map: &Map,
    catalog: &Catalog,
    sides: &[Option<Side>],
    p: &mut Problems,
) {
    colors(file, p);
    river_crossings(file, map, p);
    unit_codes(file, catalog, sides, p);
}

/// The warnings of a validated scenario: what the rules allow but a designer should see.
pub fn warnings(s: &Scenario) -> Problems {
    let mut w = Problems::new();
    opposing_zones(&s.file, &s.map, &mut w);
    unread_victory(&s.file, &mut w);
    w
}

/// A system that scores victory itself (`Ruleset::own_victory`) reads no victory entry: any
/// the file carries (scenarios and packs written before the system said so) are named, to be
/// removed; they are a warning, not a problem, so those files still open and import.
fn unread_victory(file: &ScenarioFile, w: &mut Problems) {
    let Some(how) = file.ruleset.rules().ok().and_then(|r| r.own_victory()) else {
        return;
    };
    for (list, empty) in [
        ("victory", file.victory.is_empty()),
        ("victory_points", file.victory_points.is_empty()),
    ] {
        if !empty {
            w.push(
                list,
                format!(
                    "{} scores victory itself ({how}): the scenario's {list} entries are not \
                     read; remove them",
                    file.ruleset.name()
                ),
            );
        }
    }
}

/// A side's colour is one Kepi paints; anything else used to be drawn red without a word.
fn colors(file: &ScenarioFile, p: &mut Problems) {
    for (i, s) in file.sides.iter().enumerate() {
        if crate::map::colors::side_color(&s.color).is_none() {
            p.push(
                format!("sides[{i}].color"),
                format!(
                    "unknown colour '{}'; a side's colour is one of {}",
                    s.color,
                    crate::map::colors::side_color_names()
                ),
            );
        }
    }
}

fn names(map: &Map, hexes: &BTreeSet<HexCoord>) -> String {
    let names: Vec<String> = hexes.iter().map(|h| map.grid.name(*h)).collect();
    if names.len() <= 12 {
        names.join(", ")
    } else {
        format!("{}, ... {} in all", names[..12].join(", "), names.len())
    }
}

/// Opposing sides' deployment zones sharing hexes are shown as a warning naming the hexes.
/// Not an error: no illegal position can come of it, since R&S 7.0 keeps a unit out of a hex
/// that enemy units hold (the engine refuses such a deployment, tests/rs_victory.rs
/// `scenario_deployment_zones_are_enforced`), and the rules text itself gives overlapping zones
/// where a constraint checked at placement keeps the sides apart: `one_feature` with
/// `not_enemys` (scenario 14, Tarapacá: both sides "on H25 or H24 or H27", the Peruvians "on one
/// of the two other hills") and `away_from_enemy` (scenarios 15 and 17). The warning names the
/// constraint when there is one.
fn opposing_zones(file: &ScenarioFile, map: &Map, warnings: &mut Problems) {
    let zone = |i: usize| -> BTreeSet<HexCoord> {
        file.deployment[i]
            .zone
            .hexes
            .iter()
            .filter_map(|n| map.grid.parse(n))
            .collect()
    };
    let apart = |i: usize| {
        file.deployment[i].constraints.iter().find_map(|c| match c {
            DeployConstraint::AwayFromEnemy { distance } if *distance > 0 => Some(format!(
                "its units keep {distance} hexes from every enemy unit (away_from_enemy)"
            )),
            DeployConstraint::OneFeature {
                not_enemys: true, ..
            } => Some(
                "its units deploy on a feature other than the enemy's (one_feature, not_enemys)"
                    .to_string(),
            ),
            _ => None,
        })
    };
    for j in 0..file.deployment.len() {
        for i in 0..j {
            let (a, b) = (&file.deployment[i], &file.deployment[j]);
            if a.side == b.side {
                continue;
            }
            let shared: BTreeSet<HexCoord> = zone(i).intersection(&zone(j)).copied().collect();
            if shared.is_empty() {
                continue;
            }
            let overlap = format!(
                "overlaps the zone of the enemy side '{}' (deployment[{i}]) in {} {}: {}",
                a.side,
                shared.len(),
                if shared.len() == 1 { "hex" } else { "hexes" },
                names(map, &shared)
            );
            let why = match (apart(j), apart(i)) {
                (Some(why), _) => why,
                (None, Some(why)) => format!("deployment[{i}]: {why}"),
                (None, None) => {
                    "nothing keeps the sides apart but R&S 7.0: the side deploying second may \
                     not set up where the enemy stands"
                        .to_string()
                }
            };
            warnings.push(
                format!("deployment[{j}].zone.hexes"),
                format!("{overlap}; {why}"),
            );
        }
    }
}

/// A `river_crossings` rule names river hexes: terrain of the river and features on it. Any
/// other is a crossing point the rule never uses (it governs entering river hexes only).
fn river_crossings(file: &ScenarioFile, map: &Map, p: &mut Problems) {
    let known = RIVER_TERRAIN.join(", ");
    for (i, r) in file.special_rules.iter().enumerate() {
        let Some(SpecialRule::RiverCrossings {
            terrain, features, ..
        }) = r.rule.shared()
        else {
            continue;
        };
        let field = format!("special_rules[{i}].rule");
        for (j, t) in terrain.iter().enumerate() {
            if !RIVER_TERRAIN.contains(&t.as_str()) {
                p.push(
                    format!("{field}.terrain[{j}]"),
                    format!(
                        "'{t}' is not river terrain: rivers are entered at hexes of a river, \
                         whose terrain is one of {known} (R&S 9.2)"
                    ),
                );
            }
        }
        for (j, code) in features.iter().enumerate() {
            // An unknown feature is reported by the common checks.
            let Some(f) = map.feature(code) else { continue };
            let on_river = f
                .hexes
                .iter()
                .any(|h| map.terrain(*h).is_some_and(|t| RIVER_TERRAIN.contains(&t)));
            if !on_river {
                let terrain: BTreeSet<&str> =
                    f.hexes.iter().filter_map(|h| map.terrain(*h)).collect();
                p.push(
                    format!("{field}.features[{j}]"),
                    format!(
                        "{code} is not on a river: its hexes are {} terrain, none of {known}",
                        terrain.into_iter().collect::<Vec<_>>().join(", ")
                    ),
                );
            }
        }
    }
}

/// A rule for one unit code of a side applies to units that side has.
fn unit_codes(file: &ScenarioFile, catalog: &Catalog, sides: &[Option<Side>], p: &mut Problems) {
    let mut need = |field: String, side: &str, code: &str| {
        // An unknown side or unit code is reported by the common checks.
        let Some(i) = file.sides.iter().position(|s| s.id == side) else {
            return;
        };
        let Some(Some(s)) = sides.get(i) else { return };
        let Some(unit) = catalog.unit(code) else {
            return;
        };
        if !s.forces.kinds.contains(&unit.code) {
            let has: Vec<&str> = s.forces.kinds.iter().map(String::as_str).collect();
            p.push(
                field,
                format!(
                    "{} has no {} units (its unit codes: {}); the rule would apply to nothing",
                    s.name,
                    unit.code,
                    has.join(", ")
                ),
            );
        }
    };
    for (i, r) in file.special_rules.iter().enumerate() {
        if let Some(SpecialRule::Range { side, unit, .. }) = r.rule.shared() {
            need(format!("special_rules[{i}].rule.unit"), side, unit);
        }
    }
    for (i, v) in file.victory.iter().enumerate() {
        if let Some(VictoryRule::Exit {
            side,
            units: ExitCount::Units { unit: Some(u), .. } | ExitCount::All { unit: Some(u), .. },
            ..
        }) = v.rule.shared()
        {
            need(format!("victory[{i}].rule.units.unit"), side, u);
        }
    }
}

/// A deployment entry places at least one unit: a group with units, or, without `group`, some
/// group no other entry places. (`groups` are the labels the entry places, as resolved.)
pub(super) fn places_units(field: &str, side: &Side, groups: &[Option<String>], p: &mut Problems) {
    if groups.is_empty() {
        p.push(
            field,
            format!(
                "places nothing: every group of {} is placed by another deployment or arrives \
                 as a reinforcement (name a `group`, or remove the entry)",
                side.name
            ),
        );
        return;
    }
    for g in groups {
        if let Some(found) = side.forces.group(g.as_deref())
            && found.units == 0
        {
            let name = match g {
                Some(l) => format!("{} group ({l})", side.name),
                None => side.name.clone(),
            };
            p.push(
                format!("{field}.group"),
                format!("places no unit: {name} has no units, only markers"),
            );
        }
    }
}
