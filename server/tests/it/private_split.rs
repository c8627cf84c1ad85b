//! A held-out key's private split (docs/contract.md, "Exposure"): until
//! the reveal every shown score is on the public part alone, and nothing
//! shown depends on a private answer; at the reveal the board ranks on the
//! private part and shows both.

use axum::http::StatusCode;
use serde_json::Value;

use crate::harness::{Backend, TestApp};
use crate::on_both_backends;
use app::domain::exposure::Exposure;
use app::domain::split::PublicPart;
use app::domain::{AnswerKey, Letter};
use app::i18n::Lang;

on_both_backends!(
    scores_are_on_the_public_part_until_the_reveal_then_rank_on_the_private,
    keys_import_splits_a_held_out_key,
    a_team_chooses_what_counts_in_the_final_standing
);

const SEED: &str = "split_test_seed";
const SHARE: f64 = 0.3;

/// Stores a synthetic held-out key split with [`SEED`] and [`SHARE`];
/// returns it and its public part, drawn as the server draws it.
async fn split_key(app: &TestApp, name: &str) -> (AnswerKey, PublicPart) {
    let csv = app::domain::synthetic::synthetic_key(600, 5).csv;
    let split = app::db::keys::KeySplit { share: SHARE, seed: SEED.into() };
    let key = app.store_synthetic_key(name, &csv, Exposure::HeldOut, Some(split)).await;
    let part = PublicPart::draw(&key, SEED.as_bytes(), SHARE);
    (key, part)
}

/// A prediction file: the keyed letter where `right(i, public)` says so
/// (item `i`, public or not), another letter elsewhere.
fn answers(key: &AnswerKey, part: &PublicPart, right: impl Fn(usize, bool) -> bool) -> String {
    let mut out = String::from("question_id,answer\n");
    for (i, (item, public)) in key.items().iter().zip(part.mask()).enumerate() {
        let letter = if right(i, *public) {
            item.answer
        } else if item.answer == Letter::A {
            Letter::B
        } else {
            Letter::A
        };
        out.push_str(&format!("{},{}\n", item.id, letter.as_char()));
    }
    out
}

async fn verified_rows(app: &TestApp) -> Vec<Value> {
    let board = app.get("/api/v1/leaderboard").await.json();
    board["rows"].as_array().unwrap().iter().filter(|r| r["source"] == "verified").cloned().collect()
}

async fn scores_are_on_the_public_part_until_the_reveal_then_rank_on_the_private(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (key, part) = split_key(&app, "phase-split").await;
    let public_n = part.key().len();
    assert_eq!(public_n, (SHARE * key.len() as f64).round() as usize);
    let step = app::domain::exposure::default_step(public_n);

    // Team A is right on every public question and wrong on every private
    // one; team B the other way round; team C answers the public questions
    // as A does and the private ones as B does.
    let files = [
        ("Public Sharp", answers(&key, &part, |_, public| public)),
        ("Private Sharp", answers(&key, &part, |_, public| !public)),
        ("Public Twin", answers(&key, &part, |_, _| true)),
    ];
    let mut ids = Vec::new();
    let mut shown = Vec::new();
    let mut at_chance = Vec::new();
    for (i, (team, file)) in files.iter().enumerate() {
        let token = app.team_with_token(team, &format!("t{i}@split.example")).await;
        let resp = app.upload_raw(&token, "model_name=Splitter", file.clone()).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
        let body = resp.json();
        assert_eq!(body["part"], "public", "{body}");
        assert_eq!(body["total"], public_n, "the shown score is on the public part: {body}");
        assert!(body.get("correct").is_none() && body.get("private").is_none(), "{body}");
        ids.push(body["id"].as_str().unwrap().to_owned());
        shown.push(body["accuracy"].as_f64().unwrap());
        at_chance.push(body["at_or_below_chance"] == true);
    }
    assert!(shown[0] >= 1.0 - step - 1e-9, "all public answers right: {shown:?}");
    assert_eq!(at_chance, [false, true, false], "no public answer right: at or below chance, {shown:?}");
    // The private answers moved nothing: the same public answers show the
    // same number, whatever the private ones are.
    assert_eq!(shown[2], shown[0], "{shown:?}");
    let rows = verified_rows(&app).await;
    assert_eq!(rows.len(), 3);
    for row in &rows {
        assert_eq!(row["part"], "public", "{row}");
        assert_eq!(row["n"], public_n, "{row}");
        assert!(row["correct"].is_null() && row.get("private").is_none(), "{row}");
    }
    assert_eq!(rows[2]["team"], "Private Sharp", "ranked on the public part before the reveal");
    let page = app.get(&format!("/submissions/{}", ids[0])).await.body;
    assert!(page.contains("id=\"public-part-notice\"") && page.contains(&format!("{public_n} questions")), "{page}");

    app::db::keys::reveal(&app.state.db, "phase-split", None).await.unwrap();
    let private_n = key.len() - public_n;
    let rows = verified_rows(&app).await;
    let teams: Vec<&str> = rows.iter().map(|r| r["team"].as_str().unwrap()).collect();
    assert_eq!(teams[2], "Public Sharp", "ranked on the private part at the reveal: {teams:?}");
    for row in &rows {
        assert_eq!(row["part"], "private", "{row}");
        assert_eq!(row["n"], private_n, "{row}");
        assert_eq!(row["accuracy"], row["private"]["accuracy"], "{row}");
        assert_eq!(row["public"]["n"], public_n, "{row}");
        assert_eq!(row["private"]["n"], private_n, "{row}");
    }
    let sharp = rows.iter().find(|r| r["team"] == "Public Sharp").unwrap();
    assert_eq!((sharp["public"]["accuracy"].as_f64(), sharp["private"]["accuracy"].as_f64()), (Some(1.0), Some(0.0)));
    let twin = app.get(&format!("/api/v1/submissions/{}", ids[2])).await.json();
    assert_eq!(twin["private"]["accuracy"], 1.0, "{twin}");
    assert_eq!(twin["public"]["accuracy"], 1.0, "{twin}");
    assert_eq!(twin["correct"], key.len(), "the whole card is shown at the reveal: {twin}");

    // The submission page says what each part is, in both languages.
    for lang in [Lang::En, Lang::Ar] {
        let html = app.get(&lang.href(&format!("/submissions/{}", ids[0]))).await.body;
        let words = if lang == Lang::En { "Private part" } else { "القسم الخاص" };
        assert!(html.contains(words) && html.contains("id=\"parts\""), "{lang:?}: {html}");
    }
    app.finish().await;
}

