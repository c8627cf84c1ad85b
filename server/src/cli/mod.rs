//! The command-line interface (see `CONTRACT.md`): one module per
//! subcommand, each a plain async function over parsed arguments.

pub mod serve;

use clap::{Parser, Subcommand};

use crate::config::DEFAULT_DATABASE_URL;

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
}

/// Runs the parsed command.
pub async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Serve(args) => serve::run(&cli.database_url, args).await,
    }
}
