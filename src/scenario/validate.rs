//! Scenario validation: every check, every problem reported at once.

use super::rule_kinds::{OwnRule, OwnRules, Rule, SharedKinds};
use super::rules::{SpecialRule, Target, VictoryRule};
use super::{
    DeployConstraint, Deployment, Forces, Reinforcement, Scenario, ScenarioFile, Side, Zone,
};
use crate::map::{HexCoord, Map};
use crate::problems::Problems;
use crate::tables::{Catalog, TerrainEffects};
use std::collections::BTreeSet;

pub(super) struct Checker<'a> {
    pub(super) file: &'a ScenarioFile,
    pub(super) map: &'a Map,
    pub(super) catalog: &'a Catalog,
    pub(super) tec: Option<&'a TerrainEffects>,
    /// The rule system's own kinds of victory condition and special rule, and its name.
    pub(super) own: OwnRules,
    pub(super) system: &'static str,
    /// How the system scores victory itself, when it does (`Ruleset::own_victory`).
    pub(super) own_victory: Option<&'static str>,
    pub(super) p: Problems,
}

impl Checker<'_> {
    /// A rule of a kind that is not one of Kepi's shared kinds must be one of the rule
    /// system's own (whose fields the system's `forces` checks); any other kind is refused,
    /// listing those there are.
    pub(super) fn own_kind(&mut self, field: &str, rule: &OwnRule, victory: bool) {
        let (own, shared, what) = if victory {
            (&self.own.victory, VictoryRule::KINDS, "victory condition")
        } else {
            (&self.own.special, SpecialRule::KINDS, "special rule")
        };
        if own.iter().any(|k| k.kind == rule.kind) {
            return;
        }
        let own = OwnRules::kinds(own);
        let theirs = if own.is_empty() {
            format!("; {} has no kinds of its own", self.system)
        } else {
            format!("; {}'s own: {}", self.system, own.join(", "))
        };
        self.p.push(
            format!("{field}.kind"),
            format!(
                "unknown kind of {what} '{}'; Kepi's kinds: {}{theirs}",
                rule.kind,
                shared.join(", ")
            ),
        );
    }

    pub(super) fn side(&mut self, field: &str, id: &str) -> Option<usize> {
        let found = self.file.sides.iter().position(|s| s.id == id);
        if found.is_none() {
            let known: Vec<&str> = self.file.sides.iter().map(|s| s.id.as_str()).collect();
            self.p.push(
                field,
                format!("no side '{id}'; the sides are: {}", known.join(", ")),
            );
        }
        found
    }

    pub(super) fn feature(&mut self, field: &str, code: &str) {
        if self.map.feature(code).is_none() {
            self.p.push(
                field,
                format!(
                    "the map '{}' has no feature {code}; its features: {}",
                    self.map.id,
                    self.map.feature_codes()
                ),
            );
        }
    }

    pub(super) fn features(&mut self, field: &str, codes: &[String]) {
        for (i, c) in codes.iter().enumerate() {
            self.feature(&format!("{field}[{i}]"), c);
        }
    }

    pub(super) fn unit(&mut self, field: &str, code: &str) {
        if self.catalog.unit(code).is_none() {
            self.p.push(
                field,
                format!(
                    "unknown unit '{code}'; known unit codes: {}",
                    self.catalog.codes_list()
                ),
            );
        }
    }

    pub(super) fn terrain(&mut self, field: &str, key: &str) {
        if let Some(tec) = self.tec
            && tec.terrain(key).is_none()
        {
            self.p.push(
                field,
                format!("unknown terrain '{key}'; known: {}", tec.terrain_keys()),
            );
        }
    }

    pub(super) fn turn(&mut self, field: &str, turn: u32) {
        if turn == 0 || turn > self.file.game_length {
            self.p.push(
                field,
                format!(
                    "game-turn {turn} is outside the game (1 to {})",
                    self.file.game_length
                ),
            );
        }
    }

    /// A zone's hexes: those it lists, or those its rule computes when it lists none (the
    /// file then leaves them to the rule). Every problem is reported: a listed hex off the map
    /// or listed twice, each problem of the rule at its field, listed hexes that differ from
    /// what the rule computes, a zone with neither hexes nor rule, and an empty zone.
    pub(super) fn zone(&mut self, field: &str, zone: &Zone) -> BTreeSet<HexCoord> {
        let g = &self.map.grid;
        let mut hexes = BTreeSet::new();
        for (i, n) in zone.hexes.iter().enumerate() {
            match g.parse(n) {
                Some(h) => {
                    if !hexes.insert(h) {
                        self.p
                            .push_hex(format!("{field}.hexes[{i}]"), n, "listed twice");
                    }
                }
                None => self.p.push_hex(
                    format!("{field}.hexes[{i}]"),
                    n,
                    format!("not a hex of the map '{}' ({})", self.map.id, g.name_hint()),
                ),
            }
        }
        let computed = match zone.rule.as_ref().map(|r| r.compute_all(self.map)) {
            None => None,
            Some(Ok(computed)) => Some(computed),
            Some(Err(errors)) => {
                for e in errors {
                    let at = crate::problems::join_field(&format!("{field}.rule"), &e.field);
                    match e.hex {
                        Some(hex) => self.p.push_hex(at, hex, e.message),
                        None => self.p.push(at, e.message),
                    }
                }
                None
            }
        };
        match (&zone.rule, &computed) {
            (None, _) if zone.hexes.is_empty() => self.p.push(
                format!("{field}.hexes"),
                "the zone has no hexes and no `rule` to compute them: give one or the other",
            ),
            (Some(_), Some(c)) if c.is_empty() => self.p.push(
                format!("{field}.rule"),
                "the rule computes no hexes: the zone would be empty",
            ),
            (Some(_), Some(c)) if zone.hexes.is_empty() => hexes = c.clone(),
            (Some(_), Some(c)) if *c != hexes => {
                let missing: Vec<String> = c.difference(&hexes).map(|h| g.name(*h)).collect();
                let extra: Vec<String> = hexes.difference(c).map(|h| g.name(*h)).collect();
                self.p.push(
                    format!("{field}.hexes"),
                    format!(
                        "the hexes differ from what the zone's rule computes: missing [{}], \
                         not in the rule [{}] (run `kepi zones --write` to recompute, or leave \
                         the hexes out)",
                        abbreviate(&missing),
                        abbreviate(&extra)
                    ),
                );
            }
            _ => {}
        }
        hexes
    }

    pub(super) fn target(&mut self, field: &str, t: &Target) {
        self.features(&format!("{field}.features"), &t.features);
        for (i, n) in t.hexes.iter().enumerate() {
            if self.map.grid.parse(n).is_none() {
                self.p.push_hex(
                    format!("{field}.hexes[{i}]"),
                    n,
                    format!("not a hex of this map ({})", self.map.grid.name_hint()),
                );
            }
        }
        if t.features.is_empty() && t.hexes.is_empty() {
            self.p.push(field, "names no feature and no hex");
        }
    }

    pub(super) fn edge_zone(&mut self, field: &str, zone: &Zone) -> BTreeSet<HexCoord> {
        let hexes = self.zone(field, zone);
        let g = &self.map.grid;
        let rim: BTreeSet<HexCoord> = crate::map::MapEdge::ALL
            .iter()
            .flat_map(|e| g.edge_hexes(*e))
            .collect();
        for h in hexes.difference(&rim) {
            self.p.push_hex(
                format!("{field}.hexes"),
                g.name(*h),
                "units enter and leave the map only through hexes on its edge",
            );
        }
        hexes
    }
}

