//! The points army builder (VV 2 Troops, issue 40): the scenario view's panel `army-builder`
//! through `Ruleset::run_panel`, as the app's shell calls it. Costs are the sheets' "Unit
//! Cost" columns; each limit the builder reports names its rule, and the scenario's validation
//! reads the same limits.

use crate::common;

use kepi::engine::game::registry;
use serde_json::{Value, json};

fn ask(input: Value) -> Result<Value, String> {
    let r = registry::get("vae-victis").unwrap();
    assert!(
        r.scenario_panels()
            .iter()
            .any(|p| p.key == "army-builder" && p.case == "VV 2 Troops"),
        "the system lists its panel"
    );
    r.run_panel("army-builder", r.catalog(), &input)
}

fn corps(id: &str, elements: &[&str]) -> Value {
    json!({"id": id, "elements": elements})
}

fn texts(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn vv2_costs_sum_per_corps_and_per_army_from_the_sheet() {
    // LGA: Line 3, Light 4, Cuirassiers 5, Field artillery 3 (the sheet's Unit Cost).
    let a = ask(json!({"variant": "la-grande-armee", "nation": "french", "commander_in_chief": true,
        "corps": [corps("I", &["line", "line", "light", "field_artillery"]), corps("II", &["cuirassiers"])]}))
    .unwrap();
    assert_eq!(a["corps"][0]["points"], 13);
    assert_eq!(a["corps"][0]["elements"], 4);
    assert_eq!(a["corps"][1]["points"], 5);
    assert_eq!(a["army_points"], 18);
    assert_eq!(a["army_elements"], 5);
    assert_eq!(a["corps_points"], 36);
    assert_eq!(a["max_corps"], 4);
    assert_eq!(a["limits"], json!([]));
    assert_eq!(a["missing"], json!([]));
    let line = a["types"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["key"] == "line")
        .unwrap();
    assert_eq!(line["cost"], 3);
    assert_eq!(line["count"], 2);
    // VV 5.6: skirmishers are made by splitting light infantry, not bought.
    assert!(
        a["types"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["key"] != "light_skirmishers")
    );
    assert_eq!(a["variants"].as_array().unwrap().len(), 4);
    assert_eq!(
        a["suggested_nations"],
        json!(["french", "british", "russian"])
    );
}

#[test]
fn vv2_a_corps_over_36_points_is_a_limit_naming_the_rule() {
    // 8 Guard (5 each) = 40 points.
    let a = ask(json!({"variant": "la-grande-armee", "nation": "french",
        "corps": [corps("G", &["guard"; 8])]}))
    .unwrap();
    assert_eq!(a["corps"][0]["points"], 40);
    assert_eq!(
        texts(&a["limits"]),
        vec!["VV 2 Troops: a corps' elements total up to 36 points; corps G has 40"]
    );
    assert_eq!(a["limits"][0]["field"], "corps[0].elements");
    assert_eq!(a["limits"][0]["rule"], "VV 2 Troops");
    // Control: 7 Guard and a Militia is 37, 7 Guard alone 35.
    let a =
        ask(json!({"variant": "la-grande-armee", "corps": [corps("G", &["guard"; 7])]})).unwrap();
    assert_eq!(a["corps"][0]["points"], 35);
    assert_eq!(a["limits"], json!([]));
}

#[test]
fn vv2_five_corps_and_a_missing_commander_in_chief() {
    let five: Vec<Value> = (1..=5)
        .map(|i| corps(&format!("C{i}"), &["veteran"]))
        .collect();
    let a = ask(json!({"variant": "rebel-yell", "corps": five})).unwrap();
    assert_eq!(
        texts(&a["limits"]),
        vec!["VV 2 Troops: an army may have up to 4 corps; this one has 5"]
    );
    assert_eq!(
        texts(&a["missing"]),
        vec!["VV 2 Troops: an army of more than one corps requires a Commander-in-Chief"]
    );
    // An empty corps is missing something, not over a limit.
    let a = ask(json!({"variant": "rebel-yell", "corps": [corps("A", &[])]})).unwrap();
    assert_eq!(a["limits"], json!([]));
    assert_eq!(
        texts(&a["missing"]),
        vec!["VV 2 Troops: corps A has no element yet"]
    );
}

#[test]
fn vv_kr_maximums_per_army_and_the_nations_tables() {
    // KR: "Prussian ... 4 maximum" read as four Prussian elements an army, across its corps.
    let a = ask(json!({"variant": "kepis-rouge", "nation": "german", "commander_in_chief": true,
        "corps": [corps("V", &["prussian", "prussian", "prussian"]), corps("XI", &["prussian", "prussian"])]}))
    .unwrap();
    assert_eq!(
        texts(&a["limits"]),
        vec!["VV KR Unit Factors: Prussian \"4 element maximum\" an army; this side has 5"]
    );
    // The German side is offered the German and the shared types, not the French.
    let keys: Vec<&str> = a["types"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["key"].as_str().unwrap())
        .collect();
    assert!(keys.contains(&"prussian") && keys.contains(&"dragoons"));
    assert!(!keys.contains(&"turcos") && !keys.contains(&"mitrailleuse"));
    assert_eq!(a["nations"], json!(["french", "german"]));
    // A French type in a German army, and a nation the sheet does not have.
    let a = ask(
        json!({"variant": "kepis-rouge", "nation": "german", "corps": [corps("V", &["turcos"])]}),
    )
    .unwrap();
    assert_eq!(
        texts(&a["limits"]),
        vec!["VV KR Unit Factors: Turcos is in the french table; this side's nation is 'german'"]
    );
    let a = ask(json!({"variant": "kepis-rouge", "nation": "bavarian", "corps": [corps("V", &["dragoons"])]})).unwrap();
    assert_eq!(a["limits"][0]["field"], "nation");
    assert!(
        texts(&a["limits"])[0]
            .starts_with("VV KR Fire Ranges: the sheet's nations are french, german")
    );
}

#[test]
fn vv_lg_each_nation_fields_its_own_table() {
    let a = ask(json!({"variant": "los-gringos", "nation": "mexican", "corps": [corps("R", &["mx_regulars"])]})).unwrap();
    assert_eq!(a["nations"], json!(["american", "mexican"]));
    assert!(
        a["types"].as_array().unwrap().iter().all(|t| t["key"]
            .as_str()
            .unwrap()
            .starts_with("mx_")
            || t["key"] == "guard_hussars")
    );
    assert_eq!(a["corps"][0]["points"], 3);
}

#[test]
fn the_builder_refuses_bad_input_by_field() {
    // No variant yet: the variants to pick, the variant as the one limit.
    let a = ask(json!({"variant": "", "corps": []})).unwrap();
    assert_eq!(a["variants"].as_array().unwrap().len(), 4);
    assert_eq!(a["limits"][0]["field"], "variant");
    assert!(
        texts(&a["limits"])[0].starts_with("VV: pick a variant; '' is none of la-grande-armee")
    );
    let a = ask(json!({"variant": "napoleonic", "corps": [corps("A", &["line"])]})).unwrap();
    assert_eq!(a["types"], json!([]));
    let e = ask(json!({"variant": "rebel-yell", "corps": [], "extra": 1})).unwrap_err();
    assert!(e.starts_with("the army builder's input:"), "{e}");
    assert!(e.contains("unknown field `extra`"), "{e}");
    let many: Vec<Value> = (0..17).map(|i| corps(&format!("C{i}"), &[])).collect();
    assert_eq!(
        ask(json!({"variant": "rebel-yell", "corps": many})).unwrap_err(),
        "corps: at most 16 in the builder"
    );
    let e = ask(json!({"variant": "rebel-yell", "corps": [corps("A", &["nope"])]})).unwrap();
    assert!(
        texts(&e["limits"])[0].starts_with("no type 'nope' in the Rebel Yell sheet"),
        "{e}"
    );
    let r = registry::get("vae-victis").unwrap();
    assert!(
        r.run_panel("factor", r.catalog(), &json!({}))
            .unwrap_err()
            .contains("no scenario panel 'factor'")
    );
}

#[test]
fn validation_reads_the_builders_limits_with_the_sides_field() {
    // A fixture side over 36 points: the problem is the builder's sentence at the side's field.
    let e = common::vv::try_fixture(|v| {
        // Corps I: its five elements and three more, all Guard: 8 x 5 = 40 points.
        let els = v["sides"][0]["corps"][0]["elements"]
            .as_array_mut()
            .unwrap();
        for (i, h) in ["0109", "0209", "0309"].iter().enumerate() {
            els.push(common::vv::el(&format!("I-x{i}"), "guard", h, "N"));
        }
        for e in els.iter_mut() {
            e["type"] = json!("guard");
        }
    })
    .unwrap_err();
    assert!(
        e.contains("sides[0].corps[0].elements")
            && e.contains("VV 2 Troops: a corps' elements total up to 36 points"),
        "{e}"
    );
}
