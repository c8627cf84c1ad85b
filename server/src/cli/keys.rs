//! `medarabench keys check|import|reveal|audit`: validate an answer key,
//! store it (public, or held out), make a held-out key public, and audit
//! its questions (`cli::audit`).

use std::path::PathBuf;

use anyhow::Context;
use app::domain::exposure::Exposure;
use app::domain::{Benchmark, CheckedKey, parse_key};
use app::services::key_store::{self as keys, NewKey};
use app::services::key_versions;
use clap::{Args, Subcommand};
use serde_json::json;

use super::{map_input, print_json, read_input};
use crate::cli::serve::open_database;

#[derive(Debug, Subcommand)]
pub enum KeysCommand {
    /// Validate a key file and print its report; nothing is stored.
    Check(KeyFileArgs),
    /// Validate a key file and store it (the newest key is the default).
    Import(ImportArgs),
    /// Make a held-out key public: everything about its submissions is
    /// shown and recomputed from then on (the end of a phase).
    Reveal(RevealArgs),
    /// Per-question difficulty and discrimination from the stored
    /// submissions, and the questions whose keyed answer strong
    /// submissions contradict (operators only; reads the database).
    Audit(super::audit::AuditArgs),
    /// Per team and in total, the scores released on a held-out key and
    /// the Ladder's steps among them: how much the teams have drawn from
    /// it, to know when to reveal or replace it (operators only; reads the
    /// database).
    Exposure(ExposureArgs),
    /// Write the synthetic demo key that `serve` stores on a new database
    /// (official test-split columns, "(synthetic)" texts) to FILE, so that
    /// evaluation tools can be run on the questions it scores against.
    Synthetic(SyntheticArgs),
}

#[derive(Debug, Args)]
pub struct ExposureArgs {
    /// The key's name (any of its versions counts).
    pub name: String,
    /// Its benchmark, when keys of both share the name.
    #[arg(long)]
    pub benchmark: Option<Benchmark>,
    /// Print one JSON document instead of the table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct SyntheticArgs {
    /// Where to write the CSV (`-` for stdout).
    pub output: PathBuf,
}

#[derive(Debug, Args)]
pub struct RevealArgs {
    /// The key's name.
    pub name: String,
    /// Its benchmark, when keys of both share the name.
    #[arg(long)]
    pub benchmark: Option<Benchmark>,
}

#[derive(Debug, Args)]
pub struct KeyFileArgs {
    /// The key file (CSV).
    pub file: PathBuf,
    /// `medarabench` (the official test-split CSV) or `medarabiq`.
    #[arg(long, default_value = "medarabench")]
    pub benchmark: Benchmark,
    /// Print one JSON document instead of the readable table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    #[command(flatten)]
    pub key: KeyFileArgs,
    /// A name for the key (default: the file name; with `--supersedes`,
    /// the first version's name and " vN").
    #[arg(long)]
    pub name: Option<String>,
    /// Keep the key's per-question results hidden until `keys reveal`:
    /// scores show only the Ladder's overall accuracy.
    #[arg(long)]
    pub held_out: bool,
    /// With `--held-out`: the share of the key's scoreable questions in
    /// its public part (0 < SHARE < 1; default 0.3). The part is drawn once,
    /// stratified by specialty and level, with a secret seed; every score
    /// shown before `keys reveal` is on it alone.
    #[arg(long, value_name = "SHARE")]
    pub public_share: Option<f64>,
    /// Store FILE as the next version of the stored key NAME (same
    /// benchmark) and score every stored submission of that key on it
    /// again before returning. Rerunning the same command resumes.
    #[arg(long, value_name = "NAME")]
    pub supersedes: Option<String>,
}

/// The test-only environment variable that makes re-scoring stop the
/// process (as a crash would) after this many submissions are written,
/// whether their batch is committed or not. Used by the integration tests
/// to check that a rerun resumes without double counting.
pub const ABORT_AFTER_ENV: &str = "MEDARABENCH_TEST_ABORT_RESCORE_AFTER";

/// Runs `keys check` or `keys import`.
pub async fn run(database_url: &str, cmd: KeysCommand) -> anyhow::Result<()> {
    match cmd {
        KeysCommand::Check(args) => check_file(&args),
        KeysCommand::Import(args) => import(database_url, args).await,
        KeysCommand::Reveal(args) => reveal(database_url, args).await,
        KeysCommand::Audit(args) => super::audit::run(database_url, args).await,
        KeysCommand::Exposure(args) => exposure(database_url, args).await,
        KeysCommand::Synthetic(args) => write_synthetic(&args),
    }
}

