//! Where a feature's name is set: along the feature, as a printed map letters a ridge or a
//! river. One rule for every picture (the core's renderer and the UI's labels layer port it;
//! the numbers of the tests below are the UI's test cases too).
//!
//! Coordinates are world units of one hex radius with y down (screen and image), so the
//! angle is the one a canvas `rotate` or an image transform takes (positive: clockwise).

/// Where and how a name is set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NamePlacement {
    /// The name's centre, in hex radii.
    pub x: f64,
    pub y: f64,
    /// Its baseline's angle in radians, within +-60 degrees (never upside down, never
    /// steeper than a hexside).
    pub angle: f64,
    /// The room along the angle, in hex radii: the feature's extent along it plus a hex.
    pub extent: f64,
}

/// The steepest a name is set (60 degrees): a steeper feature gets its name at this angle.
pub const MAX_ANGLE: f64 = std::f64::consts::FRAC_PI_3;

/// A feature whose spread along its main axis is less than this many times its spread
/// across is a blob (a town, a wood): its name is horizontal.
pub const ELONGATION: f64 = 2.0;

/// Where the name of a feature whose hexes have these centres goes: none without hexes; a
/// one-hex feature's name horizontal, half a radius below the hex's centre (clear of the hex
/// number at the top); otherwise centred on the centres' mean, along their principal axis
/// (the 2x2 covariance's first eigenvector) clamped to +-60 degrees, horizontal for a blob.
pub fn along(centres: &[(f64, f64)]) -> Option<NamePlacement> {
    let n = centres.len();
    if n == 0 {
        return None;
    }
    if n == 1 {
        let (x, y) = centres[0];
        return Some(NamePlacement {
            x,
            y: y + 0.5,
            angle: 0.0,
            extent: 1.6,
        });
    }
    let nf = n as f64;
    let mx = centres.iter().map(|c| c.0).sum::<f64>() / nf;
    let my = centres.iter().map(|c| c.1).sum::<f64>() / nf;
    let (mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0);
    for &(x, y) in centres {
        let (dx, dy) = (x - mx, y - my);
        sxx += dx * dx;
        syy += dy * dy;
        sxy += dx * dy;
    }
    let (sxx, syy, sxy) = (sxx / nf, syy / nf, sxy / nf);
    // Eigenvalues of [[sxx, sxy], [sxy, syy]].
    let half_trace = (sxx + syy) / 2.0;
    let root = (((sxx - syy) / 2.0).powi(2) + sxy * sxy).sqrt();
    let (major, minor) = (half_trace + root, half_trace - root);
    let axis = 0.5 * (2.0 * sxy).atan2(sxx - syy); // in (-90, 90] degrees
    let angle = if major < ELONGATION * ELONGATION * minor.max(0.0) {
        0.0
    } else {
        axis.clamp(-MAX_ANGLE, MAX_ANGLE)
    };
    let (ux, uy) = (angle.cos(), angle.sin());
    let along: Vec<f64> = centres
        .iter()
        .map(|&(x, y)| (x - mx) * ux + (y - my) * uy)
        .collect();
    let lo = along.iter().cloned().fold(f64::INFINITY, f64::min);
    let hi = along.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    Some(NamePlacement {
        x: mx,
        y: my,
        angle,
        extent: hi - lo + 1.6,
    })
}

/// The text set for a feature: its name with its code in brackets, since scenarios and victory
/// conditions cite codes ("Castelnuovo (V4)"); the name alone when it is the code, the code
/// alone when it has no name.
pub fn name_text(name: &str, code: &str) -> String {
    let (n, c) = (name.trim(), code.trim());
    if n.is_empty() {
        c.to_string()
    } else if c.is_empty() || n == c {
        n.to_string()
    } else {
        format!("{n} ({c})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn no_hexes_no_name_and_one_hex_a_name_below_its_centre() {
        assert_eq!(along(&[]), None);
        let p = along(&[(3.0, 4.0)]).unwrap();
        assert_eq!((p.x, p.y, p.angle, p.extent), (3.0, 4.5, 0.0, 1.6));
    }

    #[test]
    fn a_row_of_hexes_is_lettered_along_it() {
        // Three centres on a line rising 30 degrees to the right (y down: angle -30).
        let d = (3f64.sqrt(), -1.0);
        let p = along(&[(0.0, 0.0), d, (2.0 * d.0, 2.0 * d.1)]).unwrap();
        assert!(close(p.angle, -std::f64::consts::FRAC_PI_6), "{p:?}");
        assert!(close(p.x, d.0) && close(p.y, d.1));
        assert!(close(p.extent, 4.0 + 1.6), "{p:?}");
    }

    #[test]
    fn a_column_is_lettered_at_sixty_degrees_never_upright() {
        let p = along(&[(0.0, 0.0), (0.0, 2.0), (0.0, 4.0)]).unwrap();
        // The axis is 90 degrees; clamped to 60, and the extent measured along 60.
        assert!(close(p.angle, MAX_ANGLE), "{p:?}");
        assert!(close(p.extent, 4.0 * MAX_ANGLE.sin() + 1.6), "{p:?}");
    }

    #[test]
    fn a_name_carries_its_code() {
        assert_eq!(name_text("Castelnuovo", "V4"), "Castelnuovo (V4)");
        assert_eq!(name_text(" ", "V4"), "V4");
        assert_eq!(name_text("H26", "H26"), "H26");
        assert_eq!(name_text("Seminary Ridge", ""), "Seminary Ridge");
    }

    #[test]
    fn a_blob_is_lettered_level() {
        // A hex and its six neighbours (pointy layout, radius 1): no main axis.
        let s = 3f64.sqrt();
        let mut c = vec![(0.0, 0.0)];
        for k in 0..6 {
            let a = std::f64::consts::FRAC_PI_3 * k as f64;
            c.push((s * a.cos(), s * a.sin()));
        }
        let p = along(&c).unwrap();
        assert_eq!(p.angle, 0.0);
        assert!(close(p.x, 0.0) && close(p.y, 0.0));
        assert!(close(p.extent, 2.0 * s + 1.6), "{p:?}");
    }
}
