//! A client that hangs up while its upload waits for another write of its
//! team leaves nothing behind: no transaction open on a pooled connection,
//! no lock held, and the team's next upload is stored as usual. (An upload
//! already queued for a batch, or a group on SQLite, is stored with it all
//! the same, and counted: sent again, it is found as a repeat.)

use std::time::Duration;

use sqlx::Connection;

use crate::harness::{Backend, TestApp};
use crate::on_both_backends;

on_both_backends!(an_upload_abandoned_while_it_waits_leaves_no_transaction_open);

async fn an_upload_abandoned_while_it_waits_leaves_no_transaction_open(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Hang-ups", "h@hangup.example").await;
    let team_id: i64 = sqlx::query_scalar("SELECT id FROM teams WHERE name = 'Hang-ups'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();

    // Another writer holds what the upload must wait for: on PostgreSQL
    // the team's lock, on SQLite the write lock.
    let mut blocker = sqlx::AnyConnection::connect(app.database_url()).await.unwrap();
    let hold = match backend {
        Backend::Postgres => format!("BEGIN; SELECT pg_advisory_xact_lock({}, {team_id})", app::db::TEAM_LOCKS),
        Backend::Sqlite => "BEGIN IMMEDIATE".to_owned(),
    };
    sqlx::raw_sql(&hold).execute(&mut blocker).await.unwrap();

    // The client gives up while the upload waits (its request is dropped).
    let file = TestApp::demo_predictions(0.6, 1);
    let abandoned =
        tokio::time::timeout(Duration::from_millis(500), app.upload_raw(&token, "model_name=abandoned", file)).await;
    assert!(abandoned.is_err(), "the upload waited for the other writer");
    sqlx::raw_sql("COMMIT").execute(&mut blocker).await.unwrap();

    if let Backend::Postgres = backend {
        // Seen from a connection of its own, not the app's pool, whose
        // connection might be the one left open. Once the begin the client
        // abandoned has finished (and the batch it had joined, which goes
        // on without it, has committed), no session of the database may be
        // left inside a transaction.
        let mut watcher = sqlx::AnyConnection::connect(app.database_url()).await.unwrap();
        let mut open = -1;
        for _ in 0..100 {
            open = sqlx::query_scalar(
                "SELECT COUNT(*) FROM pg_stat_activity
                  WHERE datname = current_database() AND pid <> pg_backend_pid()
                    AND (state <> 'idle' OR wait_event_type = 'Lock')",
            )
            .fetch_one(&mut watcher)
            .await
            .unwrap();
            if open == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(open, 0, "a session was left inside a transaction (or waiting on a lock)");
        let free: bool =
            sqlx::query_scalar(&format!("SELECT pg_try_advisory_lock({}, {team_id})", app::db::TEAM_LOCKS))
                .fetch_one(&mut watcher)
                .await
                .unwrap();
        assert!(free, "the team's lock is free");
        watcher.close().await.unwrap();
    }
    blocker.close().await.unwrap();

    // The team's next upload goes through (a wait that never ends fails
    // the test rather than hanging it), and its counts agree with what is
    // stored.
    let next = tokio::time::timeout(
        Duration::from_secs(60),
        app.upload_raw(&token, "model_name=next", TestApp::demo_predictions(0.6, 2)),
    )
    .await
    .expect("the team's next upload is answered");
    assert_eq!(next.status, axum::http::StatusCode::CREATED, "{}", next.body);
    let (stored, counted): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM submissions WHERE team_id = $1), uploads_total FROM teams WHERE id = $1",
    )
    .bind(team_id)
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    assert_eq!(stored, counted, "the team's count agrees with its stored uploads");
    app.finish().await;
}
