//! Two built-in bitmap fonts, drawn crisp at whole-number scales: a 5x7 font for labels and
//! titles (digits, capital letters and a few symbols; lower case is drawn in capitals) and a
//! 3x5 font of digits (with '-' and '/') for hex numbers and counters' values lines.

use super::raster::{Color, rect};
use image::RgbaImage;

/// Which font.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Font {
    /// 5x7 capitals, digits and symbols.
    Label,
    /// 3x5 digits only (hex numbers).
    Small,
}

impl Font {
    /// Glyph width and height in font pixels.
    pub fn cell(self) -> (u32, u32) {
        match self {
            Font::Label => (5, 7),
            Font::Small => (3, 5),
        }
    }

    /// Width of `text` in image pixels at scale `k` (one font pixel of space between glyphs).
    pub fn width(self, text: &str, k: u32) -> u32 {
        let n = text.chars().count() as u32;
        let (w, _) = self.cell();
        if n == 0 { 0 } else { (n * (w + 1) - 1) * k }
    }

    pub fn height(self, k: u32) -> u32 {
        self.cell().1 * k
    }

    /// Whether the font draws every character of `text` (the small font: digits, '-', '/').
    pub fn draws(self, text: &str) -> bool {
        match self {
            Font::Label => true,
            Font::Small => text
                .chars()
                .all(|c| c.is_ascii_digit() || c == '-' || c == '/'),
        }
    }

    /// Rows of the glyph for `c`, top first, each row's bits right-aligned (leftmost pixel is
    /// the highest of `cell().0` bits).
    fn glyph(self, c: char) -> &'static [u8] {
        match self {
            Font::Label => glyph5x7(c),
            Font::Small => glyph3x5(c),
        }
    }
}

/// The inked font pixels of `c`'s glyph: (column, row) from its top-left.
pub(crate) fn glyph_cells(font: Font, c: char) -> impl Iterator<Item = (u32, u32)> {
    let (w, _) = font.cell();
    font.glyph(c)
        .iter()
        .enumerate()
        .flat_map(move |(row, bits)| {
            (0..w)
                .filter(move |col| bits >> (w - 1 - col) & 1 == 1)
                .map(move |col| (col, row as u32))
        })
}

/// Draw `text` with its top-left corner at (x, y), scale `k`.
pub(crate) fn draw_text(
    img: &mut RgbaImage,
    text: &str,
    x: i64,
    y: i64,
    k: u32,
    font: Font,
    c: Color,
) {
    let (w, _) = font.cell();
    let k = k as i64;
    for (i, ch) in text.chars().enumerate() {
        let gx = x + i as i64 * (w as i64 + 1) * k;
        for (row, bits) in font.glyph(ch).iter().enumerate() {
            for col in 0..w {
                if bits >> (w - 1 - col) & 1 == 1 {
                    rect(img, gx + col as i64 * k, y + row as i64 * k, k, k, c);
                }
            }
        }
    }
}

/// Fold text into what the label font draws: capitals, digits and its symbols.
pub(crate) fn fold(text: &str) -> String {
    text.chars()
        .map(|c| {
            let c = match c {
                'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => {
                    'A'
                }
                'ç' | 'Ç' => 'C',
                'è' | 'é' | 'ê' | 'ë' | 'È' | 'É' | 'Ê' | 'Ë' => 'E',
                'ì' | 'í' | 'î' | 'ï' | 'Ì' | 'Í' | 'Î' | 'Ï' => 'I',
                'ñ' | 'Ñ' => 'N',
                'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' => {
                    'O'
                }
                'ù' | 'ú' | 'û' | 'ü' | 'Ù' | 'Ú' | 'Û' | 'Ü' => 'U',
                'ý' | 'ÿ' | 'Ý' => 'Y',
                '–' | '—' => '-',
                '‘' | '’' => '\'',
                '“' | '”' => '"',
                c => c.to_ascii_uppercase(),
            };
            if std::ptr::eq(glyph5x7(c), &UNKNOWN[..]) && c != '?' {
                '?'
            } else {
                c
            }
        })
        .collect()
}

