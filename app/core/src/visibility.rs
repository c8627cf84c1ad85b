//! Who may see a submission, decided in one place for every surface.
//!
//! A submission is `public` (on the board for everyone) or `private` (for
//! its team only), and its team may withdraw it: a withdrawn submission is
//! its team's only, whatever its visibility. [`access`] is the one policy: every page, API object,
//! chart, comparison, board row and export asks it, so a new surface (or a
//! new rule) is written once. The key's exposure is one of its inputs: on a
//! held-out key the policy grants the overall score only
//! ([`crate::exposure`]).

use serde::{Deserialize, Serialize};

use crate::declaration::UnknownName;
use crate::exposure::Exposure;

/// A submission's visibility, as its team declared it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Visibility {
    /// On the leaderboard and its exports, for everyone.
    #[default]
    Public,
    /// Shown to its team only.
    Private,
}

impl Visibility {
    /// Every value, in the order forms list them.
    pub const ALL: [Self; 2] = [Self::Public, Self::Private];

    /// The stored and sent name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Public => "public",
            Self::Private => "private",
        }
    }

    /// Whether the policy shows it on the surfaces every visitor shares
    /// (the board, comparisons, exports).
    pub fn is_shared(self) -> bool {
        let subject =
            Subject { owner: 0, visibility: self, exposure: Exposure::Public, withdrawn: false, hidden: false };
        access(Viewer::Anonymous, subject, Surface::Board) == Access::Full
    }

    /// A stored or sent name; `None` for anything else.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }

    /// Every stored and sent name, in the order of [`Self::ALL`].
    pub const NAMES: &'static [&'static str] = &[Self::Public.as_str(), Self::Private.as_str()];
}

impl std::str::FromStr for Visibility {
    type Err = UnknownName;

    /// A name, ignoring surrounding whitespace and case (as forms send it).
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        Self::parse(&s.trim().to_lowercase()).ok_or_else(|| UnknownName {
            what: "visibility",
            value: s.to_owned(),
            allowed: Self::NAMES,
        })
    }
}

/// Who is asking: nobody signed in, or a team (by session or API token).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    Anonymous,
    Team(i64),
}

impl Viewer {
    /// A team's id, or anonymous.
    pub fn from_team(team_id: Option<i64>) -> Self {
        team_id.map_or(Self::Anonymous, Self::Team)
    }
}

/// Where a submission would be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    /// `/submissions/{id}`.
    Page,
    /// `GET /api/v1/submissions/{id}` and the team's own list.
    ApiObject,
    /// `/charts/submissions/{id}/heatmap.svg`.
    HeatmapChart,
    /// `/compare` and its pickers.
    Compare,
    /// A row of the leaderboard page, its chart and the MedArabiQ page.
    Board,
    /// `/api/v1/leaderboard` and its CSV.
    Exports,
    /// `/submissions/{id}/badge.svg` and `/submissions/{id}/model-index.yaml`:
    /// what a model card shows, so public submissions only.
    ModelCard,
}

impl Surface {
    /// Every surface, for the policy's tests.
    pub const ALL: [Self; 7] =
        [Self::Page, Self::ApiObject, Self::HeatmapChart, Self::Compare, Self::Board, Self::Exports, Self::ModelCard];

    /// Surfaces every visitor shares: they show public submissions only,
    /// whoever asks (a team's private rows never appear on its own board).
    pub fn is_shared(self) -> bool {
        matches!(self, Self::Compare | Self::Board | Self::Exports | Self::ModelCard)
    }
}

/// What a viewer gets of a submission on a surface.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Everything the surface shows.
    Full,
    /// The overall score only, as the Ladder shows it: nothing derived
    /// from single questions (a held-out key before its reveal).
    Overall,
    /// Nothing: the surface answers as for an id that does not exist.
    Hidden,
}

/// What the policy needs to know of a submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subject {
    /// The submitting team.
    pub owner: i64,
    pub visibility: Visibility,
    /// The exposure of the key it is scored on.
    pub exposure: Exposure,
    /// Withdrawn by its team: kept (it still counts against quotas and
    /// attempts) and shown to its team only, never on a shared surface.
    pub withdrawn: bool,
    /// Hidden by the operators (the submission, or its whole team banned):
    /// as withdrawn, its team's only; its page says why.
    pub hidden: bool,
}

