// The jobs the UI follows: each with its last progress (done of total, message) and, once it
// has ended, its outcome (until dismissed). Events may arrive before the command that started
// the job has answered its id, so events of a job not yet tracked are kept and applied when it
// is. Thumbnail jobs are followed only when tracked (they run quietly otherwise).

import { listen } from "@tauri-apps/api/event";
import { errorText } from "../../ipc/errors";
import {
  JOB_FINISHED, JOB_PROGRESS, jobs as commands,
  type JobFinished, type JobProgress, type JobResult,
} from "../../ipc/jobs";

/** A button offered with a finished job (a conflicting import: Replace, Keep both). */
export interface JobAction {
  label: string;
  run: () => void;
}

export interface JobView {
  id: number;
  label: string;
  done: number;
  total: number;
  message: string;
  /** Cancelling asked (the job stops at its next safe point). */
  cancelling: boolean;
  /** Cancelling is safe for this job (every job of the shell today). */
  cancellable: boolean;
  finished: JobFinished | null;
  /** The outcome in one line (done), the error in full (failed), or "Cancelled." */
  outcome: string;
  actions: JobAction[];
}

export interface Track {
  label: string;
  /** Called once with the job's end; may return buttons to show with the outcome. */
  onFinished?: (f: JobFinished) => JobAction[] | void;
}

export const jobList = $state<JobView[]>([]);
const tracked = new Map<number, Track>();
/** Events of jobs not tracked yet (their command has not answered). */
const early = new Map<number, { progress?: JobProgress; finished?: JobFinished }>();
let listening: Promise<void> | null = null;

/** Listen to the shell's job events (once). */
export function listenJobs(): Promise<void> {
  listening ??= Promise.all([
    listen<JobProgress>(JOB_PROGRESS, (e) => progress(e.payload)),
    listen<JobFinished>(JOB_FINISHED, (e) => finished(e.payload)),
  ]).then(() => {});
  return listening;
}

/** Follow job `id`, started by a command that has just answered it. */
export function track(id: number, t: Track): void {
  tracked.set(id, t);
  if (!jobList.some((j) => j.id === id)) {
    jobList.push({
      id, label: t.label, done: 0, total: 0, message: "Starting…", cancelling: false, cancellable: true,
      finished: null, outcome: "", actions: [],
    });
  }
  const e = early.get(id);
  early.delete(id);
  if (e?.progress) progress(e.progress);
  if (e?.finished) finished(e.finished);
}

/** Keep an event of a job not tracked yet (a few: untracked jobs, such as thumbnails drawn in the
 * background, are never shown). */
function keep(id: number, e: { progress?: JobProgress; finished?: JobFinished }): void {
  early.set(id, { ...early.get(id), ...e });
  while (early.size > 16) early.delete(early.keys().next().value as number);
}

function find(id: number): JobView | undefined {
  return jobList.find((j) => j.id === id);
}

function progress(p: JobProgress): void {
  const j = find(p.job);
  if (!j) { if (!tracked.has(p.job)) keep(p.job, { progress: p }); return; }
  if (j.finished) return;
  j.done = p.done;
  j.total = p.total;
  j.message = p.message;
}

function finished(f: JobFinished): void {
  const j = find(f.job);
  if (!j) { if (!tracked.has(f.job)) keep(f.job, { finished: f }); return; }
  if (j.finished) return;
  j.finished = f;
  j.cancelling = false;
  if (f.status === "done" && j.total > 0) j.done = j.total;
  j.outcome = f.status === "done" ? summary(f.result)
    : f.status === "failed" ? (f.error ? errorText(f.error) : "Failed.")
    : "Cancelled: nothing was changed.";
  const actions = tracked.get(f.job)?.onFinished?.(f);
  if (actions) j.actions = actions;
}

/** Ask the shell to stop job `id`. */
export async function cancel(id: number): Promise<void> {
  const j = find(id);
  if (!j || j.finished) return;
  j.cancelling = true;
  j.message = "Cancelling…";
  try {
    await commands.cancel(id);
  } catch (e) {
    j.message = `Cannot cancel: ${errorText(e)}`;
    j.cancelling = false;
  }
}

/** Take a finished job off the list. */
export function dismiss(id: number): void {
  const i = jobList.findIndex((j) => j.id === id);
  if (i >= 0 && jobList[i].finished) jobList.splice(i, 1);
  tracked.delete(id);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** A finished job's result in one line. */
export function summary(r: JobResult | null): string {
  if (!r) return "Done.";
  switch (r.kind) {
    case "thumbnails":
      return `${plural(r.drawn, "picture")} drawn, ${r.cached} already drawn` +
        (r.failed.length ? `; ${r.failed.length} could not be drawn (${r.failed.join("; ")})` : ".");
    case "pack_imported": {
      const what = { imported: "Imported", already_present: "Already in the library:", replaced: "Replaced", new_version: "Imported as a new version:" }[r.outcome];
      return `${what} ${r.name} ${r.version} (${plural(r.scenarios, "scenario")}, ${plural(r.maps, "map")}).`;
    }
    case "pack_exported":
      return `Wrote ${r.name} ${r.version} (${plural(r.scenarios, "scenario")}, ${Math.max(1, Math.round(r.bytes / 1024))} KB) to ${r.path}.`;
    case "game_imported":
      return `Imported game ${r.game}, ${r.title}: ${plural(r.nodes, "node")} replayed and checked.`;
    case "vassal_exported":
      return `Wrote the VASSAL module of ${r.title}${r.game_node !== null ? ` (the game at node ${r.game_node})` : ""}: ${plural(r.pieces, "piece slot")}, ${Math.max(1, Math.round(r.bytes / 1024))} KB, to ${r.path}.`;
    case "printed": {
      const paper = { a4: "A4", letter: "US Letter", sheet: "one large sheet" }[r.paper] ?? r.paper;
      return `Printed ${r.title} on ${paper} with ${r.hex_mm} mm hexes: ${plural(r.pages, "page")} (the map on ${plural(r.map_pages, "page")}, ${plural(r.counters, "counter")}, the card and the charts), ${Math.max(1, Math.round(r.bytes / 1024))} KB, written to ${r.path}.`;
    }
    case "scenario_tested": {
      const wins = r.sides.map((s) => `${s.side} ${s.wins} (${Math.round(s.rate * 100)} %, ${Math.round(s.low * 100)}–${Math.round(s.high * 100)} %)`).join(", ");
      const swing = r.swings_with_skill ? ` The result swings with the players' skill: ${r.swings_with_skill}.` : "";
      return `${r.title}: ${r.ended} of ${plural(r.games, "game")} at the ${r.level} level ended; wins ${wins}; ${plural(r.draws, "draw")}; ${r.average_turns.toFixed(1)} game-turns on average.${swing}`;
    }
  }
}
