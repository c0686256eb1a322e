//! Every order of battle printed in the 17 Rifle & Saber scenarios (R&S 11.1-11.17, errata of
//! 30 April 1973 applied: scenario 10's Prussian (b) force), exactly as the OCR text writes it,
//! with the canonical line it must print as. Parsing tolerates the source's ':' and ',' for ';'
//! and "2MA" for "2 MA"; printing is canonical; print and parse round-trip.

use kepi::engine::rifle_and_saber::oob::Oob;
use kepi::engine::rifle_and_saber::tables::Tables;

const LINES: [(u32, &str, &str, &str); 34] = [
    (1, "Sepoys", "27 MZ; 3 CY; 2 MAh", "27 MZ; 3 CY; 2 MAh"),
    (1, "British", "15 MZ; 1 CY; 3 MA", "15 MZ; 1 CY; 3 MA"),
    (2, "Austrians", "33 MZ; 2 CY; 2 MA", "33 MZ; 2 CY; 2 MA"),
    (
        2,
        "Garibaldini",
        "30 MZ; 2 EB; 1 MR; 3 Trenches",
        "30 MZ; 2 EB; 1 MR; 3 Trenches",
    ),
    (3, "Allies", "30 MZ; 2 CY; 2 MA", "30 MZ; 2 CY; 2 MA"),
    (3, "Austrians", "15 MZ; 2 CY; 3 MA", "15 MZ; 2 CY; 3 MA"),
    (
        4,
        "French",
        "(a) 12 MZ; 1 MA (b) 15 MZ; 3 CY; 2MA",
        "(a) 12 MZ; 1 MA (b) 15 MZ; 3 CY; 2 MA",
    ),
    (
        4,
        "Austrians",
        "(a) 8 MZ: 1 MAh (b) 10 MZ; 5 CY; 1 MA",
        "(a) 8 MZ; 1 MAh (b) 10 MZ; 5 CY; 1 MA",
    ),
    (
        5,
        "Union",
        "(a) 20 MZ; 2 MA (b) 10 MZ; 2 MA",
        "(a) 20 MZ; 2 MA (b) 10 MZ; 2 MA",
    ),
    (5, "Confederates", "15 MZ; 3 CY; 3 MA", "15 MZ; 3 CY; 3 MA"),
    (
        6,
        "Confederates",
        "30 MZ: 5 MA: 2 MAh",
        "30 MZ; 5 MA; 2 MAh",
    ),
    (6, "Union", "16 MZ; 2 MA", "16 MZ; 2 MA"),
    (7, "Union", "30 MZ; 1 MA", "30 MZ; 1 MA"),
    (7, "Confederates", "25 MZ; 2 MA", "25 MZ; 2 MA"),
    (
        8,
        "Confederates",
        "30 MZ; 4 MA; 2 MAh",
        "30 MZ; 4 MA; 2 MAh",
    ),
    (8, "Union", "25 MZ; 5 MA", "25 MZ; 5 MA"),
    (
        9,
        "Hanoverians",
        "20 MZ, 15 CY; 4 MA; 2 MAh",
        "20 MZ; 15 CY; 4 MA; 2 MAh",
    ),
    (9, "Prussians", "12 EB: 2 CY: 2 MA", "12 EB; 2 CY; 2 MA"),
    // Errata: "Prussian: (forces should read) (Blue): (a) 17 EB; 2 BA (b) 10 EB; 2 BA".
    (
        10,
        "Prussians",
        "(a) 17 EB; 2 BA (b) 10 EB; 2 BA",
        "(a) 17 EB; 2 BA (b) 10 EB; 2 BA",
    ),
    (
        10,
        "French",
        "17 EB; 12 CY; 2 MA; 2 MG",
        "17 EB; 12 CY; 2 MA; 2 MG",
    ),
    (
        11,
        "French",
        "10 EB; 15 CY; 1 MA; 1 MG",
        "10 EB; 15 CY; 1 MA; 1 MG",
    ),
    (11, "Germans", "10 EB; 9 CY; 3 BA", "10 EB; 9 CY; 3 BA"),
    (12, "Russians", "35 EB; 6 CY; 5 BA", "35 EB; 6 CY; 5 BA"),
    (
        12,
        "Turks",
        "14 EB; 2 BA; 2 MG; 16 Trenches",
        "14 EB; 2 BA; 2 MG; 16 Trenches",
    ),
    (
        13,
        "Russians",
        "35 EB: 4 CY: 4 BA; 4 BAh",
        "35 EB; 4 CY; 4 BA; 4 BAh",
    ),
    (
        13,
        "Turks",
        "15 EB; 2 BA; 2 MG; 8 Improved Positions; 6 Trenches",
        "15 EB; 2 BA; 2 MG; 8 Improved Positions; 6 Trenches",
    ),
    (14, "Peruvians", "30 EB", "30 EB"),
    (14, "Chileans", "20 EB: 2 CY: 1 BA", "20 EB; 2 CY; 1 BA"),
    (15, "Americans", "30 EB; 1 MR", "30 EB; 1 MR"),
    (15, "Spanish", "5 LB; 5 Trenches", "5 LB; 5 Trenches"),
    (
        16,
        "British",
        "35 LB; 3 CY; 2 BA; 2 MG",
        "35 LB; 3 CY; 2 BA; 2 MG",
    ),
    (16, "Boers", "20 LB; 2 BAh", "20 LB; 2 BAh"),
    // Scenario 17 is interleaved with 13 and 16 in the OCR; the British line reads
    // "6 LB; 4 CY; 1 BAh;" and "4 Limber Markers without cannon" (the special rule says what
    // "without cannon" means, so the formula keeps the extra's name).
    (
        17,
        "British",
        "6 LB; 4 CY; 1 BAh; 4 Limber Markers",
        "6 LB; 4 CY; 1 BAh; 4 Limber Markers",
    ),
    (17, "Boers", "6 MR; 1 BAh", "6 MR; 1 BAh"),
];

#[test]
fn all_seventeen_scenarios_parse_print_canonically_and_round_trip() {
    let catalog = &Tables::embedded().catalog;
    let mut scenarios = std::collections::BTreeSet::new();
    for (n, side, text, canonical) in LINES {
        let oob = Oob::parse(text, catalog)
            .unwrap_or_else(|e| panic!("scenario {n} {side}: {e}\n{}", e.pointer()));
        let printed = oob.to_string();
        assert_eq!(printed, canonical, "scenario {n} {side}");
        let again = Oob::parse(&printed, catalog).unwrap();
        assert_eq!(again, oob, "scenario {n} {side}: parse(print(x)) == x");
        assert_eq!(again.to_string(), printed, "canonical is a fixed point");
        scenarios.insert(n);
    }
    assert_eq!(scenarios.len(), 17);
}

#[test]
fn group_and_extra_counts_of_the_printed_scenarios() {
    let catalog = &Tables::embedded().catalog;
    let prussians = Oob::parse(LINES[18].2, catalog).unwrap();
    assert_eq!(prussians.groups.len(), 2);
    assert_eq!(prussians.count_of("EB"), 27);
    assert_eq!(prussians.count_of("BA"), 4);
    let turks = Oob::parse(LINES[25].2, catalog).unwrap();
    assert_eq!(
        turks.extra(kepi::engine::rifle_and_saber::oob::Extra::Trench),
        6
    );
    assert_eq!(
        turks.extra(kepi::engine::rifle_and_saber::oob::Extra::ImprovedPosition),
        8
    );
    assert_eq!(turks.unit_count(), 19);
}
