//! A submission's owner forms on its page (plain form posts, so they work
//! without JavaScript): the owner changes the declared facts and withdraws
//! it; a refused change keeps what was typed and changes nothing; the
//! forms are the owner's only, and a withdrawn submission is marked on the
//! team's own pages while it leaves the board.

use axum::http::StatusCode;
use scraper::{Html, Selector};

use crate::harness::TestApp;
use crate::on_both_backends;

on_both_backends!(
    the_owner_changes_a_submission_from_its_page,
    a_refused_change_keeps_what_was_typed_and_changes_nothing,
    the_owner_withdraws_a_submission_from_its_page,
    only_the_owner_sees_and_uses_the_forms,
);

/// A registered team signed in on the web: its session cookie and an API token.
async fn owner(app: &TestApp, name: &str, email: &str) -> (String, String) {
    let token = app.team_with_token(name, email).await;
    (app.signin(email).await, token)
}

/// Uploads a public submission over the API and returns its id.
async fn upload(app: &TestApp, token: &str, seed: u64) -> String {
    let resp = app.upload_raw(token, "model_name=Owned-7B&shots=0", TestApp::demo_predictions(0.6, seed)).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    resp.json()["id"].as_str().unwrap().to_owned()
}

fn select(doc: &Html, css: &str) -> Vec<String> {
    doc.select(&Selector::parse(css).unwrap()).map(|e| e.text().collect::<String>()).collect()
}

fn attr(doc: &Html, css: &str, name: &str) -> Option<String> {
    doc.select(&Selector::parse(css).unwrap()).next().and_then(|e| e.value().attr(name).map(str::to_owned))
}

fn selected(doc: &Html, select_name: &str) -> Option<String> {
    attr(doc, &format!("#change-form select[name={select_name}] option[selected]"), "value")
}

/// Every field of the change form, as the page sends it, with `changed` put in.
fn change_fields<'a>(lang: &'a str, changed: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut fields = vec![
        ("lang", lang),
        ("visibility", "public"),
        ("model_url", ""),
        ("model_params", ""),
        ("model_category", "unknown"),
        ("notes", ""),
        ("prompt_language", "unknown"),
        ("shots", "0"),
        ("temperature", ""),
        ("chain_of_thought", "unknown"),
        ("extraction", ""),
        ("model_args", ""),
        ("generation", ""),
        ("contamination", "unknown"),
    ];
    for (name, value) in changed {
        fields.iter_mut().find(|(n, _)| n == name).expect("a field of the form").1 = value;
    }
    fields
}

async fn the_owner_changes_a_submission_from_its_page(backend: crate::harness::Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (cookie, token) = owner(&app, "Changers", "c@changers.example").await;
    let id = upload(&app, &token, 1).await;
    let page = app.get_with_cookie(&format!("/submissions/{id}"), &cookie).await;
    let doc = Html::parse_document(&page.body);
    assert_eq!(attr(&doc, "#change-form", "action").as_deref(), Some(format!("/submissions/{id}/change").as_str()));
    assert_eq!(attr(&doc, "#change-form [name=shots]", "value").as_deref(), Some("0"));
    assert_eq!(selected(&doc, "visibility").as_deref(), Some("public"));

    let fields = change_fields(
        "ar",
        &[
            ("model_url", "https://example.org/owned"),
            ("notes", "seed 1 </textarea><b>bold</b>"),
            ("shots", "5"),
            ("model_category", "open-medical"),
            ("model_args", "hf: pretrained=org/owned,dtype=bfloat16"),
            ("generation", "greedy; max_gen_toks 64"),
        ],
    );
    let resp = app.post_form(&format!("/submissions/{id}/change"), &fields, Some(&cookie)).await;
    assert_eq!(resp.status, StatusCode::SEE_OTHER, "{}", resp.body);
    let location = resp.headers["location"].to_str().unwrap().to_owned();
    assert_eq!(location, format!("/submissions/{id}?done=changed&lang=ar"));

    // The API object, the page and the form all show the new values.
    let api = app.get(&format!("/api/v1/submissions/{id}")).await.json();
    assert_eq!(api["model_url"], "https://example.org/owned");
    assert_eq!(api["model_category"], "open-medical");
    assert_eq!(api["protocol"]["shots"], 5);
    assert_eq!(api["protocol"]["model_args"], "hf: pretrained=org/owned,dtype=bfloat16");
    assert_eq!(api["protocol"]["generation"], "greedy; max_gen_toks 64");
    let page = app.get_with_cookie(location.trim_end_matches("#owner"), &cookie).await;
    let doc = Html::parse_document(&page.body);
    assert_eq!(select(&doc, "#done"), ["حُفظت تعديلاتك."]);
    assert_eq!(select(&doc, "#model-args"), ["hf: pretrained=org/owned,dtype=bfloat16"]);
    assert_eq!(attr(&doc, "#change-form [name=shots]", "value").as_deref(), Some("5"));
    assert_eq!(selected(&doc, "model_category").as_deref(), Some("open-medical"));
    assert_eq!(select(&doc, "#change-form textarea[name=notes]"), ["seed 1 </textarea><b>bold</b>"]);
    assert!(!page.body.contains("<b>bold</b>"), "the notes are escaped");

    // The board's row moved at once (its category filter finds it).
    let board = app.get("/api/v1/leaderboard?category=open-medical").await.json();
    let rows = board["rows"].as_array().unwrap();
    assert!(rows.iter().any(|r| r["submission_id"] == id.as_str()), "{board}");
    // Audited.
    let audited: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE event = 'submission_changed' AND detail LIKE $1")
            .bind(format!("{id}:%"))
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    assert_eq!(audited, 1);
    app.finish().await;
}