/// `keys synthetic FILE`: the demo key's CSV, byte for byte what `serve`
/// stores (the same rows and seed).
fn write_synthetic(args: &SyntheticArgs) -> anyhow::Result<()> {
    use super::serve::{DEMO_KEY_ROWS, DEMO_KEY_SEED};
    let csv = app::domain::synthetic::synthetic_key(DEMO_KEY_ROWS, DEMO_KEY_SEED).csv;
    if args.output.as_os_str() == "-" {
        print!("{csv}");
    } else {
        std::fs::write(&args.output, csv).with_context(|| format!("cannot write {}", args.output.display()))?;
        eprintln!("wrote the synthetic demo key ({DEMO_KEY_ROWS} rows) to {}", args.output.display());
    }
    Ok(())
}

/// `keys check`: prints the validation report; fails if the key would be
/// refused.
pub fn check_file(args: &KeyFileArgs) -> anyhow::Result<()> {
    let checked = check(args)?;
    print_report(&checked, args.json, &[])?;
    checked.require_scoreable().context("the key would be refused")?;
    Ok(())
}

fn check(args: &KeyFileArgs) -> anyhow::Result<CheckedKey> {
    let bytes = map_input(&args.file)?;
    parse_key(args.benchmark, &bytes).with_context(|| format!("{} is not a usable key", args.file.display()))
}

async fn import(database_url: &str, args: ImportArgs) -> anyhow::Result<()> {
    let bytes = read_input(&args.key.file)?;
    let checked = parse_key(args.key.benchmark, &bytes)
        .and_then(CheckedKey::require_scoreable)
        .with_context(|| format!("{} was refused", args.key.file.display()))?;
    let given_name = match args.name {
        Some(n) if !n.trim().is_empty() => Some(n.trim().to_owned()),
        Some(_) => anyhow::bail!("--name must not be blank"),
        None => None,
    };
    if args.public_share.is_some() && !args.held_out {
        anyhow::bail!("--public-share splits a held-out key: add --held-out");
    }
    if let Some(supersedes) = &args.supersedes {
        if args.public_share.is_some() {
            anyhow::bail!("--public-share cannot be given with --supersedes: a new version keeps its line's split");
        }
        return import_version(database_url, &args.key, supersedes, given_name.as_deref(), &checked, &bytes).await;
    }
    let name = given_name.unwrap_or_else(|| {
        args.key.file.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_else(|| "key".into())
    });
    let split = match args.held_out {
        true => Some(keys::new_split(args.public_share).map_err(anyhow::Error::msg)?),
        false => None,
    };
    let db = open_database(database_url).await?;
    let stored = keys::insert(
        &db,
        NewKey {
            benchmark: args.key.benchmark,
            name: &name,
            report: &checked.report,
            content: &bytes,
            synthetic: false,
            exposure: if args.held_out { Exposure::HeldOut } else { Exposure::Public },
            split,
        },
    )
    .await
    .context("the key was not stored")?;
    print_report(&checked, args.key.json, &[("stored", json!(stored))])?;
    if !args.key.json {
        eprintln!(
            "stored {} key {:?} (id {}, {} scoreable of {} rows, sha256 {}); it is now the default",
            stored.benchmark, stored.name, stored.id, stored.scoreable, stored.rows, stored.sha256
        );
    }
    eprintln!("{}", exposure_line(&stored));
    Ok(())
}

/// The one line that says what a stored key lets people see.
fn exposure_line(key: &keys::StoredKey) -> String {
    match key.exposure {
        Exposure::Public => format!(
            "exposure: public: every per-question breakdown of scores on {:?} is shown (import with --held-out to keep them hidden)",
            key.name
        ),
        Exposure::HeldOut => match key.public_share {
            Some(share) => format!(
                "exposure: held-out: scores on {:?} show only the Ladder's overall accuracy on its public part ({:.0}% of its questions, drawn in secret) until `medarabench keys reveal {}`, which ranks on the private part",
                key.name,
                share * 100.0,
                key.name
            ),
            None => format!(
                "exposure: held-out: scores on {:?} show only the Ladder's overall accuracy until `medarabench keys reveal {}`",
                key.name, key.name
            ),
        },
    }
}

/// `keys reveal`: a held-out key becomes public.
async fn reveal(database_url: &str, args: RevealArgs) -> anyhow::Result<()> {
    let db = open_database(database_url).await?;
    let key = keys::reveal(&db, &args.name, args.benchmark).await.context("the key was not revealed")?;
    eprintln!("revealed the {} key {:?}: {}", key.benchmark, key.name, exposure_line(&key));
    Ok(())
}