/// `keys import --held-out` splits the key (30% public by default, or
/// `--public-share`), says so, and refuses a share out of range or one
/// given without `--held-out`, storing nothing.
async fn keys_import_splits_a_held_out_key(backend: Backend) {
    let Some(db) = crate::harness::scratch_database(backend).await else { return };
    let files = crate::cli::Files::new();
    let key = files.write("held.csv", app::domain::synthetic::synthetic_key(400, 9).csv);
    let key = key.to_str().unwrap();
    let run = |args: &[&str]| crate::cli::medarabench(args, Some(&db.url));
    for (args, reason) in [
        (vec!["keys", "import", key, "--held-out", "--public-share", "1.5"], "between 0 and 1"),
        (vec!["keys", "import", key, "--public-share", "0.3"], "--held-out"),
    ] {
        let out = run(&args);
        assert!(!out.status.success() && crate::cli::stderr(&out).contains(reason), "{}", crate::cli::stderr(&out));
    }
    let out = run(&["keys", "import", key, "--held-out", "--public-share", "0.25", "--name", "phase-2", "--json"]);
    assert!(out.status.success(), "{}", crate::cli::stderr(&out));
    let stored = &crate::cli::stdout_json(&out)["stored"];
    assert_eq!(stored["public_share"], 0.25, "{stored}");
    assert_eq!(stored["exposure"], "held-out");
    assert!(crate::cli::stderr(&out).contains("public part (25%"), "{}", crate::cli::stderr(&out));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("split_"), "the seed is never printed");
    db.finish().await;
}

/// `PATCH` with `final`: a team chooses at most two submissions of a model
/// to count at the reveal (the board then ranks the better of them, by the
/// private part; with none chosen, the latest), until the reveal fixes it.
async fn a_team_chooses_what_counts_in_the_final_standing(backend: Backend) {
    use crate::edits::patch;
    let Some(app) = TestApp::start_with_quota(backend, 20).await else { return };
    let (key, part) = split_key(&app, "phase-final").await;
    let token = app.team_with_token("Choosers", "c@final.example").await;
    let mut ids = Vec::new();
    // Right on the private part only; on half the questions; on none (the latest).
    for file in [
        answers(&key, &part, |_, public| !public),
        answers(&key, &part, |i, _| i % 2 == 0),
        answers(&key, &part, |_, _| false),
    ] {
        let resp = app.upload_raw(&token, "model_name=Chooser-1", file).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
        assert_eq!(resp.json()["final"], false);
        ids.push(resp.json()["id"].as_str().unwrap().to_owned());
    }
    for id in &ids[..2] {
        let resp = patch(&app, &token, id, serde_json::json!({"final": true})).await;
        assert_eq!(resp.status, StatusCode::OK, "{}", resp.body);
        assert_eq!(resp.json()["final"], true);
    }
    let third = patch(&app, &token, &ids[2], serde_json::json!({"final": true})).await;
    assert_eq!(third.status, StatusCode::CONFLICT, "{}", third.body);
    assert_eq!(third.json()["error"]["code"], "too_many_final");
    let bad = patch(&app, &token, &ids[2], serde_json::json!({"final": "perhaps"})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
    assert_eq!(bad.json()["error"]["code"], "invalid_final");
    // The page's form does the same for a signed-in member.
    let cookie = app.signin("c@final.example").await;
    let page = app.get_with_cookie(&format!("/submissions/{}", ids[1]), &cookie).await.body;
    assert!(page.contains("id=\"final-form\"") && page.contains("Stop counting"), "{page}");
    let form = app.post_form(&format!("/submissions/{}/final", ids[1]), &[("final", "false")], Some(&cookie)).await;
    assert_eq!(form.status, StatusCode::SEE_OTHER, "{}", form.body);
    let unchosen = app.get(&format!("/api/v1/submissions/{}", ids[1])).await.json();
    assert_eq!(unchosen["final"], false, "{unchosen}");
    let again = patch(&app, &token, &ids[1], serde_json::json!({"final": true})).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    // Before the reveal the board shows the model's latest.
    let rows = verified_rows(&app).await;
    assert_eq!(rows[0]["submission_id"], ids[2].as_str(), "{rows:?}");

    app::db::keys::reveal(&app.state.db, "phase-final", None).await.unwrap();
    let rows = verified_rows(&app).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["submission_id"], ids[0].as_str(), "the better chosen one, by the private part: {rows:?}");
    assert_eq!(rows[0]["private"]["accuracy"], 1.0);
    let late = patch(&app, &token, &ids[1], serde_json::json!({"final": false})).await;
    assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.body);
    assert_eq!(late.json()["error"]["code"], "final_key_public");
    app.finish().await;
}
