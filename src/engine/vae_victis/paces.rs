//! Paces to hexes (docs/rules/vae-victis.md, "Paces to hexes"): Kepi plays Vae Victis on hexes
//! of 100 paces, one element a hex.
//!
//! A distance between two elements is the gap between their hexes: adjacent hexes are in
//! contact (0 paces), one empty hex between is 100 paces, so "within N paces" is hex distance
//! at most N/100 + 1 ([`within`]). A move of N paces is N/100 hexes of its ground; through
//! mixed ground each hex entered costs its share of the move, 100/M of it where the element
//! moves M paces on that ground ([`share`], out of [`WHOLE_MOVE`]).

/// Paces across one hex.
pub const PACES_PER_HEX: u32 = 100;

/// A whole move in shares: 420 is divisible by 100/M for every M the sheets give (50 to
/// 600 paces in steps of 50), so every share is a whole number.
pub const WHOLE_MOVE: u32 = 420;

/// The largest hex distance "within `paces`" of an element: the gap reading.
pub fn within(paces: u32) -> u32 {
    paces / PACES_PER_HEX + 1
}

/// Whether hex distance `d` is "over `paces`" (beyond it).
pub fn over(paces: u32, d: u32) -> bool {
    d > within(paces)
}

/// The share of a whole move one hex takes on ground where the element moves `paces` a turn
/// (rounded up, so a move never goes further than its paces allow).
pub fn share(paces: u32) -> u32 {
    (WHOLE_MOVE * PACES_PER_HEX).div_ceil(paces.max(1))
}

/// Whole hexes a move of `paces` covers on one kind of ground (the remainder under 100 paces
/// is lost).
pub fn move_hexes(paces: u32) -> u32 {
    paces / PACES_PER_HEX
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_and_shares() {
        assert_eq!(within(0), 1);
        assert_eq!(within(100), 2);
        assert_eq!(within(300), 4);
        assert!(over(1200, 14) && !over(1200, 13));
        for m in [50u32, 100, 150, 200, 250, 300, 350, 400, 500, 600] {
            assert_eq!((WHOLE_MOVE * PACES_PER_HEX) % m, 0, "{m}");
        }
        // 350 paces: three hexes of 120 shares fit in 420, four do not.
        assert!(3 * share(350) <= WHOLE_MOVE && 4 * share(350) > WHOLE_MOVE);
        // A rough hex (200) and two clear ones (300) for infantry: 210 + 2 x 140 > 420.
        assert!(share(200) + 2 * share(300) > WHOLE_MOVE);
        assert!(share(200) + share(300) <= WHOLE_MOVE);
    }
}
