//! Seeing a running server from outside, on the real binary over real
//! HTTP: `serve --metrics-addr` serves Prometheus text on its own address
//! (and never on the public one) counting requests by route and status,
//! uploads by outcome, board computations and the database pools;
//! `--log-format json` writes one JSON object a line; every response has
//! an `X-Request-Id` that the log lines of its request carry.

use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::cli::{ServerProcess, medarabench_with_stdin, stdout_json};
use crate::harness::{Backend, TestApp, scratch_database};
use crate::on_both_backends;

on_both_backends!(metrics_logs_and_request_ids);

/// A server's stderr, line by line, kept as it arrives.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<String>>>);

impl Log {
    fn follow(stderr: std::process::ChildStderr) -> Self {
        let log = Self::default();
        let lines = log.0.clone();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stderr).lines().map_while(Result::ok) {
                lines.lock().unwrap().push(line);
            }
        });
        log
    }

    fn lines(&self) -> Vec<String> {
        self.0.lock().unwrap().clone()
    }

    /// The address logged in the line that contains `what`, waiting for it.
    fn address(&self, what: &str) -> String {
        for _ in 0..600 {
            if let Some(line) = self.lines().into_iter().find(|l| l.contains(what)) {
                let at = line.find("http://").expect("an address") + "http://".len();
                return line[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || ".:".contains(*c)).collect();
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("no log line says {what:?}: {:?}", self.lines());
    }
}

async fn metrics_logs_and_request_ids(backend: Backend) {
    let Some(db) = scratch_database(backend).await else { return };
    let created = stdout_json(&medarabench_with_stdin(
        &["team", "create", "Watched Lab", "--email", "lead@watched.example", "--json"],
        Some(&db.url),
        b"a long test password\n",
    ));
    let token = created["token"].as_str().unwrap().to_owned();
    let mut child = Command::new(env!("CARGO_BIN_EXE_medarabench"))
        .args(["serve", "--addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0", "--log-format", "json"])
        .env("DATABASE_URL", &db.url)
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let log = Log::follow(child.stderr.take().unwrap());
    let _server = ServerProcess(child);
    let metrics = format!("http://{}/metrics", log.address("Prometheus metrics on"));
    let base = format!("http://{}", log.address("leaderboard on"));
    let client = reqwest::Client::new();
    for _ in 0..100 {
        if client.get(format!("{base}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    // Every response has an id: a new one, or a load balancer's plain one.
    let home = client.get(format!("{base}/")).send().await.unwrap();
    let made = home.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert!(made.len() == 32 && made.bytes().all(|b| b.is_ascii_hexdigit()), "{made}");
    let kept = client.get(format!("{base}/dataset")).header("x-request-id", "lb-7f3a.0042").send().await.unwrap();
    assert_eq!(kept.headers()["x-request-id"], "lb-7f3a.0042");
    let odd = client.get(format!("{base}/")).header("x-request-id", "\"forged\" level=ERROR").send().await.unwrap();
    let replaced = odd.headers()["x-request-id"].to_str().unwrap();
    assert!(replaced.len() == 32 && !replaced.contains("forged"), "{replaced}");
    let missing = client.get(format!("{base}/submissions/s_nothing")).send().await.unwrap();
    assert!(missing.headers().contains_key("x-request-id"), "errors carry one too");

    // One upload scored, one refused.
    let upload = |body: String| {
        client
            .post(format!("{base}/api/v1/submissions?model_name=Watched-1"))
            .bearer_auth(&token)
            .header("content-type", "text/csv")
            .body(body)
            .send()
    };
    assert_eq!(upload(TestApp::demo_predictions(0.5, 31)).await.unwrap().status(), 201);
    assert_eq!(upload("question_id,answer\n987654,A\n".into()).await.unwrap().status(), 422);

    // The metrics, on their own address only.
    let public = client.get(format!("{base}/metrics")).send().await.unwrap();
    assert_eq!(public.status(), 404, "never on the public address");
    let text = client.get(&metrics).send().await.unwrap().text().await.unwrap();
    for series in [
        "http_requests_total{route=\"/\",method=\"GET\",status=\"200\"}",
        "http_requests_total{route=\"/api/v1/submissions\",method=\"POST\",status=\"201\"} 1",
        "http_requests_total{route=\"/api/v1/submissions\",method=\"POST\",status=\"422\"} 1",
        "http_request_duration_seconds_bucket{route=\"/healthz\",method=\"GET\",le=\"0.001\"}",
        "uploads_total{outcome=\"accepted\"} 1",
        "uploads_total{outcome=\"invalid_predictions\"} 1",
        "board_computations_total",
        "board_computation_seconds_count",
        "db_pool_connections{pool=\"read\",state=\"open\"}",
        "db_pool_connections{pool=\"write\",state=\"idle\"}",
    ] {
        assert!(text.contains(series), "{series} is not in the metrics:\n{text}");
    }
    assert!(!text.contains("s_nothing"), "routes are patterns, never paths");

    // A corrected key's re-scoring, stopped after its first (uncommitted)
    // row, then finished: the metric says what is left each time.
    let csv = TestApp::demo_key_csv();
    let key = app::domain::parse_key(app::domain::Benchmark::MedAraBench, csv.as_bytes()).unwrap().key;
    let item = &key.items()[0];
    let other = app::domain::Letter::ALL[..usize::from(item.options)].iter().find(|l| **l != item.answer).unwrap();
    let fixed = app::domain::synthetic::with_answers(&csv, &[(item.id.get(), other.to_string())].into_iter().collect());
    let files = crate::cli::Files::new();
    let path = files.write("fixed.csv", fixed);
    let import = ["keys", "import", crate::cli::s(&path), "--supersedes", "synthetic-demo"];
    let stopped =
        crate::cli::command(&import, Some(&db.url)).env(server::cli::keys::ABORT_AFTER_ENV, "1").output().unwrap();
    assert_eq!(stopped.status.code(), Some(70), "{}", String::from_utf8_lossy(&stopped.stderr));
    let pending = |text: &str| {
        text.lines().find(|l| l.starts_with("key_rescoring_pending{key=\"synthetic-demo v2\"}")).map(str::to_owned)
    };
    let text = client.get(&metrics).send().await.unwrap().text().await.unwrap();
    assert_eq!(pending(&text).as_deref(), Some("key_rescoring_pending{key=\"synthetic-demo v2\"} 1"), "{text}");
    let finished = crate::cli::medarabench(&import, Some(&db.url));
    assert!(finished.status.success(), "{}", String::from_utf8_lossy(&finished.stderr));
    let text = client.get(&metrics).send().await.unwrap().text().await.unwrap();
    assert_eq!(pending(&text).as_deref(), Some("key_rescoring_pending{key=\"synthetic-demo v2\"} 0"), "{text}");

    // JSON log lines, and those of a request carry its id.
    let lines = log.lines();
    let objects: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not one JSON object ({e}): {l}")))
        .collect();
    let of_request: Vec<&Value> = objects.iter().filter(|o| o["span"]["request_id"] == "lb-7f3a.0042").collect();
    assert!(!of_request.is_empty(), "no line names the request: {lines:?}");
    assert!(of_request.iter().any(|o| o["span"]["path"] == "/dataset"), "{of_request:?}");
    assert!(objects.iter().any(|o| o["span"]["request_id"] == made.as_str()), "{lines:?}");
    drop(_server);
    db.finish().await;
}