/// "Blue has no group (c); its groups: (a), (b)".
pub(super) fn no_group(s: &Side, label: &str) -> String {
    let groups: Vec<String> = s
        .forces
        .groups
        .iter()
        .map(|g| match &g.label {
            Some(l) => format!("({l})"),
            None => "one unlabelled group".into(),
        })
        .collect();
    format!(
        "{} has no group ({label}); its groups: {}",
        s.name,
        groups.join(", ")
    )
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn abbreviate(names: &[String]) -> String {
    if names.len() <= 12 {
        names.join(", ")
    } else {
        format!("{}, ... {} in all", names[..12].join(", "), names.len())
    }
}

pub(super) fn validate(
    file: ScenarioFile,
    map: Map,
    catalog: Catalog,
    recorded: bool,
) -> Result<Scenario, Problems> {
    // A system whose scenarios can be read has a default catalog and a terrain chart.
    let tables = file
        .ruleset
        .catalog()
        .and_then(|_| file.ruleset.terrain_chart());
    let system = crate::engine::game::registry::get(file.ruleset.key()).ok();
    let own = system
        .map(|r| {
            r.own_rules(&mut schemars::generate::SchemaSettings::draft2020_12().into_generator())
        })
        .unwrap_or_default();
    let mut c = Checker {
        file: &file,
        map: &map,
        catalog: &catalog,
        tec: tables.as_ref().ok().copied(),
        own,
        system: file.ruleset.name(),
        own_victory: system.and_then(|r| r.own_victory()),
        p: Problems::new(),
    };
    if let Err(e) = &tables {
        c.p.push("ruleset", e.clone());
    }
    if !crate::map::valid_id(&file.id) {
        c.p.push(
            "id",
            format!(
                "'{}' is not an id (lower-case letters, digits and '-')",
                file.id
            ),
        );
    }
    if map.ruleset != file.ruleset {
        c.p.push(
            "map",
            format!(
                "the map '{}' is for {}, the scenario for {}",
                map.id,
                map.ruleset.name(),
                file.ruleset.name()
            ),
        );
    }
    if catalog.ruleset != file.ruleset {
        c.p.push(
            "catalog",
            format!(
                "the unit catalog '{}' is for {}, the scenario for {}",
                catalog.name,
                catalog.ruleset.name(),
                file.ruleset.name()
            ),
        );
    }
    if file.title.trim().is_empty() {
        c.p.push("title", "a scenario needs a title");
    }
    if file.game_length == 0 {
        c.p.push("game_length", "a game lasts at least one game-turn");
    }
    // Night and rain turns (AoR 5.5, 16): Age of Rifles' only; each a game-turn of the game,
    // named once.
    for (key, turns) in [
        ("night_turns", &file.night_turns),
        ("rain_turns", &file.rain_turns),
    ] {
        let reads = |r: &&dyn crate::engine::game::AnyRuleset| {
            r.turn_lists()
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, case)| *case)
        };
        if !turns.is_empty() && system.is_some_and(|r| reads(&r).is_none()) {
            let readers: Vec<String> = crate::engine::game::registry::all()
                .iter()
                .filter_map(|r| Some(format!("{} ({})", r.name(), reads(r)?)))
                .collect();
            c.p.push(
                key,
                format!(
                    "{} has no rule for them; the rule systems that read {key}: {}",
                    file.ruleset.name(),
                    readers.join(", ")
                ),
            );
            continue;
        }
        for (i, &t) in turns.iter().enumerate() {
            if t == 0 || t > file.game_length {
                c.p.push(
                    format!("{key}[{i}]"),
                    format!(
                        "game-turn {t} is not in the game (1 to {})",
                        file.game_length
                    ),
                );
            } else if turns[..i].contains(&t) {
                c.p.push(
                    format!("{key}[{i}]"),
                    format!("game-turn {t} is named twice"),
                );
            }
        }
    }

    // Scripted events: the checks every system shares, and the kinds its system plays.
    if let Some(r) = system {
        super::events::check(&file, &map, r.name(), &r.event_kinds(), &mut c.p);
    }

    // Sides and orders of battle.
    if file.sides.len() != 2 {
        c.p.push(
            "sides",
            format!("a scenario has two sides, not {}", file.sides.len()),
        );
    }
    for (i, s) in file.sides.iter().enumerate() {
        let field = format!("sides[{i}]");
        if !crate::map::valid_id(&s.id) {
            c.p.push(
                format!("{field}.id"),
                format!(
                    "'{}' is not an id (lower-case letters, digits and '-')",
                    s.id
                ),
            );
        }
        if file.sides[..i].iter().any(|o| o.id == s.id) {
            c.p.push(
                format!("{field}.id"),
                format!("two sides are called '{}'", s.id),
            );
        }
    }
    // The rule system reads its sections: each side's forces. Indexed like file.sides; None
    // where a side's forces did not read.
    let forces: Option<Forces> = match (
        &tables,
        crate::engine::game::registry::get(file.ruleset.key()),
    ) {
        (Ok(_), Ok(rules)) => {
            let (forces, problems) = rules.forces(&file, &catalog);
            c.p.extend(problems);
            c.p.extend(rules.check_on_map(&file, &map));
            if let Err(e) = rules.check_options(&serde_json::Value::Object(file.options.clone())) {
                c.p.push("options", e);
            }
            Some(forces)
        }
        (Ok(_), Err(e)) => {
            c.p.push("ruleset", e);
            None
        }
        (Err(_), _) => None, // said above
    };
    let parsed: Vec<Option<Side>> = file
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let f = forces.as_ref()?.sides.get(i)?.clone()?;
            Some(Side {
                id: s.id.clone(),
                name: s.name.clone(),
                color: s.color.clone(),
                forces: f,
            })
        })
        .collect();
    let deploys_first = c.side("deploys_first", &file.deploys_first);
    let moves_first = c.side("moves_first", &file.moves_first);

    // Every group placed exactly once: deployed or arriving later.
    let mut placed: Vec<(usize, Option<String>, String)> = Vec::new();
    let mut deployments = Vec::new();
    for (i, d) in file.deployment.iter().enumerate() {
        let field = format!("deployment[{i}]");
        let side = c.side(&format!("{field}.side"), &d.side);
        let hexes = c.zone(&format!("{field}.zone"), &d.zone);
        for (j, k) in d.constraints.iter().enumerate() {
            match k {
                DeployConstraint::OneFeature { features, .. } => {
                    c.features(&format!("{field}.constraints[{j}].features"), features)
                }
                DeployConstraint::AwayFromEnemy { .. } => {
                    if file.deploys_first == d.side {
                        c.p.push(
                            format!("{field}.constraints[{j}]"),
                            "keeping away from the enemy needs the enemy to deploy first",
                        );
                    }
                }
            }
        }
        let Some(side) = side else { continue };
        let Some(s) = parsed[side].as_ref() else {
            continue;
        };
        let groups: Vec<Option<String>> = match &d.group {
            Some(label) => vec![Some(label.clone())],
            None => s
                .forces
                .groups
                .iter()
                .map(|g| g.label.clone())
                .filter(|l| {
                    !file
                        .reinforcements
                        .iter()
                        .any(|r| r.side == d.side && &r.group == l)
                        && !file
                            .deployment
                            .iter()
                            .any(|o| o.side == d.side && o.group.is_some() && &o.group == l)
                })
                .collect(),
        };
        if !recorded {
            super::checks::places_units(&field, s, &groups, &mut c.p);
        }
        let mut points = 0;
        for g in &groups {
            match s.forces.group(g.as_deref()) {
                Some(found) => points += found.stacking,
                None => {
                    c.p.push(
                        format!("{field}.group"),
                        format!(
                            "{} has no group ({})",
                            s.name,
                            g.as_deref().unwrap_or("unlabelled")
                        ),
                    );
                }
            }
            placed.push((side, g.clone(), field.clone()));
        }
        let stacking = forces.as_ref().expect("a side read").stacking;
        let capacity = stacking.per_hex * hexes.len() as u32;
        if !hexes.is_empty() && points > capacity {
            c.p.push(
                format!("{field}.zone"),
                format!(
                    "{points} {} do not fit in {} of {} each ({})",
                    stacking.measure,
                    plural(hexes.len(), "hex", "hexes"),
                    stacking.per_hex,
                    stacking.case
                ),
            );
        }
        deployments.push(Deployment {
            side,
            groups,
            text: d.zone.text.clone(),
            hexes,
            constraints: d.constraints.clone(),
        });
    }
    let mut reinforcements = Vec::new();
    for (i, r) in file.reinforcements.iter().enumerate() {
        let field = format!("reinforcements[{i}]");
        let side = c.side(&format!("{field}.side"), &r.side);
        c.turn(&format!("{field}.turn"), r.turn);
        let hexes = c.edge_zone(&format!("{field}.entry"), &r.entry);
        let Some(side) = side else { continue };
        if let Some(s) = parsed[side].as_ref()
            && s.forces.group(r.group.as_deref()).is_none()
        {
            c.p.push(
                format!("{field}.group"),
                format!(
                    "{} has no group ({})",
                    s.name,
                    r.group.as_deref().unwrap_or("unlabelled")
                ),
            );
        }
        placed.push((side, r.group.clone(), field.clone()));
        reinforcements.push(Reinforcement {
            side,
            group: r.group.clone(),
            turn: r.turn,
            text: r.entry.text.clone(),
            hexes,
        });
    }
    for (si, s) in parsed.iter().enumerate() {
        let Some(s) = s else { continue };
        for g in &s.forces.groups {
            let at: Vec<&String> = placed
                .iter()
                .filter(|(ps, pg, _)| *ps == si && *pg == g.label)
                .map(|(_, _, f)| f)
                .collect();
            let name = match &g.label {
                Some(l) => format!("{} group ({l})", s.name),
                None => s.name.clone(),
            };
            if at.is_empty() {
                c.p.push(
                    "deployment",
                    format!("{name} is neither deployed nor arriving as a reinforcement"),
                );
            } else if at.len() > 1 {
                c.p.push(
                    at[1].as_str(),
                    format!("{name} is placed twice (also in {})", at[0]),
                );
            }
        }
    }

    // Victory conditions and victory points.
    c.victory();

    // Special rules.
    for (i, s) in file.special_rules.iter().enumerate() {
        let field = format!("special_rules[{i}].rule");
        let rule = match &s.rule {
            Rule::Shared(rule) => rule,
            Rule::Own(own) => {
                c.own_kind(&field, own, false);
                continue;
            }
        };
        match rule {
            SpecialRule::TreatAsClear { terrain, features } => {
                for (j, t) in terrain.iter().enumerate() {
                    c.terrain(&format!("{field}.terrain[{j}]"), t);
                }
                c.features(&format!("{field}.features"), features);
                if terrain.is_empty() && features.is_empty() {
                    c.p.push(field.clone(), "names no terrain and no feature");
                }
            }
            SpecialRule::TreatAs {
                terrain,
                features,
                hexes,
                as_terrain,
            } => {
                for (j, t) in terrain.iter().enumerate() {
                    c.terrain(&format!("{field}.terrain[{j}]"), t);
                }
                c.features(&format!("{field}.features"), features);
                for (j, n) in hexes.iter().enumerate() {
                    if map.grid.parse(n).is_none() {
                        c.p.push_hex(
                            format!("{field}.hexes[{j}]"),
                            n,
                            format!("not a hex of this map ({})", map.grid.name_hint()),
                        );
                    }
                }
                c.terrain(&format!("{field}.as"), as_terrain);
                if terrain.is_empty() && features.is_empty() && hexes.is_empty() {
                    c.p.push(field.clone(), "names no terrain, no feature and no hex");
                }
            }
            SpecialRule::Range {
                side, unit, range, ..
            } => {
                c.side(&format!("{field}.side"), side);
                c.unit(&format!("{field}.unit"), unit);
                if *range == 0 {
                    c.p.push(format!("{field}.range"), "a range is at least 1 hex");
                }
            }
            SpecialRule::NoMovement { side, turns, .. } => {
                c.side(&format!("{field}.side"), side);
                c.turn(&format!("{field}.turns"), *turns);
            }
            SpecialRule::Approach { side, features, .. } => {
                c.side(&format!("{field}.side"), side);
                c.features(&format!("{field}.features"), features);
            }
            SpecialRule::RiverCrossings {
                side,
                terrain,
                features,
                ..
            } => {
                if let Some(side) = side {
                    c.side(&format!("{field}.side"), side);
                }
                for (j, t) in terrain.iter().enumerate() {
                    c.terrain(&format!("{field}.terrain[{j}]"), t);
                }
                c.features(&format!("{field}.features"), features);
            }
            SpecialRule::ImprovedPositionsAtDeployment { side, not_in } => {
                c.side(&format!("{field}.side"), side);
                if let Some(z) = not_in
                    && let Err(e) = z.compute(&map)
                {
                    c.p.push(format!("{field}.not_in"), e);
                }
            }
            // Whether the side has the markers is the rule system's to check.
            SpecialRule::SpecialUnit { side, .. } => {
                c.side(&format!("{field}.side"), side);
            }
            SpecialRule::Note => {}
        }
    }
    // Special rules for one group of a side: the group must be the side's.
    for (i, s) in file.special_rules.iter().enumerate() {
        let (side, group) = match s.rule.shared() {
            Some(
                SpecialRule::Range { side, group, .. }
                | SpecialRule::NoMovement { side, group, .. }
                | SpecialRule::Approach { side, group, .. },
            ) => (Some(side), group),
            Some(SpecialRule::RiverCrossings { side, group, .. }) => (side.as_ref(), group),
            _ => continue,
        };
        let Some(group) = group else { continue };
        let field = format!("special_rules[{i}].rule.group");
        let Some(side) = side else {
            c.p.push(field, "a rule for a group names the group's side");
            continue;
        };
        if let Some(found) = file.sides.iter().position(|s| &s.id == side)
            && let Some(s) = &parsed[found]
            && s.forces.group(Some(group)).is_none()
        {
            c.p.push(field, no_group(s, group));
        }
    }

    // A deployment zone never offers a hex its units may not enter; nothing is accepted
    // silently (checks.rs). Scenarios recorded in games before these checks keep replaying as
    // they were played: the checks catch a designer's mistakes, the engine does not need them.
    if !recorded {
        zones_against_river_rules(&mut c, &deployments);
        super::checks::check(&file, &map, &catalog, &parsed, &mut c.p);
    }

    let p = std::mem::take(&mut c.p);
    p.into_result(())?;
    // A validated scenario's file lists every zone's hexes, those left to the rule included.
    let mut file = file;
    super::zones::fill_rule_hexes(&mut file, &map);
    let sides: [Side; 2] = parsed
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .try_into()
        .expect("two parsed sides checked");
    Ok(Scenario {
        deploys_first: deploys_first.expect("checked"),
        moves_first: moves_first.expect("checked"),
        file,
        map,
        catalog,
        sides,
        deployments,
        reinforcements,
        section: forces.expect("read").section,
    })
}

