//! `kepi print`: the print-and-play PDF of a scenario, read back with poppler-utils (pdfinfo,
//! pdffonts, pdftotext, pdftoppm; scripts/setup.sh installs them).
//!
//! What is measured (docs/print.md gives the figures):
//! - page counts and page sizes (A4, Letter, a sheet), fonts embedded;
//! - the hex size on paper, from where the hex numbers ("0807", "0808") are set on the page;
//! - the map page rasterized by pdftoppm at the resolution where one picture pixel is one
//!   raster pixel, against `kepi render`'s PNG of the same scenario at the same scale: the
//!   mean absolute difference per channel and the share of pixels that differ by more than 64
//!   levels (text is set in a TrueType face in the PDF, in the bitmap font in the PNG);
//! - the counter backs: the back page's inked area is the front page's mirrored left-right.

use crate::common;
use common::cli::kepi_split as kepi;
use image::{GrayImage, RgbImage};
use kepi::library::load_scenario;
use kepi::map::{HexCoord, Orientation};
use kepi::render::{RenderOptions, render_scenario};
use std::path::{Path, PathBuf};
use std::process::Command;

const PLEVNA: &str = "scenarios/rs-12-plevna-grivitza.json";
const GETTYSBURG: &str = "scenarios/aor-gettysburg-first-day.json";

