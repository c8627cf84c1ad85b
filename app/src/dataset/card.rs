//! `dataset-card.md`: the dataset card as Markdown with Hugging Face
//! dataset-card YAML front matter, built from [`DatasetFacts`], in English
//! (`/dataset-card.md`) or Arabic (`?lang=ar`). Its prose is the messages of
//! the `/dataset` page in the card's language, so page and card say the same
//! thing; the front matter (machine-read by Hugging Face), column names,
//! code, key names, the paper's title, the BibTeX and URLs are the same in
//! both languages, and numbers are Western digits in both.

use std::fmt::Write as _;

use super::{
    ARXIV_ID, BIBTEX, COLUMNS, DatasetFacts, PAPER_TITLE, PUBLIC_TEST_CSV_ROWS, REPOSITORY, SPECIALTIES, arxiv_url,
};
use crate::domain::Rejection;
use crate::format::utc_date;
use crate::i18n::{Lang, common, count, dataset, key_report};

/// The whole card in `lang`. Figures the database does not hold are written
/// as "not reported" (in `lang`); without a stored key the per-specialty
/// counts and the key's defects say so instead of showing numbers.
pub fn markdown(facts: &DatasetFacts, lang: Lang) -> String {
    let mut md = String::new();
    front_matter(&mut md, facts);
    summary(&mut md, facts, lang);
    structure(&mut md, facts, lang);
    key_sections(&mut md, facts, lang);
    use_and_limits(&mut md, lang);
    let _ = write!(md, "\n## {}\n\n```bibtex\n{BIBTEX}\n```\n", dataset::text(lang).cite_heading());
    md
}

fn n(facts: &DatasetFacts, subject: &str, lang: Lang) -> String {
    facts.count(subject).map_or_else(|| common::text(lang).not_reported(), count)
}

/// A specialty as the page shows it: the stored English name, and in
/// Arabic its translation with that name after it (the CSV files hold the
/// English names).
fn specialty(lang: Lang, name: &str) -> String {
    let label = common::specialty_label(lang, name);
    match lang {
        Lang::Ar if label != name => common::text(lang).specialty_with_name(label, name),
        _ => name.to_owned(),
    }
}

/// A level as stored ("Y1"), and in Arabic with the year spelled out.
fn level(lang: Lang, level: &str) -> String {
    match lang {
        Lang::En => level.to_owned(),
        Lang::Ar => common::level_label(lang, level),
    }
}

/// Why a key row is not scored: the sentences of its reasons' codes in
/// `lang`, as on the `/dataset` page, or the stored English text for a
/// report stored before reasons had codes.
fn reason(lang: Lang, r: &Rejection) -> String {
    key_report::reasons(lang, r).unwrap_or_else(|| r.reason.clone())
}

fn front_matter(md: &mut String, facts: &DatasetFacts) {
    md.push_str(
        "---\n\
         pretty_name: MedAraBench\n\
         language:\n- ar\n\
         license: unknown  # the paper does not state a license\n\
         multilinguality:\n- monolingual\n\
         language_creators:\n- found\n\
         annotations_creators:\n- found\n\
         source_datasets:\n- original\n\
         task_categories:\n- multiple-choice\n- question-answering\n\
         task_ids:\n- multiple-choice-qa\n\
         size_categories:\n- 10K<n<100K\n\
         tags:\n- medical\n- arabic\n- benchmark\n\
         dataset_info:\n  features:\n",
    );
    for c in &COLUMNS {
        let _ = writeln!(md, "  - name: {}\n    dtype: {}", c.name, c.dtype);
    }
    md.push_str("  splits:\n");
    for (split, subject) in [("train", "train split"), ("test", "test split")] {
        if let Some(rows) = facts.count(subject) {
            let _ = writeln!(md, "  - name: {split}\n    num_examples: {rows}");
        }
    }
    md.push_str("---\n\n");
}

fn summary(md: &mut String, facts: &DatasetFacts, lang: Lang) {
    let t = dataset::text(lang);
    let paper = t.card_paper(PAPER_TITLE, format!("[{ARXIV_ID}]({})", arxiv_url()), format!("<{REPOSITORY}>"));
    let origin = t.origin(
        n(facts, "questions before filtering", lang),
        n(facts, "questions after filtering", lang),
        n(facts, "ABCDEF questions dropped", lang),
    );
    let _ = write!(
        md,
        "# MedAraBench\n\n{}\n\n{paper}\n\n## {}\n\n{origin} {}\n",
        t.summary(),
        t.origin_heading(),
        t.card_expert_note(),
    );
}

