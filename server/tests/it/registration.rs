//! How teams are let in (`serve --registration open|email|approved`): on an
//! `email` server a team uploads once the link mailed to its address (by a
//! real SMTP server, aiosmtpd) is opened; on an `approved` server once an
//! operator runs `medarabench team approve`; one address (case and `+tag`
//! aside) registers one team; and a server holding a held-out key refuses
//! to start `open` unless told to. The mail tests are skipped, saying so,
//! where aiosmtpd is not installed (`.ci/setup test` installs it).

use std::process::{Command, Stdio};
use std::sync::Arc;

use axum::http::StatusCode;
use serde_json::json;

use crate::cli::{ServerProcess, bound_address, medarabench, stderr};
use crate::harness::{Backend, TestApp, scratch_database};
use crate::on_both_backends;
use app::domain::registration::Registration;
use app::services::registration::{Mailer, Registrar};

on_both_backends!(
    an_email_server_lets_a_team_in_once_its_link_is_opened,
    an_approved_server_lets_a_team_in_once_an_operator_does,
    a_held_out_key_keeps_an_open_server_from_starting
);

const PASSWORD: &str = "a long test password";

/// A real SMTP server writing each message it receives to a directory.
pub(crate) struct MailSink {
    _process: ServerProcess,
    dir: tempfile::TempDir,
    pub(crate) port: u16,
}

impl MailSink {
    /// Starts aiosmtpd from `target/ci-python`; `None` (the test is then
    /// skipped, saying so) where it is not installed.
    pub(crate) fn start() -> Option<Self> {
        let python = concat!(env!("CARGO_MANIFEST_DIR"), "/../target/ci-python/bin/python");
        let ready = Command::new(python).args(["-c", "import aiosmtpd"]).output().is_ok_and(|o| o.status.success());
        if !ready {
            eprintln!("skipped: aiosmtpd is not installed in target/ci-python (.ci/setup test installs it)");
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        let mut child = Command::new(python)
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/smtp_sink.py"))
            .arg(dir.path())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line).unwrap();
        let port = line.trim().parse().expect("the mail server printed its port");
        Some(Self { _process: ServerProcess(child), dir, port })
    }

