//! `medarabench`: parse the command line and dispatch to a subcommand.

use std::process::ExitCode;

use clap::Parser;
use server::cli::{Cli, run};

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    server::telemetry::init();
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // One line on stderr: the reason, with its causes.
            let reason = err.chain().map(|e| e.to_string()).collect::<Vec<_>>().join(": ");
            eprintln!("error: {reason}");
            ExitCode::FAILURE
        }
    }
}
