//! Problems found while reading or validating a file.
//!
//! Validation never stops at the first problem: a designer fixing a scenario wants the whole
//! list at once. Each problem names the file, the field (a JSON path such as
//! `sides[0].oob`), the hex when one is involved, and what was expected.

use std::fmt;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub file: Option<PathBuf>,
    /// JSON path of the field, e.g. `deployment[1].zone.hexes[3]`; empty for the whole file.
    pub field: String,
    /// Player-facing hex name ("0812") when the problem is about one hex.
    pub hex: Option<String>,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}: ", file.display())?;
        }
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        if let Some(hex) = &self.hex {
            write!(f, "hex {hex}: ")?;
        }
        write!(f, "{}", self.message)
    }
}

/// An ordered list of problems; the error type of every validating constructor.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problems(pub Vec<Problem>);

impl Problems {
    pub fn new() -> Problems {
        Problems(Vec::new())
    }

    pub fn push(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(Problem {
            file: None,
            field: field.into(),
            hex: None,
            message: message.into(),
        });
    }

    pub fn push_hex(
        &mut self,
        field: impl Into<String>,
        hex: impl Into<String>,
        message: impl Into<String>,
    ) {
        self.0.push(Problem {
            file: None,
            field: field.into(),
            hex: Some(hex.into()),
            message: message.into(),
        });
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Problem> {
        self.0.iter()
    }

    pub fn extend(&mut self, other: Problems) {
        self.0.extend(other.0);
    }

    /// Prefix every field with `prefix` (joined with `.` unless the field starts with `[`).
    pub fn nested(mut self, prefix: &str) -> Problems {
        for p in &mut self.0 {
            p.field = join_field(prefix, &p.field);
        }
        self
    }

    /// Attach a file name to every problem that has none yet.
    pub fn in_file(mut self, file: &Path) -> Problems {
        for p in &mut self.0 {
            if p.file.is_none() {
                p.file = Some(file.to_path_buf());
            }
        }
        self
    }

    /// `Ok(value)` when nothing was found, otherwise all the problems.
    pub fn into_result<T>(self, value: T) -> Result<T, Problems> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

pub fn join_field(prefix: &str, field: &str) -> String {
    if prefix.is_empty() {
        field.to_string()
    } else if field.is_empty() {
        prefix.to_string()
    } else if field.starts_with('[') {
        format!("{prefix}{field}")
    } else {
        format!("{prefix}.{field}")
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}

impl From<Problem> for Problems {
    fn from(p: Problem) -> Problems {
        Problems(vec![p])
    }
}
