//! The commands called through IPC on tauri's mock runtime, as the web view calls them: argument
//! names and shapes, error codes, bytes answers, job events, and the capability file.

use crate::transport::jobs::{JOB_FINISHED, JOB_PROGRESS};
use crate::{Places, app, commands_list::COMMANDS, dialog::TestAnswers};
use serde_json::{Value, json};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;
use tauri::ipc::{CallbackFn, InvokeBody, InvokeResponseBody};
use tauri::test::{
    INVOKE_KEY, MockRuntime, get_ipc_response, mock_builder, mock_context, noop_assets,
};
use tauri::webview::InvokeRequest;
use tauri::{App, Listener, WebviewWindow, WebviewWindowBuilder};

/// The app on tauri's mock runtime with its places in a temporary folder, called as the web
/// view calls it (the archive care's tests use it too).
pub(crate) struct Harness {
    app: App<MockRuntime>,
    window: WebviewWindow<MockRuntime>,
    dir: tempfile::TempDir,
    archive: std::path::PathBuf,
}

impl Harness {
    fn new() -> Harness {
        Harness::with_archive("archive.kepi")
    }

    /// The harness with the archive at `relative` in its folder (its backups go beside it).
    pub(crate) fn with_archive(relative: &str) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("answers"), "").unwrap();
        let archive = d.join(relative);
        let places = Places {
            recent_store: Some(d.join("recent.json")),
            library_folder: Some(d.join("library")),
            archive: Some(archive.clone()),
            thumbnail_cache: Some(d.join("cache")),
            answers: TestAnswers(Some(d.join("answers"))),
        };
        let app = app(mock_builder(), Some(places))
            .build(mock_context(noop_assets()))
            .unwrap();
        let window = WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .unwrap();
        Harness {
            app,
            window,
            dir,
            archive,
        }
    }

    /// The archive's path.
    pub(crate) fn archive(&self) -> std::path::PathBuf {
        self.archive.clone()
    }

    /// The next file dialog answers `path` (empty: cancelled).
    fn answer(&self, path: &Path) {
        std::fs::write(self.dir.path().join("answers"), path.display().to_string()).unwrap();
    }

    fn call(&self, cmd: &str, args: Value) -> Result<InvokeResponseBody, Value> {
        get_ipc_response(
            &self.window,
            InvokeRequest {
                cmd: cmd.into(),
                callback: CallbackFn(0),
                error: CallbackFn(1),
                url: "tauri://localhost".parse().unwrap(),
                body: InvokeBody::Json(args),
                headers: Default::default(),
                invoke_key: INVOKE_KEY.to_string(),
            },
        )
    }

    /// The answer of `cmd`, which must succeed.
    pub(crate) fn json(&self, cmd: &str, args: Value) -> Value {
        match self.call(cmd, args) {
            Ok(b) => b.deserialize::<Value>().unwrap(),
            Err(e) => panic!("{cmd}: {e}"),
        }
    }

    /// The error code of `cmd`, which must fail.
    pub(crate) fn error_code(&self, cmd: &str, args: Value) -> String {
        let e = self
            .call(cmd, args)
            .err()
            .unwrap_or_else(|| panic!("{cmd} succeeded"));
        e["code"]
            .as_str()
            .unwrap_or_else(|| panic!("{e}"))
            .to_string()
    }

    fn bytes(&self, cmd: &str, args: Value) -> Vec<u8> {
        match self.call(cmd, args) {
            Ok(InvokeResponseBody::Raw(b)) => b,
            other => panic!("{cmd}: {other:?}"),
        }
    }

    /// The payloads of `event` as they come.
    fn events(&self, event: &str) -> mpsc::Receiver<Value> {
        let (tx, rx) = mpsc::channel();
        self.app.listen_any(event, move |e| {
            let _ = tx.send(serde_json::from_str(e.payload()).unwrap());
        });
        rx
    }
}

/// The rule system of Fatehpur, whose games the tests below play.
fn fatehpur_ruleset() -> &'static str {
    kepi::shipped::scenario_file("rs-01-fatehpur")
        .unwrap()
        .ruleset
        .key()
}

fn wait(rx: &mpsc::Receiver<Value>, job: &Value) -> Value {
    loop {
        let v = rx.recv_timeout(Duration::from_secs(120)).expect("an event");
        if v["job"] == *job {
            return v;
        }
    }
}

