//! Uploads of many teams at once, each stored in a transaction of its own
//! (`db::submissions::insert_within_quota`): each team's quota and repeats
//! hold however the uploads interleave, an upload whose statement fails
//! fails alone, and the one statement that reads what the admission rules
//! need is served by indexes.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use sqlx::Connection;

use crate::harness::{Backend, Response, TestApp, postgres_plan};
use crate::on_both_backends;

on_both_backends!(teams_uploading_at_once_each_keep_their_quota_and_repeats);

/// Teams' tokens, registered one after the other, with their ids.
async fn teams(app: &TestApp, n: usize, prefix: &str) -> Vec<(i64, String)> {
    let mut teams = Vec::new();
    for t in 0..n {
        let name = format!("{prefix}{t}");
        let token = app.team_with_token(&name, &format!("{}@batch.example", name.to_lowercase())).await;
        let id: i64 = sqlx::query_scalar("SELECT id FROM teams WHERE name = $1")
            .bind(&name)
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
        teams.push((id, token));
    }
    teams
}

/// The public ids of a team's stored submissions.
async fn stored_of(app: &TestApp, team_id: i64) -> Vec<String> {
    sqlx::query_scalar("SELECT public_id FROM submissions WHERE team_id = $1 ORDER BY id")
        .bind(team_id)
        .fetch_all(app.state.db.pool())
        .await
        .unwrap()
}

