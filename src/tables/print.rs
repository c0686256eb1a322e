//! A rule system's table files printed as people read tables (`kepi tables`): a heading with
//! the table's name, rule reference and source; each list of rows as aligned columns (numbers
//! to the right, words to the left, long words moved to numbered notes under the table); a
//! results matrix (rows of one key and one list, beside a list of column labels of the same
//! length, as the Combat Results Table and the Fire Table are) as the rules print it; a group
//! of numbers as a two-column list. Works from the JSON alone, for every system's files.
//!
//! Invariant: every value of the file is printed somewhere (tests/cli_tools.rs checks it for
//! every registered system's tables); only `format`, `version` and `ruleset` are left out.

use serde_json::{Map, Value};
use std::fmt::Write;

/// Keys every table file has that say what the file is rather than what the rules say.
const FILE_KEYS: [&str; 3] = ["format", "version", "ruleset"];
/// Keys that name a table or section and go into its heading.
const HEADING_KEYS: [&str; 4] = ["name", "reference", "case", "source"];
/// A cell longer than this becomes a numbered note under its table.
const LONG_CELL: usize = 36;
/// Paragraphs are wrapped at this width.
const WIDTH: usize = 96;

/// The whole file as text.
pub fn text(doc: &Value) -> String {
    let mut out = String::new();
    match doc {
        Value::Object(map) => section(&mut out, None, map, 0),
        other => out.push_str(&cell(other)),
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// A section: its heading, then its plain values, then its tables and sub-sections in the
/// file's order.
fn section(out: &mut String, key: Option<&str>, map: &Map<String, Value>, depth: usize) {
    let title = heading(key, map);
    if !title.is_empty() {
        let _ = writeln!(out, "{title}");
        let rule = if depth == 0 { '=' } else { '-' };
        let long = title.chars().count().min(WIDTH);
        let _ = writeln!(out, "{}\n", rule.to_string().repeat(long));
    }
    let body: Vec<(&String, &Value)> = map
        .iter()
        .filter(|(k, _)| !FILE_KEYS.contains(&k.as_str()) && !HEADING_KEYS.contains(&k.as_str()))
        .collect();
    let found = matrix(map);
    let in_matrix = |k: &str| found.is_some_and(|(l, r)| k == l || k == r);
    // Scalars and short lists first, as `name value` lines; then the matrix; then the rest.
    plain(
        out,
        body.iter().filter(|(k, v)| is_plain(v) && !in_matrix(k)),
    );
    if let Some((labels_key, rows_key)) = found {
        results_matrix(out, map, labels_key, rows_key);
    }
    for (k, v) in body.iter().filter(|(k, v)| !is_plain(v) && !in_matrix(k)) {
        match v {
            Value::Array(rows) if rows.iter().all(Value::is_object) => {
                let _ = writeln!(out, "{}\n", humane(k));
                let rows: Vec<&Map<String, Value>> =
                    rows.iter().filter_map(Value::as_object).collect();
                table(out, None, &rows);
            }
            Value::Object(m) if is_record_set(m) => {
                let _ = writeln!(out, "{}\n", humane(k));
                let rows: Vec<(&str, &Map<String, Value>)> = m
                    .iter()
                    .filter_map(|(name, r)| r.as_object().map(|r| (name.as_str(), r)))
                    .collect();
                let (names, records): (Vec<&str>, Vec<&Map<String, Value>>) =
                    rows.into_iter().unzip();
                table(out, Some(&names), &records);
            }
            Value::Object(m) => section(out, Some(k), m, depth + 1),
            other => {
                let _ = writeln!(out, "{}: {}\n", humane(k), cell(other));
            }
        }
    }
}

/// A section's heading: its name (or its key made readable), its reference or case, and its
/// source when it is not the rules text itself.
fn heading(key: Option<&str>, map: &Map<String, Value>) -> String {
    let name = map
        .get("name")
        .and_then(Value::as_str)
        .map(str::to_string)
        .or_else(|| key.map(humane))
        .unwrap_or_default();
    let mut parts = vec![name];
    for k in ["reference", "case"] {
        if let Some(r) = map.get(k).and_then(Value::as_str) {
            parts.push(format!("({r})"));
        }
    }
    if let Some(s) = map.get("source").and_then(Value::as_str) {
        parts.push(format!("[{s}]"));
    }
    parts.retain(|p| !p.is_empty());
    parts.join(" ")
}

/// `name value` lines, aligned; a long text as a wrapped paragraph after them.
fn plain<'a>(out: &mut String, items: impl Iterator<Item = &'a (&'a String, &'a Value)>) {
    let items: Vec<(String, String)> = items.map(|(k, v)| (humane(k), cell(v))).collect();
    let (short, long): (Vec<_>, Vec<_>) = items
        .into_iter()
        .partition(|(_, v)| v.chars().count() <= WIDTH / 2);
    let w = short
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    for (k, v) in &short {
        let _ = writeln!(out, "{k:<w$}  {v}");
    }
    if !short.is_empty() {
        out.push('\n');
    }
    for (k, v) in &long {
        wrap(out, &format!("{k}: {v}"), "");
        out.push('\n');
    }
}

/// A value fit for a `name value` line: a scalar, a list of scalars, or a group of them.
fn is_plain(v: &Value) -> bool {
    match v {
        Value::Array(a) => a.iter().all(is_scalar),
        // A small group without a heading of its own ("die: infantry 6, cavalry 8"); a larger
        // one, or one citing its case, is a section of `name value` lines.
        Value::Object(m) => {
            !m.is_empty()
                && m.len() <= 4
                && !HEADING_KEYS.iter().any(|k| m.contains_key(*k))
                && m.values().all(|x| is_scalar(x) || is_value_cell(x))
        }
        _ => true,
    }
}

fn is_scalar(v: &Value) -> bool {
    !matches!(v, Value::Array(_) | Value::Object(_))
}

/// A catalog's sourced value: `{"value": 3, "source": "rules text", "note": ...}`.
fn is_value_cell(v: &Value) -> bool {
    v.as_object().is_some_and(|m| m.contains_key("value"))
}

/// An object whose values are all records (objects of plain values): one row each.
fn is_record_set(m: &Map<String, Value>) -> bool {
    !m.is_empty()
        && m.values().all(|v| {
            v.as_object()
                .is_some_and(|r| r.values().all(|x| is_plain(x) || is_value_cell(x)))
        })
}

/// A results matrix: `rows` of objects with one scalar (the row's label) and one list, and a
/// sibling list of scalars as long as every row's list (the column labels). Answers the
/// labels' key and the rows' key.
fn matrix(map: &Map<String, Value>) -> Option<(&str, &str)> {
    for (rows_key, rows) in map {
        let Some(rows) = rows.as_array().filter(|r| !r.is_empty()) else {
            continue;
        };
        let lens: Option<Vec<usize>> = rows
            .iter()
            .map(|r| {
                let r = r.as_object()?;
                let lists: Vec<&Vec<Value>> = r.values().filter_map(Value::as_array).collect();
                (r.len() == 2 && lists.len() == 1).then(|| lists[0].len())
            })
            .collect();
        let Some(lens) = lens else { continue };
        let n = lens[0];
        if lens.iter().any(|&l| l != n) {
            continue;
        }
        let labels = map.iter().find(|(k, v)| {
            *k != rows_key
                && v.as_array()
                    .is_some_and(|a| a.len() == n && a.iter().all(is_scalar))
        });
        if let Some((labels_key, _)) = labels {
            return Some((labels_key.as_str(), rows_key.as_str()));
        }
    }
    None
}

fn results_matrix(out: &mut String, map: &Map<String, Value>, labels_key: &str, rows_key: &str) {
    let labels: Vec<String> = map[labels_key]
        .as_array()
        .expect("a matrix's labels are a list")
        .iter()
        .map(cell)
        .collect();
    let rows = map[rows_key]
        .as_array()
        .expect("a matrix's rows are a list");
    let first = rows[0].as_object().expect("a matrix row is an object");
    let (row_key, list_key) = {
        let scalar = first.iter().find(|(_, v)| is_scalar(v)).map(|(k, _)| k);
        let list = first.iter().find(|(_, v)| v.is_array()).map(|(k, _)| k);
        (
            scalar.cloned().unwrap_or_default(),
            list.cloned().unwrap_or_default(),
        )
    };
    let mut header = vec![format!("{} \\ {}", humane(&row_key), humane(labels_key))];
    header.extend(labels);
    let body: Vec<Vec<String>> = rows
        .iter()
        .filter_map(Value::as_object)
        .map(|r| {
            let mut line = vec![r.get(&row_key).map(cell).unwrap_or_default()];
            if let Some(list) = r.get(&list_key).and_then(Value::as_array) {
                line.extend(list.iter().map(cell));
            }
            line
        })
        .collect();
    grid(out, &header, &body);
    out.push('\n');
}

/// Rows of records as aligned columns (the keys in the order they first appear), `names`
/// as a first column when the rows are named; long cells become numbered notes.
fn table(out: &mut String, names: Option<&[&str]>, rows: &[&Map<String, Value>]) {
    // What names a row first (the files' keys come sorted), then the rest.
    let mut keys: Vec<&str> = ["code", "key", "name"]
        .into_iter()
        .filter(|k| rows.iter().any(|r| r.contains_key(*k)))
        .collect();
    for r in rows {
        for k in r.keys() {
            if !keys.contains(&k.as_str()) {
                keys.push(k);
            }
        }
    }
    let mut header: Vec<String> = Vec::new();
    if names.is_some() {
        header.push(String::new());
    }
    header.extend(keys.iter().map(|k| humane(k)));
    let mut notes: Vec<String> = Vec::new();
    let mut reconstructed = false;
    let body: Vec<Vec<String>> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut line: Vec<String> = names.map(|n| vec![n[i].to_string()]).unwrap_or_default();
            for k in &keys {
                let v = r.get(*k).unwrap_or(&Value::Null);
                if v.get("source").and_then(Value::as_str) == Some("reconstructed") {
                    reconstructed = true;
                }
                let mut c = cell(v);
                if let Some(note) = v.get("note").and_then(Value::as_str) {
                    c = format!("{c} [{}]", number(&mut notes, note));
                }
                if c.chars().count() > LONG_CELL {
                    c = format!("[{}]", number(&mut notes, &c));
                }
                line.push(c);
            }
            line
        })
        .collect();
    grid(out, &header, &body);
    if reconstructed || !notes.is_empty() {
        out.push('\n');
    }
    if reconstructed {
        let _ = writeln!(
            out,
            "* reconstructed: Kepi's value, not printed in the rules"
        );
    }
    for (i, n) in notes.iter().enumerate() {
        wrap(out, n, &format!("[{}] ", i + 1));
    }
    out.push('\n');
}

