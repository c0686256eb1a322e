//! Commands and events in words for players, and commands read from the form people write:
//! units by label ("British MZ 3") or number, hexes by their printed names ("0812").

use super::command::{Command, Event};
use super::state::{Pending, State, UnitId};
use crate::map::HexCoord;
use serde_json::Value;

fn unit_name(s: &State, u: usize) -> String {
    if u < s.units.len() {
        s.label(u).to_string()
    } else {
        format!("unit {u}")
    }
}

fn path_name(s: &State, p: &[HexCoord]) -> String {
    p.iter()
        .map(|h| s.setup.name(*h))
        .collect::<Vec<_>>()
        .join("-")
}

/// "Move British MZ 3 0812-0813".
pub fn describe_command(s: &State, c: &Command) -> String {
    let n = |h: &HexCoord| s.setup.name(*h);
    match c {
        Command::Deploy {
            unit,
            hex,
            limbered,
        } => format!(
            "Deploy {} at {}{}",
            unit_name(s, *unit),
            n(hex),
            if *limbered { " limbered" } else { "" }
        ),
        Command::PlaceTrench { hex } => format!("Trench at {}", n(hex)),
        Command::PlaceImprovedPosition { hex } => format!("Improved position at {}", n(hex)),
        Command::EndDeployment => "End deployment".into(),
        Command::Fire { unit, target, ammo } => format!(
            "{} fires{} at {}",
            unit_name(s, *unit),
            match ammo {
                Some(super::state::Ammo::Shot) => " shot",
                Some(super::state::Ammo::Canister) => " canister",
                None => "",
            },
            n(target)
        ),
        Command::CancelFire { unit } => format!("Cancel fire of {}", unit_name(s, *unit)),
        Command::ResolveFire => "Resolve fire".into(),
        Command::BeginWork { hex } => format!("Begin improved position at {}", n(hex)),
        Command::Move { unit, path, charge } => format!(
            "{} {} {}",
            if *charge { "Charge" } else { "Move" },
            unit_name(s, *unit),
            path_name(s, path)
        ),
        Command::Limber { unit } => format!("Limber {}", unit_name(s, *unit)),
        Command::Unlimber { unit } => format!("Unlimber {}", unit_name(s, *unit)),
        Command::Dismount { unit } => format!("Dismount {}", unit_name(s, *unit)),
        Command::Remount { unit } => format!("Remount {}", unit_name(s, *unit)),
        Command::EnterRoadMode { unit } => format!("Road mode on {}", unit_name(s, *unit)),
        Command::LeaveRoadMode { unit } => format!("Road mode off {}", unit_name(s, *unit)),
        Command::ToTop { unit } => format!("Put {} on top", unit_name(s, *unit)),
        Command::ExitMap { unit } => format!("{} leaves the map", unit_name(s, *unit)),
        Command::Shock { unit, target } => {
            format!("{} shock attacks {}", unit_name(s, *unit), n(target))
        }
        Command::CancelShock { unit } => format!("Cancel shock of {}", unit_name(s, *unit)),
        Command::ResolveShock => "Resolve shock attacks".into(),
        Command::ChooseRetreat { path } => format!("Retreat {}", path_name(s, path)),
        Command::ChooseShockLosses { units } => format!(
            "Disrupt {}",
            units
                .iter()
                .map(|u| unit_name(s, *u))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Command::EndPhase => "End phase".into(),
    }
}

/// An event in words, or `None` for bookkeeping events.
/// A scenario's scripted event as it happens, in the players' words (the play view's notice):
/// its game-turn, its time and its text.
pub fn scripted_words(e: &Event) -> Option<String> {
    match e {
        Event::Scripted { turn, at, text, .. } => Some(format!("Game-turn {turn}, {at}: {text}")),
        _ => None,
    }
}

pub fn describe_event(s: &State, e: &Event) -> Option<String> {
    let n = |h: &HexCoord| s.setup.name(*h);
    let side = |i: usize| s.setup.sides[i].name.clone();
    Some(match e {
        Event::PhaseBegan {
            turn,
            player,
            phase,
        } => format!("Game-turn {turn}: {} {}", side(*player), phase.name()),
        Event::DieRolled { roll } => format!("Rolled {:?} for {}", roll.faces, roll.purpose),
        Event::FireResolved {
            target,
            defender,
            attack,
            defense,
            odds,
            roll,
            result,
            shot,
        } => format!(
            "{}fire on {} ({}): {attack} against {defense}, {odds}, die {roll}: {result}",
            if *shot { "Shot " } else { "" },
            n(target),
            unit_name(s, *defender)
        ),
        Event::ShockResolved {
            target,
            attack,
            defense,
        } => format!("Shock on {}: {attack} against {defense}", n(target)),
        Event::Disrupted { unit, reason, .. } => {
            format!("{} disrupted ({reason})", unit_name(s, *unit))
        }
        Event::Eliminated { unit, reason } => {
            format!("{} eliminated ({reason})", unit_name(s, *unit))
        }
        Event::Retreated { unit, path } => {
            format!("{} retreats {}", unit_name(s, *unit), path_name(s, path))
        }
        Event::Recovered { unit } => format!("{} recovers", unit_name(s, *unit)),
        Event::MoraleChanged {
            side: i,
            to,
            reason,
            ..
        } => {
            format!("{} morale is now {:?} ({reason})", side(*i), to)
        }
        Event::DecisionNeeded { what, .. } => format!("Decision: {what}"),
        Event::Scripted { .. } => {
            let mut t = scripted_words(e).expect("a scripted event");
            t.push_str(" (the scenario's event)");
            if let Event::Scripted { did, .. } = e {
                for d in did {
                    t.push_str("; ");
                    t.push_str(d);
                }
            }
            t
        }
        Event::GameOver { outcome } => format!(
            "Game over: {} ({})",
            match outcome.winner {
                Some(w) => format!(
                    "{} wins{}",
                    side(w),
                    outcome
                        .level
                        .map(|l| format!(" a {l:?} victory"))
                        .unwrap_or_default()
                ),
                None => "no winner".to_string(),
            },
            outcome.reason
        ),
        Event::ImprovedPositionBuilt { hex } => format!("Improved position built at {}", n(hex)),
        Event::Exited { unit } => format!("{} leaves the map", unit_name(s, *unit)),
        _ => return None,
    })
}

/// The `type` of every [`Command`], as written in scripts (its serde names, in declaration
/// order). The tests check it against serde's own list of the variants, both ways.
pub const COMMAND_TYPES: &[&str] = &[
    "deploy",
    "place_trench",
    "place_improved_position",
    "end_deployment",
    "fire",
    "cancel_fire",
    "resolve_fire",
    "begin_work",
    "move",
    "limber",
    "unlimber",
    "dismount",
    "remount",
    "enter_road_mode",
    "leave_road_mode",
    "to_top",
    "exit_map",
    "shock",
    "cancel_shock",
    "resolve_shock",
    "choose_retreat",
    "choose_shock_losses",
    "end_phase",
];

/// A command's `type` is read before anything else in it, so that a misspelt or missing type
/// is reported as such, not as a complaint about a field of a command that does not exist.
fn check_command_type(v: &Value) -> Result<(), String> {
    let known = || COMMAND_TYPES.join(", ");
    let Value::Object(m) = v else {
        return Err(format!(
            "a command is a JSON object with a \"type\" ({}), e.g. {{\"type\": \"end_phase\"}}",
            known()
        ));
    };
    match m.get("type") {
        None => Err(format!(
            "the command has no \"type\"; the command types are {}",
            known()
        )),
        Some(Value::String(t)) if COMMAND_TYPES.contains(&t.as_str()) => Ok(()),
        Some(Value::String(t)) => Err(format!(
            "unknown command type '{t}'; the command types are {}",
            known()
        )),
        Some(other) => Err(format!(
            "the command's \"type\" is {other}, not a name; the command types are {}",
            known()
        )),
    }
}

/// Read a command as people write it: `{"type": "move", "unit": "British MZ 3", "path":
/// ["0812"]}`; unit numbers and hex names of the map are accepted. The type is checked
/// first ([`check_command_type`]), then the units and hexes are resolved.
pub fn parse_command(s: &State, mut v: Value) -> Result<Command, String> {
    check_command_type(&v)?;
    fn unit(s: &State, v: &mut Value) -> Result<(), String> {
        if let Value::String(label) = v {
            let found = (0..s.units.len())
                .find(|&u| s.answers_to(u, label))
                .ok_or_else(|| format!("no unit called '{label}'"))?;
            *v = Value::from(found);
        }
        Ok(())
    }
    fn hex(s: &State, v: &mut Value) -> Result<(), String> {
        if let Value::String(name) = v {
            let h = s.setup.grid.parse(name).ok_or_else(|| {
                format!(
                    "'{name}' is not a hex of this map ({})",
                    s.setup.grid.name_hint()
                )
            })?;
            *v = Value::String(h.to_string());
        }
        Ok(())
    }
    if let Value::Object(m) = &mut v {
        if let Some(u) = m.get_mut("unit") {
            unit(s, u)?;
        }
        if let Some(Value::Array(us)) = m.get_mut("units") {
            for u in us {
                unit(s, u)?;
            }
        }
        for key in ["hex", "target"] {
            if let Some(h) = m.get_mut(key) {
                hex(s, h)?;
            }
        }
        if let Some(Value::Array(p)) = m.get_mut("path") {
            for h in p {
                hex(s, h)?;
            }
        }
    }
    let mut command: Command =
        serde_json::from_value(v).map_err(|e| format!("not a command: {e}"))?;
    match &mut command {
        Command::Move { unit, path, .. } => drop_own_hex(s, *unit, path),
        Command::ChooseRetreat { path } => {
            if let Some(Pending::Retreat { unit, .. }) = &s.pending {
                drop_own_hex(s, *unit, path);
            }
        }
        _ => {}
    }
    Ok(command)
}

/// People write a path from where the unit stands (as `kepi reach` shows it, "0812-0813");
/// the stored command lists only the hexes entered. A path's first hex that is the unit's own
/// hex is dropped: it is never a step (R&S 4.0: a unit moves from hex to adjacent hex), so
/// nothing is lost. A path of that hex alone is left for the rules to refuse.
fn drop_own_hex(s: &State, unit: UnitId, path: &mut Vec<HexCoord>) {
    let own = s.units.get(unit).and_then(|u| u.hex());
    if path.len() > 1 && own.is_some() && path.first().copied() == own {
        path.remove(0);
    }
}

/// The reason a game ended, in words: as the engine recorded it, with the sides named in an
/// exit victory's losses ("units lost: Prussians 6, Hanoverians 10" for "losses 6 to 10").
/// The recorded reason is part of the hashed state and is never rewritten (records made
/// before stay valid); only its words change here. It reads "{text} — met|not met (N exited;
/// losses A to B)", A the exiting side's losses, and the exiting side wins when it is met.
pub fn outcome_words(sides: [&str; 2], winner: Option<usize>, reason: &str) -> String {
    let named = || -> Option<String> {
        let (head, tail) = reason.rsplit_once("; losses ")?;
        let (a, b) = tail.strip_suffix(')')?.split_once(" to ")?;
        let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
        let winner = winner.filter(|&w| w < 2)?;
        let exiting = if head.contains(" — met (") {
            winner
        } else {
            1 - winner
        };
        Some(format!(
            "{head}; units lost: {} {a}, {} {b})",
            sides[exiting],
            sides[1 - exiting]
        ))
    };
    named().unwrap_or_else(|| reason.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_victory_losses_name_the_sides() {
        let sides = ["Prussians", "Hanoverians"];
        let not_met = "Prussians must retreat. — not met (0 exited; losses 6 to 10)";
        assert_eq!(
            outcome_words(sides, Some(1), not_met),
            "Prussians must retreat. — not met (0 exited; units lost: Prussians 6, Hanoverians 10)"
        );
        // Met by the second side: its own losses come first.
        let met = "Hanoverians must retreat. — met (2 exited; losses 1 to 3)";
        assert_eq!(
            outcome_words(sides, Some(1), met),
            "Hanoverians must retreat. — met (2 exited; units lost: Hanoverians 1, Prussians 3)"
        );
        // Any other reason is left as it is.
        let held = "Hold V4. — Austrians held it";
        assert_eq!(outcome_words(sides, Some(0), held), held);
    }

    /// serde's list of the variants of [`Command`], from its error for an unknown variant:
    /// "unknown variant `x`, expected one of `deploy`, `place_trench`, ...".
    fn serde_variants() -> Vec<String> {
        let e = serde_json::from_value::<Command>(serde_json::json!({"type": "no such type"}))
            .expect_err("not a variant")
            .to_string();
        let list = e
            .split_once("expected one of ")
            .unwrap_or_else(|| panic!("serde's message changed: {e}"))
            .1;
        list.split(", ")
            .map(|v| v.split('`').nth(1).expect("`name`").to_string())
            .collect()
    }

    #[test]
    fn command_types_are_exactly_the_serde_names_of_the_variants() {
        let serde = serde_variants();
        assert!(serde.len() > 20, "{serde:?}");
        assert_eq!(serde, COMMAND_TYPES, "COMMAND_TYPES is stale");
    }

    #[test]
    fn every_command_type_names_a_variant() {
        // Independent of serde's wording: each name deserializes (a command without fields)
        // or fails only for a missing field, never as an unknown variant.
        for t in COMMAND_TYPES {
            match serde_json::from_value::<Command>(serde_json::json!({"type": t})) {
                Ok(c) => assert_eq!(serde_json::to_value(&c).unwrap()["type"], *t),
                Err(e) => assert!(e.to_string().contains("missing field"), "{t}: {e}"),
            }
        }
        // And every variant serializes to a listed type (one of each kind of fields).
        for c in [
            Command::EndPhase,
            Command::Fire {
                unit: 0,
                target: HexCoord::new(1, 1),
                ammo: None,
            },
            Command::ChooseShockLosses { units: vec![1] },
        ] {
            let t = serde_json::to_value(&c).unwrap()["type"].clone();
            assert!(COMMAND_TYPES.contains(&t.as_str().unwrap()), "{t}");
        }
    }

    #[test]
    fn the_type_is_checked_before_the_fields() {
        let v = serde_json::json!({"type": "fly", "unit": "x"});
        let e = check_command_type(&v).unwrap_err();
        assert!(
            e.starts_with("unknown command type 'fly'; the command types are deploy, "),
            "{e}"
        );
        assert!(e.ends_with(", end_phase"), "{e}");
        let e = check_command_type(&serde_json::json!({"unit": "x"})).unwrap_err();
        assert!(e.starts_with("the command has no \"type\"; "), "{e}");
        let e = check_command_type(&serde_json::json!({"type": 3})).unwrap_err();
        assert!(
            e.starts_with("the command's \"type\" is 3, not a name"),
            "{e}"
        );
        let e = check_command_type(&serde_json::json!(["move"])).unwrap_err();
        assert!(e.starts_with("a command is a JSON object"), "{e}");
        assert_eq!(
            check_command_type(&serde_json::json!({"type": "move"})),
            Ok(())
        );
    }
}
