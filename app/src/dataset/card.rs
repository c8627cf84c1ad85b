//! `dataset-card.md`: the dataset card as Markdown with Hugging Face
//! dataset-card YAML front matter, built from [`DatasetFacts`]. English
//! only, as dataset cards are; the `/dataset` page shows the same facts in
//! both languages.

use std::fmt::Write as _;

use super::{ARXIV_ID, BIBTEX, COLUMNS, DatasetFacts, PUBLIC_TEST_CSV_ROWS, REPOSITORY, SPECIALTIES};
use crate::format::utc_date;
use crate::i18n::{Lang, common, count, dataset};

const NOT_REPORTED: &str = "not reported";

/// The whole card. Figures the database does not hold are written as
/// "not reported"; without a stored key the per-specialty counts and the
/// key's defects say so instead of showing numbers.
pub fn markdown(facts: &DatasetFacts) -> String {
    let mut md = String::new();
    front_matter(&mut md, facts);
    summary(&mut md, facts);
    structure(&mut md, facts);
    key_sections(&mut md, facts);
    use_and_limits(&mut md);
    let _ = write!(md, "\n## Citation\n\n```bibtex\n{BIBTEX}\n```\n");
    md
}

fn n(facts: &DatasetFacts, subject: &str) -> String {
    facts.count(subject).map_or_else(|| NOT_REPORTED.to_owned(), count)
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

fn summary(md: &mut String, facts: &DatasetFacts) {
    let t = dataset::text(Lang::En);
    let _ = write!(
        md,
        "# MedAraBench\n\n{}\n\nPaper: \"MedAraBench: Large-Scale Arabic Medical Question Answering Dataset and \
         Benchmark\" (ICLR 2026, arXiv [{ARXIV_ID}](https://arxiv.org/abs/{ARXIV_ID})). Files: <{REPOSITORY}>.\n\n\
         ## {}\n\n{} Two physicians reviewed a sample of the questions (Table 2 of the paper).\n",
        t.summary(),
        t.origin_heading(),
        t.origin(
            n(facts, "questions before filtering"),
            n(facts, "questions after filtering"),
            n(facts, "ABCDEF questions dropped"),
        ),
    );
}

fn structure(md: &mut String, facts: &DatasetFacts) {
    let t = dataset::text(Lang::En);
    let _ = write!(
        md,
        "\n## {}\n\n{}\n\n| column | type | content |\n|---|---|---|\n",
        t.structure_heading(),
        t.structure_intro()
    );
    for c in &COLUMNS {
        let _ = writeln!(md, "| `{}` | {} | {} |", c.name, c.dtype, dataset::column_content(Lang::En, c.name));
    }
    let _ = write!(
        md,
        "\n## {heading}\n\n{intro}\n\n| split | questions |\n|---|---:|\n\
         | train | {train} |\n| test | {test} |\n\n{public}\n",
        heading = t.splits_heading(),
        intro = t.splits_intro(),
        train = n(facts, "train split"),
        test = n(facts, "test split"),
        public = t.public_csv(count(PUBLIC_TEST_CSV_ROWS)),
    );
}

fn key_sections(md: &mut String, facts: &DatasetFacts) {
    let t = dataset::text(Lang::En);
    let _ = write!(md, "\n## {}\n\n", t.counts_heading());
    let Some(key) = &facts.key else {
        let _ = write!(
            md,
            "No answer key is stored on this server yet, so there are no per-specialty or \
             per-level counts to show. The 19 specialties are: {}. The levels are Y1-Y5.\n\n\
             ## {}\n\nNo answer key is stored yet: nothing to report.\n",
            SPECIALTIES.join(", "),
            t.defects_heading(),
        );
        return;
    };
    let synthetic = if key.synthetic {
        " It is a synthetic key generated for demonstrations, not the real test split."
    } else {
        ""
    };
    let _ = write!(
        md,
        "Scoreable questions of the answer key stored on this server, `{}` ({} rows, imported \
         {}{}).{synthetic}\n\n| specialty | questions |\n|---|---:|\n",
        cell(&key.name),
        count(key.rows as u64),
        utc_date(key.imported_at),
        key.sha256.as_deref().map_or_else(|| ", held out".to_owned(), |sha| format!(", SHA-256 `{sha}`")),
    );
    for (name, k) in facts.specialty_counts() {
        let _ = writeln!(md, "| {} | {} |", cell(&name), count(k as u64));
    }
    md.push_str("\n| level | questions |\n|---|---:|\n");
    for (level, k) in facts.level_counts() {
        let _ = writeln!(md, "| {} | {} |", cell(&level), count(k as u64));
    }
    md.push_str("\n| options | questions |\n|---|---:|\n");
    for (options, k) in &key.options {
        let _ = writeln!(md, "| {} | {} |", cell(options), count(*k as u64));
    }
    let _ = write!(
        md,
        "\n## {}\n\n\
         From the validation report of the stored key: {} rows, {} scoreable, {} rejected \
         (not scored; predictions for them are ignored), {} answers normalised (trimmed or \
         case-folded), {} warnings (scored as written).\n",
        t.defects_heading(),
        count(key.rows as u64),
        count(key.scoreable as u64),
        count((key.rejected.len() + key.withheld) as u64),
        count(key.normalized as u64),
        count(key.warnings as u64),
    );
    if !key.rejected.is_empty() {
        md.push_str("\n| line | question id | reason |\n|---:|---:|---|\n");
        for r in &key.rejected {
            let id = r.question_id.map_or_else(|| "?".to_owned(), |id| id.to_string());
            let _ = writeln!(md, "| {} | {id} | {} |", r.line, cell(&r.reason));
        }
    }
    if !key.warning_counts.is_empty() {
        md.push_str("\n| warning | rows | meaning |\n|---|---:|---|\n");
        for (kind, k) in &key.warning_counts {
            let meaning = common::warning_label(Lang::En, *kind);
            let _ = writeln!(md, "| `{}` | {} | {meaning} |", kind.as_str(), count(*k as u64));
        }
    }
}

fn use_and_limits(md: &mut String) {
    let t = dataset::text(Lang::En);
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
    use super::*;
    use crate::domain::figures::{Figures, PublishedFigure};

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

    #[test]
    fn the_front_matter_is_a_hugging_face_header() {
        let md = markdown(&DatasetFacts { figures: dataset_figures(), key: None });
        let front = md.strip_prefix("---\n").expect("starts with front matter");
        let front = &front[..front.find("\n---\n").expect("closed")];
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
    }

    #[test]
    fn cells_cannot_break_a_table() {
        assert_eq!(cell("a | b\nc"), "a \\| b c");
    }
}
