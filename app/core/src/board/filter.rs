//! The board's filters (`?source=verified&category=open-arabic&q=llama`):
//! one definition of which rows a filter keeps, used by the server when it
//! picks the rows a page receives, by the browser over the rows it has,
//! and by the chart.
//!
//! [`BoardFilter::shows`] runs once per row the browser holds and per
//! published row on the server, so it allocates nothing for ASCII names
//! and categories; other text falls back to Unicode lower-casing. The
//! server's search over its stored verified rows runs in the database
//! ([`BoardFilter::search_pattern`]) and keeps the same rows.

use super::{BoardRow, RowSource};
use crate::submission::MAX_MODEL_NAME;

/// The board's filters as the page's query string carries them
/// (`?source=verified&category=open-arabic&q=llama`); the chart and the
/// page apply the same ones. Empty values mean "all".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardFilter {
    pub source: Option<RowSource>,
    /// A [`BoardRow::category_slug`].
    pub category: Option<String>,
    /// Case-insensitive part of the model name.
    pub search: String,
}

impl BoardFilter {
    /// Query parameter names.
    pub const SOURCE: &'static str = "source";
    pub const CATEGORY: &'static str = "category";
    pub const SEARCH: &'static str = "q";

    /// Reads the filters from query values (`get(name)`); unknown values
    /// are ignored.
    pub fn from_query(get: impl Fn(&str) -> Option<String>) -> Self {
        let value = |name| get(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        Self {
            source: value(Self::SOURCE).and_then(|s| RowSource::parse(&s)),
            category: value(Self::CATEGORY).map(|c| c.to_lowercase()),
            search: value(Self::SEARCH).unwrap_or_default(),
        }
    }

    /// Whether a model row (reported or verified) is shown.
    pub fn shows(&self, row: &BoardRow) -> bool {
        self.source.is_none_or(|s| s == row.source)
            && self.category.as_deref().is_none_or(|c| category_is(row, c))
            && contains_ignoring_case(&row.model, &self.search)
    }

    /// The search as a `LIKE ... ESCAPE '!'` pattern over names lower-cased
    /// by [`folded`]: it keeps exactly the names the search part of
    /// [`BoardFilter::shows`] keeps (the search is lower-cased the same
    /// way, and its `%`, `_` and `!` match only themselves). Both sides
    /// are lower-cased here, not by the database, whose `lower` is
    /// ASCII-only on SQLite. `!`, not `\`, escapes: both databases read
    /// `'!'` alike whatever their string settings.
    pub fn search_pattern(&self) -> String {
        let mut pattern = String::with_capacity(self.search.len() + 2);
        pattern.push('%');
        for c in folded(&self.search).chars() {
            if matches!(c, '%' | '_' | '!') {
                pattern.push('!');
            }
            pattern.push(c);
        }
        pattern.push('%');
        pattern
    }

    /// Whether the search can be part of no model name the server
    /// accepts, so that it keeps no submission's row without asking the
    /// database: it holds a control character (names refuse them; a NUL is
    /// no text to PostgreSQL and ends a pattern on SQLite), or it is longer
    /// than a name lower-cased can be (`MAX_MODEL_NAME` characters, each at
    /// most two once lower-cased: only U+0130 becomes two; a longer
    /// pattern could also pass SQLite's limit on `LIKE` patterns).
    pub fn search_finds_no_name(&self) -> bool {
        self.search.chars().any(char::is_control) || self.search.chars().count() > 2 * MAX_MODEL_NAME
    }

    /// Whether only the source is filtered (or nothing): every row of the
    /// kept sources is shown.
    pub fn by_source_only(&self) -> bool {
        self.category.is_none() && self.search.is_empty()
    }

    /// Whether the baselines are shown: always, unless another source or a
    /// category is picked (baselines have none); the search does not hide
    /// them, they are the yardstick for whatever it finds.
    pub fn shows_reference(&self) -> bool {
        self.source.is_none_or(|s| s == RowSource::Reference) && self.category.is_none()
    }

    /// True when nothing is filtered.
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// `row.category_slug() == slug`, without building the slug for ASCII
/// categories.
fn category_is(row: &BoardRow, slug: &str) -> bool {
    match (row.access.as_deref(), row.focus.as_deref()) {
        (Some(a), Some(f)) if a.is_ascii() && f.is_ascii() => {
            let lower_eq =
                |text: &str, want: &[u8]| text.bytes().map(|b| b.to_ascii_lowercase()).eq(want.iter().copied());
            let s = slug.as_bytes();
            s.len() == a.len() + 1 + f.len()
                && s[a.len()] == b'-'
                && lower_eq(a, &s[..a.len()])
                && lower_eq(f, &s[a.len() + 1..])
        }
        (Some(_), Some(_)) => row.category_slug() == slug,
        _ => slug == "none",
    }
}

/// A name as the search compares it: lower-cased (Unicode), as stored
/// beside each board row for the search in the database.
pub fn folded(text: &str) -> String {
    text.to_lowercase()
}

/// Whether `haystack` contains `needle`, both [`folded`].
fn contains_ignoring_case(haystack: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return true;
    }
    if haystack.is_ascii() && needle.is_ascii() {
        let (h, n) = (haystack.as_bytes(), needle.as_bytes());
        return h.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n));
    }
    folded(haystack).contains(&folded(needle))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn row(model: &str, source: RowSource, access: Option<&str>) -> BoardRow {
        BoardRow {
            access: access.map(Into::into),
            focus: access.map(|_| "Arabic".into()),
            ..BoardRow::bare(model, source)
        }
    }

    fn q(pairs: &[(&str, &str)]) -> BoardFilter {
        BoardFilter::from_query(|name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned()))
    }

    #[test]
    fn filters_by_source_category_and_name() {
        let fanar = row("Fanar-C-1-8.7B", RowSource::Reported, Some("open"));
        let mine = row("My-Llama", RowSource::Verified, None);
        assert!(q(&[]).is_empty() && q(&[]).shows(&fanar) && q(&[]).shows_reference());
        let f = q(&[("source", "verified")]);
        assert!(!f.shows(&fanar) && f.shows(&mine) && !f.shows_reference() && f.by_source_only());
        let f = q(&[("category", "Open-Arabic")]);
        assert!(f.shows(&fanar) && !f.shows(&mine) && !f.shows_reference() && !f.by_source_only());
        let f = q(&[("q", " llama ")]);
        assert!(!f.shows(&fanar) && f.shows(&mine) && f.shows_reference());
        assert!(q(&[("category", "none")]).shows(&mine) && !q(&[("category", "open")]).shows(&fanar));
        assert_eq!(q(&[("source", "bogus"), ("q", "")]), BoardFilter::default());
        assert_eq!(mine.category_slug(), "none");
    }

    #[test]
    fn non_ascii_names_and_searches() {
        let arabic = row("نموذج-Ar", RowSource::Verified, None);
        assert!(q(&[("q", "نموذج")]).shows(&arabic) && q(&[("q", "-ar")]).shows(&arabic));
        // U+212A KELVIN SIGN lower-cases to an ASCII "k".
        assert!(q(&[("q", "\u{212A}")]).shows(&row("kimi", RowSource::Verified, None)));
        let mut odd = row("x", RowSource::Reported, Some("ÖPEN"));
        odd.focus = Some("Arabic".into());
        assert!(q(&[("category", "öpen-arabic")]).shows(&odd));
    }

    #[test]
    fn the_search_pattern_matches_wildcards_as_themselves() {
        assert_eq!(q(&[("q", "100%_A!b\\")]).search_pattern(), "%100!%!_a!!b\\%");
        let long = |text: &str, n| BoardFilter { search: text.repeat(n), ..Default::default() };
        assert!(
            q(&[("q", "a\u{0}b")]).search_finds_no_name() && long("x", 2 * MAX_MODEL_NAME + 1).search_finds_no_name()
        );
        // The longest name lower-cased: 120 × "İ", 240 characters.
        assert!(!long("\u{130}", MAX_MODEL_NAME).search_finds_no_name());
        assert_eq!(folded(&"\u{130}".repeat(MAX_MODEL_NAME)).chars().count(), 2 * MAX_MODEL_NAME);
        assert!(!long("x", 2 * MAX_MODEL_NAME).search_finds_no_name());
        assert_eq!(q(&[("q", "\u{212A}-İ")]).search_pattern(), format!("%k-{}%", "İ".to_lowercase()));
    }

    /// The pattern's text between its two `%`, unescaped; `None` if a
    /// wildcard in it is not escaped.
    fn unescaped(pattern: &str) -> Option<String> {
        let mut chars = pattern.strip_prefix('%')?.strip_suffix('%')?.chars();
        let mut text = String::new();
        while let Some(c) = chars.next() {
            match c {
                '!' => text.push(chars.next()?),
                '%' | '_' => return None,
                c => text.push(c),
            }
        }
        Some(text)
    }

    proptest! {
        /// The pattern holds the search lower-cased, every character of it
        /// literal: `LIKE` on folded names then keeps what
        /// [`BoardFilter::shows`] keeps.
        #[test]
        fn the_pattern_is_the_folded_search(search in "[a-zA-Z0-9 %_!\\\\İKkßΣσ-]{1,8}") {
            let f = BoardFilter { search: search.clone(), ..Default::default() };
            let pattern = f.search_pattern();
            prop_assert_eq!(unescaped(&pattern), Some(folded(&search)));
        }
    }

    proptest! {
        /// The allocation-free matching agrees with lower-casing both sides.
        #[test]
        fn matching_agrees_with_lowercasing(
            model in "[a-zA-Z0-9 İKkßΣσ-]{0,12}",
            search in "[a-zA-Z0-9 İKkßΣσ-]{0,3}",
            access in proptest::option::of("[a-zA-ZÖ]{1,6}"),
            slug in "[a-zö-]{0,12}",
        ) {
            let mut r = row(&model, RowSource::Verified, None);
            r.access = access.clone();
            r.focus = access.map(|a| format!("{a}X"));
            prop_assert_eq!(contains_ignoring_case(&model, &search), model.to_lowercase().contains(&search.to_lowercase()));
            prop_assert_eq!(category_is(&r, &slug), r.category_slug() == slug);
            let own = r.category_slug();
            prop_assert!(category_is(&r, &own));
        }
    }
}
