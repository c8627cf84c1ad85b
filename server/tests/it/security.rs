//! Sign-in, sessions, tokens and the request-level defences.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;

use crate::harness::{Backend, PASSWORD, TestApp, session_from};
use crate::on_both_backends;

on_both_backends!(
    register_and_token_errors,
    sessions_rotate_and_sign_out_invalidates,
    signin_is_throttled_after_ten_failures,
    cross_site_writes_are_refused,
    revoked_tokens_stop_working,
    a_revoked_token_uploads_nothing_though_remembered,
    limits_and_headers,
    team_names_are_escaped_in_pages,
    slow_requests_time_out_with_408,
    large_responses_are_gzipped_but_pages_never,
    writes_are_rate_limited_per_client,
    form_errors_are_codes_never_text,
);

/// The alert of a form page (`#form-error`), as text; `None` without one.
fn form_alert(html: &str) -> Option<String> {
    let doc = scraper::Html::parse_document(html);
    let alert = scraper::Selector::parse("#form-error").unwrap();
    doc.select(&alert).next().map(|a| a.text().collect::<String>())
}

/// A refused form comes back with error codes, which the page shows as its
/// own messages in its language; text put into `?error=` by anyone else
/// shows nothing; no email or password ever goes into a URL.
async fn form_errors_are_codes_never_text(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    for page in ["/signin", "/register", "/upload"] {
        for attack in ["Your+account+is+locked.+Call+%2B1-800-EVIL", "%3Cb%3Ebold%3C%2Fb%3E", "wrong_credentials%20x"] {
            let resp = app.get(&format!("{page}?error={attack}")).await;
            assert_eq!(resp.status, StatusCode::OK);
            assert_eq!(form_alert(&resp.body), None, "{page}?error={attack} shows no alert");
            // (The language link keeps the query in its address; no text shows it.)
            let text: String = scraper::Html::parse_document(&resp.body).root_element().text().collect();
            assert!(!text.contains("EVIL") && !text.contains("bold"), "{page}: attacker text shown");
        }
    }
    let en = form_alert(&app.get("/signin?error=wrong_credentials").await.body).expect("an alert");
    assert_eq!(en.trim(), "Wrong email or password.");
    let ar = form_alert(&app.get("/signin?error=wrong_credentials&lang=ar").await.body).expect("an alert");
    assert_eq!(ar.trim(), "البريد الإلكتروني أو كلمة المرور غير صحيحة.");

    // Registration: every problem has its code, in the form's language;
    // nothing typed is in the URL.
    let bad = app
        .post_form(
            "/auth/register",
            &[("name", "x"), ("email", "secret-address"), ("password", "short"), ("lang", "ar")],
            None,
        )
        .await;
    let location = bad.headers["location"].to_str().unwrap().to_owned();
    assert_eq!(location, "/register?error=invalid_name%2Cinvalid_email%2Cinvalid_password&lang=ar");
    let shown = form_alert(&app.get(&location).await.body).expect("an alert");
    assert!(
        shown.contains("اسم الفريق") && shown.contains("بريد إلكتروني") && shown.contains("كلمة المرور"),
        "{shown}"
    );
    app.team_with_token("Taken", "t@taken.example").await;
    let taken = app
        .post_form("/auth/register", &[("name", "Taken"), ("email", "t@taken.example"), ("password", PASSWORD)], None)
        .await;
    assert_eq!(taken.headers["location"], "/register?error=name_taken");
    let taken = app
        .post_form("/auth/register", &[("name", "Other"), ("email", "t@taken.example"), ("password", PASSWORD)], None)
        .await;
    assert_eq!(taken.headers["location"], "/register?error=email_taken");

    // A refused upload: a code in the URL; the file's reasons, with their
    // lines, on the upload page once.
    let cookie = app.signin("t@taken.example").await;
    let bad = "question_id,answer\n1,A\n1,B\n";
    let refused = app.upload_form(&cookie, &[("lang", "en"), ("model_name", "M")], bad, false).await;
    assert_eq!(refused.headers["location"], "/upload?error=upload_refused");
    // The page's script gets the address as JSON (its XMLHttpRequest would
    // follow a redirect itself and take the one-time reasons).
    let scripted = app.upload_form(&cookie, &[("lang", "ar"), ("model_name", "M")], bad, true).await;
    assert_eq!(scripted.status, StatusCode::OK);
    assert_eq!(scripted.json()["location"], "/upload?error=upload_refused&lang=ar");
    let page = app.get_with_cookie("/upload?error=upload_refused", &cookie).await;
    let shown = form_alert(&page.body).expect("an alert");
    assert!(shown.contains("The upload was refused; nothing was stored."), "{shown}");
    assert!(shown.contains("line 3: duplicate question_id 1 (first seen on line 2)"), "{shown}");
    let again = app.get_with_cookie("/upload?error=upload_refused", &cookie).await;
    assert!(!form_alert(&again.body).unwrap().contains("line 3"), "the reasons are shown once");
    assert_eq!(app.submission_count().await, 0);
    app.finish().await;
}

