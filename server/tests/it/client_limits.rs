//! Limits per client address: teams registered a UTC day (the API and the
//! web form; the operator's CLI is not limited) and uploads a UTC day
//! across all teams (private ones too; repeats use none). Over a limit the
//! API answers 429 with `Retry-After` and a stable code and stores
//! nothing; the web forms go back with the reason in the page's language.
//! The address is the peer, or the last `X-Forwarded-For` entry only with
//! `--behind-proxy`; only its keyed hash is stored; 0 turns a limit off;
//! concurrent requests on two server processes cannot exceed a limit.

use std::net::SocketAddr;
use std::sync::Arc;

use app::services::clients::ClientKey;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use serde_json::json;
use server::config::TrustedProxies;

use crate::harness::{Backend, PASSWORD, Response, TestApp, session_from, without_markers};
use crate::on_both_backends;

on_both_backends!(
    registrations_are_limited_per_client_address,
    uploads_are_limited_per_client_address_across_teams,
    forwarded_for_counts_only_behind_a_proxy,
    zero_turns_each_limit_off,
    concurrent_requests_on_two_processes_stay_within_the_limits,
);

/// `req` as the server sees it from `peer` (the connection's address).
fn from_peer(mut req: Request<Body>, peer: &str) -> Request<Body> {
    let peer: SocketAddr = format!("{peer}:40000").parse().unwrap();
    req.extensions_mut().insert(ConnectInfo(peer));
    req
}

/// `POST /api/v1/teams` from `peer`, optionally with `X-Forwarded-For`
/// (each line of `forwarded` a header line of its own, as HAProxy sends).
async fn register(app: &TestApp, peer: &str, forwarded: Option<&str>, name: &str) -> Response {
    let body = json!({"name": name, "email": format!("{}@limits.example", name.to_lowercase()), "password": PASSWORD});
    let mut req = Request::post("/api/v1/teams").header("content-type", "application/json");
    for line in forwarded.into_iter().flat_map(|f| f.split('\n')) {
        req = req.header("x-forwarded-for", line);
    }
    app.request(from_peer(req.body(Body::from(body.to_string())).unwrap(), peer)).await
}

/// The web registration form from `peer`.
async fn register_form(app: &TestApp, peer: &str, name: &str, lang: &str) -> Response {
    let email = format!("{}@limits.example", name.to_lowercase());
    let body = serde_urlencoded::to_string([("name", name), ("email", &email), ("password", PASSWORD), ("lang", lang)])
        .unwrap();
    let req = Request::post("/auth/register")
        .header("content-type", "application/x-www-form-urlencoded")
        .header("host", "127.0.0.1:3000")
        .header("origin", "http://127.0.0.1:3000")
        .body(Body::from(body))
        .unwrap();
    app.request(from_peer(req, peer)).await
}

/// A raw CSV upload with `token` from `peer`; `query` after `model_name`.
async fn upload(app: &TestApp, token: &str, peer: &str, query: &str, file: &str, key: Option<&str>) -> Response {
    let mut req = Request::post(format!("/api/v1/submissions?{query}"))
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "text/csv");
    if let Some(k) = key {
        req = req.header("idempotency-key", k);
    }
    app.request(from_peer(req.body(Body::from(file.to_owned())).unwrap(), peer)).await
}

async fn team_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM teams").fetch_one(app.state.db.pool()).await.unwrap()
}

/// A 429 with the stable `code`, a `Retry-After` up to the next 00:00 UTC
/// and a message that says it.
fn assert_limited(resp: &Response, code: &str, says: &str) {
    assert_eq!(resp.status, StatusCode::TOO_MANY_REQUESTS, "{}", resp.body);
    let error = &resp.json()["error"];
    assert_eq!(error["code"], code, "{}", resp.body);
    assert!(error["message"].as_str().unwrap().contains(says), "{}", resp.body);
    assert!(error["details"].is_array(), "{}", resp.body);
    let retry: i64 = resp.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=86_400).contains(&retry), "Retry-After {retry}");
    let now = app::db::now_unix();
    assert!((retry - app::db::submissions::seconds_to_utc_midnight(now)).abs() <= 2, "to the next UTC midnight");
}

