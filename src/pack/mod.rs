//! Scenario packs (`.kepipack`): one zip file holding a manifest, maps, scenarios, unit
//! catalogs, images and a thumbnail per scenario, for mailing scenarios to a club. The format is
//! described for other tools in docs/packs.md.
//!
//! A pack is hostile until proven otherwise. Reading ([`read_pack`]) checks, in this order and
//! with nothing written anywhere: the file's size; that it is a zip (not truncated, nothing
//! before it); every entry's name (no `..`, absolute paths, drive letters, backslashes, control
//! characters; no two names equal when case is ignored); every entry's type (regular files and
//! plain folders only: no symbolic links, devices, pipes or sockets); no encryption and only the
//! stored and deflate methods; the manifest (present, known format version, the Kepi version it
//! needs); that the zip's files and the manifest's entries are the same set; then it inflates
//! each entry with the limits enforced on the bytes actually produced (never trusting the sizes
//! a header claims): per entry, for the whole pack, and a compression ratio that marks a zip
//! bomb; then each entry's size and SHA-256 against the manifest; then the contents: every map,
//! scenario and catalog through the same validating constructors as `kepi validate` (scenarios
//! against the pack's own maps and catalogs), every image's pixel count read from its PNG header
//! before it is decoded.
//!
//! Importing ([`import`]) writes only a pack that passed every check, into its own folder of the
//! library (`packs/<id>/`, itself a library folder with `maps/`, `scenarios/`, `catalogs/`),
//! through a temporary folder inside `packs/` renamed into place, so that a failure part way
//! leaves the library as it was. A pack whose id is already in the library with other content
//! is refused unless the caller asks to replace it or to keep both.

mod check;
mod export;
mod import;
mod manifest;
mod path;
mod read;

pub use check::Contents;
pub use export::{ExportOptions, Exported, export, scenario_files, write_file_atomically};
pub use import::{
    ImportOptions, ImportOutcome, ImportReport, Installed, OnConflict, default_library_dir, import,
    installed_packs,
};
pub use manifest::{
    Entry, EntryKind, FORMAT, MANIFEST_PATH, Manifest, VERSION, kepi_version, version_at_least,
};
pub use path::check_entry_name;
pub use read::{Pack, read_file, read_manifest, read_pack};

use crate::problems::Problems;
use std::path::PathBuf;

/// The file extension of packs.
pub const EXTENSION: &str = "kepipack";

/// How much a pack may hold. [`Limits::default`] is what `kepi pack` uses; tests and tools may
/// use smaller ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The pack file itself, in bytes.
    pub max_pack_bytes: u64,
    /// Entries in the zip (files and folders, the manifest included).
    pub max_entries: usize,
    /// One entry, inflated.
    pub max_entry_bytes: u64,
    /// All entries together, inflated.
    pub max_total_bytes: u64,
    /// The manifest, inflated.
    pub max_manifest_bytes: u64,
    /// Inflated bytes per compressed byte of one entry, checked once the entry has produced
    /// more than [`Limits::ratio_floor`] bytes (small files of repeated characters compress
    /// very well and are harmless).
    pub max_ratio: u64,
    pub ratio_floor: u64,
    /// Pixels (width x height) of one image.
    pub max_image_pixels: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_pack_bytes: 64 << 20,
            max_entries: 2_000,
            max_entry_bytes: 32 << 20,
            max_total_bytes: 256 << 20,
            max_manifest_bytes: 1 << 20,
            max_ratio: 100,
            ratio_floor: 1 << 20,
            max_image_pixels: 32_000_000,
        }
    }
}

/// Why a pack was refused. Every message names the entry (its path inside the pack) and says
/// what is wrong in words a user can act on.
#[derive(Debug, thiserror::Error)]
pub enum PackError {
    #[error("{}: {message}", path.display())]
    Io { path: PathBuf, message: String },
    #[error("not a Kepi pack: the file is not a zip archive, or it is truncated or damaged ({0})")]
    NotZip(String),
    #[error("the pack is {size} bytes, over the limit of {limit} bytes")]
    PackTooLarge { size: u64, limit: u64 },
    #[error("the pack has {count} entries, over the limit of {limit}")]
    TooManyEntries { count: usize, limit: usize },
    #[error("entry '{name}' {why}; a pack's entries must stay inside its folder")]
    UnsafePath { name: String, why: String },
    #[error("entry '{name}' is {what}, not a regular file; a pack holds regular files only")]
    NotRegular { name: String, what: String },
    #[error("entry '{name}' appears more than once in the zip{note}")]
    Duplicate { name: String, note: String },
    #[error("entry '{name}' {why}")]
    Unsupported { name: String, why: String },
    #[error(
        "entry '{name}' is over the size limit: it inflates to more than {limit} bytes{claimed}"
    )]
    EntryTooLarge {
        name: String,
        limit: u64,
        claimed: String,
    },
    #[error("the pack's entries inflate to more than {limit} bytes in all, over the limit")]
    TotalTooLarge { limit: u64 },
    #[error(
        "entry '{name}' inflates more than {ratio} times its compressed size ({compressed} bytes): \
         a zip bomb; refused while inflating"
    )]
    Bomb {
        name: String,
        ratio: u64,
        compressed: u64,
    },
    #[error("entry '{name}' is damaged: {why}")]
    Corrupt { name: String, why: String },
    #[error("the manifest ({MANIFEST_PATH}) is missing: this zip is not a Kepi pack")]
    NoManifest,
    #[error("{MANIFEST_PATH}: {0}")]
    Manifest(String),
    #[error("entry '{name}' is in the zip but not listed in the manifest")]
    Unlisted { name: String },
    #[error("entry '{path}' is listed in the manifest but not in the zip")]
    Missing { path: String },
    #[error("entry '{path}' is {found} bytes, but the manifest says {expected}")]
    SizeMismatch {
        path: String,
        expected: u64,
        found: u64,
    },
    #[error(
        "entry '{path}' does not match the manifest: its SHA-256 is {found}, the manifest says \
         {expected}"
    )]
    HashMismatch {
        path: String,
        expected: String,
        found: String,
    },
    #[error("the pack's contents have {} problem(s):\n{}", .0.len(), indent(.0))]
    Invalid(Problems),
    #[error("{0}")]
    Export(String),
    #[error("{0}")]
    Conflict(String),
}

fn indent(p: &Problems) -> String {
    p.iter()
        .map(|p| format!("  {p}"))
        .collect::<Vec<_>>()
        .join("\n")
}
