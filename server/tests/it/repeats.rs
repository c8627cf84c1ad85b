//! Repeat uploads: the same file for the same model from the same team
//! within 24 hours, or a repeated `Idempotency-Key`, answers 200 with the
//! first submission, stores no second row and uses no quota, even when the
//! copies arrive at the same moment; the web form goes to the first too.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};

use crate::harness::{Backend, Response, TestApp, postgres_plan, session_from};
use crate::on_both_backends;

on_both_backends!(
    the_same_file_for_the_same_model_is_stored_once,
    idempotency_keys_return_the_first_submission,
    simultaneous_repeats_store_one_row,
    a_repeat_from_the_web_form_goes_to_the_first_submission,
    the_look_for_a_repeat_reads_only_uploads_of_the_same_model,
);

async fn upload(app: &TestApp, token: &str, model: &str, file: &str, key: Option<&str>) -> Response {
    let mut req = Request::post(format!("/api/v1/submissions?model_name={model}"))
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "text/csv");
    if let Some(k) = key {
        req = req.header("idempotency-key", k);
    }
    app.request(req.body(Body::from(file.to_owned())).unwrap()).await
}

fn daily_remaining(resp: &Response) -> i64 {
    resp.json()["quota"]["daily_remaining"].as_i64().unwrap()
}

async fn the_same_file_for_the_same_model_is_stored_once(backend: Backend) {
    let Some(app) = TestApp::start_with(backend, |c| c.daily_quota = 3).await else { return };
    let token = app.team_with_token("Repeaters", "r@repeat.example").await;
    let file = TestApp::demo_predictions(0.6, 1);
    let first = upload(&app, &token, "M-1", &file, None).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    assert_eq!(first.json()["repeat"], false);
    let id = first.json()["id"].as_str().unwrap().to_owned();

    let again = upload(&app, &token, "M-1", &file, None).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert_eq!(again.json()["id"], id.as_str(), "the first submission");
    assert_eq!(again.json()["repeat"], true);
    assert_eq!(again.json()["accuracy"], first.json()["accuracy"]);
    assert_eq!(daily_remaining(&again), daily_remaining(&first), "no quota used");
    assert_eq!(app.submission_count().await, 1);

    // Another model, or another file: new submissions.
    assert_eq!(upload(&app, &token, "M-2", &file, None).await.status, StatusCode::CREATED);
    let other_file = TestApp::demo_predictions(0.6, 2);
    assert_eq!(upload(&app, &token, "M-1", &other_file, None).await.status, StatusCode::CREATED);
    assert_eq!(app.submission_count().await, 3);

    // The quota is spent, but a repeat still answers with the first.
    let refused = upload(&app, &token, "M-3", &file, None).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    let repeat = upload(&app, &token, "M-1", &file, None).await;
    assert_eq!((repeat.status, repeat.json()["id"].as_str()), (StatusCode::OK, Some(id.as_str())));

    // Another team's identical upload is its own.
    let other = app.team_with_token("Others", "o@repeat.example").await;
    assert_eq!(upload(&app, &other, "M-1", &file, None).await.status, StatusCode::CREATED);

    // After 24 hours the same file is a new submission.
    sqlx::query("UPDATE submissions SET created_at = created_at - 86401").execute(app.state.db.pool()).await.unwrap();
    sqlx::query("UPDATE teams SET daily_quota = 10").execute(app.state.db.pool()).await.unwrap();
    let later = upload(&app, &token, "M-1", &file, None).await;
    assert_eq!(later.status, StatusCode::CREATED, "{}", later.body);
    assert_ne!(later.json()["id"], id.as_str());
    app.finish().await;
}

async fn idempotency_keys_return_the_first_submission(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Retriers", "r@retry.example").await;
    let file = TestApp::demo_predictions(0.55, 3);
    let first = upload(&app, &token, "K-1", &file, Some("retry-7f3a")).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    let id = first.json()["id"].as_str().unwrap().to_owned();
    let again = upload(&app, &token, "K-1", &file, Some("retry-7f3a")).await;
    assert_eq!((again.status, again.json()["id"].as_str()), (StatusCode::OK, Some(id.as_str())));

    // The key names one upload: sent again with another file, it is refused.
    let other_file = TestApp::demo_predictions(0.55, 4);
    let reused = upload(&app, &token, "K-1", &other_file, Some("retry-7f3a")).await;
    assert_eq!(reused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reused.body);
    assert_eq!(reused.json()["error"]["code"], "idempotency_key_reused");
    assert!(reused.json()["error"]["message"].as_str().unwrap().contains(&id));
    // Keys are per team; a bad key is refused before anything is read.
    let other = app.team_with_token("Other retriers", "o@retry.example").await;
    assert_eq!(upload(&app, &other, "K-1", &file, Some("retry-7f3a")).await.status, StatusCode::CREATED);
    let bad = upload(&app, &token, "K-9", &other_file, Some("tab\there")).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.json()["error"]["code"], "invalid_idempotency_key");
    assert_eq!(app.submission_count().await, 2);
    // A key outlives the 24-hour window of the same-file rule.
    sqlx::query("UPDATE submissions SET created_at = created_at - 90000").execute(app.state.db.pool()).await.unwrap();
    let late = upload(&app, &token, "K-1", &file, Some("retry-7f3a")).await;
    assert_eq!((late.status, late.json()["id"].as_str()), (StatusCode::OK, Some(id.as_str())));
    app.finish().await;
}

