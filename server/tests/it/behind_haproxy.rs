//! The per-client limits behind a real load balancer: `medarabench serve
//! --behind-proxy --trusted-proxies 1` behind HAProxy with `option
//! forwardfor`, which appends its own `X-Forwarded-For` line and keeps the
//! client's. A client that writes the header itself, naming a new address
//! each time, is still one client: the limits hold (issue 37: before, 6 of
//! 6 registrations and 9 of 9 uploads went through with limits of 2 and 3).
//! Skipped, saying so, where HAProxy is not installed (`.ci/setup test`
//! installs Debian's).

use std::process::{Command, Stdio};

use crate::cli::{ServerProcess, bound_address};
use crate::harness::{Backend, TestApp, scratch_database};
use crate::on_both_backends;

on_both_backends!(client_written_forwarded_for_voids_no_limit_behind_haproxy);

/// HAProxy in front of `app_addr`, on a port of its own: its process and
/// its address. A port taken between choosing it and HAProxy binding it is
/// chosen again.
pub(crate) fn haproxy(app_addr: &str, dir: &std::path::Path) -> (ServerProcess, String) {
    for _ in 0..5 {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let config = format!(
            "global\n  maxconn 256\n\
             defaults\n  mode http\n  timeout connect 5s\n  timeout client 30s\n  timeout server 60s\n\
             frontend public\n  bind 127.0.0.1:{port}\n  option forwardfor\n  default_backend app\n\
             backend app\n  server app {app_addr}\n"
        );
        let path = dir.join("haproxy.cfg");
        std::fs::write(&path, config).unwrap();
        let mut child = Command::new("haproxy")
            .args(["-db", "-f"])
            .arg(&path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start haproxy");
        let addr = format!("127.0.0.1:{port}");
        for _ in 0..100 {
            if let Ok(Some(_)) = child.try_wait() {
                break; // it could not bind: choose another port
            }
            if std::net::TcpStream::connect(&addr).is_ok() {
                return (ServerProcess(child), addr);
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
    panic!("haproxy did not start");
}

async fn client_written_forwarded_for_voids_no_limit_behind_haproxy(backend: Backend) {
    if Command::new("haproxy").arg("-v").output().is_err() {
        eprintln!("skipped: haproxy is not installed (apt-get install haproxy, or .ci/setup test)");
        return;
    }
    let Some(db) = scratch_database(backend).await else { return };
    let mut child = Command::new(env!("CARGO_BIN_EXE_medarabench"))
        .args(["serve", "--addr", "127.0.0.1:0", "--behind-proxy", "--trusted-proxies", "1"])
        .args([
            "--registrations-per-day",
            "2",
            "--client-daily-quota",
            "3",
            "--writes-per-minute",
            "0",
            "--daily-quota",
            "20",
        ])
        .env("DATABASE_URL", &db.url)
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let app_addr = bound_address(child.stderr.take().unwrap());
    let _server = ServerProcess(child);
    let dir = tempfile::tempdir().unwrap();
    let (_proxy, proxy_addr) = haproxy(&app_addr, dir.path());
    let base = format!("http://{proxy_addr}");
    let client = reqwest::Client::new();

    // Six registrations, each claiming another client address.
    let mut created = Vec::new();
    for i in 0..6 {
        let email = format!("lead{i}@proxy.example");
        let resp = client
            .post(format!("{base}/api/v1/teams"))
            .header("x-forwarded-for", format!("203.0.113.{}", 10 + i))
            .json(&serde_json::json!({"name": format!("Proxy Team {i}"), "email": email, "password": "a long test password"}))
            .send()
            .await
            .unwrap();
        created.push((resp.status().as_u16(), email));
    }
    let statuses: Vec<u16> = created.iter().map(|(s, _)| *s).collect();
    assert_eq!(statuses, [201, 201, 429, 429, 429, 429], "one client behind the proxy: 2 registrations a day");

    // Nine uploads from one team, each claiming another client address.
    let token: String = client
        .post(format!("{base}/api/v1/tokens"))
        .json(&serde_json::json!({"email": created[0].1, "password": "a long test password"}))
        .send()
        .await
        .unwrap()
        .json::<serde_json::Value>()
        .await
        .unwrap()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut uploads = Vec::new();
    for i in 0..9u64 {
        let resp = client
            .post(format!("{base}/api/v1/submissions?model_name=Proxied-{i}"))
            .bearer_auth(&token)
            .header("x-forwarded-for", format!("198.51.100.{}, 192.0.2.{}", 10 + i, 10 + i))
            .header("content-type", "text/csv")
            .body(TestApp::demo_predictions(0.5, 100 + i))
            .send()
            .await
            .unwrap();
        uploads.push(resp.status().as_u16());
    }
    assert_eq!(uploads, [201, 201, 201, 429, 429, 429, 429, 429, 429], "one client: 3 uploads a day");
    db.finish().await;
}
