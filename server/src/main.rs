//! `medarabench`: parse the command line and dispatch to a subcommand.
//!
//! Commands that only read local files (`score`, `keys check`) run on the
//! main thread; the others get a multi-threaded tokio runtime and logging.

use std::process::ExitCode;

use clap::Parser;
use server::cli::{Cli, run, run_offline};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = if cli.is_offline() {
        run_offline(cli)
    } else {
        server::telemetry::init(cli.log_format());
        match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
            Ok(runtime) => runtime.block_on(run(cli)),
            Err(e) => Err(anyhow::Error::new(e).context("cannot start the async runtime")),
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // One line on stderr: the reason, with its causes.
            let reason = err.chain().map(|e| e.to_string()).collect::<Vec<_>>().join(": ");
            eprintln!("error: {reason}");
            ExitCode::FAILURE
        }
    }
}
