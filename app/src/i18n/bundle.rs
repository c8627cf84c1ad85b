//! The Fluent bundles: every `.ftl` file of `app/locales/`, compiled into
//! the binary and the WASM bundle with `include_str!`, parsed once per
//! language on first use.
//!
//! The messages are compiled in rather than fetched: the browser never
//! waits for a translation, a page hydrates with the same text the server
//! rendered, and a missing file is a build error. The loader is
//! `fluent-bundle` itself (the reference implementation), without the
//! directory-walking, fallback-chain and context layers of the crates
//! built on it: the site has two languages, chosen by the URL.
//!
//! Isolation is explicit: Fluent's own FSI…PDI around every placeable is
//! off (`set_use_isolating(false)`), because the same messages fill HTML
//! attributes, SVG text and `<title>`s, where invisible marks around
//! every number only get in the way, and the English text stays byte for
//! byte what it was. Instead the views put figures and intervals in
//! elements with `dir="ltr"` (`components::figures::Num`), and an Arabic
//! message isolates what can be of either direction itself: a model or
//! team name, an id or a file's text in FSI…PDI (`{"\u2068"}{ $model
//! }{"\u2069"}`), Latin formulas in LRI…PDI.
//!
use std::borrow::Cow;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentError, FluentResource, FluentValue};

use super::Lang;

/// One `.ftl` file: its name and its text.
pub type Source = (&'static str, &'static str);

macro_rules! sources {
    ($lang:literal: $($file:literal),* $(,)?) => {
        &[$(($file, include_str!(concat!("../../locales/", $lang, "/", $file)))),*]
    };
}

/// The files of each language, in the same order.
pub const EN_SOURCES: &[Source] = sources!("en":
    "common.ftl", "errors.ftl", "leaderboard.ftl", "score.ftl", "submission.ftl", "compare.ftl",
    "quality.ftl", "key-report.ftl", "dataset.ftl", "adapting.ftl", "medarabiq.ftl", "submit.ftl",
    "upload.ftl", "team.ftl", "auth.ftl", "api.ftl", "operator.ftl",
);
/// See [`EN_SOURCES`].
pub const AR_SOURCES: &[Source] = sources!("ar":
    "common.ftl", "errors.ftl", "leaderboard.ftl", "score.ftl", "submission.ftl", "compare.ftl",
    "quality.ftl", "key-report.ftl", "dataset.ftl", "adapting.ftl", "medarabiq.ftl", "submit.ftl",
    "upload.ftl", "team.ftl", "auth.ftl", "api.ftl", "operator.ftl",
);

/// The `.ftl` sources of `lang`.
pub fn sources(lang: Lang) -> &'static [Source] {
    match lang {
        Lang::En => EN_SOURCES,
        Lang::Ar => AR_SOURCES,
    }
}

/// The parsed messages of `lang`. Panics on a syntax error or an id
/// defined twice: the message tests parse every file, so neither ships.
pub fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static BUNDLES: [OnceLock<FluentBundle<FluentResource>>; 2] = [OnceLock::new(), OnceLock::new()];
    let index = match lang {
        Lang::En => 0,
        Lang::Ar => 1,
    };
    BUNDLES[index].get_or_init(|| build(lang).unwrap_or_else(|e| panic!("{} messages: {e}", lang.code())))
}

/// Parses the sources of `lang` into a bundle, or says what is wrong.
pub fn build(lang: Lang) -> Result<FluentBundle<FluentResource>, String> {
    let id = lang.code().parse().map_err(|e| format!("language id: {e}"))?;
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(format_number));
    bundle
        .add_function("PLURAL", move |positional, _| match positional.first() {
            Some(FluentValue::Number(n)) => FluentValue::String(Cow::Borrowed(plural_category(lang, n.value))),
            _ => FluentValue::String(Cow::Borrowed("other")),
        })
        .map_err(|e| format!("PLURAL: {e:?}"))?;
    for (file, text) in sources(lang) {
        let resource = FluentResource::try_new((*text).to_owned())
            .map_err(|(_, errors)| format!("{file}: syntax errors {errors:?}"))?;
        bundle.add_resource(resource).map_err(|errors| format!("{file}: {errors:?}"))?;
    }
    Ok(bundle)
}

