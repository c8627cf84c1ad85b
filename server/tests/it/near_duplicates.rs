//! The near-duplicate index (migration 0024, `app::services::near_duplicates`):
//! a server finds near copies through the database with no warm-up after a
//! start, builds the rows an index lacks at its start (and finds near copies
//! among the submissions not indexed meanwhile), reads only the stored
//! sheets the index points at, and names what the flag has always named.

use axum::http::StatusCode;
use serde_json::Value;

use crate::flags::near_copy;
use crate::harness::{Backend, TestApp, postgres_plan};
use crate::on_both_backends;
use app::domain::AnswerKey;
use app::domain::exposure::Exposure;
use app::domain::near_index::BANDS;
use app::domain::synthetic::{synthetic_key, synthetic_predictions};
use app::services::near_duplicates;

on_both_backends!(
    a_server_started_after_the_original_flags_a_near_copy,
    an_emptied_index_is_built_again_at_start,
    serve_builds_the_index_at_its_start,
    an_upload_reads_only_the_sheets_the_index_points_at,
    the_newest_submission_of_another_team_is_named,
    the_search_reads_the_index_not_the_tables,
    a_look_reads_only_what_was_stored_after_the_index_was_complete,
    a_search_before_the_look_reads_only_above_the_point,
);

async fn store_key(app: &TestApp) -> AnswerKey {
    app.store_synthetic_key("near-key", &synthetic_key(1_600, 11).csv, Exposure::Public, None).await
}

async fn upload(app: &TestApp, token: &str, model: &str, file: &str) -> Value {
    let resp = app.upload_raw(token, &format!("model_name={model}"), file.to_owned()).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    resp.json()
}

/// The submission a near-duplicate flag names, if any.
fn named(submission: &Value) -> Option<String> {
    let flags = submission["flags"].as_array().unwrap_or_else(|| panic!("flags: {submission}"));
    let near = flags.iter().find(|f| f["code"] == "near_duplicate")?;
    let message = near["message"].as_str().unwrap();
    Some(message.rsplit(' ').next().unwrap().to_owned())
}

fn id(submission: &Value) -> String {
    submission["id"].as_str().unwrap().to_owned()
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(app.state.db.pool()).await.unwrap()
}

/// A new server on the database flags a near copy of a submission stored
/// before it started, at its first upload: the original was indexed with
/// its upload, so the new server's start has nothing to build.
async fn a_server_started_after_the_original_flags_a_near_copy(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let key = store_key(&app).await;
    let original_file = synthetic_predictions(&key, 0.6, 5);
    let a = app.team_with_token("Original", "o@orig.example").await;
    let original = upload(&app, &a, "Orig-7B", &original_file).await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM near_duplicate_buckets").await, BANDS as i64);

    let restarted = app.second_process_unbuilt().await;
    let state = &restarted.state;
    assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 0, "nothing to build");
    let b = app.team_with_token("Borrowers", "b@borrow.example").await;
    let near = upload(&restarted, &b, "Borrowed-7B", &near_copy(&original_file, 200)).await;
    assert_eq!(named(&near), Some(id(&original)), "{near}");
    restarted.finish().await;
    app.finish().await;
}

/// An index emptied by SQL: a server started on it finds near copies among
/// the submissions not indexed while its build runs, and once built has
/// every row back and finds them through the index.
async fn an_emptied_index_is_built_again_at_start(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let key = store_key(&app).await;
    let original_file = synthetic_predictions(&key, 0.6, 7);
    let a = app.team_with_token("Original", "o@orig.example").await;
    let original = upload(&app, &a, "Orig-7B", &original_file).await;
    let b = app.team_with_token("Other", "x@other.example").await;
    upload(&app, &b, "Other-7B", &synthetic_predictions(&key, 0.6, 8)).await;
    sqlx::query("DELETE FROM near_duplicate_buckets").execute(app.state.db.pool()).await.unwrap();

    let started = app.second_process_unbuilt().await;
    assert!(!started.state.keys.near_index().built());
    let c = app.team_with_token("Early", "e@early.example").await;
    let early = upload(&started, &c, "Early-7B", &near_copy(&original_file, 200)).await;
    assert_eq!(named(&early), Some(id(&original)), "found before the build: {early}");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM near_duplicate_buckets").await, BANDS as i64, "the upload's own");

    let state = &started.state;
    assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 2);
    assert!(state.keys.near_index().built());
    assert_eq!(count(&app, "SELECT COUNT(*) FROM near_duplicate_buckets").await, 3 * BANDS as i64);
    // Closer to the original than to the early copy: found in the rebuilt rows.
    let d = app.team_with_token("Late", "l@late.example").await;
    let late = upload(&started, &d, "Late-7B", &near_copy(&original_file, 150)).await;
    assert_eq!(named(&late), Some(id(&original)), "found through the index: {late}");
    started.finish().await;
    app.finish().await;
}

