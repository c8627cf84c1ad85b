//! The shipped deployment, run: `deploy/haproxy.cfg` itself (its server
//! addresses, ports and certificate swapped for the test's own, TLS on
//! with a self-signed certificate) in front of three `medarabench serve`
//! processes on one PostgreSQL database. Teams register, sign in and
//! upload through it while one server is killed with `kill -9`, and then:
//! no acknowledged upload is lost and none is stored twice, the quotas
//! per team and per client address are exact across the servers, a
//! session started through one server works on every other, and every
//! server shows the same board. PostgreSQL only (several servers share
//! one database there); skipped, saying so, without HAProxy or openssl.

use std::collections::{BTreeMap, BTreeSet};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use crate::cli::{ServerProcess, bound_address};
use crate::harness::{PASSWORD, TestApp, scratch_database};

/// The limits the three servers run with.
const DAILY_QUOTA: u64 = 7;
const CLIENT_DAILY_QUOTA: u64 = 18;
const REGISTRATIONS_PER_DAY: u64 = 4;

/// One `serve` on `url` behind a trusted proxy; its process and address.
fn server(url: &str) -> (ServerProcess, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_medarabench"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--behind-proxy",
            "--trusted-proxies",
            "1",
            "--writes-per-minute",
            "0",
        ])
        .args(["--daily-quota", &DAILY_QUOTA.to_string(), "--client-daily-quota", &CLIENT_DAILY_QUOTA.to_string()])
        .args(["--registrations-per-day", &REGISTRATIONS_PER_DAY.to_string()])
        .env("DATABASE_URL", url)
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let addr = bound_address(child.stderr.take().unwrap());
    (ServerProcess(child), addr)
}

/// `deploy/haproxy.cfg` with the test's servers, ports and certificate.
fn shipped_config(servers: &[String], http: u16, https: u16, pem: &std::path::Path) -> String {
    let shipped = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy/haproxy.cfg")).unwrap();
    let mut config = shipped.replace("bind :80\n", &format!("bind 127.0.0.1:{http}\n")).replace(
        "bind :443 ssl crt /etc/haproxy/certs/board.pem",
        &format!("bind 127.0.0.1:{https} ssl crt {}", pem.display()),
    );
    for (i, addr) in servers.iter().enumerate() {
        let placeholder = format!("10.0.0.1{}:3000", i + 1);
        assert!(config.contains(&placeholder), "deploy/haproxy.cfg lists {placeholder}");
        config = config.replace(&placeholder, addr);
    }
    let live = config.lines().filter(|l| !l.trim_start().starts_with('#')).collect::<Vec<_>>().join("\n");
    // Port 443 itself, not a test port that begins with 443 (44351).
    let port_443 = live.match_indices(":443").any(|(at, _)| !live[at + 4..].starts_with(|c: char| c.is_ascii_digit()));
    assert!(!port_443 && !live.contains("/etc/haproxy"), "every address was swapped:\n{live}");
    config
}

