//! The synthetic demo fill of `medarabench serve --demo`: which demo teams
//! upload what, so that an empty board, the MedArabiQ scatter, comparisons,
//! heatmaps and attempt counts have something to show. Every team's name
//! starts with [`TEAM_PREFIX`] and every upload's notes with [`NOTES`];
//! the answers are generated ([`crate::synthetic::synthetic_predictions`]),
//! or, for one team, a copy of the key itself ([`key_copy`]).

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::benchmark::Benchmark;

/// The start of every demo team's name.
pub const TEAM_PREFIX: &str = "Demo: ";

/// The notes of every demo submission.
pub const NOTES: &str = "synthetic demo submission";

/// The notes of the demo upload that copies the key.
pub const KEY_COPY_NOTES: &str =
    "synthetic demo submission: this upload is a copy of the demo answer key, not a model's answers";

/// What a demo upload answers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Answers {
    /// Generated answers, right on about `accuracy` of the questions.
    Synthetic { accuracy: f64, seed: u64 },
    /// The key's own answers ([`key_copy`]).
    KeyCopy,
}

/// One demo upload.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Upload {
    pub model: &'static str,
    pub benchmark: Benchmark,
    pub answers: Answers,
}

/// One demo team and its uploads, in upload order.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Team {
    /// The name after [`TEAM_PREFIX`].
    pub name: &'static str,
    pub email: &'static str,
    pub uploads: &'static [Upload],
}

impl Team {
    /// The full team name, with [`TEAM_PREFIX`].
    pub fn full_name(&self) -> String {
        format!("{TEAM_PREFIX}{}", self.name)
    }
}

const fn synthetic(model: &'static str, benchmark: Benchmark, accuracy: f64, seed: u64) -> Upload {
    Upload { model, benchmark, answers: Answers::Synthetic { accuracy, seed } }
}

const MAB: Benchmark = Benchmark::MedAraBench;
const MAQ: Benchmark = Benchmark::MedArabiQ;

/// The demo teams: several models, one of them uploaded three times (the
/// board shows the latest and counts the attempts), models on both
/// benchmarks (the MedArabiQ scatter), and one key copy.
pub const TEAMS: &[Team] = &[
    Team {
        name: "Cedar Lab",
        email: "cedar@demo.invalid",
        uploads: &[
            synthetic("Demo-Qwen-7B", MAB, 0.50, 101),
            synthetic("Demo-Qwen-7B", MAB, 0.54, 102),
            synthetic("Demo-Qwen-7B", MAB, 0.57, 103),
            synthetic("Demo-Qwen-7B", MAQ, 0.63, 104),
            synthetic("Demo-Llama-8B", MAB, 0.46, 105),
        ],
    },
    Team {
        name: "Nile AI",
        email: "nile@demo.invalid",
        uploads: &[synthetic("Demo-Jais-13B", MAB, 0.60, 201), synthetic("Demo-Jais-13B", MAQ, 0.68, 202)],
    },
    Team {
        name: "Atlas Group",
        email: "atlas@demo.invalid",
        uploads: &[
            synthetic("Demo-Gemma-9B", MAB, 0.67, 301),
            synthetic("Demo-Gemma-9B", MAQ, 0.71, 302),
            synthetic("Demo-Gemma-2B", MAB, 0.38, 303),
        ],
    },
    Team {
        name: "Oasis Research",
        email: "oasis@demo.invalid",
        uploads: &[
            synthetic("Demo-Mistral-7B", MAB, 0.43, 401),
            synthetic("Demo-Mistral-7B", MAB, 0.47, 402),
            synthetic("Demo-Mistral-7B", MAQ, 0.52, 403),
        ],
    },
    Team {
        name: "Key Copy",
        email: "copy@demo.invalid",
        uploads: &[Upload { model: "Demo-Key-Copy", benchmark: MAB, answers: Answers::KeyCopy }],
    },
];

/// A prediction CSV (`question_id,answer`) that copies an official-format
/// key (`csv`): for every row with a readable id (the first of a repeated
/// id), its `Correct Answer` cell when that is one letter A-F, whether the
/// key accepted the row or not. So it reproduces the key's defects too
/// (letters naming empty options), as an uploaded copy of the key would.
pub fn key_copy(csv: &str) -> String {
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(csv.as_bytes());
    let headers = reader.headers().cloned().unwrap_or_default();
    let column = |name: &str| headers.iter().position(|h| h.trim() == name);
    let (Some(id_col), Some(answer_col)) = (column("Question Number"), column("Correct Answer")) else {
        return String::from("question_id,answer\n");
    };
    let mut seen = BTreeSet::new();
    let mut out = String::from("question_id,answer\n");
    for record in reader.records().filter_map(Result::ok) {
        let id = record.get(id_col).and_then(|c| c.trim().parse::<u32>().ok()).filter(|id| *id > 0);
        let answer = record.get(answer_col).map(|a| a.trim().to_ascii_uppercase()).unwrap_or_default();
        let letter = matches!(answer.as_str(), "A" | "B" | "C" | "D" | "E" | "F");
        if let (Some(id), true) = (id, letter)
            && seen.insert(id)
        {
            let _ = writeln!(out, "{id},{answer}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::parse_key;
    use crate::score::score_bytes;
    use crate::synthetic::synthetic_key;

    #[test]
    fn a_copy_of_the_key_scores_every_question_and_answers_rejected_rows() {
        let synthetic = synthetic_key(600, 5);
        let key = parse_key(Benchmark::MedAraBench, synthetic.csv.as_bytes()).unwrap().key;
        let scored = score_bytes(&key, key_copy(&synthetic.csv).as_bytes()).expect("a copy is a valid upload");
        assert_eq!((scored.card.correct, scored.card.total), (key.len(), key.len()));
        assert!(scored.card.ignored > 0, "rows the key rejected are answered too: {:?}", scored.card);
    }

    #[test]
    fn every_demo_team_is_labelled_and_uploads_on_both_benchmarks() {
        let names: BTreeSet<String> = TEAMS.iter().map(Team::full_name).collect();
        assert_eq!(names.len(), TEAMS.len());
        assert!(names.iter().all(|n| n.starts_with(TEAM_PREFIX)));
        assert!(KEY_COPY_NOTES.starts_with(NOTES));
        let uploads = || TEAMS.iter().flat_map(|t| t.uploads);
        assert!(uploads().any(|u| u.benchmark == MAQ) && uploads().any(|u| u.benchmark == MAB));
        assert_eq!(uploads().filter(|u| u.answers == Answers::KeyCopy).count(), 1);
    }
}
