// The play view's commands: start or resume a game of the archive, and play it. Commands are
// sent in their stored form, as the shell gave them (legal commands, reach hexes).

import { invoke } from "@tauri-apps/api/core";
import type {
  AttackPreview, GameChoices, LegalCommand, NewGameSpec, PlayOpened, PlayView, Reach, Sight,
} from "./generated";

export type {
  AttackPreview, Board, CommandInfo, Counter, CounterGeometry, CounterLayout, CounterText, DiceEntry, GameChoices, HexMarker, LegalCommand, MarkerKind, NewGameSpec,
  PlayOpened, PlayView, Reach, ReachHex, Sight, VictoryCondition,
} from "./generated";

export const play = {
  choices: (key: string) => invoke<GameChoices>("play_choices", { key }),
  start: (spec: NewGameSpec) => invoke<PlayOpened>("play_start", { spec }),
  resume: (game: number) => invoke<PlayOpened>("play_resume", { game }),
  /** Open a game at any node to play on from there (a new variation; the main line is kept). */
  continueFrom: (game: number, node: number) => invoke<PlayOpened>("play_continue", { game, node }),
  view: () => invoke<PlayView>("play_view"),
  legal: (unit: string | null, hex: string | null) => invoke<LegalCommand[]>("play_legal", { unit, hex }),
  /** Where a unit may go; with `via`, along paths through those hexes in order. */
  reach: (unit: string, via: string[] = []) => invoke<Reach>("play_reach", { unit, via }),
  sight: (from: string, to: string) => invoke<Sight>("play_sight", { from, to }),
  preview: (commands: unknown[]) => invoke<AttackPreview>("play_preview", { commands }),
  /** Play a command; with `at`, aimed at that hex instead (the rules' refusal says why not). */
  apply: (command: unknown, forced: number[] = [], at?: string) => invoke<PlayView>("play_apply", { command, forced, at: at ?? null }),
  takeBack: () => invoke<PlayView>("play_take_back"),
  autoDeploy: () => invoke<PlayView>("play_auto_deploy"),
  /** Hand a side to the computer at a level, or (null) take it over. */
  setComputer: (side: number, level: string | null) => invoke<PlayView>("play_set_computer", { side, level }),
  /** The computer plays one command for the side to act. */
  computerStep: () => invoke<PlayView>("play_computer_step"),
};
