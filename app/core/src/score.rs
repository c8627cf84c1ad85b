//! Scoring: a prediction file against an answer key gives a [`ScoreCard`]
//! (the contract's JSON) and the per-item correctness vector used for
//! paired comparisons between submissions.
//!
//! The denominator is always the key's scoreable count. A scoreable
//! question is correct only when the file gives its key letter; missing
//! rows and unparsed rows count as wrong. Rows for ids the key rejected are
//! `ignored`; ids the key does not know refuse the whole file.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::benchmark::Benchmark;
use super::calibration::Calibration;
use super::groups::Tally;
use super::key::{AnswerKey, KeyError, read_scoring_key};
use super::key_builder::Detail;
use super::letters::LetterShares;
use super::predictions::{PredictionError, PredictionFile, PredictionFormat};
use super::robustness::{Robustness, map_back};
use super::stats::wilson;
use super::stored_predictions::{Given, StoredPredictions};

/// Specialty → level → cell, as in [`ScoreCard::by_cell`] (the heatmap's
/// cells, as a page and a chart draw them).
pub type Cells = BTreeMap<String, BTreeMap<String, Breakdown>>;

/// The levels present in `cells`, in order (Y1..Y5, then `n/a`).
pub fn levels(cells: &Cells) -> Vec<String> {
    cells.values().flat_map(|row| row.keys().cloned()).collect::<std::collections::BTreeSet<_>>().into_iter().collect()
}

/// Below this many questions a cell is marked: its interval is wide.
pub const SMALL_N: usize = 30;

/// Correct out of total for one slice of the key, with its Wilson 95% CI.
/// Slices always hold at least one item; an empty total (only possible
/// overall, for an empty key) gives accuracy 0 and CI [0, 1].
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Breakdown {
    /// Correct answers.
    pub correct: usize,
    /// Scoreable questions in the slice.
    pub total: usize,
    /// correct / total.
    pub accuracy: f64,
    /// Wilson score interval.
    pub ci95: [f64; 2],
}

impl Breakdown {
    /// Builds a cell from its counts.
    pub fn new(correct: usize, total: usize) -> Self {
        let accuracy = if total == 0 { 0.0 } else { correct as f64 / total as f64 };
        Self { correct, total, accuracy, ci95: wilson(correct, total) }
    }
}

/// What uniform guessing among each question's options would score.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RandomBaseline {
    /// E = mean over questions of 1/k (k = number of options).
    pub expected_accuracy: f64,
    /// Sum of 1/k: the expected number correct.
    pub expected_correct: f64,
    /// Standard deviation of a guesser's accuracy: sqrt(Σ p(1−p)) / n.
    pub sd: f64,
}

/// The scores of one submission: the contract's `score --json` document
/// and the API's submission scores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ScoreCard {
    /// correct / total.
    pub accuracy: f64,
    /// Correct answers.
    pub correct: usize,
    /// Scoreable questions in the key.
    pub total: usize,
    /// Scoreable questions absent from the file (wrong).
    pub missing: usize,
    /// Rows present without a letter (wrong).
    pub unparsed: usize,
    /// Rows for questions the key rejected (not scored).
    pub ignored: usize,
    /// Wilson 95% interval of `accuracy`.
    pub ci95: [f64; 2],
    /// Umbrella specialty → cell.
    pub by_specialty: BTreeMap<String, Breakdown>,
    /// "Y1".."Y5" (or "n/a") → cell.
    pub by_level: BTreeMap<String, Breakdown>,
    /// Number of options ("4", "5", ...) → cell.
    pub by_options: BTreeMap<String, Breakdown>,
    /// Sub-specialty → cell.
    pub by_subspecialty: BTreeMap<String, Breakdown>,
    /// Specialty → level → cell.
    pub by_cell: BTreeMap<String, BTreeMap<String, Breakdown>>,
    /// (accuracy − E) / (1 − E), E the random baseline: 0 is guessing, 1
    /// perfect, negative worse than guessing.
    pub chance_adjusted: f64,
    /// Uniform guessing on the same key.
    pub random_baseline: RandomBaseline,
    /// The letters the file chose, and beside the key's
    /// ([`crate::letters`]); absent on cards stored before they were
    /// counted, and on a key's part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub letter_shares: Option<LetterShares>,
    /// How the file's confidences match its accuracy
    /// ([`crate::calibration`]); absent when the file gave none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calibration: Option<Box<Calibration>>,
    /// How the answers depend on the options' order, from the permuted
    /// task's file sent beside ([`crate::robustness`]); absent without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robustness: Option<Box<Robustness>>,
}

