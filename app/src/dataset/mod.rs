//! The dataset card: what MedAraBench is, how its files are laid out, what
//! the stored answer key contains, how to use and cite it. [`DatasetFacts`]
//! is the data (published figures + the stored key's report); the `/dataset`
//! page renders it as HTML and [`card::markdown`] as the Hugging Face-style
//! `dataset-card.md`, in English or Arabic. Pure code: no database, no web.

pub mod card;

use serde::{Deserialize, Serialize};

use crate::domain::figures::Figures;
use crate::domain::key_summary::KeySummary;

/// The published sources the card uses.
pub const SOURCES: [&str; 2] = ["Dataset", "Table 2"];

/// The paper's 19 umbrella specialties, in its order.
pub const SPECIALTIES: [&str; 19] = [
    "Anatomy",
    "Anesthesia",
    "Biochemistry",
    "Cell and Molecular Biology",
    "Chemistry and Physics",
    "Embryology",
    "Emergency Medicine",
    "Internal Medicine",
    "Medical Ethics",
    "Microbiology",
    "Ophthalmology",
    "Pathology",
    "Pediatrics",
    "Pharmacology",
    "Physiology",
    "Preventive Medicine",
    "Psychiatry",
    "Statistics",
    "Surgery",
];

/// The five levels: years of medical school.
pub const LEVELS: [&str; 5] = ["Y1", "Y2", "Y3", "Y4", "Y5"];

/// Rows of the public test-split CSV (the paper's test split has 4,989).
pub const PUBLIC_TEST_CSV_ROWS: u64 = 4_959;

/// The paper's title, as published.
pub const PAPER_TITLE: &str = "MedAraBench: Large-Scale Arabic Medical Question Answering Dataset and Benchmark";

/// The paper on arXiv.
pub const ARXIV_ID: &str = "2602.01714";

/// The paper's arXiv abstract page, for [`ARXIV_ID`].
pub fn arxiv_url() -> String {
    format!("https://arxiv.org/abs/{ARXIV_ID}")
}

/// The paper's ICLR 2026 forum on OpenReview.
pub const OPENREVIEW: &str = "https://openreview.net/forum?id=1BXojAgNrg";

/// The repository that publishes the CSV splits.
pub const REPOSITORY: &str = "https://github.com/nyuad-cai/MedAraBench";

/// How to cite the dataset. The paper's author list gives family names only.
pub const BIBTEX: &str = r"@inproceedings{medarabench2026,
  title         = {{MedAraBench}: Large-Scale {Arabic} Medical Question Answering Dataset and Benchmark},
  author        = {{Abu-Daoud} and {Kharouf} and {El Hajj} and {El Samad} and {Al-Omari} and {Mallat} and {Saleh} and {Habash} and {Shamout}},
  booktitle     = {International Conference on Learning Representations (ICLR)},
  year          = {2026},
  eprint        = {2602.01714},
  archivePrefix = {arXiv},
  url           = {https://arxiv.org/abs/2602.01714}
}";

/// One column of the official CSV files. What it holds is the message
/// `dataset-column-<name>` of `locales/*/dataset.ftl`
/// (`crate::i18n::dataset::column_content`).
pub struct Column {
    /// The header, exactly as in the file.
    pub name: &'static str,
    /// Hugging Face `dtype`.
    pub dtype: &'static str,
}

const fn col(name: &'static str, dtype: &'static str) -> Column {
    Column { name, dtype }
}

/// The columns of the train and test CSV files, in file order.
pub const COLUMNS: [Column; 13] = [
    col("Question Number", "int64"),
    col("Question", "string"),
    col("Option A", "string"),
    col("Option B", "string"),
    col("Option C", "string"),
    col("Option D", "string"),
    col("Option E", "string"),
    col("Option F", "string"),
    col("Correct Answer", "string"),
    col("Level", "string"),
    col("Medical Specialty", "string"),
    col("Group", "string"),
    col("umbrella_specialty", "string"),
];

/// Everything the dataset card says that comes from data.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DatasetFacts {
    /// The paper's `Dataset` and `Table 2` figures.
    pub figures: Figures,
    /// The stored default key's report, if a key is stored.
    pub key: Option<KeySummary>,
}

impl DatasetFacts {
    /// A published dataset count (`questions after filtering`, `train split`...).
    pub fn count(&self, subject: &str) -> Option<u64> {
        self.figures.count("Dataset", subject, "count")
    }

    /// Every specialty with its scoreable rows in the stored key: the
    /// paper's 19 in its order (0 when the key has none), then any other
    /// name the key uses. Empty without a key.
    pub fn specialty_counts(&self) -> Vec<(String, usize)> {
        let Some(key) = &self.key else { return Vec::new() };
        let mut out: Vec<(String, usize)> =
            SPECIALTIES.iter().map(|s| ((*s).to_owned(), key.specialties.get(*s).copied().unwrap_or(0))).collect();
        for (name, n) in &key.specialties {
            if !SPECIALTIES.contains(&name.as_str()) {
                out.push((name.clone(), *n));
            }
        }
        out
    }

    /// Y1-Y5 with their scoreable rows in the stored key (0 when absent),
    /// then any other label. Empty without a key.
    pub fn level_counts(&self) -> Vec<(String, usize)> {
        let Some(key) = &self.key else { return Vec::new() };
        let mut out: Vec<(String, usize)> =
            LEVELS.iter().map(|l| ((*l).to_owned(), key.levels.get(*l).copied().unwrap_or(0))).collect();
        for (name, n) in &key.levels {
            if !LEVELS.contains(&name.as_str()) {
                out.push((name.clone(), *n));
            }
        }
        out
    }
}
