//! A JSON number kept exactly as the decimal it was written as.
//!
//! The engine only ever asks whether a number is a whole number (a saved game's version, a seed
//! count, a round), so the reader never converts to floating point: Rust's float parsing and
//! printing were a seventh of the page's WebAssembly module. A decimal also compares exactly.
//!
//! ```
//! use walak::format::json::Number;
//! let four: Number = "40e-1".parse().unwrap();
//! assert_eq!(four.as_whole(), Some(4));
//! assert_eq!(four, Number::from(4u8));
//! assert_eq!(four.to_string(), "4");
//! assert_eq!("-0.0250".parse::<Number>().unwrap().to_string(), "-0.025");
//! assert_eq!("1.5e300".parse::<Number>().unwrap().to_string(), "1.5e+300");
//! assert!("4.5".parse::<Number>().unwrap() > Number::from(4u8));
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// `±digits × 10^exponent`, normalised: `digits` has no leading or trailing zero, and zero is
/// the empty string with exponent 0 and no sign (as `JSON.stringify` writes `-0`: `0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Number {
    negative: bool,
    digits: String,
    exponent: i64,
}

/// Text that is not a JSON number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotANumber;

impl Number {
    /// The number if it is a whole number from 0 to `u64::MAX` (`4`, `4.0` or `4e0` alike).
    pub fn as_whole(&self) -> Option<u64> {
        if self.negative {
            return None;
        }
        self.whole_magnitude()
    }

    /// The number if it is a whole number from `i64::MIN` to `i64::MAX`.
    ///
    /// ```
    /// use walak::format::json::Number;
    /// assert_eq!("-2e1".parse::<Number>().unwrap().as_integer(), Some(-20));
    /// assert_eq!("-0.5".parse::<Number>().unwrap().as_integer(), None);
    /// ```
    pub fn as_integer(&self) -> Option<i64> {
        let magnitude = self.whole_magnitude()?;
        if self.negative {
            0i64.checked_sub_unsigned(magnitude)
        } else {
            i64::try_from(magnitude).ok()
        }
    }

    /// The size of a whole number, if it fits a `u64`.
    fn whole_magnitude(&self) -> Option<u64> {
        if self.digits.is_empty() {
            return Some(0);
        }
        let zeros = 10u64.checked_pow(u32::try_from(self.exponent).ok()?)?;
        self.digits.parse::<u64>().ok()?.checked_mul(zeros)
    }

    /// How many digits come before the decimal point (negative for 0.00…).
    fn point(&self) -> i64 {
        (self.digits.len() as i64).saturating_add(self.exponent)
    }
}

impl From<u64> for Number {
    fn from(n: u64) -> Number {
        n.to_string().parse().expect("a whole number's digits are a number")
    }
}

/// The smaller whole numbers the saved game writes: a seed count, a round, its version.
macro_rules! from_whole {
    ($($t:ty),*) => {$(
        impl From<$t> for Number {
            fn from(n: $t) -> Number {
                Number::from(u64::from(n))
            }
        }
    )*};
}
from_whole!(u8, u16, u32);

/// Reads a number in JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
impl FromStr for Number {
    type Err = NotANumber;

    fn from_str(text: &str) -> Result<Number, NotANumber> {
        let (negative, rest) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (mantissa, power) = match rest.find(['e', 'E']) {
            Some(at) => (&rest[..at], Some(&rest[at + 1..])),
            None => (rest, None),
        };
        let (whole, fraction) = match mantissa.split_once('.') {
            Some((whole, fraction)) => (whole, Some(fraction)),
            None => (mantissa, None),
        };
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(whole) || (whole.len() > 1 && whole.starts_with('0')) || !fraction.map_or(true, all_digits) {
            return Err(NotANumber);
        }
        let mut exponent: i64 = match power {
            None => 0,
            Some(power) => {
                let (sign, digits) = match power.as_bytes().first() {
                    Some(b'-') => (-1, &power[1..]),
                    Some(b'+') => (1, &power[1..]),
                    _ => (1, power),
                };
                if !all_digits(digits) {
                    return Err(NotANumber);
                }
                // A power beyond any float is kept, capped far from overflowing what is added to it.
                let magnitude = digits
                    .bytes()
                    .fold(0i64, |n, d| n.saturating_mul(10).saturating_add(i64::from(d - b'0')).min(1 << 60));
                sign * magnitude
            }
        };
        let fraction = fraction.unwrap_or("");
        exponent -= fraction.len() as i64;
        let all = format!("{whole}{fraction}");
        let significant = all.trim_start_matches('0');
        let trimmed = significant.trim_end_matches('0');
        exponent += (significant.len() - trimmed.len()) as i64;
        if trimmed.is_empty() {
            return Ok(Number { negative: false, digits: String::new(), exponent: 0 });
        }
        Ok(Number { negative, digits: trimmed.to_string(), exponent })
    }
}

