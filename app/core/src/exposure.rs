//! How much of a submission's scores an answer key lets anyone see.
//!
//! A key is `public` (the test split everyone has: every breakdown is
//! shown) or `held-out` (its answers are the benchmark's secret). Until a
//! held-out key is revealed, no number derived from single questions is
//! shown anywhere: no correct count, breakdown, heatmap cell or paired
//! comparison, only an overall accuracy that follows the Ladder (Blum &
//! Hardt, 2015, "The Ladder: A Reliable Leaderboard for Machine Learning
//! Competitions"): a team's new submission of a model changes the shown
//! score only when it beats that team's best shown score for the model by
//! more than one step, and the score is shown rounded to the step. An
//! upload that changes one answer (1/4,928 of the score) then shows the
//! same number as the one before it. The rounding is random, keyed by a
//! server secret and the file ([`rounding_offset`]), so that new teams
//! uploading one-answer variations see scores that tell them almost
//! nothing about any single answer.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::declaration::UnknownName;
use crate::letters::LetterShares;
use crate::score::{RandomBaseline, ScoreCard};
use crate::stats::wilson;
use crate::stored_predictions::Given;

/// A key's exposure.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Exposure {
    /// Everything is shown.
    #[default]
    Public,
    /// Per-question numbers stay hidden until `keys reveal`.
    HeldOut,
}

impl Exposure {
    /// Every stored and sent name.
    pub const NAMES: &'static [&'static str] = &["public", "held-out"];

    /// The stored and sent name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Public => "public",
            Self::HeldOut => "held-out",
        }
    }
}

impl FromStr for Exposure {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, UnknownName> {
        match s.trim().to_lowercase().as_str() {
            "public" => Ok(Self::Public),
            "held-out" => Ok(Self::HeldOut),
            _ => Err(UnknownName { what: "exposure", value: s.to_owned(), allowed: Self::NAMES }),
        }
    }
}

impl TryFrom<String> for Exposure {
    type Error = UnknownName;

    fn try_from(s: String) -> Result<Self, UnknownName> {
        s.parse()
    }
}

impl fmt::Display for Exposure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The Ladder's default step for a key of `total` scoreable questions:
/// 1/√n, twice the standard error of an accuracy near one half (about 1.4
/// points on 4,928 questions), as a fraction.
pub fn default_step(total: usize) -> f64 {
    1.0 / (total.max(1) as f64).sqrt()
}

/// `accuracy` rounded to the nearest multiple of `step`, within [0, 1].
pub fn round_to_step(accuracy: f64, step: f64) -> f64 {
    rounded(accuracy, step, 0.5)
}

/// `accuracy` rounded to a multiple of `step` by `floor(accuracy/step +
/// offset)`: 0.5 rounds to the nearest; an offset drawn uniformly from
/// [0, 1) rounds at random, up with probability equal to the remainder, so
/// that on average the shown score is the true one.
pub fn rounded(accuracy: f64, step: f64, offset: f64) -> f64 {
    if step <= 0.0 {
        return accuracy;
    }
    ((accuracy / step + offset).floor() * step).clamp(0.0, 1.0)
}

/// The rounding offset of one submission's score on a key: a number in
/// [0, 1) drawn from the server's `secret`, the key and the answers as
/// scored (`answers`: one per scoreable question of the key, in its
/// order). A question without a row and one without a readable letter are
/// the same "no answer". So the same answers on the same key always round
/// the same way however the file is written (line breaks, a byte-order
/// mark, gzip, JSON Lines, rows for questions the key rejected), and
/// averaging re-encodings learns nothing; other answers (one changed) draw
/// afresh. Nobody without the secret can tell which way a score was
/// rounded, so a score just below a rounding boundary cannot be found and
/// then probed one answer at a time: each shown score says about 1/√n of a
/// bit about any single answer.
pub fn rounding_offset(secret: &[u8], key_id: i64, answers: &[Given]) -> f64 {
    draws(secret, key_id, answers)[0]
}

