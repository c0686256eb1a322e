//! The neutral description of a command: what the play view needs to offer it (a button, an
//! action of the selected unit, a hex to click, a move through the unit's reach), given by the
//! command's own rule system ([`crate::engine::Ruleset::command_info`]).
//!
//! Invariant: the shell and the UI decide how to offer a command from this description alone;
//! neither reads a command's fields nor knows a system's command kinds.

use serde::{Deserialize, Serialize};

/// Where the play view offers a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Offer {
    /// A button beside the map: end the phase, resolve the fire allocated, a choice the game
    /// waits for, an order to a formation, a command for a unit that is not on the map.
    Button,
    /// A button of the selected unit: limber, dismount, cancel its fire, leave the map.
    Unit,
    /// A hex clicked on the map: where the selected unit deploys, fires or attacks, or (with no
    /// unit selected) what is done at that hex.
    Map,
    /// A move: given by clicking a hex of the selected unit's reach (the reach's command).
    Reach,
}

/// What a command is aimed at, as the player chooses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// Nothing beyond the command itself (end the phase).
    None,
    /// A unit (limber it, reorganize it).
    Unit,
    /// A hex (deploy there, fire at it, march to it).
    Hex,
    /// A hexside (face it).
    Hexside,
    /// A card (play it).
    Card,
}

/// How the play view offers one command, in the system's own words and values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandInfo {
    /// The command's kind, the system's own key ("fire", "send_order"): shown as a data
    /// attribute of its button and read by tests, never branched on outside its system.
    pub kind: String,
    pub offer: Offer,
    pub target: Target,
    /// The unit it is given for, by counter id: selected on the map to give it.
    pub unit: Option<String>,
    /// Every unit it involves, by counter id (the unit included; a charge's cavalry, an
    /// assault's attackers, the units a loss names): selecting any of them lists it.
    pub units: Vec<String>,
    /// The hex chosen for it (where it deploys, fires, attacks, marches), printed name.
    pub hex: Option<String>,
    /// The hexside chosen for it, as "0812/0813" (the two hexes' printed names).
    pub hexside: Option<String>,
    /// The card it plays, by name.
    pub card: Option<String>,
    /// Hexes shown while its button is hovered (a retreat's path).
    pub path: Vec<String>,
    /// Its attack is shown (odds, modifiers, chances) before it is given.
    pub preview: bool,
    /// It ends the phase, the segment or the deployment (the E key and the primary button).
    pub ends_phase: bool,
    /// It resolves something given and still open (fire allocated): ending the phase while it
    /// is legal asks first, offering it.
    pub resolves: bool,
    /// A move that takes waypoints (Shift+click on hexes it passes through).
    pub waypoints: bool,
    /// Its keyboard key in the play view, when it has one of its own.
    pub key: Option<String>,
    /// Where the unit faces after it, in degrees clockwise from north (0, 30, ... 330: a
    /// hexside or a vertex, [`crate::engine::facing::Facing::degrees`]): a turn, or a move that
    /// ends facing there. The play view turns the selected unit by it (`[`, `]`, a drag).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<u16>,
    /// For a command that moves several units at once (a line advancing, a group marching):
    /// each unit's path, drawn while its button is hovered. Every unit stepping is among
    /// `units`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<UnitStep>,
}

/// One unit's move within a command that moves several ([`CommandInfo::steps`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitStep {
    /// The unit, by counter id.
    pub unit: String,
    /// The hexes it passes through, printed, from the one it leaves to the one it ends in.
    pub path: Vec<String>,
}

impl CommandInfo {
    /// A command of `kind` offered as `offer`, aimed at nothing yet: the builder's start.
    pub fn new(kind: &str, offer: Offer) -> CommandInfo {
        CommandInfo {
            kind: kind.to_string(),
            offer,
            target: Target::None,
            unit: None,
            units: Vec::new(),
            hex: None,
            hexside: None,
            card: None,
            path: Vec::new(),
            preview: false,
            ends_phase: false,
            resolves: false,
            waypoints: false,
            key: None,
            facing: None,
            steps: Vec::new(),
        }
    }

    /// A button beside the map.
    pub fn button(kind: &str) -> CommandInfo {
        CommandInfo::new(kind, Offer::Button)
    }

    /// A button of the selected unit `unit`.
    pub fn of_unit(kind: &str, unit: String) -> CommandInfo {
        CommandInfo::new(kind, Offer::Unit).unit(unit)
    }

    /// A hex clicked on the map, for `unit` when one is given.
    pub fn at_hex(kind: &str, unit: Option<String>, hex: String) -> CommandInfo {
        let c = CommandInfo::new(kind, Offer::Map).hex(hex);
        match unit {
            Some(u) => c.unit(u),
            None => c,
        }
    }

    /// The unit it is given for (listed among the units it involves too); aimed at it unless
    /// aimed at something else.
    pub fn unit(mut self, unit: String) -> CommandInfo {
        if !self.units.contains(&unit) {
            self.units.insert(0, unit.clone());
        }
        self.unit = Some(unit);
        if self.target == Target::None {
            self.target = Target::Unit;
        }
        self
    }