#[test]
fn the_library_lists_shipped_content_draws_thumbnails_and_opens_maps_in_the_painter() {
    let h = Harness::new();
    let l = h.json("library_list", json!({}));
    let entries = l["entries"].as_array().unwrap();
    let shipped = kepi::shipped::MAPS.len() + kepi::shipped::SCENARIOS.len();
    assert_eq!(entries.len(), shipped, "every shipped map and scenario");
    let fatehpur = entries
        .iter()
        .find(|e| e["id"] == "rs-01-fatehpur")
        .unwrap();
    assert_eq!(fatehpur["kind"], "scenario");
    assert_eq!(fatehpur["origin"], json!({"kind": "shipped"}));
    assert_eq!(fatehpur["subtitle"], "7 July 1857 · Rifle & Saber");
    assert_eq!(fatehpur["shipped_id"], "rs-01-fatehpur");
    assert_eq!(l["games"], json!([]));
    assert!(
        !h.dir.path().join("archive.kepi").exists(),
        "no archive is made"
    );

    let png = h.bytes("library_thumbnail", json!({"key": fatehpur["key"]}));
    assert!(png.starts_with(b"\x89PNG"));
    assert_eq!(
        std::fs::read_dir(h.dir.path().join("cache"))
            .unwrap()
            .count(),
        1,
        "cached on disk"
    );
    assert_eq!(
        h.error_code(
            "library_thumbnail",
            json!({"key": "library/../../etc/passwd"})
        ),
        "invalid_argument"
    );

    // Fatehpur's map: the entry names it, and it opens by the scenario's key or its own id.
    let map = fatehpur["map"].as_str().unwrap();
    let v = h.json("open_library_map", json!({"key": fatehpur["key"]}));
    assert_eq!(v["id"], map);
    assert_eq!(
        v["status"]["path"],
        Value::Null,
        "a shipped map has no file"
    );
    assert_eq!(v["status"]["dirty"], false);
    let v = h.json("open_shipped_map", json!({"id": map}));
    assert_eq!(v["grid"]["columns"], 32);
    assert_eq!(
        h.error_code("open_shipped_map", json!({"id": format!("../maps/{map}")})),
        "invalid_argument"
    );
    // Saving a shipped map asks where (here: cancelled), and then writes the new file.
    assert_eq!(h.json("save_map", json!({})), Value::Null);
    let out = h.dir.path().join("my-copy.json");
    h.answer(&out);
    let st = h.json("save_map", json!({}));
    assert_eq!(st["path"], out.display().to_string());
    assert!(out.is_file());
    // It is now a recent file, listed with the others.
    let l = h.json("library_list", json!({}));
    assert_eq!(l["recent"][0]["id"], "my-copy");
    assert_eq!(l["recent"][0]["origin"], json!({"kind": "recent"}));
    let v = h.json("open_library_map", json!({"key": l["recent"][0]["key"]}));
    assert_eq!(v["status"]["path"], out.display().to_string());
}

#[test]
fn thumbnails_are_drawn_as_a_job_with_progress_and_jobs_cancel() {
    let h = Harness::new();
    let progress = h.events(JOB_PROGRESS);
    let finished = h.events(JOB_FINISHED);
    h.json("library_list", json!({}));
    let job = h.json("library_thumbnails", json!({}));
    let first = wait(&progress, &job);
    assert_eq!(first["kind"], "thumbnails");
    let shipped = kepi::shipped::MAPS.len() + kepi::shipped::SCENARIOS.len();
    assert_eq!(first["total"], shipped, "every shipped map and scenario");
    assert!(first["item"].as_str().unwrap().starts_with("shipped/"));
    // Cancel: the job stops at its next thumbnail (or has just finished).
    h.json("cancel_job", json!({"job": job}));
    let f = wait(&finished, &job);
    assert!(f["status"] == "cancelled" || f["status"] == "done", "{f}");
    assert_eq!(h.json("cancel_job", json!({"job": job})), json!(false));
    assert_eq!(
        h.error_code("cancel_job", json!({"job": 999})),
        "invalid_argument"
    );
}