async fn a_refused_change_keeps_what_was_typed_and_changes_nothing(backend: crate::harness::Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (cookie, token) = owner(&app, "Typos", "t@typos.example").await;
    let id = upload(&app, &token, 2).await;
    let before = app.get(&format!("/api/v1/submissions/{id}")).await.json();
    let fields = change_fields(
        "en",
        &[("model_url", "ftp://nowhere"), ("shots", "500"), ("temperature", "hot"), ("notes", "kept as typed")],
    );
    let resp = app.post_form(&format!("/submissions/{id}/change"), &fields, Some(&cookie)).await;
    assert_eq!(resp.status, StatusCode::SEE_OTHER);
    let location = resp.headers["location"].to_str().unwrap().to_owned();
    assert_eq!(location, format!("/submissions/{id}?error=change_refused#owner"));
    assert_eq!(app.get(&format!("/api/v1/submissions/{id}")).await.json(), before, "nothing changed");

    let page = app.get_with_cookie(location.trim_end_matches("#owner"), &cookie).await;
    let doc = Html::parse_document(&page.body);
    let alert = select(&doc, "#owner [role=alert]").concat();
    assert!(alert.contains("The change was refused; nothing was changed."), "{alert}");
    for field in ["model_url", "shots", "temperature"] {
        assert!(alert.contains(field), "{field} named in {alert}");
    }
    // The form holds what was typed, not the stored values.
    assert_eq!(attr(&doc, "#change-form [name=model_url]", "value").as_deref(), Some("ftp://nowhere"));
    assert_eq!(attr(&doc, "#change-form [name=shots]", "value").as_deref(), Some("500"));
    assert_eq!(attr(&doc, "#change-form [name=temperature]", "value").as_deref(), Some("hot"));
    assert_eq!(select(&doc, "#change-form textarea[name=notes]"), ["kept as typed"]);
    // Once: the next visit shows the stored values and no refusal.
    let again = Html::parse_document(&app.get_with_cookie(&format!("/submissions/{id}"), &cookie).await.body);
    assert!(select(&again, "#owner [role=alert]").is_empty());
    assert_eq!(attr(&again, "#change-form [name=shots]", "value").as_deref(), Some("0"));
    app.finish().await;
}

