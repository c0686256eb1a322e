//! Vae Victis VV 4.1 reinforcements ("moves his troops ... or enters any reinforcements"), as
//! docs/rules/vae-victis.md reads them, on the fixture
//! `tests/fixtures/vae-victis/scenarios/vv-ridge-reinforcement.json`: the ridge scenario with
//! the French corps C (Kellermann, Good here; C-1 cuirassiers, C-2 light cavalry, C-3 lancers)
//! arriving on game-turn 2 at 0912, 1012, 1112 and 1212 (the southern edge, clear). Each case
//! with its control, and seeded random games through the entries.

use crate::common;

use common::vv::{hex_of, id, opened, play, refused, reinforcement_fixture};
use kepi::engine::Ruleset;
use kepi::engine::vae_victis::VaeVictis;
use kepi::engine::vae_victis::state::{Command, State};
use serde_json::{Value, json};

/// Ratings in the sides' order: derlon 3, kellermann 6 (Good), napoleon 3; picton, uxbridge,
/// wellington 3.
const RATINGS: [u8; 6] = [3, 6, 3, 3, 3, 3];

fn start() -> State {
    VaeVictis
        .start(&reinforcement_fixture(|_| {}), &Default::default())
        .unwrap()
}

fn enter(element: &str, hex: &str) -> Value {
    json!({"kind": "enter", "element": element, "hex": hex, "facing": "N"})
}

/// Game-turn 1 played out with nothing moved (France first: corps I and Napoleon roll, corps C
/// not yet; then Britain's A, B and Wellington), then France's activation of game-turn 2 with
/// the dice `ap` (corps I, corps C, Napoleon).
fn turn_2(ap: &[u8]) -> State {
    let s = opened(&start(), &RATINGS, 0, &[4, 4]);
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    let (s, _) = play(&s, json!({"kind": "activate"}), &[4, 4, 4]);
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    assert_eq!((s.turn, s.active()), (2, 0));
    play(&s, json!({"kind": "activate"}), ap).0
}

#[test]
fn vv_reinforcement_corps_stands_off_the_map_until_it_enters() {
    let s = start();
    for e in ["kellermann", "C-1", "C-2", "C-3"] {
        assert_eq!(hex_of(&s, e), None, "{e}");
    }
    // Control: corps I, deployed, is on the map.
    assert_eq!(hex_of(&s, "I-1").as_deref(), Some("0410"));
    assert_eq!(hex_of(&s, "derlon").as_deref(), Some("0511"));
}

#[test]
fn vv_reinforcement_refused_before_its_game_turn() {
    // Game-turn 1: corps C rolls no die (two faces: corps I and Napoleon) and may not enter.
    let s = opened(&start(), &RATINGS, 0, &[4, 4]);
    let c = s.setup().corps_index("C").unwrap();
    assert_eq!(s.corps[c].score, None);
    let why = refused(&s, enter("C-1", "0912"));
    assert!(
        why.contains("VV 4.1") && why.contains("game-turn 2"),
        "{why}"
    );
    // Control: on game-turn 2 it rolls (1, +1 for Kellermann, Good, still off the map) and
    // enters.
    let s = turn_2(&[4, 1, 4]);
    assert_eq!(s.corps[c].ap, 2);
    let (s, ev) = play(&s, enter("C-1", "0912"), &[]);
    assert_eq!(hex_of(&s, "C-1").as_deref(), Some("0912"));
    assert_eq!(s.corps[c].ap, 1);
    assert!(common::vv::notes(&ev).contains("enters the map at 0912"));
}

#[test]
fn vv_reinforcement_entry_hex_occupied_refused() {
    let s = turn_2(&[4, 4, 4]);
    let (s, _) = play(&s, enter("kellermann", "1012"), &[]);
    let why = refused(&s, enter("C-1", "1012"));
    assert!(
        why.contains("VV 4.1") && why.contains("occupied by kellermann"),
        "{why}"
    );
    // Control: another entry hex of the same edge.
    let (s, _) = play(&s, enter("C-1", "0912"), &[]);
    assert_eq!(hex_of(&s, "C-1").as_deref(), Some("0912"));
}