#[test]
fn packs_are_made_and_imported_as_jobs_through_the_file_dialogs() {
    let h = Harness::new();
    let finished = h.events(JOB_FINISHED);
    h.json("library_list", json!({}));
    let worth_map = kepi::shipped::scenario_file("rs-10-worth").unwrap().map;
    // Nothing to pack, or a map: refused before any dialog.
    assert_eq!(
        h.error_code("pack_export", json!({"keys": []})),
        "invalid_argument"
    );
    assert_eq!(
        h.error_code(
            "pack_export",
            json!({"keys": [format!("shipped/map/{worth_map}")]})
        ),
        "invalid_argument"
    );
    let e = h
        .call(
            "pack_export",
            json!({"keys": ["shipped/scenario/rs-10-worth"], "fields": {"colour": "red"}}),
        )
        .unwrap_err();
    assert!(
        e.to_string().contains("unknown field `colour`"),
        "unknown manifest fields are refused by the argument's type: {e}"
    );
    let out = h.dir.path().join("worth.kepipack");
    h.answer(&out);
    let job = h.json(
        "pack_export",
        json!({"keys": ["shipped/scenario/rs-10-worth"], "fields": {"name": "Worth", "author": "Test"}}),
    );
    let f = wait(&finished, &job);
    assert_eq!(f["status"], "done", "{f}");
    assert_eq!(f["result"]["kind"], "pack_exported");
    assert_eq!(f["result"]["id"], "worth");
    assert!(out.is_file());

    let job = h.json("pack_import", json!({}));
    let f = wait(&finished, &job);
    assert_eq!(f["result"]["outcome"], "imported", "{f}");
    let l = h.json("library_list", json!({}));
    let packed: Vec<&Value> = l["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["origin"]["kind"] == "pack")
        .collect();
    assert_eq!(packed.len(), 2, "the scenario and its map");
    assert_eq!(packed[0]["origin"]["name"], "Worth");
    // A map inside a pack opens with no file: the pack's folder is never written into.
    let map = packed.iter().find(|e| e["kind"] == "map").unwrap();
    let v = h.json("open_library_map", json!({"key": map["key"]}));
    assert_eq!(v["status"]["path"], Value::Null);

    // Again with other content under the same id: a conflict, unless asked to keep both.
    let other = h.dir.path().join("other.kepipack");
    h.answer(&other);
    let job = h.json(
        "pack_export",
        json!({"keys": ["shipped/scenario/rs-11-mars-la-tour"], "fields": {"id": "worth", "name": "Worth"}}),
    );
    assert_eq!(wait(&finished, &job)["status"], "done");
    let job = h.json("pack_import", json!({}));
    let f = wait(&finished, &job);
    assert_eq!(f["status"], "failed");
    assert_eq!(f["error"]["code"], "pack_conflict");
    let job = h.json("pack_import", json!({"onConflict": "new_version"}));
    assert_eq!(wait(&finished, &job)["result"]["outcome"], "new_version");
    // A cancelled dialog starts no job.
    h.answer(Path::new(""));
    assert_eq!(h.json("pack_import", json!({})), Value::Null);
}

/// The message of `cmd`'s refusal, which must be `invalid_argument`.
fn refusal(h: &Harness, cmd: &str, args: Value) -> String {
    let e = h
        .call(cmd, args)
        .err()
        .unwrap_or_else(|| panic!("{cmd} succeeded"));
    assert_eq!(e["code"], "invalid_argument", "{e}");
    e["message"].as_str().unwrap().to_string()
}

#[test]
fn print_and_play_writes_a_pdf_as_a_job_with_a_step_a_page() {
    let h = Harness::new();
    let progress = h.events(JOB_PROGRESS);
    let finished = h.events(JOB_FINISHED);
    let key = "shipped/scenario/rs-01-fatehpur";
    let out = h.dir.path().join("fatehpur.pdf");
    h.answer(&out);
    // Bad input is refused by its field before the dialog opens, and nothing is written.
    let m = refusal(
        &h,
        "print_pdf",
        json!({"key": key, "paper": "a3", "hexMm": 16.0}),
    );
    assert!(m.starts_with("paper: 'a3' is not a paper"), "{m}");
    for bad in [7.5, 41.0, -16.0] {
        let m = refusal(
            &h,
            "print_pdf",
            json!({"key": key, "paper": "a4", "hexMm": bad}),
        );
        assert!(m.starts_with("hexMm: ") && m.contains("8 to 40"), "{m}");
    }
    let m = refusal(
        &h,
        "print_pdf",
        json!({"key": "", "paper": "a4", "hexMm": 16}),
    );
    assert!(m.starts_with("key: "), "{m}");
    // A scenario the Library does not hold, and no scenario open in the scenario view.
    let m = refusal(
        &h,
        "print_pdf",
        json!({"key": "shipped/scenario/no-such", "paper": "a4", "hexMm": 16}),
    );
    assert!(m.contains("names no entry of the Library"), "{m}");
    assert_eq!(
        h.error_code("print_pdf", json!({"paper": "a4", "hexMm": 16})),
        "no_scenario"
    );
    // A file not named .pdf, from the dialog.
    h.answer(&h.dir.path().join("fatehpur.png"));
    let m = refusal(
        &h,
        "print_pdf",
        json!({"key": key, "paper": "a4", "hexMm": 16}),
    );
    assert!(m.contains("name the file with .pdf"), "{m}");
    assert!(!out.exists() && !h.dir.path().join("fatehpur.png").exists());
    // A cancelled dialog starts no job.
    h.answer(Path::new(""));
    assert_eq!(
        h.json("print_pdf", json!({"key": key, "paper": "a4", "hexMm": 16})),
        Value::Null
    );

    // Printed: a progress step each page (done counting 1, 2, ... to total), then the writing.
    h.answer(&out);
    let job = h.json(
        "print_pdf",
        json!({"key": key, "paper": "letter", "hexMm": 19}),
    );
    let f = wait(&finished, &job);
    assert_eq!(f["status"], "done", "{f}");
    let steps: Vec<Value> = progress.try_iter().filter(|p| p["job"] == job).collect();
    let r = &f["result"];
    assert_eq!(r["kind"], "printed");
    assert_eq!(r["path"], out.display().to_string());
    assert_eq!(
        (r["paper"].as_str(), r["hex_mm"].as_f64()),
        (Some("letter"), Some(19.0))
    );
    let pages = r["pages"].as_u64().unwrap();
    assert!(
        pages >= 6,
        "map, counters front and back, card, charts: {r}"
    );
    assert_eq!(
        steps.len() as u64,
        pages + 1,
        "a step a page, and the writing"
    );
    for (i, p) in steps.iter().enumerate() {
        assert_eq!(p["kind"], "print");
        assert_eq!(p["total"], pages);
        assert_eq!(p["done"], (i as u64 + 1).min(pages), "{p}");
    }
    assert!(steps[0]["message"].as_str().unwrap().contains("map"));
    assert!(
        steps[pages as usize]["message"]
            .as_str()
            .unwrap()
            .starts_with("writing ")
    );
    let pdf = std::fs::read(&out).unwrap();
    assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    assert_eq!(r["bytes"], pdf.len());

    // The scenario open in the scenario view (no key), on one sheet.
    h.json(
        "scenario_open",
        json!({"key": "shipped/scenario/rs-10-worth"}),
    );
    let sheet = h.dir.path().join("worth-sheet.pdf");
    h.answer(&sheet);
    let job = h.json("print_pdf", json!({"paper": "sheet", "hexMm": 16}));
    let f = wait(&finished, &job);
    assert_eq!(f["status"], "done", "{f}");
    assert_eq!(f["result"]["map_pages"], 1, "the map on one sheet");
    assert_eq!(f["result"]["title"], "Worth");
    assert!(std::fs::read(&sheet).unwrap().starts_with(b"%PDF-"));

    // Cancelled while its first page is drawn: nothing is written, no temporary is left. (The
    // shell's listeners hear an event on the job's thread as it is emitted, so the cancel is
    // asked before the drawing ends.)
    let cancelled = h.dir.path().join("cancelled.pdf");
    h.answer(&cancelled);
    let handle = h.app.handle().clone();
    let asked = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let once = asked.clone();
    h.app.listen_any(JOB_PROGRESS, move |e| {
        let p: Value = serde_json::from_str(e.payload()).unwrap();
        if p["kind"] == "print" && !once.swap(true, std::sync::atomic::Ordering::SeqCst) {
            let jobs = tauri::Manager::state::<std::sync::Arc<crate::jobs::Jobs>>(&handle);
            assert!(jobs.cancel(p["job"].as_u64().unwrap()).unwrap(), "running");
        }
    });
    let job = h.json("print_pdf", json!({"key": key, "paper": "a4", "hexMm": 16}));
    let f = wait(&finished, &job);
    assert!(asked.load(std::sync::atomic::Ordering::SeqCst));
    assert_eq!(f["status"], "cancelled", "{f}");
    assert!(!cancelled.exists(), "a cancelled print writes nothing");
    let left: Vec<String> = std::fs::read_dir(h.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(kepi::atomic::TEMP_SUFFIX) || n.starts_with("cancelled"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn every_command_is_registered_and_granted_and_nothing_else_is() {
    let h = Harness::new();
    for cmd in COMMANDS {
        if let Err(e) = h.call(cmd, json!({})) {
            let text = e.to_string();
            assert!(!text.contains("not found"), "{cmd}: {text}");
        }
    }
    let caps: Value = serde_json::from_str(include_str!("../capabilities/main.json")).unwrap();
    let granted: Vec<String> = caps["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str())
        .filter(|p| p.starts_with("allow-"))
        .map(|p| p.trim_start_matches("allow-").replace('-', "_"))
        .collect();
    let mut want: Vec<String> = COMMANDS.iter().map(|c| c.to_string()).collect();
    let mut got = granted.clone();
    want.sort();
    got.sort();
    assert_eq!(
        got, want,
        "capabilities/main.json grants exactly the commands"
    );
    let others: Vec<&str> = caps["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str())
        .filter(|p| !p.starts_with("allow-"))
        .collect();
    assert_eq!(
        others,
        ["core:event:allow-listen", "core:event:allow-unlisten"]
    );
}

#[test]
fn play_commands_check_their_arguments_and_play_a_shipped_scenario() {
    let h = Harness::new();
    assert_eq!(h.error_code("play_view", json!({})), "no_game");
    assert_eq!(
        h.error_code("play_resume", json!({"game": 0})),
        "invalid_argument"
    );
    assert_eq!(
        h.error_code("play_choices", json!({"key": "shipped/scenario/nowhere"})),
        "invalid_argument"
    );
    let key = "shipped/scenario/rs-01-fatehpur";
    let choices = h.json("play_choices", json!({"key": key}));
    assert_eq!(choices["title"], "Fatehpur");
    let bad_seed = json!({"spec": {"key": key, "rules": [], "players": [], "seed": "12a"}});
    assert_eq!(h.error_code("play_start", bad_seed), "invalid_argument");
    let spec = json!({"spec": {"key": key, "rules": [["morale", true]], "players": ["A", "B"], "seed": "9"}});
    let opened = h.json("play_start", spec);
    assert_eq!(opened["view"]["seed"], "9");
    assert!(
        opened["map"]["terrain"]
            .as_array()
            .is_some_and(|t| !t.is_empty())
    );
    // Not a command; too many allocations; a forced face out of range.
    assert_eq!(
        h.error_code("play_apply", json!({"command": "a string", "forced": []})),
        "invalid_argument"
    );
    assert_eq!(
        h.error_code("play_preview", json!({"commands": []})),
        "invalid_argument"
    );
    // The rules refuse with their own code: a command they cannot read, and a deployment
    // aimed at a hex outside the side's area.
    let deploying = &opened["view"]["progress"]["player"];
    let unit = opened["view"]["board"]["counters"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| &c["side"] == deploying))
        .map(|c| c["id"].clone())
        .expect("a unit of the side deploying");
    let listed = h.json("play_legal", json!({"unit": unit, "hex": null}));
    let deploy = listed[0]["command"].clone();
    assert!(deploy.is_object(), "{listed}");
    let forced = json!({"command": deploy.clone(), "forced": [0]});
    assert_eq!(h.error_code("play_apply", forced), "invalid_argument");
    let unreadable = json!({"command": {"no": "such command"}, "forced": []});
    assert_eq!(h.error_code("play_apply", unreadable), "refused");
    let outside = json!({"command": deploy, "forced": [], "at": "3240"});
    assert_eq!(h.error_code("play_apply", outside), "refused");
    let deployed = h.json("play_auto_deploy", json!({}));
    assert_eq!(
        deployed["progress"]["deploying"], true,
        "the other side deploys next"
    );
    assert!(deployed["dice"].as_array().is_some());
    let back = h.json("play_take_back", json!({}));
    assert_eq!(back["can_take_back"], true);
    assert_eq!(
        h.error_code("play_reach", json!({"unit": ""})),
        "invalid_argument"
    );
    // Waypoints are checked too: at most 16, each a name of 1 to 200 characters.
    assert_eq!(
        h.error_code("play_reach", json!({"unit": "x", "via": vec!["0101"; 17]})),
        "invalid_argument"
    );
    assert_eq!(
        h.error_code("play_reach", json!({"unit": "x", "via": [""]})),
        "invalid_argument"
    );
    // The game is in the archive the Library lists, with its length and tags.
    let listing = h.json("library_list", json!({}));
    assert_eq!(listing["games"].as_array().map(Vec::len), Some(1));
    let listed = &listing["games"][0];
    assert!(listed["length"].as_u64().is_some_and(|n| n > 0), "{listed}");
    assert_eq!(listed["tags"], json!([]));
    assert_eq!(listing["packs"], json!([]));
    // Playing on from a node: its ids are checked, then the game opens at that node.
    let game = &opened["view"]["game"];
    let root = opened["view"]["node"].clone();
    assert_eq!(
        h.error_code("play_continue", json!({"game": game, "node": 0})),
        "invalid_argument"
    );
    assert_eq!(
        h.error_code("play_continue", json!({"game": 0, "node": root})),
        "invalid_argument"
    );
    let at = h.json("play_continue", json!({"game": game, "node": root}));
    assert_eq!(at["view"]["node"], root);
    assert_eq!(at["view"]["state_hash"], opened["view"]["state_hash"]);
    // The search's filters, the rule system among them; an overlong field is refused.
    let hits = h.json(
        "archive_search",
        json!({"spec": {"text": "", "ruleset": fatehpur_ruleset()}}),
    );
    assert_eq!(hits.as_array().map(Vec::len), Some(1), "{hits}");
    let long = "x".repeat(501);
    assert_eq!(
        h.error_code(
            "archive_search",
            json!({"spec": {"text": "", "ruleset": long}})
        ),
        "invalid_argument"
    );
}

#[test]
fn the_games_table_checks_its_query_then_pages_through_the_archive() {
    let h = Harness::new();
    let q = |v: Value| {
        let mut base = json!({"sort": "date", "descending": true, "offset": 0, "limit": 100});
        for (k, x) in v.as_object().unwrap() {
            base[k] = x.clone();
        }
        json!({ "query": base })
    };
    // No archive yet: no games, nothing created.
    let empty = h.json("library_games", q(json!({})));
    assert_eq!(
        (empty["games"].clone(), empty["total"].clone()),
        (json!([]), json!(0))
    );
    assert!(!h.dir.path().join("archive.kepi").exists());
    // A column not in the table, a page of 0 or over 500, an overlong filter, a date that is
    // not one: each refused as an invalid argument, naming what is wrong.
    for (bad, says) in [
        (
            json!({"sort": "created; DROP TABLE games"}),
            "is not a column of the games table",
        ),
        (
            json!({"sort": "Title"}),
            "one of title, scenario, players, date, result, length, tags",
        ),
        (json!({"limit": 0}), "a page holds 1 to 500 games"),
        (json!({"limit": 501}), "a page holds 1 to 500 games"),
        (
            json!({"tag": "x".repeat(501)}),
            "tag: at most 500 characters",
        ),
        (
            json!({"from": "yesterday"}),
            "from: 'yesterday' is not a date (YYYY-MM-DD)",
        ),
        (json!({"to": "2026-1-5"}), "to: '2026-1-5' is not a date"),
    ] {
        let e = h.call("library_games", q(bad.clone())).unwrap_err();
        assert_eq!(e["code"], "invalid_argument", "{bad}: {e}");
        assert!(e["message"].as_str().unwrap().contains(says), "{bad}: {e}");
    }
    // Three games played from the shell; pages of two by title meet each once.
    let key = "shipped/scenario/rs-01-fatehpur";
    for name in ["Cy", "Al", "Bo"] {
        let spec = json!({"spec": {"key": key, "rules": [], "players": [name, "X"], "seed": "1"}});
        h.json("play_start", spec);
    }
    let mut seen = Vec::new();
    for offset in [0, 2, 4] {
        let page = h.json(
            "library_games",
            q(json!({"sort": "players", "descending": false, "offset": offset, "limit": 2})),
        );
        assert_eq!(page["total"], 3);
        assert_eq!(page["offset"], offset);
        for g in page["games"].as_array().unwrap() {
            seen.push(g["players"][0].as_str().unwrap().to_string());
        }
    }
    assert_eq!(seen, ["Al", "Bo", "Cy"]);
    // Filters: a date range that holds today's games, a result none of them has.
    let none = h.json(
        "library_games",
        q(json!({"result": "british", "from": "2000-01-01"})),
    );
    assert_eq!(none["total"], 0);
    let all = h.json(
        "library_games",
        q(json!({"ruleset": fatehpur_ruleset(), "to": "2999-12-31"})),
    );
    assert_eq!(all["total"], 3);
}

#[test]
fn scenario_commands_check_their_arguments_edit_save_and_test_a_scenario() {
    let h = Harness::new();
    assert_eq!(h.error_code("scenario_view", json!({})), "no_scenario");
    assert_eq!(
        h.error_code("scenario_open", json!({"key": ""})),
        "invalid_argument"
    );
    let opened = h.json(
        "scenario_open",
        json!({"key": "shipped/scenario/rs-01-fatehpur"}),
    );
    assert_eq!(opened["view"]["file"]["id"], "rs-01-fatehpur");
    assert_eq!(opened["view"]["problems"], json!([]));
    assert_eq!(opened["view"]["path"], Value::Null, "a shipped scenario");
    // A pointer that is not one; a brush of 5; a hex off the map; a value serde refuses.
    let edit = |ops: Value| json!({ "ops": ops });
    assert_eq!(
        h.error_code(
            "scenario_edit",
            edit(json!([{"op": "set", "pointer": "title", "value": "x"}]))
        ),
        "invalid_argument"
    );
    assert_eq!(
        h.error_code("scenario_edit", edit(json!([]))),
        "invalid_argument"
    );
    let dab = |hex: &str, brush: u32| {
        edit(
            json!([{"op": "paint_zone", "zone": "/deployment/0/zone", "hex": hex, "brush": brush, "add": true}]),
        )
    };
    assert_eq!(
        h.error_code("scenario_edit", dab("1010", 5)),
        "invalid_argument"
    );
    assert_eq!(
        h.error_code("scenario_edit", dab("9999", 7)),
        "invalid_argument"
    );
    assert_eq!(
        h.error_code(
            "scenario_edit",
            edit(json!([{"op": "set", "pointer": "/game_length", "value": "long"}]))
        ),
        "edit_refused"
    );
    let v = h.json(
        "scenario_edit",
        edit(json!([{"op": "set", "pointer": "/title", "value": "Fatehpur, edited"}])),
    );
    assert_eq!(v["dirty"], true);
    assert_eq!(v["can_undo"], true);
    // The formula parsed live, and the creation method (R&S 11.18's own example).
    let f = h.json("scenario_formula", json!({"text": "12 MZ; 2 QQ"}));
    assert_eq!(f["error_at"], 10);
    let factor = json!({"key": "factor", "input": {"sides": [["Union", "1200 MZ, 12 MA"]], "men_per_unit": 100, "guns_per_unit": 6, "scale": "1", "hours": ""}});
    assert_eq!(
        h.json("scenario_panel", factor)["oobs"],
        json!(["12 MZ; 2 MA"])
    );
    // Save as: refused under another name, written as <id>.json.
    let other = h.dir.path().join("other.json");
    h.answer(&other);
    assert_eq!(
        h.error_code("scenario_save_as", json!({})),
        "invalid_argument"
    );
    let path = h.dir.path().join("rs-01-fatehpur.json");
    h.answer(&path);
    let saved = h.json("scenario_save_as", json!({}));
    assert_eq!(saved["dirty"], false);
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("Fatehpur, edited")
    );
    // The scenario's picture, as `kepi render --scenario` draws it.
    assert_eq!(
        h.error_code("scenario_export_png", json!({"scale": 2})),
        "invalid_argument"
    );
    let png = h.dir.path().join("fatehpur.png");
    h.answer(&png);
    let said = h.json("scenario_export_png", json!({"scale": 16}));
    assert!(said.as_str().is_some_and(|s| s.contains("px")), "{said}");
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    // A test of 4 seeded games, as a job that reports each pair.
    assert_eq!(
        h.error_code("scenario_test", json!({"games": 0, "level": "random"})),
        "invalid_argument"
    );
    assert_eq!(
        h.error_code("scenario_test", json!({"games": 4, "level": "grandmaster"})),
        "invalid_argument"
    );
    let finished = h.events(crate::transport::jobs::JOB_FINISHED);
    let job = h.json("scenario_test", json!({"games": 4, "level": "random"}));
    let end = wait(&finished, &job);
    assert_eq!(end["status"], "done", "{end}");
    assert_eq!(end["result"]["kind"], "scenario_tested");
    assert_eq!(end["result"]["ended"], 4);
    assert!(end["result"]["random"].is_null(), "{end}");
    // At the standard level the same pairs are played at random too, to compare.
    let job = h.json("scenario_test", json!({"games": 2, "level": "standard"}));
    let end = wait(&finished, &job);
    assert_eq!(end["status"], "done", "{end}");
    assert_eq!(end["result"]["level"], "standard");
    assert_eq!(end["result"]["ended"], 2);
    assert_eq!(end["result"]["random"]["level"], "random", "{end}");
    assert_eq!(end["result"]["random"]["games"], 2, "{end}");
    let random_wins: u64 = end["result"]["random"]["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["wins"].as_u64().unwrap())
        .sum();
    assert!(
        random_wins + end["result"]["random"]["draws"].as_u64().unwrap() == 2,
        "{end}"
    );
    // Problems stop a test and a save.
    h.json(
        "scenario_edit",
        edit(json!([{"op": "set", "pointer": "/sides/0/oob", "value": ""}])),
    );
    assert_eq!(
        h.error_code("scenario_test", json!({"games": 2, "level": "random"})),
        "invalid_scenario"
    );
    assert_eq!(h.error_code("scenario_save", json!({})), "invalid_scenario");
    // A new scenario on the shipped map Fatehpur is played on.
    let map = opened["view"]["file"]["map"].as_str().unwrap();
    let new = h.json("scenario_new", json!({"key": format!("shipped/map/{map}")}));
    assert_eq!(new["view"]["file"]["map"], map);
    assert!(
        new["view"]["problems"]
            .as_array()
            .is_some_and(|p| !p.is_empty())
    );
}

#[test]
fn gettysburg_s_roster_edits_a_cell_undoes_and_saves_through_ipc() {
    let h = Harness::new();
    let opened = h.json(
        "scenario_open",
        json!({"key": "shipped/scenario/aor-gettysburg-first-day"}),
    );
    let view = &opened["view"];
    assert_eq!(view["problems"], json!([]));
    assert_eq!(view["forces"], json!([]), "no formula for Age of Rifles");
    assert_eq!(view["forces_note"], Value::Null);
    let roster = &view["roster"];
    let keys: Vec<&str> = roster["unit_columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect();
    for k in [
        "name",
        "formation",
        "kind",
        "strength",
        "steps",
        "morale",
        "movement",
    ] {
        assert!(keys.contains(&k), "{k} in {keys:?}");
    }
    let strength = keys.iter().position(|k| *k == "strength").unwrap();
    let sides = roster["sides"].as_array().unwrap();
    assert_eq!(sides.len(), 2);
    assert_eq!(sides[1]["units"][0]["cells"][1], "Archer's brigade");
    assert_eq!(sides[1]["units"][0]["cells"][strength], "2");

    // Arguments checked before the core sees them.
    let edit = |e: Value| json!({ "edit": e });
    assert_eq!(
        h.error_code(
            "scenario_roster_edit",
            edit(json!({"edit": "cell", "side": 1, "part": "armies", "index": 0, "column": "strength", "text": "3"}))
        ),
        "invalid_argument"
    );
    assert_eq!(
        h.error_code(
            "scenario_roster_edit",
            edit(json!({"edit": "cell", "side": 1, "part": "units", "index": 0, "column": "strength", "text": "x".repeat(2000)}))
        ),
        "invalid_argument"
    );
    // What the format cannot hold is refused by the core, naming the column.
    let e = h
        .call(
            "scenario_roster_edit",
            edit(json!({"edit": "cell", "side": 1, "part": "units", "index": 0, "column": "strength", "text": "many"})),
        )
        .unwrap_err();
    assert_eq!(e["code"], "edit_refused");
    assert!(e["message"].as_str().unwrap().contains("strength"), "{e}");

    // A cell edit: one undoable step; a refused value shows on its row, by field.
    let v = h.json(
        "scenario_roster_edit",
        edit(json!({"edit": "cell", "side": 1, "part": "units", "index": 0, "column": "strength", "text": "3"})),
    );
    assert_eq!(v["dirty"], true);
    assert_eq!(v["roster"]["sides"][1]["units"][0]["cells"][strength], "3");
    assert_eq!(v["file"]["sides"][1]["units"][0]["strength"], 3);
    let v = h.json(
        "scenario_roster_edit",
        edit(json!({"edit": "cell", "side": 1, "part": "units", "index": 0, "column": "morale", "text": "9"})),
    );
    assert_eq!(
        v["roster"]["sides"][1]["units"][0]["problems"][0][0],
        "morale"
    );
    assert_eq!(v["problems"][0]["field"], "sides[1].units[0].morale");
    let v = h.json("scenario_undo", json!({}));
    assert_eq!(v["problems"], json!([]));
    let v = h.json("scenario_undo", json!({}));
    assert_eq!(v["dirty"], false);
    assert_eq!(v["roster"]["sides"][1]["units"][0]["cells"][strength], "2");
    h.json("scenario_redo", json!({}));

    // Saved as its id: the file holds the edit and validates.
    let path = h.dir.path().join("aor-gettysburg-first-day.json");
    h.answer(&path);
    let saved = h.json("scenario_save_as", json!({}));
    assert_eq!(saved["dirty"], false);
    let text = std::fs::read_to_string(&path).unwrap();
    let file = kepi::scenario::ScenarioFile::from_text(&text).unwrap();
    assert_eq!(file.sides[1].forces["units"][0]["strength"], 3);
    let map = kepi::shipped::load_map(&file.map).unwrap();
    let catalog = file.ruleset.catalog().unwrap().clone();
    kepi::scenario::Scenario::new(file, map, catalog).unwrap_or_else(|p| panic!("{p}"));
}
