//! Age of Rifles: the readings where the text is cut off or silent (docs/rules/age-of-rifles.md)
//! are said where they apply, in the words the app shows (the log's notes and the status line):
//! AoR 2.2's lost number, "British and KGL" and "Old Guard", 14.2's unfinished sentence, 16's
//! "Attack/Probe" orders and the charge chart's "not ready". Each test names its case.

use crate::common;
use common::aor::{CHARGE_FRENCH, CHARGE_PRUSSIANS, deploy_as, open_fixture, play, to};
use kepi::engine::age_of_rifles::losses;
use kepi::engine::age_of_rifles::section::Order;
use kepi::engine::age_of_rifles::state::{Disruption, Event, State};
use kepi::engine::age_of_rifles::weather;
use kepi::scenario::Scenario;
use serde_json::{Value, json};

/// The French at 0605 and 1006, the Prussians far west; at the Prussians' Command Phase.
fn deployed(sc: &Scenario) -> State {
    deploy_as(
        sc,
        &[
            ("ii-1", "0605"),
            ("ii-2", "0605"),
            ("ii-art", "1006"),
            ("frossard", "1005"),
            ("laveaucoupet", "1005"),
        ],
        &[
            ("vii-13", "0203"),
            ("vii-14", "0104"),
            ("vii-art", "0104"),
            ("steinmetz", "0104"),
            ("zastrow", "0104"),
        ],
    )
}

fn unit(s: &State, id: &str) -> usize {
    s.setup().unit(id).unwrap()
}

fn notes(ev: &[Event]) -> Vec<String> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Note { text } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// The fixture with `edit` applied to the French 1st Brigade.
fn with_ii_1(edit: impl Fn(&mut Value)) -> Scenario {
    open_fixture(|v| {
        let units = v["sides"][1]["units"].as_array_mut().unwrap();
        edit(units.iter_mut().find(|u| u["id"] == "ii-1").unwrap());
    })
}

#[test]
fn aor_2_2_the_lost_number_is_said_as_kepis_reading_where_a_reduced_unit_checks_morale() {
    let sc = with_ii_1(|_| {});
    let mut s = deployed(&sc);
    let u = unit(&s, "ii-1");
    let whole = losses::morale_in_words(&s, &[u], 0, 0);
    assert!(
        !whole.contains("2.2"),
        "no step lost, nothing said: {whole}"
    );
    s.units[u].steps = 1;
    let words = losses::morale_in_words(&s, &[u], 0, 0);
    assert!(words.starts_with("1st Brigade's morale"), "{words}");
    assert!(
        words.contains("-1 for its lost step (AoR 2.2; the number is lost, Kepi's reading)"),
        "{words}"
    );
    // The group's morale is the unit's less 1 (AoR 2.2 read as 1).
    let (morale, demo) = losses::group(&s, &[u]);
    assert_eq!((morale, demo), (sc_morale(&s, u) - 1, 0));
}

fn sc_morale(s: &State, u: usize) -> i32 {
    s.setup().units[u].morale as i32
}

#[test]
fn aor_2_2_british_and_kgl_read_as_steady_is_said_where_the_unit_checks_morale() {
    let sc = with_ii_1(|u| u["steady"] = json!(true));
    let mut s = deployed(&sc);
    let u = unit(&s, "ii-1");
    s.units[u].steps = 1;
    let words = losses::morale_in_words(&s, &[u], 0, 0);
    assert!(
        words.contains("steady, Kepi's reading of \"British and KGL\""),
        "{words}"
    );
    assert_eq!(losses::group(&s, &[u]).0, sc_morale(&s, u), "no -1");
}

#[test]
fn aor_14_1_14_2_a_formation_demoralized_is_told_what_it_costs_and_that_14_2_gives_nothing() {
    let sc = open_fixture(|v| v["sides"][1]["formations"][0]["demoralization"] = json!(5));
    let mut s = deployed(&sc);
    let mut ev = Vec::new();
    let u = unit(&s, "ii-1");
    losses::eliminate(&mut s, u, &mut ev, "a test");
    let said = notes(&ev).join("\n");
    assert!(
        said.contains("II Corps is demoralized (AoR 14.1)"),
        "{said}"
    );
    assert!(
        said.contains(
            "AoR 14.2's effect on compliance is cut off in the text: Kepi's reading gives it none"
        ),
        "{said}"
    );
    // And its morale checks say the -1 (AoR 2.2's chart, 14.1).
    let words = losses::morale_in_words(&s, &[unit(&s, "ii-2")], -1, 0);
    assert!(words.contains("-1 demoralized (AoR 14.1)"), "{words}");
}

#[test]
fn aor_16_an_attack_order_failing_at_night_names_kepis_reading_of_attack_probe() {
    let sc = open_fixture(|v| v["night_turns"] = json!([1]));
    let mut s = deployed(&sc);
    let f = s
        .setup()
        .formations
        .iter()
        .position(|f| f.name == "VII Corps")
        .unwrap();
    s.formations[f].order = Order::Attack;
    let mut ev = Vec::new();
    weather::night_orders(&mut s, &mut ev);
    assert_eq!(s.formations[f].order, Order::Reserve);
    let said = notes(&ev).join("\n");
    assert!(
        said.contains("Kepi's reading of AoR 16's \"Attack/Probe orders that do not occupy"),
        "{said}"
    );
}

#[test]
fn aor_7_6_not_ready_is_said_where_a_disrupted_cavalry_unit_charges() {
    // VII Corps' 14th Division as cavalry at 0405, two hexes from the French 2nd Brigade.
    let sc = open_fixture(|v| v["sides"][0]["units"][1]["kind"] = json!("cavalry"));
    let s = deploy_as(&sc, CHARGE_FRENCH, CHARGE_PRUSSIANS);
    let charge = |disrupted: bool| {
        let mut s = to(&s, "charge", 0);
        if disrupted {
            let u = unit(&s, "vii-14");
            s.units[u].disrupted = Some(Disruption::Combat);
        }
        let s = play(
            &s,
            json!({"kind": "charge", "units": ["vii-14"], "target": "0605"}),
            &[],
        )
        .0;
        let s = play(&s, json!({"kind": "end"}), &[]).0;
        let (_, ev) = play(
            &s,
            json!({"kind": "form_square", "square": false}),
            &[1, 1, 1, 1],
        );
        notes(&ev).join("\n")
    };
    let said = charge(true);
    assert!(
        said.contains("the chart's \"not ready\" charge modifier is never defined, and Kepi's reading gives it no effect of its own"),
        "{said}"
    );
    assert!(
        !charge(false).contains("not ready"),
        "said only where it applies"
    );
}