fn root(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn tool(name: &str, args: &[&str]) -> String {
    let out = Command::new(name)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{name} (poppler-utils, scripts/setup.sh installs it): {e}"));
    assert!(
        out.status.success(),
        "{name} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn print(scenario: &str, out: &Path, extra: &[&str]) -> String {
    let mut args = vec!["print", scenario, "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = kepi(&args);
    assert_eq!(code, 0, "kepi print {scenario}: {stderr}");
    assert!(out.exists());
    stdout
}

fn info(pdf: &Path) -> String {
    tool("pdfinfo", &[pdf.to_str().unwrap()])
}

fn pages(pdf: &Path) -> usize {
    let i = info(pdf);
    let line = i.lines().find(|l| l.starts_with("Pages:")).unwrap();
    line["Pages:".len()..].trim().parse().unwrap()
}

/// Each page's size in points.
fn page_sizes(pdf: &Path) -> Vec<(f64, f64)> {
    let n = pages(pdf);
    let i = tool(
        "pdfinfo",
        &["-f", "1", "-l", &n.to_string(), pdf.to_str().unwrap()],
    );
    i.lines()
        .filter(|l| l.starts_with("Page") && l.contains("size:"))
        .map(|l| {
            let v: Vec<f64> = l
                .split_whitespace()
                .filter_map(|w| w.parse::<f64>().ok())
                .collect();
            // "Page    3 size: 595.276 x 841.89 pts (A4)": the page number, then the size.
            (v[1], v[2])
        })
        .collect()
}

/// The words of page `page` with their boxes (x min, y min, x max, y max) in points.
fn words(pdf: &Path, page: usize) -> Vec<(String, [f64; 4])> {
    let p = page.to_string();
    let html = tool(
        "pdftotext",
        &["-bbox", "-f", &p, "-l", &p, pdf.to_str().unwrap(), "-"],
    );
    html.lines()
        .filter(|l| l.trim_start().starts_with("<word"))
        .map(|l| {
            let attr = |k: &str| -> f64 {
                let i = l.find(&format!("{k}=\"")).unwrap() + k.len() + 2;
                l[i..].split('"').next().unwrap().parse().unwrap()
            };
            let text = l.split('>').nth(1).unwrap().split('<').next().unwrap();
            (
                text.to_string(),
                [attr("xMin"), attr("yMin"), attr("xMax"), attr("yMax")],
            )
        })
        .collect()
}

/// The first page whose text holds `needle`.
fn page_with(pdf: &Path, needle: &str) -> usize {
    (1..=pages(pdf))
        .find(|&p| {
            let s = p.to_string();
            tool(
                "pdftotext",
                &["-f", &s, "-l", &s, pdf.to_str().unwrap(), "-"],
            )
            .contains(needle)
        })
        .unwrap_or_else(|| panic!("no page of {} says {needle:?}", pdf.display()))
}

fn raster(pdf: &Path, page: usize, dpi: f64, dir: &Path) -> RgbImage {
    let p = page.to_string();
    let prefix = dir.join(format!("page{page}"));
    tool(
        "pdftoppm",
        &[
            "-f",
            &p,
            "-l",
            &p,
            "-r",
            &format!("{dpi}"),
            "-singlefile",
            "-png",
            pdf.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    );
    image::open(prefix.with_extension("png")).unwrap().to_rgb8()
}

const A4: (f64, f64) = (595.276, 841.89);
const LETTER: (f64, f64) = (612.0, 792.0);

fn same_size(a: (f64, f64), b: (f64, f64)) -> bool {
    let close = |x: f64, y: f64| (x - y).abs() < 0.5;
    (close(a.0, b.0) && close(a.1, b.1)) || (close(a.0, b.1) && close(a.1, b.0))
}

#[test]
fn plevna_prints_on_a4_with_its_fonts_embedded() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("plevna.pdf");
    let said = print(PLEVNA, &out, &[]);
    let n = pages(&out);
    assert!(said.contains(&format!("{n} pages")), "{said}");
    // The map (1584 x 2385 px at 64 px per hex, 457 x 688 mm at 16 mm a hex) on 2 x 4
    // landscape tiles, counter sheets front and back, the card and the charts.
    assert!(said.contains("2 x 4 map"), "{said}");
    let sizes = page_sizes(&out);
    assert_eq!(sizes.len(), n);
    assert!(sizes.iter().all(|s| same_size(*s, A4)), "{sizes:?}");
    assert!(sizes[0].0 > sizes[0].1, "the map tiles are landscape");
    let fonts = tool("pdffonts", &[out.to_str().unwrap()]);
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(!rows.is_empty(), "{fonts}");
    for r in &rows {
        assert!(r.contains("DejaVuSansMono"), "{fonts}");
        // Columns: name, type, encoding, emb, sub, uni, object ID.
        let cols: Vec<&str> = r.split_whitespace().collect();
        let emb = cols[cols.len() - 5];
        assert_eq!(emb, "yes", "not embedded: {r}");
    }
    // The card and the charts are there, the scenario's words and the tables'.
    let card = page_with(&out, "Scenario card");
    let charts = page_with(&out, "Charts - page 1");
    assert!(card < charts && charts <= n);
    // The map's key first of the charts, on a page of its own, naming the map's terrain.
    let key = page_with(&out, "Charts - terrain key");
    assert_eq!(key + 1, charts);
    let s = key.to_string();
    let words = tool(
        "pdftotext",
        &["-f", &s, "-l", &s, out.to_str().unwrap(), "-"],
    );
    assert!(words.contains("WOODS") && words.contains("ROAD"), "{words}");
    let text = tool("pdftotext", &[out.to_str().unwrap(), "-"]);
    assert!(text.contains("Victory") && text.contains("forces"), "card");
}

#[test]
fn gettysburg_prints_on_letter_and_on_a_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("gettysburg.pdf");
    let said = print(GETTYSBURG, &out, &["--paper", "letter"]);
    let sizes = page_sizes(&out);
    assert!(said.contains(&format!("{} pages", sizes.len())), "{said}");
    assert!(sizes.iter().all(|s| same_size(*s, LETTER)), "{sizes:?}");
    // On a sheet: one map page the size of the map and its margins, the rest A4.
    let sheet = dir.path().join("sheet.pdf");
    let said = print(GETTYSBURG, &sheet, &["--paper", "sheet"]);
    assert!(said.contains("1 x 1 map"), "{said}");
    let sizes = page_sizes(&sheet);
    let png = render_scenario(
        &load_scenario(&root(GETTYSBURG)).unwrap(),
        &RenderOptions {
            scale: 64,
            ..RenderOptions::default()
        },
    )
    .unwrap();
    let mm_per_px = 16.0 / (3f64.sqrt() / 2.0 * 64.0);
    let pt = |px: u32| (px as f64 * mm_per_px + 20.0) * 72.0 / 25.4;
    let want = (pt(png.width()), pt(png.height()));
    assert!(
        (sizes[0].0 - want.0).abs() < 1.0 && (sizes[0].1 - want.1).abs() < 1.0,
        "{:?} vs {want:?}",
        sizes[0]
    );
    assert!(sizes[1..].iter().all(|s| same_size(*s, A4)), "{sizes:?}");
}

/// The hex size on paper, from the hex numbers: two hexes one above the other (flat-topped)
/// or side by side (pointy) are one hex across flats apart.
fn measured_hex_mm(pdf: &Path, scenario: &str) -> f64 {
    let s = load_scenario(&root(scenario)).unwrap();
    let grid = s.map.grid;
    let ws = words(pdf, 1);
    let find = |h: HexCoord| {
        let name = grid.name(h);
        ws.iter().find(|(t, _)| *t == name).map(|(_, b)| *b)
    };
    let mut gaps = Vec::new();
    for c in 2..8u16 {
        for r in 2..8u16 {
            let (a, b) = match grid.orientation {
                Orientation::Flat => (HexCoord::new(c, r), HexCoord::new(c, r + 1)),
                Orientation::Pointy => (HexCoord::new(c, r), HexCoord::new(c + 1, r)),
            };
            if let (Some(p), Some(q)) = (find(a), find(b)) {
                let d = match grid.orientation {
                    Orientation::Flat => q[1] - p[1],
                    Orientation::Pointy => q[0] - p[0],
                };
                gaps.push(d * 25.4 / 72.0);
            }
        }
    }
    assert!(gaps.len() >= 10, "hex numbers found: {}", gaps.len());
    gaps.iter().sum::<f64>() / gaps.len() as f64
}

#[test]
fn the_hex_size_on_paper_is_the_size_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    for (scenario, mm) in [(PLEVNA, None), (GETTYSBURG, Some("19"))] {
        let out = dir.path().join("hexes.pdf");
        let extra: Vec<&str> = mm.map_or(Vec::new(), |m| vec!["--hex-mm", m]);
        print(scenario, &out, &extra);
        let want: f64 = mm.map_or(16.0, |m| m.parse().unwrap());
        let got = measured_hex_mm(&out, scenario);
        eprintln!("{scenario}: hexes measure {got:.4} mm across flats, asked {want}");
        assert!(
            (got - want).abs() < 0.05,
            "{scenario}: hexes measure {got:.3} mm across flats, asked {want}"
        );
    }
}

/// Mean absolute difference per channel (0-255) and the share of pixels whose largest
/// channel difference is over 64, between `a` at (dx, dy) and `b`, over `b`'s size.
fn difference(a: &RgbImage, b: &RgbImage, dx: u32, dy: u32) -> (f64, f64) {
    let (mut sum, mut far, mut n) = (0u64, 0u64, 0u64);
    for y in 0..b.height() {
        for x in 0..b.width() {
            let (p, q) = (a.get_pixel(x + dx, y + dy).0, b.get_pixel(x, y).0);
            let d: Vec<u64> = (0..3).map(|i| p[i].abs_diff(q[i]) as u64).collect();
            sum += d.iter().sum::<u64>();
            if d.iter().any(|&v| v > 64) {
                far += 1;
            }
            n += 1;
        }
    }
    (sum as f64 / (3 * n) as f64, far as f64 / n as f64)
}

/// Tolerance of the map page against the PNG: see docs/print.md.
const MEAN_LIMIT: f64 = 8.0;
const FAR_LIMIT: f64 = 0.05;

#[test]
fn the_map_page_looks_like_the_png() {
    let dir = tempfile::tempdir().unwrap();
    for scenario in [GETTYSBURG, PLEVNA] {
        let out = dir.path().join("sheet.pdf");
        // A hex of 13.8564 mm across flats makes a picture pixel 0.25 mm: at 101.6 dpi it is
        // one raster pixel, and the 10 mm margin 40 pixels.
        let hex = 0.25 * 3f64.sqrt() / 2.0 * 64.0;
        print(
            scenario,
            &out,
            &["--paper", "sheet", "--hex-mm", &format!("{hex:.6}")],
        );
        let pdf = raster(&out, 1, 101.6, dir.path());
        let png = render_scenario(
            &load_scenario(&root(scenario)).unwrap(),
            &RenderOptions {
                scale: 64,
                ..RenderOptions::default()
            },
        )
        .unwrap();
        let png = image::DynamicImage::ImageRgba8(png).to_rgb8();
        assert!(pdf.width() >= png.width() + 80 && pdf.height() >= png.height() + 80);
        let (mean, far) = difference(&pdf, &png, 40, 40);

        eprintln!("{scenario}: mean difference {mean:.2} per channel, {far:.4} of pixels far");
        assert!(
            mean < MEAN_LIMIT && far < FAR_LIMIT,
            "{scenario}: mean {mean:.2}, far {far:.4}"
        );
        // The map sits where it should to the pixel: one pixel (0.25 mm) off any way matches
        // worse.
        for (dx, dy) in [(39, 40), (41, 40), (40, 39), (40, 41)] {
            let (mean_off, far_off) = difference(&pdf, &png, dx, dy);
            eprintln!("{scenario}: at ({dx}, {dy}): mean {mean_off:.2}, far {far_off:.4}");
            assert!(mean_off > mean, "{scenario}: ({dx}, {dy}) matches better");
        }
        // The control: half a hex off fails the tolerance.
        let (mean_off, far_off) = difference(&pdf, &png, 40 + 27, 40);
        eprintln!("{scenario}: half a hex off: mean {mean_off:.2}, far {far_off:.4}");
        assert!(
            mean_off >= MEAN_LIMIT || far_off >= FAR_LIMIT,
            "{scenario}: half a hex off still passes ({mean_off:.2}, {far_off:.4})"
        );
    }
}

fn inked(img: &RgbImage, top: u32) -> GrayImage {
    GrayImage::from_fn(img.width(), img.height(), |x, y| {
        let p = img.get_pixel(x, y).0;
        let ink = y >= top && p.iter().any(|&c| c < 235);
        image::Luma([if ink { 255 } else { 0 }])
    })
}

/// Pixels inked in one mask and not the other, over those inked in either; a pixel matches
/// when the other mask has its value within a pixel across (the page is 413.4 pixels wide at
/// 50 dpi, so its mirror falls between pixels, and the edges are anti-aliased).
fn mismatch(a: &GrayImage, b: &GrayImage, mirror_b: bool) -> f64 {
    let (mut xor, mut or) = (0u64, 0u64);
    let w = a.width().min(b.width());
    for y in 0..a.height().min(b.height()) {
        for x in 0..w {
            let bx = |x: u32| if mirror_b { b.width() - 1 - x } else { x };
            let p = a.get_pixel(x, y).0[0] > 0;
            let near = (x.saturating_sub(1)..=(x + 1).min(w - 1))
                .any(|x| (b.get_pixel(bx(x), y).0[0] > 0) == p);
            let q = b.get_pixel(bx(x), y).0[0] > 0;
            xor += u64::from(!near);
            or += u64::from(p || q);
        }
    }
    xor as f64 / or.max(1) as f64
}

#[test]
fn counter_backs_mirror_their_fronts() {
    let dir = tempfile::tempdir().unwrap();
    for scenario in [PLEVNA, GETTYSBURG] {
        let out = dir.path().join("counters.pdf");
        print(scenario, &out, &[]);
        let fronts = page_with(&out, "counter fronts 1 of");
        let backs = page_with(&out, "counter backs 1 of");
        assert_eq!(backs, fronts + 1, "each back page follows its fronts");
        assert_eq!(fronts % 2, 1, "fronts on an odd page, backs on its back");
        // 50 dpi; the captions' band (the top 16 mm) left out.
        let top = (16.0 / 25.4 * 50.0) as u32;
        let f = inked(&raster(&out, fronts, 50.0, dir.path()), top);
        let b = inked(&raster(&out, backs, 50.0, dir.path()), top);
        let mirrored = mismatch(&f, &b, true);
        eprintln!("{scenario}: fronts against mirrored backs differ on {mirrored:.4} of the ink");
        assert!(mirrored < 0.02, "{scenario}: {mirrored}");
        // The control: unmirrored, the last row (partly filled) is on the wrong side.
        let straight = mismatch(&f, &b, false);
        eprintln!("{scenario}: unmirrored they differ on {straight:.4}");
        if scenario == PLEVNA {
            assert!(straight > 0.05, "{straight}");
        }
        // The first counter's box: its front at the top left, its back at the top right.
        let first = |m: &GrayImage, from_right: bool| {
            (0..m.width())
                .map(|x| if from_right { m.width() - 1 - x } else { x })
                .find(|&x| (0..m.height()).any(|y| m.get_pixel(x, y).0[0] > 0))
                .unwrap()
        };
        let (fl, br) = (first(&f, false), first(&b, true));
        assert!(
            (fl as i64 - (b.width() - 1 - br) as i64).abs() <= 1,
            "front's left edge {fl}, back's right edge {br} of {}",
            b.width()
        );
    }
}

#[test]
fn bad_input_is_refused_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bad.pdf");
    let o = out.to_str().unwrap();
    let png = dir.path().join("x.png");
    let cases: [(&[&str], &str); 5] = [
        (
            &["print", PLEVNA, "--out", o, "--paper", "a3"],
            "--paper 'a3'",
        ),
        (
            &["print", PLEVNA, "--out", o, "--hex-mm", "3"],
            "--hex-mm 3",
        ),
        (
            &["print", PLEVNA, "--out", o, "--hex-mm", "NaN"],
            "--hex-mm NaN",
        ),
        (
            &["print", "scenarios/no-such.json", "--out", o],
            "no-such.json",
        ),
        (&["print", PLEVNA, "--out", png.to_str().unwrap()], "--out"),
    ];
    for (args, says) in cases {
        let (code, _, stderr) = kepi(args);
        assert_eq!(code, 1, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(
            !out.exists() && !dir.path().join("x.png").exists(),
            "{args:?}"
        );
    }
    // A file that is not a scenario.
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "{ not json").unwrap();
    let (code, _, stderr) = kepi(&["print", junk.to_str().unwrap(), "--out", o]);
    assert_eq!(code, 1);
    assert!(stderr.contains("junk.json"), "{stderr}");
    assert!(!out.exists());
}

#[test]
fn the_library_reports_progress_page_by_page() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("lib.pdf");
    let s = load_scenario(&root(GETTYSBURG)).unwrap();
    let mut seen = Vec::new();
    let printed =
        kepi::print::write_pdf(&s, &kepi::print::PrintOptions::default(), &out, &mut |p| {
            seen.push(p)
        })
        .unwrap();
    assert_eq!(pages(&out), printed.pages);
    assert_eq!(seen.len(), printed.pages);
    for (i, p) in seen.iter().enumerate() {
        assert_eq!((p.done, p.total), (i + 1, printed.pages));
    }
    let parts: Vec<&str> = seen.iter().map(|p| p.part).collect();
    for part in ["map", "counters", "card", "charts"] {
        assert!(parts.contains(&part), "{parts:?}");
    }
}
