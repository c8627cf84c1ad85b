//! The benchmark's vocabulary as parsed types: a question id, an option
//! letter, a study level and a specialty. Each is built once at an input
//! boundary (key file, prediction file, URL) by a parser that returns a typed
//! error; code past that boundary never re-checks strings.

use std::borrow::Borrow;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why a raw string is not one of the domain's values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A question id must be a positive whole number.
    #[error("question id {0:?} is not a positive whole number")]
    QuestionId(String),
    /// An option letter must be A-F (or its Arabic letter).
    #[error("{0:?} is not an option letter A-F")]
    Letter(String),
    /// A level must be Y1-Y5.
    #[error("level {0:?} is not one of Y1-Y5")]
    Level(String),
    /// A specialty name must not be blank.
    #[error("specialty is blank")]
    Specialty,
}

/// A question's number in its answer key (1-based, as in the official CSV's
/// `Question Number`; for MedArabiQ the data row number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct QuestionId(u32);

impl QuestionId {
    /// Wraps a number; `None` for 0, which no key uses.
    pub fn new(n: u32) -> Option<Self> {
        (n > 0).then_some(Self(n))
    }

    /// The id as a number.
    pub fn get(self) -> u32 {
        self.0
    }
}

impl FromStr for QuestionId {
    type Err = ParseError;

    /// Digits only, surrounding whitespace allowed ("12", " 12 "); no sign,
    /// no decimal point, not 0.
    #[inline]
    fn from_str(s: &str) -> Result<Self, ParseError> {
        // One pass over the digits; most ids need no trimming.
        let number = |t: &str| -> Option<u32> {
            let digit = |b: u8| b.checked_sub(b'0').filter(|d| *d <= 9).map(u32::from);
            t.bytes()
                .try_fold(None, |n: Option<u32>, b| n.unwrap_or(0).checked_mul(10)?.checked_add(digit(b)?).map(Some))?
        };
        number(s).or_else(|| number(s.trim())).and_then(Self::new).ok_or_else(|| ParseError::QuestionId(s.to_owned()))
    }
}

impl fmt::Display for QuestionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// An option letter. MedAraBench questions have 4-6 options (A-F).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Letter {
    A,
    B,
    C,
    D,
    E,
    F,
}

/// The Arabic tatweel (kashida), as in "هـ" or "جـ".
pub const TATWEEL: char = '\u{0640}';

impl Letter {
    /// All letters in option order.
    pub const ALL: [Letter; 6] = [Letter::A, Letter::B, Letter::C, Letter::D, Letter::E, Letter::F];

    /// 0 for A, 1 for B, ...
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter at an option position, if any.
    pub fn from_index(i: usize) -> Option<Self> {
        Self::ALL.get(i).copied()
    }

    /// The Latin capital letter.
    pub fn as_char(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The Arabic option letter in abjad order, as questions print it
    /// (أ, ب, ج, د, هـ, و): the form [`Letter::from_arabic`] reads first.
    pub fn arabic(self) -> &'static str {
        ["أ", "ب", "ج", "د", "هـ", "و"][self.index()]
    }

    /// A Latin letter a-f or A-F.
    pub fn from_latin(c: char) -> Option<Self> {
        match c.to_ascii_uppercase() {
            u @ 'A'..='F' => Self::from_index(u as usize - 'A' as usize),
            _ => None,
        }
    }

    /// An Arabic option letter in abjad order: أ/ا/إ/آ = A, ب = B, ج = C,
    /// د = D, ه = E, و = F (a following tatweel is the caller's business).
    pub fn from_arabic(c: char) -> Option<Self> {
        match c {
            'أ' | 'ا' | 'إ' | 'آ' => Some(Self::A),
            'ب' => Some(Self::B),
            'ج' => Some(Self::C),
            'د' => Some(Self::D),
            'ه' => Some(Self::E),
            'و' => Some(Self::F),
            _ => None,
        }
    }

    /// A Latin or Arabic option letter.
    pub fn from_char(c: char) -> Option<Self> {
        Self::from_latin(c).or_else(|| Self::from_arabic(c))
    }

    /// Parses the `answer` field of a prediction file: exactly one letter
    /// (Latin either case, or Arabic, optionally followed by tatweels),
    /// surrounded by any whitespace, punctuation or markdown. `"(c)"`,
    /// `" ج "`, `"هـ"`, `"**B**"` all parse; `""`, `"AB"`, `"1"` do not.
    pub fn parse_answer(s: &str) -> Result<Self, ParseError> {
        // The common case, one Latin letter alone, without the general search.
        if let [b] = s.as_bytes()
            && let Some(l) = Self::from_latin(char::from(*b))
        {
            return Ok(l);
        }
        let core = s.trim_matches(|c: char| !is_word_char(c));
        let mut chars = core.chars();
        let letter = chars.next().and_then(Self::from_char);
        match letter {
            Some(l) if chars.all(|c| c == TATWEEL) => Ok(l),
            _ => Err(ParseError::Letter(s.to_owned())),
        }
    }
}

/// A letter, digit or combining mark: the characters a word is made of.
/// Arabic letters count, so ب inside "باب" is never a standalone letter;
/// tatweel and harakat count too, so they never split a word.
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '\u{0610}'..='\u{061A}' | '\u{064B}'..='\u{065F}' | '\u{0670}')
}

impl FromStr for Letter {
    type Err = ParseError;

    /// Same as [`Letter::parse_answer`].
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Self::parse_answer(s)
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.as_char())
    }
}

/// A year of medical school, the `Level` column of the official CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Level {
    Y1,
    Y2,
    Y3,
    Y4,
    Y5,
}

impl Level {
    /// All levels in order.
    pub const ALL: [Level; 5] = [Level::Y1, Level::Y2, Level::Y3, Level::Y4, Level::Y5];

    /// "Y1".."Y5".
    pub fn as_str(self) -> &'static str {
        ["Y1", "Y2", "Y3", "Y4", "Y5"][self as usize]
    }

    /// The label used in reports for a level that may be unknown
    /// (MedArabiQ has no levels): "n/a".
    pub fn label(level: Option<Level>) -> &'static str {
        level.map_or(NOT_AVAILABLE, Level::as_str)
    }
}

/// How reports name an unknown level.
pub const NOT_AVAILABLE: &str = "n/a";

impl FromStr for Level {
    type Err = ParseError;

    /// "Y1".."Y5", either case, surrounding whitespace allowed.
    fn from_str(s: &str) -> Result<Self, ParseError> {
        let t = s.trim();
        Self::ALL
            .into_iter()
            .find(|l| l.as_str().eq_ignore_ascii_case(t))
            .ok_or_else(|| ParseError::Level(s.to_owned()))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A specialty name (umbrella specialty, sub-specialty or MedArabiQ
/// category), trimmed and non-blank. Names are kept as written: the dataset
/// deliberately does not standardise terminology.
///
/// A name is stored once per key and shared by every item that has it
/// (cloning is a reference count increment).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Specialty(Arc<str>);

impl Specialty {
    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for Specialty {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        let t = s.trim();
        if t.is_empty() {
            return Err(ParseError::Specialty);
        }
        Ok(Self(t.into()))
    }
}

/// Lets maps keyed by names be searched with a `&str` (the derived `Hash`,
/// `Eq` and `Ord` are those of the name).
impl Borrow<str> for Specialty {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl Serialize for Specialty {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Specialty {
    /// The name as stored, like the `String` it once was (not re-checked).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(|s| Self(s.into()))
    }
}

impl fmt::Display for Specialty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
#[path = "types_tests.rs"]
mod tests;