/// The Ladder's two draws for one submission's score on a key, from one
/// hash of the secret, the key and the answers: its [`rounding_offset`],
/// and its threshold noise, a Laplace draw of scale `scale` (a fraction;
/// 0 gives 0) independent of the offset. Added to the threshold a new
/// score must pass (the "Shaky Ladder", Hardt 2017), the noise makes
/// whether a score moved a noisy answer: a file made to sit exactly at the
/// threshold, plus one probed answer, no longer tells that answer. The
/// same answers draw the same noise, so re-encoding a file buys no fresh
/// draw.
pub fn ladder_draws(secret: &[u8], key_id: i64, answers: &[Given], scale: f64) -> (f64, f64) {
    let [offset, u] = draws(secret, key_id, answers);
    (offset, laplace(u, scale))
}

/// The Laplace distribution of scale `scale` at `u` in [0, 1) (its inverse
/// CDF): the sign from which half `u` is in, the size
/// -ln(1 - 2|u - 1/2|) · scale.
fn laplace(u: f64, scale: f64) -> f64 {
    if scale <= 0.0 {
        return 0.0;
    }
    let u = u - 0.5;
    -scale * u.signum() * (1.0 - 2.0 * u.abs()).max(f64::MIN_POSITIVE).ln()
}

/// The Ladder's default threshold noise for a step: half the step, so that
/// a true improvement of two steps is shown 93% of the time, and whether a
/// score moved says little about any one answer.
pub fn default_noise(step: f64) -> f64 {
    step / 2.0
}

/// `answers` (one per scoreable item of `key`, in its order) as the
/// Ladder's draws read them: a letter past a question's last option is
/// certainly wrong and the options are public, so it is read as no answer,
/// like a missing row; otherwise switching such a question between no
/// answer and an impossible letter would buy a fresh draw at the same
/// accuracy, and averaging those would recover the true score.
pub fn as_drawn(key: &crate::key::AnswerKey, answers: &[Given]) -> Vec<Given> {
    key.items()
        .iter()
        .zip(answers)
        .map(|(item, given)| match given {
            Given::Letter(l) if l.index() >= usize::from(item.options) => Given::Missing,
            other => *other,
        })
        .collect()
}

/// Two independent uniform draws in [0, 1) keyed by the server's secret,
/// the key and the answers as scored (see [`rounding_offset`]).
fn draws(secret: &[u8], key_id: i64, answers: &[Given]) -> [f64; 2] {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(b"medarabench-ladder-answers\0");
    h.update(secret);
    h.update(b"\0");
    h.update(key_id.to_le_bytes());
    let letter = |g: &Given| match g {
        Given::Letter(l) => u8::try_from(l.index() + 1).unwrap_or(u8::MAX),
        Given::Missing | Given::Unparsed => 0,
    };
    h.update(answers.iter().map(letter).collect::<Vec<u8>>());
    let digest = h.finalize();
    let uniform = |bytes: &[u8]| {
        let mut word = [0u8; 8];
        word.copy_from_slice(bytes);
        (u64::from_le_bytes(word) >> 11) as f64 / (1u64 << 53) as f64
    };
    [uniform(&digest[..8]), uniform(&digest[8..16])]
}

/// The lowest score the Ladder shows on a key whose chance level (uniform
/// guessing's expected accuracy) is `chance`: chance rounded down to the
/// step's grid. A team's Ladder starts there, so that an upload with
/// nothing right shows "at or below chance" rather than an exact 0 (which
/// would tell its author that every answer in it is wrong), and the first
/// score to move must pass chance by more than a step and the noise.
pub fn chance_floor(chance: f64, step: f64) -> f64 {
    if step <= 0.0 { chance.clamp(0.0, 1.0) } else { ((chance / step).floor() * step).clamp(0.0, 1.0) }
}

/// Whether a shown accuracy is the Ladder's `floor` (`None`: a score
/// stored before floors existed): the score is at or below chance.
pub fn at_floor(shown: f64, floor: Option<f64>) -> bool {
    floor.is_some_and(|floor| shown <= floor + 1e-12)
}

