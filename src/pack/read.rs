//! Reading a pack from bytes, trusting nothing in it (see the module docs of `pack` for the
//! order of the checks). Nothing here touches the file system.

use super::check::{Contents, check_contents};
use super::manifest::{MANIFEST_PATH, Manifest};
use super::path::{check_entry_name, collision_key};
use super::{Limits, PackError};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::io::{Cursor, Read};
use std::path::Path;
use zip::{CompressionMethod, ZipArchive};

/// A pack that passed every check: its manifest and the bytes of every entry.
#[derive(Clone, Debug)]
pub struct Pack {
    pub manifest: Manifest,
    /// The manifest exactly as stored in the pack.
    pub manifest_bytes: Vec<u8>,
    /// Every entry the manifest lists, by path, with its bytes (hashes checked).
    pub files: BTreeMap<String, Vec<u8>>,
    /// What the validated contents hold.
    pub contents: Contents,
}

/// Read a pack file from disk with the size limit applied before reading it whole.
pub fn read_file(path: &Path, limits: &Limits) -> Result<Vec<u8>, PackError> {
    let io = |e: std::io::Error| PackError::Io {
        path: path.to_path_buf(),
        message: format!("cannot read: {e}"),
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(PackError::Io {
            path: path.to_path_buf(),
            message: "not a file".into(),
        });
    }
    if meta.len() > limits.max_pack_bytes {
        return Err(PackError::PackTooLarge {
            size: meta.len(),
            limit: limits.max_pack_bytes,
        });
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limits.max_pack_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limits.max_pack_bytes {
        return Err(PackError::PackTooLarge {
            size: bytes.len() as u64,
            limit: limits.max_pack_bytes,
        });
    }
    Ok(bytes)
}

/// The zip, opened and with every entry's name, type and method checked.
struct Archive<'a> {
    zip: ZipArchive<Cursor<&'a [u8]>>,
    /// (index in the zip, name) of every file entry; folders are left out.
    files: Vec<(usize, String)>,
}

/// The entry names of the central directory, read from the raw bytes: the zip crate keeps one
/// entry per name, so two entries of one name would otherwise go unseen.
fn raw_central_names(bytes: &[u8], start: u64, max: usize) -> Vec<Vec<u8>> {
    let mut names = Vec::new();
    let mut pos = start as usize;
    let u16_at = |p: usize| u16::from_le_bytes([bytes[p], bytes[p + 1]]) as usize;
    while names.len() <= max {
        let Some(head) = bytes.get(pos..pos + 46) else {
            break;
        };
        if head[..4] != [0x50, 0x4b, 0x01, 0x02] {
            break;
        }
        let (n, x, c) = (u16_at(pos + 28), u16_at(pos + 30), u16_at(pos + 32));
        let Some(name) = bytes.get(pos + 46..pos + 46 + n) else {
            break;
        };
        names.push(name.to_vec());
        pos += 46 + n + x + c;
    }
    names
}

fn file_type(mode: u32) -> Option<&'static str> {
    match mode & 0o170_000 {
        0 | 0o100_000 => None,
        0o040_000 => Some("a folder"),
        0o120_000 => Some("a symbolic link"),
        0o010_000 => Some("a named pipe (FIFO)"),
        0o020_000 => Some("a character device"),
        0o060_000 => Some("a block device"),
        0o140_000 => Some("a socket"),
        _ => Some("an entry of unknown type"),
    }
}

