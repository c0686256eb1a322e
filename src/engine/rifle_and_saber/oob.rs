//! Orders of battle in the Rifle & Saber formula (R&S 11.0): `27 MZ; 3 CY; 2 MAh`, with groups
//! `(a) 17 EB; 2 BA (b) 10 EB; 2 BA` and extras such as `3 Trenches`.
//!
//! The printed scenarios are not consistent (OCR and typesetting): `:` or `,` stand for `;`,
//! and a count may touch its code (`2MA`). Parsing tolerates those; printing is canonical.
//! Invariants: `parse(print(x)) == x` for every parsed `x`, and `print(parse(s))` is canonical.

use crate::tables::Catalog;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Items in an order of battle that are not units (R&S 10.2, 10.3; scenario 17's limbers).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Extra {
    Trench,
    ImprovedPosition,
    LimberMarker,
}

impl Extra {
    pub const ALL: [Extra; 3] = [Extra::Trench, Extra::ImprovedPosition, Extra::LimberMarker];

    /// As scenarios write it (`"limber_marker"`).
    pub fn key(self) -> &'static str {
        match self {
            Extra::Trench => "trench",
            Extra::ImprovedPosition => "improved_position",
            Extra::LimberMarker => "limber_marker",
        }
    }

    /// The marker a scenario's rule names (`"limber_marker"`), if it is one.
    pub fn from_key(key: &str) -> Option<Extra> {
        Extra::ALL.into_iter().find(|e| e.key() == key)
    }

    /// The marker a validated scenario's rule names. Invariant: `scenario::forces` refused any
    /// other name before a scenario is built.
    pub fn of(marker: &crate::scenario::rules::MarkerKind) -> Extra {
        Extra::from_key(marker.as_str()).expect("a validated scenario names known markers")
    }

    pub fn singular(self) -> &'static str {
        match self {
            Extra::Trench => "Trench",
            Extra::ImprovedPosition => "Improved Position",
            Extra::LimberMarker => "Limber Marker",
        }
    }

    pub fn plural(self) -> &'static str {
        match self {
            Extra::Trench => "Trenches",
            Extra::ImprovedPosition => "Improved Positions",
            Extra::LimberMarker => "Limber Markers",
        }
    }

    fn from_words(words: &str) -> Option<Extra> {
        Extra::ALL.into_iter().find(|e| {
            words.eq_ignore_ascii_case(e.singular()) || words.eq_ignore_ascii_case(e.plural())
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    /// A unit type, by its catalog code as the catalog spells it.
    Unit(String),
    Extra(Extra),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Entry {
    pub count: u32,
    pub item: Item,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Group {
    /// `a` in `(a) 12 MZ; 1 MA`; `None` when the side has one ungrouped force.
    pub label: Option<String>,
    pub entries: Vec<Entry>,
}

/// A side's forces. Invariant: at least one group; either one unlabelled group or all groups
/// labelled with distinct labels; no group is empty; no item twice in a group.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Oob {
    pub groups: Vec<Group>,
}

/// A parse error pointing at a character of the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} (at character {column} of \"{input}\")")]
pub struct OobError {
    pub input: String,
    /// 1-based character position.
    pub column: usize,
    pub message: String,
}

impl OobError {
    /// The input with a caret under the offending character, for terminals.
    pub fn pointer(&self) -> String {
        format!(
            "{}\n{}^",
            self.input,
            " ".repeat(self.column.saturating_sub(1))
        )
    }
}

struct Parser<'a> {
    input: &'a str,
    chars: Vec<char>,
    pos: usize,
    catalog: &'a Catalog,
}

fn is_sep(c: char) -> bool {
    matches!(c, ';' | ':' | ',')
}

impl<'a> Parser<'a> {
    fn err(&self, at: usize, message: impl Into<String>) -> OobError {
        OobError {
            input: self.input.to_string(),
            column: at + 1,
            message: message.into(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn known(&self) -> String {
        format!(
            "known unit codes: {}; extras: {}",
            self.catalog.codes_list(),
            Extra::ALL.map(Extra::plural).join(", ")
        )
    }

    fn label(&mut self) -> Result<String, OobError> {
        let open = self.pos;
        self.pos += 1; // '('
        self.skip_space();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
            self.pos += 1;
        }
        let label: String = self.chars[start..self.pos].iter().collect();
        self.skip_space();
        if label.is_empty() || self.peek() != Some(')') {
            return Err(self.err(open, "a group label is written (a), (b), ..."));
        }
        self.pos += 1;
        Ok(label.to_ascii_lowercase())
    }

    fn entry(&mut self) -> Result<Entry, OobError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.err(
                start,
                "expected a number of units, as in \"12 MZ\"".to_string(),
            ));
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        let count: u32 = digits
            .parse()
            .map_err(|_| self.err(start, format!("{digits} is too large a count")))?;
        if count == 0 {
            return Err(self.err(start, "a count must be at least 1"));
        }
        self.skip_space();
        let name_start = self.pos;
        let mut words: Vec<String> = Vec::new();
        loop {
            let w0 = self.pos;
            while self.peek().is_some_and(|c| c.is_alphanumeric()) {
                self.pos += 1;
            }
            if self.pos == w0 {
                break;
            }
            words.push(self.chars[w0..self.pos].iter().collect());
            let after = self.pos;
            self.skip_space();
            if !self.peek().is_some_and(|c| c.is_alphabetic()) {
                self.pos = after;
                break;
            }
        }
        if words.is_empty() {
            return Err(self.err(
                name_start,
                format!("expected a unit code after {count}; {}", self.known()),
            ));
        }
        let name = words.join(" ");
        let item = if let Some(extra) = Extra::from_words(&name) {
            Item::Extra(extra)
        } else if let (1, Some(u)) = (words.len(), self.catalog.unit(&name)) {
            Item::Unit(u.code.clone())
        } else {
            return Err(self.err(
                name_start,
                format!("unknown unit '{name}'; {}", self.known()),
            ));
        };
        Ok(Entry { count, item })
    }

    fn entries(&mut self, group_at: usize) -> Result<Vec<Entry>, OobError> {
        let mut entries: Vec<Entry> = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                None | Some('(') => break,
                Some(c) if is_sep(c) => {
                    return Err(self.err(self.pos, format!("unexpected '{c}'")));
                }
                _ => {}
            }
            let at = self.pos;
            let e = self.entry()?;
            if entries.iter().any(|o| o.item == e.item) {
                return Err(self.err(at, "this item is already listed in this group"));
            }
            entries.push(e);
            self.skip_space();
            match self.peek() {
                Some(c) if is_sep(c) => self.pos += 1,
                None | Some('(') => break,
                Some(c) => {
                    return Err(self.err(
                        self.pos,
                        format!("unexpected '{c}': entries are separated by ';'"),
                    ));
                }
            }
        }
        if entries.is_empty() {
            return Err(self.err(group_at, "this group lists no units"));
        }
        Ok(entries)
    }

    fn oob(&mut self) -> Result<Oob, OobError> {
        self.skip_space();
        if self.peek().is_none() {
            return Err(self.err(0, "the order of battle is empty"));
        }
        let mut groups: Vec<Group> = Vec::new();
        if self.peek() != Some('(') {
            let entries = self.entries(self.pos)?;
            if self.peek() == Some('(') {
                return Err(self.err(
                    self.pos,
                    "a labelled group follows unlabelled units: label every group",
                ));
            }
            groups.push(Group {
                label: None,
                entries,
            });
        }
        while self.peek() == Some('(') {
            let at = self.pos;
            let label = self.label()?;
            if groups.iter().any(|g| g.label.as_deref() == Some(&label)) {
                return Err(self.err(at, format!("group ({label}) appears twice")));
            }
            let entries = self.entries(at)?;
            groups.push(Group {
                label: Some(label),
                entries,
            });
        }
        Ok(Oob { groups })
    }
}

