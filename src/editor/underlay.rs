//! Underlay pictures: a scanned historical map under the grid, for tracing.
//!
//! An imported PNG or JPEG is decoded here and downscaled so that its longer side is at most
//! [`MAX_SIDE`] pixels, then kept as PNG beside the map. Files over [`MAX_FILE_BYTES`] and
//! pictures over [`MAX_PIXELS`] are refused before they are decoded, so a huge scan cannot
//! exhaust memory.

use crate::map::{Grid, Orientation, Underlay};
use image::{GenericImageView, ImageFormat, ImageReader, imageops::FilterType};
use std::io::Cursor;

/// Longest side of a stored underlay, in pixels.
pub const MAX_SIDE: u32 = 4096;
/// Largest file accepted for import.
pub const MAX_FILE_BYTES: usize = 64 * 1024 * 1024;
/// Largest picture accepted for import (width times height).
pub const MAX_PIXELS: u64 = 150_000_000;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnderlayError {
    #[error("the file is {0} MB; an underlay picture may be at most {max} MB", max = MAX_FILE_BYTES / (1024 * 1024))]
    FileTooLarge(usize),
    #[error(
        "the picture is {width} x {height} pixels ({} megapixels); an underlay may be at most {} megapixels: scale it down first",
        (*width as u64 * *height as u64).div_ceil(1_000_000),
        MAX_PIXELS / 1_000_000
    )]
    TooManyPixels { width: u32, height: u32 },
    #[error("not a PNG or JPEG picture")]
    UnknownFormat,
    #[error("cannot read the picture: {0}")]
    Decode(String),
}

/// A picture ready to be stored: PNG bytes and their size in pixels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnderlayImage {
    pub png: Vec<u8>,
    pub width: u32,
    pub height: u32,
    /// The size of the picture as imported, before downscaling.
    pub original: (u32, u32),
}

/// Decode a PNG or JPEG and downscale it to at most [`MAX_SIDE`] pixels on its longer side.
pub fn prepare(bytes: &[u8]) -> Result<UnderlayImage, UnderlayError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(UnderlayError::FileTooLarge(
            bytes.len().div_ceil(1024 * 1024),
        ));
    }
    let format = image::guess_format(bytes).map_err(|_| UnderlayError::UnknownFormat)?;
    if !matches!(format, ImageFormat::Png | ImageFormat::Jpeg) {
        return Err(UnderlayError::UnknownFormat);
    }
    let reader = ImageReader::with_format(Cursor::new(bytes), format);
    let (width, height) = reader
        .into_dimensions()
        .map_err(|e| UnderlayError::Decode(e.to_string()))?;
    if width as u64 * height as u64 > MAX_PIXELS {
        return Err(UnderlayError::TooManyPixels { width, height });
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.no_limits();
    let img = reader
        .decode()
        .map_err(|e| UnderlayError::Decode(e.to_string()))?;
    let (w, h) = img.dimensions();
    let img = if w.max(h) > MAX_SIDE {
        let k = MAX_SIDE as f64 / w.max(h) as f64;
        let (nw, nh) = (
            ((w as f64 * k).round() as u32).max(1),
            ((h as f64 * k).round() as u32).max(1),
        );
        img.resize_exact(nw, nh, FilterType::Triangle)
    } else {
        img
    };
    let rgba = img.to_rgba8();
    let png = crate::render::encode_png(&rgba).map_err(|e| UnderlayError::Decode(e.to_string()))?;
    Ok(UnderlayImage {
        png,
        width: rgba.width(),
        height: rgba.height(),
        original: (width, height),
    })
}

