//! How a snapshot is stored in `snapshots.state`.
//!
//! Two forms are read; only the compact one is written (schema 3 on):
//!
//! - **JSON** (schemas 1 and 2): a TEXT value, the rule system's [`snapshot`] text.
//! - **Compact**: a BLOB, `K S 1` then a kind byte, then one zstd frame (content size and
//!   checksum recorded) of the rule system's [`snapshot_bytes`] (Rifle & Saber: MessagePack).
//!   Kind `r` (a root's) is compressed alone; kind `d` (any other node's) is compressed with
//!   its game's root payload (the root snapshot decompressed) as a zstd raw-content
//!   dictionary, so what it shares with the start of the game (unit after unit of the same
//!   fields) costs next to nothing.
//!
//! Invariants: a root snapshot is always kind `r`, so a game's dictionary is read from the
//! file and never rebuilt by code that could have changed since; a compact snapshot that
//! does not decompress (wrong magic, a damaged frame, a checksum that does not match) is an
//! error, never a state; what it restores to is still checked against the node's hash by the
//! reader.
//!
//! [`snapshot`]: crate::engine::Ruleset::snapshot
//! [`snapshot_bytes`]: crate::engine::Ruleset::snapshot_bytes

use rusqlite::types::{Value, ValueRef};

const MAGIC: &[u8; 3] = b"KS1";
const ROOT: u8 = b'r';
const AGAINST_ROOT: u8 = b'd';
/// zstd's level: high enough that a snapshot is small, low enough that writing the command
/// that carries one stays within the write goal (`kepi bench --archive` measures both).
const LEVEL: i32 = 9;
/// No state decompresses to more than this: a larger claimed size is a damaged frame.
const MAX_PAYLOAD: usize = 64 << 20;

/// A snapshot as stored.
#[derive(Clone, Debug, PartialEq)]
pub enum Stored {
    /// A schema 1-2 snapshot: the rule system's JSON text.
    Json(String),
    /// A compact snapshot (header and zstd frame).
    Compact(Vec<u8>),
}

impl Stored {
    pub fn from_sql(v: Value) -> Result<Stored, String> {
        match v {
            Value::Text(t) => Ok(Stored::Json(t)),
            Value::Blob(b) => Ok(Stored::Compact(b)),
            other => Err(format!(
                "a {:?} where a snapshot belongs",
                other.data_type()
            )),
        }
    }

    /// Whether this compact snapshot is compressed against its game's root.
    pub fn needs_root(&self) -> bool {
        matches!(self, Stored::Compact(b) if b.get(3) == Some(&AGAINST_ROOT))
    }
}

impl rusqlite::ToSql for Stored {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        Ok(rusqlite::types::ToSqlOutput::Borrowed(match self {
            Stored::Json(t) => ValueRef::Text(t.as_bytes()),
            Stored::Compact(b) => ValueRef::Blob(b),
        }))
    }
}

/// A root's snapshot: its payload compressed alone.
pub fn encode_root(payload: &[u8]) -> Stored {
    Stored::Compact(frame(ROOT, payload, None))
}

/// Any other node's snapshot, compressed with its game's root payload as dictionary.
pub fn encode_against_root(payload: &[u8], root: &[u8]) -> Stored {
    Stored::Compact(frame(AGAINST_ROOT, payload, Some(root)))
}

fn frame(kind: u8, payload: &[u8], dict: Option<&[u8]>) -> Vec<u8> {
    let mut c = match dict {
        Some(d) => zstd::bulk::Compressor::with_dictionary(LEVEL, d),
        None => zstd::bulk::Compressor::new(LEVEL),
    }
    .expect("zstd accepts its own level and a raw dictionary");
    c.set_parameter(zstd::zstd_safe::CParameter::ChecksumFlag(true))
        .expect("zstd knows its checksum flag");
    let z = c
        .compress(payload)
        .expect("compressing to memory cannot fail");
    let mut out = Vec::with_capacity(4 + z.len());
    out.extend_from_slice(MAGIC);
    out.push(kind);
    out.extend_from_slice(&z);
    out
}

/// The payload of a compact snapshot; `root` gives the game's root payload when the
/// snapshot was compressed against it (it is called only then).
pub fn decode_compact(
    blob: &[u8],
    root: impl FnOnce() -> Result<std::sync::Arc<Vec<u8>>, String>,
) -> Result<Vec<u8>, String> {
    if blob.len() < 4 || &blob[..3] != MAGIC {
        return Err("not a Kepi compact snapshot (its header is wrong)".into());
    }
    let z = &blob[4..];
    let mut d = match blob[3] {
        ROOT => zstd::bulk::Decompressor::new(),
        AGAINST_ROOT => zstd::bulk::Decompressor::with_dictionary(&root()?),
        k => return Err(format!("unknown compact snapshot kind {k}")),
    }
    .map_err(|e| e.to_string())?;
    d.decompress(z, MAX_PAYLOAD)
        .map_err(|e| format!("its compressed data is damaged ({e})"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn payloads_round_trip_alone_and_against_a_root() {
        let root: Vec<u8> = (0..4000u32).flat_map(|i| (i % 97).to_le_bytes()).collect();
        let mut later = root.clone();
        later[100] ^= 0xff;
        let Stored::Compact(r) = encode_root(&root) else {
            panic!("compact")
        };
        let Stored::Compact(d) = encode_against_root(&later, &root) else {
            panic!("compact")
        };
        assert!(d.len() < r.len() / 4, "{} against {}", d.len(), r.len());
        assert_eq!(
            decode_compact(&r, || Err("no root needed".into())).unwrap(),
            root
        );
        let shared = Arc::new(root.clone());
        assert_eq!(decode_compact(&d, || Ok(shared)).unwrap(), later);
    }

    #[test]
    fn a_damaged_frame_or_header_is_an_error() {
        let Stored::Compact(mut r) = encode_root(b"some state or other, some state or other")
        else {
            panic!("compact")
        };
        let last = r.len() - 1;
        r[last] ^= 0x55;
        assert!(decode_compact(&r, || Err("x".into())).is_err());
        assert!(decode_compact(b"{\"turn\":1}", || Err("x".into())).is_err());
        assert!(decode_compact(b"KS1z....", || Err("x".into())).is_err());
    }
}