/// Refuses deployment zone hexes that a `river_crossings` rule forbids to every unit the entry
/// places: river hexes other than the crossings the rule allows (R&S 11.5 "Rivers may only be
/// entered at bridges and fords"; 11.17). A rule for one kind of unit (the limbers) leaves the
/// hex to the entry's other units.
fn zones_against_river_rules(c: &mut Checker<'_>, deployments: &[Deployment]) {
    let (file, map) = (c.file, c.map);
    let played = super::rules::played_terrain(&file.special_rules, map);
    let water = |h: &HexCoord| {
        let t = played
            .get(h)
            .map(String::as_str)
            .or_else(|| map.terrain(*h));
        matches!(t, Some("river" | "ford" | "bridge"))
    };
    for (i, r) in file.special_rules.iter().enumerate() {
        let Some(SpecialRule::RiverCrossings {
            side,
            group,
            unit: None,
            terrain,
            features,
        }) = r.rule.shared()
        else {
            continue;
        };
        let side = match side {
            Some(id) => match file.sides.iter().position(|s| &s.id == id) {
                Some(s) => Some(s),
                None => continue, // refused above
            },
            None => None,
        };
        let allowed: BTreeSet<HexCoord> = features
            .iter()
            .filter_map(|f| map.feature(f))
            .flat_map(|f| f.hexes.iter().copied())
            .chain(map.grid.hexes().filter(|h| {
                map.terrain(*h)
                    .is_some_and(|k| terrain.iter().any(|t| t == k))
            }))
            .collect();
        for (j, d) in deployments.iter().enumerate() {
            let whole = match group {
                Some(g) => d.groups.iter().all(|x| x.as_ref() == Some(g)),
                None => true,
            };
            if side.is_some_and(|s| s != d.side) || !whole {
                continue;
            }
            let barred: Vec<String> = d
                .hexes
                .iter()
                .filter(|h| water(h) && !allowed.contains(h))
                .map(|h| map.grid.name(*h))
                .collect();
            if barred.is_empty() {
                continue;
            }
            let who = &file.sides[d.side].name;
            c.p.push(
                format!("deployment[{j}].zone"),
                format!(
                    "the zone holds {} that {who} may not enter ('{}', special_rules[{i}]): \
                     {}; leave them out of the zone (a `terrain` rule with `not`, or `except`)",
                    plural(barred.len(), "river hex", "river hexes"),
                    r.text,
                    abbreviate(&barred)
                ),
            );
        }
    }
}
