//! `medarabench keys audit NAME`: difficulty and discrimination per
//! question from stored submissions, and the questions whose keyed answer
//! the strong submissions contradict, run as the binary on both databases.

use axum::http::StatusCode;
use serde_json::Value;

use crate::cli::{medarabench, stderr, stdout_json};
use crate::harness::{Backend, TestApp};
use crate::on_both_backends;
use app::domain::synthetic::synthetic_key;
use app::domain::{AnswerKey, Benchmark, Letter, parse_key};

on_both_backends!(strong_submissions_that_agree_on_another_letter_flag_the_question);

/// Submissions uploaded: three strong, the rest weak.
const STRONG: usize = 3;
const WEAK: usize = 6;

/// A letter of `item` that is not its keyed answer.
fn other_letter(key: &AnswerKey, i: usize) -> Letter {
    let item = &key.items()[i];
    Letter::from_index((item.answer.index() + 1) % usize::from(item.options)).unwrap()
}

/// Submission `s`'s answer to item `i`: strong ones are right everywhere
/// but on `flagged`, where they give another letter; weak ones are right
/// on one question in three (shifted per submission) and right on `flagged`.
fn answer(key: &AnswerKey, s: usize, i: usize, flagged: usize) -> Letter {
    let keyed = key.items()[i].answer;
    let strong = s < STRONG;
    match (strong, i == flagged) {
        (true, true) => other_letter(key, i),
        (true, false) => keyed,
        (false, true) => keyed,
        (false, false) if (i + s).is_multiple_of(3) => keyed,
        (false, false) => other_letter(key, i),
    }
}

async fn strong_submissions_that_agree_on_another_letter_flag_the_question(backend: Backend) {
    let Some(app) = TestApp::start_with_quota(backend, 100).await else { return };
    let url = app.database_url().to_owned();
    let csv = synthetic_key(120, 31).csv;
    app.store_key("audited", &csv, true).await;
    let key = parse_key(Benchmark::MedAraBench, csv.as_bytes()).unwrap().key;
    let flagged = 7;
    let token = app.team_with_token("Audit Lab", "a@audit.example").await;
    let mut ids = Vec::new();
    for s in 0..STRONG + WEAK {
        let mut file = String::from("question_id,answer\n");
        for (i, item) in key.items().iter().enumerate() {
            file.push_str(&format!("{},{}\n", item.id, answer(&key, s, i, flagged)));
        }
        let resp = app.upload_raw(&token, &format!("model_name=Audited-{s}"), file).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
        ids.push(resp.json()["id"].as_str().unwrap().to_owned());
    }
    // The last one looks stored before predictions were kept: left out.
    sqlx::query("UPDATE submissions SET predictions = NULL, predictions_key_id = NULL WHERE public_id = $1")
        .bind(ids.last().unwrap())
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let counted = STRONG + WEAK - 1;

    let doc = stdout_json(&medarabench(&["keys", "audit", "audited", "--json"], Some(&url)));
    assert_eq!(doc["key"]["name"], "audited");
    assert_eq!((doc["submissions"].as_u64(), doc["skipped"].as_u64()), (Some(counted as u64), Some(1)));
    assert_eq!(doc["strong"], STRONG);
    let items = doc["items"].as_array().unwrap();
    assert_eq!(items.len(), key.len(), "every scoreable question");
    let flagged_id = key.items()[flagged].id.get();
    let contradicted: Vec<&Value> = items.iter().filter(|i| i["contradicted"] == true).collect();
    assert_eq!(contradicted.len(), 1, "{contradicted:?}");
    assert_eq!(doc["contradicted"], 1);
    let hit = contradicted[0];
    assert_eq!(hit["question_id"], flagged_id);
    assert_eq!(hit["keyed"], key.items()[flagged].answer.to_string());
    assert_eq!(hit["strong_answer"], other_letter(&key, flagged).to_string());
    assert_eq!(hit["strong_agree"], STRONG);
    assert!(hit["discrimination"].as_f64().unwrap() < 0.0, "the weak ones are right on it: {hit}");
    assert_eq!(items[0]["question_id"], flagged_id, "most suspect first");
    // Difficulty: the share of the counted submissions giving the keyed letter.
    for (i, item) in key.items().iter().enumerate() {
        let right = (0..counted).filter(|&s| answer(&key, s, i, flagged) == item.answer).count();
        let row = items.iter().find(|r| r["question_id"] == item.id.get()).unwrap();
        assert_eq!(row["correct"], right, "question {}", item.id);
        let difficulty = row["difficulty"].as_f64().unwrap();
        assert!((difficulty - right as f64 / counted as f64).abs() < 1e-9, "question {}: {row}", item.id);
    }

    // The table: the flagged question first, and the summary line.
    let out = medarabench(&["keys", "audit", "audited"], Some(&url));
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let first: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(first.first(), Some(&flagged_id.to_string().as_str()), "{text}");
    assert_eq!(first.last(), Some(&"contradicted"), "{text}");
    let summary = lines.last().unwrap();
    assert!(summary.starts_with("CHECK ") && summary.contains("1 contradicted"), "{summary}");

    // An unknown name, and a key with too few submissions: one line each.
    for (name, reason) in [("no-such-key", "no stored key is named"), ("synthetic-demo", "needs at least 5")] {
        let out = medarabench(&["keys", "audit", name], Some(&url));
        assert!(!out.status.success(), "{name}");
        let err = stderr(&out);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(reason) && err.contains(name), "{err}");
    }
    app.finish().await;
}