/// The glyph of characters the font lacks (a question mark); a static, so that it has one
/// address to compare against.
static UNKNOWN: [u8; 7] = [
    0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b00000, 0b00100,
];

fn glyph5x7(c: char) -> &'static [u8] {
    match c {
        '0' => &[
            0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110,
        ],
        '1' => &[
            0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110,
        ],
        '2' => &[
            0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111,
        ],
        '3' => &[
            0b11111, 0b00010, 0b00100, 0b00010, 0b00001, 0b10001, 0b01110,
        ],
        '4' => &[
            0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010,
        ],
        '5' => &[
            0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110,
        ],
        '6' => &[
            0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110,
        ],
        '7' => &[
            0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000,
        ],
        '8' => &[
            0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110,
        ],
        '9' => &[
            0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100,
        ],
        'A' => &[
            0b01110, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001,
        ],
        'B' => &[
            0b11110, 0b10001, 0b10001, 0b11110, 0b10001, 0b10001, 0b11110,
        ],
        'C' => &[
            0b01110, 0b10001, 0b10000, 0b10000, 0b10000, 0b10001, 0b01110,
        ],
        'D' => &[
            0b11100, 0b10010, 0b10001, 0b10001, 0b10001, 0b10010, 0b11100,
        ],
        'E' => &[
            0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111,
        ],
        'F' => &[
            0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b10000,
        ],
        'G' => &[
            0b01110, 0b10001, 0b10000, 0b10111, 0b10001, 0b10001, 0b01111,
        ],
        'H' => &[
            0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001,
        ],
        'I' => &[
            0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110,
        ],
        'J' => &[
            0b00111, 0b00010, 0b00010, 0b00010, 0b00010, 0b10010, 0b01100,
        ],
        'K' => &[
            0b10001, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010, 0b10001,
        ],
        'L' => &[
            0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b11111,
        ],
        'M' => &[
            0b10001, 0b11011, 0b10101, 0b10101, 0b10001, 0b10001, 0b10001,
        ],
        'N' => &[
            0b10001, 0b10001, 0b11001, 0b10101, 0b10011, 0b10001, 0b10001,
        ],
        'O' => &[
            0b01110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110,
        ],
        'P' => &[
            0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000,
        ],
        'Q' => &[
            0b01110, 0b10001, 0b10001, 0b10001, 0b10101, 0b10010, 0b01101,
        ],
        'R' => &[
            0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001,
        ],
        'S' => &[
            0b01111, 0b10000, 0b10000, 0b01110, 0b00001, 0b00001, 0b11110,
        ],
        'T' => &[
            0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100,
        ],
        'U' => &[
            0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110,
        ],
        'V' => &[
            0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100,
        ],
        'W' => &[
            0b10001, 0b10001, 0b10001, 0b10101, 0b10101, 0b10101, 0b01010,
        ],
        'X' => &[
            0b10001, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001, 0b10001,
        ],
        'Y' => &[
            0b10001, 0b10001, 0b10001, 0b01010, 0b00100, 0b00100, 0b00100,
        ],
        'Z' => &[
            0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b11111,
        ],
        ' ' => &[0; 7],
        '-' => &[0, 0, 0, 0b11111, 0, 0, 0],
        '_' => &[0, 0, 0, 0, 0, 0, 0b11111],
        '.' => &[0, 0, 0, 0, 0, 0b01100, 0b01100],
        ',' => &[0, 0, 0, 0, 0b01100, 0b00100, 0b01000],
        ':' => &[0, 0b01100, 0b01100, 0, 0b01100, 0b01100, 0],
        ';' => &[0, 0b01100, 0b01100, 0, 0b01100, 0b00100, 0b01000],
        '(' => &[
            0b00010, 0b00100, 0b01000, 0b01000, 0b01000, 0b00100, 0b00010,
        ],
        ')' => &[
            0b01000, 0b00100, 0b00010, 0b00010, 0b00010, 0b00100, 0b01000,
        ],
        '/' => &[0, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0],
        '&' => &[
            0b01100, 0b10010, 0b10100, 0b01000, 0b10101, 0b10010, 0b01101,
        ],
        '\'' => &[0b01100, 0b00100, 0b01000, 0, 0, 0, 0],
        '"' => &[0b01010, 0b01010, 0b01010, 0, 0, 0, 0],
        '!' => &[0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0, 0b00100],
        '+' => &[0, 0b00100, 0b00100, 0b11111, 0b00100, 0b00100, 0],
        '=' => &[0, 0, 0b11111, 0, 0b11111, 0, 0],
        '#' => &[
            0b01010, 0b01010, 0b11111, 0b01010, 0b11111, 0b01010, 0b01010,
        ],
        '*' => &[0, 0b00100, 0b10101, 0b01110, 0b10101, 0b00100, 0],
        '…' => &[0, 0, 0, 0, 0, 0, 0b10101],
        _ => &UNKNOWN,
    }
}

