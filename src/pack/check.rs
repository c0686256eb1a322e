//! The contents of a pack: every map, catalog and scenario through the validating
//! constructors `kepi validate` uses ([`Map::from_text`], [`Catalog::from_text`],
//! [`Scenario::new`]) with the same id-names-the-file rule, scenarios against the pack's own maps
//! and catalogs (or the ruleset's embedded catalog), so that after import `kepi validate` finds
//! what this found; and every image's size from its PNG header before it is decoded.

use super::manifest::{EntryKind, Manifest};
use super::{Limits, PackError};
use crate::map::Map;
use crate::problems::{Problem, Problems};
use crate::scenario::{Scenario, ScenarioFile};
use crate::tables::Catalog;
use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::Path;

/// What a valid pack holds, for listing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    /// (scenario id, title, map id) in path order.
    pub scenarios: Vec<(String, String, String)>,
    /// (path, width, height) of every image and thumbnail.
    pub images: Vec<(String, u32, u32)>,
}

fn problem(path: &str, field: &str, message: String) -> Problems {
    Problems::from(Problem {
        file: Some(path.into()),
        field: field.to_string(),
        hex: None,
        message,
    })
}

/// The file name without folder and extension: the id a file must have.
fn stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.rsplit_once('.').map(|(s, _)| s).unwrap_or(name)
}

fn text<'a>(path: &str, bytes: &'a [u8]) -> Result<&'a str, Problems> {
    std::str::from_utf8(bytes).map_err(|e| problem(path, "", format!("not UTF-8 text: {e}")))
}

fn id_names_file(path: &str, id: &str) -> Result<(), Problems> {
    let s = stem(path);
    if s == id {
        Ok(())
    } else {
        Err(problem(
            path,
            "id",
            format!("the id '{id}' differs from the file name '{s}.json'; ids name files"),
        ))
    }
}

/// Check a PNG: its header's size within the limit first, then a decode with the decoder's
/// own limits set to that size.
pub(crate) fn check_png(bytes: &[u8], limits: &Limits) -> Result<(u32, u32), String> {
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    if !bytes.starts_with(&SIGNATURE) {
        return Err("not a PNG image (images in packs are PNG)".into());
    }
    let reader = image::ImageReader::with_format(Cursor::new(bytes), image::ImageFormat::Png);
    let (w, h) = reader
        .into_dimensions()
        .map_err(|e| format!("not a readable PNG: {e}"))?;
    let pixels = u64::from(w) * u64::from(h);
    if pixels > limits.max_image_pixels {
        return Err(format!(
            "the image is {w} x {h} pixels ({pixels} pixels), over the limit of {} pixels; \
             refused before decoding",
            limits.max_image_pixels
        ));
    }
    let mut reader = image::ImageReader::with_format(Cursor::new(bytes), image::ImageFormat::Png);
    let mut l = image::Limits::default();
    l.max_image_width = Some(w);
    l.max_image_height = Some(h);
    // Up to 16 bits per channel, four channels, and the decoder's own buffers.
    l.max_alloc = Some(pixels.saturating_mul(8).saturating_add(64 << 20));
    reader.limits(l);
    reader.decode().map_err(|e| format!("a damaged PNG: {e}"))?;
    Ok((w, h))
}

