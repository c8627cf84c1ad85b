//! The board kept in the database (issue 38): its rows stored, each
//! version made once in all, by whichever process asks first, from the
//! changes since the last; always the complete board of one moment; equal
//! to one made from scratch after a run of uploads, edits, withdrawals and
//! a key's re-scoring.

use app::domain::synthetic::{synthetic_key, synthetic_predictions, with_answers};
use app::domain::{Benchmark, parse_key};
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::cli::{Files, medarabench, s, stderr};
use crate::edits::patch;
use crate::flags::near_copy;
use crate::harness::{Backend, TestApp};
use crate::on_both_backends;
use app::domain::exposure::Exposure;

on_both_backends!(
    a_version_is_made_once_across_processes,
    a_board_is_one_moment,
    the_kept_board_is_one_made_afresh,
    a_flag_names_what_may_be_opened_on_a_board_made_from_changes,
    a_version_rewrites_only_the_rows_it_changed,
);

/// Each process's versions made whole and made from the changes so far.
fn counts(app: &TestApp) -> (u64, u64) {
    app::db::board::made(&app.state.db)
}

/// Forgets the stored board, as a database from before it holds none.
async fn forget_stored_board(app: &TestApp) {
    sqlx::query("UPDATE board_state SET build = NULL, version = NULL").execute(app.state.db.pool()).await.unwrap();
}

async fn a_version_is_made_once_across_processes(backend: Backend) {
    let Some(first) = TestApp::start(backend).await else { return };
    let second = first.second_process().await;
    let third = first.second_process().await;
    let token = first.team_with_token("Once Lab", "once@lab.example").await;
    // Each version asked for first by another process, then by the first
    // again once every process has made one board of its own.
    for (i, app) in [&first, &second, &third, &first].into_iter().enumerate() {
        let resp =
            first.upload_raw(&token, &format!("model_name=Once-{i}"), TestApp::demo_predictions(0.5, i as u64)).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
        let before: Vec<(u64, u64)> = [&first, &second, &third].map(counts).to_vec();
        // Every process reads the new version, the one that asks first too.
        let boards = [app.get("/api/v1/leaderboard").await.json(), first.get("/api/v1/leaderboard").await.json()];
        let others = [&first, &second, &third].map(|a| a.get("/api/v1/leaderboard"));
        let mut read = Vec::new();
        for other in others {
            read.push(other.await.json());
        }
        for board in boards.iter().chain(&read) {
            assert_eq!(board["rows"], read[0]["rows"], "one board");
            assert!(board["rows"].as_array().unwrap().iter().any(|r| r["model"] == format!("Once-{i}")));
        }
        let after: Vec<(u64, u64)> = [&first, &second, &third].map(counts).to_vec();
        let whole: u64 = after.iter().zip(&before).map(|(a, b)| a.0 - b.0).sum();
        let changes: u64 = after.iter().zip(&before).map(|(a, b)| a.1 - b.1).sum();
        // Made once in all, by the process that asked first, and read by
        // the others: whole the first time (no board was stored), then
        // from the changes (the stored rows of one team grouped again).
        let expected = if i == 0 { (1, 0) } else { (0, 1) };
        assert_eq!((whole, changes), expected, "version {i}: made whole, from changes, in all");
        let maker = [&first, &second, &third].iter().position(|a| std::ptr::eq(*a, app)).unwrap();
        let by_maker = (after[maker].0 - before[maker].0, after[maker].1 - before[maker].1);
        assert_eq!(by_maker, expected, "version {i}: made by the process asked first");
    }
    third.finish().await;
    second.finish().await;
    first.finish().await;
}

