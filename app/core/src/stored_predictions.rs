//! Stored predictions: what a submission's file gave for every question of
//! the key it was uploaded on, kept (packed, 3 bits a question) so that a
//! corrected version of that key can score it again without the file.
//!
//! The layout is the key's: its scoreable items in key order, then the ids
//! of the rows it rejected, ascending (a row the key rejected may become
//! scoreable in a later version, and its prediction must not be lost).
//! Each question is one [`Given`]: missing (no row), unparsed (a row
//! without a letter) or a letter. [`rescore`] reads them against any key.
//! Where the file gave confidences, each question's is kept beside, a byte
//! a question in the same layout (`crate::confidence`; 0 for none), so a
//! corrected key recomputes the calibration too.
//!
//! Like the correctness bits, stored predictions are never served.

use std::collections::HashMap;

use super::calibration::Calibration;
use super::confidence::Confidence;
use super::key::{AnswerKey, excerpt};
use super::letters::LetterShares;
use super::predictions::{PredictionError, PredictionFile};
use super::question_text::TextMatch;
use super::score::{Scored, tally};
use super::types::{Letter, QuestionId};

/// What a prediction file gave for one question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Given {
    /// No row for it.
    #[default]
    Missing,
    /// A row from which no letter was read.
    Unparsed,
    /// A row with this letter.
    Letter(Letter),
}

impl Given {
    /// The 3-bit code: 0 missing, 1 unparsed, 2 + index for A-F.
    pub(crate) fn code(self) -> u8 {
        match self {
            Self::Missing => 0,
            Self::Unparsed => 1,
            Self::Letter(l) => 2 + l.index() as u8,
        }
    }

    fn from_code(code: u8) -> Self {
        match code {
            0 => Self::Missing,
            1 => Self::Unparsed,
            c => Letter::from_index(usize::from(c - 2)).map_or(Self::Missing, Self::Letter),
        }
    }

    pub(crate) fn of(choice: Option<Letter>) -> Self {
        choice.map_or(Self::Unparsed, Self::Letter)
    }
}

/// Bits per question.
const BITS: usize = 3;

/// A stored value that does not fit the key it claims to follow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("stored predictions hold {bytes} bytes; the key's {questions} questions need {expected}")]
pub struct UnpackError {
    /// Bytes stored.
    pub bytes: usize,
    /// Questions of the key's layout.
    pub questions: usize,
    /// Bytes that layout packs into.
    pub expected: usize,
}

/// A submission's predictions in its key's layout (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPredictions {
    given: Vec<Given>,
    /// One byte a question ([`Confidence::byte`], 0 for none); `None` when
    /// the file gave no confidence at all.
    confidences: Option<Vec<u8>>,
}

/// Stored confidences that do not fit the predictions they go with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("stored confidences hold {bytes} bytes for {questions} questions")]
pub struct ConfidenceLengthError {
    /// Bytes stored.
    pub bytes: usize,
    /// Questions of the layout.
    pub questions: usize,
}

/// Questions in `key`'s layout: scoreable items, then rejected ids.
pub fn layout_len(key: &AnswerKey) -> usize {
    key.len() + key.rejected_ids().len()
}

/// Bytes that `questions` predictions pack into.
pub fn packed_len(questions: usize) -> usize {
    (questions * BITS).div_ceil(8)
}

impl StoredPredictions {
    /// What `file` gives for each question of `key`. Fails on ids the key
    /// does not know (neither scoreable nor rejected), on question texts
    /// that match no question or several, and on a text row naming a
    /// question another row answers: every such problem is listed.
    pub fn record(key: &AnswerKey, file: &PredictionFile) -> Result<Self, PredictionError> {
        let mut problems = Vec::new();
        let recorded = Self::record_noting(key, file, &mut problems);
        match PredictionError::from_problems(problems) {
            Some(refusal) => Err(refusal),
            None => Ok(recorded),
        }
    }

