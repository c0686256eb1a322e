//! The TypeScript mirror of the transport types, ui/src/ipc/generated.ts, made from the Rust
//! types with ts-rs. A test fails when the committed file differs from what the types make now;
//! refresh it with `KEPI_BLESS=1 cargo test -p kepi-app generated` (with
//! `CARGO_TARGET_DIR=$PWD/target/app` as the app's scripts use).

use crate::commands::archive_care::care::{
    ARCHIVE_STATUS, ArchiveStatus, BackupDto, BackupsDto, CARE_PROGRESS, CareProgress, RestoredDto,
    SalvageDto,
};
use crate::transport::jobs::{
    JOB_FINISHED, JOB_PROGRESS, JobFinished, JobProgress, OnConflictDto, PackFields,
};
use crate::transport::library::{GamesPage, GamesQuery, LibraryListing};
use crate::transport::play::{
    AttackPreviewDto, GameChoices, HitDto, LegalCommand, NewGameSpec, PlayOpened, PlayView,
    ReachDto, ReplayOpened, ReplayPosition, SearchSpec, SightDto,
};
use crate::transport::scenario::{
    FormulaDto, RosterEditDto, ScenarioOpDto, ScenarioOpened, ScenarioView,
};
use crate::transport::{AppError, AppInfo, Delta, EditDto, ErrorCode, MapView, NewMapSpec};
use std::collections::BTreeMap;
use ts_rs::{Config, TS, TypeVisitor};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/src/ipc/generated.ts");

/// Every exported type once, by name (ts-rs visits dependencies in no fixed order; TypeScript
/// types may be used before they are declared).
struct Collect<'a> {
    cfg: &'a Config,
    decls: BTreeMap<String, String>,
}

impl TypeVisitor for Collect<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Only declared types (a map's `ident` panics: it has none).
        if T::output_path().is_none() {
            return;
        }
        let name = T::ident(self.cfg);
        if self.decls.contains_key(&name) {
            return;
        }
        let decl = format!(
            "{}export {}\n\n",
            T::docs().unwrap_or_default(),
            T::decl(self.cfg)
        );
        self.decls.insert(name, decl);
        T::visit_dependencies(self);
    }
}

