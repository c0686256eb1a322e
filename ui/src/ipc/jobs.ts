// Long jobs (ui/src/views/jobs/): packs imported and exported, thumbnails drawn. A command that
// starts one answers its id at once (or null when its file dialog was cancelled); the job then
// emits `job-progress` events and one `job-finished` event (JOB_PROGRESS, JOB_FINISHED).

import { invoke } from "@tauri-apps/api/core";
import type { OnConflict, PackFields } from "./generated";

export { JOB_FINISHED, JOB_PROGRESS } from "./generated";
export type {
  ImportOutcome, JobFinished, JobKind, JobProgress, JobResult, JobStatus, OnConflict, PackFields,
} from "./generated";

export const jobs = {
  /** Import a pack the user picks; `onConflict` says what to do with a pack of the same id. */
  packImport: (onConflict?: OnConflict) => invoke<number | null>("pack_import", onConflict ? { onConflict } : {}),
  /** Make a pack of the scenarios `keys` name and write it where the user picks. */
  packExport: (keys: string[], fields?: PackFields) => invoke<number | null>("pack_export", { keys, fields }),
  /** Write a Library scenario, or the position at `node` of the game under review, or (neither)
   * the game open in the play view at its current position, as a VASSAL module where the user
   * picks. */
  vassalExport: (key: string | null, node: number | null = null) => invoke<number | null>("vassal_export", { key, node }),
  /** Import a game file the user picks (the open dialog): read, every node replayed and
   * checked, then written; a refusal writes nothing. */
  gameImport: () => invoke<number | null>("game_import"),
  /** Draw every thumbnail not cached yet. */
  thumbnails: () => invoke<number>("library_thumbnails"),
  /** Ask a job to stop at its next safe point: `true` if it was running. */
  cancel: (job: number) => invoke<boolean>("cancel_job", { job }),
};
