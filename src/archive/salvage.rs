//! Reading a table of a damaged SQLite file past its bad pages, row by row in key order.
//!
//! A damaged page (zeroed, overwritten, cut off by a truncation) makes every statement that
//! walks through it fail with "database disk image is malformed". A table's b-tree is ordered by
//! its key, so a walk that fails after key `c` can start again from a later key: the smallest
//! `x` for which "the first row after `x`" reads again is found by doubling steps then halving
//! them, and the keys from `c + 1` to `x` are reported as lost. Each search costs at most a
//! couple of hundred look-ups, whatever the size of the gap.
//!
//! Invariants:
//! - only reads the source connection; every row handed on read whole, with every column;
//! - the rows of one key (the dice of one node, in a table keyed `(node_id, seq)`) are handed
//!   on together or not at all: a key whose rows were read in part is reported lost;
//! - every key that could not be read lies in a reported range; a range may also hold keys
//!   that had no row.

use super::Result;
use rusqlite::types::Value;
use rusqlite::{Connection, ErrorCode};
use serde::Serialize;

/// Keys of a table whose rows could not be read: `first` to `last` (inclusive), or to the end
/// of the table when `last` is `None`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LostRows {
    pub table: String,
    /// The key column: `rowid`, or the first column of a table without rowids.
    pub key: String,
    pub first: i64,
    pub last: Option<i64>,
}

impl LostRows {
    pub fn contains(&self, key: i64) -> bool {
        key >= self.first && self.last.is_none_or(|l| key <= l)
    }
}

impl std::fmt::Display for LostRows {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let column = if self.key == "rowid" { "id" } else { &self.key };
        match self.last {
            Some(l) if l == self.first => {
                write!(
                    f,
                    "{}: the row with {column} {} is unreadable",
                    self.table, l
                )
            }
            Some(l) => write!(
                f,
                "{}: the rows with {column} {} to {l} are unreadable",
                self.table, self.first
            ),
            None => write!(
                f,
                "{}: the rows with {column} from {} to the end are unreadable",
                self.table, self.first
            ),
        }
    }
}

/// Whether SQLite says the file is damaged ("database disk image is malformed").
pub fn is_corrupt(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _)
        if matches!(f.code, ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase))
}

/// Whether an error reading a row says the file is damaged (rather than, say, a missing table).
pub fn is_damage(e: &rusqlite::Error) -> bool {
    match e {
        rusqlite::Error::SqliteFailure(f, _) => matches!(
            f.code,
            ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase | ErrorCode::SystemIoFailure
        ),
        // A garbled record can read back as a value of the wrong kind.
        rusqlite::Error::InvalidColumnType(..)
        | rusqlite::Error::Utf8Error(..)
        | rusqlite::Error::FromSqlConversionFailure(..)
        | rusqlite::Error::IntegralValueOutOfRange(..) => true,
        _ => false,
    }
}

/// How to walk one table: `SELECT key, columns FROM table WHERE key > ? ORDER BY order`.
pub(super) struct TableWalk<'a> {
    pub table: &'a str,
    /// `rowid`, or the first column of a `WITHOUT ROWID` table's key.
    pub key: &'a str,
    /// The table's own order: `rowid` (the same as `key`: one row a key), or the whole primary
    /// key of a table without rowids (several rows a key, handed on together).
    pub order: &'a str,
    pub columns: &'a [String],
}

/// How one walk ended.
enum Walked {
    /// The end of the table.
    End,
    /// Damage after the rows of key `after` (or before any row); `partial` is the key whose
    /// rows were being read when it struck, if some of them had been.
    Damaged { after: i64, partial: Option<i64> },
}