    /// Units it involves besides its own.
    pub fn involving(mut self, units: impl IntoIterator<Item = String>) -> CommandInfo {
        for u in units {
            if !self.units.contains(&u) {
                self.units.push(u);
            }
        }
        self
    }

    pub fn hex(mut self, hex: String) -> CommandInfo {
        self.hex = Some(hex);
        self.target = Target::Hex;
        self
    }

    pub fn hexside(mut self, hexside: String) -> CommandInfo {
        self.hexside = Some(hexside);
        self.target = Target::Hexside;
        self
    }

    pub fn card(mut self, card: String) -> CommandInfo {
        self.card = Some(card);
        self.target = Target::Card;
        self
    }

    pub fn path(mut self, path: Vec<String>) -> CommandInfo {
        self.path = path;
        self
    }

    pub fn previewed(mut self) -> CommandInfo {
        self.preview = true;
        self
    }

    pub fn ends_phase(mut self) -> CommandInfo {
        self.ends_phase = true;
        self
    }

    pub fn resolves(mut self) -> CommandInfo {
        self.resolves = true;
        self
    }

    pub fn waypoints(mut self) -> CommandInfo {
        self.waypoints = true;
        self
    }

    /// Where the unit faces after it.
    pub fn facing(mut self, facing: crate::engine::facing::Facing) -> CommandInfo {
        self.facing = Some(facing.degrees());
        self
    }

    /// The units it moves together, each along its path (each is involved).
    pub fn steps(mut self, steps: Vec<UnitStep>) -> CommandInfo {
        let units: Vec<String> = steps.iter().map(|s| s.unit.clone()).collect();
        self.steps = steps;
        self.involving(units)
    }

    pub fn key(mut self, key: &str) -> CommandInfo {
        self.key = Some(key.to_string());
        self
    }

    /// Is it listed when `unit` is selected?
    pub fn involves(&self, unit: &str) -> bool {
        self.units.iter().any(|u| u == unit)
    }
}

/// At most this many choices, none given for a unit, are all shown as buttons (a pursuit into
/// a hex among them), whatever their own offer.
pub const CHOICES_AS_BUTTONS: usize = 12;

/// The commands of a position the play view shows as buttons beside the map: those whose
/// system offers them so, and, when the game waits for one choice among a few (at most
/// [`CHOICES_AS_BUTTONS`], none given for a unit and none a move), every one of them.
pub fn general(infos: &[CommandInfo]) -> Vec<usize> {
    let choice = infos.len() <= CHOICES_AS_BUTTONS
        && infos
            .iter()
            .all(|c| c.units.is_empty() && c.offer != Offer::Reach);
    infos
        .iter()
        .enumerate()
        .filter(|(_, c)| choice || c.offer == Offer::Button)
        .map(|(i, _)| i)
        .collect()
}

/// Is the command listed when the player selects `unit`, or clicks `hex` with no unit
/// selected, or (neither) asks for the commands of no unit and no hex?
pub fn listed(info: &CommandInfo, unit: Option<&str>, hex: Option<&str>) -> bool {
    match (unit, hex) {
        (Some(want), _) => info.involves(want),
        (None, Some(want)) => info.unit.is_none() && info.hex.as_deref() == Some(want),
        (None, None) => info.unit.is_none() && info.hex.is_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Buttons are what the system offers as buttons; a few choices for no unit are all
    /// buttons (a pursuit into a hex too); a unit's command is never one of them.
    #[test]
    fn general_commands_are_those_the_map_cannot_offer() {
        let legal = [
            CommandInfo::button("reorganize").unit("ii-2".into()),
            CommandInfo::new("move", Offer::Reach)
                .unit("ii-1".into())
                .hex("0101".into()),
            CommandInfo::button("send_order"),
            CommandInfo::at_hex("send_order", None, "0505".into()),
            CommandInfo::at_hex("assault", None, "0605".into()).involving(["ii-3".into()]),
            CommandInfo::button("end").ends_phase(),
        ];
        let kinds = |ix: Vec<usize>| ix.iter().map(|&i| &*legal[i].kind).collect::<Vec<_>>();
        assert_eq!(kinds(general(&legal)), ["reorganize", "send_order", "end"]);
        let choice = [
            CommandInfo::button("end_charge"),
            CommandInfo::button("end_charge"),
            CommandInfo::at_hex("pursue", None, "0706".into()),
        ];
        assert_eq!(general(&choice), [0, 1, 2]);
    }

    #[test]
    fn listed_by_unit_by_hex_or_neither() {
        let assault = CommandInfo::at_hex("assault", None, "0605".into())
            .involving(["ii-3".into(), "ii-4".into()]);
        assert!(listed(&assault, Some("ii-4"), None));
        assert!(!listed(&assault, Some("ii-5"), None));
        assert!(listed(&assault, None, Some("0605")));
        assert!(!listed(&assault, None, None));
        let fire = CommandInfo::at_hex("fire", Some("MZ 1".into()), "0812".into());
        assert!(listed(&fire, Some("MZ 1"), None));
        assert!(
            !listed(&fire, None, Some("0812")),
            "given for a unit: listed by it"
        );
        let end = CommandInfo::button("end_phase");
        assert!(listed(&end, None, None));
    }
}