/// A note's number under its table, the same for the same words.
fn number(notes: &mut Vec<String>, note: &str) -> usize {
    match notes.iter().position(|n| n == note) {
        Some(i) => i + 1,
        None => {
            notes.push(note.to_string());
            notes.len()
        }
    }
}

/// Aligned columns under a header and a rule: numbers right-aligned, the rest left-aligned.
fn grid(out: &mut String, header: &[String], body: &[Vec<String>]) {
    let cols = header
        .len()
        .max(body.iter().map(Vec::len).max().unwrap_or(0));
    let width = |c: usize| {
        std::iter::once(header.get(c))
            .chain(body.iter().map(|r| r.get(c)))
            .flatten()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..cols).map(width).collect();
    let numeric: Vec<bool> = (0..cols)
        .map(|c| {
            let cells = || body.iter().filter_map(|r| r.get(c));
            let number = |s: &String| s.trim_end_matches('*').parse::<f64>().is_ok();
            cells().any(number) && cells().all(|s| number(s) || s == "-" || s.is_empty())
        })
        .collect();
    let line = |cells: &[String]| -> String {
        let parts: Vec<String> = (0..cols)
            .map(|c| {
                let s = cells.get(c).map(String::as_str).unwrap_or("");
                let w = widths[c];
                if numeric[c] {
                    format!("{s:>w$}")
                } else {
                    format!("{s:<w$}")
                }
            })
            .collect();
        parts.join("  ").trim_end().to_string()
    };
    let _ = writeln!(out, "{}", line(header));
    let _ = writeln!(
        out,
        "{}",
        widths
            .iter()
            .map(|&w| "-".repeat(w.max(1)))
            .collect::<Vec<_>>()
            .join("  ")
    );
    for r in body {
        let _ = writeln!(out, "{}", line(r));
    }
}

