// The care of the archive (src-tauri/src/commands/archive_care.rs): what is known of it (the
// start's check and daily backup, sent as ARCHIVE_STATUS), its backups (listed, made now, one
// restored), and a damaged archive's survey and recovery (progress as CARE_PROGRESS).

import { invoke } from "@tauri-apps/api/core";
import type { ArchiveStatus, BackupDto, BackupsDto, RestoredDto, SalvageDto } from "./generated";

export { ARCHIVE_STATUS, CARE_PROGRESS } from "./generated";
export type {
  ArchiveHealth, ArchiveStatus, BackupDto, BackupsDto, CareProgress, LostGameDto, RestoredDto,
  SalvageDto, SalvagedGameDto,
} from "./generated";

export const care = {
  /** What is known of the archive now (the start's check may still be running). */
  status: () => invoke<ArchiveStatus>("archive_status"),
  /** Look at the archive again: it opens, and SQLite's quick check reads every page. */
  check: () => invoke<ArchiveStatus>("archive_check"),
  /** The archive's backups, the newest first. */
  backups: () => invoke<BackupsDto>("archive_backups"),
  /** Today's backup, made now. */
  backupNow: () => invoke<BackupDto>("archive_backup_now"),
  /** Restore the backup at `path` (as the list gave it); the current archive is kept aside. */
  restore: (path: string) => invoke<RestoredDto>("archive_restore", { path }),
  /** What recovering the damaged archive would save and lose (only while it is damaged). */
  survey: () => invoke<SalvageDto>("archive_survey"),
  /** Recover the damaged archive into a new one that takes its place; the damaged file is kept. */
  recover: () => invoke<SalvageDto>("archive_recover"),
};