/// `keys exposure`: the leak budget of a key, per team and in total.
async fn exposure(database_url: &str, args: ExposureArgs) -> anyhow::Result<()> {
    let db = open_database(database_url).await?;
    let (key, teams, total) = keys::exposure(&db, &args.name, args.benchmark).await?;
    if args.json {
        return print_json(&json!({
            "key": key.name,
            "benchmark": key.benchmark,
            "exposure": key.exposure.as_str(),
            "teams": teams,
            "total": {"released": total.released, "steps": total.steps},
        }));
    }
    println!(
        "{} key {:?} ({}): scores released on it and the Ladder's steps among them",
        key.benchmark, key.name, key.exposure
    );
    println!("{:<40} {:>9} {:>6}", "team", "released", "steps");
    for d in &teams {
        println!("{:<40} {:>9} {:>6}", d.team.as_deref().unwrap_or_default(), d.released, d.steps);
    }
    println!("{:<40} {:>9} {:>6}", "total", total.released, total.steps);
    Ok(())
}

/// `keys import --supersedes`: stores the next version (or finds it stored
/// by an earlier run) and scores the key's submissions on it.
async fn import_version(
    database_url: &str,
    args: &KeyFileArgs,
    supersedes: &str,
    name: Option<&str>,
    checked: &CheckedKey,
    bytes: &[u8],
) -> anyhow::Result<()> {
    let db = open_database(database_url).await?;
    let stored = key_versions::store_version(&db, args.benchmark, supersedes, name, checked, bytes)
        .await
        .context("the key was not stored")?;
    let key = &stored.key;
    if stored.new {
        eprintln!(
            "stored {} key {:?} as version {} of {:?} (id {}, {} scoreable of {} rows); it is now the default",
            key.benchmark, key.name, key.version, stored.supersedes, key.id, key.scoreable, key.rows
        );
        eprintln!("errata: {}", errata_line(&stored.changes));
    } else {
        eprintln!(
            "this file is already version {} of {:?} ({:?}); finishing the re-scoring",
            key.version, stored.supersedes, key.name
        );
    }
    let mut bar = Bar::new();
    let report = key_versions::rescore_all(&db, key, &mut bar).await.context("re-scoring stopped")?;
    bar.finish();
    eprintln!(
        "re-scored {} submission(s) on version {}; {} in all have a score on it",
        report.rescored, report.version, report.scored_on_version
    );
    if !report.not_rescorable.is_empty() {
        let ids: Vec<String> = report.not_rescorable.iter().map(|n| format!("{} (v{})", n.id, n.version)).collect();
        eprintln!(
            "{} submission(s) not re-scorable (stored before predictions were kept); they keep their score: {}",
            ids.len(),
            ids.join(", ")
        );
    }
    let version = json!({
        "supersedes": stored.supersedes,
        "version": key.version,
        "new": stored.new,
        "changes": stored.changes,
    });
    print_report(checked, args.json, &[("stored", json!(key)), ("version", version), ("rescore", json!(report))])
}

/// "3 answer_changed, 1 now_rejected" (or "no question changed").
fn errata_line(changes: &[app::domain::errata::KeyChange]) -> String {
    let counts = app::domain::errata::counts(changes);
    if counts.is_empty() {
        return "no question changed".into();
    }
    counts.iter().map(|(r, n)| format!("{n} {}", r.as_str())).collect::<Vec<_>>().join(", ")
}

/// The progress bar on stderr (drawn only when stderr is a terminal), and
/// the test-only stop of [`ABORT_AFTER_ENV`].
struct Bar {
    bar: indicatif::ProgressBar,
    written: u64,
    abort_after: Option<u64>,
}

impl Bar {
    fn new() -> Self {
        let abort_after = std::env::var(ABORT_AFTER_ENV).ok().and_then(|v| v.parse().ok());
        Self { bar: indicatif::ProgressBar::hidden(), written: 0, abort_after }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl key_versions::Progress for Bar {
    fn start(&mut self, pending: u64) {
        self.bar = indicatif::ProgressBar::new(pending);
        if let Ok(style) = indicatif::ProgressStyle::with_template("re-scoring {bar:40} {pos}/{len} ({eta} left)") {
            self.bar.set_style(style);
        }
    }

    fn written(&mut self) {
        self.written += 1;
        if self.abort_after.is_some_and(|n| self.written >= n) {
            eprintln!("stopping after {} submissions ({ABORT_AFTER_ENV})", self.written);
            std::process::exit(70);
        }
    }

    fn committed(&mut self, done: u64) {
        self.bar.set_position(done);
    }
}

/// The report as text, or with `--json` as one document with `extra`
/// fields added (what was stored).
fn print_report(checked: &CheckedKey, as_json: bool, extra: &[(&str, serde_json::Value)]) -> anyhow::Result<()> {
    if as_json {
        let mut doc = serde_json::to_value(&checked.report)?;
        for (field, value) in extra {
            doc[*field] = value.clone();
        }
        print_json(&doc)
    } else {
        print!("{}", checked.report.render_text());
        Ok(())
    }
}