/// HAProxy on the shipped configuration; its process and HTTPS port.
fn haproxy(servers: &[String], dir: &std::path::Path) -> (ServerProcess, u16) {
    let pem = dir.join("board.pem");
    let (key, cert) = (dir.join("key.pem"), dir.join("cert.pem"));
    let made = Command::new("openssl")
        .args(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-keyout"])
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .expect("run openssl");
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    std::fs::write(&pem, [std::fs::read(&cert).unwrap(), std::fs::read(&key).unwrap()].concat()).unwrap();
    for _ in 0..5 {
        let free = || std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let (http, https) = (free(), free());
        let path = dir.join("haproxy.cfg");
        std::fs::write(&path, shipped_config(servers, http, https, &pem)).unwrap();
        let check = Command::new("haproxy").args(["-c", "-f"]).arg(&path).output().unwrap();
        assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));
        let mut child = Command::new("haproxy")
            .args(["-db", "-f"])
            .arg(&path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        for _ in 0..100 {
            if let Ok(Some(_)) = child.try_wait() {
                break; // a port was taken meanwhile: choose others
            }
            if std::net::TcpStream::connect(("127.0.0.1", https)).is_ok() {
                return (ServerProcess(child), https);
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
    panic!("haproxy did not start");
}

/// What one upload attempt came to.
#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    /// Acknowledged (201, or 200 for its own retry): the submission's id.
    Stored(String),
    /// Refused over a quota.
    OverQuota,
}

/// Sends one upload, retrying with its `Idempotency-Key` (as `medarabench
/// submit` does) while the answer is a gateway's or the connection broke.
async fn upload(client: &reqwest::Client, base: &str, token: &str, model: &str, key: &str, body: String) -> Outcome {
    for _ in 0..40 {
        let sent = client
            .post(format!("{base}/api/v1/submissions?model_name={model}"))
            .bearer_auth(token)
            .header("idempotency-key", key)
            .header("content-type", "text/csv")
            .body(body.clone())
            .send()
            .await;
        match sent {
            Ok(resp) if resp.status().as_u16() == 201 || resp.status().as_u16() == 200 => {
                let v: Value = resp.json().await.unwrap();
                return Outcome::Stored(v["id"].as_str().unwrap().to_owned());
            }
            Ok(resp) if resp.status().as_u16() == 429 => return Outcome::OverQuota,
            Ok(resp) if [502, 503, 504].contains(&resp.status().as_u16()) => {}
            Ok(resp) => panic!("upload answered {}: {}", resp.status(), resp.text().await.unwrap_or_default()),
            Err(_) => {}
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    panic!("upload {key} never got an answer");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_servers_behind_the_shipped_haproxy_lose_nothing_when_one_dies() {
    for tool in ["haproxy", "openssl"] {
        if Command::new(tool).arg("version").output().is_err() {
            eprintln!("skipped: {tool} is not installed (.ci/setup test installs HAProxy)");
            return;
        }
    }
    let Some(db) = scratch_database(crate::harness::Backend::Postgres).await else { return };
    // The first start migrates; the others start on a ready database.
    let mut servers = vec![server(&db.url)];
    servers.push(server(&db.url));
    servers.push(server(&db.url));
    let addrs: Vec<String> = servers.iter().map(|(_, a)| a.clone()).collect();
    let dir = tempfile::tempdir().unwrap();
    let (_proxy, https) = haproxy(&addrs, dir.path());
    let base = format!("https://127.0.0.1:{https}");
    let client = reqwest::Client::builder().danger_accept_invalid_certs(true).build().unwrap();
    for _ in 0..100 {
        if client.get(format!("{base}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    // Registrations from one client, spread over the three servers: the
    // limit a day holds exactly.
    let mut registered = Vec::new();
    for i in 0..REGISTRATIONS_PER_DAY + 2 {
        let email = format!("lead{i}@deployed.example");
        let resp = client
            .post(format!("{base}/api/v1/teams"))
            .json(&json!({"name": format!("Deployed Team {i}"), "email": email, "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        if resp.status().as_u16() == 201 {
            registered.push(email);
        } else {
            assert_eq!(resp.status().as_u16(), 429, "{}", resp.text().await.unwrap_or_default());
        }
    }
    assert_eq!(registered.len() as u64, REGISTRATIONS_PER_DAY, "registrations a client may make a day");

    // A session started through one server works on every server.
    let no_redirects = reqwest::Client::builder()
        .danger_accept_invalid_certs(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let signin = no_redirects
        .post(format!("{base}/auth/signin"))
        .header("origin", &base)
        .form(&[("email", registered[0].as_str()), ("password", PASSWORD)])
        .send()
        .await
        .unwrap();
    let cookie = signin
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix("mb_session=").map(|c| c.split(';').next().unwrap().to_owned()))
        .expect("a session cookie");
    for addr in &addrs {
        let page = reqwest::Client::new()
            .get(format!("http://{addr}/team"))
            .header("cookie", format!("mb_session={cookie}"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(page.contains("Deployed Team 0"), "the session works on {addr}");
    }

    // Uploads from three teams at once, more than the quotas allow; one
    // server is killed with kill -9 after a few are acknowledged.
    let mut tokens = Vec::new();
    for email in registered.iter().take(3) {
        let v: Value = client
            .post(format!("{base}/api/v1/tokens"))
            .json(&json!({"email": email, "password": PASSWORD}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        tokens.push(v["token"].as_str().unwrap().to_owned());
    }
    let outcomes: Arc<Mutex<Vec<(usize, String, Outcome)>>> = Arc::default();
    let mut workers = Vec::new();
    for (team, token) in tokens.iter().enumerate() {
        let (client, base, token, outcomes) = (client.clone(), base.clone(), token.clone(), outcomes.clone());
        workers.push(tokio::spawn(async move {
            for i in 0..DAILY_QUOTA + 2 {
                let key = format!("deployed-{team}-{i}");
                let body = TestApp::demo_predictions(0.3 + 0.05 * i as f64, 1000 + 100 * team as u64 + i);
                let outcome = upload(&client, &base, &token, &format!("Deployed-{team}-{i}"), &key, body).await;
                outcomes.lock().unwrap().push((team, key, outcome));
            }
        }));
    }
    while outcomes.lock().unwrap().len() < 5 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let at_kill = outcomes.lock().unwrap().len() as u64;
    let (mut victim, _) = servers.remove(1);
    let pid = victim.0.id().to_string();
    assert!(Command::new("kill").args(["-9", &pid]).status().unwrap().success());
    let _ = victim.0.wait();
    for worker in workers {
        worker.await.unwrap();
    }
    assert!(at_kill < 3 * (DAILY_QUOTA + 2), "the server died mid-load ({at_kill} uploads answered before)");

    // Nothing lost, nothing twice, the quotas exact.
    let outcomes = outcomes.lock().unwrap().clone();
    let acknowledged: BTreeSet<String> = outcomes
        .iter()
        .filter_map(|(_, _, o)| match o {
            Outcome::Stored(id) => Some(id.clone()),
            Outcome::OverQuota => None,
        })
        .collect();
    let stored_db = db.open().await;
    let stored: Vec<(String, i64)> =
        sqlx::query_as("SELECT public_id, team_id FROM submissions").fetch_all(stored_db.pool()).await.unwrap();
    let stored_ids: BTreeSet<String> = stored.iter().map(|(id, _)| id.clone()).collect();
    assert_eq!(stored_ids, acknowledged, "every acknowledged upload is stored, and nothing else");
    assert_eq!(stored.len(), stored_ids.len());
    let acked_per_attempt = outcomes.iter().filter(|(_, _, o)| matches!(o, Outcome::Stored(_))).count();
    assert_eq!(acked_per_attempt, stored.len(), "each attempt's retries came to one submission");
    let mut per_team: BTreeMap<i64, u64> = BTreeMap::new();
    for (_, team) in &stored {
        *per_team.entry(*team).or_default() += 1;
    }
    assert!(per_team.values().all(|n| *n <= DAILY_QUOTA), "{per_team:?}");
    assert_eq!(stored.len() as u64, CLIENT_DAILY_QUOTA, "the client's quota across teams and servers: {per_team:?}");
    stored_db.close().await;

    // Every server left shows the same board at the same version. A
    // server answers from its last complete board while it makes the
    // next, so under load one may be a version behind for a moment: wait
    // until both serve the latest (the uploads have stopped).
    let mut versions = Vec::new();
    let mut boards = Vec::new();
    for _ in 0..300 {
        (versions, boards) = (Vec::new(), Vec::new());
        for (_, addr) in &servers {
            let v: Value =
                reqwest::get(format!("http://{addr}/api/v1/leaderboard")).await.unwrap().json().await.unwrap();
            versions.push(v["board_version"].clone());
            boards.push(v["rows"].clone());
        }
        if versions[0] == versions[1] {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(versions[0], versions[1], "every server reaches the latest version");
    assert_eq!(boards[0], boards[1], "the same board on every server");
    let through_proxy: Value =
        client.get(format!("{base}/api/v1/leaderboard")).send().await.unwrap().json().await.unwrap();
    assert_eq!(through_proxy["rows"], boards[0]);
    drop(servers);
    db.finish().await;
}