    /// [`Self::record`] with its problems added to `problems` (those of
    /// reading the file, say) rather than returned: the value is only
    /// meaningful when none were added.
    pub(crate) fn record_noting(key: &AnswerKey, file: &PredictionFile, problems: &mut Vec<PredictionError>) -> Self {
        let rejected: Vec<QuestionId> = key.rejected_ids().iter().copied().collect();
        let mut given = vec![Given::Missing; key.len() + rejected.len()];
        let mut confidences = vec![0u8; given.len()];
        let slot = |id: QuestionId| match key.position(id) {
            Some(i) => Some(i),
            None => rejected.binary_search(&id).ok().map(|r| key.len() + r),
        };
        for p in &file.rows {
            match slot(p.id) {
                Some(s) => {
                    given[s] = Given::of(p.choice);
                    confidences[s] = p.confidence.map_or(0, Confidence::byte);
                }
                None => problems.push(PredictionError::UnknownQuestionId { line: p.line, id: p.id }),
            }
        }
        if !file.by_text.is_empty() {
            let mut line_of: HashMap<usize, usize> =
                file.rows.iter().filter_map(|p| Some((slot(p.id)?, p.line))).collect();
            for t in &file.by_text {
                let text = excerpt(&t.text);
                let id = match key.find_question(&t.text) {
                    TextMatch::One(id) => id,
                    TextMatch::None => {
                        problems.push(PredictionError::UnknownQuestionText { line: t.line, text });
                        continue;
                    }
                    TextMatch::Several(ids) => {
                        let ids = ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
                        problems.push(PredictionError::AmbiguousQuestionText { line: t.line, text, ids });
                        continue;
                    }
                };
                let Some(s) = slot(id) else { continue };
                if let Some(&first_line) = line_of.get(&s) {
                    problems.push(PredictionError::DuplicateQuestionId { line: t.line, id, first_line });
                    continue;
                }
                line_of.insert(s, t.line);
                given[s] = Given::of(t.choice);
                confidences[s] = t.confidence.map_or(0, Confidence::byte);
            }
        }
        let confidences = confidences.iter().any(|b| *b != 0).then_some(confidences);
        Self { given, confidences }
    }

    /// One value per question of the layout, in layout order.
    pub fn from_given(given: Vec<Given>) -> Self {
        Self { given, confidences: None }
    }

    /// The same predictions with the confidences stored beside them (as
    /// [`Self::confidence_bytes`] gave them), if any.
    pub fn with_confidences(self, bytes: Option<Vec<u8>>) -> Result<Self, ConfidenceLengthError> {
        match bytes {
            Some(b) if b.len() != self.given.len() => {
                Err(ConfidenceLengthError { bytes: b.len(), questions: self.given.len() })
            }
            confidences => Ok(Self { confidences, ..self }),
        }
    }

    /// The confidences to store: a byte a question of the layout, or
    /// `None` when the file gave none.
    pub fn confidence_bytes(&self) -> Option<&[u8]> {
        self.confidences.as_deref()
    }

    /// The confidence given at layout position `slot`.
    fn confidence_at(&self, slot: usize) -> Option<Confidence> {
        Confidence::from_byte(*self.confidences.as_ref()?.get(slot)?)
    }

    /// The values, in layout order.
    pub fn given(&self) -> &[Given] {
        &self.given
    }

    /// The packed bytes: question j in bits 3j..3j+3 of the little-endian
    /// bit string (about 1.9 KB for 5,000 questions).
    pub fn pack(&self) -> Vec<u8> {
        let mut out = vec![0u8; packed_len(self.given.len())];
        for (j, g) in self.given.iter().enumerate() {
            let bit = j * BITS;
            let word = u16::from(g.code()) << (bit % 8);
            out[bit / 8] |= word as u8;
            if let Some(next) = out.get_mut(bit / 8 + 1) {
                *next |= (word >> 8) as u8;
            }
        }
        out
    }

    /// Reads bytes packed by [`StoredPredictions::pack`] for `key`'s layout.
    pub fn unpack(key: &AnswerKey, bytes: &[u8]) -> Result<Self, UnpackError> {
        let questions = layout_len(key);
        let expected = packed_len(questions);
        if bytes.len() != expected {
            return Err(UnpackError { bytes: bytes.len(), questions, expected });
        }
        let given = (0..questions)
            .map(|j| {
                let bit = j * BITS;
                let low = u16::from(bytes[bit / 8]);
                let high = bytes.get(bit / 8 + 1).map_or(0, |b| u16::from(*b) << 8);
                Given::from_code((((low | high) >> (bit % 8)) & 0b111) as u8)
            })
            .collect();
        Ok(Self { given, confidences: None })
    }

    /// What was given for `id`, read in `key`'s layout (the key the
    /// predictions were recorded on); `Missing` for ids it does not know.
    /// `rejected` is `key`'s rejected ids, ascending.
    pub(crate) fn get(&self, key: &AnswerKey, rejected: &[QuestionId], id: QuestionId) -> Given {
        Self::slot(key, rejected, id).and_then(|s| self.given.get(s).copied()).unwrap_or_default()
    }

    /// The confidence given for `id`, read as [`Self::get`] reads.
    fn confidence_of(&self, key: &AnswerKey, rejected: &[QuestionId], id: QuestionId) -> Option<Confidence> {
        self.confidence_at(Self::slot(key, rejected, id)?)
    }

