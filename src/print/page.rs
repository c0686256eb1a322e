//! Paper sizes and the margins every page keeps.

use super::{PrintError, mm};

/// What the document is printed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 inches.
    Letter,
    /// One large page holding the whole map (a plotter or print shop); the other pages A4.
    Sheet,
}

impl std::str::FromStr for Paper {
    type Err = PrintError;
    fn from_str(s: &str) -> Result<Paper, PrintError> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            "sheet" => Ok(Paper::Sheet),
            _ => Err(PrintError::Paper(s.to_string())),
        }
    }
}

/// Blank paper round every page's content, in millimetres: what home printers leave unprinted
/// with room to spare; page titles are set in it.
pub const MARGIN_MM: f64 = 10.0;

impl Paper {
    /// Portrait page size in points of the pages other than a sheet's map page.
    pub fn page_pt(self) -> (f64, f64) {
        match self {
            Paper::A4 | Paper::Sheet => (mm(210.0), mm(297.0)),
            Paper::Letter => (612.0, 792.0),
        }
    }
}
