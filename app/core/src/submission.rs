//! The metadata a team declares with an upload: the model, the protocol
//! card (prompt language, shots, temperature, chain-of-thought, letter
//! extraction) and the contamination declaration. Raw form or query
//! strings are parsed once into a [`SubmissionMeta`]; every problem names
//! its field.

use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use crate::declaration::{ChainOfThought, Contamination, ModelCategory, PromptLanguage, UnknownName};
use crate::visibility::Visibility;

/// Validated submission metadata, as stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SubmissionMeta {
    pub model_name: String,
    pub model_url: String,
    /// Parameter count as the team states it, e.g. "8B".
    pub model_params: String,
    /// Open or proprietary, and general, Arabic or medical, as declared.
    #[serde(default)]
    pub model_category: ModelCategory,
    pub notes: String,
    pub prompt_language: PromptLanguage,
    pub shots: Option<i64>,
    pub temperature: Option<f64>,
    pub chain_of_thought: ChainOfThought,
    /// How letters were extracted, free text (e.g. "server protocol").
    pub extraction: String,
    /// Trained on MedAraBench data, as declared.
    pub contamination: Contamination,
    /// The model's arguments as the run gave them (e.g.
    /// `hf: pretrained=org/model,dtype=bfloat16`).
    #[serde(default)]
    pub model_args: String,
    /// The generation settings: harness, task, output type, sampling.
    #[serde(default)]
    pub generation: String,
    /// On the leaderboard, or for the team only (see [`crate::visibility`]).
    pub visibility: Visibility,
}

/// Metadata fields as they arrive (form fields or query parameters).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RawMeta {
    pub model_name: Option<String>,
    pub model_url: Option<String>,
    pub model_params: Option<String>,
    #[serde(default)]
    pub model_category: Option<String>,
    pub notes: Option<String>,
    pub prompt_language: Option<String>,
    pub shots: Option<String>,
    pub temperature: Option<String>,
    pub chain_of_thought: Option<String>,
    pub extraction: Option<String>,
    pub contamination: Option<String>,
    pub visibility: Option<String>,
    #[serde(default)]
    pub model_args: Option<String>,
    #[serde(default)]
    pub generation: Option<String>,
}

pub use crate::field_error::{FieldError, FieldProblem};

/// Allowed values of the enumerated fields.
pub const PROMPT_LANGUAGES: &[&str] = PromptLanguage::NAMES;
pub const CHAIN_OF_THOUGHT: &[&str] = ChainOfThought::NAMES;
pub const CONTAMINATION: &[&str] = Contamination::NAMES;
pub const VISIBILITY: &[&str] = Visibility::NAMES;
pub const MODEL_CATEGORIES: &[&str] = ModelCategory::NAMES;

/// Whether `c` is a bidirectional embedding, override or isolate control
/// (U+202A-U+202E, U+2066-U+2069): in a name or an address they make text
/// display as something else ("Trojan Source"). Free text (notes) may hold
/// them; it is shown in its own direction-isolated block.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` may not stand in a one-line name (a model's, a team's):
/// control characters (line breaks and tabs among them), the line and
/// paragraph separators, and Unicode's default-ignorable characters, which
/// show nothing (zero-width spaces and joiners, the word joiner and
/// invisible operators, the byte-order mark, the soft hyphen, the Arabic
/// letter mark, Mongolian and other variation selectors, Hangul fillers,
/// tag characters), and would make two names look alike or one name look
/// like two lines. The bidirectional isolates and embeddings are
/// [`is_bidi_control`]'s, refused with a problem of their own.
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{2060}'..='\u{2065}'
                | '\u{206A}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFF8}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// Free text (`notes`) or a one-line identifier.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Identifier,
    FreeText,
}

fn text(field: &'static str, value: Option<&str>, max: usize, required: bool) -> Result<String, FieldError> {
    checked_text(field, value, max, required, Kind::Identifier)
}

/// One line of text a person typed (a name, a reason), trimmed: at most
/// `max` characters, no control, invisible or bidirectional control
/// characters; `required`: not blank.
pub fn line_text(field: &'static str, value: &str, max: usize, required: bool) -> Result<String, FieldError> {
    text(field, Some(value), max, required)
}

/// The longest model name.
pub const MAX_MODEL_NAME: usize = 120;

