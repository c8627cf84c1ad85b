//! `medarabench score`: score a prediction file against a key file,
//! offline (no database).

use std::path::{Path, PathBuf};

use app::domain::{Benchmark, FilesError, PredictionError, score_files};
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
    /// The prediction file, in any accepted format (detected from the content).
    #[arg(long)]
    pub predictions: PathBuf,
    /// The same model's output on the permuted task (`medarabench_permuted`),
    /// for the option-order robustness figures.
    #[arg(long, value_name = "FILE")]
    pub permuted: Option<PathBuf>,
    /// Print the score card as one JSON document.
    #[arg(long)]
    pub json: bool,
}

/// `score --json`'s document: the card's fields, then the file's format.
#[derive(serde::Serialize)]
struct JsonCard<'a> {
    #[serde(flatten)]
    card: &'a app::domain::ScoreCard,
    format: &'a str,
    gzip: bool,
}

/// Scores and prints; refuses the whole file on any bad row.
pub fn run(args: ScoreArgs) -> anyhow::Result<()> {
    // Every file is opened before any is read: one that cannot be opened
    // is named first, then the key's problems, then each file's.
    let key_bytes = map_input(&args.keys)?;
    let pred_bytes = map_input(&args.predictions)?;
    let permuted = args.permuted.as_deref().map(map_input).transpose()?;
    // The key's report (warnings, SHA-256) is `keys check`'s business.
    let (file, scored) =
        score_files(args.benchmark, &key_bytes, &pred_bytes, permuted.as_deref()).map_err(|e| match e {
            FilesError::Key(e) => anyhow::Error::new(e).context(format!("{} is not a usable key", args.keys.display())),
            FilesError::Predictions(e) => refused(e, &args.predictions),
            FilesError::Permuted(e) => refused(e, args.permuted.as_deref().unwrap_or(&args.predictions)),
        })?;
    if args.json {
        // The contract's score card, plus the detected input format.
        print_json(&JsonCard { card: &scored.card, format: file.format.as_str(), gzip: file.gzip })
    } else {
        let gzip = if file.gzip { " (gzip)" } else { "" };
        println!("format: {}{gzip}, {} rows", file.format.as_str(), file.len());
        print!("{}", scored.card.render_text());
        Ok(())
    }
}

fn refused(e: PredictionError, path: &Path) -> anyhow::Error {
    anyhow::Error::new(e).context(format!("{} was refused", path.display()))
}
