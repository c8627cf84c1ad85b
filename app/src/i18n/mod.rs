//! English and Arabic: which language a page is shown in, and its messages.
//!
//! The language is part of the URL (`?lang=ar`; English without it), so
//! every page has an Arabic address that works without JavaScript, and
//! [`Lang::href`] keeps it on internal links.
//!
//! The text itself is Fluent data: `app/locales/{en,ar}/*.ftl`, one file per
//! page or concern, compiled in by [`bundle`]. Rust code holds message ids,
//! never sentences. Each page module declares its messages with
//! [`messages!`](crate::messages): a `Copy` handle on a [`Lang`] with one
//! method per message (`quality::text(lang).title()`), whose arguments are
//! the message's Fluent variables; the message tests (`messages_tests.rs`) format
//! every declared message in both languages and compare the files. Plural
//! variants use the CLDR categories of each language (Arabic has six: zero,
//! one, two, few, many, other), selected with `PLURAL($n)` on a number
//! argument ([`bundle::plural_category`]). Numbers are
//! written with Western digits in both languages and shown left-to-right:
//! the views put figures and intervals in `dir="ltr"` elements
//! (`components::figures::Num`), and Arabic messages isolate names and ids
//! themselves (see [`bundle`]).

pub mod adapting;
pub mod auth;
pub mod bundle;
pub mod common;
pub mod compare;
pub mod dataset;
pub mod form_errors;
pub mod key_report;
pub mod leaderboard;
pub mod mail;
pub mod medarabiq;
pub mod operator;
pub mod quality;
pub mod score;
pub mod submission;
pub mod submit;
pub mod team;
pub mod upload;

#[cfg(test)]
mod messages_tests;

pub use bundle::Arg;

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use leptos_router::params::ParamsMap;
use serde::{Deserialize, Serialize};

/// Declares a group of messages: a `Copy` struct holding the [`Lang`], with
/// one method per message. `name = "id"` is a message without arguments;
/// `name(a, b) = "id"` passes `a` and `b` as the Fluent variables `$a` and
/// `$b` (anything that converts into an [`Arg`]); a list `["id-1", "id-2"]`
/// (or of pairs) gives a `Vec` of texts formatted with the same arguments.
/// `messages()` lists every id with its argument names, for the tests.
#[macro_export]
macro_rules! messages {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $( $(#[$fmeta:meta])* $field:ident $( ( $($arg:ident),* ) )? = $ids:tt ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis struct $name(pub $crate::i18n::Lang);

        impl $name {
            $(
                $(#[$fmeta])*
                pub fn $field(self $( $(, $arg: impl Into<$crate::i18n::Arg>)* )?) -> $crate::messages!(@ret $ids) {
                    let lang = self.0;
                    let args: &[(&str, $crate::i18n::Arg)] = &[ $( $( (stringify!($arg), $arg.into()) ),* )? ];
                    $crate::messages!(@val lang args $ids)
                }
            )*

            /// Every message id of the group with its argument names.
            pub fn messages() -> Vec<(&'static str, &'static [&'static str])> {
                let mut all = Vec::new();
                $({
                    let names: &'static [&'static str] = &[ $( $( stringify!($arg) ),* )? ];
                    $crate::messages!(@ids all names; $ids);
                })*
                all
            }
        }
    };
    (@ret $id:literal) => { String };
    (@ret [$($x:tt),* $(,)?]) => { Vec<$crate::messages!(@ret1 $($x)*)> };
    (@ret1 $id:literal $($rest:tt)*) => { String };
    (@ret1 ($a:tt, $b:tt) $($rest:tt)*) => { (String, String) };
    (@val $lang:ident $args:ident $id:literal) => { $crate::i18n::bundle::format($lang, $id, $args) };
    (@val $lang:ident $args:ident [$($x:tt),* $(,)?]) => { vec![$($crate::messages!(@val $lang $args $x)),*] };
    (@val $lang:ident $args:ident ($a:tt, $b:tt)) => {
        ($crate::messages!(@val $lang $args $a), $crate::messages!(@val $lang $args $b))
    };
    (@ids $all:ident $names:expr; $id:literal) => { $all.push(($id, $names)); };
    (@ids $all:ident $names:expr; [$($x:tt),* $(,)?]) => { $( $crate::messages!(@ids $all $names; $x); )* };
    (@ids $all:ident $names:expr; ($a:tt, $b:tt)) => {
        $crate::messages!(@ids $all $names; $a);
        $crate::messages!(@ids $all $names; $b);
    };
}

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
