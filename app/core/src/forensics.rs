//! Key-copy forensics: signs that a submission is the answer key itself
//! (the public test split can be uploaded as predictions), or another
//! team's submission, shown as [`Flag`]s. A flag never hides a submission;
//! it tells the reader what the numbers cannot.
//!
//! - **Known-defect canaries.** The key has defects no model reproduces: a
//!   rejected row whose keyed letter names an empty option (a model picks
//!   among the options it is shown), and two questions with the same text
//!   and options but different keyed answers (a model reading the same
//!   question twice answers it the same way). A copy of the key gives the
//!   keyed letter for each ([`Canary`]). A file that reproduces at least
//!   [`DEFECTS_MIN`] of them and at least half is flagged
//!   [`Flag::ReproducesKeyDefects`].
//! - **Near-duplicates.** Two submissions on the same key agreeing on at
//!   least [`NEAR_AGREEMENT`] of its scoreable questions while both score
//!   below [`NEAR_BELOW`] (strong models agree because they are right;
//!   weaker ones agree that much only when one is the other) are flagged
//!   [`Flag::NearDuplicate`], naming the other's public id.
//!
//! Both read [`StoredPredictions`] in the key's layout; nothing here is
//! served but the flag itself.

use serde::{Deserialize, Serialize};

use super::exposure::Exposure;
use super::key::AnswerKey;
use super::message::Message;
use super::stored_predictions::{Given, StoredPredictions};
use super::types::{Letter, QuestionId};

/// Fewest canaries reproduced for [`Flag::ReproducesKeyDefects`] (and at
/// least half of the key's): one or two can be chance, or a model that
/// answers "E" on a four-option question once.
pub const DEFECTS_MIN: usize = 3;

/// Share of the key's scoreable questions two submissions must give the
/// same letter for to be near-duplicates.
pub const NEAR_AGREEMENT: f64 = 0.98;

/// Both near-duplicates score below this accuracy (two models near the top
/// agree because both are right).
pub const NEAR_BELOW: f64 = 0.95;

/// One defect of a key, as the letters a copy of the key gives for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Canary {
    /// A rejected row whose keyed `letter` names an empty option.
    EmptyOption { id: QuestionId, letter: Letter },
    /// Two scoreable questions with the same text and options and different
    /// keyed answers: a copy gives both keyed letters.
    ConflictingDuplicate { first: (QuestionId, Letter), second: (QuestionId, Letter) },
}

impl Canary {
    /// The (question, letter) pairs a copy of the key gives, all of them.
    fn answers(&self) -> impl Iterator<Item = (QuestionId, Letter)> {
        let (a, b) = match *self {
            Self::EmptyOption { id, letter } => ((id, letter), None),
            Self::ConflictingDuplicate { first, second } => (first, Some(second)),
        };
        std::iter::once(a).chain(b)
    }
}

/// How many of a key's canaries a file reproduces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Defects {
    pub reproduced: usize,
    pub known: usize,
}

impl Defects {
    /// Whether this is [`Flag::ReproducesKeyDefects`]: at least
    /// [`DEFECTS_MIN`] and at least half of the known ones.
    pub fn is_copy(&self) -> bool {
        self.reproduced >= DEFECTS_MIN && 2 * self.reproduced >= self.known
    }
}

/// Counts the canaries of `key` that `predictions` (recorded on `key`)
/// reproduce: a canary counts when the file gives every one of its letters.
pub fn reproduced(key: &AnswerKey, predictions: &StoredPredictions) -> Defects {
    let rejected: Vec<QuestionId> = key.rejected_ids().iter().copied().collect();
    let canaries = key.canaries();
    let reproduced = canaries
        .iter()
        .filter(|c| c.answers().all(|(id, letter)| predictions.get(key, &rejected, id) == Given::Letter(letter)))
        .count();
    Defects { reproduced, known: canaries.len() }
}

/// Correct answers among the first `key.len()` values (the scoreable
/// questions, in key order).
pub fn correct(key: &AnswerKey, given: &[Given]) -> usize {
    key.items().iter().zip(given).filter(|(it, g)| **g == Given::Letter(it.answer)).count()
}

/// Scoreable questions (the first `questions` values) for which `a` and `b`
/// give the same letter; a missing or unparsed answer agrees with nothing.
pub fn agreement(a: &[Given], b: &[Given], questions: usize) -> usize {
    a.iter().zip(b).take(questions).filter(|(x, y)| matches!(x, Given::Letter(_)) && x == y).count()
}