/// Validate every entry; all problems at once.
pub(crate) fn check_contents(
    manifest: &Manifest,
    files: &BTreeMap<String, Vec<u8>>,
    limits: &Limits,
) -> Result<Contents, PackError> {
    let mut problems = Problems::new();
    let mut contents = Contents::default();
    let of = |kind: EntryKind| {
        manifest
            .entries
            .iter()
            .filter(move |e| e.kind == kind)
            .map(|e| (e.path.as_str(), files[&e.path].as_slice()))
    };

    // Maps by id; an invalid map is reported once, not again by each scenario on it.
    let mut maps: BTreeMap<String, Option<Map>> = BTreeMap::new();
    for (path, bytes) in of(EntryKind::Map) {
        let map = text(path, bytes)
            .and_then(|t| Map::from_text(t).map_err(|p| p.in_file(Path::new(path))))
            .and_then(|m| id_names_file(path, &m.id).map(|_| m));
        match map {
            Ok(m) => {
                if let Some(u) = &m.underlay {
                    let image = format!("maps/{}", u.image);
                    if manifest
                        .entry(&image)
                        .is_none_or(|e| e.kind != EntryKind::Image)
                    {
                        problems.extend(problem(
                            path,
                            "underlay.image",
                            format!("'{}' is not in the pack (as image '{image}')", u.image),
                        ));
                    }
                }
                maps.insert(stem(path).to_string(), Some(m));
            }
            Err(p) => {
                problems.extend(p);
                maps.insert(stem(path).to_string(), None);
            }
        }
    }

    let mut catalogs: BTreeMap<String, Option<Catalog>> = BTreeMap::new();
    for (path, bytes) in of(EntryKind::Catalog) {
        let id = stem(path);
        if !crate::map::valid_id(id) {
            problems.extend(problem(
                path,
                "",
                format!("'{id}' is not a catalog id (lower-case letters, digits and '-')"),
            ));
        }
        match text(path, bytes)
            .and_then(|t| Catalog::from_text(t).map_err(|p| p.in_file(Path::new(path))))
        {
            Ok(c) => {
                catalogs.insert(id.to_string(), Some(c));
            }
            Err(p) => {
                problems.extend(p);
                catalogs.insert(id.to_string(), None);
            }
        }
    }

    for (path, bytes) in of(EntryKind::Scenario) {
        let file = match text(path, bytes)
            .and_then(|t| ScenarioFile::from_text(t).map_err(|p| p.in_file(Path::new(path))))
            .and_then(|f| id_names_file(path, &f.id).map(|_| f))
        {
            Ok(f) => f,
            Err(p) => {
                problems.extend(p);
                continue;
            }
        };
        let map = match maps.get(&file.map) {
            Some(Some(m)) => m.clone(),
            Some(None) => continue,
            None => {
                problems.extend(problem(
                    path,
                    "map",
                    format!(
                        "the map '{}' is not in the pack (as maps/{}.json)",
                        file.map, file.map
                    ),
                ));
                continue;
            }
        };
        let catalog = match &file.catalog {
            Some(id) => match catalogs.get(id) {
                Some(Some(c)) => c.clone(),
                Some(None) => continue,
                None => {
                    problems.extend(problem(
                        path,
                        "catalog",
                        format!("the catalog '{id}' is not in the pack (as catalogs/{id}.json)"),
                    ));
                    continue;
                }
            },
            None => match file.ruleset.catalog() {
                Ok(c) => c.clone(),
                Err(e) => {
                    problems.extend(problem(path, "ruleset", e));
                    continue;
                }
            },
        };
        match Scenario::new(file, map, catalog) {
            Ok(s) => {
                contents
                    .scenarios
                    .push((s.file.id.clone(), s.file.title.clone(), s.map.id.clone()))
            }
            Err(p) => problems.extend(p.in_file(Path::new(path))),
        }
    }

    for kind in [EntryKind::Image, EntryKind::Thumbnail] {
        for (path, bytes) in of(kind) {
            if kind == EntryKind::Thumbnail
                && manifest
                    .entry(&format!("scenarios/{}.json", stem(path)))
                    .is_none()
            {
                problems.extend(problem(
                    path,
                    "",
                    format!(
                        "a thumbnail of scenario '{}', which is not in the pack",
                        stem(path)
                    ),
                ));
            }
            match check_png(bytes, limits) {
                Ok((w, h)) => contents.images.push((path.to_string(), w, h)),
                Err(e) => problems.extend(problem(path, "", e)),
            }
        }
    }

    if problems.is_empty() {
        Ok(contents)
    } else {
        Err(PackError::Invalid(problems))
    }
}