async fn slow_requests_time_out_with_408(backend: Backend) {
    let Some(app) = TestApp::start_with(backend, |c| c.request_timeout = std::time::Duration::from_millis(1)).await
    else {
        return;
    };
    // Registering hashes a password with argon2id: far longer than 1 ms.
    let resp =
        app.post_json("/api/v1/teams", json!({"name": "Slow", "email": "s@slow.example", "password": PASSWORD})).await;
    assert_eq!(resp.status, StatusCode::REQUEST_TIMEOUT);
    app.finish().await;
}

async fn register_and_token_errors(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let resp = app.post_json("/api/v1/teams", json!({"name": "x", "email": "nope", "password": "short"})).await;
    assert_eq!(resp.status, StatusCode::BAD_REQUEST);
    let fields: Vec<String> = resp.json()["error"]["details"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["field"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(fields, ["name", "email", "password"]);

    app.team_with_token("Alpha", "a@alpha.example").await;
    let dup = app
        .post_json("/api/v1/teams", json!({"name": "ALPHA", "email": "b@alpha.example", "password": PASSWORD}))
        .await;
    assert_eq!(dup.status, StatusCode::CONFLICT);
    assert!(dup.json()["error"]["message"].as_str().unwrap().contains("name"));
    let dup =
        app.post_json("/api/v1/teams", json!({"name": "Beta", "email": "A@Alpha.example", "password": PASSWORD})).await;
    assert_eq!(dup.status, StatusCode::CONFLICT);
    assert!(dup.json()["error"]["message"].as_str().unwrap().contains("email"));

    let bad = app.post_json("/api/v1/tokens", json!({"email": "a@alpha.example", "password": "wrong password!"})).await;
    assert_eq!(bad.status, StatusCode::UNAUTHORIZED);
    let malformed = app
        .request(
            Request::post("/api/v1/teams")
                .header("content-type", "application/json")
                .body(Body::from("{not json"))
                .unwrap(),
        )
        .await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    assert_eq!(malformed.json()["error"]["code"], "invalid_json");

    // Passwords are stored as argon2id hashes only.
    let hash: String = sqlx::query_scalar("SELECT password_hash FROM members WHERE email = 'a@alpha.example'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert!(hash.starts_with("$argon2id$"));
    app.finish().await;
}

async fn sessions_rotate_and_sign_out_invalidates(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let reg = app
        .post_form("/auth/register", &[("name", "Gamma"), ("email", "g@gamma.example"), ("password", PASSWORD)], None)
        .await;
    assert_eq!(reg.status, StatusCode::SEE_OTHER, "{}", reg.body);
    assert_eq!(reg.headers["location"], "/team");
    let first = session_from(&reg).expect("a session cookie");
    let set_cookie = reg.headers["set-cookie"].to_str().unwrap();
    for flag in ["HttpOnly", "Secure", "SameSite=Lax", "Path=/"] {
        assert!(set_cookie.contains(flag), "{flag} in {set_cookie}");
    }
    let team = app.get_with_cookie("/team", &first).await;
    assert!(team.body.contains("id=\"team-name\">Gamma<"), "signed in: {}", team.body);

    // Signing in again from the same browser issues a new id and ends the old one.
    let signin =
        app.post_form("/auth/signin", &[("email", "g@gamma.example"), ("password", PASSWORD)], Some(&first)).await;
    assert_eq!(signin.status, StatusCode::SEE_OTHER);
    let second = session_from(&signin).expect("a new session cookie");
    assert_ne!(first, second, "the session id is rotated at sign-in");
    assert!(app.get_with_cookie("/team", &first).await.body.contains("You are not signed in"));
    assert!(app.get_with_cookie("/team", &second).await.body.contains("Gamma"));

    // Create a token from the page: shown once.
    let made = app.post_form("/team/tokens", &[("label", "ci")], Some(&second)).await;
    assert_eq!(made.status, StatusCode::SEE_OTHER);
    let page = app.get_with_cookie("/team", &second).await;
    assert!(page.body.contains("id=\"new-token\" dir=\"ltr\">mbt_"), "{}", page.body);
    let again = app.get_with_cookie("/team", &second).await;
    assert!(!again.body.contains("id=\"new-token\""), "a token is shown only once");

    // Sign out: the cookie is cleared and the session no longer works.
    let out = app.post_form("/auth/signout", &[], Some(&second)).await;
    assert_eq!(out.status, StatusCode::SEE_OTHER);
    assert!(out.headers["set-cookie"].to_str().unwrap().contains("Max-Age=0"));
    assert!(app.get_with_cookie("/team", &second).await.body.contains("You are not signed in"));
    let write = app.post_form("/team/tokens", &[("label", "x")], Some(&second)).await;
    assert_eq!(write.status, StatusCode::UNAUTHORIZED);

    // A failed form sign-in goes back to the form with the reason's code
    // only: the email is never put into the URL.
    let failed =
        app.post_form("/auth/signin", &[("email", "g@gamma.example"), ("password", "not the password")], None).await;
    assert_eq!(failed.status, StatusCode::SEE_OTHER);
    let location = failed.headers["location"].to_str().unwrap();
    assert_eq!(location, "/signin?error=wrong_credentials");
    assert!(session_from(&failed).is_none());
    assert!(!app::db::audit::events(&app.state.db, "signin_failed").await.unwrap().is_empty());
    app.finish().await;
}

async fn signin_is_throttled_after_ten_failures(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    app.team_with_token("Delta", "d@delta.example").await;
    for i in 0..10 {
        let resp = app
            .post_json("/api/v1/tokens", json!({"email": "d@delta.example", "password": format!("wrong password {i}")}))
            .await;
        assert_eq!(resp.status, StatusCode::UNAUTHORIZED, "failure {i}");
    }
    // The 11th attempt is refused before the password is checked, even a right one.
    let resp = app.post_json("/api/v1/tokens", json!({"email": "d@delta.example", "password": PASSWORD})).await;
    assert_eq!(resp.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(resp.headers.contains_key("retry-after"));
    let form = app.post_form("/auth/signin", &[("email", "d@delta.example"), ("password", PASSWORD)], None).await;
    assert_eq!(form.status, StatusCode::TOO_MANY_REQUESTS);
    // Other accounts are unaffected.
    app.team_with_token("Epsilon", "e@eps.example").await;
    app.finish().await;
}

async fn cross_site_writes_are_refused(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let reg = app
        .post_form("/auth/register", &[("name", "Zeta"), ("email", "z@zeta.example"), ("password", PASSWORD)], None)
        .await;
    let cookie = session_from(&reg).unwrap();
    let forged = |origin: Option<&'static str>, site: Option<&'static str>| {
        let mut req = Request::post("/team/tokens")
            .header("content-type", "application/x-www-form-urlencoded")
            .header("host", "127.0.0.1:3000")
            .header("cookie", format!("mb_session={cookie}"));
        if let Some(o) = origin {
            req = req.header("origin", o);
        }
        if let Some(s) = site {
            req = req.header("sec-fetch-site", s);
        }
        req.body(Body::from("label=evil")).unwrap()
    };
    for (origin, site) in [
        (Some("https://evil.example"), None),
        (Some("https://127.0.0.1:3000"), None),
        (Some("http://127.0.0.1:3001"), None),
        (None, Some("cross-site")),
        (None, None),
        (Some("http://127.0.0.1:3000"), Some("same-site")),
    ] {
        let resp = app.request(forged(origin, site)).await;
        assert_eq!(resp.status, StatusCode::FORBIDDEN, "origin {origin:?} site {site:?}");
    }
    assert_eq!(app.request(forged(None, Some("same-origin"))).await.status, StatusCode::SEE_OTHER);
    let tokens: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM api_tokens").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(tokens, 1, "only the same-origin request created a token");

    // The scheme counts too: this server is plain HTTP, so an https Origin
    // is another site, on every cookie-authenticated write.
    let token_id: i64 = sqlx::query_scalar("SELECT id FROM api_tokens").fetch_one(app.state.db.pool()).await.unwrap();
    let revoke = format!("/team/tokens/{token_id}/revoke");
    let writes = [
        ("/auth/register", "name=Other&email=o%40other.example&password=a+long+test+password"),
        ("/auth/signin", "email=z%40zeta.example&password=a+long+test+password"),
        ("/team/tokens", "label=evil"),
        (revoke.as_str(), ""),
        ("/auth/signout", ""),
        ("/upload", ""),
    ];
    for (path, body) in writes {
        let req = Request::post(path)
            .header("content-type", "application/x-www-form-urlencoded")
            .header("host", "127.0.0.1:3000")
            .header("origin", "https://127.0.0.1:3000")
            .header("cookie", format!("mb_session={cookie}"))
            .body(Body::from(body))
            .unwrap();
        assert_eq!(app.request(req).await.status, StatusCode::FORBIDDEN, "https Origin on {path}");
    }
    let teams: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM teams").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(teams, 1, "the forged registration stored nothing");

    // A write outside the API is authenticated by its cookie, whatever
    // `Authorization` header it also carries: still checked.
    for authorization in ["Basic YTpi", "Bearer mbt_not_a_token", "Bearer "] {
        let req = Request::post("/_fn/team_page")
            .header("host", "127.0.0.1:3000")
            .header("origin", "https://evil.example")
            .header("authorization", authorization)
            .header("cookie", format!("mb_session={cookie}"))
            .body(Body::empty())
            .unwrap();
        assert_eq!(app.request(req).await.status, StatusCode::FORBIDDEN, "{authorization} beside the cookie");
    }
    assert!(app.get_with_cookie("/team", &cookie).await.body.contains("Zeta"), "the session was not signed out");
    app.finish().await;
}

async fn revoked_tokens_stop_working(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Eta", "e@eta.example").await;
    let list = |t: String| {
        Request::get("/api/v1/submissions").header("authorization", format!("Bearer {t}")).body(Body::empty()).unwrap()
    };
    assert_eq!(app.request(list(token.clone())).await.status, StatusCode::OK);
    let signin = app.post_form("/auth/signin", &[("email", "e@eta.example"), ("password", PASSWORD)], None).await;
    let cookie = session_from(&signin).unwrap();
    let id: i64 = sqlx::query_scalar("SELECT id FROM api_tokens").fetch_one(app.state.db.pool()).await.unwrap();
    let page = app.get_with_cookie("/team", &cookie).await;
    assert!(page.body.contains(&token[..12]), "the team page lists the token by its prefix");
    assert!(!page.body.contains(&token), "never the whole token");
    let revoke = app.post_form(&format!("/team/tokens/{id}/revoke"), &[], Some(&cookie)).await;
    assert_eq!(revoke.status, StatusCode::SEE_OTHER);
    let resp = app.request(list(token)).await;
    assert_eq!(resp.status, StatusCode::UNAUTHORIZED);
    assert!(resp.json()["error"]["message"].as_str().unwrap().contains("revoked"));
    assert_eq!(app.request(list("mbt_made_up".into())).await.status, StatusCode::UNAUTHORIZED);
    app.finish().await;
}

/// Uploads remember their token (`app::services::tokens`); one revoked
/// after that, in this process or another on the same database, still
/// stores nothing and answers 401, and is then looked up again.
async fn a_revoked_token_uploads_nothing_though_remembered(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let other = app.second_process().await;
    let token = app.team_with_token("Theta", "t@theta.example").await;
    let second = app.post_json("/api/v1/tokens", json!({"email": "t@theta.example", "password": PASSWORD})).await;
    let second = second.json()["token"].as_str().unwrap().to_owned();
    let file = |seed| TestApp::demo_predictions(0.6, seed);
    for (model, process, token) in [("A", &app, &token), ("B", &other, &second)] {
        let first = process.upload_raw(token, &format!("model_name={model}"), file(1)).await;
        assert_eq!(first.status, StatusCode::CREATED, "{}", first.status);
    }
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM api_tokens ORDER BY id").fetch_all(app.state.db.pool()).await.unwrap();
    let signin = app.post_form("/auth/signin", &[("email", "t@theta.example"), ("password", PASSWORD)], None).await;
    let cookie = session_from(&signin).unwrap();
    // Both are revoked through this process's team page; each process
    // still remembers the token it uploaded with.
    for id in &ids {
        let revoke = app.post_form(&format!("/team/tokens/{id}/revoke"), &[], Some(&cookie)).await;
        assert_eq!(revoke.status, StatusCode::SEE_OTHER);
    }
    for (process, token) in [(&app, &token), (&other, &second)] {
        for seed in [2, 3] {
            let refused = process.upload_raw(token, "model_name=C", file(seed)).await;
            assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "{}", refused.body);
            assert!(refused.json()["error"]["message"].as_str().unwrap().contains("revoked"), "{}", refused.body);
        }
    }
    assert_eq!(app.submission_count().await, 2, "nothing stored with a revoked token");
    app.finish().await;
}

async fn limits_and_headers(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let huge = json!({"name": "x".repeat(100_000), "email": "a@b.c", "password": PASSWORD});
    let resp = app.post_json("/api/v1/teams", huge).await;
    assert_eq!(resp.status, StatusCode::PAYLOAD_TOO_LARGE);

    let page = app.get("/").await;
    let csp = page.headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("script-src") && csp.contains("'nonce-"), "{csp}");
    let nonce = csp.split("'nonce-").nth(1).unwrap().split('\'').next().unwrap();
    assert!(page.body.contains(&format!("nonce=\"{nonce}\"")), "inline scripts carry the header's nonce");
    let api = app.get("/api/v1/leaderboard").await;
    assert!(api.headers["content-security-policy"].to_str().unwrap().contains("default-src 'none'"));
    assert_eq!(api.headers["x-content-type-options"], "nosniff");
    app.finish().await;
}

async fn team_names_are_escaped_in_pages(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let reg = app
        .post_form(
            "/auth/register",
            &[("name", "<img src=x onerror=alert(1)>"), ("email", "x@xss.example"), ("password", PASSWORD)],
            None,
        )
        .await;
    let cookie = session_from(&reg).unwrap();
    let page = app.get_with_cookie("/team", &cookie).await;
    assert!(!page.body.contains("<img src=x"), "markup must not reach the page");
    assert!(page.body.contains("&lt;img src=x onerror=alert(1)&gt;"), "{}", page.body);
    app.finish().await;
}

/// `GET path`, optionally with `Accept-Encoding: gzip`: status, the
/// `Content-Encoding` (if any) and the body as sent.
async fn raw_get(app: &TestApp, path: &str, gzip: bool) -> (StatusCode, Option<String>, Vec<u8>) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let mut req = Request::get(path);
    if gzip {
        req = req.header("accept-encoding", "gzip");
    }
    let resp = server::build_router(app.state.clone()).oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    let encoding = resp.headers().get("content-encoding").map(|v| v.to_str().unwrap().to_owned());
    let status = resp.status();
    (status, encoding, resp.into_body().collect().await.unwrap().to_bytes().to_vec())
}

fn gunzip(bytes: &[u8]) -> String {
    use std::io::Read;
    let mut out = String::new();
    flate2::read::GzDecoder::new(bytes).read_to_string(&mut out).expect("a gzip stream");
    out
}

/// Exports and charts are gzipped for clients that accept it, to the same
/// content; HTML pages never are (they may reflect a visitor's input).
async fn large_responses_are_gzipped_but_pages_never(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    for path in ["/api/v1/leaderboard", "/api/v1/leaderboard.csv", "/charts/leaderboard.svg"] {
        let (status, encoding, plain) = raw_get(&app, path, false).await;
        assert_eq!((status, encoding), (StatusCode::OK, None), "{path} without Accept-Encoding");
        let (status, encoding, zipped) = raw_get(&app, path, true).await;
        assert_eq!((status, encoding.as_deref()), (StatusCode::OK, Some("gzip")), "{path}");
        assert!(zipped.len() < plain.len(), "{path}: {} gzipped vs {} bytes", zipped.len(), plain.len());
        assert_eq!(gunzip(&zipped), String::from_utf8(plain).unwrap(), "{path}: the same content");
    }
    for path in ["/", "/?q=gpt", "/quality", "/signin"] {
        let (status, encoding, body) = raw_get(&app, path, true).await;
        assert_eq!((status, encoding), (StatusCode::OK, None), "{path}: HTML is never compressed");
        assert!(String::from_utf8(body).unwrap().contains("</html>"), "{path}");
    }
    app.finish().await;
}

/// A registration attempt from `client` (as the server sees its peer).
async fn register_from(app: &TestApp, client: &str, n: usize) -> crate::harness::Response {
    let body =
        json!({"name": format!("Rate {client} {n}"), "email": format!("r{n}@{client}.example"), "password": PASSWORD});
    let mut req = Request::post("/api/v1/teams")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let peer: std::net::SocketAddr = format!("{client}:40000").parse().unwrap();
    req.extensions_mut().insert(axum::extract::ConnectInfo(peer));
    app.request(req).await
}

/// A client gets `writes_per_minute` writes, then 429 with `Retry-After`
/// before anything is stored; other clients and reads are not affected.
async fn writes_are_rate_limited_per_client(backend: Backend) {
    let Some(app) = TestApp::start_with(backend, |c| c.writes_per_minute = 3).await else { return };
    let teams = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM teams").fetch_one(app.state.db.pool()).await.unwrap()
    };
    for n in 0..3 {
        assert_eq!(register_from(&app, "10.1.1.1", n).await.status, StatusCode::CREATED);
    }
    let refused = register_from(&app, "10.1.1.1", 3).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.body);
    let retry: u64 = refused.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=20).contains(&retry), "one token every 20 s: {retry}");
    assert!(refused.body.contains("at most 3 a minute"), "{}", refused.body);
    assert_eq!(teams().await, 3, "the refused write stored nothing");
    assert_eq!(register_from(&app, "10.2.2.2", 4).await.status, StatusCode::CREATED, "another client");
    assert_eq!(app.get("/api/v1/leaderboard").await.status, StatusCode::OK, "reads are not limited");
    assert_eq!(teams().await, 4);
    app.finish().await;
}