fn structure(md: &mut String, facts: &DatasetFacts, lang: Lang) {
    let t = dataset::text(lang);
    let _ = write!(
        md,
        "\n## {}\n\n{}\n\n| {} | {} | {} |\n|---|---|---|\n",
        t.structure_heading(),
        t.structure_intro(),
        t.col_column(),
        t.col_type(),
        t.col_content(),
    );
    for c in &COLUMNS {
        let _ = writeln!(md, "| `{}` | {} | {} |", c.name, c.dtype, dataset::column_content(lang, c.name));
    }
    let _ = write!(
        md,
        "\n## {heading}\n\n{intro}\n\n| {col_split} | {col_questions} |\n|---|---:|\n\
         | {train_label} | {train} |\n| {test_label} | {test} |\n\n{public}\n",
        heading = t.splits_heading(),
        intro = t.splits_intro(),
        col_split = t.col_split(),
        col_questions = t.col_questions(),
        train_label = t.train(),
        train = n(facts, "train split", lang),
        test_label = t.test(),
        test = n(facts, "test split", lang),
        public = t.public_csv(count(PUBLIC_TEST_CSV_ROWS)),
    );
}

/// A two-column count table: its header, then one row per label.
fn count_table(
    md: &mut String,
    label_header: &str,
    count_header: &str,
    rows: impl IntoIterator<Item = (String, usize)>,
) {
    let _ = write!(md, "\n| {label_header} | {count_header} |\n|---|---:|\n");
    for (label, k) in rows {
        let _ = writeln!(md, "| {} | {} |", cell(&label), count(k as u64));
    }
}

fn key_sections(md: &mut String, facts: &DatasetFacts, lang: Lang) {
    let t = dataset::text(lang);
    let _ = write!(md, "\n## {}\n\n", t.counts_heading());
    let Some(key) = &facts.key else {
        let separator = match lang {
            Lang::En => ", ",
            Lang::Ar => "، ",
        };
        let specialties = SPECIALTIES.iter().map(|s| specialty(lang, s)).collect::<Vec<_>>().join(separator);
        let _ = write!(
            md,
            "{}\n\n## {}\n\n{}\n",
            t.card_no_key(specialties),
            t.defects_heading(),
            t.card_no_key_defects(),
        );
        return;
    };
    let (name, rows, date) = (cell(&key.name), count(key.rows as u64), utc_date(key.imported_at));
    let intro = match &key.sha256 {
        Some(sha256) => t.card_key(name, rows, date, sha256),
        None => t.card_key_held_out(name, rows, date),
    };
    let synthetic = if key.synthetic { format!(" {}", t.card_synthetic()) } else { String::new() };
    let _ = writeln!(md, "{intro}{synthetic}");
    let specialties = facts.specialty_counts().into_iter().map(|(s, k)| (specialty(lang, &s), k));
    count_table(md, &t.col_specialty(), &t.col_questions(), specialties);
    let levels = facts.level_counts().into_iter().map(|(l, k)| (level(lang, &l), k));
    count_table(md, &t.col_level(), &t.col_questions(), levels);
    let options = key.options.iter().map(|(o, k)| (o.clone(), *k));
    count_table(md, &t.col_options(), &t.col_questions(), options);
    let _ = write!(
        md,
        "\n## {}\n\n{}\n",
        t.defects_heading(),
        t.card_report(
            count(key.rows as u64),
            count(key.scoreable as u64),
            count((key.rejected.len() + key.withheld) as u64),
            count(key.normalized as u64),
            count(key.warnings as u64),
        ),
    );
    let report = key_report::text(lang);
    if !key.rejected.is_empty() {
        let _ = write!(
            md,
            "\n| {} | {} | {} |\n|---:|---:|---|\n",
            report.col_line(),
            report.col_question(),
            report.col_reason()
        );
        for r in &key.rejected {
            let id = r.question_id.map_or_else(|| "?".to_owned(), |id| id.to_string());
            let _ = writeln!(md, "| {} | {id} | {} |", r.line, cell(&reason(lang, r)));
        }
        // A report stored before reasons had codes gives them in English:
        // the Arabic card says so (the English note is empty).
        let english = report.reasons_in_english();
        if key.rejected.iter().any(|r| r.reasons.is_empty()) && !english.is_empty() {
            let _ = write!(md, "\n{english}\n");
        }
    }
    if !key.warning_counts.is_empty() {
        let warnings = key.warning_counts.iter().map(|(kind, k)| (common::warning_label(lang, *kind), *k));
        count_table(md, &report.col_meaning(), &report.col_rows(), warnings);
    }
}