    fn slot(key: &AnswerKey, rejected: &[QuestionId], id: QuestionId) -> Option<usize> {
        key.position(id).or_else(|| rejected.binary_search(&id).ok().map(|r| key.len() + r))
    }

    /// The calibration of the answers to `key`'s scoreable items (the
    /// first `key.len()` of the layout read by `confidence`), where a
    /// letter came with a confidence.
    pub(crate) fn calibration(
        key: &AnswerKey,
        given: &[Given],
        confidence: impl Fn(usize) -> Option<Confidence>,
    ) -> Option<Calibration> {
        let answers: Vec<(Confidence, bool)> = key
            .items()
            .iter()
            .zip(given)
            .enumerate()
            .filter_map(|(i, (item, g))| match g {
                Given::Letter(l) => Some((confidence(i)?, *l == item.answer)),
                _ => None,
            })
            .collect();
        Calibration::of(&answers)
    }

    /// [`Self::calibration`] on the key these predictions were recorded on.
    pub(crate) fn own_calibration(&self, key: &AnswerKey) -> Option<Calibration> {
        self.confidences.as_ref()?;
        Self::calibration(key, &self.given[..key.len()], |i| self.confidence_at(i))
    }
}

/// Scores predictions recorded on `recorded_on` against `target` (another
/// version of that key, or the same key): each of `target`'s scoreable
/// questions takes what the file gave for its id (missing if the file's
/// key did not know it), rows for ids `target` rejects are ignored, and
/// ids `target` no longer has at all are not counted. On the key they were
/// recorded on this is exactly [`score`](super::score::score) of the file.
pub fn rescore(recorded_on: &AnswerKey, predictions: &StoredPredictions, target: &AnswerKey) -> Scored {
    rescore_aligned(recorded_on, predictions, target).0
}

/// [`rescore`], with the answers it scored: what the predictions gave for
/// each of `target`'s scoreable items, in `target`'s order (as
/// [`aligned`]), read once for both.
pub fn rescore_aligned(
    recorded_on: &AnswerKey,
    predictions: &StoredPredictions,
    target: &AnswerKey,
) -> (Scored, Vec<Given>) {
    let rejected: Vec<QuestionId> = recorded_on.rejected_ids().iter().copied().collect();
    let given = aligned_with(recorded_on, &rejected, predictions, target);
    let ignored = target
        .rejected_ids()
        .iter()
        .filter(|id| predictions.get(recorded_on, &rejected, **id) != Given::Missing)
        .count();
    let (mut card, correct) = tally(target, &given, ignored);
    // The letters over `target`'s layout: what the file gave for each of
    // its questions, scoreable then rejected; a question it dropped is
    // not counted.
    let all: Vec<Given> = given
        .iter()
        .copied()
        .chain(target.rejected_ids().iter().map(|id| predictions.get(recorded_on, &rejected, *id)))
        .collect();
    card.letter_shares = Some(LetterShares::new(&all, target, &given));
    if predictions.confidences.is_some() {
        card.calibration = StoredPredictions::calibration(target, &given, |i| {
            predictions.confidence_of(recorded_on, &rejected, target.items()[i].id)
        })
        .map(Box::new);
    }
    (Scored { card, correct, predictions: predictions.clone() }, given)
}

/// What predictions recorded on `recorded_on` gave for each of `target`'s
/// scoreable items, in `target`'s order (missing where the file's key did
/// not know the id): the answers [`rescore`] scores, for item analysis.
pub fn aligned(recorded_on: &AnswerKey, predictions: &StoredPredictions, target: &AnswerKey) -> Vec<Given> {
    let rejected: Vec<QuestionId> = recorded_on.rejected_ids().iter().copied().collect();
    aligned_with(recorded_on, &rejected, predictions, target)
}

fn aligned_with(
    recorded_on: &AnswerKey,
    rejected: &[QuestionId],
    predictions: &StoredPredictions,
    target: &AnswerKey,
) -> Vec<Given> {
    target.items().iter().map(|it| predictions.get(recorded_on, rejected, it.id)).collect()
}

#[cfg(test)]
mod tests {
    use super::super::benchmark::Benchmark;
    use super::super::key::parse_key;
    use super::super::score::score_bytes;
    use super::*;

    const HEADER: &str = "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,\
                          Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\n";

    fn key(answers: &[(u32, &str)]) -> AnswerKey {
        let mut csv = HEADER.to_owned();
        for (id, a) in answers {
            csv.push_str(&format!("{id},q{id},a,b,c,d,,,{a},Y1,Anatomy,ABCD,Anatomy\n"));
        }
        parse_key(Benchmark::MedAraBench, csv.as_bytes()).unwrap().key
    }

