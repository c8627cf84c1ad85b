//! The `medarabench` binary as a user runs it: `keys check`, `keys import`
//! (on SQLite and PostgreSQL) and `score`, with their exit codes and JSON.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use app::domain::synthetic::{synthetic_key, synthetic_predictions};
use app::domain::{Benchmark, parse_key, score_bytes};
use serde_json::Value;

use crate::harness::{Backend, scratch_database};
use crate::on_both_backends;

/// The binary with `args`, on `database_url` (none: `DATABASE_URL` unset).
pub(crate) fn command(args: &[&str], database_url: Option<&str>) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_medarabench"));
    cmd.args(args).env_remove("DATABASE_URL").env("RUST_LOG", "warn");
    if let Some(url) = database_url {
        cmd.env("DATABASE_URL", url);
    }
    cmd
}

pub(crate) fn medarabench(args: &[&str], database_url: Option<&str>) -> Output {
    command(args, database_url).output().expect("run medarabench")
}

/// [`medarabench`] with `input` on its standard input.
pub(crate) fn medarabench_with_stdin(args: &[&str], database_url: Option<&str>, input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = command(args, database_url)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run medarabench");
    child.stdin.take().expect("stdin").write_all(input).expect("write stdin");
    child.wait_with_output().expect("wait for medarabench")
}

pub(crate) fn stdout_json(out: &Output) -> Value {
    assert!(out.status.success(), "exit {:?}, stderr: {}", out.status, String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not one JSON document ({e})"))
}

pub(crate) fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

pub(crate) struct Files {
    dir: tempfile::TempDir,
}

impl Files {
    pub(crate) fn new() -> Self {
        Self { dir: tempfile::tempdir().unwrap() }
    }
    pub(crate) fn write(&self, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, content).unwrap();
        path
    }
}

pub(crate) fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn keys_check_reports_the_synthetic_defects() {
    let files = Files::new();
    let synthetic = synthetic_key(1000, 11);
    let key = files.write("key.csv", &synthetic.csv);
    let out = medarabench(&["keys", "check", s(&key), "--json"], None);
    let report = stdout_json(&out);
    assert_eq!(report["rows"], 1000);
    assert_eq!(report["scoreable"], synthetic.expected.scoreable);
    assert_eq!(report["rejected"].as_array().unwrap().len(), synthetic.expected.rejected);
    assert_eq!(report["normalized"], synthetic.expected.normalized);
    let levels: u64 = report["levels"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(levels, synthetic.expected.scoreable as u64);
    assert!(report["rejected"][0]["reason"].as_str().is_some_and(|r| !r.is_empty()));

    // The readable table by default.
    let out = medarabench(&["keys", "check", s(&key)], None);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("scoreable {:>8}", synthetic.expected.scoreable))
            || text.contains(&synthetic.expected.scoreable.to_string())
    );
}

