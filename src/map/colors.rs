//! The colours a scenario side may have (its `color` field): the names Kepi paints, or
//! `#rrggbb`. Pictures (`kepi render`) paint a side in its colour; validation refuses any other
//! name, so that a misspelt colour is not silently drawn in a default.

/// Each name Kepi knows and its paint, red and blue first (the defaults of sides 1 and 0).
pub const SIDE_COLORS: [(&str, [u8; 3]); 20] = [
    ("red", [0xc8, 0x28, 0x28]),
    ("blue", [0x23, 0x55, 0xc8]),
    ("green", [0x2a, 0x8a, 0x3a]),
    ("yellow", [0xd8, 0xb8, 0x10]),
    ("gold", [0xc8, 0x96, 0x00]),
    ("orange", [0xe0, 0x70, 0x10]),
    ("purple", [0x80, 0x3c, 0xa8]),
    ("violet", [0x80, 0x3c, 0xa8]),
    ("black", [0x20, 0x20, 0x20]),
    ("white", [0xf4, 0xf4, 0xf4]),
    ("grey", [0x78, 0x78, 0x78]),
    ("gray", [0x78, 0x78, 0x78]),
    ("brown", [0x82, 0x50, 0x28]),
    ("tan", [0xbe, 0xa0, 0x64]),
    ("khaki", [0xbe, 0xa0, 0x64]),
    ("buff", [0xbe, 0xa0, 0x64]),
    ("navy", [0x1e, 0x28, 0x78]),
    ("light blue", [0x50, 0x9c, 0xe0]),
    ("lightblue", [0x50, 0x9c, 0xe0]),
    ("sky", [0x50, 0x9c, 0xe0]),
];

/// The paint of a side's colour: a known name (any case, surrounding spaces ignored) or
/// `#rrggbb`; `None` for anything else.
pub fn side_color(name: &str) -> Option<[u8; 3]> {
    let n = name.trim().to_ascii_lowercase();
    if let Some(hex) = n.strip_prefix('#')
        && hex.len() == 6
        && hex.bytes().all(|b| b.is_ascii_hexdigit())
    {
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        return Some([byte(0)?, byte(2)?, byte(4)?]);
    }
    SIDE_COLORS
        .iter()
        .find(|(k, _)| *k == n)
        .map(|(_, rgb)| *rgb)
}

/// The known names, for messages: "red, blue, ... or #rrggbb".
pub fn side_color_names() -> String {
    let names: Vec<&str> = SIDE_COLORS.iter().map(|(k, _)| *k).collect();
    format!("{} or #rrggbb", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_hex_codes() {
        assert_eq!(side_color(" Red "), Some([0xc8, 0x28, 0x28]));
        assert_eq!(side_color("#102030"), Some([0x10, 0x20, 0x30]));
        assert_eq!(side_color("#10203"), None);
        assert_eq!(side_color("#10203g"), None);
        assert_eq!(side_color("chartreuse-ish"), None);
        assert!(side_color_names().starts_with("red, blue, green"));
    }
}
