//! What the table shows of the board: the sort columns and the order, as
//! plain functions of the rows (tested natively).

use std::cmp::Ordering;

use crate::api::leaderboard::{Baseline, BoardRow, RowSource};
use crate::components::table::SortDir;
use crate::i18n::{Lang, common, leaderboard};

/// Columns the table can be sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortKey {
    Rank,
    Model,
    Team,
    Category,
    Size,
    Accuracy,
    N,
    Date,
    Contamination,
    Ece,
    Brier,
}

impl SortKey {
    pub const ALL: [Self; 11] = [
        Self::Rank,
        Self::Model,
        Self::Team,
        Self::Category,
        Self::Size,
        Self::Accuracy,
        Self::N,
        Self::Date,
        Self::Contamination,
        Self::Ece,
        Self::Brier,
    ];

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The query value for this column.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Rank => "rank",
            Self::Model => "model",
            Self::Team => "team",
            Self::Category => "category",
            Self::Size => "size",
            Self::Accuracy => "accuracy",
            Self::N => "n",
            Self::Date => "date",
            Self::Contamination => "contamination",
            Self::Ece => "ece",
            Self::Brier => "brier",
        }
    }

    /// The direction a first click sorts in: biggest first for numbers,
    /// best first for the calibration errors (smallest).
    pub fn natural_dir(self) -> SortDir {
        match self {
            Self::Accuracy | Self::Size | Self::N | Self::Date => SortDir::Desc,
            _ => SortDir::Asc,
        }
    }
}

/// The model's name as shown (baselines are named in `lang`).
pub fn model_label(row: &BoardRow, lang: Lang) -> String {
    let t = leaderboard::text(lang);
    match row.baseline {
        Some(Baseline::Random) => t.random_guessing().to_owned(),
        Some(Baseline::Always(l)) => t.always(l),
        None => row.model.clone(),
    }
}

/// The "team or source" text (without the badge).
pub fn team_label(row: &BoardRow, lang: Lang) -> String {
    let t = leaderboard::text(lang);
    match row.source {
        RowSource::Reported => t.paper(common::source_label(lang, row.source_table.as_deref().unwrap_or("Table 4"))),
        RowSource::Verified => row.team.clone().unwrap_or_default(),
        RowSource::Reference => t.on_key(row.key.as_deref().unwrap_or("")),
    }
}

/// The category in `lang`, if the source gives one.
pub fn category_label(row: &BoardRow, lang: Lang) -> Option<String> {
    Some(common::category_label(lang, row.access.as_deref()?, row.focus.as_deref()?))
}

/// A declared parameter count ("8B", "7.5 B", "350M", "1.2T") as a number.
pub fn params_value(text: &str) -> Option<f64> {
    let s = text.trim();
    let end = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len());
    let number: f64 = s[..end].parse().ok()?;
    let scale = match s[end..].trim_start().chars().next().map(|c| c.to_ascii_uppercase()) {
        None => 1.0,
        Some('K') => 1e3,
        Some('M') => 1e6,
        Some('B') => 1e9,
        Some('T') => 1e12,
        Some(_) => return None,
    };
    Some(number * scale)
}

/// Compares two optional values: present ones in `dir`, absent ones last
/// whatever the direction.
fn cmp_present<T>(a: Option<T>, b: Option<T>, dir: SortDir, cmp: impl Fn(&T, &T) -> Ordering) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => match dir {
            SortDir::Asc => cmp(&x, &y),
            SortDir::Desc => cmp(&y, &x),
        },
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// Sorts `rows` by `key` in `dir`. Stable: ties keep the board's order
/// (best accuracy first).
pub fn sort_rows(rows: &mut [BoardRow], key: SortKey, dir: SortDir, lang: Lang) {
    let text = |s: String| s.to_lowercase();
    rows.sort_by(|a, b| match key {
        SortKey::Rank => cmp_present(a.rank, b.rank, dir, |x, y| (x.best, x.worst).cmp(&(y.best, y.worst))),
        SortKey::Model => {
            cmp_present(Some(text(model_label(a, lang))), Some(text(model_label(b, lang))), dir, Ord::cmp)
        }
        SortKey::Team => cmp_present(Some(text(team_label(a, lang))), Some(text(team_label(b, lang))), dir, Ord::cmp),
        SortKey::Category => cmp_present(category_label(a, lang), category_label(b, lang), dir, Ord::cmp),
        SortKey::Size => {
            let size = |r: &BoardRow| r.params.as_deref().and_then(params_value);
            cmp_present(size(a), size(b), dir, |x, y| x.total_cmp(y))
        }
        SortKey::Accuracy => cmp_present(Some(a.accuracy), Some(b.accuracy), dir, |x, y| x.total_cmp(y)),
        SortKey::N => cmp_present(Some(a.n), Some(b.n), dir, Ord::cmp),
        SortKey::Date => cmp_present(a.submitted_at, b.submitted_at, dir, Ord::cmp),
        SortKey::Contamination => {
            let c = |r: &BoardRow| r.contamination.map(|v| leaderboard::contamination(lang, Some(v.as_str())));
            cmp_present(c(a), c(b), dir, Ord::cmp)
        }
        SortKey::Ece => {
            cmp_present(a.calibration.map(|c| c.ece), b.calibration.map(|c| c.ece), dir, |x, y| x.total_cmp(y))
        }
        SortKey::Brier => {
            cmp_present(a.calibration.map(|c| c.brier), b.calibration.map(|c| c.brier), dir, |x, y| x.total_cmp(y))
        }
    });
}

