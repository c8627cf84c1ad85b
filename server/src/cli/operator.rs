//! `medarabench operator ...`: what the host of a board does, on the
//! database directly (the same services as the `/operator` pages and
//! `/api/v1/operator/...`). Every action is audited, named
//! `command line (USER)`.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::{Args, Subcommand, ValueEnum};

use app::domain::operator::{Level, audit_csv};
use app::services::operator::{self, Actor, AuditFilter};
use app::services::{Db, ServiceError};

use crate::cli::serve::open_database;

#[derive(Debug, Subcommand)]
pub enum OperatorCommand {
    /// Make the member with this address an operator.
    Grant(EmailArgs),
    /// Stop a member being an operator.
    Revoke(EmailArgs),
    /// Hide a submission from every public surface (its team sees why).
    Hide(HideArgs),
    /// Put a hidden submission back.
    Restore(IdArgs),
    /// Clear a flagged submission's flags after review: no page shows
    /// them, and its row is ranked again (the reason goes to the audit log).
    ClearFlags(ReviewArgs),
    /// Show a submission's cleared flags again (its row loses its rank).
    RestoreFlags(IdArgs),
    /// Ban a team: its rows leave the board, its tokens and sessions stop.
    Ban(BanArgs),
    /// Lift a team's ban.
    Unban(TeamArgs),
    /// Rename a team (the old name stays in the audit log).
    RenameTeam(RenameTeamArgs),
    /// Rename the model of one submission.
    RenameModel(RenameModelArgs),
    /// Set a team's quotas (`default`: the server's).
    Quota(QuotaArgs),
    /// Put up a banner on every page, in both languages.
    Announce(AnnounceArgs),
    /// Take a banner down.
    Unannounce(AnnouncementArgs),
    /// List the banners up now.
    Announcements(JsonArgs),
    /// Pause uploads and registrations (`on`) or let them in again (`off`).
    ReadOnly(ReadOnlyArgs),
    /// Print the audit log, newest first.
    Audit(AuditArgs),
    /// Print a password-reset link for a member (valid one hour, once),
    /// to pass on by hand when the server sends no mail.
    ResetLink(ResetLinkArgs),
}

#[derive(Debug, Args)]
pub struct ResetLinkArgs {
    pub email: String,
    /// The site's address as members reach it; the link is printed as a
    /// path without it.
    #[arg(long, env = "MEDARABENCH_PUBLIC_URL")]
    pub public_url: Option<String>,
}

#[derive(Debug, Args)]
pub struct EmailArgs {
    pub email: String,
}

#[derive(Debug, Args)]
pub struct IdArgs {
    /// The submission's id (`s_...`).
    pub id: String,
}

#[derive(Debug, Args)]
pub struct HideArgs {
    pub id: String,
    /// Why: shown to the submission's team.
    #[arg(long)]
    pub reason: String,
}

#[derive(Debug, Args)]
pub struct ReviewArgs {
    pub id: String,
    /// Why the flags do not hold: kept in the audit log.
    #[arg(long)]
    pub reason: String,
}

#[derive(Debug, Args)]
pub struct TeamArgs {
    /// The team's name (any case).
    pub team: String,
}

#[derive(Debug, Args)]
pub struct BanArgs {
    pub team: String,
    /// Why: told to the team's members when they sign in.
    #[arg(long)]
    pub reason: String,
}

#[derive(Debug, Args)]
pub struct RenameTeamArgs {
    pub team: String,
    pub new: String,
}

#[derive(Debug, Args)]
pub struct RenameModelArgs {
    /// The submission's id (`s_...`).
    pub id: String,
    pub new: String,
}

#[derive(Debug, Args)]
pub struct QuotaArgs {
    pub team: String,
    /// Uploads a UTC day, or `default`.
    #[arg(long, value_parser = quota)]
    pub daily: Option<Quota>,
    /// Uploads in all, or `default`.
    #[arg(long, value_parser = quota)]
    pub total: Option<Quota>,
}

/// A quota as given: a number, or the server's default.
#[derive(Debug, Clone, Copy)]
pub struct Quota(Option<i64>);

