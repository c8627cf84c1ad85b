//! The score columns of a stored submission as a shared surface may show
//! them: everything, or on a held-out key the Ladder's accuracy alone.

use crate::domain::exposure::overall;
use crate::domain::visibility::Access;

/// `accuracy, correct, total, ci_low, ci_high, shown_accuracy` of a row.
#[derive(sqlx::FromRow)]
pub(crate) struct ScoreColumns {
    pub accuracy: f64,
    pub correct: i64,
    pub total: i64,
    pub ci_low: f64,
    pub ci_high: f64,
    pub shown_accuracy: Option<f64>,
}

impl ScoreColumns {
    /// Accuracy, correct count and 95% CI as `access` lets them be shown:
    /// under `Overall` the Ladder's accuracy, its interval and no count.
    pub fn shown(&self, access: Access) -> (f64, Option<i64>, [f64; 2]) {
        match access {
            Access::Overall => {
                let (shown, ci95) = overall(self.accuracy, self.shown_accuracy, self.total.max(0) as usize);
                (shown, None, ci95)
            }
            Access::Full | Access::Hidden => (self.accuracy, Some(self.correct), [self.ci_low, self.ci_high]),
        }
    }
}
