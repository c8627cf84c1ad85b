//! What a team declares about how its model was run, as closed sets of
//! names: the protocol card's prompt language and chain of thought, and
//! the contamination declaration. Each is an enum whose names are the
//! stored and sent strings (`as_str`, serde and the database agree), parsed
//! once at the boundary ([`std::str::FromStr`], [`TryFrom<String>`] for
//! rows) with an [`UnknownName`] that lists the accepted names.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A name outside a closed set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {value:?}: {}", self.problem())]
pub struct UnknownName {
    /// What was being named, e.g. "prompt language".
    pub what: &'static str,
    /// The refused input, as given.
    pub value: String,
    /// Every accepted name.
    pub allowed: &'static [&'static str],
}

impl UnknownName {
    /// The problem as a form field reports it: "must be one of a, b, c".
    pub fn problem(&self) -> crate::field_error::FieldProblem {
        crate::field_error::FieldProblem::OneOf { allowed: self.allowed.iter().map(|&a| a.to_owned()).collect() }
    }
}

/// Generates `ALL`, `NAMES`, `as_str`, `FromStr`, `TryFrom<String>` and
/// `Display` for a declared-value enum from its variants and their names.
/// `FromStr` ignores surrounding whitespace and case, as the upload forms
/// and query parameters always have.
macro_rules! named {
    ($ty:ident, $what:literal, [$($variant:ident => $name:literal),+ $(,)?]) => {
        impl $ty {
            /// Every value, in the order forms list them.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// Every stored and sent name, in the order of [`Self::ALL`].
            pub const NAMES: &'static [&'static str] = &[$($name),+];

            /// The stored and sent name.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $name),+
                }
            }
        }

        impl FromStr for $ty {
            type Err = UnknownName;

            fn from_str(s: &str) -> Result<Self, UnknownName> {
                match s.trim().to_lowercase().as_str() {
                    $($name => Ok(Self::$variant),)+
                    _ => Err(UnknownName { what: $what, value: s.to_owned(), allowed: Self::NAMES }),
                }
            }
        }

        impl TryFrom<String> for $ty {
            type Error = UnknownName;

            fn try_from(s: String) -> Result<Self, UnknownName> {
                s.parse()
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// The language of the prompts the model was given.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PromptLanguage {
    /// Arabic.
    Ar,
    /// English.
    En,
    /// Both, within or across prompts.
    Mixed,
    /// Not stated.
    #[default]
    Unknown,
}

named!(PromptLanguage, "prompt language", [Ar => "ar", En => "en", Mixed => "mixed", Unknown => "unknown"]);

/// Whether the model was asked to reason step by step before answering.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChainOfThought {
    Yes,
    No,
    /// Not stated.
    #[default]
    Unknown,
}

named!(ChainOfThought, "chain-of-thought answer", [Yes => "yes", No => "no", Unknown => "unknown"]);

/// Whether the model was trained on MedAraBench data, and on which split.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Contamination {
    /// Not trained on MedAraBench data.
    None,
    /// Trained on the train split.
    Train,
    /// Trained on the test split.
    Test,
    /// Trained on both splits.
    TrainAndTest,
    /// Not stated.
    #[default]
    Unknown,
}

named!(Contamination, "contamination declaration", [
    None => "none",
    Train => "train",
    Test => "test",
    TrainAndTest => "train_and_test",
    Unknown => "unknown",
]);

/// The model's category, as Table 4 of the paper groups models: open
/// weights or proprietary, and general, Arabic or medical. The names are
/// the board's category filter values (`?category=open-arabic`), so the
/// filter covers verified rows as it covers the published ones.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModelCategory {
    ProprietaryGeneral,
    ProprietaryArabic,
    ProprietaryMedical,
    OpenGeneral,
    OpenArabic,
    OpenMedical,
    /// Not stated.
    #[default]
    Unknown,
}

named!(ModelCategory, "model category", [
    ProprietaryGeneral => "proprietary-general",
    ProprietaryArabic => "proprietary-arabic",
    ProprietaryMedical => "proprietary-medical",
    OpenGeneral => "open-general",
    OpenArabic => "open-arabic",
    OpenMedical => "open-medical",
    Unknown => "unknown",
]);

impl ModelCategory {
    /// Access and focus as the published rows spell them ("open",
    /// "Arabic"); `None` when not stated.
    pub fn access_focus(self) -> Option<(&'static str, &'static str)> {
        let (access, focus) = self.as_str().split_once('-')?;
        let focus = match focus {
            "arabic" => "Arabic",
            other => other,
        };
        Some((access, focus))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value's name is its serde name, and both parse back.
    fn round_trips<T>(all: &[T], as_str: fn(T) -> &'static str)
    where
        T: Copy + PartialEq + fmt::Debug + FromStr<Err = UnknownName> + Serialize + for<'de> Deserialize<'de>,
    {
        for &v in all {
            let name = as_str(v);
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(json, format!("\"{name}\""), "{v:?}");
            assert_eq!(serde_json::from_str::<T>(&json).unwrap(), v, "{v:?}");
            assert_eq!(name.parse::<T>(), Ok(v), "{v:?}");
            assert_eq!(format!(" {} ", name.to_uppercase()).parse::<T>(), Ok(v), "trimmed, any case: {v:?}");
        }
    }

    #[test]
    fn names_round_trip_through_serde_and_from_str() {
        round_trips(PromptLanguage::ALL, PromptLanguage::as_str);
        round_trips(ChainOfThought::ALL, ChainOfThought::as_str);
        round_trips(Contamination::ALL, Contamination::as_str);
        round_trips(ModelCategory::ALL, ModelCategory::as_str);
        assert_eq!(ModelCategory::OpenArabic.access_focus(), Some(("open", "Arabic")));
        assert_eq!(ModelCategory::ProprietaryMedical.access_focus(), Some(("proprietary", "medical")));
        assert_eq!(ModelCategory::Unknown.access_focus(), None);
        assert_eq!(PromptLanguage::NAMES, ["ar", "en", "mixed", "unknown"]);
        assert_eq!(ChainOfThought::NAMES, ["yes", "no", "unknown"]);
        assert_eq!(Contamination::NAMES, ["none", "train", "test", "train_and_test", "unknown"]);
        assert_eq!(Contamination::TrainAndTest.to_string(), "train_and_test");
        assert_eq!(
            (PromptLanguage::default(), ChainOfThought::default(), Contamination::default()),
            (PromptLanguage::Unknown, ChainOfThought::Unknown, Contamination::Unknown)
        );
    }

    #[test]
    fn unknown_names_are_refused_with_the_accepted_ones() {
        let e = "maybe".parse::<Contamination>().unwrap_err();
        assert_eq!(e.value, "maybe");
        assert_eq!(
            e.to_string(),
            "unknown contamination declaration \"maybe\": must be one of none, train, test, train_and_test, unknown"
        );
        assert_eq!(e.problem().to_string(), "must be one of none, train, test, train_and_test, unknown");
        assert_eq!(
            "fr".parse::<PromptLanguage>().unwrap_err().to_string(),
            "unknown prompt language \"fr\": must be one of ar, en, mixed, unknown"
        );
        assert!(ChainOfThought::try_from(String::new()).is_err(), "empty is not a name");
        assert!(serde_json::from_str::<ChainOfThought>("\"sometimes\"").is_err());
        assert!(serde_json::from_str::<Contamination>("\"Train\"").is_err(), "serde takes stored names only");
    }
}