/// `medarabench serve` builds what the index lacks at its start, saying so
/// on stderr.
async fn serve_builds_the_index_at_its_start(backend: Backend) {
    use std::io::BufRead;
    let Some(app) = TestApp::start(backend).await else { return };
    let key = store_key(&app).await;
    let a = app.team_with_token("Original", "o@orig.example").await;
    upload(&app, &a, "Orig-7B", &synthetic_predictions(&key, 0.6, 9)).await;
    sqlx::query("DELETE FROM near_duplicate_buckets").execute(app.state.db.pool()).await.unwrap();

    let mut child = crate::cli::command(&["serve", "--addr", "127.0.0.1:0"], Some(app.database_url()))
        .env("RUST_LOG", "info")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let log = child.stderr.take().unwrap();
    let _server = crate::cli::ServerProcess(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(log).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut progress = None;
    loop {
        let line = rx.recv_timeout(std::time::Duration::from_secs(60)).expect("the server logged its build");
        if line.contains("building the near-duplicate index") {
            progress = Some(line);
        } else if line.contains("the near-duplicate index is built") {
            break;
        }
    }
    let progress = progress.expect("a progress line");
    assert!(progress.contains("building the near-duplicate index: 1 of 1 submissions"), "{progress}");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM near_duplicate_buckets").await, BANDS as i64);
    drop(_server);
    app.finish().await;
}

/// Stores a submission by SQL for each of the packed `predictions`, a copy
/// of submission `template` (its team, its key) but for them: their ids.
async fn stored_by_sql(app: &TestApp, template: &str, predictions: &[Vec<u8>]) -> Vec<String> {
    let mut conn = app.state.db.pool().acquire().await.unwrap();
    copied_by_sql(&mut conn, template, "sql", predictions).await
}

/// [`stored_by_sql`] on `conn` (in a transaction, say), the copies'
/// public ids suffixed `-{tag}{i}`.
async fn copied_by_sql(
    conn: &mut sqlx::AnyConnection,
    template: &str,
    tag: &str,
    predictions: &[Vec<u8>],
) -> Vec<String> {
    let mut ids = Vec::new();
    for (i, packed) in predictions.iter().enumerate() {
        let suffix = format!("-{tag}{i}");
        sqlx::query(
            "INSERT INTO submissions (public_id, team_id, key_id, benchmark, model_name, file_sha256, file_format,
                    created_at, utc_day, accuracy, correct, total, ci_low, ci_high, missing, unparsed, ignored,
                    scorecard_json, correctness, predictions, predictions_key_id)
             SELECT public_id || $1, team_id, key_id, benchmark, model_name || $1, file_sha256, file_format,
                    created_at, utc_day, accuracy, correct, total, ci_low, ci_high, missing, unparsed, ignored,
                    scorecard_json, correctness, $2, predictions_key_id
               FROM submissions WHERE public_id = $3",
        )
        .bind(&suffix)
        .bind(packed.clone())
        .bind(template)
        .execute(&mut *conn)
        .await
        .unwrap();
        ids.push(format!("{template}{suffix}"));
    }
    ids
}

