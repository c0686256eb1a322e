//! Piece definitions in VASSAL's own encoding: what a `PieceSlot` holds and `AddPiece`
//! encodes (BasicCommandEncoder.java): `+/` then, joined with `/`, the id (`null`), the type
//! and the state.
//!
//! A piece is its traits, outermost first, ending in the `BasicPiece`
//! (`piece;CLONEKEY;DELETEKEY;IMAGE;NAME`, state `MAP;X;Y;GPID;0`). Each decorator's type and
//! state are its own joined with the inner piece's by a tab (Decorator.getType/getState), so
//! the tabs of inner traits are escaped once more at every level. Each property is one
//! `Marker` trait (`mark;KEY`, state the value), which VASSAL exposes as a piece property. A
//! unit that faces has a `Can Rotate` trait (FreeRotator: `rotate;12;CW key;CCW key;CW
//! text;CCW text`, its state the index of its angle): twelve angles of 30 degrees, index `i`
//! drawn turned `i` x 30 degrees clockwise (VASSAL's valid angles are `-i * 360 / 12`, drawn
//! rotated by minus the angle), so the index is the facing's steps from north
//! ([`crate::engine::facing::Facing::steps`]); Ctrl+] and Ctrl+[ turn it.

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
    /// Where it faces, in steps of 30 degrees clockwise from north (0..12), for a unit that
    /// faces: a rotate trait inside the properties.
    pub facing: Option<u8>,
}

/// The rotate trait's type: twelve angles, turned by Ctrl+] (clockwise) and Ctrl+[.
const ROTATE: &str = "rotate;12;93,130;91,130;Rotate CW;Rotate CCW;;;Facing";

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
        if self.facing.is_some() {
            types.push(ROTATE.to_string());
        }
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
        if let Some(f) = self.facing {
            states.push((f % 12).to_string());
        }
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
            facing: None,
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
        // A unit facing ESE (four steps of 30 degrees): the rotate trait between the
        // properties and the piece, its state the angle's index.
        let r = Piece {
            properties: vec![("Side".into(), "Blue".into())],
            facing: Some(4),
            ..q
        };
        assert_eq!(
            r.type_string(),
            format!("mark;Side\t{}\\\tpiece;;;blue-MZ.png;Blue MZ", ROTATE)
        );
        assert_eq!(r.state_string(3), "Blue\t4\\\tnull;0;0;3;0");
    }
}