fn glyph3x5(c: char) -> &'static [u8] {
    match c {
        '0' => &[0b111, 0b101, 0b101, 0b101, 0b111],
        '1' => &[0b010, 0b110, 0b010, 0b010, 0b111],
        '2' => &[0b111, 0b001, 0b111, 0b100, 0b111],
        '3' => &[0b111, 0b001, 0b111, 0b001, 0b111],
        '4' => &[0b101, 0b101, 0b111, 0b001, 0b001],
        '5' => &[0b111, 0b100, 0b111, 0b001, 0b111],
        '6' => &[0b111, 0b100, 0b111, 0b101, 0b111],
        '7' => &[0b111, 0b001, 0b010, 0b010, 0b010],
        '8' => &[0b111, 0b101, 0b111, 0b101, 0b111],
        '9' => &[0b111, 0b101, 0b111, 0b001, 0b111],
        '-' => &[0, 0, 0b111, 0, 0],
        '/' => &[0b001, 0b001, 0b010, 0b100, 0b100],
        _ => &[0; 5],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    #[test]
    fn every_label_glyph_fits_its_cell() {
        let chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ -.,:;()/&'\"!+=#*?…";
        for c in chars.chars() {
            let g = glyph5x7(c);
            assert_eq!(g.len(), 7, "{c}");
            assert!(g.iter().all(|r| *r < 32), "{c}");
        }
        for c in "0123456789-/".chars() {
            let g = glyph3x5(c);
            assert_eq!(g.len(), 5);
            assert!(g.iter().all(|r| *r < 8), "{c}");
        }
    }

    #[test]
    fn widths_and_folding() {
        assert_eq!(Font::Label.width("V4", 1), 11);
        assert_eq!(Font::Label.width("V4", 2), 22);
        assert_eq!(Font::Small.width("0812", 1), 15);
        assert_eq!(Font::Label.width("", 3), 0);
        assert_eq!(fold("Montebello – Pont"), "MONTEBELLO - PONT");
        assert_eq!(fold("Résumé ~"), "RESUME ?");
    }

    #[test]
    fn text_is_drawn_crisp() {
        let mut img = RgbaImage::from_pixel(12, 7, Rgba([255, 255, 255, 255]));
        draw_text(&mut img, "1", 0, 0, 1, Font::Label, Color::rgb(0, 0, 0));
        // The 5x7 "1": its top row is 00100.
        let row0: Vec<u8> = (0..5).map(|x| img.get_pixel(x, 0).0[0]).collect();
        assert_eq!(row0, [255, 255, 0, 255, 255]);
        assert_eq!(img.get_pixel(2, 6).0[0], 0);
    }
}