/// An upload compares itself only with what the index points at: 200
/// unrelated stored sheets, indexed and then overwritten by SQL with exact
/// copies of the upload (so that reading any of them would name it), are
/// not read; the one near copy the index knows is named.
async fn an_upload_reads_only_the_sheets_the_index_points_at(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let key = store_key(&app).await;
    let packed = |file: &str| app::domain::score_bytes(&key, file.as_bytes()).unwrap().predictions.pack();
    let b = app.team_with_token("Many", "m@many.example").await;
    let template = id(&upload(&app, &b, "Many-7B", &synthetic_predictions(&key, 0.6, 1)).await);
    let unrelated: Vec<Vec<u8>> = (0..200).map(|i| packed(&synthetic_predictions(&key, 0.6, 100 + i))).collect();
    let stored = stored_by_sql(&app, &template, &unrelated).await;
    let state = &app.state;
    assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 200);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM near_duplicate_buckets").await, 201 * BANDS as i64);

    let file = synthetic_predictions(&key, 0.6, 2);
    let copy = packed(&file);
    for id in &stored {
        sqlx::query("UPDATE submissions SET predictions = $1 WHERE public_id = $2")
            .bind(copy.clone())
            .bind(id)
            .execute(state.db.pool())
            .await
            .unwrap();
    }
    let a = app.team_with_token("Near", "n@near.example").await;
    let near = upload(&app, &a, "Near-7B", &near_copy(&file, 200)).await;
    assert_eq!(named(&near), None, "the overwritten sheets are not read: {near}");
    let c = app.team_with_token("Upload", "u@upload.example").await;
    let exact = upload(&app, &c, "Upload-7B", &file).await;
    assert_eq!(named(&exact), Some(id(&near)), "{exact}");
    app.finish().await;
}

/// Among the submissions of other teams agreeing most, the newest is named;
/// the uploader's own are never named.
async fn the_newest_submission_of_another_team_is_named(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let key = store_key(&app).await;
    let (a_file, b_file) = (synthetic_predictions(&key, 0.6, 11), synthetic_predictions(&key, 0.6, 12));
    let (one, two, three) = (
        app.team_with_token("One", "one@one.example").await,
        app.team_with_token("Two", "two@two.example").await,
        app.team_with_token("Three", "three@three.example").await,
    );
    let s1 = upload(&app, &one, "M1", &a_file).await;
    assert_eq!(named(&s1), None, "{s1}");
    let s2 = upload(&app, &two, "M2", &a_file).await;
    assert_eq!(named(&s2), Some(id(&s1)));
    let s3 = upload(&app, &one, "M3", &a_file).await;
    assert_eq!(named(&s3), Some(id(&s2)), "team One's own uploads are not others");
    let s4 = upload(&app, &one, "M4", &a_file).await;
    assert_eq!(named(&s4), Some(id(&s2)));
    let s5 = upload(&app, &three, "M5", &a_file).await;
    assert_eq!(named(&s5), Some(id(&s4)), "the newest of the sheet");
    let s6 = upload(&app, &three, "M6", &b_file).await;
    assert_eq!(named(&s6), None, "an unrelated sheet");
    app.finish().await;
}

/// The search reads the index alone, each of an upload's buckets as two
/// ranges beside the uploading team's entries: on SQLite, and on
/// PostgreSQL even in a plan made for any values once the table has
/// statistics (the build leaves them), here with 300 copies of one sheet
/// under every bucket. The server plans the search with its values at
/// each upload (`db::near_duplicates::candidates`), so a plan made while
/// the table was small is never kept.
async fn the_search_reads_the_index_not_the_tables(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let key = store_key(&app).await;
    let token = app.team_with_token("Many", "m@many.example").await;
    let template = id(&upload(&app, &token, "M", &synthetic_predictions(&key, 0.6, 1)).await);
    let copies =
        vec![
            app::domain::score_bytes(&key, synthetic_predictions(&key, 0.6, 1).as_bytes()).unwrap().predictions.pack();
            300
        ];
    stored_by_sql(&app, &template, &copies).await;
    let state = &app.state;
    assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 300);
    let search = &*app::db::near_duplicates::SEARCH;
    let plan = match backend {
        Backend::Sqlite => {
            let explain = format!("EXPLAIN QUERY PLAN {search}");
            // EXPLAIN QUERY PLAN's rows: id, parent, notused, detail.
            let rows = sqlx::query(&explain);
            let rows = (0..BANDS as i64 + 2).fold(rows, |q, i| q.bind(i)).fetch_all(state.db.pool()).await.unwrap();
            rows.iter().map(|r| sqlx::Row::get::<String, _>(r, 3)).collect::<Vec<_>>().join("\n")
        }
        Backend::Postgres => {
            let mut conn = state.db.pool().acquire().await.unwrap();
            sqlx::query("SET plan_cache_mode = force_generic_plan").execute(&mut *conn).await.unwrap();
            let types = vec!["bigint"; BANDS + 2].join(", ");
            let args = (0..BANDS as i64 + 2).map(|i| i.to_string()).collect::<Vec<_>>().join(", ");
            postgres_plan(&mut conn, &types, search, &args).await
        }
    };
    let ranges = match backend {
        Backend::Sqlite => {
            ["(key_id=? AND bucket=? AND team_id<?)", "(key_id=? AND bucket=? AND team_id>?)"].iter().all(|range| {
                plan.lines().any(|l| l.contains("COVERING INDEX near_duplicate_buckets_search") && l.contains(range))
            })
        }
        Backend::Postgres => ["team_id < $2", "team_id > $2"].iter().all(|range| {
            plan.lines().any(|l| l.contains("Index Cond") && l.contains("bucket = ANY") && l.contains(range))
        }),
    };
    assert!(ranges, "{plan}");
    assert!(!plan.contains("Seq Scan") && !plan.contains("SCAN b"), "{plan}");
    app.finish().await;
}

