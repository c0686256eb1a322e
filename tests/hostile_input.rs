//! Every reader of outside data on the committed fuzz seeds (fuzz/seeds/<target>/) and on
//! seeded mutations of them: `KEPI_FUZZ_CASES` mutations a target (default 48, enough for CI;
//! raise it for a longer run, or use `scripts/fuzz.sh` for coverage-guided fuzzing). The
//! checks are `kepi::hostile_input`'s, the same the cargo-fuzz targets run; a panic is a
//! finding, reported with the seed file and the mutation's number so it can be replayed.

use kepi::hostile_input::{Scratch, TARGETS, run};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};

fn cases() -> usize {
    std::env::var("KEPI_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(48)
}

fn seeds(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/seeds")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, bytes)
        })
        .collect()
}

/// One mutation of `data`: a few edits, each a byte changed, a digit changed (JSON numbers
/// stay numbers, so the typed checks are reached), a span deleted or repeated, a span
/// copied over another, or the end cut off.
fn mutate(data: &[u8], rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut out = data.to_vec();
    let edits = rng.random_range(1..=4);
    for _ in 0..edits {
        if out.is_empty() {
            out.push(rng.random());
            continue;
        }
        let at = rng.random_range(0..out.len());
        let span = rng.random_range(1..=out.len().min(64));
        let end = (at + span).min(out.len());
        match rng.random_range(0..6) {
            0 => out[at] = rng.random(),
            1 => {
                let digits: Vec<usize> = (0..out.len())
                    .filter(|&i| out[i].is_ascii_digit())
                    .collect();
                if !digits.is_empty() {
                    let i = digits[rng.random_range(0..digits.len())];
                    out[i] = b'0' + rng.random_range(0..10u8);
                }
            }
            2 => {
                out.drain(at..end);
            }
            3 => {
                let piece = out[at..end].to_vec();
                out.splice(at..at, piece);
            }
            4 => {
                let from = rng.random_range(0..out.len());
                let piece: Vec<u8> = out[from..(from + span).min(out.len())].to_vec();
                let stop = (at + piece.len()).min(out.len());
                out.splice(at..stop, piece);
            }
            _ => out.truncate(at),
        }
    }
    out
}

fn exercise(target: &str) {
    let mut scratch = Scratch::new(&format!("kepi-test-{target}"));
    let seeds = seeds(target);
    assert!(!seeds.is_empty(), "fuzz/seeds/{target} has no seed");
    for (path, bytes) in &seeds {
        run(target, bytes, &mut scratch);
        // The seed's name and the case number fix the mutation: rerun one case to debug it.
        let mut rng = ChaCha8Rng::seed_from_u64(
            path.file_name()
                .map(|n| n.len() as u64 * 7919 + bytes.len() as u64)
                .unwrap_or(0),
        );
        for case in 0..cases() {
            let input = mutate(bytes, &mut rng);
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run(target, &input, &mut scratch)
            }));
            if outcome.is_err() {
                let out = std::env::temp_dir().join(format!("kepi-{target}-crash-{case}"));
                let _ = std::fs::write(&out, &input);
                panic!(
                    "the {target} reader panicked on mutation {case} of {} (input kept in {})",
                    path.display(),
                    out.display()
                );
            }
        }
    }
}

#[test]
fn every_fuzz_target_has_seeds_and_a_check() {
    for t in TARGETS {
        assert!(!seeds(t).is_empty(), "fuzz/seeds/{t} is empty");
        let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("fuzz/fuzz_targets/{t}.rs"));
        assert!(bin.is_file(), "{} is missing", bin.display());
    }
}

#[test]
fn the_pack_importer_survives_mutated_packs() {
    exercise("import");
}

#[test]
fn the_map_reader_survives_mutated_maps() {
    exercise("map");
}

#[test]
fn the_scenario_reader_survives_mutated_scenarios() {
    exercise("scenario");
}

#[test]
fn the_catalog_reader_survives_mutated_catalogs() {
    exercise("catalog");
}

#[test]
fn the_game_file_reader_survives_mutated_games() {
    exercise("game");
}

#[test]
fn the_game_tree_importer_survives_mutated_trees() {
    exercise("game_tree");
}

#[test]
fn the_archive_reader_survives_mutated_archives() {
    exercise("archive");
}