impl TableWalk<'_> {
    fn sql(&self, limit: &str) -> String {
        format!(
            "SELECT {}, {} FROM {} WHERE {} > ?1 ORDER BY {}{limit}",
            self.key,
            self.columns.join(", "),
            self.table,
            self.key,
            self.order
        )
    }

    /// Every readable row, handed to `each` a key at a time (the rows of one key, in order),
    /// and the keys that could not be read.
    pub fn salvage(
        &self,
        src: &Connection,
        each: &mut dyn FnMut(&[Vec<Value>]) -> Result<()>,
    ) -> Result<Vec<LostRows>> {
        let mut lost = Vec::new();
        let mut after = i64::MIN;
        // How far to jump when a walk stops again without a new row: doubled at each such
        // stop, so a garbled stretch that reads in the probes but not in the walks (keys out
        // of order) is passed in a few dozen rounds, never one key at a time.
        let mut stall: i64 = 1;
        loop {
            let (from, partial) = match self.walk(src, after, each)? {
                Walked::End => return Ok(lost),
                Walked::Damaged { after, partial } => (after, partial),
            };
            if from > after {
                stall = 1;
            } else {
                stall = stall.saturating_mul(2);
            }
            // The first key that cannot have been read whole.
            let first = partial.unwrap_or(from.saturating_add(1));
            let resume = self.first_readable_at_or_above(src, first.saturating_sub(1))?;
            let range = |last| LostRows {
                table: self.table.to_string(),
                key: self.key.to_string(),
                first,
                last,
            };
            match resume {
                None => {
                    lost.push(range(None));
                    return Ok(lost);
                }
                Some(x) => {
                    // At least one key is passed over, so every round makes progress.
                    let last = x.max(first).max(after.saturating_add(stall));
                    lost.push(range(Some(last)));
                    if last == i64::MAX {
                        return Ok(lost);
                    }
                    // Never back: a garbled page may hand keys out of order.
                    after = last.max(after.saturating_add(1));
                }
            }
        }
    }

    /// Read from the first key after `after` until the end or the first damage.
    fn walk(
        &self,
        src: &Connection,
        after: i64,
        each: &mut dyn FnMut(&[Vec<Value>]) -> Result<()>,
    ) -> Result<Walked> {
        let n = self.columns.len();
        let mut st = src.prepare(&self.sql(""))?;
        let mut rows = st.query([after])?;
        let mut done = after;
        let mut group: Vec<Vec<Value>> = Vec::new();
        let mut group_key: Option<i64> = None;
        loop {
            let row = match rows.next() {
                Ok(Some(r)) => read_row(r, n),
                Ok(None) => Ok(None),
                Err(e) => Err(e),
            };
            match row {
                // A garbled page may hand a key out of order: whatever it says, the walk only
                // goes forward (a row met again is skipped).
                Ok(Some((k, _))) if k <= done => {}
                Ok(Some((k, values))) => {
                    if group_key != Some(k) {
                        if let Some(g) = group_key {
                            each(&group)?;
                            done = g;
                        }
                        group.clear();
                        group_key = Some(k);
                    }
                    group.push(values);
                    if self.order == self.key {
                        // One row a key: it is whole once read.
                        each(&group)?;
                        done = k;
                        group.clear();
                        group_key = None;
                    }
                }
                Ok(None) => {
                    if !group.is_empty() {
                        each(&group)?;
                    }
                    return Ok(Walked::End);
                }
                Err(e) if is_damage(&e) => {
                    return Ok(Walked::Damaged {
                        after: done,
                        partial: group_key,
                    });
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Whether the first row after key `x` reads whole.
    fn readable_after(&self, src: &Connection, x: i64) -> Result<bool> {
        let mut st = src.prepare_cached(&self.sql(" LIMIT 1"))?;
        let mut rows = st.query([x])?;
        let got = match rows.next() {
            Ok(Some(r)) => read_row(r, self.columns.len()).map(|_| ()),
            Ok(None) => Ok(()),
            Err(e) => Err(e),
        };
        match got {
            Ok(()) => Ok(true),
            Err(e) if is_damage(&e) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// The smallest `x >= c` after which the table reads again, or `None` when nothing after
    /// `c` does (the damage runs to the end of the table).
    fn first_readable_at_or_above(&self, src: &Connection, c: i64) -> Result<Option<i64>> {
        if self.readable_after(src, c)? {
            return Ok(Some(c));
        }
        // Doubling steps from the last key that did not read until one does (`lo` never
        // reads, `hi` does); every step at least doubles the distance from `c`, so this ends
        // at `i64::MAX` within 64 steps.
        let mut lo = c;
        let mut step: i64 = 1;
        let hi = loop {
            let x = lo.saturating_add(step);
            if self.readable_after(src, x)? {
                break x;
            }
            if x == i64::MAX {
                return Ok(None);
            }
            lo = x;
            step = step.saturating_mul(2);
        };
        // ...then halving the gap between them (in i128: the gap may not fit an i64).
        let (mut lo, mut hi) = (i128::from(lo), i128::from(hi));
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if self.readable_after(src, mid as i64)? {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        Ok(Some(hi as i64))
    }
}

/// The key and every column of a row, each read whole.
fn read_row(r: &rusqlite::Row, n: usize) -> rusqlite::Result<Option<(i64, Vec<Value>)>> {
    let key: i64 = r.get(0)?;
    let values = (1..=n)
        .map(|i| r.get::<_, Value>(i))
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Some((key, values)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_range_holds_its_keys_and_says_which() {
        let range = |first, last| LostRows {
            table: "nodes".into(),
            key: "rowid".into(),
            first,
            last,
        };
        let r = range(40, Some(59));
        assert!(r.contains(40) && r.contains(59) && !r.contains(39) && !r.contains(60));
        assert_eq!(
            r.to_string(),
            "nodes: the rows with id 40 to 59 are unreadable"
        );
        assert_eq!(
            range(7, Some(7)).to_string(),
            "nodes: the row with id 7 is unreadable"
        );
        let open = range(80, None);
        assert!(open.contains(i64::MAX) && !open.contains(79));
        assert_eq!(
            open.to_string(),
            "nodes: the rows with id from 80 to the end are unreadable"
        );
    }
}
