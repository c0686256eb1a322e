//! Drill's part of a scenario: each side's roster of named units, the facing they deploy in and
//! the activation cards it puts in each game-turn's deck; its own kind of special rule
//! (`drill_stubborn`, Drill 6.1); and its scenario-view panel, the deck.
//!
//! ```json
//! "sides": [{"id": "west", "name": "West", "color": "blue", "faces": "E", "cards": 3,
//!   "units": [{"name": "West FT 1", "kind": "FT", "group": "a"}]}]
//! ```

use crate::engine::facing::Facing;
use crate::problems::Problems;
use crate::scenario::{Forces, GroupForces, ScenarioFile, Section, SideForces, Stacking};
use crate::tables::Catalog;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The most cards a side may put in a deck: two sides' cards stay well within what a deck
/// drawn with one die holds ([`crate::engine::deck::MAX_CARDS`]).
pub const MAX_CARDS: u8 = 20;

/// One unit of a side's roster.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RosterUnit {
    /// Its name in commands and on its counter ("West FT 1"), unique in the scenario.
    pub name: String,
    /// A kind of Drill's catalog: "FT" or "HS".
    pub kind: String,
    /// Its group, for deployment zones that name one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

/// A side's Drill section.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideRoster {
    /// The hexside its units face when they deploy (Drill 2.1): "N", "ENE", ... a hexside of
    /// the map's grid.
    #[schemars(with = "String")]
    pub faces: Facing,
    /// Its activation cards in each game-turn's deck (Drill 2.2), 1 to 20.
    pub cards: u8,
    pub units: Vec<RosterUnit>,
}

/// The section a Drill scenario carries: each side's roster, in the file's order.
pub struct DrillSection(pub Vec<SideRoster>);

/// Drill's own kind of special rule, written in the scenario's `special_rules` beside Kepi's
/// shared kinds.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum DrillRule {
    /// Drill 6.1: the named units defend one point stronger.
    DrillStubborn { units: Vec<String> },
}

/// The scenario's Drill rules with their fields (`special_rules[i].rule`); the shared kinds
/// are not Drill's to read.
pub fn drill_rules(file: &ScenarioFile) -> Vec<(String, Result<DrillRule, String>)> {
    file.special_rules
        .iter()
        .enumerate()
        .filter_map(|(i, r)| Some((format!("special_rules[{i}].rule"), r.rule.own()?.read())))
        .collect()
}

/// The units the scenario's stubborn rules name (Drill 6.1).
pub fn stubborn(file: &ScenarioFile) -> Vec<String> {
    drill_rules(file)
        .into_iter()
        .flat_map(|(_, r)| match r {
            Ok(DrillRule::DrillStubborn { units }) => units,
            Err(_) => Vec::new(),
        })
        .collect()
}

/// Drill 1.2: one unit a hex.
pub const STACKING: Stacking = Stacking {
    per_hex: 1,
    measure: "units",
    case: "Drill 1.2",
};

pub fn side_schema(generator: &mut schemars::SchemaGenerator) -> serde_json::Value {
    let unit = generator.subschema_for::<RosterUnit>().to_value();
    crate::schema::side_entry(
        "One side of a Drill scenario: its id, name and colour, the facing its units deploy in, \
         its activation cards a game-turn and its units (src/engine/drill/RULES.md). Any other \
         field is refused.",
        serde_json::json!({
            "faces": {"type": "string", "enum": crate::engine::facing::NAMES},
            "cards": {"type": "integer", "minimum": 1, "maximum": MAX_CARDS},
            "units": {"type": "array", "items": unit},
        }),
        &["faces", "cards", "units"],
    )
}

