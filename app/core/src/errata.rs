//! Errata: what changed from one version of an answer key to the next, by
//! question id and reason, never by answer (a held-out key's answers must
//! never be shown, and these lists are public); and the per-version scores
//! a submission page lists.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::key::{AnswerKey, KeyItem};
use super::score::Breakdown;
use super::types::QuestionId;

/// Why a question is listed in an erratum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ChangeReason {
    /// Scoreable in both versions, with a different keyed letter.
    AnswerChanged,
    /// Scoreable before, rejected now (it no longer counts).
    NowRejected,
    /// Rejected before, scoreable now (it counts from this version on).
    NowScoreable,
    /// Scoreable in both with the same letter, but its specialty, level or
    /// option count changed (breakdowns move, the total does not).
    DetailsChanged,
    /// Not in the earlier version; scoreable now.
    Added,
    /// Scoreable before; not in this version at all.
    Removed,
}

impl ChangeReason {
    /// Every reason, in display order.
    pub const ALL: [ChangeReason; 6] =
        [Self::AnswerChanged, Self::NowRejected, Self::NowScoreable, Self::DetailsChanged, Self::Added, Self::Removed];

    /// The stored name (`answer_changed`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::AnswerChanged => "answer_changed",
            Self::NowRejected => "now_rejected",
            Self::NowScoreable => "now_scoreable",
            Self::DetailsChanged => "details_changed",
            Self::Added => "added",
            Self::Removed => "removed",
        }
    }

    /// The reason a stored name names.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

/// One changed question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct KeyChange {
    /// The question id.
    #[cfg_attr(feature = "openapi", schema(value_type = u32))]
    pub question_id: QuestionId,
    pub reason: ChangeReason,
}

/// What a question is in one version.
enum Status<'a> {
    Scoreable(&'a KeyItem),
    Rejected,
    Absent,
}

fn status<'a>(key: &'a AnswerKey, id: QuestionId) -> Status<'a> {
    match key.get(id) {
        Some(item) => Status::Scoreable(item),
        None if key.is_rejected(id) => Status::Rejected,
        None => Status::Absent,
    }
}

/// The questions that differ between `old` and `new` (the next version),
/// by id, ascending. Rows rejected in one version and absent from the
/// other count for no score and are not listed.
pub fn diff(old: &AnswerKey, new: &AnswerKey) -> Vec<KeyChange> {
    let ids = old.items().iter().chain(new.items()).map(|it| it.id).chain(old.rejected_ids().iter().copied());
    let ids: std::collections::BTreeSet<QuestionId> = ids.chain(new.rejected_ids().iter().copied()).collect();
    ids.into_iter()
        .filter_map(|id| {
            let reason = match (status(old, id), status(new, id)) {
                (Status::Scoreable(a), Status::Scoreable(b)) if a.answer != b.answer => ChangeReason::AnswerChanged,
                (Status::Scoreable(a), Status::Scoreable(b))
                    if (a.specialty != b.specialty
                        || a.sub_specialty != b.sub_specialty
                        || a.level != b.level
                        || a.options != b.options) =>
                {
                    ChangeReason::DetailsChanged
                }
                (Status::Scoreable(_), Status::Rejected) => ChangeReason::NowRejected,
                (Status::Rejected, Status::Scoreable(_)) => ChangeReason::NowScoreable,
                (Status::Absent, Status::Scoreable(_)) => ChangeReason::Added,
                (Status::Scoreable(_), Status::Absent) => ChangeReason::Removed,
                _ => return None,
            };
            Some(KeyChange { question_id: id, reason })
        })
        .collect()
}

/// One published correction of a key: a version after the first and the
/// questions it changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Erratum {
    /// `medarabench` or `medarabiq`.
    pub benchmark: String,
    /// The name of the key's first version (the lineage).
    pub key: String,
    /// This version's own name.
    pub name: String,
    /// 2, 3, ...
    pub version: i64,
    /// Unix time it was imported.
    pub imported_at: i64,
    pub changes: Vec<KeyChange>,
}

/// How many of `changes` there are of each reason, in [`ChangeReason::ALL`] order.
pub fn counts(changes: &[KeyChange]) -> BTreeMap<ChangeReason, usize> {
    let mut out = BTreeMap::new();
    for c in changes {
        *out.entry(c.reason).or_insert(0) += 1;
    }
    out
}

/// A submission's score on one version of its key.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VersionScore {
    /// 1 for the key as first imported, then 2, 3, ...
    pub version: i64,
    /// That version's key name.
    pub key: String,
    /// Unix time the version was imported.
    pub imported_at: i64,
    /// Correct of n on that version with its Wilson 95% CI; `None` when the
    /// submission was not scored on it (see `rescorable`).
    pub score: Option<Breakdown>,
    /// The version the submission's shown score is on.
    pub current: bool,
}

#[cfg(test)]
mod tests {
    use super::super::benchmark::Benchmark;
    use super::super::key::parse_key;
    use super::*;

    fn key(rows: &[(u32, &str, &str)]) -> AnswerKey {
        let mut csv = String::from(
            "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,\
             Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\n",
        );
        for (id, answer, level) in rows {
            csv.push_str(&format!("{id},q{id},a,b,c,d,,,{answer},{level},Anatomy,ABCD,Anatomy\n"));
        }
        parse_key(Benchmark::MedAraBench, csv.as_bytes()).unwrap().key
    }

    #[test]
    fn every_reason_is_found() {
        let old = key(&[(1, "A", "Y1"), (2, "B", "Y1"), (3, "", "Y1"), (4, "C", "Y1"), (5, "D", "Y1"), (6, "A", "Y1")]);
        let new = key(&[(1, "B", "Y1"), (2, "", "Y1"), (3, "C", "Y1"), (4, "C", "Y2"), (6, "A", "Y1"), (7, "A", "Y1")]);
        let found: Vec<(u32, ChangeReason)> =
            diff(&old, &new).iter().map(|c| (c.question_id.get(), c.reason)).collect();
        assert_eq!(
            found,
            [
                (1, ChangeReason::AnswerChanged),
                (2, ChangeReason::NowRejected),
                (3, ChangeReason::NowScoreable),
                (4, ChangeReason::DetailsChanged),
                (5, ChangeReason::Removed),
                (7, ChangeReason::Added),
            ]
        );
        assert!(diff(&new, &new).is_empty());
    }

    #[test]
    fn reasons_round_trip_by_name() {
        for r in ChangeReason::ALL {
            assert_eq!(ChangeReason::parse(r.as_str()), Some(r));
            assert_eq!(serde_json::to_value(r).unwrap(), r.as_str());
        }
        assert_eq!(ChangeReason::parse("answer"), None);
    }
}