/// A submission's answers to its key's scoreable questions as
/// near-duplicate detection compares them: each question's 3-bit code (as
/// [`StoredPredictions`] packs it: 0 missing, 1 unparsed, 2 + index for a
/// letter) split over three bit planes of 64 questions a word, and how many
/// it got right. Comparing two is a handful of word operations per 64
/// questions. A server compares an upload only with the stored sheets the
/// near-duplicate index finds (`near_index`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fingerprint {
    /// Each word's three planes.
    words: Vec<[u64; 3]>,
    correct: usize,
    /// Questions given a letter.
    letters: usize,
    questions: usize,
}

/// Questions two submissions on a key of `questions` must agree on to be
/// near-duplicates.
fn needed(questions: usize) -> usize {
    (NEAR_AGREEMENT * questions as f64).ceil() as usize
}

impl Fingerprint {
    /// The fingerprint of `predictions`, recorded on `key`.
    pub fn of(key: &AnswerKey, predictions: &StoredPredictions) -> Self {
        let questions = key.len();
        let mut words = vec![[0u64; 3]; questions.div_ceil(64)];
        let given = predictions.given();
        // A word's three planes built in registers, 64 questions at a time
        // (rather than setting each bit in memory).
        for (planes, chunk) in words.iter_mut().zip(given[..given.len().min(questions)].chunks(64)) {
            let mut built = [0u64; 3];
            for (k, given) in chunk.iter().enumerate() {
                let code = u64::from(given.code());
                for (bit, plane) in built.iter_mut().enumerate() {
                    *plane |= ((code >> bit) & 1) << k;
                }
            }
            *planes = built;
        }
        let letters = words.iter().map(|w| letters(w).count_ones() as usize).sum();
        Self { words, correct: correct(key, given), letters, questions }
    }

    /// Correct answers.
    pub fn correct(&self) -> usize {
        self.correct
    }

    /// Whether it scores below [`NEAR_BELOW`] (near the top, agreement is
    /// expected).
    fn below_the_top(&self) -> bool {
        (self.correct as f64) < NEAR_BELOW * self.questions as f64
    }

    /// Whether any submission on its key can be its near-duplicate: the
    /// key has questions, it scores below [`NEAR_BELOW`] and it gives a
    /// letter for at least [`NEAR_AGREEMENT`] of the questions (a missing
    /// or unparsed answer agrees with nothing). When false,
    /// [`near_duplicate`] finds nothing, whatever it is given.
    pub fn may_have_near_duplicates(&self) -> bool {
        self.questions > 0 && self.below_the_top() && self.letters >= needed(self.questions)
    }

    /// Questions both give the same letter for; a missing or unparsed
    /// answer agrees with nothing. The same count as [`agreement`].
    pub fn agreement(&self, other: &Self) -> usize {
        (0..self.words(other)).map(|w| self.agreeing(other, w)).sum()
    }

    /// [`Fingerprint::agreement`] when it is at least `needed`, else
    /// `None`: the count stops as soon as too many questions disagree (two
    /// independent models disagree on a third or more, so after a few
    /// words).
    pub fn agreement_at_least(&self, other: &Self, needed: usize) -> Option<usize> {
        let allowed = self.questions.saturating_sub(needed);
        let mut agree = 0;
        for w in 0..self.words(other) {
            agree += self.agreeing(other, w);
            if ((w + 1) * 64).min(self.questions) - agree > allowed {
                return None;
            }
        }
        (agree >= needed).then_some(agree)
    }

    /// Words both have (64 questions each).
    fn words(&self, other: &Self) -> usize {
        self.questions.min(other.questions).div_ceil(64)
    }

    /// Questions of word `w` both give the same letter for.
    fn agreeing(&self, other: &Self, w: usize) -> usize {
        let (a, [b0, b1, b2]) = (&self.words[w], other.words[w]);
        let same = !((a[0] ^ b0) | (a[1] ^ b1) | (a[2] ^ b2));
        (same & letters(a)).count_ones() as usize
    }
}

/// The questions of a word that `planes` give a letter for: codes 2-7,
/// bit 1 or bit 2 set.
fn letters(planes: &[u64; 3]) -> u64 {
    planes[1] | planes[2]
}