fn open<'a>(bytes: &'a [u8], limits: &Limits) -> Result<Archive<'a>, PackError> {
    if bytes.len() as u64 > limits.max_pack_bytes {
        return Err(PackError::PackTooLarge {
            size: bytes.len() as u64,
            limit: limits.max_pack_bytes,
        });
    }
    if bytes.is_empty() {
        return Err(PackError::NotZip("the file is empty".into()));
    }
    let mut zip =
        ZipArchive::new(Cursor::new(bytes)).map_err(|e| PackError::NotZip(e.to_string()))?;
    if zip.offset() != 0 {
        return Err(PackError::NotZip(format!(
            "the zip starts after {} bytes of other data",
            zip.offset()
        )));
    }
    if zip.len() > limits.max_entries {
        return Err(PackError::TooManyEntries {
            count: zip.len(),
            limit: limits.max_entries,
        });
    }
    let raw = raw_central_names(bytes, zip.central_directory_start(), limits.max_entries);
    if raw.len() != zip.len() {
        let mut seen = std::collections::HashSet::new();
        if let Some(d) = raw.iter().find(|n| !seen.insert(n.as_slice())) {
            return Err(PackError::Duplicate {
                name: String::from_utf8_lossy(d).into_owned(),
                note: String::new(),
            });
        }
        if raw.len() > limits.max_entries {
            return Err(PackError::TooManyEntries {
                count: raw.len(),
                limit: limits.max_entries,
            });
        }
        return Err(PackError::NotZip(format!(
            "the central directory holds {} entries where the zip says {}",
            raw.len(),
            zip.len()
        )));
    }

    let mut files = Vec::new();
    let mut keys: HashMap<String, String> = HashMap::new();
    let mut ranges: Vec<(u64, u64, String)> = Vec::new();
    let mut claimed_total: u64 = 0;
    let dir_start = zip.central_directory_start();
    for i in 0..zip.len() {
        let listed = zip.name_for_index(i).unwrap_or("?").to_string();
        let f = zip.by_index_raw(i).map_err(|e| PackError::Corrupt {
            name: listed.escape_debug().to_string(),
            why: e.to_string(),
        })?;
        let name = match std::str::from_utf8(f.name_raw()) {
            Ok(n) => n.to_string(),
            Err(_) => {
                return Err(PackError::UnsafePath {
                    name: String::from_utf8_lossy(f.name_raw())
                        .escape_debug()
                        .to_string(),
                    why: "has a name that is not UTF-8".into(),
                });
            }
        };
        check_entry_name(&name).map_err(|why| PackError::UnsafePath {
            name: name.escape_debug().to_string(),
            why,
        })?;
        if let Some(other) = keys.insert(collision_key(&name), name.clone()) {
            return Err(PackError::Duplicate {
                name,
                note: format!(
                    " ('{other}' differs only in case; they are one file on Windows and macOS)"
                ),
            });
        }
        let is_dir = name.ends_with('/');
        match f.unix_mode().and_then(file_type) {
            None => {}
            Some("a folder") if is_dir => {}
            Some(what) => {
                return Err(PackError::NotRegular {
                    name,
                    what: what.into(),
                });
            }
        }
        if f.encrypted() {
            return Err(PackError::Unsupported {
                name,
                why: "is encrypted; packs are not".into(),
            });
        }
        let method = f.compression();
        if !matches!(
            method,
            CompressionMethod::Stored | CompressionMethod::Deflated
        ) {
            let m = format!("{method:?}");
            let m = m
                .strip_prefix("Unsupported(")
                .and_then(|n| n.strip_suffix(')'))
                .map(|n| format!("method {n}"))
                .unwrap_or(m);
            return Err(PackError::Unsupported {
                name,
                why: format!("is compressed with {m}; packs use only stored or deflate entries"),
            });
        }
        if is_dir {
            if f.size() != 0 || f.compressed_size() != 0 {
                return Err(PackError::NotRegular {
                    name,
                    what: "a folder with data in it".into(),
                });
            }
            continue;
        }
        if f.size() > limits.max_entry_bytes {
            return Err(PackError::EntryTooLarge {
                name,
                limit: limits.max_entry_bytes,
                claimed: format!(" (its header says {} bytes)", f.size()),
            });
        }
        claimed_total = claimed_total.saturating_add(f.size());
        if claimed_total > limits.max_total_bytes {
            return Err(PackError::TotalTooLarge {
                limit: limits.max_total_bytes,
            });
        }
        if let Some(start) = f.data_start() {
            let end = start.saturating_add(f.compressed_size());
            if end > dir_start {
                return Err(PackError::Corrupt {
                    name,
                    why: "its data runs past the end of the entries".into(),
                });
            }
            if f.compressed_size() > 0 {
                ranges.push((f.header_start(), end, name.clone()));
            }
        }
        files.push((i, name));
    }
    ranges.sort();
    for w in ranges.windows(2) {
        if w[1].0 < w[0].1 {
            return Err(PackError::Corrupt {
                name: w[1].2.clone(),
                why: format!(
                    "its data overlaps entry '{}' (a zip bomb trick); refused",
                    w[0].2
                ),
            });
        }
    }
    Ok(Archive { zip, files })
}