/// "1–2", "3", or `None` outside the ranked set.
pub fn rank_label(row: &BoardRow) -> Option<String> {
    let r = row.rank?;
    Some(if r.best == r.worst { r.best.to_string() } else { format!("{}–{}", r.best, r.worst) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::leaderboard::Ranks;
    use crate::domain::calibration::CalibrationSummary;

    fn row(model: &str, acc: f64, rank: Option<(usize, usize)>, params: Option<&str>) -> BoardRow {
        let source = if params.is_some() { RowSource::Verified } else { RowSource::Reported };
        BoardRow {
            team: params.map(|_| "Team".into()),
            source_table: Some("Table 4".into()),
            access: Some("open".into()),
            focus: Some("general".into()),
            params: params.map(Into::into),
            accuracy: acc,
            n: 4989,
            ci95: [0.0, 1.0],
            ci95_approximate: true,
            rank: rank.map(|(best, worst)| Ranks { best, worst }),
            ..BoardRow::bare(model, source)
        }
    }

    fn models(rows: &[BoardRow]) -> Vec<&str> {
        rows.iter().map(|r| r.model.as_str()).collect()
    }

    #[test]
    fn every_column_sorts_and_reverses() {
        let mut rows = vec![
            row("b", 0.5, Some((1, 2)), None),
            row("A", 0.4, Some((1, 2)), Some("70B")),
            row("c", 0.3, Some((3, 3)), Some("8B")),
            row("d", 0.2, None, Some("n/a")),
        ];
        sort_rows(&mut rows, SortKey::Model, SortDir::Asc, Lang::En);
        assert_eq!(models(&rows), ["A", "b", "c", "d"]);
        sort_rows(&mut rows, SortKey::Model, SortDir::Desc, Lang::En);
        assert_eq!(models(&rows), ["d", "c", "b", "A"]);
        sort_rows(&mut rows, SortKey::Accuracy, SortDir::Asc, Lang::En);
        assert_eq!(models(&rows), ["d", "c", "A", "b"]);
        // Ties in rank keep the previous order; unranked rows go last.
        sort_rows(&mut rows, SortKey::Accuracy, SortDir::Desc, Lang::En);
        sort_rows(&mut rows, SortKey::Rank, SortDir::Asc, Lang::En);
        assert_eq!(models(&rows), ["b", "A", "c", "d"]);
        sort_rows(&mut rows, SortKey::Rank, SortDir::Desc, Lang::En);
        assert_eq!(models(&rows), ["c", "b", "A", "d"]);
        // Sizes compare as numbers; unknown and missing sizes go last.
        sort_rows(&mut rows, SortKey::Size, SortDir::Desc, Lang::En);
        assert_eq!(models(&rows), ["A", "c", "b", "d"]);
        sort_rows(&mut rows, SortKey::Size, SortDir::Asc, Lang::En);
        assert_eq!(&models(&rows)[..2], ["c", "A"]);
        // Calibration: best (smallest) first; rows without it last either way.
        let summary = |ece: f64, brier: f64| Some(CalibrationSummary { n: 100, ece, ece_ci95: [0.0, 1.0], brier });
        rows[0].calibration = summary(0.2, 0.1);
        rows[1].calibration = summary(0.1, 0.3);
        sort_rows(&mut rows, SortKey::Ece, SortKey::Ece.natural_dir(), Lang::En);
        assert_eq!(&models(&rows)[..2], ["A", "c"]);
        sort_rows(&mut rows, SortKey::Brier, SortDir::Asc, Lang::En);
        assert_eq!(&models(&rows)[..2], ["c", "A"]);
        sort_rows(&mut rows, SortKey::Brier, SortDir::Desc, Lang::En);
        assert_eq!(&models(&rows)[..2], ["A", "c"]);
    }

    #[test]
    fn keys_parameters_and_ranks() {
        for key in SortKey::ALL {
            assert_eq!(SortKey::parse(key.as_str()), Some(key));
        }
        assert_eq!(params_value("8B"), Some(8e9));
        assert_eq!(params_value(" 8.7 b"), Some(8.7e9));
        assert_eq!(params_value("350M"), Some(3.5e8));
        assert_eq!(params_value("about 8B"), None);
        assert_eq!(rank_label(&row("x", 0.5, Some((1, 2)), None)).as_deref(), Some("1–2"));
        assert_eq!(rank_label(&row("x", 0.5, Some((3, 3)), None)).as_deref(), Some("3"));
        assert_eq!(rank_label(&row("x", 0.5, None, None)), None);
    }
}