/// Team Many's upload on the stored key, which the tests copy by SQL,
/// and the key.
async fn store_template(app: &TestApp) -> (AnswerKey, String) {
    let key = store_key(app).await;
    let token = app.team_with_token("Many", "m@many.example").await;
    let template = id(&upload(app, &token, "M", &synthetic_predictions(&key, 0.6, 1)).await);
    (key, template)
}

/// Sheet `seed` on `key`, packed as it is stored.
fn sheet(key: &AnswerKey, seed: u64) -> Vec<u8> {
    app::domain::score_bytes(key, synthetic_predictions(key, 0.6, seed).as_bytes()).unwrap().predictions.pack()
}

/// The row id of submission `public_id`.
async fn id_of(app: &TestApp, public_id: &str) -> i64 {
    sqlx::query_scalar("SELECT id FROM submissions WHERE public_id = $1")
        .bind(public_id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

/// How far the database says the index is complete (0: nowhere).
async fn indexed_through(app: &TestApp) -> i64 {
    app::db::near_duplicates::indexed_through(&app.state.db).await.unwrap()
}

/// A look records how far the index is complete: the last submission it
/// read (when no id before it is missing). A start then reads only the
/// submissions stored after it, by the primary key, however many are
/// stored; a search before the start's look has finished reads the same.
/// An index emptied by SQL is complete nowhere.
async fn a_look_reads_only_what_was_stored_after_the_index_was_complete(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (key, template) = store_template(&app).await;
    let stored_ids = stored_by_sql(&app, &template, &[sheet(&key, 2), sheet(&key, 3)]).await;
    let last: i64 = count(&app, "SELECT MAX(id) FROM submissions").await;
    let state = &app.state;
    assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 2);
    assert_eq!(indexed_through(&app).await, last);

    // Stored by SQL after it: the next look files it, and moves the point on.
    let mut conn = state.db.pool().acquire().await.unwrap();
    let more = copied_by_sql(&mut conn, &template, "more", &[sheet(&key, 4)]).await.remove(0);
    drop(conn);
    assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 1);
    assert_eq!(indexed_through(&app).await, id_of(&app, &more).await);
    assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 0, "nothing after it");

    // Only what is above the point is read: rows deleted below it, between
    // its ends, are not looked for (docs/operating.md says so).
    let pool = state.db.pool();
    let middle = id_of(&app, &stored_ids[0]).await;
    sqlx::query("DELETE FROM near_duplicate_buckets WHERE submission_id = $1")
        .bind(middle)
        .execute(pool)
        .await
        .unwrap();
    assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 0, "read from the point");
    sqlx::query("DELETE FROM near_duplicate_buckets").execute(pool).await.unwrap();
    assert_eq!(indexed_through(&app).await, 0, "an emptied index is complete nowhere");
    assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 4, "every submission again");
    app.finish().await;
}