/// The Ladder: the accuracy shown for a new submission whose true
/// accuracy is `accuracy`, when the best shown before it (the same team's
/// submissions on the same key, whatever their model names: one Ladder
/// per team and key, started at [`chance_floor`]) is `best_shown`. The
/// shown score moves only for an improvement of more than `step` plus the
/// upload's threshold `noise` (see [`ladder_draws`]), and never for a
/// submission no better than the best shown, whatever the noise; it is
/// then rounded to a multiple of the step with the upload's `offset` (see
/// [`rounding_offset`]), so it never goes below the best shown (a multiple
/// of the step).
pub fn ladder(best_shown: Option<f64>, accuracy: f64, step: f64, offset: f64, noise: f64) -> f64 {
    match best_shown {
        Some(best) if accuracy <= best || accuracy <= best + step + noise => best,
        _ => rounded(accuracy, step, offset),
    }
}

/// One score the Ladder released on a held-out key: whose, for which
/// model, and the accuracy shown, in upload order. The Ladder is the
/// team's: a model name does not start one.
#[derive(Debug, Clone, PartialEq)]
pub struct Released {
    pub team: String,
    pub model: String,
    pub shown: f64,
}

/// What one team (or all, `team` None) has drawn from a held-out key: the
/// scores released to it and the Ladder's steps among them (uploads whose
/// shown score was new for the team's Ladder: its first, or an improvement).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Drawn {
    pub team: Option<String>,
    pub released: usize,
    pub steps: usize,
}

/// The leak budget of a held-out key (`keys exposure`): per team, in the
/// order teams first uploaded, and in total. Every released score tells a
/// little about the key; a step tells more (the score moved).
pub fn ledger(released: &[Released]) -> (Vec<Drawn>, Drawn) {
    use std::collections::HashMap;
    let mut best: HashMap<&str, f64> = HashMap::new();
    let mut row_of: HashMap<&str, usize> = HashMap::new();
    let mut teams: Vec<Drawn> = Vec::new();
    let mut total = Drawn { team: None, released: 0, steps: 0 };
    for r in released {
        let step = best.get(r.team.as_str()).is_none_or(|&b| r.shown > b);
        if step {
            best.insert(r.team.as_str(), r.shown);
        }
        let row = *row_of.entry(r.team.as_str()).or_insert_with(|| {
            teams.push(Drawn { team: Some(r.team.clone()), released: 0, steps: 0 });
            teams.len() - 1
        });
        for d in [&mut teams[row], &mut total] {
            d.released += 1;
            d.steps += usize::from(step);
        }
    }
    (teams, total)
}

/// The overall accuracy a held-out key lets a row show, with its Wilson
/// interval over `n` questions: the Ladder's stored value, or (for a row
/// stored without one) `accuracy` rounded to 1/√n.
pub fn overall(accuracy: f64, ladder_shown: Option<f64>, n: usize) -> (f64, [f64; 2]) {
    let shown = ladder_shown.unwrap_or_else(|| round_to_step(accuracy, default_step(n)));
    (shown, wilson(((shown * n as f64).round() as usize).min(n), n))
}

/// What a held-out key lets anyone see of a submission's scores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OverallScore {
    /// The Ladder's shown accuracy: a multiple of `ladder_step`.
    pub accuracy: f64,
    /// Wilson 95% interval of the shown accuracy over `total` questions.
    pub ci95: [f64; 2],
    /// Scoreable questions in the key.
    pub total: usize,
    /// Rows of the file without a letter (the file's own property).
    pub unparsed: usize,
    /// The Ladder's step, as a fraction (0.014 is 1.4 points).
    pub ladder_step: f64,
    /// Chance-adjusted shown accuracy (see [`ScoreCard::chance_adjusted`]).
    pub chance_adjusted: f64,
    /// Uniform guessing on the same key (it depends on option counts only).
    pub random_baseline: RandomBaseline,
    /// `public` when the key is split (`crate::split`): every figure above
    /// is on its public part alone. Absent for a key without a split.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<crate::split::Part>,
    /// The accuracy is the Ladder's floor: chance rounded down to the step.
    /// The true score is at or below chance (never shown as an exact 0).
    #[serde(default)]
    pub at_or_below_chance: bool,
    /// The submission did not beat its team's best shown score on the key
    /// by more than the step: the accuracy shown is that best (one Ladder
    /// per team), an upper bound of this submission's own.
    #[serde(default)]
    pub not_above_team_best: bool,
    /// The letters the file chose, without the key's (the file's own
    /// property: nothing of the key's answers), from the whole key's card:
    /// set by whoever shows the score, since `card` may be a part's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub letter_shares: Option<LetterShares>,
}

