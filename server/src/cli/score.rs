//! `medarabench score`: score a prediction file against a key file,
//! offline (no database).

use std::path::PathBuf;

use anyhow::Context;
use app::domain::{Benchmark, parse_key_for_scoring, score_bytes};
use clap::Args;

use super::{map_input, print_json};

#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// The answer key (CSV).
    #[arg(long)]
    pub keys: PathBuf,
    /// `medarabench` or `medarabiq`: the key's format.
    #[arg(long, default_value = "medarabench")]
    pub benchmark: Benchmark,
    /// The prediction file (CSV or JSON Lines).
    #[arg(long)]
    pub predictions: PathBuf,
    /// Print the score card as one JSON document.
    #[arg(long)]
    pub json: bool,
}

/// Scores and prints; refuses the whole file on any bad row.
pub fn run(args: ScoreArgs) -> anyhow::Result<()> {
    let key_bytes = map_input(&args.keys)?;
    // The key's report (warnings, SHA-256) is `keys check`'s business.
    let key = parse_key_for_scoring(args.benchmark, &key_bytes)
        .with_context(|| format!("{} is not a usable key", args.keys.display()))?;
    let pred_bytes = map_input(&args.predictions)?;
    let scored =
        score_bytes(&key, &pred_bytes).with_context(|| format!("{} was refused", args.predictions.display()))?;
    if args.json {
        print_json(&scored.card)
    } else {
        print!("{}", scored.card.render_text());
        Ok(())
    }
}