/// On PostgreSQL a submission's id is taken when its row is written and
/// seen only at its commit: one stored by SQL in a transaction that stays
/// open across looks, while a later one is committed and filed, is filed
/// by the first look after its commit. The point up to which the index
/// is known complete never passes it while it is open, and reaches the
/// later one once no transaction of the looks' time is left.
#[tokio::test]
async fn a_submission_committed_after_later_ones_is_still_indexed() {
    let Some(app) = TestApp::start(Backend::Postgres).await else { return };
    let (key, template) = store_template(&app).await;
    let state = &app.state;
    let mut open = state.db.writer().begin().await.unwrap();
    let slow = copied_by_sql(&mut open, &template, "open", &[sheet(&key, 2)]).await.remove(0);
    let later = stored_by_sql(&app, &template, &[sheet(&key, 3)]).await.remove(0);
    let later = id_of(&app, &later).await;
    for look in 0..3 {
        let filed = near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap();
        assert_eq!(filed, u64::from(look == 0), "look {look}: the later one only, once");
        assert!(indexed_through(&app).await < later, "look {look}: never past the open one");
    }
    open.commit().await.unwrap();
    let slow = id_of(&app, &slow).await;
    assert!(slow < later, "its id was taken first");
    assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 1, "filed once committed");
    let filed = count(&app, &format!("SELECT COUNT(*) FROM near_duplicate_buckets WHERE submission_id = {slow}")).await;
    assert_eq!(filed, BANDS as i64);
    near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap();
    assert_eq!(indexed_through(&app).await, later, "complete up to the last once every look's time is over");
    app.finish().await;
}

/// An id taken by an insert that rolled back is never committed. On
/// PostgreSQL the look that first finds it missing cannot know that (a
/// transaction in progress may still commit it): the point stops just
/// before it. The next look, once every transaction of the first look's
/// time has ended, moves the point past it to the last id the first read.
/// (The horizon is the whole PostgreSQL server's: a transaction of a test
/// running beside this one may hold it back, so the looks are repeated
/// for a while; the point never passes the gap if the rule is broken.)
#[tokio::test]
async fn an_id_never_committed_is_passed_one_look_later() {
    let Some(app) = TestApp::start(Backend::Postgres).await else { return };
    let (key, template) = store_template(&app).await;
    let state = &app.state;
    let mut aborted = state.db.writer().begin().await.unwrap();
    let gone = copied_by_sql(&mut aborted, &template, "gone", &[sheet(&key, 2)]).await.remove(0);
    let gone: i64 = sqlx::query_scalar("SELECT id FROM submissions WHERE public_id = $1")
        .bind(&gone)
        .fetch_one(&mut *aborted)
        .await
        .unwrap();
    aborted.rollback().await.unwrap();
    let later = stored_by_sql(&app, &template, &[sheet(&key, 3)]).await.remove(0);
    let later = id_of(&app, &later).await;
    assert!(gone < later, "the rolled-back insert took its id first");
    assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 1);
    assert_eq!(indexed_through(&app).await, gone - 1, "the first look stops before the missing id");
    for _ in 0..200 {
        assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 0);
        if indexed_through(&app).await != gone - 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(indexed_through(&app).await, later, "a later look passes it");
    app.finish().await;
}

/// Before a start's look has finished, a search reads, besides the index,
/// the submissions not indexed above the point where the index is known
/// complete, and only those: one below the point whose rows were removed
/// is not found that way, one stored by SQL above it is.
async fn a_search_before_the_look_reads_only_above_the_point(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (key, template) = store_template(&app).await;
    let state = &app.state;
    let below = stored_by_sql(&app, &template, &[sheet(&key, 2)]).await.remove(0);
    assert_eq!(near_duplicates::build(&state.db, &state.keys, &mut ()).await.unwrap(), 1);
    let below = id_of(&app, &below).await;
    let point = indexed_through(&app).await;
    assert_eq!(point, below);
    sqlx::query("DELETE FROM near_duplicate_buckets WHERE submission_id = $1")
        .bind(below)
        .execute(state.db.pool())
        .await
        .unwrap();
    let mut conn = state.db.pool().acquire().await.unwrap();
    let above = copied_by_sql(&mut conn, &template, "above", &[sheet(&key, 3)]).await.remove(0);
    drop(conn);
    let above = id_of(&app, &above).await;
    let key_id: i64 = count(&app, &format!("SELECT predictions_key_id FROM submissions WHERE id = {above}")).await;
    // Buckets no submission is filed under, a team that has none: only
    // the unindexed part can answer.
    let nowhere = [-1; BANDS];
    let found = |above_point| async move {
        let mut ids = app::db::near_duplicates::candidates(&state.db, key_id, -1, &nowhere, above_point).await.unwrap();
        ids.sort_unstable();
        ids
    };
    assert_eq!(found(Some(point)).await, vec![above], "above the point only");
    assert_eq!(found(Some(0)).await, vec![below, above], "from the start, both");
    assert_eq!(found(Some(above)).await, Vec::<i64>::new());
    assert_eq!(found(None).await, Vec::<i64>::new(), "the index alone");
    app.finish().await;
}
