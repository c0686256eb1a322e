//! Cards drawn from a deck, recorded as dice.
//!
//! A draw is one roll of a die with as many faces as there are cards left: face `n` takes the
//! `n`-th card left, in the deck's fixed order. The roll is asked of the [`Dice`] the engine is
//! given, with its purpose, and returned as a [`Roll`] like any other, so replay, branching and
//! forced "what if" rolls of the generic layer work on draws with nothing new: a forced face
//! is a chosen card.
//!
//! Invariants: a deck holds at most [`MAX_CARDS`] cards (a [`DiceSpec`] has at most 255
//! sides), refused when built; the cards left keep their order, so the same faces always draw
//! the same cards; a draw from a deck of one card rolls nothing (there is nothing to decide).

use super::dice::{Dice, DiceError, DiceSpec, Roll, RollRequest};
use serde::{Deserialize, Serialize};

/// The most cards a deck may hold: the faces of the largest die a [`DiceSpec`] describes.
pub const MAX_CARDS: usize = u8::MAX as usize;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    #[error("a deck of {cards} cards cannot be drawn from with dice (at most {MAX_CARDS})")]
    TooLarge { cards: usize },
    #[error("the deck is empty: no card to draw ({purpose})")]
    Empty { purpose: String },
    #[error("{0}")]
    Dice(#[from] DiceError),
}

/// The cards not drawn yet, in a fixed order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deck<C> {
    cards: Vec<C>,
}

/// One card drawn, with the roll that drew it (`None` when it was the last card).
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn<C> {
    pub card: C,
    pub roll: Option<Roll>,
}

impl<C: Clone + Serialize> Deck<C> {
    /// A deck of these cards, in this order; more than [`MAX_CARDS`] are refused.
    pub fn new(cards: Vec<C>) -> Result<Deck<C>, DeckError> {
        if cards.len() > MAX_CARDS {
            return Err(DeckError::TooLarge { cards: cards.len() });
        }
        Ok(Deck { cards })
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The cards left, in order.
    pub fn cards(&self) -> &[C] {
        &self.cards
    }

    /// Draws one card: a roll of 1d(cards left) asked of `dice` for `purpose`, the card drawn
    /// and the number of cards left written into the roll's context beside `context`.
    pub fn draw(
        &mut self,
        dice: &mut dyn Dice,
        purpose: &str,
        context: serde_json::Value,
    ) -> Result<Drawn<C>, DeckError> {
        let n = self.cards.len();
        if n == 0 {
            return Err(DeckError::Empty {
                purpose: purpose.to_string(),
            });
        }
        if n == 1 {
            return Ok(Drawn {
                card: self.cards.remove(0),
                roll: None,
            });
        }
        let spec = DiceSpec {
            count: 1,
            sides: n as u8,
        };
        let mut context = match context {
            serde_json::Value::Object(m) => m,
            serde_json::Value::Null => serde_json::Map::new(),
            other => {
                let mut m = serde_json::Map::new();
                m.insert("about".into(), other);
                m
            }
        };
        context.insert("cards_left".into(), serde_json::json!(n));
        let request = RollRequest {
            purpose: purpose.to_string(),
            spec,
            context: serde_json::Value::Object(context),
        };
        let rolled = dice.roll(&request)?;
        let face = rolled.faces[0];
        let card = self.cards.remove(face as usize - 1);
        let mut context = request.context;
        context["card"] = serde_json::to_value(&card).unwrap_or(serde_json::Value::Null);
        Ok(Drawn {
            card,
            roll: Some(Roll {
                purpose: request.purpose,
                spec,
                faces: rolled.faces,
                total: face as u32,
                context,
                forced: rolled.forced,
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::{FixedDice, ForcedDice, RecordedDice, SeededDice};
    use std::collections::BTreeMap;

    fn deck(n: u32) -> Deck<u32> {
        Deck::new((1..=n).collect()).unwrap()
    }

    #[test]
    fn a_draw_is_one_roll_over_the_cards_left_and_takes_that_card() {
        let mut d = deck(5);
        let mut dice = FixedDice::new([2, 4]);
        let a = d.draw(&mut dice, "card", serde_json::Value::Null).unwrap();
        assert_eq!(a.card, 2);
        let r = a.roll.unwrap();
        assert_eq!(r.spec, DiceSpec { count: 1, sides: 5 });
        assert_eq!(r.context["cards_left"], 5);
        assert_eq!(r.context["card"], 2);
        // Left: 1 3 4 5; face 4 is the 5.
        let b = d.draw(&mut dice, "card", serde_json::Value::Null).unwrap();
        assert_eq!(b.card, 5);
        assert_eq!(b.roll.unwrap().spec.sides, 4);
        assert_eq!(d.cards(), &[1, 3, 4]);
    }

    #[test]
    fn the_last_card_is_drawn_without_a_roll_and_an_empty_deck_refuses() {
        let mut d = deck(1);
        let mut dice = FixedDice::new([]);
        let a = d.draw(&mut dice, "card", serde_json::Value::Null).unwrap();
        assert_eq!((a.card, a.roll), (1, None));
        assert!(matches!(
            d.draw(&mut dice, "card", serde_json::Value::Null),
            Err(DeckError::Empty { .. })
        ));
    }

    #[test]
    fn decks_over_255_cards_are_refused_and_255_draw() {
        assert_eq!(
            Deck::new((0..256u32).collect()).unwrap_err(),
            DeckError::TooLarge { cards: 256 }
        );
        let mut d = deck(255);
        let mut dice = FixedDice::new([255]);
        let a = d.draw(&mut dice, "card", serde_json::Value::Null).unwrap();
        assert_eq!(a.card, 255);
    }

    #[test]
    fn recorded_draws_replay_and_forced_faces_choose_the_card() {
        let mut live = SeededDice::new(9);
        let mut d = deck(10);
        let mut rolls = Vec::new();
        let mut cards = Vec::new();
        while !d.is_empty() {
            let x = d.draw(&mut live, "card", serde_json::Value::Null).unwrap();
            cards.push(x.card);
            rolls.extend(x.roll);
        }
        let mut sorted = cards.clone();
        sorted.sort();
        assert_eq!(sorted, (1..=10).collect::<Vec<_>>(), "each card once");
        let mut again = deck(10);
        let mut rec = RecordedDice::new(rolls);
        let replayed: Vec<u32> = (0..10)
            .map(|_| {
                again
                    .draw(&mut rec, "card", serde_json::Value::Null)
                    .unwrap()
                    .card
            })
            .collect();
        assert_eq!(replayed, cards);
        // "What if the first draw had been the tenth card?"
        let mut inner = SeededDice::new(9);
        let mut forced = ForcedDice::new(&mut inner, BTreeMap::from([(0, vec![10])]));
        let mut f = deck(10);
        let x = f
            .draw(&mut forced, "card", serde_json::Value::Null)
            .unwrap();
        assert_eq!(x.card, 10);
        assert!(x.roll.unwrap().forced);
    }

    #[test]
    fn a_face_beyond_the_cards_left_is_a_dice_error() {
        let mut d = deck(3);
        let roll = Roll {
            purpose: "card".into(),
            spec: DiceSpec { count: 1, sides: 6 },
            faces: vec![5],
            total: 5,
            context: serde_json::Value::Null,
            forced: false,
        };
        let mut rec = RecordedDice::new([roll]);
        assert!(matches!(
            d.draw(&mut rec, "card", serde_json::Value::Null),
            Err(DeckError::Dice(DiceError::Mismatch { .. }))
        ));
        assert_eq!(d.len(), 3, "a refused draw leaves the deck as it was");
    }
}
