//! Writes a synthetic official-format answer key and a matching prediction
//! file, for demos and benchmarks (the real key is private):
//!
//! ```text
//! cargo run --release -p app --example gen_synthetic -- KEY.csv PREDICTIONS.csv [ROWS] [ACCURACY]
//! ```
//!
//! ROWS defaults to 5000 (about the real test split) and ACCURACY, the
//! share of predictions that are right, to 0.7. Key seed 42, prediction
//! seed 1: the same arguments always give the same files.

use std::process::ExitCode;

use app::domain::synthetic::{synthetic_key, synthetic_predictions};
use app::domain::{Benchmark, parse_key};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [key_path, predictions_path, rest @ ..] = args.as_slice() else {
        eprintln!("usage: gen_synthetic KEY.csv PREDICTIONS.csv [ROWS] [ACCURACY]");
        return ExitCode::from(2);
    };
    let rows = match rest.first().map(|s| s.parse::<usize>()) {
        None => 5_000,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("ROWS must be a positive whole number");
            return ExitCode::from(2);
        }
    };
    let accuracy = match rest.get(1).map(|s| s.parse::<f64>()) {
        None => 0.7,
        Some(Ok(p)) if (0.0..=1.0).contains(&p) => p,
        Some(_) => {
            eprintln!("ACCURACY must be a number from 0 to 1");
            return ExitCode::from(2);
        }
    };
    let key_csv = synthetic_key(rows, 42).csv;
    let key = match parse_key(Benchmark::MedAraBench, key_csv.as_bytes()) {
        Ok(checked) => checked.key,
        Err(e) => {
            eprintln!("synthetic key did not parse: {e}");
            return ExitCode::FAILURE;
        }
    };
    let predictions = synthetic_predictions(&key, accuracy, 1);
    for (path, text) in [(key_path, &key_csv), (predictions_path, &predictions)] {
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    println!("{key_path}: {rows} rows, {} scoreable; {predictions_path}: {} predictions", key.len(), key.len());
    ExitCode::SUCCESS
}