/// An underlay for a picture `width` pixels wide, placed over the map's width at half opacity:
/// its top left corner at the map's top left corner (in hex radii from the centre of hex 0101,
/// the core's origin, see [`Grid::center`]), unrotated, stored at `image` beside the map.
pub fn fit(grid: &Grid, width: u32, image: String) -> Underlay {
    let s3 = 3f64.sqrt();
    // Width of the map in hex radii: flat columns are 1.5 radii apart, pointy hexes sqrt(3)
    // radii wide, with the shoved row's half hex.
    let (across, x, y) = match grid.orientation {
        Orientation::Flat => (1.5 * (grid.columns as f64 - 1.0) + 2.0, -1.0, -s3 / 2.0),
        Orientation::Pointy => (s3 * (grid.columns as f64 + 0.5), -s3 / 2.0, -1.0),
    };
    Underlay {
        image,
        x,
        y,
        scale: across / width.max(1) as f64,
        rotation_deg: 0.0,
        opacity: 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Shove;
    use image::{Rgba, RgbaImage};

    #[test]
    fn a_fitted_underlay_spans_the_map_from_its_top_left_corner() {
        let flat = Grid::new(Orientation::Flat, Shove::Even, 10, 8);
        let u = fit(&flat, 290, "underlays/m.png".into());
        // 10 flat columns: 9 steps of 1.5 radii plus a radius each side = 15.5 radii.
        assert!((u.scale * 290.0 - 15.5).abs() < 1e-9);
        assert_eq!((u.x, u.rotation_deg, u.opacity), (-1.0, 0.0, 0.5));
        assert!((u.y + 3f64.sqrt() / 2.0).abs() < 1e-12);
        assert_eq!(u.image, "underlays/m.png");
        let pointy = Grid::new(Orientation::Pointy, Shove::Odd, 4, 4);
        let u = fit(&pointy, 100, String::new());
        assert!((u.scale * 100.0 - 3f64.sqrt() * 4.5).abs() < 1e-9);
        assert_eq!(u.y, -1.0);
        // The hex 0101's centre is the origin, so the left edge is half a hex width left of it.
        assert!((u.x + 3f64.sqrt() / 2.0).abs() < 1e-12);
        assert!(fit(&pointy, 0, String::new()).scale.is_finite());
    }

    fn png(w: u32, h: u32) -> Vec<u8> {
        let img = RgbaImage::from_pixel(w, h, Rgba([10, 20, 30, 255]));
        crate::render::encode_png(&img).unwrap()
    }

    #[test]
    fn small_pictures_are_kept_and_large_ones_downscaled() {
        let u = prepare(&png(40, 20)).unwrap();
        assert_eq!((u.width, u.height), (40, 20));
        let u = prepare(&png(5000, 100)).unwrap();
        assert_eq!((u.width, u.height), (4096, 82));
        assert_eq!(u.original, (5000, 100));
    }

    #[test]
    fn jpeg_is_read() {
        let img = image::RgbImage::from_pixel(30, 10, image::Rgb([200, 100, 50]));
        let mut out = Vec::new();
        image::codecs::jpeg::JpegEncoder::new(&mut out)
            .encode_image(&img)
            .unwrap();
        let u = prepare(&out).unwrap();
        assert_eq!((u.width, u.height), (30, 10));
    }

    fn crc32(data: &[u8]) -> u32 {
        let mut c = 0xffff_ffffu32;
        for &b in data {
            c ^= b as u32;
            for _ in 0..8 {
                c = if c & 1 == 1 {
                    0xedb8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
        }
        !c
    }

    #[test]
    fn huge_and_unknown_pictures_are_refused_before_decoding() {
        // A PNG header claiming 20000 x 20000 pixels: refused from its size alone.
        let mut bytes = png(1, 1);
        bytes[16..20].copy_from_slice(&20000u32.to_be_bytes());
        bytes[20..24].copy_from_slice(&20000u32.to_be_bytes());
        let crc = crc32(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        let e = prepare(&bytes).unwrap_err();
        assert!(matches!(e, UnderlayError::TooManyPixels { .. }), "{e}");
        assert!(e.to_string().contains("400 megapixels"), "{e}");
        assert_eq!(prepare(b"hello"), Err(UnderlayError::UnknownFormat));
    }
}
