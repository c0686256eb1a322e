// What the play view's Svelte panels show, as reactive state; the map (canvas) is drawn from
// the plain objects of player.ts and never pays for reactivity.

import type { AttackPreview, Counter, LegalCommand, PlayView, Reach } from "../../ipc/play";

export const playState = $state({
  view: null as PlayView | null,
  /** The unit chosen on the map or in a tray. */
  selected: null as Counter | null,
  /** The units of the hex last clicked, bottom to top (a stack to choose from). */
  stack: [] as Counter[],
  stackHex: "",
  /** The selected unit's commands that name no hex (limber, road mode, cancel fire ...). */
  actions: [] as LegalCommand[],
  /** Its reach in the Movement Phase (through the waypoints `via`, when any). */
  reach: null as Reach | null,
  /** The waypoints of the selected unit's move (Age of Rifles), in order: Shift+click adds
   * one, Escape or Backspace removes the last. */
  via: [] as string[],
  /** The selected unit's moves together with others of its line (VV 5.2 groups): the units
   * of the line, and whether the map offers those moves (G) instead of the unit's own. */
  together: null as { units: string[]; on: boolean } | null,
  /** Commands of an empty hex clicked (place a trench, begin an improved position). */
  hexActions: null as { hex: string; commands: LegalCommand[] } | null,
  /** The attack shown before it is allocated, and the allocation that makes it. */
  preview: null as AttackPreview | null,
  previewCommand: null as LegalCommand | null,
  /** The other attacks of its kind on the same hex (an assault from one stack or two). */
  previewChoices: [] as LegalCommand[],
  /** The line of sight last shown on hover, in words. */
  sight: "",
  /** Ending the phase with something still open (fire allocated, not resolved): asked first. */
  confirmEnd: null as { open: string[] } | null,
  /** The scenario's scripted events announced so far in this game, newest first, until the
   * player dismisses them (each "Game-turn 3, end: Reynolds is killed ..."). They stay while
   * the computer plays on, so an event of the computer's command is not missed. */
  happened: [] as string[],
  /** The last refusal, in the core's words. */
  refusal: "",
  /** How long the computer waits before each of its commands (ms); -1: only when asked. */
  pace: 600,
  /** How long the last reach took to show (ms), for the end-to-end test. */
  reachMs: -1,
  /** With two people at one screen in a system that hides units: the side the screen was last
   * handed to (a cover hides the board until the side to act takes it). */
  handedTo: null as number | null,
});

/** The side the screen must be handed to before the board shows, or null: in a system that
 * hides units (the board is drawn as one side sees it) with people playing both sides, whenever
 * the side whose eyes the board is drawn with is not the one it was last handed to. */
export function handOverTo(v: PlayView | null, handedTo: number | null): number | null {
  if (!v || v.seen_by === null || v.progress.over) return null;
  if (v.computer.some((c) => c !== null)) return null;
  return v.seen_by === handedTo ? null : v.seen_by;
}