/// As JavaScript writes a number: `12`, `0.25`, `1.5e+300`, `1e-7` (with the digits as read,
/// however many: JavaScript would round them to the nearest double).
impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.digits.is_empty() {
            return f.write_str("0");
        }
        if self.negative {
            f.write_str("-")?;
        }
        let (digits, point) = (self.digits.as_str(), self.point());
        let count = digits.len() as i64;
        if count <= point && point <= 21 {
            write!(f, "{digits}{}", "0".repeat((point - count) as usize))
        } else if 0 < point && point <= 21 {
            let (whole, fraction) = digits.split_at(point as usize);
            write!(f, "{whole}.{fraction}")
        } else if -6 < point && point <= 0 {
            write!(f, "0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
        } else {
            let (first, rest) = digits.split_at(1);
            let power = point - 1;
            let sign = if power < 0 { '-' } else { '+' };
            let dot = if rest.is_empty() { "" } else { "." };
            write!(f, "{first}{dot}{rest}e{sign}{}", power.unsigned_abs())
        }
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        let sign = |n: &Number| {
            if n.digits.is_empty() {
                0
            } else if n.negative {
                -1
            } else {
                1
            }
        };
        let by_sign = sign(self).cmp(&sign(other));
        if by_sign != Ordering::Equal || sign(self) == 0 {
            return by_sign;
        }
        // Same sign: compare the magnitudes, then turn round for negative numbers.
        let magnitude = self.point().cmp(&other.point()).then_with(|| self.digits.cmp(&other.digits));
        if self.negative {
            magnitude.reverse()
        } else {
            magnitude
        }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(text: &str) -> Number {
        text.parse().unwrap_or_else(|_| panic!("{text:?} was refused"))
    }

    #[test]
    fn the_same_value_written_differently_is_the_same_number() {
        for text in ["4", "4.0", "4e0", "40e-1", "0.4E1", "4.000e+0"] {
            assert_eq!(number(text), Number::from(4u8), "{text}");
        }
        assert_eq!(number("-0"), number("0.000e5"));
        assert_eq!(number("-0").to_string(), "0");
    }

    #[test]
    fn only_whole_numbers_in_range_are_whole() {
        assert_eq!(number("56").as_whole(), Some(56));
        assert_eq!(number("0").as_whole(), Some(0));
        assert_eq!(number("18446744073709551615").as_whole(), Some(u64::MAX));
        for text in ["4.5", "-1", "18446744073709551616", "1e20000", "1e-3"] {
            assert_eq!(number(text).as_whole(), None, "{text}");
        }
    }

    #[test]
    fn writes_as_javascript_does() {
        for (text, written) in [
            ("1e21", "1e+21"),
            ("123e18", "123000000000000000000"),
            ("0.000001", "0.000001"),
            ("0.0000001", "1e-7"),
            ("-12.50", "-12.5"),
            ("2.5e-9", "2.5e-9"),
            ("1e99999999999999999999", "1e+1152921504606846976"),
        ] {
            assert_eq!(number(text).to_string(), written, "{text}");
            assert_eq!(number(written), number(text), "{written} reads back");
        }
    }

    #[test]
    fn orders_by_value() {
        let ordered = ["-1e3", "-2.5", "-0.001", "0", "1e-9", "0.5", "1", "1.0001", "9.99", "10", "1e21"];
        for pair in ordered.windows(2) {
            assert!(number(pair[0]) < number(pair[1]), "{} < {}", pair[0], pair[1]);
        }
    }

    #[test]
    fn powers_beyond_any_float_keep_their_sign() {
        for length in 19..=60 {
            let long = "9".repeat(length);
            let (huge, tiny) = (number(&format!("4e{long}")), number(&format!("4e-{long}")));
            assert!(huge > number("1e308") && huge.as_whole().is_none(), "4e{long}");
            assert!(number("0") < tiny && tiny < number("1e-308"), "4e-{long}");
        }
    }

    #[test]
    fn refuses_what_is_not_a_json_number() {
        for text in ["", "-", "01", "1.", ".5", "+1", "1e", "1e+", "--1", "0x10", "NaN", "Infinity", "1 "] {
            assert_eq!(text.parse::<Number>(), Err(NotANumber), "{text:?}");
        }
    }
}