/// A model name as uploads take it (trimmed, see [`line_text`]).
pub fn check_model_name(name: &str) -> Result<String, FieldError> {
    line_text("model_name", name, MAX_MODEL_NAME, true)
}

fn checked_text(
    field: &'static str,
    value: Option<&str>,
    max: usize,
    required: bool,
    kind: Kind,
) -> Result<String, FieldError> {
    let v = value.unwrap_or("").trim();
    if required && v.is_empty() {
        return Err(FieldError::new(field, FieldProblem::Required));
    }
    if v.chars().count() > max {
        return Err(FieldError::new(field, FieldProblem::TooLong { max }));
    }
    let refused = |c: char| match kind {
        Kind::Identifier => is_invisible(c),
        Kind::FreeText => c.is_control() && c != '\n' && c != '\r' && c != '\t',
    };
    if v.chars().any(refused) {
        return Err(FieldError::new(field, FieldProblem::ControlCharacters));
    }
    if kind == Kind::Identifier && v.chars().any(is_bidi_control) {
        return Err(FieldError::new(field, FieldProblem::BidiControl));
    }
    Ok(v.to_owned())
}

/// A field's value, or its default with the problem noted in `errors`.
fn keep<T: Default>(errors: &mut Vec<FieldError>, r: Result<T, FieldError>) -> T {
    r.map_err(|e| errors.push(e)).unwrap_or_default()
}

/// One of a closed set of names (trimmed, any case); the default when
/// absent or blank.
fn choice<T: FromStr<Err = UnknownName> + Default>(field: &'static str, value: Option<&str>) -> Result<T, FieldError> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(T::default()),
        Some(v) => v.parse().map_err(|e: UnknownName| FieldError::new(field, e.problem())),
    }
}

fn number<T: std::str::FromStr + PartialOrd + Copy + std::fmt::Display>(
    field: &'static str,
    value: Option<&str>,
    min: T,
    max: T,
) -> Result<Option<T>, FieldError> {
    let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(None) };
    match v.parse::<T>() {
        Ok(n) if n >= min && n <= max => Ok(Some(n)),
        _ => Err(FieldError::new(field, FieldProblem::Number { min: min.to_string(), max: max.to_string() })),
    }
}

/// The field of `meta` named `name`, borrowed as `$($ref)+` (`&` or
/// `&mut`); `None` for an unknown name.
macro_rules! by_name {
    ($meta:expr, $name:expr, $($ref:tt)+) => {
        match $name {
            "model_name" => Some($($ref)+ $meta.model_name),
            "model_url" => Some($($ref)+ $meta.model_url),
            "model_params" => Some($($ref)+ $meta.model_params),
            "model_category" => Some($($ref)+ $meta.model_category),
            "notes" => Some($($ref)+ $meta.notes),
            "prompt_language" => Some($($ref)+ $meta.prompt_language),
            "shots" => Some($($ref)+ $meta.shots),
            "temperature" => Some($($ref)+ $meta.temperature),
            "chain_of_thought" => Some($($ref)+ $meta.chain_of_thought),
            "extraction" => Some($($ref)+ $meta.extraction),
            "contamination" => Some($($ref)+ $meta.contamination),
            "visibility" => Some($($ref)+ $meta.visibility),
            "model_args" => Some($($ref)+ $meta.model_args),
            "generation" => Some($($ref)+ $meta.generation),
            _ => None,
        }
    };
}