fn use_and_limits(md: &mut String, lang: Lang) {
    let t = dataset::text(lang);
    let _ = write!(md, "\n## {}\n\n", t.use_heading());
    for line in t.uses() {
        let _ = writeln!(md, "- {line}");
    }
    let _ = write!(md, "\n## {}\n\n", t.limits_heading());
    for line in t.limits() {
        let _ = writeln!(md, "- {line}");
    }
}

/// Text safe inside a Markdown table cell: one line, pipes escaped.
fn cell(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|")
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::domain::exposure::Exposure;
    use crate::domain::figures::{Figures, PublishedFigure};
    use crate::domain::key_summary::KeySummary;
    use crate::domain::{Benchmark, QuestionId, RejectReason, WarningKind};

    fn dataset_figures() -> Figures {
        let fig = |subject: &str, value: f64| PublishedFigure {
            source_table: "Dataset".into(),
            subject: subject.into(),
            metric: "count".into(),
            value,
            unit: "questions".into(),
            note: String::new(),
        };
        Figures(vec![
            fig("train split", 19_894.0),
            fig("test split", 4_989.0),
            fig("questions after filtering", 24_883.0),
        ])
    }

    /// A stored synthetic key with one rejected row and one warning kind.
    fn with_key() -> DatasetFacts {
        let key = KeySummary {
            name: "demo-key".into(),
            benchmark: Benchmark::MedAraBench,
            synthetic: true,
            sha256: Some("ab".repeat(32)),
            exposure: Exposure::Public,
            withheld: 0,
            imported_at: 1_767_225_600,
            rows: 1_200,
            scoreable: 1_190,
            normalized: 3,
            rejected: vec![Rejection::new(QuestionId::new(17), 18, vec![RejectReason::AnswerBlank])],
            warnings: 2,
            warning_counts: BTreeMap::from([(WarningKind::GroupMismatch, 2)]),
            specialties: BTreeMap::from([("Anatomy".to_owned(), 1_190)]),
            levels: BTreeMap::from([("Y1".to_owned(), 1_190)]),
            options: BTreeMap::from([("ABCD".to_owned(), 900), ("ABCDE".to_owned(), 290)]),
        };
        DatasetFacts { figures: dataset_figures(), key: Some(key) }
    }

    fn front(md: &str) -> &str {
        let front = md.strip_prefix("---\n").expect("starts with front matter");
        &front[..front.find("\n---\n").expect("closed")]
    }

    /// Runs of three or more Latin words in the card's prose: outside the
    /// front matter, the BibTeX, code spans and URLs, with the paper's
    /// title and the specialties' English names taken out.
    fn latin_runs(md: &str) -> Vec<String> {
        let body = &md[md.find("\n---\n").expect("front matter") + 5..];
        let body = &body[..body.find("```bibtex").expect("a BibTeX block")];
        let mut text: String = body.split('`').step_by(2).collect();
        for name in SPECIALTIES.iter().chain([&PAPER_TITLE]) {
            text = text.replace(name, "");
        }
        let mut runs = Vec::new();
        let mut run: Vec<&str> = Vec::new();
        for word in text.split_whitespace().chain([""]) {
            let latin = word.is_ascii() && word.chars().any(|c| c.is_ascii_alphabetic()) && !word.contains("://");
            if latin {
                run.push(word);
            } else {
                if run.len() >= 3 {
                    runs.push(run.join(" "));
                }
                run.clear();
            }
        }
        runs
    }

    #[test]
    fn the_front_matter_is_a_hugging_face_header() {
        let md = markdown(&DatasetFacts { figures: dataset_figures(), key: None }, Lang::En);
        let front = front(&md);
        for line in [
            "language:\n- ar",
            "- multiple-choice",
            "- question-answering",
            "- 10K<n<100K",
            "license: unknown",
            "pretty_name: MedAraBench",
        ] {
            assert!(front.contains(line), "{line:?} in\n{front}");
        }
        assert!(front.contains("- name: train\n    num_examples: 19894"));
        assert!(md.contains("| train | 19,894 |") && md.contains("| test | 4,989 |"));
        assert!(md.contains("No answer key is stored"));
        assert!(md.contains("typists: not reported questions"), "a missing figure says so");
        assert!(md.contains("eprint        = {2602.01714}"));
        assert!(md.contains("arXiv [2602.01714](https://arxiv.org/abs/2602.01714)"));
    }

    #[test]
    fn the_stored_key_is_counted_and_its_defects_worded() {
        let md = markdown(&with_key(), Lang::En);
        for text in [
            "`demo-key` (1,200 rows, imported 2026-01-01, SHA-256 `abab",
            "It is a synthetic key",
            "| Specialty | Questions |\n|---|---:|\n| Anatomy | 1,190 |\n| Anesthesia | 0 |",
            "| Y1 | 1,190 |",
            "| ABCD | 900 |\n| ABCDE | 290 |",
            "1,190 scoreable, 1 rejected",
            "| 18 | 17 | answer is blank |",
        ] {
            assert!(md.contains(text), "{text:?} in\n{md}");
        }
        let warning = common::warning_label(Lang::En, WarningKind::GroupMismatch);
        assert!(md.contains(&format!("| Warning | Rows |\n|---|---:|\n| {warning} | 2 |")), "{md}");
        assert!(!md.contains(WarningKind::GroupMismatch.as_str()), "the warning in words, not its code");
        assert!(!latin_runs(&md).is_empty(), "the check below finds English prose");
    }

    #[test]
    fn the_arabic_card_is_arabic() {
        let facts = [DatasetFacts { figures: dataset_figures(), key: None }, with_key()];
        for facts in &facts {
            let (en, ar) = (markdown(facts, Lang::En), markdown(facts, Lang::Ar));
            assert_eq!(front(&ar), front(&en), "Hugging Face reads the same front matter");
            let t = dataset::text(Lang::Ar);
            for heading in [
                t.origin_heading(),
                t.structure_heading(),
                t.splits_heading(),
                t.counts_heading(),
                t.defects_heading(),
                t.use_heading(),
                t.limits_heading(),
                t.cite_heading(),
            ] {
                assert!(ar.contains(&format!("\n## {heading}\n")), "{heading} in\n{ar}");
            }
            for english in [
                "No answer key is stored",
                "scoreable",
                "Scoreable",
                "From the validation report",
                "not reported",
                "Paper:",
                "Two physicians",
                "| Column |",
                "| train |",
                "Modern Standard Arabic",
            ] {
                assert!(!ar.contains(english), "{english:?} in\n{ar}");
            }
            assert_eq!(latin_runs(&ar), Vec::<String>::new());
            assert!(ar.contains("غير منشور"), "a missing figure says so in Arabic");
            assert!(ar.contains("| التدريب (train) | 19,894 |"), "Western digits");
            assert!(ar.contains("eprint        = {2602.01714}") && ar.contains("(https://arxiv.org/abs/2602.01714)"));
            assert!(ar.contains("<https://github.com/nyuad-cai/MedAraBench>"));
        }
        let ar = markdown(&facts[0], Lang::Ar);
        assert!(ar.contains("التشريح (Anatomy)، التخدير"), "the specialties in Arabic, with their stored names");
        let ar = markdown(&facts[1], Lang::Ar);
        for text in [
            "| التشريح (Anatomy) | 1,190 |",
            "| Y1 (السنة الأولى) | 1,190 |",
            "| 18 | 17 | الإجابة فارغة |",
            "`demo-key`",
            "`abababab",
        ] {
            assert!(ar.contains(text), "{text:?} in\n{ar}");
        }
        let warning = common::warning_label(Lang::Ar, WarningKind::GroupMismatch);
        assert!(ar.contains(&format!("| {warning} | 2 |")), "{ar}");
        assert!(!ar.contains(WarningKind::GroupMismatch.as_str()));
    }

    #[test]
    fn cells_cannot_break_a_table() {
        assert_eq!(cell("a | b\nc"), "a \\| b c");
    }
}
