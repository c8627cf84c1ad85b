//! `medarabench team create NAME --email EMAIL`: create a team (password
//! read from stdin; let in at once) and print an API token for it.
//! `medarabench team approve NAME`: let a waiting team in.

use std::io::BufRead;

use anyhow::Context;
use clap::{Args, Subcommand};

use app::services::accounts;

use crate::cli::serve::open_database;

#[derive(Debug, Subcommand)]
pub enum TeamCommand {
    /// Create a team and its first member; prints an API token.
    Create(CreateArgs),
    /// Let a team waiting for an operator (`serve --registration
    /// approved`), or for its address to be verified, upload from now on.
    Approve(ApproveArgs),
}

#[derive(Debug, Args)]
pub struct ApproveArgs {
    /// The team's name (any case).
    pub name: String,
}

#[derive(Debug, Args)]
pub struct CreateArgs {
    /// The team's name.
    pub name: String,
    /// The first member's email (used to sign in).
    #[arg(long)]
    pub email: String,
    /// Print `{"team_id", "token"}` as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `team create`.
pub async fn run(database_url: &str, cmd: TeamCommand) -> anyhow::Result<()> {
    let args = match cmd {
        TeamCommand::Create(args) => args,
        TeamCommand::Approve(args) => return approve(database_url, &args.name).await,
    };
    let mut password = String::new();
    std::io::stdin().lock().read_line(&mut password).context("cannot read the password from stdin")?;
    let password = password.trim_end_matches(['\r', '\n']);
    anyhow::ensure!(
        !password.is_empty(),
        "give the password on stdin, e.g. `echo \"$PASSWORD\" | medarabench team create ...`"
    );
    let db = open_database(database_url).await?;
    let (team_id, member_id) =
        accounts::register(&db, &args.name, &args.email, password, None).await.context("the team was not created")?;
    let (_, token) = accounts::issue_token(&db, team_id, Some(member_id), "created by the CLI").await?;
    if args.json {
        super::print_json(&serde_json::json!({"team_id": team_id, "name": args.name.trim(), "token": token}))
    } else {
        println!("{token}");
        eprintln!(
            "created team {:?} (id {team_id}); the line above is its API token, shown only once",
            args.name.trim()
        );
        Ok(())
    }
}

/// Runs `team approve`.
async fn approve(database_url: &str, name: &str) -> anyhow::Result<()> {
    let db = open_database(database_url).await?;
    match app::services::registration::approve(&db, name).await {
        Ok((name, true)) => eprintln!("team {name:?} is let in: it can upload from now on"),
        Ok((name, false)) => eprintln!("team {name:?} was already let in; nothing changed"),
        Err(app::services::ServiceError::NotFound) => anyhow::bail!("no team is named {name:?}"),
        Err(e) => return Err(anyhow::anyhow!("{e}")),
    }
    Ok(())
}
