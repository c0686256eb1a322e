//! A Drill game: what the scenario fixes for the whole game ([`Setup`]), the position
//! ([`State`]), the commands and what they report ([`Command`], [`Event`]).
//!
//! Invariants: `hex`, `facing`, `alive` and `acted` have one entry per unit of the setup, in
//! the scenario's order, and `streaks` one per victory entry; `card` is `Some` exactly while a
//! side is activating; while play goes on and no card is in play the deck holds at least one
//! card (an empty deck ends the game-turn at once, Drill 2.4, unless it ends the game).

use crate::engine::deck::Deck;
use crate::engine::dice::Roll;
use crate::engine::facing::Facing;
use crate::engine::victory::{Decided, Entry};
use crate::engine::{GameOutcome, SideInfo};
use crate::frac::Frac;
use crate::map::{Grid, HexCoord};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// One unit as the scenario gives it (Drill 1.1), its defense raised by a stubborn rule.
#[derive(Clone, Debug)]
pub struct UnitSetup {
    pub side: usize,
    pub name: String,
    pub code: String,
    pub kind: String,
    pub attack: u32,
    pub defense: u32,
    pub range: u32,
    pub horse: bool,
    pub stubborn: bool,
    pub group: Option<String>,
}

#[derive(Debug)]
pub struct Setup {
    pub grid: Grid,
    pub sides: Vec<SideInfo>,
    pub units: Vec<UnitSetup>,
    /// Each side's deployment zone, and the wording of it.
    pub zones: Vec<Vec<HexCoord>>,
    pub zone_texts: Vec<String>,
    /// Each side's deploying facing and cards a game-turn (Drill 2.1, 2.2).
    pub faces: Vec<Facing>,
    pub cards: Vec<u8>,
    pub deploys_first: usize,
    /// The side that draws the cards (Drill 2.2).
    pub first: usize,
    pub last_turn: u32,
    /// Per hex of the grid (by [`Grid::index`]): bog (Drill 4.2) and the terrain's defense
    /// multiplier (Drill 5.1).
    pub bog: Vec<bool>,
    pub terrain_defense: Vec<Frac>,
    /// The scenario's victory entries, as the shared evaluator plays them (Drill 6.2).
    pub victory: Vec<Entry<HexCoord>>,
    pub hash: String,
    pub options: super::ruleset::Options,
}

/// An activation card: a side's card number `number` ("West 2").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Card {
    pub side: usize,
    pub number: u8,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    #[serde(skip)]
    pub setup: Option<Arc<Setup>>,
    pub turn: u32,
    /// The side to act: the drawing side while no card is in play, else the card's side.
    pub player: usize,
    pub deploying: bool,
    pub deck: Deck<Card>,
    pub card: Option<Card>,
    pub hex: Vec<Option<HexCoord>>,
    pub facing: Vec<Facing>,
    pub alive: Vec<bool>,
    pub acted: Vec<bool>,
    /// The victory entries and parts decided, with their words, and each entry's hold
    /// streaks (Drill 6.2; `victory.rs` says how they are kept).
    pub decided: BTreeMap<String, Decided>,
    pub streaks: Vec<[u32; 2]>,
    pub outcome: Option<GameOutcome>,
}

impl State {
    pub fn setup(&self) -> &Setup {
        self.setup.as_deref().expect("states carry their setup")
    }

    /// The living unit in `h`.
    pub fn at(&self, h: HexCoord) -> Option<usize> {
        (0..self.hex.len()).find(|&u| self.alive[u] && self.hex[u] == Some(h))
    }

    pub fn side_of(&self, u: usize) -> usize {
        self.setup().units[u].side
    }

    pub fn name(&self, u: usize) -> &str {
        &self.setup().units[u].name
    }

    /// "West 2".
    pub fn card_name(&self, c: Card) -> String {
        format!("{} {}", self.setup().sides[c.side].name, c.number)
    }

    /// A hex's printed name ("0403").
    pub fn hex_name(&self, h: HexCoord) -> String {
        self.setup().grid.name(h)
    }

    pub fn is_bog(&self, h: HexCoord) -> bool {
        let s = self.setup();
        s.grid.index(h).is_some_and(|i| s.bog[i])
    }
}

/// A game-turn's deck (Drill 2.2): each side's cards, sides in the scenario's order.
pub fn new_deck(setup: &Setup) -> Deck<Card> {
    let cards = setup
        .cards
        .iter()
        .enumerate()
        .flat_map(|(side, &n)| (1..=n).map(move |number| Card { side, number }))
        .collect();
    Deck::new(cards).expect("sections hold at most 20 cards a side (Drill 2.2)")
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    Deploy {
        unit: usize,
        hex: HexCoord,
    },
    /// Drill 2.2.
    Draw,
    /// Drill 4.1.
    Move {
        unit: usize,
        to: HexCoord,
    },
    /// Drill 4.3: the line of `unit` (it and the friendly units joined to it facing the same
    /// way) steps one hex straight ahead.
    Advance {
        unit: usize,
    },
    /// Drill 3.2.
    Face {
        unit: usize,
        facing: Facing,
    },
    /// Drill 5.1.
    Fire {
        unit: usize,
        target: HexCoord,
    },
    /// Drill 2.3: the card is played without activating a unit.
    Pass,
}

#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A card drawn; its roll is `None` when it was the last card (nothing to decide).
    Drawn {
        card: Card,
        roll: Option<Roll>,
    },
    Rolled {
        roll: Roll,
    },
    Eliminated {
        unit: usize,
    },
    TurnEnded {
        turn: u32,
    },
    Over {
        outcome: GameOutcome,
    },
}