#[test]
fn vv_reinforcement_only_at_its_entry_hexes() {
    let s = turn_2(&[4, 4, 4]);
    let why = refused(&s, enter("C-1", "0812"));
    assert!(
        why.contains("VV 4.1") && why.contains("not one of its entry hexes"),
        "{why}"
    );
    // Control: an element on the map is not a reinforcement to enter.
    let why = refused(&s, enter("I-1", "0912"));
    assert!(
        why.contains("VV 4.1") && why.contains("not a reinforcement"),
        "{why}"
    );
    // Control: an entry hex enters.
    play(&s, enter("C-1", "1212"), &[]);
}

#[test]
fn vv_reinforcement_entry_costs_one_ap_its_general_enters_free() {
    // Corps C rolls 1 (+1, Kellermann Good): 2 AP.
    let s = turn_2(&[4, 1, 4]);
    let c = s.setup().corps_index("C").unwrap();
    let (s, _) = play(&s, enter("C-1", "0912"), &[]);
    let (s, _) = play(&s, enter("C-2", "1112"), &[]);
    assert_eq!(s.corps[c].ap, 0);
    let why = refused(&s, enter("C-3", "1212"));
    assert!(
        why.contains("VV 4.1") && why.contains("no AP left"),
        "{why}"
    );
    // Control: Kellermann's entry is his free move (VV 5.7), with no AP left.
    let (s, _) = play(&s, enter("kellermann", "1012"), &[]);
    assert_eq!(hex_of(&s, "kellermann").as_deref(), Some("1012"));
    assert_eq!(s.corps[c].ap, 0);
}

#[test]
fn vv_reinforcement_not_into_contact() {
    let mut s = turn_2(&[4, 4, 4]);
    // A British line element stands at 0911, beside the entry hex 0912.
    let a = id(&s, "A-1");
    s.elements[a].hex = Some(s.setup().parse("0911").unwrap());
    let why = refused(&s, enter("C-1", "0912"));
    assert!(why.contains("VV 4.1") && why.contains("contact"), "{why}");
    // Control: an entry hex away from it.
    play(&s, enter("C-1", "1212"), &[]);
}

#[test]
fn vv_reinforcement_moves_on_after_entering() {
    let s = turn_2(&[4, 4, 4]);
    let c = s.setup().corps_index("C").unwrap();
    let (s, _) = play(&s, enter("kellermann", "1012"), &[]);
    let (s, _) = play(&s, enter("C-2", "1112"), &[]);
    // 4 + 1 (Kellermann, Good) = 5 AP; his entry free, C-2's 1.
    assert_eq!(s.corps[c].ap, 4);
    let (s, _) = play(
        &s,
        json!({"kind": "move", "element": "C-2", "to": "1110", "facing": "N"}),
        &[],
    );
    assert_eq!(hex_of(&s, "C-2").as_deref(), Some("1110"));
    assert_eq!(s.corps[c].ap, 3);
    // Control: it moved; it does not move again this phase (VV 5.4: one move an element).
    let why = refused(
        &s,
        json!({"kind": "move", "element": "C-2", "to": "1109", "facing": "N"}),
    );
    assert!(why.contains("has acted this phase"), "{why}");
}

#[test]
fn vv_reinforcement_hex_outside_its_entry_refused_at_the_start() {
    let r = common::vv::try_reinforcement_fixture(|v| {
        v["sides"][0]["corps"][1]["elements"][0]["hex"] = json!("0911");
    })
    .and_then(|sc| {
        VaeVictis
            .start(&sc, &Default::default())
            .map(|_| ())
            .map_err(|e| e.to_string())
    });
    let why = r.unwrap_err();
    assert!(
        why.contains("VV 4.1") && why.contains("C-1") && why.contains("entry hexes"),
        "{why}"
    );
    // Control: the fixture as it is starts.
    start();
}

#[test]
fn vv_reinforcement_random_games_enter_and_replay_hash_for_hash() {
    let sc = reinforcement_fixture(|_| {});
    let (finished, played) = common::vv::random_games(&sc, 1..=12);
    assert_eq!(finished, 12);
    let entered = played
        .iter()
        .filter(|c| matches!(c, Command::Enter { .. }))
        .count();
    assert!(entered >= 12, "{entered} entries");
}
