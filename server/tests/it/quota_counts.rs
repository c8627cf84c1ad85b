//! The quota counts kept on each team's row (migration 0017): a new UTC
//! day starts the daily count again while the total keeps counting, and a
//! database upgraded from before the counts starts from the uploads it
//! already stored.

use app::db::Db;
use app::db::submissions::{QuotaDefaults, quota, utc_day};
use axum::http::StatusCode;

use crate::harness::{Backend, Response, TestApp, scratch_database};
use crate::on_both_backends;

on_both_backends!(a_new_utc_day_starts_the_daily_quota_again, migration_0017_counts_the_uploads_stored_before_it,);

fn remaining(resp: &Response) -> (i64, i64) {
    let quota = &resp.json()["quota"];
    (quota["daily_remaining"].as_i64().unwrap(), quota["total_remaining"].as_i64().unwrap())
}

async fn a_new_utc_day_starts_the_daily_quota_again(backend: Backend) {
    let Some(app) = TestApp::start_with(backend, |c| {
        c.daily_quota = 2;
        c.total_quota = 3;
    })
    .await
    else {
        return;
    };
    let token = app.team_with_token("Night shift", "n@days.example").await;
    let upload = |model: &'static str, seed: u64| {
        let (app, token) = (&app, &token);
        async move { app.upload_raw(token, &format!("model_name={model}"), TestApp::demo_predictions(0.6, seed)).await }
    };
    assert_eq!(remaining(&upload("M-1", 1).await), (1, 2));
    assert_eq!(remaining(&upload("M-2", 2).await), (0, 1));
    let refused = upload("M-3", 3).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.body);
    assert!(refused.body.contains("daily submission quota of 2 reached"), "{}", refused.body);

    // The day ends: today's uploads and the team's count are yesterday's.
    let pool = app.state.db.pool();
    sqlx::query("UPDATE submissions SET utc_day = '2000-01-01'").execute(pool).await.unwrap();
    sqlx::query("UPDATE teams SET uploads_day = '2000-01-01'").execute(pool).await.unwrap();
    let next_day = upload("M-3", 3).await;
    assert_eq!(next_day.status, StatusCode::CREATED, "{}", next_day.body);
    assert_eq!(remaining(&next_day), (1, 0), "a new day's count, the total still counting");
    let refused = upload("M-4", 4).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.body);
    assert!(refused.body.contains("total submission quota of 3 reached"), "{}", refused.body);
    assert_eq!(app.submission_count().await, 3);
    app.finish().await;
}

async fn migration_0017_counts_the_uploads_stored_before_it(backend: Backend) {
    let Some(scratch) = scratch_database(backend).await else { return };
    let db = Db::connect(&scratch.url).await.unwrap();
    // The schema as it stood before the counts: migrations 0001-0016.
    let folder = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let all = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations").join(folder);
    let before = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(&all).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if name.as_str() < "0017" {
            std::fs::copy(&path, before.path().join(&name)).unwrap();
        }
    }
    sqlx::migrate::Migrator::new(before.path()).await.unwrap().run(db.pool()).await.unwrap();

    let pool = db.pool();
    let today = utc_day(app::db::now_unix());
    sqlx::query(
        "INSERT INTO answer_keys (benchmark, name, sha256, rows_total, scoreable, imported_at)
         VALUES ('medarabench', 'k', 'abc', 1, 1, 0)",
    )
    .execute(pool)
    .await
    .unwrap();
    let mut teams = Vec::new();
    for name in ["Busy", "Yesterday", "Idle"] {
        let id: i64 =
            sqlx::query_scalar("INSERT INTO teams (name, name_key, created_at) VALUES ($1, $2, 0) RETURNING id")
                .bind(name)
                .bind(name.to_lowercase())
                .fetch_one(pool)
                .await
                .unwrap();
        teams.push(id);
    }
    let (busy, yesterday, idle) = (teams[0], teams[1], teams[2]);
    let stored = [
        (busy, today.as_str()),
        (busy, today.as_str()),
        (busy, "2000-01-01"),
        (yesterday, "2000-01-01"),
        (yesterday, "2000-01-02"),
    ];
    for (i, (team, day)) in stored.iter().enumerate() {
        sqlx::query(
            "INSERT INTO submissions (public_id, team_id, key_id, benchmark, model_name, file_sha256, file_format,
                 created_at, utc_day, accuracy, correct, total, ci_low, ci_high, missing, unparsed, ignored,
                 scorecard_json, correctness)
             VALUES ($1, $2, (SELECT MIN(id) FROM answer_keys), 'medarabench', 'm', 'f', 'csv', 0, $3,
                     0.5, 1, 2, 0.1, 0.9, 0, 0, 0, '{}', $4)",
        )
        .bind(format!("s{i}"))
        .bind(team)
        .bind(*day)
        .bind(vec![1_u8])
        .execute(pool)
        .await
        .unwrap();
    }

    db.migrate().await.unwrap();
    let defaults = QuotaDefaults { daily: 10, total: 100 };
    let used = |q: app::db::submissions::QuotaUse| (q.daily_used, q.total_used);
    assert_eq!(used(quota(&db, busy, defaults).await.unwrap()), (2, 3), "two today, three in all");
    assert_eq!(used(quota(&db, yesterday, defaults).await.unwrap()), (0, 2), "none today");
    assert_eq!(used(quota(&db, idle, defaults).await.unwrap()), (0, 0), "none at all");
    db.pool().close().await;
    scratch.finish().await;
}