/// Another team's submission on the same key, as near-duplicate detection
/// reads it.
pub struct Other<'a> {
    pub public_id: &'a str,
    /// Recorded on the same key.
    pub fingerprint: &'a Fingerprint,
}

/// The other submission `predictions` nearly duplicates, if any: the one it
/// agrees with most, when that is at least [`NEAR_AGREEMENT`] of the key's
/// questions and both score below [`NEAR_BELOW`]; of several agreeing
/// equally, the last given. Linear in the others times the key's length
/// over 64.
pub fn near_duplicate<'a>(
    key: &AnswerKey,
    predictions: &Fingerprint,
    others: impl IntoIterator<Item = Other<'a>>,
) -> Option<&'a str> {
    if !predictions.may_have_near_duplicates() {
        return None;
    }
    let needed = needed(key.len());
    others
        .into_iter()
        .filter(|o| o.fingerprint.below_the_top())
        .filter_map(|o| Some((predictions.agreement_at_least(o.fingerprint, needed)?, o)))
        .max_by_key(|(agree, _)| *agree)
        .map(|(_, o)| o.public_id)
}

/// Something a reader of a score should know about the submission. Stored
/// as JSON with its numbers; what is shown depends on the key's exposure
/// ([`Flag::message`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Flag {
    /// The file reproduces `reproduced` of the key's `known` canaries.
    ReproducesKeyDefects { reproduced: usize, known: usize },
    /// The file nearly duplicates another team's submission `of`.
    NearDuplicate { of: String },
}

impl Flag {
    /// The stable code (`reproduces_key_defects`, `near_duplicate`).
    pub fn code(&self) -> &'static str {
        match self {
            Self::ReproducesKeyDefects { .. } => "reproduces_key_defects",
            Self::NearDuplicate { .. } => "near_duplicate",
        }
    }

    /// What the flag says, as a coded message (Fluent ids `flag-*`).
    pub fn message(&self) -> Message {
        match self {
            Self::ReproducesKeyDefects { reproduced, known } => {
                Message::new("flag-reproduces-key-defects").arg("n", reproduced).arg("m", known)
            }
            Self::NearDuplicate { of } => Message::new("flag-near-duplicate").arg("id", of),
        }
    }

    /// [`Flag::message`], naming the other submission of a near-duplicate
    /// only when `may_open(id)`: the viewer could open its page.
    pub fn message_for(&self, may_open: impl Fn(&str) -> bool) -> Message {
        match self {
            Self::NearDuplicate { of } if !may_open(of) => Message::new("flag-near-duplicate-unnamed"),
            _ => self.message(),
        }
    }
}

/// A flag as a surface shows it: its code and what it says under the
/// key's exposure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownFlag {
    /// `reproduces_key_defects` or `near_duplicate`.
    pub code: String,
    pub message: Message,
}

impl Flag {
    /// The flag as a surface shows it under the key's `exposure`: on a
    /// held-out key, nothing until the key is revealed. Both flags read the
    /// key (the defects reproduced; the near-duplicate's accuracy line), so
    /// whether one fired would answer a question about the key: with five
    /// defects known, each further upload would test one candidate. The
    /// flag is stored all the same and shown, with its counts, at reveal.
    /// A near-duplicate names the other submission only when
    /// `may_open(id)`: the viewer could open its page (a private, withdrawn
    /// or hidden one is "another team's submission").
    pub fn shown(&self, exposure: Exposure, may_open: impl Fn(&str) -> bool) -> Option<ShownFlag> {
        (exposure == Exposure::Public)
            .then(|| ShownFlag { code: self.code().to_owned(), message: self.message_for(may_open) })
    }
}

/// The flags of a new submission: `predictions` recorded on `key`, and
/// the public id of the other team's submission it nearly duplicates, if
/// any ([`near_duplicate`], which a server runs over the stored sheets its
/// near-duplicate index finds: `near_index`).
pub fn flags(key: &AnswerKey, predictions: &StoredPredictions, near_duplicate_of: Option<String>) -> Vec<Flag> {
    let defects = reproduced(key, predictions);
    let copy = defects
        .is_copy()
        .then_some(Flag::ReproducesKeyDefects { reproduced: defects.reproduced, known: defects.known });
    copy.into_iter().chain(near_duplicate_of.map(|of| Flag::NearDuplicate { of })).collect()
}

#[cfg(test)]
#[path = "forensics_tests.rs"]
mod tests;
