//! `medarabench submit`: upload a prediction file to a server over the API
//! and print the scored result. Each run sends one `Idempotency-Key` and
//! retries with it when the connection drops or the server is briefly
//! unavailable, so a retry never stores the upload twice.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use app::domain::Benchmark;
use clap::Args;
use serde_json::Value;

use super::read_input;

#[derive(Debug, Args)]
pub struct SubmitArgs {
    /// The server's base URL, e.g. https://medarabench.example.
    #[arg(long)]
    pub server: String,
    /// An API token of your team (`team create` or the team page).
    #[arg(long, env = "MEDARABENCH_TOKEN", hide_env_values = true)]
    pub token: String,
    /// The model's name as it will appear on the leaderboard.
    #[arg(long)]
    pub model: String,
    /// `medarabench` or `medarabiq`.
    #[arg(long, default_value = "medarabench")]
    pub benchmark: Benchmark,
    /// Metadata fields sent with the file, e.g. `--field shots=3 --field visibility=private`.
    #[arg(long = "field", value_name = "NAME=VALUE")]
    pub fields: Vec<String>,
    /// lm-evaluation-harness's `results_<date>.json` of the same run: fills
    /// the shots, temperature, model arguments and generation settings that
    /// no `--field` gives.
    #[arg(long, value_name = "RESULTS_JSON")]
    pub results: Option<PathBuf>,
    /// The same model's output on the permuted task (`medarabench_permuted`:
    /// each question's options in a second order), for the option-order
    /// robustness figures.
    #[arg(long, value_name = "FILE")]
    pub permuted: Option<PathBuf>,
    /// Print the submission object as JSON.
    #[arg(long)]
    pub json: bool,
    /// The prediction file: CSV, JSON Lines, an lm-evaluation-harness samples
    /// file, lighteval details parquet or batch API output, maybe gzipped.
    pub file: PathBuf,
}

/// Attempts before `submit` gives up on a dropped connection.
const MAX_ATTEMPTS: u32 = 3;

/// The multipart form of one attempt.
fn upload_form(
    args: &SubmitArgs,
    bytes: &[u8],
    compressed: bool,
    results: Option<&[u8]>,
    permuted: Option<&[u8]>,
) -> anyhow::Result<reqwest::multipart::Form> {
    let mut filename =
        args.file.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_else(|| "predictions".into());
    if compressed {
        filename.push_str(".gz");
    }
    let mut form = reqwest::multipart::Form::new()
        .text("model_name", args.model.clone())
        .text("benchmark", args.benchmark.to_string());
    for field in &args.fields {
        let (name, value) = field.split_once('=').with_context(|| format!("--field {field:?} is not NAME=VALUE"))?;
        form = form.text(name.to_owned(), value.to_owned());
    }
    if let Some(results) = results {
        form = form.part("results", reqwest::multipart::Part::bytes(results.to_vec()).file_name("results.json"));
    }
    if let Some(permuted) = permuted {
        form = form.part("permuted", reqwest::multipart::Part::bytes(permuted.to_vec()).file_name("permuted"));
    }
    Ok(form.part("file", reqwest::multipart::Part::bytes(bytes.to_vec()).file_name(filename)))
}

/// Files larger than this are sent gzip-compressed (the server reads gzip
/// in every format): a `--log_samples` file shrinks about tenfold.
const COMPRESS_ABOVE: usize = 1024 * 1024;

/// The bytes to send: gzip-compressed when large and not already, with
/// whether they were compressed here.
fn gzip_if_large(bytes: Vec<u8>) -> anyhow::Result<(Vec<u8>, bool)> {
    use std::io::Write;
    if bytes.len() <= COMPRESS_ABOVE || app::domain::input::is_gzip(&bytes) {
        return Ok((bytes, false));
    }
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(bytes.len() / 4), flate2::Compression::fast());
    encoder.write_all(&bytes)?;
    Ok((encoder.finish()?, true))
}