#[test]
fn keys_check_gives_each_rejection_its_english_reason_and_its_codes() {
    let files = Files::new();
    let key = files.write("key.csv", crate::harness::TestApp::defective_key_csv());
    let report = stdout_json(&medarabench(&["keys", "check", s(&key), "--json"], None));
    let rejected: Vec<(Value, &str, Vec<&str>)> = report["rejected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let codes = r["reasons"].as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap()).collect();
            (r["question_id"].clone(), r["reason"].as_str().unwrap(), codes)
        })
        .collect();
    let expected: [(Value, &str, &[&str]); 8] = [
        (1.into(), "duplicate question id 1 (also on line 10)", &["key-reason-duplicate-id"]),
        (
            3.into(),
            "answer E names an empty option (the question has options A-D)",
            &["key-reason-answer-empty-option"],
        ),
        (4.into(), "answer is blank", &["key-reason-answer-blank"]),
        (
            5.into(),
            "answer \"A+B\" is not a single letter A-F; level \"Y9\" is not one of Y1-Y5",
            &["key-reason-answer-not-a-letter", "key-reason-bad-level"],
        ),
        (Value::Null, "question id \"x\" is not a positive whole number", &["key-reason-bad-question-id"]),
        (
            7.into(),
            "answer is text (16 characters), not a single letter A-F; level is blank; umbrella_specialty is blank",
            &["key-reason-answer-is-text", "key-reason-level-blank", "key-reason-specialty-blank"],
        ),
        (
            8.into(),
            "12 fields, but the header has 13; umbrella_specialty is blank",
            &["key-reason-field-count", "key-reason-specialty-blank"],
        ),
        (1.into(), "duplicate question id 1 (also on line 2)", &["key-reason-duplicate-id"]),
    ];
    let expected: Vec<(Value, &str, Vec<&str>)> =
        expected.into_iter().map(|(id, reason, codes)| (id, reason, codes.to_vec())).collect();
    assert_eq!(rejected, expected);
    // Arguments travel with the codes.
    let empty_option = &report["rejected"][1]["reasons"][0];
    assert_eq!(empty_option["args"], serde_json::json!({"letter": "E", "options": ["A", "B", "C", "D"]}));
    assert_eq!(report["rejected"][2]["reasons"][0], serde_json::json!({"code": "key-reason-answer-blank"}));
}

#[test]
fn keys_check_refuses_an_unreadable_key_naming_the_problem() {
    let files = Files::new();
    let bad = files.write("bad.csv", "id,question\n1,x\n");
    let out = medarabench(&["keys", "check", s(&bad)], None);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("line 1") && err.contains("missing column"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one-line reason: {err}");

    let missing = medarabench(&["keys", "check", "/no/such/file.csv"], None);
    assert!(!missing.status.success());
    assert!(stderr(&missing).contains("cannot read /no/such/file.csv"));
}

#[test]
fn score_matches_the_library_and_refuses_bad_files() {
    let files = Files::new();
    let synthetic = synthetic_key(800, 5);
    let key_path = files.write("key.csv", &synthetic.csv);
    let key = parse_key(Benchmark::MedAraBench, synthetic.csv.as_bytes()).unwrap().key;
    let preds = synthetic_predictions(&key, 0.55, 9);
    let pred_path = files.write("preds.csv", &preds);
    let expected = score_bytes(&key, preds.as_bytes()).unwrap().card;

    let out = medarabench(&["score", "--keys", s(&key_path), "--predictions", s(&pred_path), "--json"], None);
    let card = stdout_json(&out);
    assert_eq!(card["correct"], expected.correct);
    assert_eq!(card["total"], expected.total);
    assert_eq!(card["accuracy"], expected.accuracy);
    assert_eq!(card["ci95"][0], expected.ci95[0]);
    for field in ["missing", "unparsed", "ignored", "by_specialty", "by_level", "by_options"] {
        assert!(card.get(field).is_some(), "{field} in score --json");
    }

    // A duplicate id refuses the whole file, naming the line.
    let first_id = key.items()[0].id.get();
    let dup = files.write("dup.csv", format!("question_id,answer\n{first_id},A\n{first_id},B\n"));
    let out = medarabench(&["score", "--keys", s(&key_path), "--predictions", s(&dup), "--json"], None);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "nothing on stdout when refused");
    let err = stderr(&out);
    assert!(err.contains("line 3") && err.contains("duplicate"), "{err}");

    let unknown = files.write("unknown.csv", "question_id,answer\n999999,A\n");
    let out = medarabench(&["score", "--keys", s(&key_path), "--predictions", s(&unknown)], None);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("999999"), "{}", stderr(&out));

    // An unknown id beside a bad letter: both named, with their lines.
    let both = files.write("both.csv", format!("question_id,answer\n{first_id},Z\n999999,A\n"));
    let out = medarabench(&["score", "--keys", s(&key_path), "--predictions", s(&both)], None);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("line 2") && err.contains("line 3") && err.contains("999999"), "{err}");
}

