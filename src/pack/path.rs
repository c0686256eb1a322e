//! Entry names: what a pack may call its files.
//!
//! Invariant of a name that passes [`check_entry_name`]: joined to any folder on Linux, macOS or
//! Windows it names a file inside that folder, and no other accepted name of a different
//! spelling (ignoring case) names the same file. Components are ASCII letters, digits, `.`, `_`
//! and `-`, separated by `/`, none empty, none starting with `.`, none ending with `.`, none a
//! Windows device name.

/// The longest entry name, in bytes.
pub const MAX_NAME: usize = 200;
/// The most components a name may have (`maps/underlays/old.png` has three).
pub const MAX_DEPTH: usize = 8;

const DEVICE_NAMES: [&str; 22] = [
    "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8",
    "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
];

/// `Ok` for a safe entry name (a file, or a folder when it ends with `/`), else why not, as a
/// phrase that follows "entry 'NAME' ...".
pub fn check_entry_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("has an empty name".into());
    }
    if name.contains('\\') {
        return Err(
            "contains a backslash, which Windows reads as a folder separator (zip slip)".into(),
        );
    }
    if name.starts_with('/') {
        return Err("is an absolute path (zip slip)".into());
    }
    let b = name.as_bytes();
    if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' {
        return Err("starts with a drive letter (zip slip)".into());
    }
    if name.chars().any(char::is_control) {
        return Err("contains a control character".into());
    }
    let body = name.strip_suffix('/').unwrap_or(name);
    let parts: Vec<&str> = body.split('/').collect();
    if parts.contains(&"..") {
        return Err("goes up out of the pack's folder with '..' (zip slip)".into());
    }
    if name.contains(':') {
        return Err("contains ':', a drive letter or stream name on Windows".into());
    }
    if name.len() > MAX_NAME {
        return Err(format!("is longer than {MAX_NAME} bytes"));
    }
    if parts.len() > MAX_DEPTH {
        return Err(format!("is nested more than {MAX_DEPTH} folders deep"));
    }
    for part in parts {
        if part.is_empty() || part == "." {
            return Err("has an empty or '.' folder name".into());
        }
        if part.starts_with('.') {
            return Err(format!("has a hidden name ('{part}' starts with '.')"));
        }
        if part.ends_with('.') {
            return Err(format!("has a name ending with '.' ('{part}')"));
        }
        if let Some(c) = part
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')))
        {
            return Err(format!(
                "uses the character '{c}'; names are ASCII letters, digits, '.', '_' and '-'"
            ));
        }
        let stem = part.split('.').next().unwrap_or(part).to_ascii_lowercase();
        if DEVICE_NAMES.contains(&stem.as_str()) {
            return Err(format!("uses '{part}', a reserved device name on Windows"));
        }
    }
    Ok(())
}

/// The key two names collide on: case-insensitive file systems (Windows, macOS) treat
/// `Maps/A.json` and `maps/a.json` as one file.
pub fn collision_key(name: &str) -> String {
    name.strip_suffix('/').unwrap_or(name).to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_names_pass() {
        for n in [
            "scenarios/rs-01-fatehpur.json",
            "maps/underlays/Old_Map.v2.png",
            "thumbnails/",
            "kepipack.manifest",
        ] {
            assert_eq!(check_entry_name(n), Ok(()), "{n}");
        }
    }

    #[test]
    fn escapes_are_refused_with_the_reason() {
        let cases = [
            ("../evil.json", "'..'"),
            ("maps/../../evil.json", "'..'"),
            ("/etc/passwd", "absolute"),
            ("C:/Windows/evil.json", "drive letter"),
            ("c:evil.json", "drive letter"),
            ("maps\\evil.json", "backslash"),
            ("maps//a.json", "empty"),
            ("./a.json", "'.'"),
            ("maps/.hidden", "hidden"),
            ("maps/a.json.", "ending with '.'"),
            ("maps/a b.json", "character ' '"),
            ("maps/nul.json", "device"),
            ("maps/a\u{7}.json", "control"),
            ("maps/a:b.json", "':'"),
            ("", "empty"),
        ];
        for (n, want) in cases {
            let e = check_entry_name(n).unwrap_err();
            assert!(e.contains(want), "{n}: {e}");
        }
    }

    #[test]
    fn collisions_ignore_case_and_the_folder_slash() {
        assert_eq!(collision_key("Maps/A.json"), collision_key("maps/a.json"));
        assert_eq!(collision_key("maps/"), collision_key("maps"));
    }
}
