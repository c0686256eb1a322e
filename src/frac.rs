//! Exact fractions for rules arithmetic.
//!
//! Wargame tables are full of thirds and quarters (R&S 4(M): a road hex costs 1/3 MP;
//! R&S 10.4: an LB at 11 hexes fires at 2 1/4; R&S 9.2 notes: a trench on a bridge defends at
//! 1 1/2). Floating point would make `1/3 + 1/3 + 1/3 != 1`, so every such value is a `Frac`.
//!
//! Invariant: `den > 0` and `gcd(|num|, den) == 1`, so equal values have equal fields and the
//! derived `Eq`/`Hash` are value equality.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Sub};
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frac {
    num: i64,
    den: i64,
}

/// Greatest common divisor of |a| and |b| (0 when both are 0), by Stein's binary algorithm:
/// shifts and subtractions, no division (fractions are reduced on every operation).
fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    if a == 0 || b == 0 {
        return (a | b) as i64;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return (a << shift) as i64;
        }
    }
}

impl Frac {
    pub const ZERO: Frac = Frac { num: 0, den: 1 };
    pub const ONE: Frac = Frac { num: 1, den: 1 };

    /// A reduced fraction. Panics only on a zero denominator, which is a programming error:
    /// every denominator read from a file goes through [`Frac::from_str`], which refuses it.
    pub fn new(num: i64, den: i64) -> Frac {
        assert!(den != 0, "fraction with zero denominator");
        let sign = if den < 0 { -1 } else { 1 };
        let g = gcd(num, den).max(1);
        if g == 1 {
            return Frac {
                num: sign * num,
                den: sign * den,
            };
        }
        Frac {
            num: sign * num / g,
            den: sign * den / g,
        }
    }

    pub const fn int(n: i64) -> Frac {
        Frac { num: n, den: 1 }
    }

    pub fn num(self) -> i64 {
        self.num
    }

    pub fn den(self) -> i64 {
        self.den
    }

    pub fn is_integer(self) -> bool {
        self.den == 1
    }

    /// Largest integer not above the value.
    pub fn floor(self) -> i64 {
        self.num.div_euclid(self.den)
    }

    /// Smallest integer not below the value.
    pub fn ceil(self) -> i64 {
        -(-self).floor()
    }

    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    pub fn recip(self) -> Frac {
        Frac::new(self.den, self.num)
    }
}

impl std::ops::Neg for Frac {
    type Output = Frac;
    fn neg(self) -> Frac {
        Frac {
            num: -self.num,
            den: self.den,
        }
    }
}

impl Add for Frac {
    type Output = Frac;
    fn add(self, o: Frac) -> Frac {
        // Both are reduced (every Frac is): adding zero or two integers needs no reduction.
        if o.num == 0 {
            return self;
        }
        if self.num == 0 {
            return o;
        }
        if self.den == o.den {
            if self.den == 1 {
                return Frac::int(self.num + o.num);
            }
            return Frac::new(self.num + o.num, self.den);
        }
        Frac::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }
}

impl Sub for Frac {
    type Output = Frac;
    fn sub(self, o: Frac) -> Frac {
        self + (-o)
    }
}

impl Mul for Frac {
    type Output = Frac;
    fn mul(self, o: Frac) -> Frac {
        Frac::new(self.num * o.num, self.den * o.den)
    }
}

impl Div for Frac {
    type Output = Frac;
    fn div(self, o: Frac) -> Frac {
        Frac::new(self.num * o.den, self.den * o.num)
    }
}