impl OverallScore {
    /// The overall score of `card` as shown: accuracy `shown`. `card` is
    /// the whole key's, or on a split key the public part's (then say so
    /// with [`OverallScore::on`]).
    pub fn new(card: &ScoreCard, shown: f64, step: f64) -> Self {
        let correct = (shown * card.total as f64).round() as usize;
        let e = card.random_baseline.expected_accuracy;
        Self {
            accuracy: shown,
            ci95: wilson(correct.min(card.total), card.total),
            total: card.total,
            unparsed: card.unparsed,
            ladder_step: step,
            chance_adjusted: if e < 1.0 { (shown - e) / (1.0 - e) } else { 0.0 },
            random_baseline: card.random_baseline,
            part: None,
            at_or_below_chance: false,
            not_above_team_best: false,
            letter_shares: None,
        }
    }

    /// The same score, said to be on `part` of the key.
    pub fn on(self, part: crate::split::Part) -> Self {
        Self { part: Some(part), ..self }
    }
}

/// A submission's scores as a surface may show them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ShownScores {
    /// A public key (or a revealed one): the whole score card.
    Full(ScoreCard),
    /// A held-out key: the overall score only.
    Overall(OverallScore),
}

impl ShownScores {
    /// The shown accuracy.
    pub fn accuracy(&self) -> f64 {
        match self {
            Self::Full(card) => card.accuracy,
            Self::Overall(o) => o.accuracy,
        }
    }

    /// The shown accuracy's 95% interval.
    pub fn ci95(&self) -> [f64; 2] {
        match self {
            Self::Full(card) => card.ci95,
            Self::Overall(o) => o.ci95,
        }
    }

    /// Scoreable questions.
    pub fn total(&self) -> usize {
        match self {
            Self::Full(card) => card.total,
            Self::Overall(o) => o.total,
        }
    }

    /// The letters the file chose, as these scores may show them.
    pub fn letter_shares(&self) -> Option<&LetterShares> {
        match self {
            Self::Full(card) => card.letter_shares.as_ref(),
            Self::Overall(o) => o.letter_shares.as_ref(),
        }
    }

    /// The calibration, where the whole card may be shown (it is computed
    /// from per-question correctness: never on a held-out key).
    pub fn calibration(&self) -> Option<&crate::calibration::Calibration> {
        self.card()?.calibration.as_deref()
    }

    /// The option-order figures, where the whole card may be shown (from
    /// per-question correctness: never on a held-out key).
    pub fn robustness(&self) -> Option<&crate::robustness::Robustness> {
        self.card()?.robustness.as_deref()
    }

    /// The whole card, when it may be shown.
    pub fn card(&self) -> Option<&ScoreCard> {
        match self {
            Self::Full(card) => Some(card),
            Self::Overall(_) => None,
        }
    }

