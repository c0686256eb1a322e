//! Stable state hashes: SHA-256 of the canonical JSON of a state (struct fields in declaration
//! order, no hash maps), so the same state hashes the same on every platform and run.

use sha2::{Digest, Sha256};

/// Lower-case hex of the first 16 bytes of SHA-256 over the value's JSON.
pub fn stable_hash<T: serde::Serialize>(value: &T) -> String {
    let bytes = serde_json::to_vec(value).expect("states serialize to JSON");
    hex16(&Sha256::digest(&bytes))
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn hex16(d: &[u8]) -> String {
    d[..16].iter().map(|b| format!("{b:02x}")).collect()
}
