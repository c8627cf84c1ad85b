//! `medarabench serve`: migrate, seed, serve.

use std::net::SocketAddr;

use anyhow::Context;
use app::db::{Db, seed};
use clap::Args;

use crate::config::{default_addr, leptos_options};
use crate::state::AppState;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value_t = default_addr())]
    pub addr: String,
}

/// Opens (and migrates) the database, seeds the published figures when the
/// database is new, and serves until Ctrl-C or SIGTERM.
pub async fn run(database_url: &str, args: ServeArgs) -> anyhow::Result<()> {
    let addr: SocketAddr = args
        .addr
        .parse()
        .with_context(|| format!("--addr {:?} is not a socket address like 127.0.0.1:3000", args.addr))?;
    let db = open_database(database_url).await?;
    let state = AppState { leptos_options: leptos_options(addr), db };
    let router = crate::build_router(state);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    tracing::info!("serving the MedAraBench leaderboard on http://{addr}");
    axum::serve(listener, router)
        .with_graceful_shutdown(shutdown_signal())
        .await
        .context("server failed")?;
    Ok(())
}

/// Connects, migrates and seeds: what every database-backed command needs.
pub async fn open_database(database_url: &str) -> anyhow::Result<Db> {
    let db = Db::connect(database_url)
        .await
        .with_context(|| format!("cannot open database {}", redact(database_url)))?;
    db.migrate().await.context("cannot migrate the database")?;
    if seed::seed_published(&db).await.context("cannot seed the published results")? {
        tracing::info!("seeded the published results of the MedAraBench paper");
    }
    Ok(db)
}

/// Hides a password in a database URL before it is printed.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.find(':') {
                Some(c) => format!("{}{}:***{}", &url[..s + 3], &creds[..c], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = term => {} }
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn redact_hides_only_the_password() {
        assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(redact("sqlite:data/x.db"), "sqlite:data/x.db");
    }
}
