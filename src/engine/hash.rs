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

/// Hex digits of a state hash a record keeps at least: the archive keeps the first 8 bytes of
/// the 16 (schema 8); every other record, and archives written before, all 16.
pub const RECORDED_HASH_MIN_HEX: usize = 16;

/// Whether a recorded state hash names the state hashing to `found` (the whole 32 digits):
/// equal, or, for a record that keeps only the hash's first [`RECORDED_HASH_MIN_HEX`] digits
/// or more, its prefix. A wrong state passes a kept 8 bytes with odds of 2^-64 a node.
pub fn recorded_hash_matches(recorded: &str, found: &str) -> bool {
    recorded == found
        || (recorded.len() >= RECORDED_HASH_MIN_HEX
            && recorded.len() < found.len()
            && found.starts_with(recorded))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_hash_matches_whole_or_by_its_kept_prefix() {
        let found = "0123456789abcdef0123456789abcdef";
        assert!(recorded_hash_matches(found, found));
        assert!(recorded_hash_matches("0123456789abcdef", found));
        assert!(recorded_hash_matches("0123456789abcdef01", found));
        // Too short to name a state, or another state.
        assert!(!recorded_hash_matches("01234567", found));
        assert!(!recorded_hash_matches("", found));
        assert!(!recorded_hash_matches("0123456789abcdee", found));
        assert!(!recorded_hash_matches(
            "0123456789abcdef0123456789abcdee",
            found
        ));
    }
}
