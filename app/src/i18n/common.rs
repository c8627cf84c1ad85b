//! Strings shared by every page: navigation, the language switch, the
//! not-found page, and the names of things the data itself contains
//! (sources, model categories, specialties, levels, key warnings).

use super::{Lang, bundle};
use crate::domain::WarningKind;

crate::messages! {
    /// The site-wide strings of one language.
    pub struct Common {
        site_description = "common-site-description",
        skip_to_content = "common-skip-to-content",
        nav_label = "common-nav-label",
        nav_leaderboard = "common-nav-leaderboard",
        nav_quality = "common-nav-quality",
        nav_adapting = "common-nav-adapting",
        nav_medarabiq = "common-nav-medarabiq",
        nav_dataset = "common-nav-dataset",
        nav_submit = "common-nav-submit",
        /// The header's link to the team page when signed out.
        sign_in = "common-sign-in",
        /// The other language's name, in that language.
        switch_label = "common-switch-label",
        /// What the switch does, in this language.
        switch_title = "common-switch-title",
        not_reported = "common-not-reported",
        source = "common-source",
        loading = "common-loading",
        none = "common-none",
        not_found_title = "common-not-found-title",
        not_found_text = "common-not-found-text",
        not_found_back = "common-not-found-back",
        /// A translated specialty with its stored English name after it.
        specialty_with_name(label, name) = "common-specialty-with-name",
        /// The banner of read-only mode, on every page.
        read_only = "common-read-only",
        /// What a banner's level is called, for screen readers.
        notice_info = "common-notice-info",
        notice_warning = "common-notice-warning",
        /// The end of a banner that has one (a date and time, UTC).
        notice_until(until) = "common-notice-until",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> Common {
    Common(lang)
}

/// A message id made of `prefix` and a stored English name:
/// `("common-specialty", "Internal Medicine")` → `common-specialty-internal-medicine`.
pub fn data_id(prefix: &str, name: &str) -> String {
    let mut id = String::from(prefix);
    let mut dash = true;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            if dash {
                id.push('-');
            }
            id.push(c.to_ascii_lowercase());
            dash = false;
        } else {
            dash = true;
        }
    }
    id
}

/// The message `prefix-<name>` for a stored name, or the name itself when
/// the locales have no message for it (a name the paper does not list).
pub fn data_label(lang: Lang, prefix: &str, name: &str) -> String {
    match bundle::format_checked(lang, &data_id(prefix, name), &[]) {
        Some((text, _)) => text,
        None => name.to_owned(),
    }
}

/// Where a published figure comes from, from its `source_table` tag:
/// "Table 5" → "الجدول 5" in Arabic; named sections get a readable name.
pub fn source_label(lang: Lang, source_table: &str) -> String {
    match source_table.strip_prefix("Table ") {
        Some(n) => bundle::format(lang, "common-source-table", &[("n", n.into())]),
        None => data_label(lang, "common-source", source_table),
    }
}

/// A model category of Table 4 ("proprietary, general").
pub fn category_label(lang: Lang, access: &str, focus: &str) -> String {
    let access = data_label(lang, "common-access", access);
    let focus = data_label(lang, "common-focus", focus);
    bundle::format(lang, "common-category", &[("access", access.into()), ("focus", focus.into())])
}

/// One of the paper's 19 specialties in `lang` (the data keeps the English
/// names); other names as stored.
pub fn specialty_label(lang: Lang, name: &str) -> String {
    data_label(lang, "common-specialty", name)
}

/// A level ("Y1".."Y5") with the year spelled out.
pub fn level_label(lang: Lang, level: &str) -> String {
    let id = data_id("common-level", level);
    match bundle::format_checked(lang, &id, &[]) {
        Some((ordinal, _)) => {
            bundle::format(lang, "common-level", &[("level", level.into()), ("ordinal", ordinal.into())])
        }
        None => level.to_owned(),
    }
}

/// What a key warning means, in one line.
pub fn warning_label(lang: Lang, kind: WarningKind) -> String {
    use WarningKind as W;
    let id = match kind {
        W::GroupMismatch => "common-warning-group-mismatch",
        W::DuplicateQuestion => "common-warning-duplicate-question",
        W::ConflictingDuplicate => "common-warning-conflicting-duplicate",
        W::EmptyQuestion => "common-warning-empty-question",
        W::DuplicateOptions => "common-warning-duplicate-options",
        W::OptionGap => "common-warning-option-gap",
        W::UnusualOptionCount => "common-warning-unusual-option-count",
        W::MissingSubspecialty => "common-warning-missing-subspecialty",
        W::AnswerTextMismatch => "common-warning-answer-text-mismatch",
    };
    bundle::format(lang, id, &[])
}