impl PartialOrd for Frac {
    fn partial_cmp(&self, o: &Frac) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Frac {
    fn cmp(&self, o: &Frac) -> Ordering {
        (self.num as i128 * o.den as i128).cmp(&(o.num as i128 * self.den as i128))
    }
}

impl From<i64> for Frac {
    fn from(n: i64) -> Frac {
        Frac::int(n)
    }
}

/// Printed as wargame rules print them: `3`, `1/3`, `2 1/4`, `-1/2`.
impl fmt::Display for Frac {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            return write!(f, "{}", self.num);
        }
        let whole = self.num / self.den;
        let rest = (self.num % self.den).abs();
        if whole == 0 {
            write!(f, "{}/{}", self.num, self.den)
        } else {
            write!(f, "{} {}/{}", whole, rest, self.den)
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a number or fraction (expected forms: 3, 1/3, 2 1/4)")]
pub struct FracError(pub String);

impl FromStr for Frac {
    type Err = FracError;
    fn from_str(s: &str) -> Result<Frac, FracError> {
        let bad = || FracError(s.to_string());
        let t = s.trim();
        let parse_simple = |p: &str| -> Result<Frac, FracError> {
            match p.split_once('/') {
                Some((n, d)) => {
                    let n: i64 = n.trim().parse().map_err(|_| bad())?;
                    let d: i64 = d.trim().parse().map_err(|_| bad())?;
                    if d <= 0 {
                        return Err(bad());
                    }
                    Ok(Frac::new(n, d))
                }
                None => p.trim().parse::<i64>().map(Frac::int).map_err(|_| bad()),
            }
        };
        match t.split_once(' ') {
            Some((whole, part)) => {
                let w: i64 = whole.parse().map_err(|_| bad())?;
                let p = parse_simple(part)?;
                if !part.contains('/') || p.num < 0 || p >= Frac::ONE {
                    return Err(bad());
                }
                Ok(if w < 0 {
                    Frac::int(w) - p
                } else {
                    Frac::int(w) + p
                })
            }
            None => parse_simple(t),
        }
    }
}

impl Serialize for Frac {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.den == 1 {
            s.serialize_i64(self.num)
        } else {
            s.serialize_str(&self.to_string())
        }
    }
}

impl<'de> Deserialize<'de> for Frac {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Frac, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Int(i64),
            Text(String),
        }
        match Raw::deserialize(d)? {
            Raw::Int(n) => Ok(Frac::int(n)),
            Raw::Text(t) => t.parse().map_err(serde::de::Error::custom),
        }
    }
}

/// In a schema, a number is an integer or a fraction in the forms Kepi writes (`"1/3"`,
/// `"2 1/4"`, `"-1/2"`). Kepi also reads stray spaces around the parts, which the pattern
/// does not admit, and refuses a zero denominator, which the pattern does admit.
impl schemars::JsonSchema for Frac {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Frac".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A whole number, or an exact fraction as a string: \"1/3\", \"2 1/4\".",
            "anyOf": [
                { "type": "integer" },
                { "type": "string", "pattern": "^-?[0-9]+(/[0-9]+| [0-9]+/[0-9]+)?$" }
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_gcd_agrees_with_euclid() {
        fn euclid(a: i64, b: i64) -> i64 {
            let (mut a, mut b) = (a.abs(), b.abs());
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        }
        for a in -60..=60 {
            for b in -60..=60 {
                assert_eq!(gcd(a, b), euclid(a, b), "gcd({a}, {b})");
            }
        }
        assert_eq!(gcd(1 << 40, 3 << 20), 1 << 20);
        assert_eq!(gcd(7_919 * 104_729, 7_919 * 3), 7_919);
        // Sums keep fractions reduced, through the shortcuts too.
        assert_eq!(Frac::new(1, 6) + Frac::new(1, 6), Frac::new(1, 3));
        assert_eq!(Frac::ZERO + Frac::new(2, 4), Frac::new(1, 2));
        assert_eq!((Frac::new(1, 2) + Frac::new(-1, 2)).den(), 1);
    }

    #[test]
    fn thirds_add_up_exactly() {
        let third = Frac::new(1, 3);
        assert_eq!(third + third + third, Frac::ONE);
    }

    #[test]
    fn prints_and_parses_mixed_numbers() {
        for (text, value) in [
            ("3", Frac::int(3)),
            ("1/3", Frac::new(1, 3)),
            ("2 1/4", Frac::new(9, 4)),
            ("1 1/2", Frac::new(3, 2)),
            ("-1/2", Frac::new(-1, 2)),
        ] {
            assert_eq!(text.parse::<Frac>().unwrap(), value, "{text}");
            assert_eq!(value.to_string(), text);
        }
        assert!("1/0".parse::<Frac>().is_err());
        assert!("2 5/4".parse::<Frac>().is_err());
        assert!("x".parse::<Frac>().is_err());
    }

    #[test]
    fn floor_ceil_and_order() {
        assert_eq!(Frac::new(7, 2).floor(), 3);
        assert_eq!(Frac::new(7, 2).ceil(), 4);
        assert_eq!(Frac::new(-7, 2).floor(), -4);
        assert!(Frac::new(1, 3) < Frac::new(1, 2));
    }

    #[test]
    fn serde_uses_integers_when_whole() {
        assert_eq!(serde_json::to_string(&Frac::int(2)).unwrap(), "2");
        assert_eq!(
            serde_json::to_string(&Frac::new(9, 4)).unwrap(),
            "\"2 1/4\""
        );
        let f: Frac = serde_json::from_str("\"1/3\"").unwrap();
        assert_eq!(f, Frac::new(1, 3));
    }
}
