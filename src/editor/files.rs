//! Opening, saving and exporting a map being edited: the painter's file operations.
//!
//! Invariants: a saved file always opens again (saving checks the map first and refuses with
//! every problem); the map's id is its file name (`maps/<id>.json`), so "save as" renames the
//! map to the new file's name; a file is written whole or not at all (written beside it, then
//! renamed over it).

use super::Document;
use super::underlay::{self, UnderlayError, UnderlayImage};
use crate::map::{Map, MapFile, valid_id};
use crate::problems::Problems;
use crate::render::{RenderError, RenderOptions, encode_png, render_map};
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{0}")]
    Problems(Problems),
    #[error("{path}: {message}")]
    Io { path: PathBuf, message: String },
    #[error(
        "'{0}' cannot name a map: a map's file name is its id, of lower-case letters, digits and '-' \
         (such as my-map.json)"
    )]
    BadName(String),
    #[error("the underlay picture {path}: {source}")]
    Underlay {
        path: PathBuf,
        source: UnderlayError,
    },
    #[error(transparent)]
    Render(#[from] RenderError),
}

fn io(path: &Path, e: std::io::Error) -> FileError {
    FileError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// A map opened for editing, with its underlay picture's bytes if it has one that exists.
pub struct Opened {
    pub document: Document,
    pub underlay_png: Option<Vec<u8>>,
}

/// Open a map file for editing. A map with problems the painter can show and the user can fix
/// opens (the document's `problems()` lists them; saving refuses until they are fixed); a file
/// that cannot be read, or that editing would change, is refused with every problem (see
/// [`Map::for_editing`]).
pub fn open(path: &Path) -> Result<Opened, FileError> {
    let in_file = |p: Problems| FileError::Problems(p.in_file(path));
    let text = crate::library::read_text(path).map_err(FileError::Problems)?;
    let file = MapFile::from_text(&text).map_err(in_file)?;
    let (map, _problems) = Map::for_editing(file).map_err(in_file)?;
    crate::library::check_stem(path, &map.id).map_err(FileError::Problems)?;
    let underlay_png = map
        .underlay
        .as_ref()
        .and_then(|u| read_underlay_beside(path, &u.image));
    Ok(Opened {
        document: Document::from_map(&map),
        underlay_png,
    })
}

/// The bytes of a map's underlay picture, when its path is a relative path inside the map's
/// folder (a map with another path opens with that problem listed, and nothing is read) naming
/// a regular file of at most `underlay::MAX_FILE_BYTES`.
fn read_underlay_beside(map: &Path, image: &str) -> Option<Vec<u8>> {
    if !crate::map::underlay_path_inside(image) {
        return None;
    }
    let file = folder(map).join(image);
    let meta = std::fs::metadata(&file).ok()?;
    if !meta.is_file() || meta.len() > underlay::MAX_FILE_BYTES as u64 {
        return None;
    }
    std::fs::read(file).ok()
}

fn folder(path: &Path) -> PathBuf {
    path.parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// The id a map saved at `path` takes: its file name without `.json`.
pub fn id_for(path: &Path) -> Result<String, FileError> {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default()
        .to_string();
    if valid_id(&stem) {
        Ok(stem)
    } else {
        Err(FileError::BadName(stem))
    }
}

/// Where an underlay picture of map `id` is kept, relative to the map's folder.
pub fn underlay_path(id: &str) -> String {
    format!("underlays/{id}.png")
}

fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    crate::atomic::write_atomic(path, bytes).map_err(|e| io(path, e))
}

/// Save the document at `path` (a `.json` file) and mark it saved. The map takes the file's
/// name as its id; a new underlay picture (`underlay_png`) is written beside it, at
/// [`underlay_path`]. Nothing is written if the map has problems.
pub fn save(
    doc: &mut Document,
    path: &Path,
    underlay_png: Option<&[u8]>,
) -> Result<Map, FileError> {
    let id = id_for(path)?;
    let mut candidate = doc.clone();
    candidate.id = id.clone();
    if let (Some(u), Some(_)) = (candidate.underlay.as_mut(), underlay_png) {
        u.image = underlay_path(&id);
    }
    let map = candidate.validate().map_err(FileError::Problems)?;
    if let (Some(u), Some(png)) = (&map.underlay, underlay_png) {
        let target = folder(path).join(&u.image);
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        }
        write_whole(&target, png)?;
    }
    let mut text = map.to_file().to_text();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    write_whole(path, text.as_bytes())?;
    doc.id = id;
    if let Some(u) = &map.underlay {
        doc.underlay = Some(u.clone());
    }
    doc.mark_saved();
    Ok(map)
}