    /// The exposure these scores were shown under.
    pub fn exposure(&self) -> Exposure {
        match self {
            Self::Full(_) => Exposure::Public,
            Self::Overall(_) => Exposure::HeldOut,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Letter;

    #[test]
    fn names_round_trip() {
        for (e, name) in [(Exposure::Public, "public"), (Exposure::HeldOut, "held-out")] {
            assert_eq!(e.as_str(), name);
            assert_eq!(name.parse::<Exposure>(), Ok(e));
            assert_eq!(serde_json::to_string(&e).unwrap(), format!("\"{name}\""));
        }
        assert!("heldout".parse::<Exposure>().is_err());
    }

    #[test]
    fn the_step_is_about_one_and_a_half_points_on_the_test_split() {
        let step = default_step(4928);
        assert!((step - 0.014245).abs() < 1e-5, "{step}");
        assert_eq!(round_to_step(0.6203, 0.01), 0.62);
        assert_eq!(round_to_step(1.2, 0.01), 1.0);
    }

    #[test]
    fn the_ladder_moves_only_for_an_improvement_of_more_than_a_step() {
        let step = 0.014;
        let first = ladder(None, 0.6203, step, 0.5, 0.0);
        assert!((first - 0.616).abs() < 1e-9, "rounded to the step: {first}");
        // One answer more or less (1/4928) never changes what is shown.
        for delta in [-1.0, 1.0, 5.0, -40.0] {
            assert_eq!(ladder(Some(first), 0.6203 + delta / 4928.0, step, 0.99, 0.0), first);
        }
        // A worse submission repeats the best shown, whatever the noise.
        assert_eq!(ladder(Some(first), 0.50, step, 0.0, 0.0), first);
        for noise in [-1.0, -step, -0.001] {
            assert_eq!(ladder(Some(first), first - 0.001, step, 0.99, noise), first);
            assert!(ladder(Some(first), first + 0.001, step, 0.0, noise) >= first);
        }
        // An improvement of more than a step is shown, on the step's grid.
        let better = ladder(Some(first), 0.6450, step, 0.5, 0.0);
        assert!(better > first + step - 1e-9 && (better / step - (better / step).round()).abs() < 1e-9);
    }

    #[test]
    fn the_threshold_is_noisy_laplace_and_keyed_by_the_answers() {
        let secret = b"s3cret".as_slice();
        let answers = |i: usize| -> Vec<Given> {
            (0..40)
                .map(|q| if (i >> (q % 12)) & 1 == 1 { Given::Letter(Letter::B) } else { Given::Letter(Letter::A) })
                .collect()
        };
        let scale = 0.007;
        let noise: Vec<f64> = (0..4000).map(|i| ladder_draws(secret, 1, &answers(i), scale).1).collect();
        // Laplace(0, b): mean 0, mean absolute value b, half of it beyond b ln 2.
        let mean = noise.iter().sum::<f64>() / 4000.0;
        let mean_abs = noise.iter().map(|x| x.abs()).sum::<f64>() / 4000.0;
        let beyond = noise.iter().filter(|x| x.abs() > scale * 2f64.ln()).count();
        assert!(mean.abs() < 0.0006, "{mean}");
        assert!((mean_abs - scale).abs() < 0.0006, "{mean_abs}");
        assert!((1800..2200).contains(&beyond), "{beyond}");
        // Independent of the rounding offset drawn with it, which is the
        // answers' rounding offset.
        let offsets: Vec<f64> = (0..4000).map(|i| ladder_draws(secret, 1, &answers(i), scale).0).collect();
        assert_eq!(offsets[9], rounding_offset(secret, 1, &answers(9)));
        let covariance = noise.iter().zip(&offsets).map(|(n, u)| n * (u - 0.5)).sum::<f64>() / 4000.0;
        assert!(covariance.abs() < 0.0003, "{covariance}");
        // Keyed: the same answers, the same noise; no noise at scale 0.
        assert_eq!(ladder_draws(secret, 1, &answers(7), scale).1, ladder_draws(secret, 1, &answers(7), scale).1);
        assert_eq!(ladder_draws(secret, 1, &answers(7), 0.0).1, 0.0);
        // At the threshold, one answer more moves the score only as often
        // as the noise lets it: not always, and not never.
        let (step, best) = (0.05, 0.5);
        let moved =
            |accuracy: f64| noise.iter().filter(|&&xi| ladder(Some(best), accuracy, step, 0.5, xi) != best).count();
        let (at, one_more) = (moved(best + step), moved(best + step + 1.0 / 300.0));
        assert!((1800..2200).contains(&at), "{at}");
        assert!(one_more > at && one_more < 4000 - 1000, "{at} then {one_more}");
    }

    #[test]
    fn the_floor_is_chance_rounded_down_to_the_step() {
        let step = 0.014;
        let floor = chance_floor(0.2311, step);
        assert!((floor - 0.224).abs() < 1e-12, "{floor}");
        assert!(chance_floor(0.25, 0.05) <= 0.25 && chance_floor(0.25, 0.05) > 0.2);
        assert_eq!(chance_floor(0.3, 0.0), 0.3);
        // Nothing right shows the floor; the first move must pass it by a step.
        assert_eq!(ladder(Some(floor), 0.0, step, 0.9, 0.0), floor);
        assert_eq!(ladder(Some(floor), floor + step, step, 0.9, 0.0), floor);
        assert!(ladder(Some(floor), floor + 2.0 * step, step, 0.5, 0.0) > floor);
    }

    #[test]
    fn the_ledger_counts_releases_and_steps_per_team() {
        let r = |team: &str, model: &str, shown: f64| Released { team: team.into(), model: model.into(), shown };
        let (teams, total) = ledger(&[
            r("A", "m1", 0.50),
            r("A", "m1", 0.50), // not above the best: released, no step
            r("B", "x", 0.40),
            r("A", "m1", 0.55), // a step
            r("A", "m2", 0.55), // a new model name: the team's Ladder, no step
            r("A", "m1", 0.58), // a step
        ]);
        let counts: Vec<_> = teams.iter().map(|d| (d.team.as_deref().unwrap(), d.released, d.steps)).collect();
        assert_eq!(counts, [("A", 5, 3), ("B", 1, 1)]);
        assert_eq!((total.team, total.released, total.steps), (None, 6, 4));
        assert_eq!(ledger(&[]).1, Drawn { team: None, released: 0, steps: 0 });
    }

    #[test]
    fn impossible_letters_are_drawn_as_no_answer() {
        let csv = "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\n\
                   1,q,a,b,c,d,,,A,Y1,Anatomy,ABCD,Anatomy\n2,q2,a,b,c,d,e,,E,Y2,Physics,ABCDE,Chemistry and Physics\n";
        let key = crate::key::parse_key(crate::Benchmark::MedAraBench, csv.as_bytes()).unwrap().key;
        let given = [Given::Letter(Letter::F), Given::Letter(Letter::E)];
        assert_eq!(as_drawn(&key, &given), [Given::Missing, Given::Letter(Letter::E)]);
        let secret = b"s".as_slice();
        let none = [Given::Missing, Given::Letter(Letter::E)];
        assert_eq!(rounding_offset(secret, 1, &as_drawn(&key, &given)), rounding_offset(secret, 1, &none));
    }

    #[test]
    fn random_rounding_is_unbiased_and_keyed() {
        let (secret, step, accuracy) = (b"s3cret".as_slice(), 0.05, 0.6321);
        let answers = |i: usize| -> Vec<Given> {
            (0..40)
                .map(|q| if (i >> (q % 12)) & 1 == 1 { Given::Letter(Letter::B) } else { Given::Letter(Letter::A) })
                .collect()
        };
        let offsets: Vec<f64> = (0..4000).map(|i| rounding_offset(secret, 1, &answers(i))).collect();
        assert!(offsets.iter().all(|u| (0.0..1.0).contains(u)));
        let mean_shown = offsets.iter().map(|&u| ladder(None, accuracy, step, u, 0.0)).sum::<f64>() / 4000.0;
        assert!((mean_shown - accuracy).abs() < 0.002, "unbiased: {mean_shown}");
        // The same answers on the same key round the same way, a missing row
        // as an unreadable one; one answer, the secret and the key change it.
        let some = [Given::Letter(Letter::C), Given::Missing, Given::Letter(Letter::A)];
        let blank = [Given::Letter(Letter::C), Given::Unparsed, Given::Letter(Letter::A)];
        let other = [Given::Letter(Letter::C), Given::Missing, Given::Letter(Letter::B)];
        assert_eq!(rounding_offset(secret, 1, &some), rounding_offset(secret, 1, &some));
        assert_eq!(rounding_offset(secret, 1, &some), rounding_offset(secret, 1, &blank));
        assert_ne!(rounding_offset(secret, 1, &some), rounding_offset(secret, 1, &other));
        assert_ne!(rounding_offset(secret, 1, &some), rounding_offset(b"other", 1, &some));
        assert_ne!(rounding_offset(secret, 1, &some), rounding_offset(secret, 2, &some));
    }
}
