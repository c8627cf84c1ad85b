//! The command-line interface (see `docs/contract.md`): one module per
//! subcommand, each a plain async function over parsed arguments.

pub mod audit;
pub mod backup;
pub mod demo;
pub mod final_choice;
pub mod input_file;
pub mod keys;
pub mod operator;
pub mod score;
pub mod serve;
pub mod submit;
pub mod team;

use clap::{Parser, Subcommand};

use crate::config::DEFAULT_DATABASE_URL;
use input_file::{map_input, read_input};

/// MedAraBench leaderboard: serve the site, check and import answer keys,
/// score prediction files, manage teams and submit.
#[derive(Debug, Parser)]
#[command(name = "medarabench", version, about)]
pub struct Cli {
    /// Database URL: `sqlite:PATH` or `postgres://...`.
    #[arg(long, global = true, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    pub database_url: String,

    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Migrate the database, seed the published results if empty, and serve
    /// the site and the API.
    Serve(serve::ServeArgs),
    /// Validate (`check`) or store (`import`) an answer key.
    #[command(subcommand)]
    Keys(keys::KeysCommand),
    /// Score a prediction file against a key file, offline.
    Score(score::ScoreArgs),
    /// Manage teams.
    #[command(subcommand)]
    Team(team::TeamCommand),
    /// Upload a prediction file to a server and print the result.
    Submit(submit::SubmitArgs),
    /// Choose a submission on a held-out key to count in the final
    /// standing (at most two per model), or with `--unset` stop counting it.
    Final(final_choice::FinalArgs),
    /// What the host of a public board does: hide, ban, rename, quotas,
    /// banners, read-only mode, the audit log (every action audited).
    #[command(subcommand)]
    Operator(operator::OperatorCommand),
    /// Write a consistent copy of the database while the server runs
    /// (SQLite: VACUUM INTO; PostgreSQL: pg_dump), checked once written.
    Backup(backup::BackupArgs),
    /// Bring a backup back into an empty database.
    Restore(backup::RestoreArgs),
}

impl Cli {
    /// Whether the command works on local files only (`score`, `keys
    /// check`): those run without an async runtime or logging, so that
    /// scoring a file costs little more than reading it.
    pub fn is_offline(&self) -> bool {
        matches!(self.command, Command::Score(_) | Command::Keys(keys::KeysCommand::Check(_)))
    }
}

impl Cli {
    /// How log lines are written: `serve --log-format`, text otherwise.
    pub fn log_format(&self) -> crate::telemetry::LogFormat {
        match &self.command {
            Command::Serve(args) => args.log_format,
            _ => crate::telemetry::LogFormat::Text,
        }
    }
}

/// Runs an offline command (see [`Cli::is_offline`]) on this thread.
pub fn run_offline(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Score(args) => score::run(args),
        Command::Keys(keys::KeysCommand::Check(args)) => keys::check_file(&args),
        _ => anyhow::bail!("this command needs the async runtime: use `run`"),
    }
}

/// Runs the parsed command.
pub async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Serve(args) => serve::run(&cli.database_url, args).await,
        Command::Keys(cmd) => keys::run(&cli.database_url, cmd).await,
        Command::Score(args) => score::run(args),
        Command::Team(cmd) => team::run(&cli.database_url, cmd).await,
        Command::Submit(args) => submit::run(args).await,
        Command::Final(args) => final_choice::run(args).await,
        Command::Operator(cmd) => operator::run(&cli.database_url, cmd).await,
        Command::Backup(args) => backup::backup(&cli.database_url, args).await,
        Command::Restore(args) => backup::restore(&cli.database_url, args).await,
    }
}

/// A server's JSON answer to `what` ("the upload", "the choice"): its
/// body, or an error naming the status and the server's message.
async fn answer(resp: reqwest::Response, what: &str) -> anyhow::Result<serde_json::Value> {
    use anyhow::Context;
    let status = resp.status();
    let body: serde_json::Value =
        resp.json().await.with_context(|| format!("the server answered {status} without JSON"))?;
    if !status.is_success() {
        let message = body["error"]["message"].as_str().unwrap_or("no message");
        anyhow::bail!("the server refused {what} ({status}): {message}");
    }
    Ok(body)
}

/// Prints one JSON document on stdout.
fn print_json<T: serde::Serialize>(value: &T) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}