/// Read and prepare a picture for the underlay (see [`underlay::prepare`]).
pub fn read_underlay(path: &Path) -> Result<UnderlayImage, FileError> {
    let meta = std::fs::metadata(path).map_err(|e| io(path, e))?;
    if meta.len() > underlay::MAX_FILE_BYTES as u64 {
        return Err(FileError::Underlay {
            path: path.to_path_buf(),
            source: UnderlayError::FileTooLarge(meta.len().div_ceil(1024 * 1024) as usize),
        });
    }
    let bytes = std::fs::read(path).map_err(|e| io(path, e))?;
    underlay::prepare(&bytes).map_err(|source| FileError::Underlay {
        path: path.to_path_buf(),
        source,
    })
}

/// Write a PNG picture of the map, the same as `kepi render` draws.
pub fn export_png(doc: &Document, path: &Path, scale: u32) -> Result<(u32, u32), FileError> {
    let map = doc.validate().map_err(FileError::Problems)?;
    let img = render_map(
        &map,
        &RenderOptions {
            scale,
            ..RenderOptions::default()
        },
    )?;
    write_whole(path, &encode_png(&img)?)?;
    Ok((img.width(), img.height()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::{Brush, Op};
    use crate::engine::RulesetId;
    use crate::engine::game::registry;
    use crate::map::{Grid, HexCoord};

    /// A rule system maps are made for: the first the registry lists.
    fn system() -> RulesetId {
        registry::with_maps()[0]
    }

    #[test]
    fn save_then_open_gives_the_same_map_and_refuses_problems() {
        let dir = tempfile::tempdir().unwrap();
        let mut d = Document::new("draft", "Draft", system(), Grid::flat(6, 5)).unwrap();
        // A terrain of the system's chart other than the one a new map starts with.
        let chart = system().terrain_chart().unwrap();
        let other = chart
            .terrain
            .iter()
            .find(|t| t.key != chart.default_terrain)
            .unwrap();
        d.apply(Op::Paint {
            center: HexCoord::new(3, 3),
            brush: Brush::Seven,
            terrain: other.key.clone(),
        })
        .unwrap();
        assert!(d.is_dirty());
        let path = dir.path().join("my-map.json");
        let map = save(&mut d, &path, None).unwrap();
        assert_eq!(map.id, "my-map");
        assert!(!d.is_dirty());
        let opened = open(&path).unwrap();
        assert_eq!(opened.document.to_file(), d.to_file());
        assert!(matches!(
            save(&mut d, &dir.path().join("My Map.json"), None),
            Err(FileError::BadName(_))
        ));
        d.apply(Op::FeatureCreate {
            code: "V1".into(),
            name: String::new(),
        })
        .unwrap();
        let e = save(&mut d, &path, None).unwrap_err().to_string();
        assert!(e.contains("V1 has no hexes"), "{e}");
        assert_eq!(
            open(&path).unwrap().document.features().len(),
            0,
            "unchanged"
        );
    }

    #[test]
    fn underlay_is_written_beside_the_map_and_export_draws_it() {
        let dir = tempfile::tempdir().unwrap();
        let mut d = Document::new("u", "U", system(), Grid::flat(4, 4)).unwrap();
        let png = encode_png(&image::RgbaImage::new(8, 8)).unwrap();
        d.apply(Op::SetUnderlay(Some(crate::map::Underlay {
            image: "pending.png".into(),
            x: 0.0,
            y: 0.0,
            scale: 0.5,
            rotation_deg: 0.0,
            opacity: 0.5,
        })))
        .unwrap();
        let path = dir.path().join("traced.json");
        save(&mut d, &path, Some(&png)).unwrap();
        assert_eq!(d.underlay().unwrap().image, "underlays/traced.png");
        assert!(dir.path().join("underlays/traced.png").is_file());
        let opened = open(&path).unwrap();
        assert_eq!(opened.underlay_png.as_deref(), Some(png.as_slice()));
        let out = dir.path().join("traced.png");
        let (w, h) = export_png(&d, &out, 32).unwrap();
        assert!(w > 0 && h > 0 && out.is_file());
    }
}