/// A score card as the database stores it: each breakdown as its counts
/// `[correct, total]`, its accuracy and interval computed again when read
/// (a card of the real key is a quarter of its full JSON). Cards stored in
/// full, with every accuracy and interval, are read as they were written.
impl ScoreCard {
    /// The stored form's JSON.
    pub fn to_stored_json(&self) -> serde_json::Result<String> {
        serde_json::to_string(&Stored::from(self))
    }

    /// A card from its stored JSON, compact or full.
    pub fn from_stored_json(json: &str) -> serde_json::Result<Self> {
        serde_json::from_str::<Stored<StoredCell>>(json).map(Self::from)
    }
}

/// [`ScoreCard`] with its breakdowns as `C`: counts when written, either
/// form when read.
#[derive(Serialize, Deserialize)]
struct Stored<C> {
    accuracy: f64,
    correct: usize,
    total: usize,
    missing: usize,
    unparsed: usize,
    ignored: usize,
    ci95: [f64; 2],
    by_specialty: BTreeMap<String, C>,
    by_level: BTreeMap<String, C>,
    by_options: BTreeMap<String, C>,
    by_subspecialty: BTreeMap<String, C>,
    by_cell: BTreeMap<String, BTreeMap<String, C>>,
    chance_adjusted: f64,
    random_baseline: RandomBaseline,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    letter_shares: Option<LetterShares>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    calibration: Option<Box<Calibration>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    robustness: Option<Box<Robustness>>,
}

/// A stored breakdown: `[correct, total]`, or in full as cards were first stored.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum StoredCell {
    Counts(usize, usize),
    Full(Breakdown),
}

impl From<StoredCell> for Breakdown {
    fn from(cell: StoredCell) -> Self {
        match cell {
            StoredCell::Counts(correct, total) => Breakdown::new(correct, total),
            StoredCell::Full(full) => full,
        }
    }
}

fn convert<A, B: From<A>>(map: BTreeMap<String, A>) -> BTreeMap<String, B> {
    map.into_iter().map(|(k, v)| (k, v.into())).collect()
}

impl From<&ScoreCard> for Stored<StoredCell> {
    fn from(c: &ScoreCard) -> Self {
        let counts = |m: &BTreeMap<String, Breakdown>| {
            m.iter().map(|(k, b)| (k.clone(), StoredCell::Counts(b.correct, b.total))).collect()
        };
        Self {
            accuracy: c.accuracy,
            correct: c.correct,
            total: c.total,
            missing: c.missing,
            unparsed: c.unparsed,
            ignored: c.ignored,
            ci95: c.ci95,
            by_specialty: counts(&c.by_specialty),
            by_level: counts(&c.by_level),
            by_options: counts(&c.by_options),
            by_subspecialty: counts(&c.by_subspecialty),
            by_cell: c.by_cell.iter().map(|(k, m)| (k.clone(), counts(m))).collect(),
            chance_adjusted: c.chance_adjusted,
            random_baseline: c.random_baseline,
            letter_shares: c.letter_shares.clone(),
            calibration: c.calibration.clone(),
            robustness: c.robustness.clone(),
        }
    }
}

impl From<Stored<StoredCell>> for ScoreCard {
    fn from(s: Stored<StoredCell>) -> Self {
        Self {
            accuracy: s.accuracy,
            correct: s.correct,
            total: s.total,
            missing: s.missing,
            unparsed: s.unparsed,
            ignored: s.ignored,
            ci95: s.ci95,
            by_specialty: convert(s.by_specialty),
            by_level: convert(s.by_level),
            by_options: convert(s.by_options),
            by_subspecialty: convert(s.by_subspecialty),
            by_cell: s.by_cell.into_iter().map(|(k, m)| (k, convert(m))).collect(),
            chance_adjusted: s.chance_adjusted,
            random_baseline: s.random_baseline,
            letter_shares: s.letter_shares,
            calibration: s.calibration,
            robustness: s.robustness,
        }
    }
}

