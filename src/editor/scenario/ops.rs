//! The one way to change a scenario document: an [`Op`] on the file's JSON at a JSON pointer
//! (RFC 6901, `/sides/0/name`), or a brush dab on a zone. The ops know nothing of the format's
//! meaning: the document reads the result back as a [`crate::scenario::ScenarioFile`] and
//! refuses it, naming the field, when it is not one.

use crate::editor::Brush;
use crate::map::{HexCoord, Map};
use serde_json::Value;
use std::collections::BTreeSet;

#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// Replace the value at `pointer`, or add it as a new member of its (existing) object.
    Set { pointer: String, value: Value },
    /// Insert into the array at `pointer`, at `index` (at its end when `None`).
    Insert {
        pointer: String,
        index: Option<usize>,
        value: Value,
    },
    /// Take away an array element or an object member.
    Remove { pointer: String },
    /// A brush dab on the zone object at `zone` (`/deployment/0/zone`): its hexes gain
    /// (`add`) or lose the brush's hexes. A zone given by a rule becomes a painted zone (its
    /// rule is dropped, its hexes start as the rule's), since a zone's hexes must be what its
    /// rule computes; its original wording is kept.
    PaintZone {
        zone: String,
        center: HexCoord,
        brush: Brush,
        add: bool,
    },
}

/// The hexes of a brush centred on `center`, those on the map.
pub fn brush(map: &Map, center: HexCoord, brush: Brush) -> Vec<HexCoord> {
    let g = &map.grid;
    if !g.contains(center) {
        return Vec::new();
    }
    g.to_hex(center)
        .range(brush.radius())
        .filter_map(|x| g.from_hex(x))
        .filter(|h| g.contains(*h))
        .collect()
}

fn split(pointer: &str) -> Result<(&str, String), String> {
    let cut = pointer
        .rfind('/')
        .ok_or_else(|| format!("'{pointer}' is not a JSON pointer (it starts with '/')"))?;
    let last = pointer[cut + 1..].replace("~1", "/").replace("~0", "~");
    Ok((&pointer[..cut], last))
}

fn at<'a>(root: &'a mut Value, pointer: &str) -> Result<&'a mut Value, String> {
    root.pointer_mut(pointer)
        .ok_or_else(|| format!("nothing at '{pointer}' in the scenario"))
}

impl Op {
    pub(super) fn apply(&self, root: &mut Value, map: &Map) -> Result<(), String> {
        match self {
            Op::Set { pointer, value } => {
                if pointer.is_empty() {
                    return Err("the whole file cannot be replaced by an edit".into());
                }
                let (parent, last) = split(pointer)?;
                match at(root, parent)? {
                    Value::Object(o) => {
                        o.insert(last, value.clone());
                    }
                    Value::Array(a) => {
                        let i: usize = last
                            .parse()
                            .map_err(|_| format!("'{last}' is not an index of '{parent}'"))?;
                        let n = a.len();
                        let slot = a.get_mut(i).ok_or_else(|| {
                            format!("'{parent}' has {n} entries; there is no {i}")
                        })?;
                        *slot = value.clone();
                    }
                    _ => return Err(format!("'{parent}' holds no fields")),
                }
                Ok(())
            }
            Op::Insert {
                pointer,
                index,
                value,
            } => {
                let target = match root.pointer_mut(pointer) {
                    Some(t) => t,
                    None => {
                        // An optional list left out of the file (no reinforcements yet).
                        let (parent, last) = split(pointer)?;
                        let o = at(root, parent)?
                            .as_object_mut()
                            .ok_or_else(|| format!("'{parent}' holds no fields"))?;
                        o.entry(last).or_insert_with(|| Value::Array(Vec::new()))
                    }
                };
                let a = target
                    .as_array_mut()
                    .ok_or_else(|| format!("'{pointer}' is not a list"))?;
                let i = index.unwrap_or(a.len());
                if i > a.len() {
                    return Err(format!(
                        "'{pointer}' has {} entries; cannot insert at {i}",
                        a.len()
                    ));
                }
                a.insert(i, value.clone());
                Ok(())
            }
            Op::Remove { pointer } => {
                let (parent, last) = split(pointer)?;
                match at(root, parent)? {
                    Value::Object(o) => o
                        .remove(&last)
                        .map(|_| ())
                        .ok_or_else(|| format!("nothing at '{pointer}' in the scenario")),
                    Value::Array(a) => {
                        let i: usize = last
                            .parse()
                            .map_err(|_| format!("'{last}' is not an index of '{parent}'"))?;
                        if i >= a.len() {
                            return Err(format!(
                                "'{parent}' has {} entries; there is no {i}",
                                a.len()
                            ));
                        }
                        a.remove(i);
                        Ok(())
                    }
                    _ => Err(format!("'{parent}' holds no fields")),
                }
            }
            Op::PaintZone {
                zone,
                center,
                brush: size,
                add,
            } => {
                if !map.grid.contains(*center) {
                    return Err(format!(
                        "hex {} is not on the map ({})",
                        center,
                        map.grid.name_hint()
                    ));
                }
                let z = at(root, zone)?
                    .as_object_mut()
                    .ok_or_else(|| format!("'{zone}' is not a zone"))?;
                let mut hexes: BTreeSet<HexCoord> = BTreeSet::new();
                let listed: Vec<String> = z
                    .get("hexes")
                    .and_then(Value::as_array)
                    .map(|a| {
                        a.iter()
                            .filter_map(Value::as_str)
                            .map(String::from)
                            .collect()
                    })
                    .unwrap_or_default();
                if listed.is_empty() {
                    if let Some(rule) = z.get("rule") {
                        let rule: crate::scenario::zones::ZoneRule =
                            serde_json::from_value(rule.clone())
                                .map_err(|e| format!("'{zone}/rule': {e}"))?;
                        hexes.extend(rule.compute(map)?.iter().copied());
                    }
                } else {
                    for name in &listed {
                        hexes.insert(map.grid.parse(name).ok_or_else(|| {
                            format!("'{zone}/hexes': '{name}' is not a hex of the map")
                        })?);
                    }
                }
                for h in brush(map, *center, *size) {
                    if *add {
                        hexes.insert(h);
                    } else {
                        hexes.remove(&h);
                    }
                }
                z.remove("rule");
                // Row by row, as the hexes of a painted zone are listed in the shipped files.
                let mut sorted: Vec<HexCoord> = hexes.into_iter().collect();
                sorted.sort_by_key(|h| (h.col, h.row));
                z.insert(
                    "hexes".into(),
                    Value::Array(
                        sorted
                            .into_iter()
                            .map(|h| Value::String(map.grid.name(h)))
                            .collect(),
                    ),
                );
                Ok(())
            }
        }
    }
}