/// One value in words: a scalar as written, a sourced value with `*` when reconstructed, a
/// list of scalars joined, a group of scalars as `name value` pairs.
fn cell(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::Bool(b) => (if *b { "yes" } else { "no" }).into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        Value::Array(a) if a.iter().all(is_scalar) => {
            a.iter().map(cell).collect::<Vec<_>>().join(" ")
        }
        Value::Array(a) => a.iter().map(cell).collect::<Vec<_>>().join("; "),
        Value::Object(m) if m.contains_key("value") => {
            let mark = if m.get("source").and_then(Value::as_str) == Some("reconstructed") {
                "*"
            } else {
                ""
            };
            format!("{}{mark}", cell(&m["value"]))
        }
        Value::Object(m) => m
            .iter()
            .map(|(k, x)| format!("{} {}", humane(k), cell(x)))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// A key made readable: `fire_attack` → `fire attack`.
fn humane(k: &str) -> String {
    k.replace('_', " ")
}

/// A paragraph wrapped at [`WIDTH`], its first line after `lead` and the rest under it.
fn wrap(out: &mut String, text: &str, lead: &str) {
    let indent = " ".repeat(lead.chars().count());
    let mut line = lead.to_string();
    let mut empty = true;
    for word in text.split_whitespace() {
        if !empty && line.chars().count() + 1 + word.chars().count() > WIDTH {
            let _ = writeln!(out, "{line}");
            line = indent.clone();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    let _ = writeln!(out, "{line}");
}
