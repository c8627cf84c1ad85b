//! `medarabench keys check|import|reveal`: validate an answer key, store
//! it (public, or held out), and make a held-out key public.

use std::path::PathBuf;

use anyhow::Context;
use app::db::keys::{self, NewKey};
use app::domain::exposure::Exposure;
use app::domain::{Benchmark, CheckedKey, parse_key};
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
    /// A name for the key (default: the file name).
    #[arg(long)]
    pub name: Option<String>,
    /// Keep the key's per-question results hidden until `keys reveal`:
    /// scores show only the Ladder's overall accuracy.
    #[arg(long)]
    pub held_out: bool,
}

/// Runs `keys check` or `keys import`.
pub async fn run(database_url: &str, cmd: KeysCommand) -> anyhow::Result<()> {
    match cmd {
        KeysCommand::Check(args) => check_file(&args),
        KeysCommand::Import(args) => import(database_url, args).await,
        KeysCommand::Reveal(args) => reveal(database_url, args).await,
    }
}

/// `keys check`: prints the validation report; fails if the key would be
/// refused.
pub fn check_file(args: &KeyFileArgs) -> anyhow::Result<()> {
    let checked = check(args)?;
    print_report(&checked, args.json, None)?;
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
    let name = match args.name {
        Some(n) if !n.trim().is_empty() => n.trim().to_owned(),
        Some(_) => anyhow::bail!("--name must not be blank"),
        None => args.key.file.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_else(|| "key".into()),
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
        },
    )
    .await
    .context("the key was not stored")?;
    print_report(&checked, args.key.json, Some(&stored))?;
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
        Exposure::HeldOut => format!(
            "exposure: held-out: scores on {:?} show only the Ladder's overall accuracy until `medarabench keys reveal {}`",
            key.name, key.name
        ),
    }
}

/// `keys reveal`: a held-out key becomes public.
async fn reveal(database_url: &str, args: RevealArgs) -> anyhow::Result<()> {
    let db = open_database(database_url).await?;
    let key = keys::reveal(&db, &args.name, args.benchmark).await.context("the key was not revealed")?;
    eprintln!("revealed the {} key {:?}: {}", key.benchmark, key.name, exposure_line(&key));
    Ok(())
}

fn print_report(checked: &CheckedKey, as_json: bool, stored: Option<&keys::StoredKey>) -> anyhow::Result<()> {
    if as_json {
        let mut doc = serde_json::to_value(&checked.report)?;
        if let Some(stored) = stored {
            doc["stored"] = json!(stored);
        }
        print_json(&doc)
    } else {
        print!("{}", checked.report.render_text());
        Ok(())
    }
}
