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

use std::hash::BuildHasher;

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
/// questions, and a fingerprint is as small as the packed predictions, so
/// a server can keep every submission's in memory.
///
/// The search rules most others out within their first few words, so
/// those are kept inline ([`HEAD_WORDS`]): a list of fingerprints is read
/// in order, without following a pointer to each one's words (with
/// thousands stored, those reads missed the cache and took most of an
/// upload's search).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fingerprint {
    /// The first words' three planes (unused words are zero).
    head: [[u64; 3]; HEAD_WORDS],
    /// The other words' planes.
    rest: Vec<[u64; 3]>,
    correct: usize,
    questions: usize,
    /// Questions a near-duplicate may disagree on (the key's questions less
    /// [`needed`]) and whether it scores below the top: worked out once, as
    /// a search asks for them at every probe it reads (the rounding was a
    /// call into the maths library each time).
    allowed: usize,
    below_the_top: bool,
}

/// Words of 64 questions a [`Fingerprint`] keeps inline: unrelated files
/// of a 5,000-question key are ruled out after three.
const HEAD_WORDS: usize = 4;

/// Words of 64 questions a [`Probe`] keeps.
const PROBE_WORDS: usize = 3;

/// What a near-duplicate search reads of a stored fingerprint first, as
/// little as rules out most others ([`Fingerprint::may_nearly_duplicate`]):
/// its correct answers (two sheets differ in them only where they
/// disagree, so models of different accuracy are ruled out at once), the
/// first [`PROBE_WORDS`] words' two low planes (which tell the letters A-D
/// apart; E and F share them with A and B: unrelated sheets of the same
/// accuracy are ruled out there) and whether it scores below the top. A
/// server keeps them side by side, 56 bytes each, so that a search over
/// thousands reads a third of the memory it would read in the fingerprints
/// themselves; with thousands stored, those reads, missing the cache, were
/// most of the search's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    planes: [[u64; 2]; PROBE_WORDS],
    correct: u32,
    below_the_top: bool,
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
        let words = questions.div_ceil(64);
        let mut all = vec![[0u64; 3]; words];
        let given = predictions.given();
        // A word's three planes built in registers, 64 questions at a time
        // (rather than setting each bit in memory).
        for (planes, chunk) in all.iter_mut().zip(given[..given.len().min(questions)].chunks(64)) {
            let mut built = [0u64; 3];
            for (k, given) in chunk.iter().enumerate() {
                let code = u64::from(given.code());
                for (bit, plane) in built.iter_mut().enumerate() {
                    *plane |= ((code >> bit) & 1) << k;
                }
            }
            *planes = built;
        }
        let rest = all.split_off(words.min(HEAD_WORDS));
        let mut head = [[0u64; 3]; HEAD_WORDS];
        head[..all.len()].copy_from_slice(&all);
        let correct = correct(key, predictions.given());
        let allowed = questions.saturating_sub(needed(questions));
        let below_the_top = (correct as f64) < NEAR_BELOW * questions as f64;
        Self { head, rest, correct, questions, allowed, below_the_top }
    }

    /// Correct answers.
    pub fn correct(&self) -> usize {
        self.correct
    }

    /// A hash of the whole fingerprint, the same for equal ones (and rarely
    /// for others): a server keeps each distinct sheet once by it.
    pub fn digest(&self) -> u64 {
        rustc_hash::FxBuildHasher.hash_one(self)
    }

    /// Whether it scores below [`NEAR_BELOW`] (near the top, agreement is
    /// expected).
    fn below_the_top(&self) -> bool {
        self.below_the_top
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
            if self.too_many_disagree(w, agree, allowed) {
                return None;
            }
        }
        (agree >= needed).then_some(agree)
    }

    /// Whether, with `agree` questions agreeing up to word `w`, more than
    /// `allowed` of the questions read so far disagree: where both
    /// [`Fingerprint::agreement_at_least`] and
    /// [`Fingerprint::may_nearly_duplicate`] give up, the latter never
    /// earlier, as it never counts less agreement.
    fn too_many_disagree(&self, w: usize, agree: usize, allowed: usize) -> bool {
        ((w + 1) * 64).min(self.questions) - agree > allowed
    }

    /// Its [`Probe`].
    pub fn probe(&self) -> Probe {
        let mut planes = [[0u64; 2]; PROBE_WORDS];
        for (w, probe) in planes.iter_mut().enumerate().take(self.questions.div_ceil(64)) {
            let [p0, p1, _] = *self.word(w);
            *probe = [p0, p1];
        }
        let correct = u32::try_from(self.correct).unwrap_or(u32::MAX);
        Probe { planes, correct, below_the_top: self.below_the_top() }
    }

    /// False when the fingerprint `other` probes cannot be a near-duplicate
    /// of this one (recorded on the same key): either scores at the top,
    /// their correct answers differ by more than the disagreements allowed,
    /// or too many of the first questions disagree. Never false for one that
    /// is ([`near_duplicate`] decides): two low planes agreeing where all
    /// three do not only count agreement too high, so whatever this rules
    /// out, [`Fingerprint::agreement_at_least`] rules out within the same
    /// words.
    pub fn may_nearly_duplicate(&self, other: &Probe) -> bool {
        if !other.below_the_top || !self.below_the_top() {
            return false;
        }
        let allowed = self.allowed;
        if self.correct.abs_diff(other.correct as usize) > allowed {
            return false;
        }
        let words = self.questions.div_ceil(64).min(PROBE_WORDS);
        let mut agree = 0;
        for (w, [b0, b1]) in other.planes.iter().enumerate().take(words) {
            let a = self.word(w);
            let same = !((a[0] ^ b0) | (a[1] ^ b1));
            agree += (same & letters(a)).count_ones() as usize;
        }
        // Disagreements only grow word by word, so one look after the
        // probe's last word rules out all that a look after each would,
        // without a branch the processor cannot foresee at every word.
        words == 0 || !self.too_many_disagree(words - 1, agree, allowed)
    }

    /// Words both have (64 questions each).
    fn words(&self, other: &Self) -> usize {
        self.questions.min(other.questions).div_ceil(64)
    }

    /// Word `w`'s three planes.
    fn word(&self, w: usize) -> &[u64; 3] {
        match w.checked_sub(HEAD_WORDS) {
            None => &self.head[w],
            Some(r) => &self.rest[r],
        }
    }

    /// Questions of word `w` both give the same letter for.
    fn agreeing(&self, other: &Self, w: usize) -> usize {
        let (a, [b0, b1, b2]) = (self.word(w), other.word(w));
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
/// questions and both score below [`NEAR_BELOW`]. Linear in the others
/// times the key's length over 64.
pub fn near_duplicate<'a>(
    key: &AnswerKey,
    predictions: &Fingerprint,
    others: impl IntoIterator<Item = Other<'a>>,
) -> Option<&'a str> {
    let n = key.len();
    if n == 0 || !predictions.below_the_top() {
        return None;
    }
    let needed = needed(n);
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
/// any ([`near_duplicate`], which a server runs over the fingerprints it
/// keeps).
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
