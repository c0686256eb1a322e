//! A new map's grid and rule system as a form names them ("flat", "even", a rule system's key):
//! the words the app's *New map* form and the file format use, parsed in one place.

use crate::engine::RulesetId;
use crate::engine::game::registry::with_maps;
use crate::map::{Grid, Orientation, Shove};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridSpecError {
    #[error("orientation '{0}': use flat or pointy")]
    Orientation(String),
    #[error("shove '{0}': use even or odd")]
    Shove(String),
    #[error("ruleset '{given}': maps can be made for {known}")]
    Ruleset { given: String, known: String },
}

pub fn orientation(s: &str) -> Result<Orientation, GridSpecError> {
    match s {
        "flat" => Ok(Orientation::Flat),
        "pointy" => Ok(Orientation::Pointy),
        o => Err(GridSpecError::Orientation(o.to_string())),
    }
}

pub fn shove(s: &str) -> Result<Shove, GridSpecError> {
    match s {
        "even" => Ok(Shove::Even),
        "odd" => Ok(Shove::Odd),
        o => Err(GridSpecError::Shove(o.to_string())),
    }
}

/// A rule system maps can be made for ([`with_maps`]).
pub fn map_ruleset(key: &str) -> Result<RulesetId, GridSpecError> {
    let systems = with_maps();
    systems
        .iter()
        .find(|r| r.key() == key)
        .copied()
        .ok_or_else(|| GridSpecError::Ruleset {
            given: key.to_string(),
            known: systems
                .iter()
                .map(|r| r.key())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// The grid of a new map, its words checked (its size is checked by [`super::Document::new`]).
pub fn grid(
    orientation_word: &str,
    shove_word: &str,
    columns: u16,
    rows: u16,
) -> Result<Grid, GridSpecError> {
    Ok(Grid::new(
        orientation(orientation_word)?,
        shove(shove_word)?,
        columns,
        rows,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_words_parse_and_others_are_refused_naming_the_choices() {
        assert_eq!(orientation("flat"), Ok(Orientation::Flat));
        assert_eq!(orientation("pointy"), Ok(Orientation::Pointy));
        assert_eq!(shove("odd"), Ok(Shove::Odd));
        let e = orientation("Flat").unwrap_err().to_string();
        assert_eq!(e, "orientation 'Flat': use flat or pointy");
        assert_eq!(
            shove("left").unwrap_err().to_string(),
            "shove 'left': use even or odd"
        );
        let e = map_ruleset("chess").unwrap_err().to_string();
        for r in with_maps() {
            assert_eq!(map_ruleset(r.key()), Ok(r));
            assert!(e.contains(r.key()), "{e}");
        }
        assert_eq!(
            grid("pointy", "odd", 8, 6),
            Ok(Grid::new(Orientation::Pointy, Shove::Odd, 8, 6))
        );
        assert_eq!(
            grid("flat", "up", 8, 6),
            Err(GridSpecError::Shove("up".into()))
        );
    }
}
