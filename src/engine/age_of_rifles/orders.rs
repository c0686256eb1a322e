//! Orders and their compliance (AoR 12.2-12.5): how many turns pass before a leader complies
//! with a new order, how many orders a commander may send in a turn, and the Attack-order
//! morale check of 12.3.

use super::section::Order;
use super::tables::charts;

/// AoR 12.4's delay, and how it was reached (for showing a player).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compliance {
    /// The Order Number (4 for Attack, 3 for Defend and March, 2 for Reserve).
    pub order_number: u32,
    /// Half the two ratings' sum, rounded normally.
    pub half_ratings: u32,
    /// Order Number minus half the ratings, at least 0.
    pub base: u32,
    /// The distance in cavalry MP divided by 6, fractions dropped.
    pub distance_turns: u32,
    /// Turns until the leader complies: `base + distance_turns`.
    pub turns: u32,
}

/// AoR 12.4 Order Compliance. "Add the rating of the OC or WC issuing the order and of the
/// receiving leader. Halve the sum (round normally) and subtract it from the Order Number
/// [...]; the result cannot be less than 0. Add the distance in cavalry MP from the OC/WC to
/// the receiving leader, divided by 6 (drop fractions). The sum is the number of turns that
/// passes until the leader complies with the new orders."
///
/// `distance_half_mp` is the distance in half movement points (a road hex costs 1/2 MP).
pub fn compliance(
    order: Order,
    issuer_rating: u32,
    receiver_rating: u32,
    distance_half_mp: u32,
) -> Compliance {
    let order_number = charts().order_number(order);
    let sum = issuer_rating + receiver_rating;
    // "round normally": a half rounds up (AoR 7.6's rule for rounding).
    let half_ratings = sum.div_ceil(2);
    let base = order_number.saturating_sub(half_ratings);
    // MP / 6, dropping fractions; in half-MP that is half_mp / 12.
    let distance_turns = distance_half_mp / 12;
    Compliance {
        order_number,
        half_ratings,
        base,
        distance_turns,
        turns: base + distance_turns,
    }
}

/// AoR 12.5: "An OC/WC can give as many new orders per turn as his rating (halved if he
/// moves)." Kepi's reading of "halved": rounded down (a rating-1 leader who moves sends none).
pub fn order_capacity(rating: u32, moves: bool) -> u32 {
    if moves { rating / 2 } else { rating }
}

/// AoR 12.3: a leader with Attack orders whose formation took a hit checks morale against his
/// rating in the next Command Phase, "Add 2 to his rating if his formation is not
/// demoralized". AoR 2.3: the check fails if the die is higher. True when he holds on.
pub fn attack_order_holds(rating: u32, formation_demoralized: bool, die: u32) -> bool {
    let target = rating + if formation_demoralized { 0 } else { 2 };
    die <= target
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aor_12_4_example_lee_4_sends_attack_to_ewell_2_result_1() {
        // "Lee (4) sends an Attack order to Ewell (2), giving a result of 1."
        let c = compliance(Order::Attack, 4, 2, 0);
        assert_eq!((c.order_number, c.half_ratings, c.base), (4, 3, 1));
        assert_eq!(c.turns, 1);
    }

    #[test]
    fn aor_12_4_example_ewell_9_mp_away_executes_2_turns_later() {
        // "If Ewell is 9 MP from Lee, the order will be executed 2 turns later."
        let c = compliance(Order::Attack, 4, 2, 18);
        assert_eq!(c.distance_turns, 1); // 9 / 6, fractions dropped
        assert_eq!(c.turns, 2);
    }

    #[test]
    fn aor_12_4_result_is_never_below_zero_and_halves_round_up() {
        // 5 + 4 = 9, halved 4.5 rounds to 5; Reserve 2 - 5 is 0, not -3.
        let c = compliance(Order::Reserve, 5, 4, 11);
        assert_eq!(
            (c.half_ratings, c.base, c.distance_turns, c.turns),
            (5, 0, 0, 0)
        );
        // 3 + 0 = 3 -> 2 (1.5 rounds up); Defend 3 - 2 = 1; 12 MP -> 2 turns.
        assert_eq!(compliance(Order::Defend, 3, 0, 24).turns, 3);
        // March has Order Number 3 (the chart).
        assert_eq!(compliance(Order::March, 1, 1, 0).turns, 2);
    }

    #[test]
    fn aor_12_5_capacity_is_the_rating_halved_when_moving() {
        assert_eq!(order_capacity(4, false), 4);
        assert_eq!(order_capacity(4, true), 2);
        assert_eq!(order_capacity(3, true), 1);
    }

    #[test]
    fn aor_12_3_attack_order_check_adds_2_unless_demoralized() {
        assert!(attack_order_holds(2, false, 4));
        assert!(!attack_order_holds(2, false, 5));
        assert!(!attack_order_holds(2, true, 3));
        assert!(attack_order_holds(2, true, 2));
    }
}

