// Long jobs (ui/src/views/jobs/): packs imported and exported, thumbnails drawn. A command that
// starts one answers its id at once (or null when its file dialog was cancelled); the job then
// emits `job-progress` events and one `job-finished` event (JOB_PROGRESS, JOB_FINISHED).

import { invoke } from "@tauri-apps/api/core";
import type { OnConflict, PackFields } from "./generated";

export { JOB_FINISHED, JOB_PROGRESS, PRINT_HEX_MM } from "./generated";
export type {
  ImportOutcome, JobFinished, JobKind, JobProgress, JobResult, JobStatus, OnConflict, PackFields,
} from "./generated";

/** The papers Kepi prints on (`kepi print --paper`): tiled A4 or Letter, or the map on one sheet. */
export type PrintPaper = "a4" | "letter" | "sheet";

export const jobs = {
  /** Import a pack the user picks; `onConflict` says what to do with a pack of the same id. */
  packImport: (onConflict?: OnConflict) => invoke<number | null>("pack_import", onConflict ? { onConflict } : {}),
  /** Make a pack of the scenarios `keys` name and write it where the user picks. */
  packExport: (keys: string[], fields?: PackFields) => invoke<number | null>("pack_export", { keys, fields }),
  /** Write a Library scenario, or the position at `node` of the game under review, or (neither)
   * the game open in the play view at its current position, as a VASSAL module where the user
   * picks. */
  vassalExport: (key: string | null, node: number | null = null) => invoke<number | null>("vassal_export", { key, node }),
  /** Print the Library scenario `key`, or (null) the scenario open in the scenario view, as a
   * print-and-play PDF where the user picks; `hexMm` is a hex's size across flats on paper. */
  print: (key: string | null, paper: PrintPaper, hexMm: number) => invoke<number | null>("print_pdf", { key, paper, hexMm }),
  /** Import a game file the user picks (the open dialog): read, every node replayed and
   * checked, then written; a refusal writes nothing. */
  gameImport: () => invoke<number | null>("game_import"),
  /** Draw every thumbnail not cached yet. */
  thumbnails: () => invoke<number>("library_thumbnails"),
  /** Ask a job to stop at its next safe point: `true` if it was running. */
  cancel: (job: number) => invoke<boolean>("cancel_job", { job }),
};
