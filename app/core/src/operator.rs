//! What the operators of a board publish and keep: banners on every page,
//! read-only mode, and the audit log's events (every layer shares these).

use serde::{Deserialize, Serialize};

/// How loud a banner is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Level {
    #[default]
    Info,
    Warning,
}

impl Level {
    /// Every level, in the order forms list them.
    pub const ALL: [Self; 2] = [Self::Info, Self::Warning];

    /// The stored and sent name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warning => "warning",
        }
    }

    /// A stored or sent name (any case, trimmed); `None` for anything else.
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim().to_ascii_lowercase();
        Self::ALL.into_iter().find(|l| l.as_str() == s)
    }
}

/// A banner shown on every page until it ends or is taken down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Announcement {
    pub id: i64,
    pub level: Level,
    pub text_en: String,
    pub text_ar: String,
    /// Unix time it was put up.
    pub created_at: i64,
    /// Unix time it stops being shown (`None`: until taken down).
    pub ends_at: Option<i64>,
}

/// What every page says above its content.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteNotices {
    pub announcements: Vec<Announcement>,
    /// Uploads and registrations are paused; browsing works.
    pub read_only: bool,
}

/// One event of the audit log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AuditEvent {
    pub id: i64,
    /// Unix time.
    pub at: i64,
    /// What happened, e.g. `submission_hidden`, `team_banned`, `signin_ok`.
    pub event: String,
    pub team_id: Option<i64>,
    /// The team's name now (`None`: no team).
    pub team: Option<String>,
    /// Who did it: an operator's address, `command line (USER)`, or empty
    /// for a team's own action.
    pub actor: String,
    /// Why, as the operator said.
    pub reason: String,
    /// What it touched and what it was before (never a secret).
    pub detail: String,
}

/// A submission the operators hid, as their page lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HiddenSubmission {
    pub id: String,
    pub team: String,
    pub model: String,
    pub at: i64,
    pub reason: String,
}

/// A banned team, as the operators' page lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BannedTeam {
    pub name: String,
    pub at: i64,
    pub reason: String,
}

/// Everything the `/operator` page shows.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OperatorPageData {
    /// The signed-in operator's address.
    pub operator: String,
    pub read_only: bool,
    pub announcements: Vec<Announcement>,
    pub hidden: Vec<HiddenSubmission>,
    pub banned: Vec<BannedTeam>,
    /// The audit log's newest events, as filtered.
    pub events: Vec<AuditEvent>,
    /// The filter the events were read with (empty: none).
    pub team_filter: String,
    pub event_filter: String,
}

/// The longest reason, banner or name an operator may give.
pub const MAX_TEXT: usize = 500;

/// The audit log as CSV (RFC 4180: every field that needs it quoted; a
/// field a spreadsheet would run as a formula is prefixed with `'`).
pub fn audit_csv(events: &[AuditEvent]) -> String {
    let mut out = csv::Writer::from_writer(Vec::new());
    let _ = out.write_record(["id", "at", "event", "team_id", "team", "actor", "reason", "detail"]);
    for e in events {
        let cells = [
            e.id.to_string(),
            e.at.to_string(),
            e.event.clone(),
            e.team_id.map(|t| t.to_string()).unwrap_or_default(),
            e.team.clone().unwrap_or_default(),
            e.actor.clone(),
            e.reason.clone(),
            e.detail.clone(),
        ];
        let _ = out.write_record(cells.iter().map(|c| crate::csv_records::spreadsheet_safe(c).into_owned()));
    }
    String::from_utf8(out.into_inner().unwrap_or_default()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_round_trip() {
        for level in Level::ALL {
            assert_eq!(Level::parse(level.as_str()), Some(level));
        }
        assert_eq!(Level::parse(" Warning "), Some(Level::Warning));
        assert_eq!(Level::parse("error"), None);
    }

    #[test]
    fn the_audit_csv_quotes_and_defuses_formulas() {
        let event = AuditEvent {
            id: 3,
            at: 1_700_000_000,
            event: "team_renamed".into(),
            team_id: Some(7),
            team: Some("Lab, \"A\"".into()),
            actor: "ops@example.org".into(),
            reason: "=HYPERLINK(\"x\")".into(),
            detail: "\"old\" -> \"new\"".into(),
        };
        let csv = audit_csv(&[event]);
        let mut lines = csv.lines();
        assert_eq!(lines.next(), Some("id,at,event,team_id,team,actor,reason,detail"));
        let row = lines.next().unwrap();
        assert!(row.contains("\"Lab, \"\"A\"\"\""), "{row}");
        assert!(row.contains("'=HYPERLINK"), "{row}");
    }
}
