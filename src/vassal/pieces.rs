//! Piece definitions in VASSAL's own encoding: what a `PieceSlot` holds and `AddPiece`
//! encodes (BasicCommandEncoder.java): `+/` then, joined with `/`, the id (`null`), the type
//! and the state.
//!
//! A piece is its traits, outermost first, ending in the `BasicPiece`
//! (`piece;CLONEKEY;DELETEKEY;IMAGE;NAME`, state `MAP;X;Y;GPID;0`). Each decorator's type and
//! state are its own joined with the inner piece's by a tab (Decorator.getType/getState), so
//! the tabs of inner traits are escaped once more at every level. Each property is one
//! `Marker` trait (`mark;KEY`, state the value), which VASSAL exposes as a piece property.

use super::sequence::{SequenceEncoder, encode};

/// One game piece of the module.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The BasicPiece's name ("British MZ").
    pub name: String,
    /// Image file name inside the module's `images/` folder.
    pub image: String,
    /// Properties, outermost trait first.
    pub properties: Vec<(String, String)>,
}

fn nest(types: &[String]) -> String {
    match types {
        [] => String::new(),
        [last] => last.clone(),
        [first, rest @ ..] => SequenceEncoder::new('\t')
            .append(first)
            .append(&nest(rest))
            .value(),
    }
}

impl Piece {
    /// The piece's type: its traits' types nested as VASSAL nests decorators.
    pub fn type_string(&self) -> String {
        let mut types: Vec<String> = self
            .properties
            .iter()
            .map(|(k, _)| format!("mark;{}", encode(',', &[k])))
            .collect();
        types.push(format!(
            "piece;{}",
            encode(';', &["", "", &self.image, &self.name])
        ));
        nest(&types)
    }

    /// The piece's state with game piece id `gpid`, off any map.
    pub fn state_string(&self, gpid: u32) -> String {
        let mut states: Vec<String> = self
            .properties
            .iter()
            .map(|(_, v)| encode(',', &[v]))
            .collect();
        states.push(encode(';', &["null", "0", "0", &gpid.to_string(), "0"]));
        nest(&states)
    }

    /// The text of a `PieceSlot`: the `AddPiece` command of a new piece.
    pub fn slot_text(&self, gpid: u32) -> String {
        format!(
            "+/{}",
            encode(
                '/',
                &["null", &self.type_string(), &self.state_string(gpid)]
            )
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traits_nest_with_escaped_tabs() {
        let p = Piece {
            name: "Blue MZ".into(),
            image: "blue-MZ.png".into(),
            properties: vec![("Side".into(), "Blue".into()), ("Fire".into(), "3".into())],
        };
        assert_eq!(
            p.type_string(),
            "mark;Side\tmark;Fire\\\tpiece;;;blue-MZ.png;Blue MZ"
        );
        assert_eq!(p.state_string(7), "Blue\t3\\\tnull;0;0;7;0");
        assert_eq!(
            p.slot_text(7),
            "+/null/mark;Side\tmark;Fire\\\tpiece;;;blue-MZ.png;Blue MZ/Blue\t3\\\tnull;0;0;7;0"
        );
        // A slash in a value is escaped by the command's encoder.
        let q = Piece {
            properties: vec![("Fire".into(), "2/4".into())],
            ..p
        };
        assert!(q.slot_text(1).contains("2\\/4"));
    }
}