/// An API token for a team registered from no known address.
async fn token(app: &TestApp, name: &str) -> String {
    app.team_with_token(name, &format!("{}@tokens.example", name.to_lowercase())).await
}

async fn registrations_are_limited_per_client_address(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    assert_eq!(app.state.config.registrations_per_day, 3, "the default");
    // The submit page says both limits.
    let submit = without_markers(&app.get("/submit").await.body);
    assert!(submit.contains("at most 10 uploads from one address per UTC day"), "{submit}");
    assert!(submit.contains("at most 3 teams per UTC day"), "{submit}");
    // Three from one address, by either route.
    assert_eq!(register(&app, "10.0.0.1", None, "Alpha").await.status, StatusCode::CREATED);
    assert_eq!(register(&app, "10.0.0.1", None, "Bravo").await.status, StatusCode::CREATED);
    let form = register_form(&app, "10.0.0.1", "Charlie", "en").await;
    assert_eq!(form.status, StatusCode::SEE_OTHER, "{}", form.body);
    assert_eq!(form.headers["location"], "/team");
    assert_eq!(team_count(&app).await, 3);

    // The fourth is refused on both routes, and creates no team.
    let refused = register(&app, "10.0.0.1", None, "Delta").await;
    assert_limited(&refused, "registration_limit", "at most 3 teams a UTC day from one address");
    for lang in ["en", "ar"] {
        let form = register_form(&app, "10.0.0.1", &format!("Echo{lang}"), lang).await;
        assert_eq!(form.status, StatusCode::SEE_OTHER, "back to the form: {}", form.body);
        let location = form.headers["location"].to_str().unwrap().to_owned();
        assert!(location.starts_with("/register?error=registration_limit"), "{location}");
        assert!(form.headers.contains_key("retry-after"));
        assert!(session_from(&form).is_none(), "not signed in");
        let page = without_markers(&app.get(&location).await.body);
        let message =
            app::i18n::form_errors::FormErrorCode::RegistrationLimit.message(app::i18n::Lang::from_param(Some(lang)));
        assert!(page.contains(&message), "{lang}: {message} not on {location}");
    }
    assert_eq!(team_count(&app).await, 3, "nothing stored");

    // Another address still registers; the operator's CLI is not limited.
    assert_eq!(register(&app, "10.0.0.2", None, "Foxtrot").await.status, StatusCode::CREATED);
    app::services::accounts::register(&app.state.db, "Golf", "golf@cli.example", PASSWORD, None).await.unwrap();
    assert_eq!(team_count(&app).await, 5);

    // Only keyed hashes of the addresses are stored.
    let keys: Vec<Option<String>> =
        sqlx::query_scalar("SELECT client_key FROM teams ORDER BY id").fetch_all(app.state.db.pool()).await.unwrap();
    let stored: Vec<&str> = keys.iter().flatten().map(String::as_str).collect();
    assert_eq!(stored.len(), 4, "the CLI's team has none: {keys:?}");
    assert!(stored.iter().all(|k| k.len() == 64 && k.bytes().all(|b| b.is_ascii_hexdigit())), "{stored:?}");
    assert_eq!(stored[0], stored[2], "one address, one key");
    assert_ne!(stored[0], stored[3]);
    let secret = &app.state.config.client_secret;
    let ip = "10.0.0.1".parse().unwrap();
    assert_eq!(stored[0], ClientKey::new(secret, ip).as_str(), "HMAC of the address under the server's secret");
    assert_ne!(stored[0], ClientKey::new("", ip).as_str());
    let clients: Vec<String> = sqlx::query_scalar("SELECT client_key FROM clients ORDER BY client_key")
        .fetch_all(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(clients.len(), 2, "one row per client, by its key only: {clients:?}");
    app.finish().await;
}

async fn uploads_are_limited_per_client_address_across_teams(backend: Backend) {
    let Some(app) = TestApp::start_with(backend, |c| c.client_daily_quota = 4).await else { return };
    let (a, b, c) = (token(&app, "Uno").await, token(&app, "Dos").await, token(&app, "Tres").await);
    let file = |seed| TestApp::demo_predictions(0.6, seed);
    let peer = "10.0.1.1";
    // Four from one address over two teams, two of them private.
    let first = upload(&app, &a, peer, "model_name=A-1", &file(1), Some("k-1")).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    for (token, query, seed) in [
        (&a, "model_name=A-2&visibility=private", 2),
        (&b, "model_name=B-1", 3),
        (&b, "model_name=B-2&visibility=private", 4),
    ] {
        let resp = upload(&app, token, peer, query, &file(seed), None).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{query}: {}", resp.body);
    }
    assert_eq!(app.submission_count().await, 4);

    // A fifth from that address is refused, for any team, private or not.
    let refused = upload(&app, &c, peer, "model_name=C-1", &file(5), None).await;
    assert_limited(&refused, "client_quota_exceeded", "at most 4 uploads a UTC day from one address");
    let private = upload(&app, &c, peer, "model_name=C-1&visibility=private", &file(5), None).await;
    assert_limited(&private, "client_quota_exceeded", "across all teams");
    assert_eq!(app.submission_count().await, 4, "nothing stored");

    // Repeats use no quota: the same file again, the same Idempotency-Key.
    let again = upload(&app, &a, peer, "model_name=A-1", &file(1), None).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert_eq!(again.json()["id"], first.json()["id"]);
    let keyed = upload(&app, &a, peer, "model_name=A-1", &file(1), Some("k-1")).await;
    assert_eq!(keyed.status, StatusCode::OK, "{}", keyed.body);
    assert_eq!(app.submission_count().await, 4);

    // The web form from that address goes back with the reason.
    let session = app.signin("tres@tokens.example").await;
    for lang in ["en", "ar"] {
        let (content_type, body) = crate::harness::multipart_body(
            &[("lang", lang), ("model_name", "C-web")],
            Some(("p.csv", file(6).as_bytes())),
        );
        let req = Request::post("/upload")
            .header("content-type", content_type)
            .header("host", "127.0.0.1:3000")
            .header("origin", "http://127.0.0.1:3000")
            .header("cookie", format!("mb_session={session}"))
            .body(Body::from(body))
            .unwrap();
        let form = app.request(from_peer(req, peer)).await;
        assert_eq!(form.status, StatusCode::SEE_OTHER, "{}", form.body);
        let location = form.headers["location"].to_str().unwrap().to_owned();
        assert!(location.starts_with("/upload?error=client_quota_exceeded"), "{location}");
        let page = without_markers(&app.get_with_cookie(&location, &session).await.body);
        let message =
            app::i18n::form_errors::FormErrorCode::ClientQuotaExceeded.message(app::i18n::Lang::from_param(Some(lang)));
        assert!(page.contains(&message), "{lang}: {message} not on {location}");
    }
    assert_eq!(app.submission_count().await, 4);

    // Another address is unaffected, for the same team.
    let other = upload(&app, &c, "10.0.1.2", "model_name=C-1", &file(5), None).await;
    assert_eq!(other.status, StatusCode::CREATED, "{}", other.body);
    // The per-team quota still holds beside it (5 a day by default).
    for seed in 7..11 {
        let resp =
            upload(&app, &c, &format!("10.0.2.{seed}"), &format!("model_name=C-{seed}"), &file(seed), None).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    }
    let team_quota = upload(&app, &c, "10.0.3.1", "model_name=C-x", &file(11), None).await;
    assert_eq!(team_quota.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(team_quota.json()["error"]["code"], "too_many_requests", "the team's quota, not the address's");
    app.finish().await;
}

async fn forwarded_for_counts_only_behind_a_proxy(backend: Backend) {
    let limits = |c: &mut server::config::ServerConfig| {
        c.registrations_per_day = 1;
        c.client_daily_quota = 1;
    };
    // Without --behind-proxy the header is anyone's to write: ignored.
    let Some(app) = TestApp::start_with(backend, limits).await else { return };
    assert_eq!(register(&app, "10.0.4.1", Some("1.1.1.1"), "Direct1").await.status, StatusCode::CREATED);
    let refused = register(&app, "10.0.4.1", Some("2.2.2.2"), "Direct2").await;
    assert_limited(&refused, "registration_limit", "at most 1 team a UTC day");
    let t = token(&app, "DirectUp").await;
    let file = |seed| TestApp::demo_predictions(0.6, seed);
    assert_eq!(upload(&app, &t, "10.0.4.1", "model_name=D-1", &file(1), None).await.status, StatusCode::CREATED);
    let refused = upload(&app, &t, "10.0.4.1", "model_name=D-2", &file(2), None).await;
    assert_limited(&refused, "client_quota_exceeded", "at most 1 upload a UTC day");
    app.finish().await;

    // Behind a proxy, the entry the proxy added is the client.
    let Some(app) = TestApp::start_with(backend, |c| {
        limits(c);
        c.proxies = Some(TrustedProxies::Hops(1));
    })
    .await
    else {
        return;
    };
    let proxy = "10.0.4.254";
    assert_eq!(register(&app, proxy, Some("1.1.1.1"), "Proxied1").await.status, StatusCode::CREATED);
    assert_eq!(register(&app, proxy, Some("2.2.2.2"), "Proxied2").await.status, StatusCode::CREATED, "another client");
    let spoofed = register(&app, proxy, Some("9.9.9.9, 1.1.1.1"), "Proxied3").await;
    assert_limited(&spoofed, "registration_limit", "at most 1 team");
    // HAProxy's `option forwardfor` keeps the client's own line and adds
    // one: the client is the proxy's line, not the first.
    let own_line = register(&app, proxy, Some("8.8.8.8\n1.1.1.1"), "Proxied4").await;
    assert_limited(&own_line, "registration_limit", "at most 1 team");
    let t = token(&app, "ProxiedUp").await;
    let with_client = |client: &'static str, query: &'static str, seed| {
        let t = t.clone();
        let app = &app;
        async move {
            let req = Request::post(format!("/api/v1/submissions?{query}"))
                .header("authorization", format!("Bearer {t}"))
                .header("content-type", "text/csv")
                .header("x-forwarded-for", client)
                .body(Body::from(file(seed)))
                .unwrap();
            app.request(from_peer(req, proxy)).await
        }
    };
    assert_eq!(with_client("3.3.3.3", "model_name=P-1", 1).await.status, StatusCode::CREATED);
    assert_eq!(with_client("4.4.4.4", "model_name=P-2", 2).await.status, StatusCode::CREATED);
    assert_limited(&with_client("3.3.3.3", "model_name=P-3", 3).await, "client_quota_exceeded", "1 upload");
    app.finish().await;
}

async fn zero_turns_each_limit_off(backend: Backend) {
    let file = |seed| TestApp::demo_predictions(0.6, seed);
    // Registrations unlimited, uploads still limited.
    let Some(app) = TestApp::start_with(backend, |c| {
        c.registrations_per_day = 0;
        c.client_daily_quota = 2;
    })
    .await
    else {
        return;
    };
    for n in 0..5 {
        assert_eq!(register(&app, "10.0.5.1", None, &format!("Free{n}")).await.status, StatusCode::CREATED);
    }
    let submit = app.get("/submit").await.body;
    assert!(
        submit.contains(r#"id="quota-client""#) && !submit.contains(r#"id="quota-registrations""#),
        "an off limit is not said"
    );
    let t = token(&app, "Capped").await;
    for seed in 1..3 {
        let resp = upload(&app, &t, "10.0.5.1", &format!("model_name=Z-{seed}"), &file(seed), None).await;
        assert_eq!(resp.status, StatusCode::CREATED);
    }
    let refused = upload(&app, &t, "10.0.5.1", "model_name=Z-3", &file(3), None).await;
    assert_limited(&refused, "client_quota_exceeded", "2 uploads");
    app.finish().await;

    // Uploads unlimited, registrations still limited.
    let Some(app) = TestApp::start_with(backend, |c| {
        c.registrations_per_day = 2;
        c.client_daily_quota = 0;
    })
    .await
    else {
        return;
    };
    for n in 0..2 {
        assert_eq!(register(&app, "10.0.5.2", None, &format!("Only{n}")).await.status, StatusCode::CREATED);
    }
    assert_limited(&register(&app, "10.0.5.2", None, "Only2").await, "registration_limit", "2 teams");
    // More than the default 10, within each team's 5.
    let tokens = [token(&app, "Many1").await, token(&app, "Many2").await, token(&app, "Many3").await];
    for seed in 0..12u64 {
        let t = &tokens[seed as usize % 3];
        let resp = upload(&app, t, "10.0.5.2", &format!("model_name=M-{seed}"), &file(seed), None).await;
        assert_eq!(resp.status, StatusCode::CREATED, "upload {seed}: {}", resp.body);
    }
    app.finish().await;
}

async fn concurrent_requests_on_two_processes_stay_within_the_limits(backend: Backend) {
    let Some(app) = TestApp::start_with(backend, |c| {
        c.registrations_per_day = 3;
        c.client_daily_quota = 2;
    })
    .await
    else {
        return;
    };
    let other = Arc::new(app.second_process().await);
    let app = Arc::new(app);
    let apps = [app.clone(), other.clone()];
    let mut set = tokio::task::JoinSet::new();
    for n in 0..8 {
        let app = apps[n % 2].clone();
        set.spawn(async move { register(&app, "10.0.6.1", None, &format!("Rush{n}")).await.status });
    }
    let statuses = set.join_all().await;
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 3, "{statuses:?}");
    assert!(statuses.iter().all(|s| [StatusCode::CREATED, StatusCode::TOO_MANY_REQUESTS].contains(s)), "{statuses:?}");
    assert_eq!(team_count(&app).await, 3);

    // The binding check alone (no password hashing to stagger them): a
    // burst straight at the transaction that counts and inserts.
    let key = ClientKey::new(&app.state.config.client_secret, "10.0.6.3".parse().unwrap());
    let mut set = tokio::task::JoinSet::new();
    for n in 0..24 {
        let (db, key) = (apps[n % 2].state.db.clone(), key.clone());
        set.spawn(async move {
            let (name, email) = (format!("Burst{n}"), format!("b{n}@burst.example"));
            match app::db::teams::create(&db, &name, &email, "x", Some(key.limit(3))).await {
                Ok(_) => true,
                Err(app::db::teams::CreateTeamError::RegistrationLimit { limit: 3 }) => false,
                Err(e) => panic!("{e}"),
            }
        });
    }
    let made = set.join_all().await;
    assert_eq!(made.iter().filter(|m| **m).count(), 3, "{made:?}");
    assert_eq!(team_count(&app).await, 6);

    let tokens = [token(&app, "Race1").await, token(&app, "Race2").await, token(&app, "Race3").await];
    let mut set = tokio::task::JoinSet::new();
    for n in 0..6 {
        let (app, token, file) = (apps[n % 2].clone(), tokens[n % 3].clone(), TestApp::demo_predictions(0.6, n as u64));
        let query = format!("model_name=R-{n}&visibility=private");
        set.spawn(async move { upload(&app, &token, "10.0.6.2", &query, &file, None).await.status });
    }
    let statuses = set.join_all().await;
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 2, "{statuses:?}");
    assert!(statuses.iter().all(|s| [StatusCode::CREATED, StatusCode::TOO_MANY_REQUESTS].contains(s)), "{statuses:?}");
    assert_eq!(app.submission_count().await, 2);
    drop(apps);
    Arc::into_inner(other).expect("all tasks done").finish().await;
    Arc::into_inner(app).expect("all tasks done").finish().await;
}