/// An order on its way (AoR 12.4: "If it is greater than zero, write down the resulting turn
/// and the order").
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PendingOrder {
    /// The formation whose leader receives it (its id).
    pub formation: String,
    pub order: Order,
    /// The game-turn on which the leader complies.
    pub due: u32,
}

/// The orders a commander sent this turn and those still on their way.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OrderBook {
    pub pending: Vec<PendingOrder>,
}

impl OrderBook {
    /// A commander sends `order` to a formation's leader on game-turn `turn`, having sent
    /// `sent_this_turn` orders already (AoR 12.5: at most his capacity). The answer is the
    /// compliance; a delay of 0 is `Ok` with nothing written down (the caller changes the
    /// order at once, AoR 12.3 "Leaders change orders the moment they receive a new order").
    /// A new order to a formation replaces one still on its way (Kepi's reading: the last
    /// order sent is the one that counts).
    #[allow(clippy::too_many_arguments)]
    pub fn send(
        &mut self,
        turn: u32,
        formation: &str,
        order: Order,
        issuer_rating: u32,
        receiver_rating: u32,
        distance_half_mp: u32,
        sent_this_turn: u32,
        issuer_moves: bool,
    ) -> Result<Compliance, String> {
        let capacity = order_capacity(issuer_rating, issuer_moves);
        if sent_this_turn >= capacity {
            return Err(format!(
                "AoR 12.5: a commander rated {issuer_rating}{} sends at most {capacity} new \
                 orders a turn",
                if issuer_moves { " who moves" } else { "" }
            ));
        }
        let c = compliance(order, issuer_rating, receiver_rating, distance_half_mp);
        self.pending.retain(|p| p.formation != formation);
        if c.turns > 0 {
            self.pending.push(PendingOrder {
                formation: formation.to_string(),
                order,
                due: turn + c.turns,
            });
        }
        Ok(c)
    }

    /// The orders whose turn has come at the start of `turn`, removed from the book, in the
    /// order they were sent.
    pub fn arriving(&mut self, turn: u32) -> Vec<PendingOrder> {
        let (now, later): (Vec<_>, Vec<_>) = self.pending.drain(..).partition(|p| p.due <= turn);
        self.pending = later;
        now
    }
}

#[cfg(test)]
mod book_tests {
    use super::*;

    #[test]
    fn aor_12_4_the_order_to_ewell_sent_on_turn_3_arrives_on_turn_5() {
        let mut book = OrderBook::default();
        let c = book
            .send(3, "ewell", Order::Attack, 4, 2, 18, 0, false)
            .unwrap();
        assert_eq!(c.turns, 2);
        assert!(book.arriving(4).is_empty());
        let now = book.arriving(5);
        assert_eq!(
            now,
            vec![PendingOrder {
                formation: "ewell".into(),
                order: Order::Attack,
                due: 5
            }]
        );
        assert!(book.pending.is_empty());
    }

    #[test]
    fn aor_12_5_capacity_refuses_one_order_too_many() {
        let mut book = OrderBook::default();
        // Rated 3 and moving: 1 order (3 halved, rounded down).
        assert!(book.send(1, "a", Order::Defend, 3, 2, 0, 0, true).is_ok());
        let e = book
            .send(1, "b", Order::Defend, 3, 2, 0, 1, true)
            .unwrap_err();
        assert!(e.contains("AoR 12.5") && e.contains("at most 1"), "{e}");
    }

    #[test]
    fn an_immediate_order_is_not_written_down_and_replaces_one_on_its_way() {
        let mut book = OrderBook::default();
        book.send(1, "a", Order::Attack, 1, 1, 40, 0, false)
            .unwrap();
        assert_eq!(book.pending.len(), 1);
        // Reserve from a rating 6 + 6 commander next door: 0 turns, the old order is gone.
        let c = book
            .send(2, "a", Order::Reserve, 6, 6, 0, 0, false)
            .unwrap();
        assert_eq!(c.turns, 0);
        assert!(book.pending.is_empty());
    }
}