/// A score card with the per-item correctness vector (key order) and what
/// the file gave for each question, neither of which is part of the JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    /// The published numbers.
    pub card: ScoreCard,
    /// `correct[i]` for `key.items()[i]`.
    pub correct: Vec<bool>,
    /// What the file gave, in the key's layout, so that a later version of
    /// the key can score it again ([`super::stored_predictions`]).
    pub predictions: StoredPredictions,
}

/// Scores a read prediction file. Fails only on an id the key does not
/// know (neither scoreable nor rejected).
pub fn score(key: &AnswerKey, file: &PredictionFile) -> Result<Scored, PredictionError> {
    Ok(scored(key, StoredPredictions::record(key, file)?))
}

/// Reads and scores prediction bytes in one step.
pub fn score_bytes(key: &AnswerKey, bytes: &[u8]) -> Result<Scored, PredictionError> {
    read_and_score(key, bytes).map(|(_, scored)| scored)
}

/// Reads prediction bytes and scores them, refusing the file with every
/// problem found, in line order: those of its rows and the ids or texts
/// the key does not know, together. Returns the file read (its format) too.
pub fn read_and_score(key: &AnswerKey, bytes: &[u8]) -> Result<(PredictionFile, Scored), PredictionError> {
    let (file, problems) = PredictionFile::read(bytes)?;
    score_read(key, file, problems)
}

/// [`read_and_score`] of a file already read, with its rows' `problems`.
fn score_read(
    key: &AnswerKey,
    file: PredictionFile,
    mut problems: Vec<PredictionError>,
) -> Result<(PredictionFile, Scored), PredictionError> {
    if let Some(line) = file.permutations().filter(|(_, r)| r.is_some()).map(|(line, _)| line).min() {
        problems.push(PredictionError::PermutedAsMain { line });
    }
    let predictions = StoredPredictions::record_noting(key, &file, &mut problems);
    if let Some(refusal) = PredictionError::from_problems(problems) {
        return Err(refusal);
    }
    Ok((file, scored(key, predictions)))
}

/// Reads the permuted task's file (`crate::robustness`): what it gave for
/// each question of `key`'s layout, its letters mapped back to the key's
/// order. Refused like any file, and, where the tool's output says how
/// each question's options were shown (lm-evaluation-harness samples,
/// lighteval details), for every row that does not say it was shown in the
/// permuted order. The check reads the file alone, never the key (the
/// readers check a stated rotation against the question's number and the
/// options the file shows), so a refusal tells nothing of which questions
/// a held-out key scores.
pub fn read_permuted(key: &AnswerKey, bytes: &[u8]) -> Result<StoredPredictions, PredictionError> {
    let (file, problems) = PredictionFile::read(bytes)?;
    permuted_read(key, &file, problems)
}

/// [`read_permuted`] of a file already read, with its rows' `problems`.
fn permuted_read(
    key: &AnswerKey,
    file: &PredictionFile,
    mut problems: Vec<PredictionError>,
) -> Result<StoredPredictions, PredictionError> {
    if matches!(file.format, PredictionFormat::LmEvalSamples | PredictionFormat::LightevalDetails) {
        let unmarked = file.permutations().filter(|(_, r)| r.is_none());
        problems.extend(unmarked.map(|(line, _)| PredictionError::NotPermuted { line }));
    }
    let recorded = StoredPredictions::record_noting(key, file, &mut problems);
    if let Some(refusal) = PredictionError::from_problems(problems) {
        return Err(refusal);
    }
    Ok(StoredPredictions::from_given(map_back(key, recorded.given())))
}

/// Why [`score_files`] refused: the key, the prediction file or the
/// permuted task's file, each with its own error.
#[derive(Debug, thiserror::Error)]
pub enum FilesError {
    #[error(transparent)]
    Key(KeyError),
    #[error(transparent)]
    Predictions(PredictionError),
    #[error(transparent)]
    Permuted(PredictionError),
}