impl Oob {
    /// Parse a formula, checking unit codes against `catalog`.
    pub fn parse(input: &str, catalog: &Catalog) -> Result<Oob, OobError> {
        Parser {
            input,
            chars: input.chars().collect(),
            pos: 0,
            catalog,
        }
        .oob()
    }

    pub fn group(&self, label: Option<&str>) -> Option<&Group> {
        self.groups.iter().find(|g| g.label.as_deref() == label)
    }

    /// Total count of one unit code over all groups.
    pub fn count_of(&self, code: &str) -> u32 {
        self.groups
            .iter()
            .flat_map(|g| &g.entries)
            .filter(|e| matches!(&e.item, Item::Unit(c) if c == code))
            .map(|e| e.count)
            .sum()
    }

    /// Total count of one extra over all groups.
    pub fn extra(&self, extra: Extra) -> u32 {
        self.groups
            .iter()
            .flat_map(|g| &g.entries)
            .filter(|e| e.item == Item::Extra(extra))
            .map(|e| e.count)
            .sum()
    }

    /// Number of units (extras excluded).
    pub fn unit_count(&self) -> u32 {
        self.groups
            .iter()
            .flat_map(|g| &g.entries)
            .filter(|e| matches!(e.item, Item::Unit(_)))
            .map(|e| e.count)
            .sum()
    }
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.item {
            Item::Unit(code) => write!(f, "{} {}", self.count, code),
            Item::Extra(e) if self.count == 1 => write!(f, "1 {}", e.singular()),
            Item::Extra(e) => write!(f, "{} {}", self.count, e.plural()),
        }
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(label) = &self.label {
            write!(f, "({label}) ")?;
        }
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

/// The canonical formula.
impl fmt::Display for Oob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, g) in self.groups.iter().enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            write!(f, "{g}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rifle_and_saber::tables::Tables;

    fn parse(s: &str) -> Result<Oob, OobError> {
        Oob::parse(s, &Tables::embedded().catalog)
    }

    #[test]
    fn canonical_line_prints_as_written() {
        let o = parse("27 MZ; 3 CY; 2 MAh").unwrap();
        assert_eq!(o.to_string(), "27 MZ; 3 CY; 2 MAh");
        assert_eq!(o.unit_count(), 32);
    }

    #[test]
    fn source_variants_are_tolerated() {
        let o = parse("20 MZ, 15 CY; 4 MA; 2 MAh").unwrap();
        assert_eq!(o.to_string(), "20 MZ; 15 CY; 4 MA; 2 MAh");
        let o = parse("(a) 8 MZ: 1 MAh (b) 10 MZ; 5 CY; 1 MA").unwrap();
        assert_eq!(o.to_string(), "(a) 8 MZ; 1 MAh (b) 10 MZ; 5 CY; 1 MA");
        let o = parse("  15 MZ;3 CY;  2MA ;").unwrap();
        assert_eq!(o.to_string(), "15 MZ; 3 CY; 2 MA");
    }

    #[test]
    fn extras_singular_and_plural() {
        let o = parse("15 EB; 2 BA; 2 MG; 8 Improved Positions; 6 Trenches").unwrap();
        assert_eq!(o.extra(Extra::ImprovedPosition), 8);
        assert_eq!(o.extra(Extra::Trench), 6);
        assert_eq!(o.unit_count(), 19);
        assert_eq!(
            parse("1 MZ; 1 trenches").unwrap().to_string(),
            "1 MZ; 1 Trench"
        );
        assert_eq!(
            parse("6 LB; 4 limber markers").unwrap().to_string(),
            "6 LB; 4 Limber Markers"
        );
    }

    #[test]
    fn unknown_code_points_at_the_character_and_lists_codes() {
        let e = parse("12 MZ; 3 HZ").unwrap_err();
        assert_eq!(e.column, 10);
        assert!(e.message.contains("unknown unit 'HZ'"), "{e}");
        assert!(
            e.message
                .contains("MZ, EB, LB, CY, MR, MG, MA, MAh, BA, BAh"),
            "{e}"
        );
        assert_eq!(e.pointer(), "12 MZ; 3 HZ\n         ^");
    }

    #[test]
    fn malformed_lines_are_refused() {
        for (s, col) in [
            ("", 1),
            ("MZ 12", 1),
            ("12", 3),
            ("0 MZ", 1),
            ("12 MZ;; 2 MA", 7),
            ("12 MZ (a) 3 MA", 7),
            ("(a) 1 MZ (a) 2 MZ", 10),
            ("(a)", 1),
            ("(a 1 MZ", 1),
            ("3 MZ; 2 MZ", 7),
            ("3 MZ - 2 MA", 6),
        ] {
            let e = parse(s).expect_err(s);
            assert_eq!(e.column, col, "{s}: {e}");
        }
    }
}
