//! Transport types of long jobs: the events a job emits and what it ends with.

use super::AppError;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The event a running job emits after each step: [`JobProgress`].
pub const JOB_PROGRESS: &str = "job-progress";
/// The event a job emits once, when it ends: [`JobFinished`].
pub const JOB_FINISHED: &str = "job-finished";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum JobKind {
    /// Drawing every Library thumbnail not cached yet (`library_thumbnails`).
    Thumbnails,
    /// Checking and importing a pack (`pack_import`).
    PackImport,
    /// Making a pack of scenarios (`pack_export`).
    PackExport,
    /// Writing a scenario, or a game's position, as a VASSAL module (`vassal_export`).
    VassalExport,
    /// Seeded games of the scenario being edited (`scenario_test`).
    ScenarioTest,
    /// Reading, replaying and checking a game file, then writing it (`game_import`).
    GameImport,
    /// Printing a scenario as a print-and-play PDF (`print_pdf`).
    Print,
}

/// `job-progress`: `done` of `total` steps are finished; `item` names what the step was about
/// (a thumbnail job gives the entry's key, so the view can fetch that picture).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct JobProgress {
    pub job: u64,
    pub kind: JobKind,
    pub done: u32,
    pub total: u32,
    pub message: String,
    pub item: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum JobStatus {
    Done,
    Failed,
    /// Stopped at a safe point after `cancel_job`; nothing half-done was left behind.
    Cancelled,
}

/// What importing a pack did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "ImportOutcome")]
pub enum ImportOutcomeDto {
    Imported,
    /// The same content was there already; nothing was written.
    AlreadyPresent,
    Replaced,
    NewVersion,
}

/// What a finished job made.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum JobResult {
    Thumbnails {
        /// Pictures drawn now, and found already drawn.
        drawn: u32,
        cached: u32,
        /// Entries whose picture could not be drawn: "key: why".
        failed: Vec<String>,
    },
    PackImported {
        outcome: ImportOutcomeDto,
        id: String,
        name: String,
        version: String,
        folder: String,
        files_written: u32,
        maps: u32,
        scenarios: u32,
    },
    PackExported {
        path: String,
        id: String,
        name: String,
        version: String,
        scenarios: u32,
        #[ts(type = "number")]
        bytes: u64,
    },
    GameImported {
        path: String,
        /// The new game's id in the archive.
        #[ts(type = "number")]
        game: i64,
        /// Its nodes, each replayed and checked.
        nodes: u32,
        title: String,
    },
    VassalExported {
        path: String,
        title: String,
        /// The position of a game (its node), not the scenario's setup.
        game_node: Option<i64>,
        /// Counters and markers the module holds (tray and set-up slots).
        pieces: u32,
        #[ts(type = "number")]
        bytes: u64,
    },
    /// A scenario printed as a print-and-play PDF (`kepi print`'s document).
    Printed {
        path: String,
        title: String,
        /// a4, letter or sheet.
        paper: String,
        /// A hex's size across its flats on paper, in millimetres.
        hex_mm: f64,
        pages: u32,
        /// The pages the map takes (1 on a sheet).
        map_pages: u32,
        counters: u32,
        #[ts(type = "number")]
        bytes: u64,
    },
    /// Seeded games of a scenario played to their end: how they ended, each side's wins.
    ScenarioTested {
        title: String,
        level: String,
        games: u32,
        /// Games that ended (all of them: a game that does not end fails the job).
        ended: u32,
        sides: Vec<TestSideDto>,
        draws: u32,
        average_turns: f64,
        /// The victory condition (or other reason) that decided the games, and how many.
        decided_by: Vec<(String, u32)>,
        /// At a computer level above random: the same paired seeds played by random players,
        /// to compare (issue 18's balance report, as `kepi balance`).
        random: Option<TestLevelDto>,
        /// Set when the result depends on the players' skill (`kepi::ai::balance::swing`).
        swings_with_skill: Option<String>,
    },
}

/// The games of one level in a scenario test.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TestLevelDto {
    pub level: String,
    pub games: u32,
    pub sides: Vec<TestSideDto>,
    pub draws: u32,
    pub average_turns: f64,
    pub decided_by: Vec<(String, u32)>,
}

impl From<kepi::ai::balance::LevelReport> for TestLevelDto {
    fn from(r: kepi::ai::balance::LevelReport) -> TestLevelDto {
        TestLevelDto {
            level: r.level,
            games: r.games as u32,
            sides: r
                .sides
                .into_iter()
                .map(|s| TestSideDto {
                    side: s.side,
                    wins: s.wins as u32,
                    rate: s.rate,
                    low: s.low,
                    high: s.high,
                })
                .collect(),
            draws: r.draws as u32,
            average_turns: r.average_turns,
            decided_by: r
                .decided_by
                .into_iter()
                .map(|(why, n)| (why, n as u32))
                .collect(),
        }
    }
}

/// One side's wins in a scenario test, with the 95 % Wilson interval of its rate.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TestSideDto {
    pub side: String,
    pub wins: u32,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

/// `job-finished`: the job's status, with its result (done) or its error (failed).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct JobFinished {
    pub job: u64,
    pub kind: JobKind,
    pub status: JobStatus,
    pub result: Option<JobResult>,
    pub error: Option<AppError>,
}

/// What to do when the library already holds a pack of the same id with other content.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "OnConflict")]
pub enum OnConflictDto {
    /// Refuse with `pack_conflict` (the default).
    #[default]
    Refuse,
    Replace,
    /// Keep the pack there and import this one beside it.
    NewVersion,
}

/// The manifest fields a user may give when making a pack; left out, each gets a default from
/// the scenarios (see `kepi pack`).
#[derive(Clone, Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct PackFields {
    #[ts(optional)]
    pub id: Option<String>,
    #[ts(optional)]
    pub name: Option<String>,
    #[ts(optional)]
    pub version: Option<String>,
    #[serde(default)]
    #[ts(as = "Option<String>", optional)]
    pub author: String,
    #[serde(default)]
    #[ts(as = "Option<String>", optional)]
    pub description: String,
    #[serde(default)]
    #[ts(as = "Option<String>", optional)]
    pub license: String,
}
