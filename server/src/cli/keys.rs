//! `medarabench keys check|import`: validate an answer key and (import)
//! store it.

use std::path::PathBuf;

use anyhow::Context;
use app::db::keys::{self, NewKey};
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
}

/// Runs `keys check` or `keys import`.
pub async fn run(database_url: &str, cmd: KeysCommand) -> anyhow::Result<()> {
    match cmd {
        KeysCommand::Check(args) => check_file(&args),
        KeysCommand::Import(args) => import(database_url, args).await,
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