fn quota(s: &str) -> Result<Quota, String> {
    if s.eq_ignore_ascii_case("default") {
        return Ok(Quota(None));
    }
    s.parse::<i64>().map(|n| Quota(Some(n))).map_err(|_| format!("{s:?} is not a number or `default`"))
}

#[derive(Debug, Args)]
pub struct AnnounceArgs {
    /// The banner in English.
    #[arg(long)]
    pub en: String,
    /// The banner in Arabic.
    #[arg(long)]
    pub ar: String,
    #[arg(long, value_enum, default_value_t = LevelArg::Info)]
    pub level: LevelArg,
    /// When it stops being shown: a time (`2026-12-31T18:00:00Z`) or a
    /// duration from now (`48h`, `3days`); without it, until taken down.
    #[arg(long, value_parser = until)]
    pub until: Option<i64>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum LevelArg {
    Info,
    Warning,
}

/// Unix seconds of a `--until`: RFC 3339, or a duration from now.
fn until(s: &str) -> Result<i64, String> {
    let at = humantime::parse_rfc3339_weak(s)
        .or_else(|_| humantime::parse_duration(s).map(|d| SystemTime::now() + d))
        .map_err(|_| format!("{s:?} is neither a time (2026-12-31T18:00:00Z) nor a duration (48h, 3days)"))?;
    let secs = at.duration_since(UNIX_EPOCH).unwrap_or(Duration::ZERO).as_secs();
    i64::try_from(secs).map_err(|_| format!("{s:?} is too far away"))
}

#[derive(Debug, Args)]
pub struct AnnouncementArgs {
    /// The banner's id (`operator announcements` lists them).
    pub id: i64,
}

#[derive(Debug, Args)]
pub struct JsonArgs {
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ReadOnlyArgs {
    #[arg(value_enum)]
    pub mode: OnOff,
    /// Why (kept in the audit log).
    #[arg(long, default_value = "")]
    pub reason: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OnOff {
    On,
    Off,
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Only this team's events (its name, any case).
    #[arg(long)]
    pub team: Option<String>,
    /// Only this kind of event (e.g. `team_banned`, `submission_hidden`).
    #[arg(long)]
    pub event: Option<String>,
    /// At most this many (newest first).
    #[arg(long, default_value_t = 1000)]
    pub limit: i64,
    /// CSV on stdout (for a spreadsheet).
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    #[arg(long)]
    pub json: bool,
}

/// Runs an `operator` subcommand.
pub async fn run(database_url: &str, cmd: OperatorCommand) -> anyhow::Result<()> {
    let db = open_database(database_url).await?;
    let actor = operator::command_line(std::env::var("USER").ok().or_else(|| std::env::var("LOGNAME").ok()));
    run_on(&db, &actor, cmd).await.map_err(|e| match e.downcast::<ServiceError>() {
        Ok(ServiceError::NotFound) => anyhow::anyhow!("nothing has that name or id"),
        Ok(e) => anyhow::anyhow!("{e}"),
        Err(e) => e,
    })
}

async fn run_on(db: &Db, actor: &Actor, cmd: OperatorCommand) -> anyhow::Result<()> {
    let changed = |done: bool, what: String| {
        if done {
            eprintln!("{what}");
        } else {
            eprintln!("nothing changed: {what} already");
        }
    };
    match cmd {
        OperatorCommand::Grant(a) => {
            changed(operator::set_operator(db, actor, &a.email, true).await?, format!("{} is an operator", a.email))
        }
        OperatorCommand::Revoke(a) => changed(
            operator::set_operator(db, actor, &a.email, false).await?,
            format!("{} is not an operator", a.email),
        ),
        OperatorCommand::Hide(a) => {
            changed(operator::hide(db, actor, &a.id, &a.reason).await?, format!("submission {} is hidden", a.id))
        }
        OperatorCommand::ClearFlags(a) => changed(
            operator::clear_flags(db, actor, &a.id, &a.reason).await?,
            format!("submission {}'s flags are cleared: no page shows them", a.id),
        ),
        OperatorCommand::RestoreFlags(a) => changed(
            operator::restore_flags(db, actor, &a.id).await?,
            format!("submission {}'s flags are shown again: its row is not ranked", a.id),
        ),
        OperatorCommand::Restore(a) => {
            changed(operator::restore(db, actor, &a.id).await?, format!("submission {} is shown again", a.id))
        }
        OperatorCommand::Ban(a) => {
            let (name, done) = operator::ban(db, actor, &a.team, &a.reason).await?;
            changed(done, format!("team {name:?} is banned"));
        }
        OperatorCommand::Unban(a) => {
            let (name, done) = operator::unban(db, actor, &a.team).await?;
            changed(done, format!("team {name:?} is not banned"));
        }
        OperatorCommand::RenameTeam(a) => {
            let old = operator::rename_team(db, actor, &a.team, &a.new).await?;
            eprintln!("team {old:?} is now {:?}", a.new.trim());
        }
        OperatorCommand::RenameModel(a) => {
            let old = operator::rename_model(db, actor, &a.id, &a.new).await?;
            eprintln!("the model of {} was {old:?} and is now {:?}", a.id, a.new.trim());
        }
        OperatorCommand::Quota(a) => {
            anyhow::ensure!(
                a.daily.is_some() || a.total.is_some(),
                "give --daily N, --total N or both (N or `default`)"
            );
            let now = operator::quotas(db, &a.team).await?;
            let daily = a.daily.map_or(now.0, |q| q.0);
            let total = a.total.map_or(now.1, |q| q.0);
            let name = operator::set_quotas(db, actor, &a.team, daily, total).await?;
            let shown = |q: Option<i64>| q.map_or_else(|| "the server's default".to_owned(), |q| q.to_string());
            eprintln!("team {name:?}: daily quota {}, total quota {}", shown(daily), shown(total));
        }
        OperatorCommand::Announce(a) => {
            let level = match a.level {
                LevelArg::Info => Level::Info,
                LevelArg::Warning => Level::Warning,
            };
            let now = app::services::operator::now();
            let id = operator::announce(db, actor, level, &a.en, &a.ar, a.until, now).await?;
            println!("{id}");
            eprintln!("banner {id} is up; `medarabench operator unannounce {id}` takes it down");
        }
        OperatorCommand::Unannounce(a) => {
            operator::remove_announcement(db, actor, a.id).await?;
            eprintln!("banner {} is down", a.id);
        }
        OperatorCommand::Announcements(a) => {
            let all = operator::announcements(db).await?;
            if a.json {
                super::print_json(&all)?;
            } else {
                for b in all {
                    let until =
                        b.ends_at.map_or_else(|| "until taken down".to_owned(), |t| format!("until {}", rfc3339(t)));
                    println!("{}\t{}\t{until}\t{}\t{}", b.id, b.level.as_str(), b.text_en, b.text_ar);
                }
            }
        }
        OperatorCommand::ReadOnly(a) => {
            let on = a.mode == OnOff::On;
            let what = if on { "the board is read-only" } else { "the board takes uploads and registrations" };
            changed(operator::set_read_only(db, actor, on, &a.reason).await?, what.to_owned());
        }
        OperatorCommand::ResetLink(a) => {
            let path = operator::reset_link(db, actor, &a.email).await?;
            match a.public_url {
                Some(base) => println!("{}{path}", base.trim_end_matches('/')),
                None => println!("{path}"),
            }
            eprintln!(
                "a reset link for {}: it works for one hour, once (no --public-url: put the site's address before it)",
                a.email
            );
        }
        OperatorCommand::Audit(a) => {
            let filter = AuditFilter { team: a.team, event: a.event, limit: a.limit };
            let events = operator::audit(db, &filter).await?;
            if a.csv {
                print!("{}", audit_csv(&events));
            } else if a.json {
                super::print_json(&events)?;
            } else {
                for e in events {
                    println!(
                        "{}\t{}\t{}\t{}\t{}\t{}",
                        rfc3339(e.at),
                        e.event,
                        e.team.unwrap_or_default(),
                        e.actor,
                        e.reason,
                        e.detail
                    );
                }
            }
        }
    }
    Ok(())
}

/// A Unix time as RFC 3339 (UTC).
fn rfc3339(secs: i64) -> String {
    let at = UNIX_EPOCH + Duration::from_secs(u64::try_from(secs).unwrap_or(0));
    humantime::format_rfc3339_seconds(at).to_string()
}
