//! Path data as the glyph library writes it: absolute `M x y`, `L x y` and `Z` only, numbers
//! separated by spaces or commas. Curves are flattened when the library is built ([`circle`],
//! [`polygon`]), so every renderer draws the same vertices: the raster and the PDF here, a
//! canvas with `new Path2D(d)` in the app.

/// The contours of `d`: one per `M`, a closed one (`Z`) ending with its first point again, so
/// that a stroke of it goes all the way round. Unknown commands and stray numbers are skipped
/// (the library is built from [`PathBuilder`]; the unit tests parse every glyph).
pub fn parse(d: &str) -> Vec<Vec<(f64, f64)>> {
    let mut out: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut cur: Vec<(f64, f64)> = Vec::new();
    let mut nums: Vec<f64> = Vec::new();
    let mut cmd = ' ';
    let flush_point = |cmd: char,
                       nums: &mut Vec<f64>,
                       cur: &mut Vec<(f64, f64)>,
                       out: &mut Vec<Vec<(f64, f64)>>| {
        if nums.len() == 2 {
            if cmd == 'M' && !cur.is_empty() {
                out.push(std::mem::take(cur));
            }
            cur.push((nums[0], nums[1]));
            nums.clear();
        }
    };
    for tok in d
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        match tok {
            "M" | "L" => {
                nums.clear();
                cmd = tok.chars().next().unwrap_or(' ');
            }
            "Z" | "z" => {
                if let Some(&first) = cur.first() {
                    cur.push(first);
                    out.push(std::mem::take(&mut cur));
                }
                nums.clear();
            }
            n => {
                if let Ok(v) = n.parse::<f64>() {
                    nums.push(v);
                    flush_point(cmd, &mut nums, &mut cur, &mut out);
                    // A second pair after M is a line to (as in SVG).
                    if cmd == 'M' && nums.is_empty() {
                        cmd = 'L';
                    }
                }
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Writes path data with numbers rounded to 1/1000 of the unit box.
#[derive(Default)]
pub struct PathBuilder {
    d: String,
}

fn num(v: f64) -> String {
    let r = (v * 1000.0).round() / 1000.0;
    let s = format!("{r}");
    if s == "-0" { "0".into() } else { s }
}

impl PathBuilder {
    pub fn new() -> PathBuilder {
        PathBuilder::default()
    }

    /// An open polyline.
    pub fn line(mut self, pts: &[(f64, f64)]) -> PathBuilder {
        for (i, p) in pts.iter().enumerate() {
            if !self.d.is_empty() {
                self.d.push(' ');
            }
            self.d.push(if i == 0 { 'M' } else { 'L' });
            self.d.push_str(&format!(" {} {}", num(p.0), num(p.1)));
        }
        self
    }

    /// A closed polygon.
    pub fn polygon(self, pts: &[(f64, f64)]) -> PathBuilder {
        let mut b = self.line(pts);
        b.d.push_str(" Z");
        b
    }

    /// An axis-aligned rectangle from (x0, y0) to (x1, y1).
    pub fn rect(self, x0: f64, y0: f64, x1: f64, y1: f64) -> PathBuilder {
        self.polygon(&[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    }

    /// A circle flattened to `n` sides.
    pub fn circle(self, cx: f64, cy: f64, r: f64, n: usize) -> PathBuilder {
        self.polygon(&polygon(cx, cy, r, n, 0.0))
    }

    pub fn build(self) -> String {
        self.d
    }
}

/// A regular `n`-gon of radius `r` around (cx, cy), its first vertex at `turn` radians.
pub fn polygon(cx: f64, cy: f64, r: f64, n: usize, turn: f64) -> Vec<(f64, f64)> {
    (0..n)
        .map(|i| {
            let t = turn + std::f64::consts::TAU * i as f64 / n as f64;
            (cx + r * t.cos(), cy + r * t.sin())
        })
        .collect()
}

/// Points on the arc of radius `r` around (cx, cy) from angle `a0` to `a1` (radians).
pub fn arc(cx: f64, cy: f64, r: f64, a0: f64, a1: f64, n: usize) -> Vec<(f64, f64)> {
    (0..=n)
        .map(|i| {
            let t = a0 + (a1 - a0) * i as f64 / n as f64;
            (cx + r * t.cos(), cy + r * t.sin())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_parse_into_contours() {
        let c = parse("M 0 0 L 1 0 L 1 1 Z M -1 -1 L -0.5 0.25");
        assert_eq!(
            c,
            vec![
                vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 0.0)],
                vec![(-1.0, -1.0), (-0.5, 0.25)]
            ]
        );
    }

    #[test]
    fn the_builder_writes_what_parse_reads() {
        let d = PathBuilder::new()
            .rect(-0.5, -0.25, 0.5, 0.25)
            .line(&[(0.0, 0.0), (0.1234, -0.9)])
            .build();
        assert_eq!(
            d,
            "M -0.5 -0.25 L 0.5 -0.25 L 0.5 0.25 L -0.5 0.25 Z M 0 0 L 0.123 -0.9"
        );
        assert_eq!(parse(&d).len(), 2);
        assert_eq!(parse(&d)[0].len(), 5);
    }
}