    #[test]
    fn every_value_round_trips_at_every_offset() {
        let all = [Given::Missing, Given::Unparsed].into_iter().chain(Letter::ALL.map(Given::Letter));
        let given: Vec<Given> = all.cycle().take(61).collect();
        let stored = StoredPredictions::from_given(given.clone());
        let packed = stored.pack();
        assert_eq!(packed.len(), packed_len(61));
        assert_eq!(packed.len(), 23, "3 bits a question");
        let k = key(&(1..=61).map(|i| (i, "A")).collect::<Vec<_>>());
        assert_eq!(StoredPredictions::unpack(&k, &packed).unwrap().given(), given);
    }

    #[test]
    fn the_real_split_packs_into_about_two_kilobytes() {
        assert_eq!(packed_len(4_928), 1_848);
    }

    #[test]
    fn a_wrong_length_is_refused() {
        let k = key(&[(1, "A"), (2, "B"), (3, "C")]);
        assert!(StoredPredictions::unpack(&k, &[0, 0]).is_ok(), "9 bits in 2 bytes");
        let err = StoredPredictions::unpack(&k, &[0]).unwrap_err();
        assert_eq!(err, UnpackError { bytes: 1, questions: 3, expected: 2 });
    }

    #[test]
    fn rejected_rows_are_kept_and_scored_once_they_become_scoreable() {
        let v1 = key(&[(1, "A"), (2, ""), (3, "C")]);
        let file = b"question_id,answer\n1,A\n2,B\n3,D\n";
        let first = score_bytes(&v1, file).unwrap();
        assert_eq!((first.card.correct, first.card.total, first.card.ignored), (1, 2, 1));
        assert_eq!(
            first.predictions.given(),
            [Given::Letter(Letter::A), Given::Letter(Letter::D), Given::Letter(Letter::B)]
        );
        // Version 2: question 2 now has an answer, question 3's answer changed, 1 is rejected.
        let v2 = key(&[(1, ""), (2, "B"), (3, "D")]);
        let again = rescore(&v1, &first.predictions, &v2);
        assert_eq!(again.card, score_bytes(&v2, file).unwrap().card);
        assert_eq!((again.card.correct, again.card.total, again.card.ignored), (2, 2, 1));
    }

    #[test]
    fn questions_new_to_a_version_are_missing() {
        let v1 = key(&[(1, "A"), (2, "B")]);
        let first = score_bytes(&v1, b"question_id,answer\n1,A\n2,\n").unwrap();
        assert_eq!(first.card.unparsed, 1);
        let v2 = key(&[(2, "B"), (3, "C")]);
        let again = rescore(&v1, &first.predictions, &v2).card;
        assert_eq!((again.correct, again.total, again.missing, again.unparsed, again.ignored), (0, 2, 1, 1, 0));
    }

    #[test]
    fn confidences_are_kept_beside_and_scored_again_on_a_corrected_key() {
        let v1 = key(&[(1, "A"), (2, "B"), (3, "C"), (4, "D")]);
        let file = b"question_id,answer,confidence\n1,A,0.9\n2,A,0.8\n3,C,\n4,D,0.4\n";
        let first = score_bytes(&v1, file).unwrap();
        assert_eq!(first.card.calibration.as_ref().map(|c| c.n), Some(3), "question 3 gave none");
        let bytes = first.predictions.confidence_bytes().unwrap().to_vec();
        assert_eq!(bytes.len(), 4);
        assert_eq!(bytes[2], 0);
        // Stored apart, read back with the packed predictions.
        let stored = StoredPredictions::unpack(&v1, &first.predictions.pack()).unwrap();
        let stored = stored.with_confidences(Some(bytes.clone())).unwrap();
        assert_eq!(stored, first.predictions);
        assert!(
            StoredPredictions::unpack(&v1, &first.predictions.pack())
                .unwrap()
                .with_confidences(Some(vec![0; 3]))
                .is_err()
        );
        // Version 2 keys question 2 as A: its confidence now counts as right.
        let v2 = key(&[(1, "A"), (2, "A"), (3, "C"), (4, "D")]);
        let again = rescore(&v1, &stored, &v2).card;
        assert_eq!(again.calibration, score_bytes(&v2, file).unwrap().card.calibration);
        assert_ne!(again.calibration, first.card.calibration);
        // Without confidences there is nothing to calibrate.
        let plain = StoredPredictions::unpack(&v1, &first.predictions.pack()).unwrap();
        assert_eq!(rescore(&v1, &plain, &v2).card.calibration, None);
    }
}