impl Subject {
    /// A stored row's subject; an unreadable visibility fails closed
    /// (private). `withdrawn_at` is the row's withdrawal time, `hidden_at`
    /// when the operators hid it and `team_banned_at` when they banned its
    /// team, each if it happened.
    pub fn stored(
        owner: i64,
        visibility: &str,
        exposure: Exposure,
        withdrawn_at: Option<i64>,
        hidden_at: Option<i64>,
        team_banned_at: Option<i64>,
    ) -> Self {
        Self {
            owner,
            visibility: Visibility::parse(visibility).unwrap_or(Visibility::Private),
            exposure,
            withdrawn: withdrawn_at.is_some(),
            hidden: hidden_at.is_some() || team_banned_at.is_some(),
        }
    }
}

/// The policy: what `viewer` may see, on `surface`, of `subject`.
///
/// A private, withdrawn or hidden submission is its team's only, and never on the
/// shared surfaces. On a held-out key nobody, its own team included, sees more
/// than the Ladder's overall score: the surfaces that exist only to show
/// per-question numbers (the heatmap, paired comparisons) hide it.
pub fn access(viewer: Viewer, subject: Subject, surface: Surface) -> Access {
    let own_only = subject.withdrawn || subject.hidden || subject.visibility == Visibility::Private;
    let seen = !own_only || (!surface.is_shared() && viewer == Viewer::Team(subject.owner));
    match (seen, subject.exposure) {
        (false, _) => Access::Hidden,
        (true, Exposure::Public) => Access::Full,
        (true, Exposure::HeldOut) => match surface {
            Surface::HeatmapChart | Surface::Compare => Access::Hidden,
            Surface::Page | Surface::ApiObject | Surface::Board | Surface::Exports | Surface::ModelCard => {
                Access::Overall
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole policy as a table: (surface, who, public, private), on a
    /// public key and on a held-out one.
    #[test]
    fn the_policy_table() {
        use Access::{Full, Hidden, Overall};
        let (owner, other, anonymous) = (Viewer::Team(7), Viewer::Team(8), Viewer::Anonymous);
        #[rustfmt::skip]
        let public_key = [
            (Surface::Page,         owner, Full, Full),   (Surface::Page,         other, Full, Hidden), (Surface::Page,         anonymous, Full, Hidden),
            (Surface::ApiObject,    owner, Full, Full),   (Surface::ApiObject,    other, Full, Hidden), (Surface::ApiObject,    anonymous, Full, Hidden),
            (Surface::HeatmapChart, owner, Full, Full),   (Surface::HeatmapChart, other, Full, Hidden), (Surface::HeatmapChart, anonymous, Full, Hidden),
            (Surface::Compare,      owner, Full, Hidden), (Surface::Compare,      other, Full, Hidden), (Surface::Compare,      anonymous, Full, Hidden),
            (Surface::Board,        owner, Full, Hidden), (Surface::Board,        other, Full, Hidden), (Surface::Board,        anonymous, Full, Hidden),
            (Surface::Exports,      owner, Full, Hidden), (Surface::Exports,      other, Full, Hidden), (Surface::Exports,      anonymous, Full, Hidden),
            (Surface::ModelCard,    owner, Full, Hidden), (Surface::ModelCard,    other, Full, Hidden), (Surface::ModelCard,    anonymous, Full, Hidden),
        ];
        #[rustfmt::skip]
        let held_out_key = [
            (Surface::Page,         owner, Overall, Overall), (Surface::Page,         other, Overall, Hidden), (Surface::Page,         anonymous, Overall, Hidden),
            (Surface::ApiObject,    owner, Overall, Overall), (Surface::ApiObject,    other, Overall, Hidden), (Surface::ApiObject,    anonymous, Overall, Hidden),
            (Surface::HeatmapChart, owner, Hidden,  Hidden),  (Surface::HeatmapChart, other, Hidden,  Hidden), (Surface::HeatmapChart, anonymous, Hidden,  Hidden),
            (Surface::Compare,      owner, Hidden,  Hidden),  (Surface::Compare,      other, Hidden,  Hidden), (Surface::Compare,      anonymous, Hidden,  Hidden),
            (Surface::Board,        owner, Overall, Hidden),  (Surface::Board,        other, Overall, Hidden), (Surface::Board,        anonymous, Overall, Hidden),
            (Surface::Exports,      owner, Overall, Hidden),  (Surface::Exports,      other, Overall, Hidden), (Surface::Exports,      anonymous, Overall, Hidden),
            (Surface::ModelCard,    owner, Overall, Hidden),  (Surface::ModelCard,    other, Overall, Hidden), (Surface::ModelCard,    anonymous, Overall, Hidden),
        ];
        for (exposure, table) in [(Exposure::Public, public_key), (Exposure::HeldOut, held_out_key)] {
            assert_eq!(table.len(), Surface::ALL.len() * 3, "every surface, every viewer");
            for (surface, viewer, public, private) in table {
                let subject = |visibility| Subject { owner: 7, visibility, exposure, withdrawn: false, hidden: false };
                assert_eq!(
                    access(viewer, subject(Visibility::Public), surface),
                    public,
                    "{exposure:?} {surface:?} {viewer:?} public"
                );
                assert_eq!(
                    access(viewer, subject(Visibility::Private), surface),
                    private,
                    "{exposure:?} {surface:?} {viewer:?} private"
                );
            }
        }
    }

    /// A withdrawn submission, or one the operators hid, public or
    /// private, on either key: what a private one gets, its team's own
    /// surfaces only.
    #[test]
    fn a_withdrawn_or_hidden_submission_is_its_teams_only() {
        let (owner, other, anonymous) = (Viewer::Team(7), Viewer::Team(8), Viewer::Anonymous);
        for exposure in [Exposure::Public, Exposure::HeldOut] {
            let private =
                Subject { owner: 7, visibility: Visibility::Private, exposure, withdrawn: false, hidden: false };
            for visibility in Visibility::ALL {
                for (withdrawn, hidden) in [(true, false), (false, true), (true, true)] {
                    let subject = Subject { owner: 7, visibility, exposure, withdrawn, hidden };
                    for surface in Surface::ALL {
                        for viewer in [owner, other, anonymous] {
                            assert_eq!(
                                access(viewer, subject, surface),
                                access(viewer, private, surface),
                                "{exposure:?} {visibility:?} {surface:?} {viewer:?} {subject:?}"
                            );
                        }
                        if surface.is_shared() {
                            assert_eq!(access(owner, subject, surface), Access::Hidden, "{surface:?}: never shared");
                        }
                    }
                    assert_ne!(access(owner, subject, Surface::ApiObject), Access::Hidden, "its team still reads it");
                    assert_eq!(access(anonymous, subject, Surface::Page), Access::Hidden);
                }
            }
        }
        let stored = Subject::stored(7, "public", Exposure::Public, Some(1_700_000_000), None, None);
        assert!(stored.withdrawn);
        assert_eq!(access(Viewer::Anonymous, stored, Surface::Board), Access::Hidden);
        for (hidden_at, banned_at) in [(Some(1), None), (None, Some(1))] {
            let hidden = Subject::stored(7, "public", Exposure::Public, None, hidden_at, banned_at);
            assert_eq!(access(Viewer::Anonymous, hidden, Surface::Board), Access::Hidden);
        }
        assert!(!Subject::stored(7, "public", Exposure::Public, None, None, None).withdrawn);
    }

    #[test]
    fn names_round_trip() {
        for v in Visibility::ALL {
            assert_eq!(Visibility::parse(v.as_str()), Some(v));
            assert_eq!(serde_json::to_string(&v).unwrap(), format!("\"{}\"", v.as_str()));
        }
        assert_eq!(Visibility::parse("Public"), None);
        assert_eq!(" Public ".parse(), Ok(Visibility::Public), "forms: trimmed, any case");
        let e = "secret".parse::<Visibility>().unwrap_err();
        assert_eq!(e.to_string(), "unknown visibility \"secret\": must be one of public, private");
    }
}
