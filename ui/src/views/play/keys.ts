// The play view's keyboard map (listed in the help panel).

import type { Player } from "./player";
import { handOverTo, playState } from "./play-state.svelte";

export function playShortcuts(): [string, string][] {
  return [
    ["E", "in a game: end the phase (or the deployment)"],
    ["N", "in a game: select the next unit of the side to act"],
    ["Ctrl+Z", "in a game: take back the last command"],
    ["A", "in a game: auto-deploy the side deploying"],
    ["[ and ]", "in a game: turn the selected unit anticlockwise or clockwise, where its rules let it face (or drag from the unit toward where it should face); while a move's facing is chosen, the arrow at its end"],
    ["G", "in a game: move the selected unit together with the others of its line (a group, where its rules move units together), or alone again"],
    ["Enter", "in a game: make the move whose facing is being chosen, facing the arrow (a click on its hex does too)"],
    ["Shift+click", "in a game: a waypoint of the selected unit's move, where its rules take them (the path and its passing fires shown)"],
    ["Esc, Backspace", "in a game: remove the last waypoint; Esc without one cancels the selection"],
    ["A command's own key", "in a game: a command beside the map or of the selected unit whose system gives it a key (shown in its button's tooltip), such as D to draw a card or L to advance a line"],
  ];
}

export function playKey(player: Player, ev: KeyboardEvent): void {
  const k = ev.key.toLowerCase();
  // The board is covered until the side to act takes the screen: no command is given blind,
  // and none taken back (a take-back would hand the board back to the other side).
  if (handOverTo(playState.view, playState.handedTo) !== null) return;
  if ((ev.ctrlKey || ev.metaKey) && k === "z") { ev.preventDefault(); player.takeBack(); return; }
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (k === "e") { ev.preventDefault(); player.endPhase(); }
  else if (k === "n") { ev.preventDefault(); player.nextUnit(); }
  else if (k === "g" && playState.together) { ev.preventDefault(); player.toggleTogether(); }
  else if (k === "a" && player.state?.progress.deploying) { ev.preventDefault(); player.autoDeploy(); }
  else if (ev.key === "[" || ev.key === "]") { if (player.turn(ev.key === "]" ? 1 : -1)) ev.preventDefault(); }
  else if (ev.key === "Enter") { if (player.confirmEndFacing()) ev.preventDefault(); }
  else if (ev.key === "Escape") { if (!player.cancelEndFacing() && !player.removeWaypoint()) player.deselect(); }
  else if (ev.key === "Backspace") { if (player.removeWaypoint()) ev.preventDefault(); }
  else {
    // A general command's own key, or one of the selected unit's, as its system describes it
    // (CommandInfo.key).
    const own = (g: { info: { key?: string | null } }) => g.info.key?.toLowerCase() === k;
    const c = player.state?.general.find(own) ?? playState.actions.find(own);
    if (c) { ev.preventDefault(); if (c.info.ends_phase) player.endPhase(); else void player.apply(c.command); }
  }
}