/// Two rows of two teams changed together, again and again, in one
/// transaction each that moves the version twice (once for each team):
/// every board read, from the process that made it or from one that
/// loaded it, shows both rows at the value of the change its version
/// names.
async fn a_board_is_one_moment(backend: Backend) {
    let Some(first) = TestApp::start(backend).await else { return };
    let second = first.second_process().await;
    let (good, weak) = crate::board::with_submissions(&first).await;
    // Change `i`: both rows at 0.2 + i/1000, the version moved once.
    let change = |db: app::services::Db, i: i64, good: String, weak: String| async move {
        let mut tx = db.writer().begin().await.unwrap();
        sqlx::query("UPDATE submissions SET accuracy = $1 WHERE public_id = $2 OR public_id = $3")
            .bind(0.2 + i as f64 / 1000.0)
            .bind(&good)
            .bind(&weak)
            .execute(&mut *tx)
            .await
            .unwrap();
        let teams: Vec<i64> =
            sqlx::query_scalar("SELECT team_id FROM submissions WHERE public_id = $1 OR public_id = $2")
                .bind(&good)
                .bind(&weak)
                .fetch_all(&mut *tx)
                .await
                .unwrap();
        assert_eq!(teams.len(), 2, "two teams' rows");
        for team in teams {
            app::db::board::bump_version(&mut tx, team).await.unwrap();
        }
        tx.commit().await.unwrap();
    };
    change(first.state.db.clone(), 0, good.clone(), weak.clone()).await;
    let base: i64 = app::db::board::version(&first.state.db).await.unwrap().parse().unwrap();
    let value = |version: i64| 0.2 + (version - base) as f64 / 2.0 / 1000.0;
    // Changes go on until boards of this many versions were read.
    const VERSIONS_READ: usize = 6;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let db = first.state.db.clone();
    let stopped = stop.clone();
    let writer = tokio::spawn(async move {
        let mut i = 0;
        while !stopped.load(std::sync::atomic::Ordering::SeqCst) && i < 1000 {
            i += 1;
            change(db.clone(), i, good.clone(), weak.clone()).await;
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        i
    });
    let mut seen = std::collections::BTreeSet::new();
    while !writer.is_finished() {
        for app in [&first, &second] {
            let board = app.get("/api/v1/leaderboard").await.json();
            let version: i64 = board["board_version"].as_str().unwrap().parse().unwrap();
            let shown: Vec<f64> = board["rows"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|r| r["source"] == "verified")
                .map(|r| r["accuracy"].as_f64().unwrap())
                .collect();
            assert_eq!(shown.len(), 2, "{board}");
            for accuracy in shown {
                assert!((accuracy - value(version)).abs() < 1e-9, "version {version} shows {accuracy}: a mix");
            }
            seen.insert(version);
        }
        if seen.len() >= VERSIONS_READ {
            stop.store(true, std::sync::atomic::Ordering::SeqCst);
        }
    }
    let changes = writer.await.unwrap();
    assert!(seen.len() >= VERSIONS_READ, "boards of several versions were read: {seen:?}");
    let last = second.get("/api/v1/leaderboard").await.json();
    assert_eq!(last["board_version"], (base + 2 * changes).to_string());
    second.finish().await;
    first.finish().await;
}

async fn the_kept_board_is_one_made_afresh(backend: Backend) {
    let Some(app) = TestApp::start_with(backend, |c| {
        c.daily_quota = 100;
        c.writes_per_minute = 10_000;
    })
    .await
    else {
        return;
    };
    let url = app.database_url().to_owned();
    let files = Files::new();
    let key_csv = synthetic_key(300, 8).csv;
    let key = parse_key(Benchmark::MedAraBench, key_csv.as_bytes()).unwrap().key;
    let out = medarabench(&["keys", "import", s(&files.write("v1.csv", &key_csv)), "--name", "base"], Some(&url));
    assert!(out.status.success(), "{}", stderr(&out));

    // Uploads by three teams on `base`.
    let mut ids = Vec::new();
    for (t, team) in ["Alpha", "Beta", "Gamma"].iter().enumerate() {
        let token = app.team_with_token(team, &format!("lead@{}.example", team.to_lowercase())).await;
        for m in 0..3 {
            let seed = (t * 10 + m) as u64;
            let file = synthetic_predictions(&key, 0.3 + seed as f64 / 60.0, seed);
            let resp = app.upload_raw(&token, &format!("model_name={team}-{m}"), file).await;
            assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
            ids.push((token.clone(), resp.json()["id"].as_str().unwrap().to_owned()));
            // Each version made from the one before.
            app.get("/api/v1/leaderboard").await;
        }
    }
    // An edit, a withdrawal, a submission made private.
    let (token, id) = &ids[0];
    assert_eq!(patch(&app, token, id, json!({"model_params": "9B"})).await.status, StatusCode::OK);
    let (token, id) = &ids[4];
    let withdrawn = app
        .request(
            axum::http::Request::delete(format!("/api/v1/submissions/{id}"))
                .header("authorization", format!("Bearer {token}"))
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    assert!(withdrawn.status.is_success(), "{}", withdrawn.body);
    let (token, id) = &ids[7];
    assert_eq!(patch(&app, token, id, json!({"visibility": "private"})).await.status, StatusCode::OK);
    let before_rescore = app.get("/api/v1/leaderboard").await.json();
    assert!(counts(&app).1 >= 9, "made from the changes, not whole");
    assert_eq!(counts(&app).0, 1, "made whole once, at the start");
    // The board made from the changes is the one made from scratch.
    forget_stored_board(&app).await;
    let afresh = app.second_process().await;
    assert_eq!(afresh.get("/api/v1/leaderboard").await.json(), before_rescore, "from changes = from scratch");
    afresh.finish().await;

    // The key corrected: every submission on it scored again.
    let changes = key.items().iter().step_by(29).take(9).map(|it| (it.id.get(), "A".to_owned())).collect();
    let v2 = files.write("v2.csv", with_answers(&key_csv, &changes));
    let out = medarabench(&["keys", "import", s(&v2), "--supersedes", "base"], Some(&url));
    assert!(out.status.success(), "{}", stderr(&out));

    let served = app.get("/api/v1/leaderboard").await.json();
    assert_ne!(served["rows"], before_rescore["rows"], "the re-scoring moved the board");
    // Another process reads the stored board...
    let loading = app.second_process().await;
    assert_eq!(loading.get("/api/v1/leaderboard").await.json(), served);
    assert_eq!(counts(&loading), (0, 0), "read, not made");
    // ...and one on a database whose stored board is gone makes the same.
    forget_stored_board(&app).await;
    let afresh = app.second_process().await;
    let made: Value = afresh.get("/api/v1/leaderboard").await.json();
    assert_eq!(counts(&afresh), (1, 0), "made from scratch");
    assert_eq!(made, served, "the board kept through the run is the one made from scratch");
    afresh.finish().await;
    loading.finish().await;
    app.finish().await;
}

/// A near-duplicate flag on one team's row names another team's
/// submission only while anyone may open it: when the other team
/// withdraws it, the flagged row (of a team that changed nothing) stops
/// naming it on the board made from the changes, as on one made afresh.
async fn a_flag_names_what_may_be_opened_on_a_board_made_from_changes(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let key = app.store_synthetic_key("near-key", &synthetic_key(1_600, 11).csv, Exposure::Public, None).await;
    let original_file = synthetic_predictions(&key, 0.6, 5);
    let a = app.team_with_token("Original", "o@orig.example").await;
    let resp = app.upload_raw(&a, "model_name=Orig-7B", original_file.clone()).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let original = resp.json()["id"].as_str().unwrap().to_owned();
    let b = app.team_with_token("Borrowers", "b@borrow.example").await;
    let resp = app.upload_raw(&b, "model_name=Borrowed-7B", near_copy(&original_file, 200)).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let flags = |board: &Value| {
        let rows = board["rows"].as_array().unwrap();
        rows.iter().find(|r| r["model"] == "Borrowed-7B").expect("the flagged row")["flags"].to_string()
    };
    let board = app.get("/api/v1/leaderboard").await.json();
    assert!(flags(&board).contains(&original), "names the original: {}", flags(&board));

    let made = counts(&app).1;
    let withdrawn = app
        .request(
            axum::http::Request::delete(format!("/api/v1/submissions/{original}"))
                .header("authorization", format!("Bearer {a}"))
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    assert!(withdrawn.status.is_success(), "{}", withdrawn.body);
    let board = app.get("/api/v1/leaderboard").await.json();
    assert!(counts(&app).1 > made, "made from the changes");
    assert!(flags(&board).contains("near_duplicate"), "still flagged: {}", flags(&board));
    assert!(!flags(&board).contains(&original), "no longer named: {}", flags(&board));

    forget_stored_board(&app).await;
    let afresh = app.second_process().await;
    assert_eq!(afresh.get("/api/v1/leaderboard").await.json(), board, "from changes = from scratch");
    afresh.finish().await;
    app.finish().await;
}

/// The stored rows of one generation, with their rank ranges.
async fn stored_rows(app: &TestApp) -> (i64, Vec<(i64, Vec<u8>, String, Option<i64>)>) {
    let db = app.state.db.pool();
    let generation: i64 = sqlx::query_scalar("SELECT gen FROM board_state WHERE id = 1").fetch_one(db).await.unwrap();
    let rows = sqlx::query_as("SELECT team_id, ord, body, rank_best FROM board_rows WHERE gen = $1 ORDER BY ord")
        .bind(generation)
        .fetch_all(db)
        .await
        .unwrap();
    (generation, rows)
}

/// A version made from the changes writes the changed team's rows and
/// the rank ranges that moved, in the same generation: every other row
/// stays as it was stored.
async fn a_version_rewrites_only_the_rows_it_changed(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (good, _weak) = crate::board::with_submissions(&app).await;
    // More rows than are ranked: the last ones carry no rank.
    crate::board_page::clone_submission(&app, &good, 300).await;
    app.get("/api/v1/leaderboard?limit=1").await;
    // A request may be answered from a board the background task has
    // stored but not counted yet: catching up waits for that task.
    app::db::board::catch_up(&app.state.db).await.unwrap();
    let (generation, before) = stored_rows(&app).await;
    let made = counts(&app);
    // A new team's row far below the ranked set's cut.
    let token = app.team_with_token("Share Lab", "share@lab.example").await;
    let resp = app.upload_raw(&token, "model_name=Share-1", TestApp::demo_predictions(0.05, 7)).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    app::db::board::catch_up(&app.state.db).await.unwrap();
    assert_eq!(counts(&app), (made.0, made.1 + 1), "made from the changes");
    let (same_generation, after) = stored_rows(&app).await;
    assert_eq!(same_generation, generation, "not written whole again");
    let team: i64 = sqlx::query_scalar("SELECT id FROM teams WHERE name = 'Share Lab'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    let others: Vec<_> = after.iter().filter(|r| r.0 != team).cloned().collect();
    assert_eq!(others, before, "every other row as stored, ranks too (the new row is below the cut)");
    let new: Vec<_> = after.iter().filter(|r| r.0 == team).collect();
    assert_eq!(new.len(), 1, "the new team's one row");
    assert!(new[0].2.contains("Share-1") && new[0].3.is_none(), "unranked: {}", new[0].2);
    assert!(before.iter().filter(|r| r.3.is_some()).count() >= 150, "a ranked set");
    app.finish().await;
}

/// PostgreSQL plans a read of the served generation from its statistics,
/// and a whole board is written as a new generation they have never seen:
/// unless its rows are analyzed before it is served, the planner guesses
/// a handful of rows and reads the page's best 200 by sorting every row of
/// the generation instead of in order from the index. Its estimate of the
/// new generation's rows is the truth within a factor of two once it is
/// served.
#[tokio::test]
async fn a_whole_board_is_analyzed_before_it_is_served() {
    let Some(app) = TestApp::start(Backend::Postgres).await else { return };
    let (good, _weak) = crate::board::with_submissions(&app).await;
    crate::board_page::clone_submission(&app, &good, 300).await;
    app.get("/api/v1/leaderboard?limit=1").await;
    let (old, _) = stored_rows(&app).await;
    forget_stored_board(&app).await;
    app::db::board::catch_up(&app.state.db).await.unwrap();
    let (generation, _) = stored_rows(&app).await;
    assert!(generation > old, "written whole as a new generation");
    let pool = app.state.db.pool();
    let select = format!("SELECT ord FROM board_rows WHERE gen = {generation} AND source = 1");
    let plan: String = sqlx::query_scalar(&format!("EXPLAIN {select}")).fetch_one(pool).await.unwrap();
    // "Index Only Scan using ... (cost=0.29..8.31 rows=300 width=18)"
    let estimate: f64 = plan.split(" rows=").nth(1).and_then(|r| r.split(' ').next()).unwrap().parse().unwrap();
    let verified: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM ({select}) r")).fetch_one(pool).await.unwrap();
    let verified = verified as f64;
    assert!(
        estimate >= verified / 2.0 && estimate <= verified * 2.0,
        "the planner expects {estimate} rows of generation {generation}; it holds {verified}"
    );
    app.finish().await;
}
