//! The loops of one game session, the same for every rule system and every front end: a
//! recorded line replayed ([`replay_line`]) and a deployment made by the system's random player
//! ([`auto_deploy`]). The CLI's game files and archive games, the archive's import, and the
//! app's shell give only how they read or record a step; the order of the steps, the checks and
//! the guards live here once.
//!
//! Invariants:
//! - every recorded step is applied by [`replay_step_checking`] (the recorded dice only, each
//!   roll exactly the engine's, the hash compared where the step carries one), in the line's
//!   order, and the first step that fails stops the replay with its own error;
//! - [`auto_deploy`] only ever plays commands the random player chose from the legal ones, each
//!   recorded by the caller before the next is chosen, and stops within [`DEPLOY_GUARD`]
//!   commands: a system whose deployment never ends is refused, never looped on.

use super::{AnyState, Applied, ReplayError, replay_step_checking};
use crate::engine::dice::Roll;
use serde_json::Value;

/// One command of a recorded line, as the front end read it.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub command: Value,
    pub rolls: Vec<Roll>,
    /// The state hash recorded after it; `None` where the hash is not compared at this step
    /// (a step on the way to a node whose own hash is then compared).
    pub hash: Option<String>,
    /// How messages name the step ("node 340", "command 12").
    pub at: String,
}

/// Replay `steps` from `state` (the state before the first), each with its recorded dice and
/// checked: the state after the last. `each` is called after every step with the state
/// before it and what it produced (a front end describes the step, or remembers the state);
/// an error from reading a step, from the replay or from `each` stops the line there.
pub fn replay_line<E: From<ReplayError>>(
    mut state: AnyState,
    steps: impl IntoIterator<Item = Result<Recorded, E>>,
    mut each: impl FnMut(&AnyState, &Applied) -> Result<(), E>,
) -> Result<AnyState, E> {
    for step in steps {
        let step = step?;
        let applied = replay_step_checking(
            &state,
            &step.command,
            &step.rolls,
            step.hash.as_deref(),
            &step.at,
        )?;
        each(&state, &applied)?;
        state = applied.state;
    }
    Ok(state)
}

/// How far [`auto_deploy`] goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeployUntil {
    /// The side deploying now has finished (the app's button deploys one side).
    SideDone,
    /// No side deploys any more (`kepi new --auto-deploy`).
    DeploymentOver,
}

/// The most commands one [`auto_deploy`] plays before it gives up.
pub const DEPLOY_GUARD: usize = 100_000;

/// Why [`auto_deploy`] deployed nothing or did not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeployError {
    #[error("deployment is over: there is nothing to deploy")]
    NothingToDeploy,
    #[error("auto-deploy did not finish the deployment in {DEPLOY_GUARD} commands")]
    Unfinished,
}

impl From<ReplayError> for String {
    fn from(e: ReplayError) -> String {
        e.to_string()
    }
}

impl From<DeployError> for String {
    fn from(e: DeployError) -> String {
        e.to_string()
    }
}

/// Deploy with the system's random player seeded by `seed`, until `until`: each command it
/// chooses is given to `record`, which applies and records it (with live dice) and returns the
/// state after it. Returns the state after the last command.
pub fn auto_deploy<E: From<DeployError>>(
    mut state: AnyState,
    seed: u64,
    until: DeployUntil,
    mut record: impl FnMut(&AnyState, &Value) -> Result<AnyState, E>,
) -> Result<AnyState, E> {
    let start = state.progress();
    if !start.deploying {
        return Err(DeployError::NothingToDeploy.into());
    }
    let mut player = state.rules().random_player(seed);
    for _ in 0..DEPLOY_GUARD {
        let p = state.progress();
        let done = match until {
            DeployUntil::SideDone => !p.deploying || p.player != start.player,
            DeployUntil::DeploymentOver => !p.deploying,
        };
        if done {
            return Ok(state);
        }
        let command = player.next(&state);
        state = record(&state, &command)?;
    }
    Err(DeployError::Unfinished.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::SeededDice;

    fn fatehpur() -> AnyState {
        let s = crate::library_index::shipped_entries()
            .into_iter()
            .find(|e| e.id == "rs-01-fatehpur")
            .expect("the shipped Fatehpur");
        let scenario = crate::library_index::scenario_of(&s).expect("it loads");
        let rules = super::super::registry::get(scenario.file.ruleset.key()).expect("its system");
        rules
            .start(&scenario, &rules.default_options())
            .expect("it starts")
    }

    /// Apply with seeded live dice, keeping each step as a recorded one.
    fn recorder(
        line: &mut Vec<Recorded>,
        dice: &mut SeededDice,
    ) -> impl FnMut(&AnyState, &Value) -> Result<AnyState, String> {
        move |s, c| {
            let a = s.rules().apply(s, c, dice).map_err(|e| e.to_string())?;
            line.push(Recorded {
                command: a.command.clone(),
                rolls: a.rolls.clone(),
                hash: Some(a.state.hash()),
                at: format!("command {}", line.len()),
            });
            Ok(a.state)
        }
    }

    #[test]
    fn one_side_deploys_then_the_other_and_the_line_replays_hash_for_hash() {
        let start = fatehpur();
        let first = start.progress().player;
        let mut line = Vec::new();
        let mut dice = SeededDice::new(7);
        let after_one = auto_deploy(
            start.clone(),
            7,
            DeployUntil::SideDone,
            recorder(&mut line, &mut dice),
        )
        .unwrap();
        let p = after_one.progress();
        assert!(!p.deploying || p.player != first, "{p:?}");
        let one_side = line.len();
        assert!(one_side > 0);
        let done = auto_deploy(
            start.clone(),
            7,
            DeployUntil::DeploymentOver,
            recorder(&mut Vec::new(), &mut SeededDice::new(7)),
        )
        .unwrap();
        assert!(!done.progress().deploying);
        assert_eq!(
            auto_deploy(done.clone(), 7, DeployUntil::DeploymentOver, |s, _| Ok::<
                _,
                String,
            >(
                s.clone()
            ))
            .unwrap_err(),
            "deployment is over: there is nothing to deploy"
        );

        let mut seen = 0;
        let replayed = replay_line(
            start.clone(),
            line.iter().cloned().map(Ok::<_, ReplayError>),
            |_, _| {
                seen += 1;
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(seen, one_side);
        assert_eq!(replayed.hash(), after_one.hash());

        // A wrong hash stops the line at its step, named.
        let mut bad = line.clone();
        bad[1].hash = Some("0".repeat(16));
        let e = replay_line(start, bad.into_iter().map(Ok), |_, _| Ok(())).unwrap_err();
        assert!(
            matches!(&e, ReplayError::HashMismatch { at, .. } if at == "command 1"),
            "{e}"
        );
    }

    #[test]
    fn a_deployment_that_never_ends_is_refused() {
        // A recorder that never moves the game on: the guard stops the loop.
        let e = auto_deploy(fatehpur(), 1, DeployUntil::DeploymentOver, |s, _| {
            Ok::<_, String>(s.clone())
        })
        .unwrap_err();
        assert!(e.contains("did not finish"), "{e}");
    }
}
