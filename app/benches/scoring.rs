//! Speed of the scoring engine on a key the size of the real test split
//! (5,000 rows, synthetic). See BENCHMARKS.md for how to run it and the
//! recorded results.
//!
//! Groups:
//! - `parse/key`: read and validate the official-format key CSV, with the
//!   report (warnings, SHA-256) that `keys check` and imports need;
//! - `parse/key_for_scoring`: the same key for scoring only
//!   (`parse_key_for_scoring`, what `medarabench score` uses);
//! - `parse/real_key`, `parse/real_key_for_scoring`: both on the real test
//!   split, when its file is found (as for the golden tests:
//!   `$MEDARABENCH_SHARED_DATA`, or `shared/data` beside the workspace);
//!   skipped otherwise;
//! - `parse/predictions`: read a 5,000-row prediction CSV;
//! - `score/bytes`: prediction bytes to a full score card (parse + score +
//!   every breakdown + every Wilson CI), the `score_bytes` entry point;
//! - `score/parsed`: scoring only, key and predictions already parsed;
//! - `score/cli`: what `medarabench score --json` does between reading its
//!   two files and printing: read the key for scoring, parse and score the
//!   predictions, serialize the card as pretty JSON;
//! - `compare/*`: two submissions on the same key: paired bootstrap
//!   (10,000 replicates) and exact McNemar;
//! - `forensics/*`: an upload's fingerprint, its buckets and digest in the
//!   near-duplicate index (what an upload files and searches by), and the
//!   exact near-duplicate comparison with 500 and with 10,000 other
//!   submissions' fingerprints (what the index saves a server from).

use std::hint::black_box;
use std::path::PathBuf;

use app::domain::forensics::{Fingerprint, Other, near_duplicate};
use app::domain::near_index::{Bands, sheet};
use app::domain::stats::{self, DEFAULT_REPLICATES};
use app::domain::synthetic::{synthetic_key, synthetic_predictions};
use app::domain::{Benchmark, PredictionFile, parse_key, parse_key_for_scoring, score, score_bytes};
use criterion::{Criterion, criterion_group, criterion_main};

const ROWS: usize = 5_000;
const SEED: u64 = 42;

/// The real test split, if this machine has it.
fn real_key() -> Option<Vec<u8>> {
    let manifest = env!("CARGO_MANIFEST_DIR");
    let dirs = std::env::var_os("MEDARABENCH_SHARED_DATA").map(PathBuf::from).into_iter();
    dirs.chain([PathBuf::from(format!("{manifest}/../../shared/data"))])
        .find_map(|dir| std::fs::read(dir.join("medarabench-test_split.csv")).ok())
}