/// Scores files in hand (`medarabench score`): a key file of `benchmark`,
/// a prediction file and, optionally, the same model's file of the
/// permuted task. The same result, and the same errors in the same order
/// (the key's first), as [`parse_key_for_scoring`](crate::parse_key_for_scoring), [`read_and_score`],
/// [`read_permuted`] and [`Scored::with_permuted`] one after the other;
/// but the files are read first, so that the key keeps its question texts
/// (most of a key's bytes) only when a file names a question by text:
/// most files name every question by id.
pub fn score_files(
    benchmark: Benchmark,
    key: &[u8],
    predictions: &[u8],
    permuted: Option<&[u8]>,
) -> Result<(PredictionFile, Scored), FilesError> {
    let main = PredictionFile::read(predictions);
    let permuted = permuted.map(PredictionFile::read);
    let by_text = |read: &Result<(PredictionFile, _), _>| read.as_ref().is_ok_and(|(f, _)| !f.by_text.is_empty());
    let texts = by_text(&main) || permuted.as_ref().is_some_and(by_text);
    let detail = if texts { Detail::Scoring } else { Detail::ScoringById };
    let key = read_scoring_key(benchmark, key, detail).map_err(FilesError::Key)?;
    let (file, problems) = main.map_err(FilesError::Predictions)?;
    let (file, scored) = score_read(&key, file, problems).map_err(FilesError::Predictions)?;
    let Some(permuted) = permuted else { return Ok((file, scored)) };
    let (permuted, problems) = permuted.map_err(FilesError::Permuted)?;
    let permuted = permuted_read(&key, &permuted, problems).map_err(FilesError::Permuted)?;
    Ok((file, scored.with_permuted(&key, &permuted)))
}

impl Scored {
    /// Adds the option-order figures of `permuted` (read by
    /// [`read_permuted`] on the same `key`) to a file just scored on `key`
    /// (its predictions in `key`'s own layout; a re-score on another
    /// version aligns both itself).
    pub fn with_permuted(mut self, key: &AnswerKey, permuted: &StoredPredictions) -> Self {
        let n = key.len();
        let robustness = Robustness::of(key, &self.predictions.given()[..n], &permuted.given()[..n]);
        self.card.robustness = Some(Box::new(robustness));
        self
    }
}

fn scored(key: &AnswerKey, predictions: StoredPredictions) -> Scored {
    let (scoreable, rejected) = predictions.given().split_at(key.len());
    let ignored = rejected.iter().filter(|g| **g != Given::Missing).count();
    let (mut card, correct) = tally(key, scoreable, ignored);
    card.letter_shares = Some(LetterShares::new(predictions.given(), key, scoreable));
    card.calibration = predictions.own_calibration(key).map(Box::new);
    Scored { card, correct, predictions }
}

/// The score card and correctness vector of `given` (one value per
/// scoreable item of `key`, in key order) with `ignored` rows for rejected
/// questions.
pub(crate) fn tally(key: &AnswerKey, given: &[Given], ignored: usize) -> (ScoreCard, Vec<bool>) {
    let missing = given.iter().filter(|g| **g == Given::Missing).count();
    let unparsed = given.iter().filter(|g| **g == Given::Unparsed).count();
    let correct: Vec<bool> = key.items().iter().zip(given).map(|(it, g)| *g == Given::Letter(it.answer)).collect();
    (card(key, &correct, missing, unparsed, ignored), correct)
}