async fn the_owner_withdraws_a_submission_from_its_page(backend: crate::harness::Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (cookie, token) = owner(&app, "Withdrawers", "w@withdrawers.example").await;
    let id = upload(&app, &token, 3).await;
    let path = format!("/submissions/{id}/withdraw");

    // Without the confirmation box nothing is withdrawn.
    let resp = app.post_form(&path, &[("lang", "en")], Some(&cookie)).await;
    assert_eq!(resp.status, StatusCode::SEE_OTHER);
    assert_eq!(resp.headers["location"], format!("/submissions/{id}?error=withdraw_unconfirmed#owner").as_str());
    let page = app.get_with_cookie(&format!("/submissions/{id}?error=withdraw_unconfirmed"), &cookie).await;
    assert!(page.body.contains("Tick the box to confirm the withdrawal"), "{}", page.body.len());
    assert_eq!(app.get(&format!("/api/v1/submissions/{id}")).await.status, StatusCode::OK);

    let resp = app.post_form(&path, &[("lang", "ar"), ("confirm", "yes")], Some(&cookie)).await;
    assert_eq!(resp.status, StatusCode::SEE_OTHER);
    assert_eq!(resp.headers["location"], format!("/submissions/{id}?done=withdrawn&lang=ar#owner").as_str());
    // Gone for everyone else, and from the board.
    assert_eq!(app.get(&format!("/api/v1/submissions/{id}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get(&format!("/submissions/{id}")).await.status, StatusCode::NOT_FOUND);
    let board = app.get("/api/v1/leaderboard").await.json();
    assert!(!board["rows"].as_array().unwrap().iter().any(|r| r["submission_id"] == id.as_str()));
    // Its team sees it marked, without the forms.
    let page = app.get_with_cookie(&format!("/submissions/{id}?done=withdrawn&lang=ar"), &cookie).await;
    let doc = Html::parse_document(&page.body);
    assert_eq!(select(&doc, "#done"), ["سُحبت المشاركة."]);
    assert_eq!(select(&doc, "#withdrawn-notice").len(), 1);
    assert!(select(&doc, "#change-form").is_empty() && select(&doc, "#withdraw-form").is_empty());
    let team = Html::parse_document(&app.get_with_cookie("/team", &cookie).await.body);
    let row = select(&team, "tr[data-withdrawn=true]");
    assert_eq!(row.len(), 1);
    assert!(row[0].contains("withdrawn"), "{row:?}");
    // A change to it is refused, and says why.
    let resp = app.post_form(&format!("/submissions/{id}/change"), &change_fields("en", &[]), Some(&cookie)).await;
    assert_eq!(resp.headers["location"], format!("/submissions/{id}?error=withdrawn#owner").as_str());
    app.finish().await;
}

async fn only_the_owner_sees_and_uses_the_forms(backend: crate::harness::Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (_, token) = owner(&app, "Owners", "o@owners.example").await;
    let id = upload(&app, &token, 4).await;
    let (other, _) = owner(&app, "Others", "x@others.example").await;
    let before = app.get(&format!("/api/v1/submissions/{id}")).await.json();

    // Strangers and other teams see no form.
    for page in
        [app.get(&format!("/submissions/{id}")).await, app.get_with_cookie(&format!("/submissions/{id}"), &other).await]
    {
        assert_eq!(page.status, StatusCode::OK);
        assert!(!page.body.contains("change-form") && !page.body.contains("withdraw-form"));
    }
    // Another team's posts are not found; a stranger must sign in.
    let change = format!("/submissions/{id}/change");
    let withdraw = format!("/submissions/{id}/withdraw");
    let fields = change_fields("en", &[("visibility", "private")]);
    assert_eq!(app.post_form(&change, &fields, Some(&other)).await.status, StatusCode::NOT_FOUND);
    let confirm = [("lang", "en"), ("confirm", "yes")];
    assert_eq!(app.post_form(&withdraw, &confirm, Some(&other)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.post_form(&withdraw, &[("lang", "en")], Some(&other)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.post_form(&change, &fields, None).await.status, StatusCode::UNAUTHORIZED);
    // A post from another site is refused (CSRF), even with the owner's session.
    let owner_cookie = app.signin("o@owners.example").await;
    let body = serde_urlencoded::to_string(confirm).unwrap();
    let forged = axum::http::Request::post(&withdraw)
        .header("content-type", "application/x-www-form-urlencoded")
        .header("host", "127.0.0.1:3000")
        .header("origin", "https://evil.example")
        .header("cookie", format!("mb_session={owner_cookie}"))
        .body(axum::body::Body::from(body))
        .unwrap();
    assert_eq!(app.request(forged).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(&format!("/api/v1/submissions/{id}")).await.json(), before, "nothing changed");
    app.finish().await;
}