async fn teams_uploading_at_once_each_keep_their_quota_and_repeats(backend: Backend) {
    let Some(app) = TestApp::start_with_quota(backend, 2).await else { return };
    let teams = teams(&app, 6, "Batch").await;
    let app = Arc::new(app);
    let mut set = tokio::task::JoinSet::new();
    // Each team sends four different uploads and one of them twice, all at once.
    for (t, (team_id, token)) in teams.iter().enumerate() {
        for (i, seed) in [1, 2, 3, 4, 1].into_iter().enumerate() {
            let (app, token, team_id) = (app.clone(), token.clone(), *team_id);
            let file = TestApp::demo_predictions(0.5, (t * 10 + seed) as u64);
            set.spawn(async move { (team_id, i, app.upload_raw(&token, &format!("model_name=m{seed}"), file).await) });
        }
    }
    let answers: Vec<(i64, usize, Response)> = set.join_all().await;
    for (team_id, _) in &teams {
        let stored = stored_of(&app, *team_id).await;
        let mine: Vec<&Response> = answers.iter().filter(|(t, _, _)| t == team_id).map(|(_, _, r)| r).collect();
        let created: Vec<String> = mine
            .iter()
            .filter(|r| r.status == StatusCode::CREATED)
            .map(|r| r.json()["id"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(created.len(), 2, "a quota of 2: {:?}", mine.iter().map(|r| r.status).collect::<Vec<_>>());
        assert_eq!(stored, created, "what was answered 201 is what is stored, no more");
        for r in &mine {
            match r.status {
                StatusCode::CREATED => {}
                StatusCode::TOO_MANY_REQUESTS => assert!(r.body.contains("quota"), "{}", r.body),
                // A repeat answers with the first, which was stored.
                StatusCode::OK => {
                    let first = r.json()["id"].as_str().unwrap().to_owned();
                    assert!(stored.contains(&first), "repeat of {first}, stored: {stored:?}");
                }
                other => panic!("unexpected {other}: {}", r.body),
            }
        }
        let counted: i64 = sqlx::query_scalar("SELECT uploads_total FROM teams WHERE id = $1")
            .bind(team_id)
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
        assert_eq!(counted, 2, "the team's count agrees with its stored uploads");
    }
    let app = Arc::into_inner(app).expect("all tasks done");
    app.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_upload_fails_alone_and_the_others_are_stored() {
    let Some(app) = TestApp::start(Backend::Postgres).await else { return };
    let teams = teams(&app, 6, "Poison").await;
    // One upload's insert fails in the database (as a statement may, for a
    // reason of that upload alone).
    sqlx::raw_sql(
        "CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF NEW.model_name = 'poison' THEN RAISE EXCEPTION 'poisoned upload'; END IF;
           RETURN NEW;
         END $$;
         CREATE TRIGGER refuse_poison BEFORE INSERT ON submissions FOR EACH ROW EXECUTE FUNCTION refuse_poison();",
    )
    .execute(app.state.db.pool())
    .await
    .unwrap();

    // The first team's lock is held elsewhere, so that its upload waits
    // while the others are stored beside it.
    let mut blocker = sqlx::AnyConnection::connect(app.database_url()).await.unwrap();
    let (first_team, first_token) = teams[0].clone();
    sqlx::raw_sql(&format!("BEGIN; SELECT pg_advisory_xact_lock({}, {first_team})", app::db::TEAM_LOCKS))
        .execute(&mut blocker)
        .await
        .unwrap();
    let app = Arc::new(app);
    let mut set = tokio::task::JoinSet::new();
    let upload = |set: &mut tokio::task::JoinSet<_>, t: usize, token: String, model: &str| {
        let (app, query) = (app.clone(), format!("model_name={model}"));
        set.spawn(async move { (t, app.upload_raw(&token, &query, TestApp::demo_predictions(0.6, t as u64)).await) });
    };
    upload(&mut set, 0, first_token, "first");
    let mut watcher = sqlx::AnyConnection::connect(app.database_url()).await.unwrap();
    let mut waiting = 0;
    for _ in 0..300 {
        waiting = sqlx::query_scalar("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
            .fetch_one(&mut watcher)
            .await
            .unwrap();
        if waiting > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(waiting, 1, "the first upload waits for its team's lock");
    for (t, (_, token)) in teams.iter().enumerate().skip(1) {
        upload(&mut set, t, token.clone(), if t == 3 { "poison" } else { "fine" });
    }
    // Time for the five to be scored and stored (nothing shows it from
    // outside); then the first upload goes on.
    tokio::time::sleep(Duration::from_secs(1)).await;
    sqlx::raw_sql("COMMIT").execute(&mut blocker).await.unwrap();

    let mut answers: Vec<(usize, Response)> = set.join_all().await;
    answers.sort_by_key(|(t, _)| *t);
    for (t, resp) in &answers {
        if *t == 3 {
            assert!(resp.status.is_server_error(), "the poisoned upload fails: {} {}", resp.status, resp.body);
        } else {
            assert_eq!(resp.status, StatusCode::CREATED, "team {t}: {}", resp.body);
        }
    }
    for (t, (team_id, _)) in teams.iter().enumerate() {
        assert_eq!(stored_of(&app, *team_id).await.len(), usize::from(t != 3), "team {t}");
    }
    let poisoned: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE event = 'submission_accepted'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(poisoned, 5, "each stored upload is logged once, the failed one not at all");
    watcher.close().await.unwrap();
    blocker.close().await.unwrap();
    let app = Arc::into_inner(app).expect("all tasks done");
    app.finish().await;
}

/// The admission statement (`db::submissions::ADMISSION`) finds the
/// team, its earlier upload with the same `Idempotency-Key`, its repeat
/// and its Ladder best through indexes: with thousands of submissions and
/// teams, no upload reads a whole table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_admission_reads_indexes_not_whole_tables() {
    let Some(app) = TestApp::start(Backend::Postgres).await else { return };
    let teams = teams(&app, 3, "Planned").await;
    for (t, (_, token)) in teams.iter().enumerate() {
        let file = TestApp::demo_predictions(0.6, t as u64);
        assert_eq!(app.upload_raw(token, "model_name=m", file).await.status, StatusCode::CREATED);
    }
    let pool = app.state.db.pool();
    // 3,000 more uploads, a third of them with an Idempotency-Key, and as
    // many more teams.
    sqlx::raw_sql(
        "INSERT INTO submissions (public_id, team_id, key_id, benchmark, model_name, file_sha256, file_format,
                created_at, utc_day, accuracy, correct, total, ci_low, ci_high, missing, unparsed, ignored,
                scorecard_json, correctness, idempotency_key)
         SELECT public_id || '-' || g, team_id, key_id, benchmark, 'M-' || g, file_sha256, file_format,
                created_at, utc_day, accuracy, correct, total, ci_low, ci_high, missing, unparsed, ignored,
                scorecard_json, correctness, CASE WHEN g % 3 = 0 THEN 'key-' || g END
           FROM submissions, generate_series(1, 1000) AS g;
         INSERT INTO teams (name, name_key, created_at) SELECT 'Filler ' || g, 'filler ' || g, 0 FROM generate_series(1, 3000) AS g;
         ANALYZE submissions; ANALYZE teams;",
    )
    .execute(pool)
    .await
    .unwrap();
    let (team_id, key_id): (i64, i64) =
        sqlx::query_as("SELECT team_id, key_id FROM submissions LIMIT 1").fetch_one(pool).await.unwrap();
    let mut conn = pool.acquire().await.unwrap();
    let admission = app::db::submissions::ADMISSION.as_str();
    let types = "bigint, text, text, text, text, bigint, bigint, text, bigint, text";
    let args = format!("{team_id}, '2026-12-03', '00', 'm', 'medarabench', 0, 3, 'key-3', {key_id}, 'client'");
    let plan = postgres_plan(&mut conn, types, admission, &args).await;
    for table in ["submissions", "teams"] {
        assert!(!plan.contains(&format!("Seq Scan on {table}")), "{table} read whole:\n{plan}");
    }
    assert!(plan.contains("submissions_idempotency"), "the earlier upload is found by its key's index:\n{plan}");
    drop(conn);
    app.finish().await;
}