/// `score` maps regular files and reads anything else: a key and a
/// prediction file piped through `/dev/stdin` score exactly as the same
/// files on disk, and an empty file is refused as empty, not mapped.
#[test]
fn score_reads_pipes_and_empty_files_as_well_as_mapped_files() {
    let files = Files::new();
    let synthetic = synthetic_key(300, 11);
    let key_path = files.write("key.csv", &synthetic.csv);
    let key = parse_key(Benchmark::MedAraBench, synthetic.csv.as_bytes()).unwrap().key;
    let preds = synthetic_predictions(&key, 0.6, 3);
    let pred_path = files.write("preds.csv", &preds);
    let mapped =
        stdout_json(&medarabench(&["score", "--keys", s(&key_path), "--predictions", s(&pred_path), "--json"], None));
    assert_eq!(mapped["correct"], score_bytes(&key, preds.as_bytes()).unwrap().card.correct);

    let piped = |args: &[&str], input: &str| medarabench_with_stdin(args, None, input.as_bytes());
    let from_pipe = piped(&["score", "--keys", s(&key_path), "--predictions", "/dev/stdin", "--json"], &preds);
    assert_eq!(stdout_json(&from_pipe), mapped, "predictions through a pipe");
    let key_from_pipe =
        piped(&["score", "--keys", "/dev/stdin", "--predictions", s(&pred_path), "--json"], &synthetic.csv);
    assert_eq!(stdout_json(&key_from_pipe), mapped, "the key through a pipe");

    let empty = files.write("empty.csv", "");
    let out = medarabench(&["score", "--keys", s(&key_path), "--predictions", s(&empty)], None);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("empty"), "{}", stderr(&out));
}

/// The CLI on the real test split, when it is available beside the
/// workspace: answering `A` everywhere must give the golden numbers.
#[test]
fn score_on_the_real_split_matches_the_golden_file() {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/medarabench-test_split.csv"));
    let Ok(bytes) = std::fs::read(&path) else {
        println!("skipping: {} not found", path.display());
        return;
    };
    let key = parse_key(Benchmark::MedAraBench, &bytes).unwrap().key;
    let mut preds = String::from("question_id,answer\n");
    for item in key.items() {
        preds.push_str(&format!("{},A\n", item.id.get()));
    }
    for id in key.rejected_ids() {
        preds.push_str(&format!("{},A\n", id.get()));
    }
    let files = Files::new();
    let pred_path = files.write("all_a.csv", preds);
    let out = medarabench(&["score", "--keys", s(&path), "--predictions", s(&pred_path), "--json"], None);
    let card = stdout_json(&out);
    let golden: Value = serde_json::from_str(include_str!("../../../app/core/tests/golden/score_all_a.json")).unwrap();
    for field in ["correct", "total", "missing", "unparsed", "ignored"] {
        assert_eq!(card[field], golden[field], "{field}");
    }
    assert!((card["accuracy"].as_f64().unwrap() - golden["accuracy"].as_f64().unwrap()).abs() < 1e-9);
    assert_eq!(card["by_level"].as_object().unwrap().len(), golden["by_level"].as_object().unwrap().len());
}

on_both_backends!(keys_import_stores_and_refuses_duplicates);