fn card(key: &AnswerKey, correct: &[bool], missing: usize, unparsed: usize, ignored: usize) -> ScoreCard {
    let tallies = key.groups().tally(correct.iter().copied());
    let cell = |t: Tally| Breakdown::new(t.correct, t.total);
    let (mut expected, mut variance) = (0.0, 0.0);
    for options in key.groups().options() {
        let p = 1.0 / f64::from(options.max(1));
        expected += p;
        variance += p * (1.0 - p);
    }
    let total = key.len();
    let overall = Breakdown::new(correct.iter().filter(|&&c| c).count(), total);
    let n = total.max(1) as f64;
    let e = expected / n;
    let chance_adjusted = if e < 1.0 { (overall.accuracy - e) / (1.0 - e) } else { 0.0 };
    ScoreCard {
        accuracy: overall.accuracy,
        correct: overall.correct,
        total,
        missing,
        unparsed,
        ignored,
        ci95: overall.ci95,
        by_specialty: tallies.by_specialty(cell),
        by_level: tallies.by_level(cell),
        by_options: tallies.by_options(cell),
        by_subspecialty: tallies.by_subspecialty(cell),
        by_cell: tallies.by_cell(cell),
        chance_adjusted,
        random_baseline: RandomBaseline { expected_accuracy: e, expected_correct: expected, sd: variance.sqrt() / n },
        letter_shares: None,
        calibration: None,
        robustness: None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::benchmark::Benchmark;
    use super::super::key::parse_key;
    use super::*;

    const KEY: &str = "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,\
                       Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\n\
                       1,q,a,b,c,d,,,A,Y1,Anatomy,ABCD,Anatomy\n\
                       2,q2,a,b,c,d,e,,E,Y2,Physics,ABCDE,Chemistry and Physics\n\
                       3,q3,a,b,c,d,,,B,Y1,Histology,ABCD,Anatomy\n\
                       4,q4,a,b,c,d,,,,Y1,Anatomy,ABCD,Anatomy\n\
                       5,q5,a,b,c,d,,,C,Y1,Anatomy,ABCD,Anatomy\n";

    fn key() -> AnswerKey {
        parse_key(Benchmark::MedAraBench, KEY.as_bytes()).unwrap().key
    }

    #[test]
    fn counts_and_cells() {
        let s = score_bytes(&key(), b"question_id,answer\n1,a\n2,\xd9\x87\n3,\n4,B\n").unwrap();
        let c = &s.card;
        assert_eq!((c.correct, c.total, c.missing, c.unparsed, c.ignored), (2, 4, 1, 1, 1));
        assert_eq!(s.correct, [true, true, false, false]);
        assert_eq!(c.accuracy, 0.5);
        assert_eq!(c.by_specialty["Anatomy"].correct, 1);
        assert_eq!(c.by_specialty["Anatomy"].total, 3);
        assert_eq!(c.by_level["Y2"].accuracy, 1.0);
        assert_eq!(c.by_options["5"].total, 1);
        assert_eq!(c.by_subspecialty["Histology"].total, 1);
        assert_eq!(c.by_cell["Anatomy"]["Y1"].total, 3);
        let e = (3.0 / 4.0 + 1.0 / 5.0) / 4.0;
        assert!((c.random_baseline.expected_accuracy - e).abs() < 1e-15);
        assert!((c.chance_adjusted - (0.5 - e) / (1.0 - e)).abs() < 1e-15);
    }

    #[test]
    fn a_stored_card_reads_back_the_same_from_either_form() {
        let card = score_bytes(&key(), b"question_id,answer\n1,a\n2,E\n3,C\n5,C\n").unwrap().card;
        let compact = card.to_stored_json().unwrap();
        assert_eq!(ScoreCard::from_stored_json(&compact).unwrap(), card);
        assert!(compact.contains(r#""by_level":{"Y1":[2,3],"Y2":[1,1]}"#), "{compact}");
        // Cards stored before the compact form carry every accuracy and interval.
        let full = serde_json::to_string(&card).unwrap();
        assert!(full.len() > compact.len());
        assert_eq!(ScoreCard::from_stored_json(&full).unwrap(), card);
    }

    #[test]
    fn unknown_ids_are_named_beside_the_rows_problems() {
        // A bad letter on line 3 and an unknown id on line 4: both named,
        // in line order, whichever pass finds them.
        let err = score_bytes(&key(), b"question_id,answer\n1,A\n2,Z\n99,B\n").unwrap_err();
        let lines: Vec<_> = err.problems().iter().map(PredictionError::line).collect();
        assert_eq!(lines, [Some(3), Some(4)], "{err}");
        assert!(matches!(err.problems()[1], PredictionError::UnknownQuestionId { line: 4, id } if id.get() == 99));
    }

    #[test]
    fn unknown_ids_refuse_the_file() {
        let err = score_bytes(&key(), b"question_id,answer\n1,A\n99,B\n").unwrap_err();
        assert_eq!(err.to_string(), "line 3: unknown question_id 99 (not in the answer key)");
    }

    #[test]
    fn json_shape_matches_the_contract() {
        let s = score_bytes(&key(), b"{\"question_id\":1,\"answer\":\"A\"}").unwrap();
        let v = serde_json::to_value(&s.card).unwrap();
        for field in [
            "accuracy",
            "correct",
            "total",
            "missing",
            "unparsed",
            "ignored",
            "ci95",
            "by_specialty",
            "by_level",
            "by_options",
        ] {
            assert!(v.get(field).is_some(), "{field}");
        }
        assert_eq!(v["by_level"]["Y1"]["ci95"].as_array().unwrap().len(), 2);
        assert_eq!(v["missing"], 3);
    }
}