impl RawMeta {
    /// Validates every field; all problems are reported at once.
    pub fn validate(&self) -> Result<SubmissionMeta, Vec<FieldError>> {
        let mut errors = Vec::new();
        let e = &mut errors;
        let model_name = keep(e, text("model_name", self.model_name.as_deref(), MAX_MODEL_NAME, true));
        let model_url = keep(
            e,
            text("model_url", self.model_url.as_deref(), 500, false).and_then(|u| {
                if u.is_empty() || u.starts_with("https://") || u.starts_with("http://") {
                    Ok(u)
                } else {
                    Err(FieldError::new("model_url", FieldProblem::NotWebAddress))
                }
            }),
        );
        let model_params = keep(e, text("model_params", self.model_params.as_deref(), 40, false));
        let model_category = keep(e, choice("model_category", self.model_category.as_deref()));
        let notes = keep(e, checked_text("notes", self.notes.as_deref(), 2000, false, Kind::FreeText));
        let prompt_language = keep(e, choice("prompt_language", self.prompt_language.as_deref()));
        let chain_of_thought = keep(e, choice("chain_of_thought", self.chain_of_thought.as_deref()));
        let extraction = keep(e, text("extraction", self.extraction.as_deref(), 200, false));
        let contamination = keep(e, choice("contamination", self.contamination.as_deref()));
        let model_args = keep(e, checked_text("model_args", self.model_args.as_deref(), 500, false, Kind::FreeText));
        let generation = keep(e, checked_text("generation", self.generation.as_deref(), 500, false, Kind::FreeText));
        let visibility = keep(e, choice("visibility", self.visibility.as_deref()));
        let shots = keep(e, number::<i64>("shots", self.shots.as_deref(), 0, 100));
        let temperature = keep(e, number::<f64>("temperature", self.temperature.as_deref(), 0.0, 2.0));
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(SubmissionMeta {
            model_name,
            model_url,
            model_params,
            model_category,
            notes,
            prompt_language,
            shots,
            temperature,
            chain_of_thought,
            extraction,
            contamination,
            model_args,
            generation,
            visibility,
        })
    }

    /// Sets a field by its name; false for unknown names.
    pub fn set(&mut self, name: &str, value: String) -> bool {
        match by_name!(self, name, &mut) {
            Some(slot) => {
                *slot = Some(value);
                true
            }
            None => false,
        }
    }

    /// A field's value as sent, by its name (`None`: not sent, or unknown).
    pub fn get(&self, name: &str) -> Option<&str> {
        by_name!(self, name, &).and_then(|v| v.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_every_problem_reported() {
        let meta = RawMeta { model_name: Some(" GPT-x ".into()), ..Default::default() }.validate().unwrap();
        assert_eq!(meta.model_name, "GPT-x");
        assert_eq!(meta.visibility, Visibility::Public);
        assert_eq!(meta.contamination, Contamination::Unknown);
        assert_eq!(meta.shots, None);

        let errors = RawMeta {
            model_name: None,
            model_url: Some("javascript:alert(1)".into()),
            shots: Some("-1".into()),
            temperature: Some("hot".into()),
            contamination: Some("maybe".into()),
            ..Default::default()
        }
        .validate()
        .unwrap_err();
        let fields: Vec<_> = errors.iter().map(|e| e.field).collect();
        assert_eq!(fields, ["model_name", "model_url", "contamination", "shots", "temperature"]);
    }

    #[test]
    fn names_refuse_line_breaks_and_invisible_characters() {
        for name in [
            "GPT\nx",
            "GPT\rx",
            "GPT\tx",
            "GPT\u{2028}x",
            "GPT\u{2029}x",
            "GPT\u{200B}x",
            "GPT\u{FEFF}x",
            "GPT\u{2060}x",
            "GPT\u{00AD}x",
            "\u{3164}",
            "GPT\u{E0041}x",
            "GPT\u{FE0F}x",
        ] {
            let raw = RawMeta { model_name: Some(name.into()), ..Default::default() };
            let errors = raw.validate().unwrap_err();
            assert_eq!(
                (errors[0].field, &errors[0].problem),
                ("model_name", &FieldProblem::ControlCharacters),
                "{name:?}"
            );
        }
        // Free text keeps its lines and tabs.
        let notes = RawMeta { model_name: Some("m".into()), notes: Some("one\n\ttwo".into()), ..Default::default() };
        assert_eq!(notes.validate().unwrap().notes, "one\n\ttwo");
        // Letters that join or not by a zero-width (non-)joiner stay legal in
        // no name: they are invisible, and two names would look alike.
        assert!(is_invisible("\u{200C}".chars().next().unwrap()));
        assert!(!"نموذج GPT-4o (v2)".chars().any(is_invisible));
    }

    #[test]
    fn set_by_name() {
        let mut raw = RawMeta::default();
        assert!(raw.set("shots", "3".into()));
        assert!(!raw.set("password", "x".into()));
        assert_eq!(raw.get("shots"), Some("3"));
        assert_eq!(raw.get("notes"), None);
        assert_eq!(raw.get("password"), None);
        assert_eq!(raw.validate().unwrap_err()[0].field, "model_name");
    }
}