fn benches(c: &mut Criterion) {
    let key_csv = synthetic_key(ROWS, SEED).csv;
    let key = parse_key(Benchmark::MedAraBench, key_csv.as_bytes()).expect("synthetic key parses").key;
    let preds_a = synthetic_predictions(&key, 0.70, 1);
    let preds_b = synthetic_predictions(&key, 0.65, 2);
    let file_a = PredictionFile::parse(preds_a.as_bytes()).expect("synthetic predictions parse");
    assert_eq!(file_a.rows.len(), key.len());

    let mut parse = c.benchmark_group("parse");
    parse.bench_function("key", |b| b.iter(|| parse_key(Benchmark::MedAraBench, black_box(key_csv.as_bytes()))));
    parse.bench_function("key_for_scoring", |b| {
        b.iter(|| parse_key_for_scoring(Benchmark::MedAraBench, black_box(key_csv.as_bytes())))
    });
    if let Some(real) = real_key() {
        parse.bench_function("real_key", |b| b.iter(|| parse_key(Benchmark::MedAraBench, black_box(&real))));
        parse.bench_function("real_key_for_scoring", |b| {
            b.iter(|| parse_key_for_scoring(Benchmark::MedAraBench, black_box(&real)))
        });
    }
    parse.bench_function("predictions", |b| b.iter(|| PredictionFile::parse(black_box(preds_a.as_bytes()))));
    parse.finish();

    let mut scoring = c.benchmark_group("score");
    scoring.bench_function("bytes", |b| b.iter(|| score_bytes(black_box(&key), black_box(preds_a.as_bytes()))));
    scoring.bench_function("parsed", |b| b.iter(|| score(black_box(&key), black_box(&file_a))));
    // The same file with a confidence per answer: the calibration (with its
    // 1,000-replicate bootstrap interval) is computed too.
    let sure = app::domain::synthetic::with_confidences(&key, &preds_a, 1);
    scoring.bench_function("bytes_with_confidences", |b| {
        b.iter(|| score_bytes(black_box(&key), black_box(sure.as_bytes())))
    });
    scoring.bench_function("cli", |b| {
        b.iter(|| {
            let key = parse_key_for_scoring(Benchmark::MedAraBench, black_box(key_csv.as_bytes())).expect("scoreable");
            let card = score_bytes(&key, black_box(preds_a.as_bytes())).expect("scores").card;
            serde_json::to_string_pretty(&card).expect("serializes")
        })
    });
    scoring.finish();

    let a = score_bytes(&key, preds_a.as_bytes()).expect("a scores").correct;
    let bv = score_bytes(&key, preds_b.as_bytes()).expect("b scores").correct;
    let seed = stats::bootstrap_seed(b"benchmark secret", "submission-a", "submission-b");
    let mut compare = c.benchmark_group("compare");
    compare.sample_size(20);
    compare.bench_function("paired_bootstrap_10k", |b| {
        b.iter(|| stats::paired_bootstrap(black_box(&a), black_box(&bv), DEFAULT_REPLICATES, seed))
    });
    compare.bench_function("mcnemar", |b| {
        b.iter(|| {
            let (only_a, only_b) = stats::discordant(black_box(&a), black_box(&bv)).expect("same length");
            stats::mcnemar_exact(only_a, only_b)
        })
    });
    compare.finish();

    // Key-copy forensics on one upload against 500 other submissions: the
    // fingerprint of the new file, and the exact comparison with the
    // others' fingerprints.
    let new = score_bytes(&key, preds_a.as_bytes()).expect("scores").predictions;
    let others: Vec<Fingerprint> = (0..500)
        .map(|i| {
            let file = synthetic_predictions(&key, 0.5 + (i % 40) as f64 / 100.0, 100 + i);
            Fingerprint::of(&key, &score_bytes(&key, file.as_bytes()).expect("scores").predictions)
        })
        .collect();
    let mut forensics = c.benchmark_group("forensics");
    forensics.bench_function("fingerprint", |b| b.iter(|| Fingerprint::of(&key, black_box(&new))));
    forensics.bench_function("near_duplicate_of_500", |b| {
        let mine = Fingerprint::of(&key, &new);
        b.iter(|| {
            let others = others.iter().map(|f| Other { public_id: "x", fingerprint: f });
            near_duplicate(&key, black_box(&mine), others)
        })
    });
    // 10,000 others, each allocated on its own: reading every stored sheet,
    // as a server did before the index.
    let many: Vec<Fingerprint> = (0..10_000).map(|i| others[i % others.len()].clone()).collect();
    forensics.bench_function("near_duplicate_of_10000", |b| {
        let mine = Fingerprint::of(&key, &new);
        b.iter(|| {
            let others = many.iter().map(|f| Other { public_id: "x", fingerprint: f });
            near_duplicate(&key, black_box(&mine), others)
        })
    });
    // What an upload adds for the index: its buckets (the key's bands
    // drawn once per process) and its sheet's digest.
    let bands = Bands::draw(b"a secret", 1, key.len());
    forensics.bench_function("near_index_buckets", |b| b.iter(|| bands.buckets(black_box(new.given()))));
    forensics.bench_function("near_index_sheet", |b| b.iter(|| sheet(black_box(new.given()), key.len())));
    forensics.finish();
}

criterion_group!(scoring, benches);
criterion_main!(scoring);