impl Archive<'_> {
    /// Inflate one entry, enforcing the limits on the bytes actually produced.
    fn inflate(
        &mut self,
        index: usize,
        name: &str,
        limit: u64,
        limits: &Limits,
        total: &mut u64,
    ) -> Result<Vec<u8>, PackError> {
        let corrupt = |why: String| PackError::Corrupt {
            name: name.to_string(),
            why,
        };
        let mut f = self
            .zip
            .by_index(index)
            .map_err(|e| corrupt(e.to_string()))?;
        let claimed = f.size();
        let compressed = f.compressed_size().max(1);
        let mut out = Vec::with_capacity(claimed.min(limit).min(1 << 20) as usize);
        let mut buf = vec![0u8; 64 << 10];
        loop {
            let n = match f.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(corrupt(e.to_string())),
            };
            out.extend_from_slice(&buf[..n]);
            let len = out.len() as u64;
            if len > limit {
                return Err(PackError::EntryTooLarge {
                    name: name.to_string(),
                    limit,
                    claimed: if claimed <= limit {
                        format!(" (its header claims only {claimed} bytes)")
                    } else {
                        String::new()
                    },
                });
            }
            if total.saturating_add(len) > limits.max_total_bytes {
                return Err(PackError::TotalTooLarge {
                    limit: limits.max_total_bytes,
                });
            }
            if len > limits.ratio_floor && len / compressed >= limits.max_ratio {
                return Err(PackError::Bomb {
                    name: name.to_string(),
                    ratio: limits.max_ratio,
                    compressed: f.compressed_size(),
                });
            }
        }
        if out.len() as u64 != claimed {
            return Err(corrupt(format!(
                "it inflates to {} bytes where its header says {claimed}",
                out.len()
            )));
        }
        *total += out.len() as u64;
        Ok(out)
    }

    fn manifest(
        &mut self,
        limits: &Limits,
        total: &mut u64,
    ) -> Result<(Manifest, Vec<u8>), PackError> {
        let Some(&(index, ref name)) = self.files.iter().find(|(_, n)| n == MANIFEST_PATH) else {
            return Err(PackError::NoManifest);
        };
        let name = name.clone();
        let bytes = self.inflate(index, &name, limits.max_manifest_bytes, limits, total)?;
        let manifest = Manifest::from_bytes(&bytes).map_err(PackError::Manifest)?;
        Ok((manifest, bytes))
    }
}

/// The manifest of a pack, after the zip-level checks (names, types, methods, limits) but
/// without reading the other entries: a quick look (`kepi pack list`).
pub fn read_manifest(bytes: &[u8], limits: &Limits) -> Result<Manifest, PackError> {
    let mut archive = open(bytes, limits)?;
    let mut total = 0;
    Ok(archive.manifest(limits, &mut total)?.0)
}

/// Read and check a whole pack. `Ok` means that importing it would write exactly
/// `files` and the manifest, and that every file is valid.
pub fn read_pack(bytes: &[u8], limits: &Limits) -> Result<Pack, PackError> {
    let mut archive = open(bytes, limits)?;
    let mut total = 0;
    let (manifest, manifest_bytes) = archive.manifest(limits, &mut total)?;

    let in_zip: BTreeMap<&str, usize> = archive
        .files
        .iter()
        .filter(|(_, n)| n != MANIFEST_PATH)
        .map(|(i, n)| (n.as_str(), *i))
        .collect();
    if let Some(name) = in_zip.keys().find(|n| manifest.entry(n).is_none()) {
        return Err(PackError::Unlisted {
            name: name.to_string(),
        });
    }
    if let Some(e) = manifest
        .entries
        .iter()
        .find(|e| !in_zip.contains_key(e.path.as_str()))
    {
        return Err(PackError::Missing {
            path: e.path.clone(),
        });
    }
    let in_zip: Vec<(String, usize)> = in_zip
        .into_iter()
        .map(|(n, i)| (n.to_string(), i))
        .collect();

    let mut files = BTreeMap::new();
    for (name, index) in in_zip {
        let entry = manifest.entry(&name).expect("listed: checked above");
        let bytes = archive.inflate(index, &name, limits.max_entry_bytes, limits, &mut total)?;
        if bytes.len() as u64 != entry.size {
            return Err(PackError::SizeMismatch {
                path: name,
                expected: entry.size,
                found: bytes.len() as u64,
            });
        }
        let found = sha256_hex(&bytes);
        if found != entry.sha256 {
            return Err(PackError::HashMismatch {
                path: name,
                expected: entry.sha256.clone(),
                found,
            });
        }
        files.insert(name, bytes);
    }
    let contents = check_contents(&manifest, &files, limits)?;
    Ok(Pack {
        manifest,
        manifest_bytes,
        files,
        contents,
    })
}

pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut s = String::with_capacity(64);
    for b in digest {
        s.push_str(&format!("{b:02x}"));
    }
    s
}
