//! `medarabench serve --demo`: an empty database gets the labelled
//! synthetic demo teams and submissions once, through the real upload
//! service; a second start, or a database with a team, gets nothing.

use serde_json::Value;

use crate::cli::command;
use crate::harness::{Backend, TestApp, scratch_database};
use crate::on_both_backends;
use app::domain::demo::{Answers, KEY_COPY_NOTES, NOTES, TEAM_PREFIX, TEAMS};
use server::cli::demo::{Filled, fill};

on_both_backends!(
    demo_fills_an_empty_database_once,
    demo_leaves_a_database_with_teams_alone,
    the_binary_fills_with_the_environment_variable
);

/// (team name, model, benchmark, notes, accuracy) of every submission.
async fn rows(app: &TestApp) -> Vec<(String, String, String, String, f64)> {
    sqlx::query_as(
        "SELECT t.name, s.model_name, s.benchmark, s.notes, s.accuracy
           FROM submissions s JOIN teams t ON t.id = s.team_id ORDER BY s.id",
    )
    .fetch_all(app.state.db.pool())
    .await
    .unwrap()
}

async fn demo_fills_an_empty_database_once(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let planned: usize = TEAMS.iter().map(|t| t.uploads.len()).sum();
    let filled = fill(&app.state).await.unwrap();
    assert_eq!(filled, Some(Filled { teams: TEAMS.len(), submissions: planned }));

    let stored = rows(&app).await;
    assert_eq!(stored.len(), planned);
    for (team, model, _, notes, _) in &stored {
        assert!(team.starts_with(TEAM_PREFIX), "{team}");
        assert!(notes.starts_with(NOTES), "{team} {model}: {notes}");
    }
    let on = |b: &str| stored.iter().filter(|r| r.2 == b).count();
    assert!(on("medarabench") > 0 && on("medarabiq") > 0, "both benchmarks: {stored:?}");
    let copy: Vec<_> = stored.iter().filter(|r| r.3 == KEY_COPY_NOTES).collect();
    assert_eq!(copy.len(), 1, "one key copy");
    assert_eq!(copy[0].4, 1.0, "a copy of the key is right everywhere");

    // The board shows them, marked as scored on a synthetic key, with the
    // attempts of the model uploaded three times.
    let board: Value = app.get("/api/v1/leaderboard").await.json();
    let verified: Vec<&Value> =
        board["rows"].as_array().unwrap().iter().filter(|r| r["source"] == "verified").collect();
    assert!(!verified.is_empty());
    for row in &verified {
        assert!(row["team"].as_str().unwrap().starts_with(TEAM_PREFIX), "{row}");
        assert_eq!(row["synthetic_key"], true, "{row}");
    }
    let most = TEAMS
        .iter()
        .flat_map(|t| t.uploads.iter().map(move |u| (t, u)))
        .filter(|(_, u)| u.benchmark == app::domain::Benchmark::MedAraBench && u.answers != Answers::KeyCopy)
        .fold(std::collections::HashMap::<(String, &str), usize>::new(), |mut m, (t, u)| {
            *m.entry((t.full_name(), u.model)).or_default() += 1;
            m
        });
    let ((team, model), attempts) = most.iter().max_by_key(|(_, n)| **n).unwrap();
    assert!(*attempts > 1, "a model uploaded more than once");
    let row = verified.iter().find(|r| r["team"] == team.as_str() && r["model"] == *model).expect("its row");
    assert_eq!(row["attempts"], *attempts, "{row}");
    // The copy of the key is flagged as one; the generated uploads are not.
    for row in &verified {
        let codes: Vec<&str> = row["flags"].as_array().unwrap().iter().filter_map(|f| f["code"].as_str()).collect();
        let copy = row["team"] == "Demo: Key Copy";
        assert_eq!(codes, if copy { vec!["reproduces_key_defects"] } else { vec![] }, "{row}");
    }

    // A second start adds nothing.
    assert_eq!(fill(&app.state).await.unwrap(), None);
    assert_eq!(rows(&app).await.len(), planned);
    let teams: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM teams").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(teams, TEAMS.len() as i64);
    app.finish().await;
}

async fn demo_leaves_a_database_with_teams_alone(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    app.team_with_token("Real Lab", "real@lab.example").await;
    assert_eq!(fill(&app.state).await.unwrap(), None);
    assert!(rows(&app).await.is_empty());
    let demo_teams: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM teams WHERE name LIKE 'Demo:%'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(demo_teams, 0);
    app.finish().await;
}

/// `MEDARABENCH_DEMO=1 medarabench serve` (what `.ci/serve` runs) fills
/// the database before it listens.
async fn the_binary_fills_with_the_environment_variable(backend: Backend) {
    let Some(scratch) = scratch_database(backend).await else { return };
    let planned: i64 = TEAMS.iter().map(|t| t.uploads.len() as i64).sum();
    // Migrated first: two processes migrating one new database race.
    let db = scratch.open().await;
    let mut server = command(&["serve", "--addr", "127.0.0.1:0"], Some(&scratch.url))
        .env("MEDARABENCH_DEMO", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start medarabench serve");
    let count = async |sql: &str| sqlx::query_scalar::<_, i64>(sql).fetch_one(db.pool()).await.unwrap_or(0);
    // Wait (at most two minutes) for the fill to finish, or the server to stop.
    let mut stored = 0;
    for _ in 0..240 {
        stored = count("SELECT COUNT(*) FROM submissions WHERE notes LIKE 'synthetic demo submission%'").await;
        if stored >= planned || server.try_wait().unwrap().is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    let exited = server.try_wait().unwrap();
    let _ = server.kill();
    let _ = server.wait();
    assert_eq!(exited, None, "the server stopped");
    assert_eq!(stored, planned, "every demo submission, scored and stored");
    assert_eq!(count("SELECT COUNT(*) FROM teams WHERE name LIKE 'Demo:%'").await, TEAMS.len() as i64);
    db.close().await;
    scratch.finish().await;
}