/// The CLDR cardinal plural category of `n` in `lang`, for the messages'
/// `PLURAL($n)` selectors. Fluent's own selection (on `$n` itself) uses
/// rules that drop the `n % 100` of Arabic's few and many, so 103 would be
/// "other" instead of "few": the site selects with this function.
pub fn plural_category(lang: Lang, n: f64) -> &'static str {
    if n.fract() != 0.0 || n < 0.0 {
        return "other";
    }
    let n = n as u64;
    match lang {
        Lang::En if n == 1 => "one",
        Lang::En => "other",
        Lang::Ar => match (n, n % 100) {
            (0, _) => "zero",
            (1, _) => "one",
            (2, _) => "two",
            (_, 3..=10) => "few",
            (_, 11..=99) => "many",
            _ => "other",
        },
    }
}

/// Whole numbers passed as [`Arg::count`] get thousands separators
/// (`24,883`, Western digits in both languages); other numbers are written
/// as Rust writes them.
fn format_number<M>(value: &FluentValue, _: &M) -> Option<String> {
    match value {
        FluentValue::Number(n) if n.options == counted() && n.value.fract() == 0.0 && n.value >= 0.0 => {
            Some(super::count(n.value as u64))
        }
        _ => None,
    }
}

/// The options that mark a count. A plain number keeps Fluent's default
/// options, which are also those of a numeric variant key: Fluent matches
/// `[0]` only to a number with the same options, so `{ $more -> [0] ...}`
/// selects on a plain number (not on a count).
fn counted() -> FluentNumberOptions {
    FluentNumberOptions { minimum_integer_digits: Some(1), ..FluentNumberOptions::default() }
}

/// A message argument: text (a name, an id, a formatted figure) or a
/// number that plural variants select on.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Text(String),
    /// A number; `grouped` writes whole numbers with thousands separators.
    Number {
        value: f64,
        grouped: bool,
    },
}

impl Arg {
    /// A count shown with thousands separators (`24,883`).
    pub fn count(n: impl Into<u64>) -> Self {
        Self::Number { value: n.into() as f64, grouped: true }
    }

    fn to_fluent(&self) -> FluentValue<'_> {
        match self {
            Self::Text(text) => FluentValue::String(Cow::Borrowed(text.as_str())),
            Self::Number { value, grouped } => FluentValue::Number(FluentNumber::new(
                *value,
                if *grouped { counted() } else { FluentNumberOptions::default() },
            )),
        }
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Self {
        Self::Text(text.to_owned())
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Self {
        Self::Text(text.clone())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Self {
        Self::Text(text)
    }
}

impl From<char> for Arg {
    fn from(c: char) -> Self {
        Self::Text(c.to_string())
    }
}

macro_rules! plain_numbers {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            /// A number written plainly (`4928`), as `{n}` in `format!`.
            fn from(n: $t) -> Self {
                Self::Number { value: n as f64, grouped: false }
            }
        }
    )*};
}
plain_numbers!(usize, u64, u32, i64, i32);

/// Formats message `id` (or `id.attribute`) of `lang` with `args`: the
/// text and the errors Fluent reports (a missing argument, a reference to
/// a missing message), or `None` when the language has no such message.
pub fn format_checked(lang: Lang, id: &str, args: &[(&str, Arg)]) -> Option<(String, Vec<FluentError>)> {
    let bundle = bundle(lang);
    let (message_id, attribute) = id.split_once('.').map_or((id, None), |(m, a)| (m, Some(a)));
    let message = bundle.get_message(message_id)?;
    let pattern = match attribute {
        Some(name) => message.get_attribute(name)?.value(),
        None => message.value()?,
    };
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        fluent_args.set(*name, value.to_fluent());
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors).into_owned();
    Some((text, errors))
}

/// Formats message `id` of `lang` with `args`. A message missing from a
/// language (which the message tests rule out) falls back to English, then
/// to the id itself.
pub fn format(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    match format_checked(lang, id, args) {
        Some((text, _)) => text,
        None if lang != Lang::En => format(Lang::En, id, args),
        None => id.to_owned(),
    }
}