async fn keys_import_stores_and_refuses_duplicates(backend: Backend) {
    let Some(db) = scratch_database(backend).await else { return };
    let files = Files::new();
    let synthetic = synthetic_key(500, 3);
    let key = files.write("key-v1.csv", &synthetic.csv);

    let out = medarabench(&["keys", "import", s(&key), "--json"], Some(&db.url));
    let doc = stdout_json(&out);
    assert_eq!(doc["scoreable"], synthetic.expected.scoreable);
    assert_eq!(doc["stored"]["name"], "key-v1.csv");
    assert_eq!(doc["stored"]["benchmark"], "medarabench");
    assert_eq!(doc["stored"]["sha256"], doc["sha256"]);

    // Same content again: refused, naming the stored key.
    let out = medarabench(&["keys", "import", s(&key), "--name", "again"], Some(&db.url));
    assert!(!out.status.success());
    assert!(stderr(&out).contains("already stored") && stderr(&out).contains("key-v1.csv"), "{}", stderr(&out));

    // Same name, other content: refused.
    let other = files.write("key-v2.csv", synthetic_key(300, 4).csv);
    let out = medarabench(&["keys", "import", s(&other), "--name", "key-v1.csv"], Some(&db.url));
    assert!(!out.status.success());
    assert!(stderr(&out).contains("already exists"), "{}", stderr(&out));

    // A second version becomes the default.
    let out = medarabench(&["keys", "import", s(&other), "--name", "v2", "--json"], Some(&db.url));
    let v2 = stdout_json(&out);
    let handle = db.open().await;
    let default = app::db::keys::default_key(&handle, Benchmark::MedAraBench).await.unwrap().unwrap();
    assert_eq!(default.name, "v2");
    assert_eq!(default.id, v2["stored"]["id"].as_i64().unwrap());
    assert_eq!(app::db::keys::list(&handle).await.unwrap().len(), 2);

    // A key with no scoreable row is refused and stores nothing.
    let empty = files.write(
        "none.csv",
        "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\n1,q,a,b,,,,,Z,Y1,Anatomy,ABCD,Anatomy\n",
    );
    let out = medarabench(&["keys", "import", s(&empty)], Some(&db.url));
    assert!(!out.status.success());
    assert!(stderr(&out).contains("scoreable"), "{}", stderr(&out));
    assert_eq!(app::db::keys::list(&handle).await.unwrap().len(), 2);
    handle.close().await;
    db.finish().await;
}

on_both_backends!(keys_import_held_out_and_reveal);

/// `--held-out` stores a held-out key (and says so); without it the import
/// says in one line that the key is public and names the flag; `keys
/// reveal` makes a held-out key public once, and refuses unknown names.
async fn keys_import_held_out_and_reveal(backend: Backend) {
    let Some(db) = scratch_database(backend).await else { return };
    let files = Files::new();
    let public = files.write("public.csv", synthetic_key(200, 5).csv);
    let out = medarabench(&["keys", "import", s(&public)], Some(&db.url));
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<String> = stderr(&out).lines().filter(|l| l.contains("exposure")).map(str::to_owned).collect();
    assert_eq!(lines.len(), 1, "{}", stderr(&out));
    assert!(lines[0].contains("public") && lines[0].contains("--held-out"), "{}", lines[0]);

    let held = files.write("phase-1.csv", synthetic_key(200, 6).csv);
    let out = medarabench(&["keys", "import", s(&held), "--held-out", "--json"], Some(&db.url));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout_json(&out)["stored"]["exposure"], "held-out");
    assert!(stderr(&out).contains("keys reveal phase-1.csv"), "{}", stderr(&out));
    let handle = db.open().await;
    let stored = app::db::keys::default_key(&handle, Benchmark::MedAraBench).await.unwrap().unwrap();
    assert_eq!(stored.exposure, app::domain::exposure::Exposure::HeldOut);

    let out = medarabench(&["keys", "reveal", "phase-1.csv"], Some(&db.url));
    assert!(out.status.success(), "{}", stderr(&out));
    let revealed = app::db::keys::default_key(&handle, Benchmark::MedAraBench).await.unwrap().unwrap();
    assert_eq!(revealed.exposure, app::domain::exposure::Exposure::Public);
    assert!(revealed.revealed_at.is_some());
    for (args, reason) in [
        (vec!["keys", "reveal", "phase-1.csv"], "already public"),
        (vec!["keys", "reveal", "no-such-key"], "no stored key"),
    ] {
        let out = medarabench(&args, Some(&db.url));
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr(&out).contains(reason), "{args:?}: {}", stderr(&out));
    }
    handle.close().await;
    db.finish().await;
}

on_both_backends!(team_create_and_submit_over_real_http);