    /// The `n`-th message received (1 for the first), waiting for it.
    pub(crate) async fn message(&self, n: usize) -> String {
        let path = self.dir.path().join(format!("{n}.txt"));
        for _ in 0..200 {
            if let Ok(text) = std::fs::read_to_string(&path) {
                return text;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("no message {n} arrived");
    }

    /// How many messages arrived so far.
    pub(crate) fn received(&self) -> usize {
        std::fs::read_dir(self.dir.path()).map_or(0, |d| {
            d.filter_map(Result::ok).filter(|e| e.path().extension().is_some_and(|x| x == "txt")).count()
        })
    }
}

/// A registrar of `mode` mailing through SMTP port `port`.
pub(crate) fn registrar(mode: Registration, port: Option<u16>) -> Registrar {
    let mailer = port.map(|p| {
        Arc::new(
            Mailer::new(
                &format!("smtp://127.0.0.1:{p}"),
                "MedAraBench <noreply@test.example>",
                server::cli::serve::letters(),
            )
            .unwrap(),
        )
    });
    Registrar { mode, mailer, public_url: "https://board.example".into() }
}

async fn register(app: &TestApp, name: &str, email: &str) -> crate::harness::Response {
    app.post_json("/api/v1/teams", json!({"name": name, "email": email, "password": PASSWORD})).await
}

async fn token(app: &TestApp, email: &str) -> String {
    let resp = app.post_json("/api/v1/tokens", json!({"email": email, "password": PASSWORD})).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    resp.json()["token"].as_str().unwrap().to_owned()
}

async fn upload(app: &TestApp, token: &str, seed: u64) -> crate::harness::Response {
    app.upload_raw(token, &format!("model_name=Let-In-{seed}"), TestApp::demo_predictions(0.5, seed)).await
}

async fn an_email_server_lets_a_team_in_once_its_link_is_opened(backend: Backend) {
    let Some(sink) = MailSink::start() else { return };
    let port = sink.port;
    let Some(app) = TestApp::start_with(backend, |c| c.registrar = registrar(Registration::Email, Some(port))).await
    else {
        return;
    };
    let resp = register(&app, "Mailed Lab", "Lead@Mailed.example").await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    assert_eq!(resp.json()["status"], "awaiting_email");
    let token = token(&app, "lead@mailed.example").await;
    let refused = upload(&app, &token, 1).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    assert_eq!(refused.json()["error"]["code"], "team_not_admitted");
    let cookie = app.signin("lead@mailed.example").await;
    let page = app.get_with_cookie("/team", &cookie).await.body;
    assert!(page.contains("data-status=\"awaiting_email\""), "{page}");

    let mail = sink.message(1).await;
    assert!(mail.to_lowercase().contains("to: lead@mailed.example"), "{mail}");
    let link = mail.split_whitespace().find(|w| w.starts_with("https://board.example/auth/verify?token=")).unwrap();
    let path = link.trim_start_matches("https://board.example");
    assert_eq!(app.get("/auth/verify?token=mbv_not-a-link").await.status, StatusCode::NOT_FOUND);
    let opened = app.get(path).await;
    assert_eq!(opened.status, StatusCode::SEE_OTHER, "{}", opened.body);
    assert_eq!(app.get(path).await.status, StatusCode::NOT_FOUND, "a link works once");
    assert_eq!(upload(&app, &token, 2).await.status, StatusCode::CREATED, "let in once verified");
    let page = app.get_with_cookie("/team", &cookie).await.body;
    assert!(!page.contains("id=\"team-status\""), "{page}");

    // One address registers one team, case and +tags aside.
    let again = register(&app, "Second Lab", "LEAD+phase2@mailed.example").await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert_eq!(again.json()["error"]["code"], "address_taken");
    app.finish().await;

    // A mail relay that does not answer: nothing is kept, and the answer says to try again.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let Some(app) = TestApp::start_with(backend, |c| c.registrar = registrar(Registration::Email, Some(closed))).await
    else {
        return;
    };
    let resp = register(&app, "Unmailed Lab", "lead@unmailed.example").await;
    assert_eq!(resp.status, StatusCode::SERVICE_UNAVAILABLE, "{}", resp.body);
    assert_eq!(resp.json()["error"]["code"], "mail_unavailable");
    let signin = app.post_json("/api/v1/tokens", json!({"email": "lead@unmailed.example", "password": PASSWORD})).await;
    assert_eq!(signin.status, StatusCode::UNAUTHORIZED, "the team was not kept");
    app.finish().await;
}

async fn an_approved_server_lets_a_team_in_once_an_operator_does(backend: Backend) {
    let Some(app) = TestApp::start_with(backend, |c| c.registrar = registrar(Registration::Approved, None)).await
    else {
        return;
    };
    let resp = register(&app, "Queued Lab", "lead@queued.example").await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    assert_eq!(resp.json()["status"], "awaiting_approval");
    let token = token(&app, "lead@queued.example").await;
    let refused = upload(&app, &token, 3).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    let arabic = app
        .request(
            axum::http::Request::post("/api/v1/submissions?model_name=X")
                .header("authorization", format!("Bearer {token}"))
                .header("accept-language", "ar")
                .body(axum::body::Body::from(TestApp::demo_predictions(0.5, 4)))
                .unwrap(),
        )
        .await;
    assert!(arabic.json()["error"]["message"].as_str().unwrap().contains("المنظّمين"), "{}", arabic.body);

    let out = medarabench(&["team", "approve", "queued lab"], Some(app.database_url()));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("Queued Lab"), "{}", stderr(&out));
    assert_eq!(upload(&app, &token, 5).await.status, StatusCode::CREATED, "let in by the operator");
    let unknown = medarabench(&["team", "approve", "No Such Lab"], Some(app.database_url()));
    assert!(!unknown.status.success() && stderr(&unknown).contains("no team"), "{}", stderr(&unknown));
    app.finish().await;
}

async fn a_held_out_key_keeps_an_open_server_from_starting(backend: Backend) {
    let Some(db) = scratch_database(backend).await else { return };
    let files = crate::cli::Files::new();
    let key = files.write("held.csv", app::domain::synthetic::synthetic_key(300, 3).csv);
    let out = medarabench(&["keys", "import", key.to_str().unwrap(), "--held-out", "--name", "phase-9"], Some(&db.url));
    assert!(out.status.success(), "{}", stderr(&out));
    let open = medarabench(&["serve", "--addr", "127.0.0.1:0"], Some(&db.url));
    assert!(!open.status.success());
    assert!(stderr(&open).contains("phase-9") && stderr(&open).contains("--registration"), "{}", stderr(&open));
    let email_without_relay =
        medarabench(&["serve", "--addr", "127.0.0.1:0", "--registration", "email"], Some(&db.url));
    assert!(stderr(&email_without_relay).contains("--smtp-url"), "{}", stderr(&email_without_relay));
    for args in [["--registration", "approved"], ["--allow-open-registration", "--registration=open"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_medarabench"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .env("DATABASE_URL", &db.url)
            .env("RUST_LOG", "info")
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let addr = bound_address(child.stderr.take().unwrap());
        let _server = ServerProcess(child);
        assert!(addr.starts_with("127.0.0.1:"), "{args:?} starts: {addr}");
    }
    db.finish().await;
}
