//! An Age of Rifles game in words: commands as a player says them, the state one line a piece
//! (`kepi state`), and where each victory condition stands (AoR 18).

use super::state::{Command, LeaderLoc, Loc, State};
use crate::engine::VictoryCondition;

pub fn describe_command(s: &State, c: &Command) -> String {
    let setup = s.setup();
    let unit = |id: &str| {
        setup
            .unit(id)
            .map(|u| setup.units[u].name.clone())
            .or_else(|_| setup.leader(id).map(|l| setup.leaders[l].name.clone()))
            .unwrap_or_else(|_| id.to_string())
    };
    match c {
        Command::Deploy { piece, hex } => format!("Deploy {} in {hex}", unit(piece)),
        Command::SendOrder {
            formation,
            order,
            march_to,
            attack_after_march,
        } => format!(
            "Send {} {} order{}{}",
            setup
                .formation(formation)
                .map(|f| setup.formations[f].name.clone())
                .unwrap_or_else(|_| formation.clone()),
            order.with_article(),
            march_to
                .as_ref()
                .map(|h| format!(" to {h}"))
                .unwrap_or_default(),
            if *attack_after_march {
                ", to attack after the march"
            } else {
                ""
            }
        ),
        Command::ToReserve { formation } => format!("{formation}: Defend to Reserve"),
        Command::Reorganize { unit: u } => {
            // AoR 15: in the formation leader's hex.
            let at = setup
                .unit(u)
                .ok()
                .map(|x| setup.formations[setup.units[x].formation].leader)
                .and_then(|l| match s.leaders[l].loc {
                    LeaderLoc::At(h) => Some(format!(" in {}", setup.name(h))),
                    _ => None,
                })
                .unwrap_or_default();
            format!("Reorganize {}{at} (AoR 15)", unit(u))
        }
        Command::Bombard { unit: u, target } => format!("{} bombards {target}", unit(u)),
        Command::Charge { units, target } => format!("{} charge {target}", units.join(", ")),
        Command::Move { unit: u, to, via } if via.is_empty() => {
            format!("Move {} to {to}", unit(u))
        }
        Command::Move { unit: u, to, via } => {
            format!("Move {} to {to} via {}", unit(u), via.join(", "))
        }
        Command::Exit { unit: u } => format!("{} leaves the map", unit(u)),
        Command::MoveLeader { leader, to } => format!("Move {} to {to}", unit(leader)),
        Command::Assault { from, target } => {
            format!("Assault {target} from {}", from.join(" and "))
        }
        Command::FireFirst { first: true } => "Fire first (losses in sequence)".into(),
        Command::FireFirst { first: false } => "Fire together (losses at once)".into(),
        Command::Retreat { voluntary: true } => "Retreat voluntarily".into(),
        Command::Retreat { voluntary: false } => "Stand".into(),
        Command::Advance {
            unit: Some(u),
            with: Some(w),
        } => format!("{} and {} advance with their leader", unit(u), unit(w)),
        Command::Advance { unit: Some(u), .. } => format!("{} advances", unit(u)),
        Command::Advance { unit: None, .. } => "No advance".into(),
        Command::FormSquare { square: true } => "Form square".into(),
        Command::FormSquare { square: false } => "No square".into(),
        Command::EndCharge { back: false } => "The cavalry stays".into(),
        Command::EndCharge { back: true } => "The cavalry goes back".into(),
        Command::Pursue { target } => format!("Pursue into {target}"),
        Command::Decline => "No reaction charge".into(),
        Command::Allocate { units } => format!(
            "Hits on {}",
            units.iter().map(|u| unit(u)).collect::<Vec<_>>().join(", ")
        ),
        Command::Disrupt { unit: u } => format!("The first hit disrupts {}", unit(u)),
        Command::End => "End".into(),
    }
}

pub fn report(s: &State) -> String {
    let setup = s.setup();
    let mut out = Vec::new();
    out.push(format!(
        "{} — game-turn {} of {}, {}",
        setup.title,
        s.turn,
        setup.game_length,
        s.phase.name()
    ));
    if let Some(d) = super::weather::of(setup, s.turn) {
        out.push(format!(
            "A {} turn ({}): no unit enters an enemy ZOC, and there is no combat",
            d.name(),
            d.case()
        ));
    }
    for (u, d) in setup.units.iter().enumerate() {
        let us = &s.units[u];
        let at = match us.loc {
            Loc::Off => "off map".to_string(),
            Loc::At(h) => setup.name(h),
            Loc::Eliminated => "eliminated".to_string(),
            Loc::Exited => "left the map (AoR 5.6)".to_string(),
        };
        out.push(format!(
            "{} {} ({}, {}) {} steps {}{}",
            setup.sides[d.side].1,
            d.id,
            d.name,
            setup.formations[d.formation].id,
            at,
            us.steps,
            if us.disrupted.is_some() {
                " disrupted"
            } else {
                ""
            }
        ));
    }
    for (l, d) in setup.leaders.iter().enumerate() {
        let at = match s.leaders[l].loc {
            LeaderLoc::Off => "off map".to_string(),
            LeaderLoc::At(h) => setup.name(h),
            LeaderLoc::Dead { returns } => format!("dead until game-turn {returns}"),
            LeaderLoc::Gone => "out of the game".to_string(),
        };
        let order = d
            .formation
            .map(|f| {
                let fs = &s.formations[f];
                format!(
                    " {} orders{}{}",
                    fs.order.name(),
                    fs.pending
                        .as_ref()
                        .map(|p| format!(", {} due on game-turn {}", p.order.name(), p.due))
                        .unwrap_or_default(),
                    if fs.demoralized { ", demoralized" } else { "" }
                )
            })
            .unwrap_or_default();
        out.push(format!(
            "{} leader {} rated {} {at}{order}{}",
            setup.sides[d.side].1,
            d.name,
            s.leaders[l].rating,
            if s.leaders[l].reorganizing {
                ", reorganizing this turn (AoR 15: not present otherwise)"
            } else {
                ""
            }
        ));
    }
    out.join("\n")
}

pub fn victory(s: &State) -> Vec<VictoryCondition> {
    super::victory::report(s)
}