/// A real `medarabench serve` process, killed on drop.
pub(crate) struct ServerProcess(pub(crate) std::process::Child);

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Reads a server's log until it names the address it listens on, then
/// keeps draining it on a thread so that the server never blocks on a full pipe.
pub(crate) fn bound_address(log: std::process::ChildStderr) -> String {
    use std::io::BufRead;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(log).lines().map_while(Result::ok) {
            if let Some(at) = line.find("on http://") {
                let rest = &line[at + "on http://".len()..];
                let _ =
                    tx.send(rest.chars().take_while(|c| c.is_ascii_alphanumeric() || ".:[]".contains(*c)).collect());
            }
        }
    });
    rx.recv_timeout(std::time::Duration::from_secs(60)).expect("the server logged the address it listens on")
}

async fn team_create_and_submit_over_real_http(backend: Backend) {
    let Some(db) = scratch_database(backend).await else { return };

    // `team create` reads the password from stdin and prints a token.
    let out = medarabench_with_stdin(
        &["team", "create", "Oasis <Lab>", "--email", "lead@oasis.example", "--json"],
        Some(&db.url),
        b"a long test password\n",
    );
    let created = stdout_json(&out);
    let token = created["token"].as_str().unwrap().to_owned();
    // Without a password on stdin: refused with the reason.
    let no_password = medarabench(&["team", "create", "Nopass", "--email", "n@nopass.example"], Some(&db.url));
    assert!(!no_password.status.success());
    assert!(stderr(&no_password).contains("stdin"), "{}", stderr(&no_password));
    assert!(token.starts_with("mbt_"));
    // The same name again is refused with a one-line reason.
    let again = medarabench_with_stdin(
        &["team", "create", "oasis <lab>", "--email", "x@oasis.example"],
        Some(&db.url),
        b"another long password\n",
    );
    assert!(!again.status.success());
    assert!(stderr(&again).contains("name"), "{}", stderr(&again));

    // Serve on a port the server picks itself (`--addr 127.0.0.1:0`) and
    // read which from its log: a port chosen here and released before the
    // server binds it can be taken by another test's connection meanwhile.
    let mut child = Command::new(env!("CARGO_BIN_EXE_medarabench"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("DATABASE_URL", &db.url)
        .env("RUST_LOG", "info")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let addr = bound_address(child.stderr.take().unwrap());
    let _server = ServerProcess(child);
    let base = format!("http://{addr}");
    let client = reqwest::Client::new();
    let mut up = false;
    for _ in 0..100 {
        if client.get(format!("{base}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
            up = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(up, "the server came up");

    let files = Files::new();
    let key = parse_key(Benchmark::MedAraBench, crate::harness::TestApp::demo_key_csv().as_bytes()).unwrap().key;
    let preds = synthetic_predictions(&key, 0.5, 21);
    let pred_path = files.write("preds.csv", &preds);
    let expected = score_bytes(&key, preds.as_bytes()).unwrap().card;
    let out = medarabench(
        &[
            "submit",
            "--server",
            &base,
            "--token",
            &token,
            "--model",
            "Oasis-1",
            "--field",
            "shots=0",
            "--json",
            s(&pred_path),
        ],
        None,
    );
    let sub = stdout_json(&out);
    assert_eq!(sub["correct"], expected.correct);
    assert_eq!(sub["total"], expected.total);
    assert_eq!(sub["team"], "Oasis <Lab>");
    assert_eq!(sub["protocol"]["shots"], 0);
    // The same file for the same model again: the first submission, no new row.
    let again =
        medarabench(&["submit", "--server", &base, "--token", &token, "--model", "Oasis-1", s(&pred_path)], None);
    assert!(again.status.success(), "{}", stderr(&again));
    let printed = String::from_utf8_lossy(&again.stdout).into_owned();
    assert!(printed.contains("already submitted"), "{printed}");
    assert!(printed.contains(&format!("/submissions/{}", sub["id"].as_str().unwrap())), "{printed}");

    // `final` on a public key is refused, with the server's reason.
    let id = sub["id"].as_str().unwrap();
    let out = medarabench(&["final", "--server", &base, "--token", &token, id], None);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("409") && stderr(&out).contains("public answer key"), "{}", stderr(&out));
    // A refused file: non-zero exit naming the line and the problem.
    let bad = files.write("bad.csv", "question_id,answer\n987654,A\n");
    let out = medarabench(&["submit", "--server", &base, "--token", &token, "--model", "x", s(&bad)], None);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("987654"), "{}", stderr(&out));
    // A bad token.
    let out = medarabench(&["submit", "--server", &base, "--token", "mbt_wrong", "--model", "x", s(&pred_path)], None);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("401"), "{}", stderr(&out));
    drop(_server);
    db.finish().await;
}

#[test]
fn keys_check_reads_the_medarabiq_format() {
    let files = Files::new();
    let key = files.write("medarabiq.csv", app::domain::synthetic::synthetic_medarabiq(50, 4));
    let report = stdout_json(&medarabench(&["keys", "check", s(&key), "--benchmark", "medarabiq", "--json"], None));
    assert_eq!(report["benchmark"], "medarabiq");
    assert_eq!(report["rows"], 50);
    assert_eq!(report["scoreable"], 50);
    // The same file read as the official format is refused: wrong columns.
    let out = medarabench(&["keys", "check", s(&key)], None);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("missing column"), "{}", stderr(&out));
}

#[test]
fn the_serve_flags_parse() {
    use clap::Parser;
    use server::cli::{Cli, Command as Subcommand};
    use server::config::TrustedProxies;
    let serve = |args: &[&str]| match Cli::try_parse_from([&["medarabench", "serve"], args].concat()) {
        Ok(Cli { command: Subcommand::Serve(s), .. }) => s,
        other => panic!("{args:?}: {other:?}"),
    };
    let defaults = serve(&[]);
    assert_eq!((defaults.registrations_per_day, defaults.client_daily_quota), (3, 10));
    let set = serve(&["--registrations-per-day", "5", "--client-daily-quota", "0", "--behind-proxy"]);
    assert_eq!((set.registrations_per_day, set.client_daily_quota, set.behind_proxy), (5, 0, true));
    assert!(Cli::try_parse_from(["medarabench", "serve", "--client-daily-quota", "many"]).is_err());
    assert_eq!(serve(&["--trusted-proxies", "2"]).trusted_proxies, Some(TrustedProxies::Hops(2)));
    assert_eq!(serve(&["--ladder-noise", "0"]).ladder_noise, Some(0.0));
    assert_eq!(defaults.ladder_noise, None, "half the step unless set");
    assert!(Cli::try_parse_from(["medarabench", "serve", "--ladder-noise", "-1"]).is_err());
    let ranges = serve(&["--behind-proxy", "--trusted-proxies", "10.0.0.0/8,::1"]).trusted_proxies;
    assert!(matches!(ranges, Some(TrustedProxies::Ranges(r)) if r.len() == 2));
    let refused =
        Cli::try_parse_from(["medarabench", "serve", "--trusted-proxies", "10.0.0.0/8,proxy.lan"]).unwrap_err();
    assert!(refused.to_string().contains("\"proxy.lan\""), "{refused}");
}

/// The limits per client address also come from the environment, checked
/// as the flags are.
#[test]
fn the_client_limits_come_from_the_environment_too() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("env.db").display());
    let out = command(&["serve", "--addr", "127.0.0.1:0"], Some(&url))
        .env("MEDARABENCH_REGISTRATIONS_PER_DAY", "lots")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--registrations-per-day"), "{}", stderr(&out));
    let out = command(&["serve", "--addr", "127.0.0.1:0"], Some(&url))
        .env("MEDARABENCH_CLIENT_DAILY_QUOTA", "-1")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr(&out).contains("must not be negative"), "{}", stderr(&out));
}