/// A double click or a client's retry while the first request is still
/// being scored: the copies race, and exactly one row is stored.
async fn simultaneous_repeats_store_one_row(backend: Backend) {
    let Some(app) = TestApp::start_with(backend, |c| c.daily_quota = 20).await else { return };
    let token = app.team_with_token("Clickers", "c@click.example").await;
    let file = Arc::new(TestApp::demo_predictions(0.6, 5));
    let app = Arc::new(app);
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let (app, token, file) = (app.clone(), token.clone(), file.clone());
            // Half send an Idempotency-Key, half only the same file.
            let key = (i % 2 == 0).then_some("click-1");
            tokio::spawn(async move {
                let resp = upload(&app, &token, "Clicked", &file, key).await;
                (resp.status, resp.json()["id"].as_str().map(str::to_owned))
            })
        })
        .collect();
    let mut ids = std::collections::BTreeSet::new();
    let mut created = 0;
    for t in tasks {
        let (status, id) = t.await.unwrap();
        assert!(matches!(status, StatusCode::CREATED | StatusCode::OK), "{status}");
        created += usize::from(status == StatusCode::CREATED);
        ids.insert(id.unwrap());
    }
    assert_eq!((created, ids.len()), (1, 1), "one submission, returned to every copy");
    assert_eq!(app.submission_count().await, 1);
    let app = Arc::into_inner(app).expect("all tasks done");
    app.finish().await;
}

async fn a_repeat_from_the_web_form_goes_to_the_first_submission(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let reg = app
        .post_form(
            "/auth/register",
            &[("name", "Formers"), ("email", "f@form.example"), ("password", crate::harness::PASSWORD)],
            None,
        )
        .await;
    let cookie = session_from(&reg).unwrap();
    let file = TestApp::demo_predictions(0.6, 6);
    let mut locations = Vec::new();
    for _ in 0..2 {
        let resp = app.upload_form(&cookie, &[("lang", "en"), ("model_name", "Form-1")], &file, false).await;
        assert_eq!(resp.status, StatusCode::SEE_OTHER);
        locations.push(resp.headers["location"].to_str().unwrap().to_owned());
    }
    assert!(locations[0].starts_with("/submissions/"), "{locations:?}");
    assert_eq!(locations[0], locations[1], "the second click goes to the first submission");
    assert_eq!(app.submission_count().await, 1);
    app.finish().await;
}

/// The look for an earlier upload of the same file (in
/// `db::submissions::ADMISSION`, read in every upload's transaction) finds
/// it in an index by the team, the file, the model and the benchmark, so a
/// team sending one file under many model names does not make each upload
/// slower than the last.
async fn the_look_for_a_repeat_reads_only_uploads_of_the_same_model(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Sweepers", "s@sweep.example").await;
    let file = TestApp::demo_predictions(0.6, 1);
    assert_eq!(upload(&app, &token, "M-0", &file, None).await.status, StatusCode::CREATED);
    let pool = app.state.db.pool();
    // The same file under 3,000 more model names.
    sqlx::query(
        "INSERT INTO submissions (public_id, team_id, key_id, benchmark, model_name, file_sha256, file_format,
                created_at, utc_day, accuracy, correct, total, ci_low, ci_high, missing, unparsed, ignored,
                scorecard_json, correctness)
         SELECT public_id || '-' || g, team_id, key_id, benchmark, 'M-' || g, file_sha256, file_format,
                created_at, utc_day, accuracy, correct, total, ci_low, ci_high, missing, unparsed, ignored,
                scorecard_json, correctness
           FROM submissions, (WITH RECURSIVE n(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM n WHERE g < 3000)
                              SELECT g FROM n) AS series",
    )
    .execute(pool)
    .await
    .unwrap();
    let (team, sha): (i64, String) =
        sqlx::query_as("SELECT team_id, file_sha256 FROM submissions LIMIT 1").fetch_one(pool).await.unwrap();
    let key_id: i64 = sqlx::query_scalar("SELECT key_id FROM submissions LIMIT 1").fetch_one(pool).await.unwrap();
    let admission = app::db::submissions::ADMISSION.as_str();
    let plan = match backend {
        Backend::Sqlite => {
            let rows: Vec<(i64, i64, i64, String)> = sqlx::query_as(&format!("EXPLAIN QUERY PLAN {admission}"))
                .bind(team)
                .bind("")
                .bind(&sha)
                .bind("M-7")
                .bind("medarabench")
                .bind(0_i64)
                .bind(0_i64)
                .bind(None::<String>)
                .bind(key_id)
                .bind(None::<String>)
                .fetch_all(pool)
                .await
                .unwrap();
            rows.into_iter().map(|r| r.3).collect::<Vec<_>>()
        }
        Backend::Postgres => {
            let mut conn = pool.acquire().await.unwrap();
            sqlx::query("ANALYZE submissions").execute(&mut *conn).await.unwrap();
            let types = "bigint, text, text, text, text, bigint, bigint, text, bigint, text";
            let args = format!("{team}, '', '{sha}', 'M-7', 'medarabench', 0, 0, NULL, {key_id}, NULL");
            vec![postgres_plan(&mut conn, types, admission, &args).await]
        }
    };
    let plan = plan.join("\n");
    // The file and the model are both conditions of the index's search,
    // not filters on the entries or rows it found.
    let searched = match backend {
        Backend::Sqlite => plan.contains("file_sha256=? AND model_name=?"),
        Backend::Postgres => {
            plan.lines().any(|l| l.contains("Index Cond") && l.contains("file_sha256") && l.contains("model_name"))
        }
    };
    assert!(searched, "{plan}");
    app.finish().await;
}
