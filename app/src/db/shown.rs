//! The score columns of a stored submission as a shared surface may show
//! them: everything, or on a held-out key the Ladder's accuracy alone; on
//! a split key (`domain::split`) the public part's before the reveal and
//! the private part's, which the board ranks on, after it.

use crate::domain::exposure::{Exposure, at_floor, overall};
use crate::domain::split::{Part, PartScore};
use crate::domain::visibility::{Access, Subject};

/// `team_id, visibility, exposure` (the key's), `withdrawn_at, hidden_at`
/// and `team_banned_at` (`t.banned_at`) of a row: what the visibility
/// policy reads of a stored submission.
#[derive(sqlx::FromRow)]
pub(crate) struct PolicyColumns {
    pub team_id: i64,
    pub visibility: String,
    #[sqlx(try_from = "String")]
    pub exposure: Exposure,
    pub withdrawn_at: Option<i64>,
    /// When the operators hid it, if they did.
    pub hidden_at: Option<i64>,
    /// When the operators banned its team, if they did.
    pub team_banned_at: Option<i64>,
}

impl PolicyColumns {
    /// The row as the policy sees it ([`Subject::stored`]).
    pub fn subject(&self) -> Subject {
        Subject::stored(
            self.team_id,
            &self.visibility,
            self.exposure,
            self.withdrawn_at,
            self.hidden_at,
            self.team_banned_at,
        )
    }
}

/// `accuracy, correct, total, ci_low, ci_high, shown_accuracy,
/// public_correct, public_total, ladder_floor, ladder_held` of a row.
#[derive(sqlx::FromRow)]
pub(crate) struct ScoreColumns {
    pub accuracy: f64,
    pub correct: i64,
    pub total: i64,
    pub ci_low: f64,
    pub ci_high: f64,
    pub shown_accuracy: Option<f64>,
    pub public_correct: Option<i64>,
    pub public_total: Option<i64>,
    pub ladder_floor: Option<f64>,
    pub ladder_held: i64,
}

/// A row's score as a surface shows it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ShownScore {
    pub accuracy: f64,
    /// `None` under `Overall`: no count is shown.
    pub correct: Option<i64>,
    pub ci95: [f64; 2],
    /// The questions the accuracy is on.
    pub n: i64,
    /// Which part of a split key the figures are on (`None`: the whole key).
    pub part: Option<Part>,
    /// Once a split key is revealed: both parts' scores.
    pub parts: Option<[PartScore; 2]>,
    /// Under `Overall`: the Ladder's floor, at or below chance.
    pub at_or_below_chance: bool,
    /// Under `Overall`: the team's best shown before it, not its own.
    pub held: bool,
}

impl ScoreColumns {
    /// The score as `access` lets it be shown: under `Overall` the Ladder's
    /// accuracy, its interval and no count (on the public part of a split
    /// key); otherwise everything, and on a split key the private part's
    /// figures, with both parts beside them.
    pub fn shown(&self, access: Access) -> ShownScore {
        let split = self.public_correct.zip(self.public_total).map(|(c, t)| (c.max(0) as usize, t.max(0) as usize));
        let (correct, total) = (self.correct.max(0) as usize, self.total.max(0) as usize);
        match (access, split) {
            (Access::Overall, split) => {
                let (accuracy, n) = match split {
                    Some((c, t)) => (if t == 0 { 0.0 } else { c as f64 / t as f64 }, t),
                    None => (self.accuracy, total),
                };
                let (shown, ci95) = overall(accuracy, self.shown_accuracy, n);
                let part = split.map(|_| Part::Public);
                let at_or_below_chance = self.shown_accuracy.is_some() && at_floor(shown, self.ladder_floor);
                let held = self.ladder_held != 0;
                ShownScore {
                    accuracy: shown,
                    correct: None,
                    ci95,
                    n: n as i64,
                    part,
                    parts: None,
                    at_or_below_chance,
                    held,
                }
            }
            (Access::Full | Access::Hidden, Some((public_correct, public_total))) => {
                let (public, private) = PartScore::both(correct, total, public_correct, public_total);
                ShownScore {
                    accuracy: private.accuracy,
                    correct: Some(correct.saturating_sub(public_correct) as i64),
                    ci95: private.ci95,
                    n: private.n as i64,
                    part: Some(Part::Private),
                    parts: Some([public, private]),
                    at_or_below_chance: false,
                    held: false,
                }
            }
            (Access::Full | Access::Hidden, None) => ShownScore {
                accuracy: self.accuracy,
                correct: Some(self.correct),
                ci95: [self.ci_low, self.ci_high],
                n: self.total,
                part: None,
                parts: None,
                at_or_below_chance: false,
                held: false,
            },
        }
    }
}
