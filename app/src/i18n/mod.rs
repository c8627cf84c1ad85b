//! English and Arabic: which language a page is shown in, and its strings.
//!
//! The language is part of the URL (`?lang=ar`; English without it), so
//! every page has an Arabic address that works without JavaScript, and
//! [`Lang::href`] keeps it on internal links. Strings are typed: each page
//! has a struct of texts with one `const` per language (`i18n::quality::EN`
//! and `AR`...), so a string missing in one language does not compile.
//! Numbers are written with Western digits in both languages and shown
//! left-to-right (see `components::figures::Num`).

pub mod adapting;
pub mod auth;
pub mod common;
pub mod compare;
pub mod dataset;
pub mod form_errors;
pub mod key_report;
pub mod leaderboard;
pub mod medarabiq;
pub mod quality;
pub mod score;
pub mod submission;
pub mod submit;
pub mod team;
pub mod upload;

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use leptos_router::params::ParamsMap;
use serde::{Deserialize, Serialize};

/// The languages of the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English, the default (no query parameter).
    #[default]
    En,
    /// Modern Standard Arabic, right to left (`?lang=ar`).
    Ar,
}

impl Lang {
    /// The query parameter that selects the language.
    pub const PARAM: &'static str = "lang";

    /// Reads the `lang` query value: `ar` (any case) is Arabic, anything
    /// else, or nothing, English.
    pub fn from_param(value: Option<&str>) -> Self {
        match value {
            Some(v) if v.trim().eq_ignore_ascii_case("ar") => Self::Ar,
            _ => Self::En,
        }
    }

    /// The BCP 47 code for `lang` attributes.
    pub fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Ar => "ar",
        }
    }

    /// The writing direction for `dir` attributes.
    pub fn dir(self) -> &'static str {
        match self {
            Self::En => "ltr",
            Self::Ar => "rtl",
        }
    }

    /// The other language (the target of the language switch).
    pub fn other(self) -> Self {
        match self {
            Self::En => Self::Ar,
            Self::Ar => Self::En,
        }
    }

    /// An internal link that stays in this language: `path` unchanged in
    /// English, with `lang=ar` added to its query in Arabic (before any
    /// `#fragment`).
    pub fn href(self, path: &str) -> String {
        if self == Self::En {
            return path.to_owned();
        }
        let (base, fragment) = path.find('#').map_or((path, ""), |i| path.split_at(i));
        let separator = if base.contains('?') { '&' } else { '?' };
        format!("{base}{separator}{}=ar{fragment}", Self::PARAM)
    }

    /// The same page in `target`: `path` with the current query, its
    /// `lang` replaced (dropped for English).
    pub fn switch_href(target: Self, path: &str, query: &ParamsMap) -> String {
        let mut query = query.clone();
        query.remove(Self::PARAM);
        if target == Self::Ar {
            query.replace(Self::PARAM, "ar".to_owned());
        }
        format!("{path}{}", query.to_query_string())
    }
}

/// The language of the current page, from the URL; changes when the router
/// navigates to the other language. Call inside the `<Router>`.
pub fn use_lang() -> Memo<Lang> {
    let query = use_query_map();
    Memo::new(move |_| Lang::from_param(query.read().get_str(Lang::PARAM)))
}

/// A whole number with thousands separators: `24,883`.
pub fn count(n: impl Into<u64>) -> String {
    let digits = n.into().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A fraction as a percentage with one decimal: `0.82` → `82.0%`.
pub fn percent(fraction: f64) -> String {
    format!("{:.1}%", fraction * 100.0)
}

/// A signed relative change as a percentage: `0.124` → `+12.4%`.
pub fn relative(fraction: f64) -> String {
    format!("{:+.1}%", fraction * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_parameter_picks_the_language() {
        assert_eq!(Lang::from_param(Some("ar")), Lang::Ar);
        assert_eq!(Lang::from_param(Some(" AR ")), Lang::Ar);
        assert_eq!(Lang::from_param(Some("en")), Lang::En);
        assert_eq!(Lang::from_param(Some("fr")), Lang::En);
        assert_eq!(Lang::from_param(None), Lang::En);
    }

    #[test]
    fn internal_links_keep_arabic() {
        assert_eq!(Lang::En.href("/quality"), "/quality");
        assert_eq!(Lang::Ar.href("/quality"), "/quality?lang=ar");
        assert_eq!(Lang::Ar.href("?sort=model&dir=asc"), "?sort=model&dir=asc&lang=ar");
        assert_eq!(Lang::Ar.href("/team#tokens"), "/team?lang=ar#tokens");
        assert_eq!(Lang::En.href("/team#tokens"), "/team#tokens");
    }

    // `ParamsMap` escapes through js-sys unless `ssr` is on: natively the
    // test needs the server build (as `cargo test --workspace` has).
    #[cfg(feature = "ssr")]
    #[test]
    fn the_switch_keeps_the_rest_of_the_query() {
        let q: ParamsMap = [("sort", "model"), ("lang", "ar")].into_iter().collect();
        assert_eq!(Lang::switch_href(Lang::En, "/", &q), "/?sort=model");
        let q: ParamsMap = [("sort", "model")].into_iter().collect();
        assert_eq!(Lang::switch_href(Lang::Ar, "/", &q), "/?sort=model&lang=ar");
        assert_eq!(Lang::switch_href(Lang::En, "/dataset", &ParamsMap::new()), "/dataset");
    }

    #[test]
    fn numbers_are_formatted_the_same_in_both_languages() {
        assert_eq!(count(24_883u32), "24,883");
        assert_eq!(count(378u32), "378");
        assert_eq!(count(1_000_000u32), "1,000,000");
        assert_eq!(percent(0.82), "82.0%");
        assert_eq!(relative(0.882), "+88.2%");
    }
}