pub fn stubborn_schema() -> serde_json::Value {
    serde_json::json!({
        "description": "Drill 6.1: the named units defend one point stronger.",
        "type": "object",
        "properties": {
            "kind": {"type": "string", "const": "drill_stubborn"},
            "units": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["kind", "units"],
        "additionalProperties": false,
    })
}

/// Reads and checks every side's section and the Drill rules, every problem with its field.
pub fn read_forces(file: &ScenarioFile, catalog: &Catalog) -> (Forces, Problems) {
    let mut p = Problems::new();
    let mut rosters = Vec::new();
    let mut sides = Vec::new();
    for (i, s) in file.sides.iter().enumerate() {
        let roster: SideRoster =
            match serde_json::from_value(serde_json::Value::Object(s.forces.clone())) {
                Ok(r) => r,
                Err(e) => {
                    p.push(format!("sides[{i}]"), e.to_string());
                    sides.push(None);
                    continue;
                }
            };
        if !(1..=MAX_CARDS).contains(&roster.cards) {
            p.push(
                format!("sides[{i}].cards"),
                format!(
                    "{} cards; a side puts 1 to {MAX_CARDS} in the deck (Drill 2.2)",
                    roster.cards
                ),
            );
        }
        let mut groups: Vec<GroupForces> = Vec::new();
        for (j, u) in roster.units.iter().enumerate() {
            if catalog.unit(&u.kind).is_none() {
                p.push(
                    format!("sides[{i}].units[{j}].kind"),
                    format!("no unit kind '{}' (Drill 1.1: FT or HS)", u.kind),
                );
            }
            let taken = rosters
                .iter()
                .flat_map(|r: &SideRoster| r.units.iter())
                .chain(&roster.units[..j])
                .any(|o| o.name == u.name);
            if taken {
                p.push(
                    format!("sides[{i}].units[{j}].name"),
                    format!("two units are called '{}'", u.name),
                );
            }
            match groups.iter_mut().find(|g| g.label == u.group) {
                Some(g) => {
                    g.units += 1;
                    g.stacking += 1;
                }
                None => groups.push(GroupForces {
                    label: u.group.clone(),
                    units: 1,
                    stacking: 1,
                }),
            }
        }
        sides.push(Some(SideForces {
            groups,
            summary: format!("{} units, {} cards", roster.units.len(), roster.cards),
            kinds: roster.units.iter().map(|u| u.kind.clone()).collect(),
        }));
        rosters.push(roster);
    }
    for (field, rule) in drill_rules(file) {
        match rule {
            Ok(DrillRule::DrillStubborn { units }) => {
                for (j, name) in units.iter().enumerate() {
                    if !rosters
                        .iter()
                        .any(|r| r.units.iter().any(|u| &u.name == name))
                    {
                        p.push(
                            format!("{field}.units[{j}]"),
                            format!("no unit is called '{name}' (Drill 6.1)"),
                        );
                    }
                }
            }
            Err(e) => p.push(field, e),
        }
    }
    super::victory::check(file, &mut p);
    let forces = Forces {
        sides,
        stacking: STACKING,
        section: Section::new(DrillSection(rosters)),
    };
    (forces, p)
}

/// The deck panel's question: each side's name and cards.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckQuestion {
    pub sides: Vec<DeckSide>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckSide {
    pub name: String,
    pub cards: u8,
}

/// The deck panel (Drill 2.2): the cards of one game-turn's deck, in order, and each side's
/// chance of the first draw and share of the activations.
pub fn deck_panel(input: &serde_json::Value) -> Result<serde_json::Value, String> {
    let q: DeckQuestion =
        serde_json::from_value(input.clone()).map_err(|e| format!("deck panel: {e}"))?;
    let mut deck = Vec::new();
    for (i, s) in q.sides.iter().enumerate() {
        if !(1..=MAX_CARDS).contains(&s.cards) {
            return Err(format!(
                "sides[{i}].cards: {} cards; a side puts 1 to {MAX_CARDS} in the deck (Drill 2.2)",
                s.cards
            ));
        }
        deck.extend((1..=s.cards).map(|n| format!("{} {n}", s.name)));
    }
    let total: u32 = q.sides.iter().map(|s| s.cards as u32).sum();
    let shares: Vec<serde_json::Value> = q
        .sides
        .iter()
        .map(|s| {
            serde_json::json!({
                "side": s.name,
                "cards": s.cards,
                "first_draw": if total == 0 { 0.0 } else { s.cards as f64 / total as f64 },
            })
        })
        .collect();
    Ok(serde_json::json!({"deck": deck, "sides": shares, "case": "Drill 2.2"}))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_panel_lists_the_cards_and_each_sides_chance_of_the_first_draw() {
        let a = deck_panel(&serde_json::json!({"sides": [
            {"name": "West", "cards": 3}, {"name": "East", "cards": 1}]}))
        .unwrap();
        assert_eq!(
            a["deck"],
            serde_json::json!(["West 1", "West 2", "West 3", "East 1"])
        );
        assert_eq!(a["sides"][0]["first_draw"], 0.75);
        let e =
            deck_panel(&serde_json::json!({"sides": [{"name": "West", "cards": 0}]})).unwrap_err();
        assert_eq!(
            e,
            "sides[0].cards: 0 cards; a side puts 1 to 20 in the deck (Drill 2.2)"
        );
        let e = deck_panel(&serde_json::json!({"side": []})).unwrap_err();
        assert!(e.starts_with("deck panel: unknown field `side`"), "{e}");
    }
}