/// A dimension of the expert review (Table 2), as stored in English.
pub fn dimension_label(lang: Lang, subject: &str) -> String {
    data_label(lang, "common-dimension", subject)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_and_categories_are_translated() {
        assert_eq!(source_label(Lang::Ar, "Table 5"), "الجدول 5");
        assert_eq!(source_label(Lang::En, "Table 5"), "Table 5");
        assert_eq!(category_label(Lang::En, "proprietary", "general"), "proprietary, general");
        assert_eq!(category_label(Lang::Ar, "open", "medical"), "مفتوح المصدر، طبي");
    }

    #[test]
    fn every_specialty_of_the_paper_has_an_arabic_name() {
        for name in crate::dataset::SPECIALTIES {
            assert_eq!(specialty_label(Lang::En, name), *name);
            assert_ne!(specialty_label(Lang::Ar, name), *name, "{name}");
        }
        assert_eq!(specialty_label(Lang::Ar, "Neuroanatomy"), "Neuroanatomy");
        assert_eq!(specialty_label(Lang::Ar, "Gastroenterology & Hepatology"), "أمراض الجهاز الهضمي والكبد");
        assert_eq!(
            data_id("common-specialty", "Cell and Molecular Biology"),
            "common-specialty-cell-and-molecular-biology"
        );
    }

    /// Every name the shipped keys use (the synthetic key's specialties and
    /// sub-specialties, the MedArabiQ demo key's categories) has an Arabic
    /// name: a new sub-specialty without one fails here.
    #[test]
    fn every_specialty_and_subspecialty_of_the_shipped_keys_has_an_arabic_name() {
        use crate::domain::synthetic::{SPECIALTIES, synthetic_medarabiq};
        let mut names: Vec<String> = SPECIALTIES
            .iter()
            .flat_map(|(umbrella, _, subs)| std::iter::once(*umbrella).chain(subs.iter().copied()))
            .map(str::to_owned)
            .collect();
        let medarabiq = synthetic_medarabiq(200, 1);
        let mut reader = csv::Reader::from_reader(medarabiq.as_bytes());
        names.extend(reader.records().map(|r| r.unwrap()[2].to_owned()));
        let untranslated = untranslated(names);
        assert!(untranslated.is_empty(), "no Arabic name for {untranslated:?} (app/locales/*/common.ftl)");
    }

    /// The same for the real test split, where it sits beside the checkout
    /// (`../shared/data`; a clone has no copy, and the check says so).
    #[test]
    fn every_specialty_and_subspecialty_of_the_real_split_has_an_arabic_name() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/medarabench-test_split.csv");
        let Ok(bytes) = std::fs::read(path) else {
            eprintln!("skipped: no real test split at {path}");
            return;
        };
        let mut reader = csv::Reader::from_reader(bytes.as_slice());
        let headers = reader.headers().unwrap().clone();
        let columns: Vec<usize> = ["Medical Specialty", "umbrella_specialty"]
            .iter()
            .filter_map(|c| headers.iter().position(|h| h.trim() == *c))
            .collect();
        assert_eq!(columns.len(), 2, "{headers:?}");
        let names = reader
            .records()
            .filter_map(Result::ok)
            .flat_map(|r| columns.iter().filter_map(|&c| r.get(c).map(|v| v.trim().to_owned())).collect::<Vec<_>>())
            .filter(|n| !n.is_empty());
        let untranslated = untranslated(names);
        assert!(untranslated.is_empty(), "no Arabic name for {untranslated:?} (app/locales/*/common.ftl)");
    }

    /// The distinct names of `names` whose Arabic label is the English name.
    fn untranslated(names: impl IntoIterator<Item = String>) -> Vec<String> {
        let mut missing: Vec<String> = names
            .into_iter()
            .filter(|n| specialty_label(Lang::Ar, n) == *n || specialty_label(Lang::En, n) != *n)
            .collect();
        missing.sort();
        missing.dedup();
        missing
    }

    #[test]
    fn levels_and_warnings_come_from_the_locales() {
        assert_eq!(level_label(Lang::En, "Y1"), "Y1 (first year)");
        assert_eq!(level_label(Lang::En, "Y9"), "Y9");
        assert_eq!(level_label(Lang::Ar, "Y5"), "Y5 (السنة الخامسة)");
        use crate::domain::WarningKind as W;
        let kinds = [
            W::GroupMismatch,
            W::DuplicateQuestion,
            W::ConflictingDuplicate,
            W::EmptyQuestion,
            W::DuplicateOptions,
            W::OptionGap,
            W::UnusualOptionCount,
            W::MissingSubspecialty,
            W::AnswerTextMismatch,
        ];
        for kind in kinds {
            assert_ne!(warning_label(Lang::En, kind), warning_label(Lang::Ar, kind));
        }
    }
}
