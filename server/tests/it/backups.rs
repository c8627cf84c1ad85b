//! `medarabench backup FILE` while a team keeps uploading, then
//! `medarabench restore FILE` into an empty database, on both databases:
//! every submission acknowledged before the backup began is in the copy,
//! each with its stored predictions and scores exactly; a copy taken at
//! rest restores the same board; a restore refuses a database that holds
//! anything and a file that is not a backup.

use std::sync::{Arc, Mutex};

use axum::http::StatusCode;

use crate::cli::{Files, medarabench, s, stderr};
use crate::harness::{Backend, TestApp, scratch_database};
use crate::on_both_backends;

on_both_backends!(a_backup_taken_during_uploads_restores_every_acknowledged_one);

/// Each stored submission's id, scores and predictions, by id.
async fn rows(db: &app::services::Db) -> Vec<(String, f64, i64, Option<Vec<u8>>, Vec<u8>)> {
    sqlx::query_as("SELECT public_id, accuracy, correct, predictions, correctness FROM submissions ORDER BY public_id")
        .fetch_all(db.pool())
        .await
        .unwrap()
}

async fn a_backup_taken_during_uploads_restores_every_acknowledged_one(backend: Backend) {
    let Some(app) = TestApp::start_with_quota(backend, 100).await else { return };
    let token = app.team_with_token("Backed Lab", "lead@backed.example").await;
    let app = Arc::new(app);
    let acknowledged: Arc<Mutex<Vec<String>>> = Arc::default();
    let uploads = {
        let (app, token, acknowledged) = (app.clone(), token.clone(), acknowledged.clone());
        tokio::spawn(async move {
            for i in 0..16u64 {
                let preds = TestApp::demo_predictions(0.3 + 0.03 * i as f64, 100 + i);
                let resp = app.upload_raw(&token, &format!("model_name=Backed-{i}"), preds).await;
                assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
                acknowledged.lock().unwrap().push(resp.json()["id"].as_str().unwrap().to_owned());
            }
        })
    };
    while acknowledged.lock().unwrap().len() < 4 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let files = Files::new();
    let during = files.write("unused", "").with_file_name("during.backup");
    let before: Vec<String> = acknowledged.lock().unwrap().clone();
    let url = app.database_url().to_owned();
    let path = during.clone();
    let out =
        tokio::task::spawn_blocking(move || medarabench(&["backup", s(&path), "--json"], Some(&url))).await.unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    uploads.await.unwrap();
    let again = medarabench(&["backup", s(&during)], Some(app.database_url()));
    assert!(!again.status.success() && stderr(&again).contains("never overwrites"), "{}", stderr(&again));

    // Restored into an empty database: every upload acknowledged before
    // the backup began, each exactly as stored.
    let Some(target) = scratch_database(backend).await else { return };
    let out = medarabench(&["restore", s(&during)], Some(&target.url));
    assert!(out.status.success(), "{}", stderr(&out));
    let restored_db = target.open().await;
    let restored = rows(&restored_db).await;
    let source = rows(&app.state.db).await;
    let ids: Vec<&String> = restored.iter().map(|r| &r.0).collect();
    for id in &before {
        assert!(ids.contains(&id), "{id} was acknowledged before the backup and is missing");
    }
    for row in &restored {
        let original = source.iter().find(|r| r.0 == row.0).expect("a submission the source has");
        assert_eq!(row, original, "{} is restored exactly", row.0);
        assert!(row.3.is_some(), "{}: its predictions are kept, so a corrected key can re-score it", row.0);
    }
    // A restore goes into an empty database only.
    let out = medarabench(&["restore", s(&during)], Some(&target.url));
    assert!(!out.status.success() && stderr(&out).contains("not empty"), "{}", stderr(&out));
    let not_a_backup = files.write("notes.txt", "question_id,answer\n1,A\n");
    let out = medarabench(&["restore", s(&not_a_backup)], Some(&target.url));
    assert!(!out.status.success() && stderr(&out).contains("not a backup"), "{}", stderr(&out));
    restored_db.close().await;
    target.finish().await;

    // A copy taken at rest restores the same board.
    let at_rest = during.with_file_name("at-rest.backup");
    let out = medarabench(&["backup", s(&at_rest)], Some(app.database_url()));
    assert!(out.status.success(), "{}", stderr(&out));
    let Some(target) = scratch_database(backend).await else { return };
    let out = medarabench(&["restore", s(&at_rest)], Some(&target.url));
    assert!(out.status.success(), "{}", stderr(&out));
    let copy = app.on_database(&target.url).await;
    let board = |v: serde_json::Value| v["rows"].clone();
    assert_eq!(
        board(copy.get("/api/v1/leaderboard").await.json()),
        board(app.get("/api/v1/leaderboard").await.json()),
        "the restored board is the board"
    );
    assert_eq!(copy.submission_count().await, 16);
    copy.finish().await;
    target.finish().await;
    Arc::into_inner(app).expect("the uploads are done").finish().await;
}