/// Uploads and prints the result; any refusal exits non-zero with the
/// server's message (which names the line and the problem).
pub async fn run(args: SubmitArgs) -> anyhow::Result<()> {
    let bytes = read_input(&args.file)?;
    let check = app::domain::PredictionFile::parse(&bytes)
        .with_context(|| format!("{} would be refused", args.file.display()))?;
    let url = format!("{}/api/v1/submissions", args.server.trim_end_matches('/'));
    let client = reqwest::Client::builder().timeout(Duration::from_secs(120)).build()?;
    let idempotency_key = format!("medarabench-cli-{}", app::services::secrets::new_secret(""));
    let (bytes, compressed) = gzip_if_large(bytes)?;
    let results = match &args.results {
        Some(path) => {
            let results = read_input(path)?;
            let card = app::domain::predictions::read_run_card(&results)
                .with_context(|| format!("{} would be refused", path.display()))?;
            eprintln!(
                "{}: shots {}, temperature {}; model {}; {}",
                path.display(),
                card.shots.map_or_else(|| "not stated".to_owned(), |s| s.to_string()),
                card.temperature.map_or_else(|| "not stated".to_owned(), |t| t.to_string()),
                card.model_args,
                card.generation,
            );
            Some(results)
        }
        None => None,
    };
    let permuted = match &args.permuted {
        Some(path) => {
            let bytes = read_input(path)?;
            let check = app::domain::PredictionFile::parse(&bytes)
                .with_context(|| format!("{} would be refused", path.display()))?;
            eprintln!(
                "{}: {} rows of the permuted task, format {}",
                path.display(),
                check.len(),
                check.format.as_str()
            );
            Some(gzip_if_large(bytes)?.0)
        }
        None => None,
    };
    eprintln!(
        "{}: {} rows, format {}{}; uploading to {url}…",
        args.file.display(),
        check.len(),
        check.format.as_str(),
        if check.gzip || compressed { " (gzip)" } else { "" },
    );
    let mut attempt = 1;
    let resp = loop {
        let form = upload_form(&args, &bytes, compressed, results.as_deref(), permuted.as_deref())?;
        let sent = client
            .post(&url)
            .bearer_auth(&args.token)
            .header("idempotency-key", &idempotency_key)
            .multipart(form)
            .send()
            .await;
        let retry = match &sent {
            Ok(r) => matches!(r.status().as_u16(), 408 | 502 | 503 | 504),
            Err(e) => e.is_connect() || e.is_timeout() || e.is_request(),
        };
        if !retry || attempt == MAX_ATTEMPTS {
            break sent.with_context(|| format!("cannot reach {url}"))?;
        }
        let wait = Duration::from_secs(1 << attempt);
        eprintln!(
            "attempt {attempt} of {MAX_ATTEMPTS} failed; retrying in {} s with the same Idempotency-Key",
            wait.as_secs()
        );
        tokio::time::sleep(wait).await;
        attempt += 1;
    };
    let body = super::answer(resp, "the upload").await?;
    if args.json {
        return super::print_json(&body);
    }
    if body["repeat"] == true {
        println!("already submitted: the server returned the first submission of this file for this model");
    }
    println!("{}", summary(&body));
    if body["key"]["synthetic"] == true {
        println!("note: scored on the server's synthetic demo key, not the real test split");
    }
    println!("{}/submissions/{}", args.server.trim_end_matches('/'), body["id"].as_str().unwrap_or_default());
    Ok(())
}

/// The one line `submit` prints of a submission object: the whole score
/// card's counts on a public key; on a held-out key the Ladder's accuracy
/// with its n (the public part's, on a split key), and no count, which the
/// server does not send.
fn summary(body: &Value) -> String {
    let ci = &body["ci95"];
    let (low, high) = (ci[0].as_f64().unwrap_or_default(), ci[1].as_f64().unwrap_or_default());
    let head = format!(
        "{} on {}: accuracy {:.4}",
        body["model_name"].as_str().unwrap_or_default(),
        body["benchmark"].as_str().unwrap_or_default(),
        body["accuracy"].as_f64().unwrap_or_default(),
    );
    if body["correct"].is_u64() {
        return format!(
            "{head} ({} / {} correct; 95% CI {low:.4}–{high:.4}); missing {}, unparsed {}",
            body["correct"], body["total"], body["missing"], body["unparsed"]
        );
    }
    let part = if body["part"] == "public" { " on the key's public part" } else { "" };
    let mut line = format!(
        "{head} (n = {}{part}; 95% CI {low:.4}–{high:.4}): the held-out key's Ladder score, no count until it is revealed",
        body["total"]
    );
    if body["at_or_below_chance"] == true {
        line.push_str("; at or below chance");
    }
    if body["not_above_team_best"] == true {
        line.push_str("; not above your team's best shown score, which is repeated");
    }
    line
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn a_held_out_score_is_said_without_a_count() {
        let public = json!({"model_name": "M", "benchmark": "medarabench", "accuracy": 0.5, "correct": 10,
            "total": 20, "ci95": [0.3, 0.7], "missing": 0, "unparsed": 1});
        assert_eq!(
            super::summary(&public),
            "M on medarabench: accuracy 0.5000 (10 / 20 correct; 95% CI 0.3000–0.7000); missing 0, unparsed 1"
        );
        let held_out = json!({"model_name": "M", "benchmark": "medarabench", "accuracy": 0.2243, "total": 1478,
            "ci95": [0.2, 0.25], "part": "public", "at_or_below_chance": true, "not_above_team_best": false});
        let line = super::summary(&held_out);
        assert!(line.contains("n = 1478 on the key's public part") && line.contains("at or below chance"), "{line}");
        assert!(!line.contains("null") && !line.contains("correct"), "{line}");
    }
}