/// The file's text.
pub fn typescript() -> String {
    let cfg = Config::new().with_large_int("number");
    let mut c = Collect {
        cfg: &cfg,
        decls: BTreeMap::new(),
    };
    c.visit::<AppError>();
    c.visit::<AppInfo>();
    c.visit::<NewMapSpec>();
    c.visit::<MapView>();
    c.visit::<Delta>();
    c.visit::<EditDto>();
    c.visit::<LibraryListing>();
    c.visit::<GamesQuery>();
    c.visit::<GamesPage>();
    c.visit::<JobProgress>();
    c.visit::<JobFinished>();
    c.visit::<OnConflictDto>();
    c.visit::<PackFields>();
    c.visit::<ScenarioOpened>();
    c.visit::<ScenarioView>();
    c.visit::<ScenarioOpDto>();
    c.visit::<RosterEditDto>();
    c.visit::<FormulaDto>();
    c.visit::<GameChoices>();
    c.visit::<NewGameSpec>();
    c.visit::<PlayOpened>();
    c.visit::<PlayView>();
    c.visit::<LegalCommand>();
    c.visit::<ReachDto>();
    c.visit::<SightDto>();
    c.visit::<ReplayOpened>();
    c.visit::<ReplayPosition>();
    c.visit::<SearchSpec>();
    c.visit::<HitDto>();
    c.visit::<AttackPreviewDto>();
    c.visit::<ArchiveStatus>();
    c.visit::<BackupsDto>();
    c.visit::<BackupDto>();
    c.visit::<RestoredDto>();
    c.visit::<SalvageDto>();
    c.visit::<CareProgress>();
    let codes = ErrorCode::ALL
        .iter()
        .map(|c| {
            format!(
                "  {},",
                serde_json::to_string(c).expect("a code serializes")
            )
        })
        .collect::<Vec<_>>()
        .join("\n");
    format!(
        "// Generated from the shell's transport types (src-tauri/src/transport*.rs) by ts-rs.\n\
         // Do not edit: change the Rust types, then run\n\
         //   KEPI_BLESS=1 CARGO_TARGET_DIR=$PWD/target/app cargo test -p kepi-app generated\n\
         // (a test fails while this file is stale).\n\n\
         {}\
         /** Every `ErrorCode`, in the order of the Rust enum. */\n\
         export const ERROR_CODES: readonly ErrorCode[] = [\n{codes}\n] as const;\n\n\
         /** The event a running job emits after each step (payload: `JobProgress`). */\n\
         export const JOB_PROGRESS = {JOB_PROGRESS:?};\n\
         /** The event a job emits once, when it ends (payload: `JobFinished`). */\n\
         export const JOB_FINISHED = {JOB_FINISHED:?};\n\
         /** The event sent when what is known of the archive changes (payload: `ArchiveStatus`). */\n\
         export const ARCHIVE_STATUS = {ARCHIVE_STATUS:?};\n\
         /** The event a survey or recovery of a damaged archive sends as it goes (payload: `CareProgress`). */\n\
         export const CARE_PROGRESS = {CARE_PROGRESS:?};\n\n\
         /** Print and play (`print_pdf`, `kepi print --hex-mm`): a hex's size across its flats on paper, in millimetres, by default and at least and at most. */\n\
         export const PRINT_HEX_MM = {{ default: {:?}, min: {:?}, max: {:?} }} as const;\n\n\
         /** The common counter layout (`CounterLayout::default` in the core) with the counters' geometry and unit-type symbols: what the counters layer draws by before a game gives its own. */\n\
         export const COMMON_COUNTER_LAYOUT: CounterLayout = {};\n",
        c.decls.into_values().collect::<String>(),
        kepi::print::DEFAULT_HEX_MM,
        kepi::print::MIN_HEX_MM,
        kepi::print::MAX_HEX_MM,
        serde_json::to_string(&crate::transport::play::mirror::<
            _,
            crate::transport::play::CounterLayoutDto,
        >(&kepi::engine::counters::CounterLayout::default()))
        .expect("a layout serializes"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_typescript_is_fresh() {
        let now = typescript();
        if std::env::var_os("KEPI_BLESS").is_some_and(|v| v == "1") {
            std::fs::create_dir_all(std::path::Path::new(PATH).parent().unwrap()).unwrap();
            std::fs::write(PATH, &now).unwrap();
            return;
        }
        let committed = std::fs::read_to_string(PATH).unwrap_or_default();
        assert!(
            committed == now,
            "ui/src/ipc/generated.ts is stale: refresh it with \
             `KEPI_BLESS=1 CARGO_TARGET_DIR=$PWD/target/app cargo test -p kepi-app generated`"
        );
    }

    #[test]
    fn every_error_code_is_listed_once_in_order() {
        for (i, c) in ErrorCode::ALL.iter().enumerate() {
            assert_eq!(
                c.ordinal(),
                i,
                "{c:?} is not at its place in ErrorCode::ALL"
            );
        }
        let ts = typescript();
        let union = ts
            .split("export type ErrorCode = ")
            .nth(1)
            .and_then(|s| s.split(';').next())
            .unwrap();
        assert_eq!(
            union.matches('"').count(),
            2 * ErrorCode::ALL.len(),
            "{union}"
        );
    }

    /// The UI's error helpers take the list from the generated file, or list every code.
    #[test]
    fn error_codes_are_mirrored_in_the_ui() {
        let ui = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/src");
        let text = ["ipc/errors.ts", "errors.ts"]
            .iter()
            .find_map(|p| std::fs::read_to_string(format!("{ui}/{p}")).ok())
            .expect("ui/src/ipc/errors.ts or ui/src/errors.ts");
        if text.contains("ERROR_CODES") && text.contains("generated\"") {
            return;
        }
        for code in ErrorCode::ALL {
            let name = serde_json::to_string(&code).unwrap();
            assert!(
                text.contains(&name),
                "{name} is missing from the UI's error codes: import ERROR_CODES from \
                 ui/src/ipc/generated.ts"
            );
        }
    }
}
