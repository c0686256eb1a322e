//! The map editor's state (the painter): the map being edited, its file, its underlay picture
//! and the recent files. Each method parses its arguments, calls one core function and maps the result to a
//! transport type; none needs a window, so they are tested without one.

use crate::transport::{self, AppError, AppResult, Delta, EditDto, ErrorCode, MapView, StatusDto};
use kepi::editor::files::{self, Opened};
use kepi::editor::{Changed, Document, Op, grid_spec, underlay};
use std::path::{Path, PathBuf};

/// At most this many recent files are kept.
pub const RECENT_MAX: usize = 10;

#[derive(Default)]
pub struct Session {
    doc: Option<Document>,
    path: Option<PathBuf>,
    /// The underlay picture shown (PNG), and whether it is new (not yet written beside the map).
    underlay_png: Option<Vec<u8>>,
    underlay_new: bool,
    recent: Vec<PathBuf>,
    recent_store: Option<PathBuf>,
    /// Set once the user chose to close without saving.
    pub closing: bool,
}

impl Session {
    /// A session whose recent files are kept in `store` (a JSON list of paths).
    pub fn with_recent_store(store: Option<PathBuf>) -> Session {
        let recent = store
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|t| serde_json::from_str::<Vec<PathBuf>>(&t).ok())
            .unwrap_or_default();
        Session {
            recent,
            recent_store: store,
            ..Session::default()
        }
    }

    fn doc(&self) -> AppResult<&Document> {
        self.doc.as_ref().ok_or_else(AppError::no_map)
    }

    fn doc_mut(&mut self) -> AppResult<&mut Document> {
        self.doc.as_mut().ok_or_else(AppError::no_map)
    }

    pub fn is_dirty(&self) -> bool {
        self.doc.as_ref().is_some_and(Document::is_dirty)
    }

    pub fn title(&self) -> String {
        match &self.doc {
            None => "Kepi".into(),
            Some(d) => {
                let s = transport::status(d, self.path.as_deref());
                format!("{}{} — Kepi", s.title, if s.dirty { " •" } else { "" })
            }
        }
    }

    fn remember(&mut self, path: &Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_MAX);
        if let Some(store) = &self.recent_store {
            if let Some(dir) = store.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            // Whole or not at all: a crash mid-write must not lose the list.
            let _ = kepi::atomic::write_atomic(
                store,
                serde_json::to_string_pretty(&self.recent)
                    .unwrap_or_default()
                    .as_bytes(),
            );
        }
    }

    pub fn recent_files(&self) -> Vec<String> {
        self.recent
            .iter()
            .map(|p| p.display().to_string())
            .collect()
    }

    pub fn view(&self) -> AppResult<MapView> {
        Ok(transport::map_view(self.doc()?, self.path.as_deref()))
    }

    pub fn new_map(
        &mut self,
        name: &str,
        columns: u16,
        rows: u16,
        orientation: &str,
        shove: &str,
        ruleset: &str,
    ) -> AppResult<MapView> {
        let grid = grid_spec::grid(orientation, shove, columns, rows)?;
        let ruleset = grid_spec::map_ruleset(ruleset)?;
        let doc = Document::new("new-map", name, ruleset, grid)?;
        self.doc = Some(doc);
        self.path = None;
        self.underlay_png = None;
        self.underlay_new = false;
        self.view()
    }

    pub fn open(&mut self, path: &Path) -> AppResult<MapView> {
        let opened = files::open(path)?;
        self.doc = Some(opened.document);
        self.path = Some(path.to_path_buf());
        self.underlay_png = opened.underlay_png;
        self.underlay_new = false;
        self.remember(path);
        self.view()
    }

    /// Open a map shipped with Kepi, as a new document: it has no file, so saving asks where.
    pub fn open_shipped(&mut self, id: &str) -> AppResult<MapView> {
        let opened = kepi::shipped::open_for_editing(id).map_err(|p| {
            AppError::new(
                if kepi::shipped::map(id).is_none() {
                    ErrorCode::InvalidArgument
                } else {
                    ErrorCode::InvalidMap
                },
                p.to_string(),
            )
        })?;
        self.open_detached(opened)
    }

    /// Open a map that has no file of its own to save into (shipped, or inside an imported
    /// pack, which is never written into): saving asks where, and its underlay picture is
    /// written beside the new file.
    pub fn open_detached(&mut self, opened: Opened) -> AppResult<MapView> {
        self.doc = Some(opened.document);
        self.path = None;
        self.underlay_new = opened.underlay_png.is_some();
        self.underlay_png = opened.underlay_png;
        self.view()
    }

    /// The recent files, the most recent first.
    pub fn recent_paths(&self) -> Vec<PathBuf> {
        self.recent.clone()
    }

    /// Open a file from the recent list (and no other).
    pub fn open_recent(&mut self, path: &str) -> AppResult<MapView> {
        let p = PathBuf::from(path);
        if !self.recent.contains(&p) {
            return Err(AppError::new(
                ErrorCode::NotAllowed,
                format!("{path} is not a recent file"),
            ));
        }
        self.open(&p)
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    pub fn save_as(&mut self, path: &Path) -> AppResult<StatusDto> {
        let png = self
            .underlay_new
            .then_some(self.underlay_png.as_deref())
            .flatten();
        let doc = self.doc.as_mut().ok_or_else(AppError::no_map)?;
        files::save(doc, path, png)?;
        self.underlay_new = false;
        self.path = Some(path.to_path_buf());
        self.remember(path);
        Ok(transport::status(self.doc()?, self.path.as_deref()))
    }

    fn delta(&self, ch: &Changed, with_problems: bool) -> AppResult<Delta> {
        Ok(transport::delta(
            self.doc()?,
            ch,
            self.path.as_deref(),
            with_problems,
        ))
    }

    /// One edit; the live validation comes with it unless a stroke is open.
    pub fn edit(&mut self, edit: EditDto, in_stroke: bool) -> AppResult<Delta> {
        let doc = self.doc_mut()?;
        let op = edit.into_op(&doc.grid)?;
        let ch = doc.apply(op)?;
        self.delta(&ch, !in_stroke)
    }

    pub fn begin_stroke(&mut self) -> AppResult<()> {
        self.doc_mut()?.begin_stroke();
        Ok(())
    }

    pub fn end_stroke(&mut self) -> AppResult<Delta> {
        self.doc_mut()?.end_stroke();
        self.delta(&Changed::default(), true)
    }

    pub fn undo(&mut self) -> AppResult<Delta> {
        let ch = self.doc_mut()?.undo();
        self.delta(&ch, true)
    }

    pub fn redo(&mut self) -> AppResult<Delta> {
        let ch = self.doc_mut()?.redo();
        self.delta(&ch, true)
    }

    /// Import a picture as the underlay, fitted over the map's width at half opacity.
    pub fn import_underlay(&mut self, picture: &Path) -> AppResult<Delta> {
        let img = files::read_underlay(picture)?;
        let doc = self.doc_mut()?;
        let underlay = underlay::fit(&doc.grid, img.width, files::underlay_path(&doc.id));
        let ch = doc.apply(Op::SetUnderlay(Some(underlay)))?;
        self.underlay_png = Some(img.png);
        self.underlay_new = true;
        self.delta(&ch, true)
    }

    pub fn underlay_image(&self) -> Option<Vec<u8>> {
        self.underlay_png.clone()
    }

    pub fn export_png(&self, path: &Path, scale: u32) -> AppResult<String> {
        let (w, h) = files::export_png(self.doc()?, path, scale)?;
        Ok(format!("{} ({w} x {h} px)", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::KeyDto;

    fn edit(s: &mut Session, json: serde_json::Value) -> AppResult<Delta> {
        s.edit(serde_json::from_value(json).unwrap(), false)
    }

    /// The rule system of a shipped scenario: its chart is the one the test paints with.
    fn system_of(scenario: &str) -> &'static str {
        kepi::shipped::scenario_file(scenario)
            .unwrap()
            .ruleset
            .key()
    }

    #[test]
    fn a_painted_map_saves_and_reopens_through_the_session() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Session::with_recent_store(Some(dir.path().join("recent.json")));
        let v = s
            .new_map("Test", 8, 6, "flat", "even", system_of("rs-01-fatehpur"))
            .unwrap();
        assert_eq!(v.terrain.len(), 48);
        assert_eq!(v.palette.hexsides.len(), 2, "the chart's ridge and stream");
        s.begin_stroke().unwrap();
        let d = s
            .edit(
                serde_json::from_value(
                    serde_json::json!({"op": "paint", "hex": 10, "size": 7, "terrain": "woods"}),
                )
                .unwrap(),
                true,
            )
            .unwrap();
        assert_eq!(d.cells.len(), 7);
        assert!(d.problems.is_none(), "no validation inside a stroke");
        let d = s.end_stroke().unwrap();
        assert_eq!(d.problems.unwrap().len(), 0);
        edit(
            &mut s,
            serde_json::json!({"op": "hexside", "a": 10, "b": 11, "feature": "ridge", "on": true}),
        )
        .unwrap();
        let e = edit(
            &mut s,
            serde_json::json!({"op": "hexside", "a": 10, "b": 11, "feature": "wall", "on": true}),
        )
        .unwrap_err();
        assert_eq!(e.code, ErrorCode::EditRefused);
        let e = edit(
            &mut s,
            serde_json::json!({"op": "paint", "hex": 999, "size": 1, "terrain": "woods"}),
        )
        .unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgument);
        let path = dir.path().join("test-map.json");
        let st = s.save_as(&path).unwrap();
        assert!(!st.dirty);
        let saved = std::fs::read_to_string(&path).unwrap();
        let mut s2 = Session::with_recent_store(Some(dir.path().join("recent.json")));
        assert_eq!(s2.recent_files().len(), 1);
        let again = s2.open_recent(&s2.recent_files()[0]).unwrap();
        assert_eq!(again.hexsides.len(), 1);
        assert_eq!(again.terrain[10], 3, "woods is the chart's fourth terrain");
        assert_eq!(
            s2.open_recent("/etc/passwd").unwrap_err().code,
            ErrorCode::NotAllowed
        );
        s2.save_as(&path).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            saved,
            "saving is stable"
        );
    }

    #[test]
    fn a_new_map_takes_its_hexside_and_route_kinds_from_its_rules() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Session::with_recent_store(Some(dir.path().join("recent.json")));
        let gettysburg = system_of("aor-gettysburg-first-day");
        let v = s
            .new_map("Battle", 8, 6, "pointy", "odd", gettysburg)
            .unwrap();
        let keys = |ks: &[KeyDto]| ks.iter().map(|k| k.key.clone()).collect::<Vec<_>>();
        assert_eq!(
            keys(&v.palette.hexsides),
            ["stream", "crest", "river", "bridge", "wall"]
        );
        assert_eq!(keys(&v.palette.routes), ["road", "trail", "railroad"]);
        for (a, b, f) in [(10, 11, "river"), (12, 13, "wall"), (20, 21, "bridge")] {
            edit(
                &mut s,
                serde_json::json!({"op": "hexside", "a": a, "b": b, "feature": f, "on": true}),
            )
            .unwrap();
        }
        edit(
            &mut s,
            serde_json::json!({"op": "route", "kind": "railroad", "name": "", "hexes": [0, 40]}),
        )
        .unwrap();
        let path = dir.path().join("battle.json");
        s.save_as(&path).unwrap();
        let mut s2 = Session::with_recent_store(Some(dir.path().join("recent.json")));
        let again = s2.open(&path).unwrap();
        assert_eq!(again.ruleset, gettysburg);
        assert_eq!(again.hexsides.len(), 3);
        assert_eq!(again.routes[0].kind, "railroad");

        // Every system maps can be made for is listed.
        let known = kepi::engine::game::registry::with_maps()
            .iter()
            .map(|r| r.key())
            .collect::<Vec<_>>()
            .join(", ");
        // A system Kepi knows of but does not play yet (asked of the registry, so that no
        // system is named here) and an unknown key.
        let planned: Vec<&str> = kepi::engine::game::registry::known()
            .iter()
            .map(|r| r.key())
            .filter(|k| kepi::engine::game::registry::get(k).is_err())
            .collect();
        for bad in planned.into_iter().chain(["chess"]) {
            let e = s.new_map("X", 4, 4, "flat", "even", bad).unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidArgument);
            assert!(e.message.contains(&known), "{}", e.message);
        }
    }

    #[test]
    fn a_map_with_problems_opens_with_them_listed_and_its_unknown_terrain_marked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("swampy.json");
        std::fs::write(
            &path,
            r#"{"format": "kepi-map", "version": 1, "id": "swampy", "name": "Swampy",
                "ruleset": "RULESET",
                "grid": {"orientation": "flat", "shove": "even", "columns": 3, "rows": 2},
                "terrain": {"legend": {".": "clear", "m": "swamp"}, "rows": [".m.", "..."]}}"#
                .replace("RULESET", system_of("rs-01-fatehpur")),
        )
        .unwrap();
        let mut s = Session::with_recent_store(Some(dir.path().join("recent.json")));
        let v = s.open(&path).unwrap();
        assert!(v.problems.iter().any(|p| p.hex.as_deref() == Some("0201")));
        assert_eq!(
            v.terrain[1] as usize,
            v.palette.terrain.len(),
            "unknown terrain is past the palette (drawn in the warning colour)"
        );
        assert_eq!(s.save_as(&path).unwrap_err().code, ErrorCode::InvalidMap);
        edit(
            &mut s,
            serde_json::json!({"op": "paint", "hex": 1, "size": 1, "terrain": "woods"}),
        )
        .unwrap();
        assert!(s.view().unwrap().problems.is_empty());
        s.save_as(&path).unwrap();
    }
}
