//! Beyond accuracy (docs/contract.md, "Beyond accuracy"): every submission
//! carries the letters it chose (`letter_shares`), beside the key's on a
//! public key, on the API and its page in both languages; and each public
//! submission offers a badge and a `model-index` block for a model card.
//! The permuted task's file sent beside gives the option-order figures,
//! checked against a computation here from the two files and the key.
//! A file with a confidence per answer is calibrated (ECE, Brier, AURC,
//! accuracy at coverage), checked against a computation written here from
//! the docs' definitions, and a corrected key computes it again.
//! The held-out side of all three is checked with the rest of the exposure
//! rules in `held_out.rs`.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::Value;

use crate::harness::{Backend, TestApp, without_markers};
use crate::on_both_backends;

on_both_backends!(
    letter_shares_are_counted_against_the_key,
    a_public_submission_offers_a_badge_and_a_model_index,
    a_file_with_confidences_is_calibrated_and_errata_recompute_it,
    a_permuted_file_gives_option_order_figures_and_errata_recompute_them
);

/// The demo key as read.
fn demo_key() -> app::domain::AnswerKey {
    app::domain::parse_key(app::domain::Benchmark::MedAraBench, TestApp::demo_key_csv().as_bytes()).unwrap().key
}

fn close(a: &Value, b: f64) -> bool {
    (a.as_f64().unwrap() - b).abs() < 1e-12
}

async fn letter_shares_are_counted_against_the_key(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Letters", "l@letters.example").await;
    let key = demo_key();
    // "A" on every scoreable question but the first ten, which stay
    // unanswered.
    let file: String = std::iter::once("question_id,answer\n".to_owned())
        .chain(key.items().iter().skip(10).map(|it| format!("{},A\n", it.id)))
        .collect();
    let resp = app.upload_raw(&token, "model_name=Always-A", file).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let body = resp.json();
    let shares = &body["letter_shares"];
    let answered = &key.items()[10..];
    let n = answered.len();
    assert_eq!(shares["n"], n, "{shares}");
    assert_eq!(shares["chosen"]["A"]["count"], n);
    assert_eq!(shares["chosen"]["B"]["count"], 0);
    // Against the key, computed here from the key itself.
    let against = &shares["against_key"];
    assert_eq!(against["n"], n);
    let key_a = answered.iter().filter(|it| it.answer.as_char() == 'A').count() as f64 / n as f64;
    let chance_a = answered.iter().map(|it| 1.0 / f64::from(it.options)).sum::<f64>() / n as f64;
    let p = key_a; // answering A everywhere is right exactly where the key says A
    let expected_a = answered
        .iter()
        .map(|it| if it.answer.as_char() == 'A' { p } else { (1.0 - p) / f64::from(it.options - 1) })
        .sum::<f64>()
        / n as f64;
    let a = &against["letters"]["A"];
    assert!(close(&a["chosen"], 1.0) && close(&a["key"], key_a), "{a}");
    assert!(close(&a["chance"], chance_a), "{a} vs {chance_a}");
    assert!(close(&a["expected"], expected_a), "{a} vs {expected_a}");
    assert_eq!(against["overused"], serde_json::json!(["A"]));
    assert_eq!(body["scores"]["letter_shares"], *shares, "the same under `scores`");

    // The page, in both languages: a row per letter, the note on A.
    let id = body["id"].as_str().unwrap();
    for (lang, heading) in [("", "Letters chosen"), ("?lang=ar", "الحروف المختارة")] {
        let page = without_markers(&app.get(&format!("/submissions/{id}{lang}")).await.body);
        assert!(page.contains(heading), "{heading}");
        assert!(page.contains(r#"id="letters-overused""#), "the note{lang}");
        assert!(page.contains(r#"<tr data-letter="A">"#) && page.contains(r#"<tr data-letter="E">"#), "rows{lang}");
        assert!(!page.contains(r#"id="letters-held-out""#));
    }
    // A file spread evenly over the letters raises no note.
    let spread = TestApp::demo_predictions(0.6, 5);
    let resp = app.upload_raw(&token, "model_name=Spread", spread).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    assert_eq!(resp.json()["letter_shares"]["against_key"]["overused"], serde_json::json!([]));
    app.finish().await;
}

async fn a_public_submission_offers_a_badge_and_a_model_index(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Badges", "b@badges.example").await;
    // A name that would break naive YAML or SVG.
    let model = "Qwen: \"7B\" <b>&</b> #1";
    let query = format!("model_name={}", urlencode(model));
    let resp = app.upload_raw(&token, &query, TestApp::demo_predictions(0.6, 1)).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let body = resp.json();
    let id = body["id"].as_str().unwrap();
    let accuracy = body["accuracy"].as_f64().unwrap();
    let ci: Vec<f64> = body["ci95"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();

    let badge = app.get(&format!("/submissions/{id}/badge.svg")).await;
    assert_eq!(badge.status, StatusCode::OK);
    assert_eq!(badge.headers[header::CONTENT_TYPE], "image/svg+xml; charset=utf-8");
    let figures = format!("{accuracy:.3} (n = {}; 95% CI [{:.3}, {:.3}])", body["total"], ci[0], ci[1]);
    assert!(badge.body.contains(&figures), "{figures} in {}", badge.body);
    assert!(!badge.body.contains("<b>") && badge.body.contains("&lt;b&gt;"), "escaped: {}", badge.body);
    let ar = app.get(&format!("/submissions/{id}/badge.svg?lang=ar")).await;
    assert!(ar.body.contains("فترة الثقة 95%") && ar.body.contains(&format!("{accuracy:.3}")), "{}", ar.body);

    let yaml = app.get(&format!("/submissions/{id}/model-index.yaml")).await;
    assert_eq!(yaml.status, StatusCode::OK);
    assert!(yaml.headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("application/yaml"));
    let docs = yaml_rust2::YamlLoader::load_from_str(&yaml.body).expect("valid YAML");
    let entry = &docs[0]["model-index"][0];
    assert_eq!(entry["name"].as_str(), Some(model), "{}", yaml.body);
    let result = &entry["results"][0];
    assert_eq!(result["task"]["type"].as_str(), Some("multiple-choice"));
    assert_eq!(result["dataset"]["name"].as_str(), Some("MedAraBench"));
    let metric = &result["metrics"][0];
    assert_eq!(metric["type"].as_str(), Some("accuracy"));
    assert_eq!(metric["value"].as_f64(), Some(accuracy));
    assert!(metric["name"].as_str().unwrap().contains(&format!("n = {}", body["total"])), "{}", yaml.body);
    assert!(result["source"]["url"].as_str().unwrap().ends_with(&format!("/submissions/{id}")), "{}", yaml.body);

    // The page links both.
    let page = without_markers(&app.get(&format!("/submissions/{id}")).await.body);
    assert!(page.contains(&format!(r#"src="/submissions/{id}/badge.svg""#)), "the badge on the page");
    assert!(page.contains(&format!(r#"href="/submissions/{id}/model-index.yaml""#)), "the block on the page");

    // A private submission has neither, even for its team; an unknown id is 404.
    let resp = app.upload_raw(&token, "model_name=Quiet&visibility=private", TestApp::demo_predictions(0.5, 2)).await;
    let private = resp.json()["id"].as_str().unwrap().to_owned();
    for path in [format!("/submissions/{private}/badge.svg"), format!("/submissions/{private}/model-index.yaml")] {
        assert_eq!(app.get(&path).await.status, StatusCode::NOT_FOUND, "{path}");
        let own = Request::get(&path).header("authorization", format!("Bearer {token}")).body(Body::empty()).unwrap();
        assert_eq!(app.request(own).await.status, StatusCode::NOT_FOUND, "{path}, its team");
    }
    let own_page = without_markers(
        &app.get_with_cookie(&format!("/submissions/{private}"), &app.signin("b@badges.example").await).await.body,
    );
    assert!(!own_page.contains("badge.svg"), "no badge offered for a private submission");
    assert_eq!(app.get("/submissions/0123456789abcdef/badge.svg").await.status, StatusCode::NOT_FOUND);
    app.finish().await;
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => char::from(b).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// `file` (`question_id,answer` rows) with a `confidence` column: higher
/// on the rows whose letter is the key's, with ties, so that ranking and
/// binning both matter.
fn with_confidences(file: &str, key: &app::domain::AnswerKey) -> String {
    let answers: std::collections::HashMap<String, char> =
        key.items().iter().map(|it| (it.id.to_string(), it.answer.as_char())).collect();
    let mut out = String::from("question_id,answer,confidence\n");
    for (i, line) in file.lines().skip(1).enumerate() {
        let (id, letter) = line.split_once(',').unwrap();
        let right = answers.get(id).is_some_and(|a| letter.starts_with(*a));
        let confidence = if right { 0.5 + 0.1 * (i % 5) as f64 } else { 0.3 + 0.1 * (i % 6) as f64 };
        out.push_str(&format!("{line},{confidence:.2}\n"));
    }
    out
}

/// The calibration of `file` on `key`, computed here from the definitions
/// in docs/scoring.md (brute force, apart from the core's code): each
/// confidence kept to the nearest 1/254; ties counted at their group's rate.
fn expected_calibration(file: &str, key: &app::domain::AnswerKey) -> (usize, f64, f64, f64, f64, f64) {
    let answers: std::collections::HashMap<String, char> =
        key.items().iter().map(|it| (it.id.to_string(), it.answer.as_char())).collect();
    let mut points: Vec<(f64, bool)> = Vec::new();
    for line in file.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let Some(answer) = answers.get(cells[0]) else { continue };
        let p: f64 = cells[2].parse().unwrap();
        points.push(((p * 254.0).round() / 254.0, cells[1].starts_with(*answer)));
    }
    let n = points.len();
    let nf = n as f64;
    let y = |r: bool| if r { 1.0 } else { 0.0 };
    let brier = points.iter().map(|(p, r)| (p - y(*r)).powi(2)).sum::<f64>() / nf;
    // Each answer's accuracy as its tie group's rate.
    let rate = |p: f64| {
        let group: Vec<bool> = points.iter().filter(|(q, _)| *q == p).map(|(_, r)| *r).collect();
        group.iter().filter(|r| **r).count() as f64 / group.len() as f64
    };
    let mut ascending = points.clone();
    ascending.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
    let mut bins = [(0.0, 0.0); 15];
    for (i, (p, _)) in ascending.iter().enumerate() {
        let b = 15 * i / n;
        bins[b].0 += rate(*p);
        bins[b].1 += p;
    }
    let ece = bins.iter().map(|(right, confidence)| (right - confidence).abs()).sum::<f64>() / nf;
    let descending: Vec<f64> = ascending.iter().rev().map(|(p, _)| *p).collect();
    let errors = |k: usize| {
        let t = descending[k - 1];
        let above = points.iter().filter(|(p, _)| *p > t).count();
        let wrong_above = points.iter().filter(|(p, r)| *p > t && !r).count();
        wrong_above as f64 + (k - above) as f64 * (1.0 - rate(t))
    };
    let aurc = (1..=n).map(|k| errors(k) / k as f64).sum::<f64>() / nf;
    let at = |c: f64| {
        let k = (c * nf).ceil() as usize;
        1.0 - errors(k) / k as f64
    };
    (n, ece, brier, aurc, at(0.5), at(0.8))
}

fn assert_calibration(api: &Value, expected: (usize, f64, f64, f64, f64, f64)) {
    let c = &api["calibration"];
    let (n, ece, brier, aurc, half, most) = expected;
    assert_eq!(c["n"], n, "{c}");
    for (field, value) in [("ece", ece), ("brier", brier), ("aurc", aurc)] {
        assert!((c[field].as_f64().unwrap() - value).abs() < 1e-9, "{field}: {} against {value}", c[field]);
    }
    assert!((c["accuracy_at_coverage"]["0.5"].as_f64().unwrap() - half).abs() < 1e-9, "{c}");
    assert!((c["accuracy_at_coverage"]["0.8"].as_f64().unwrap() - most).abs() < 1e-9, "{c}");
    let [lo, hi] = [c["ece_ci95"][0].as_f64().unwrap(), c["ece_ci95"][1].as_f64().unwrap()];
    assert!(0.0 <= lo && lo <= hi && hi <= 1.0, "{c}");
}

struct Quiet;
impl app::services::key_versions::Progress for Quiet {}

/// Stores `csv` with `answers` changed as the next version of key `name`
/// and re-scores every submission on it: the corrected key.
async fn correct_key(
    app: &TestApp,
    name: &str,
    csv: &str,
    answers: &std::collections::BTreeMap<u32, String>,
) -> app::domain::CheckedKey {
    let corrected = app::domain::synthetic::with_answers(csv, answers);
    let checked = app::domain::parse_key(app::domain::Benchmark::MedAraBench, corrected.as_bytes()).unwrap();
    let db = &app.state.db;
    let benchmark = app::domain::Benchmark::MedAraBench;
    let stored = app::services::key_versions::store_version(db, benchmark, name, None, &checked, corrected.as_bytes())
        .await
        .unwrap();
    app::services::key_versions::rescore_all(db, &stored.key, &mut Quiet).await.unwrap();
    checked
}

async fn a_file_with_confidences_is_calibrated_and_errata_recompute_it(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let csv = app::domain::synthetic::synthetic_key(300, 7).csv;
    let exposure = app::domain::exposure::Exposure::Public;
    let key = app.store_synthetic_key("calibrated", &csv, exposure, None).await;
    let token = app.team_with_token("Calibrated", "c@calibrated.example").await;
    let file = with_confidences(&app::domain::synthetic::synthetic_predictions(&key, 0.6, 4), &key);
    let resp = app.upload_raw(&token, "model_name=Sure-7B", file.clone()).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let body = resp.json();
    assert_calibration(&body, expected_calibration(&file, &key));
    assert_eq!(body["scores"]["calibration"], body["calibration"], "the same under `scores`");
    let id = body["id"].as_str().unwrap().to_owned();

    // The page in both languages: the figures, and both charts served.
    for (lang, heading) in [("", "Calibration"), ("?lang=ar", "المعايرة")] {
        let page = without_markers(&app.get(&format!("/submissions/{id}{lang}")).await.body);
        assert!(page.contains(heading) && page.contains(r#"id="calibration-figures""#), "figures{lang}");
        assert!(page.contains(r#"data-coverage="0.8""#), "coverage rows{lang}");
        for chart in ["reliability", "risk-coverage"] {
            let path = format!("/charts/submissions/{id}/{chart}.svg{lang}");
            assert!(page.contains(&path.replace('&', "&amp;")), "{path} on the page");
            let svg = app.get(&path).await;
            assert_eq!(svg.status, StatusCode::OK, "{path}");
            assert!(svg.body.contains("role=\"img\"") && svg.body.contains("Sure-7B"), "{path}");
        }
    }

    // A file without confidences: none, said on the page; no charts.
    let plain = app::domain::synthetic::synthetic_predictions(&key, 0.6, 5);
    let resp = app.upload_raw(&token, "model_name=Plain-7B", plain).await;
    let plain = resp.json();
    assert!(plain.get("calibration").is_none(), "{plain}");
    let plain_id = plain["id"].as_str().unwrap();
    let page = app.get(&format!("/submissions/{plain_id}?lang=ar")).await.body;
    assert!(page.contains(r#"id="calibration-not-given""#) && page.contains("غير متوفرة"));
    let chart = app.get(&format!("/charts/submissions/{plain_id}/reliability.svg")).await;
    assert_eq!(chart.status, StatusCode::NOT_FOUND);

    // The board: ECE and Brier columns that sort (best first), in the API
    // and the CSV; "not given" for the file without confidences.
    app::db::board::catch_up(&app.state.db).await.unwrap();
    let board = app.get("/api/v1/leaderboard").await.json();
    let row_of = |sid: &str| board["rows"].as_array().unwrap().iter().find(|r| r["submission_id"] == sid).cloned();
    let row = row_of(&id).expect("on the board");
    let c = &body["calibration"];
    assert_eq!(row["calibration"]["n"], c["n"], "{row}");
    assert_eq!(row["calibration"]["ece"], c["ece"], "{row}");
    assert_eq!(row["calibration"]["ece_ci95"], c["ece_ci95"], "{row}");
    assert_eq!(row["calibration"]["brier"], c["brier"], "{row}");
    assert!(row_of(plain_id).unwrap()["calibration"].is_null());
    let exported = app.get("/api/v1/leaderboard.csv").await.body;
    let mut lines = exported.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("{name} in {header:?}"));
    let line = lines.find(|l| l.contains(&id)).unwrap();
    let cells: Vec<&str> = line.split(',').collect();
    assert_eq!(cells[column("ece")].parse::<f64>().unwrap(), c["ece"].as_f64().unwrap(), "{line}");
    assert_eq!(cells[column("brier")].parse::<f64>().unwrap(), c["brier"].as_f64().unwrap(), "{line}");
    assert_eq!(cells[column("calibration_n")], c["n"].to_string(), "{line}");
    for (lang, not_given) in [("", "not given"), ("&lang=ar", "غير متوفر")] {
        let page = without_markers(&app.get(&format!("/?sort=ece&dir=asc{lang}")).await.body);
        assert!(page.contains(r#"data-sort-key="ece""#) && page.contains(r#"data-sort-key="brier""#), "{lang}");
        let (sure, plain) = (page.find("Sure-7B").unwrap(), page.find("Plain-7B").unwrap());
        assert!(sure < plain, "a row with an ECE sorts before one without{lang}");
        assert!(page.contains(not_given), "{lang}");
    }
    // The columns are optional: off by default (the board keeps its width),
    // on with `?columns=calibration` or the link that says so.
    let board_page = without_markers(&app.get("/").await.body);
    assert!(!board_page.contains(r#"data-sort-key="ece""#), "no calibration columns by default");
    assert!(board_page.contains(r#"id="calibration-toggle" href="/?columns=calibration""#), "the link to them");
    let with = without_markers(&app.get("/?columns=calibration").await.body);
    assert!(with.contains(r#"data-sort-key="ece""#) && with.contains(r#"data-sort-key="brier""#));

    // Errata: 30 keyed answers change; the stored confidences are scored again.
    let answers: std::collections::BTreeMap<u32, String> = key
        .items()
        .iter()
        .take(30)
        .map(|it| {
            let other = if it.answer.as_char() == 'A' { "B" } else { "A" };
            (it.id.get(), other.to_owned())
        })
        .collect();
    let checked = correct_key(&app, "calibrated", &csv, &answers).await;
    let again = app.get(&format!("/api/v1/submissions/{id}")).await.json();
    let expected = expected_calibration(&file, &checked.key);
    assert_ne!(expected.2, expected_calibration(&file, &key).2, "the correction changes the Brier score");
    assert_calibration(&again, expected);
    app.finish().await;
}

/// The option-order figures of a main file and the same model's choices in
/// the second order (both `question_id,answer`, the second already mapped
/// back), computed here from their definitions: (n, accuracy_permuted,
/// consistent_accuracy, order_sensitivity, order_sensitivity_n).
fn expected_order(main: &str, again: &str, key: &app::domain::AnswerKey) -> (usize, f64, f64, f64, usize) {
    let read = |file: &str| -> std::collections::HashMap<String, String> {
        file.lines().skip(1).filter_map(|l| l.split_once(',')).map(|(q, a)| (q.to_owned(), a.to_owned())).collect()
    };
    let (a, b) = (read(main), read(again));
    let n = key.len();
    let (mut right, mut both, mut answered, mut changed) = (0, 0, 0, 0);
    for it in key.items() {
        let keyed = it.answer.to_string();
        let (x, y) = (a.get(&it.id.to_string()), b.get(&it.id.to_string()));
        right += usize::from(y == Some(&keyed));
        both += usize::from(x == Some(&keyed) && y == Some(&keyed));
        if let (Some(x), Some(y)) = (x, y) {
            answered += 1;
            changed += usize::from(x != y);
        }
    }
    (n, right as f64 / n as f64, both as f64 / n as f64, changed as f64 / answered as f64, answered)
}

fn assert_order(api: &Value, expected: (usize, f64, f64, f64, usize)) {
    let r = &api["robustness"];
    let (n, permuted, consistent, sensitivity, answered) = expected;
    assert_eq!(r["n"], n, "{r}");
    assert_eq!(r["order_sensitivity_n"], answered, "{r}");
    for (field, value) in
        [("accuracy_permuted", permuted), ("consistent_accuracy", consistent), ("order_sensitivity", sensitivity)]
    {
        assert!((r[field].as_f64().unwrap() - value).abs() < 1e-12, "{field}: {} against {value}", r[field]);
        let ci = &r[format!("{field}_ci95")];
        assert!(ci[0].as_f64().unwrap() <= value && value <= ci[1].as_f64().unwrap(), "{field}: {ci}");
    }
}

async fn a_permuted_file_gives_option_order_figures_and_errata_recompute_them(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let csv = app::domain::synthetic::synthetic_key(300, 9).csv;
    let key = app.store_synthetic_key("orders", &csv, app::domain::exposure::Exposure::Public, None).await;
    let token = app.team_with_token("Orders", "o@orders.example").await;
    let main = app::domain::synthetic::synthetic_predictions(&key, 0.6, 11);
    // The same model asked again: its choices, and the file the permuted
    // task records them in (each letter where its option was shown).
    let again = app::domain::synthetic::synthetic_predictions(&key, 0.55, 12);
    let permuted = app::domain::synthetic::as_permuted(&key, &again);
    assert_ne!(permuted, again, "the letters move");
    let resp = app.upload_with_permuted(&token, "Order-7B", &main, &permuted).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let body = resp.json();
    assert_order(&body, expected_order(&main, &again, &key));
    let id = body["id"].as_str().unwrap().to_owned();
    for (lang, heading) in [("", "Option order"), ("?lang=ar", "ترتيب الخيارات")] {
        let page = without_markers(&app.get(&format!("/submissions/{id}{lang}")).await.body);
        assert!(page.contains(heading) && page.contains(r#"id="order-figures""#), "figures{lang}");
        assert!(page.contains(r#"id="order-consistent""#), "consistent accuracy{lang}");
    }
    // Without a permuted file: "not given".
    let plain = app.upload_raw(&token, "model_name=Plain-7B", main.clone()).await.json();
    assert!(plain.get("robustness").is_none(), "{plain}");
    let page = app.get(&format!("/submissions/{}", plain["id"].as_str().unwrap())).await.body;
    assert!(page.contains(r#"id="order-not-given""#));

    // A refused permuted file is named as such, with its line; nothing is stored.
    let own = || {
        Request::get("/api/v1/submissions")
            .header("authorization", format!("Bearer {token}"))
            .body(Body::empty())
            .unwrap()
    };
    let before = app.request(own()).await.json()["submissions"].as_array().unwrap().len();
    let bad = permuted.replacen('\n', "\n1,Z\n", 1);
    let resp = app.upload_with_permuted(&token, "Order-8B", &main, &bad).await;
    assert_eq!(resp.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", resp.body);
    let error = &resp.json()["error"];
    assert_eq!(error["code"], "invalid_permuted_predictions", "{error}");
    assert!(error["message"].as_str().unwrap().contains("permuted file"), "{error}");
    assert_eq!(error["details"][0]["line"], 2, "{error}");
    let after = app.request(own()).await.json()["submissions"].as_array().unwrap().len();
    assert_eq!(after, before, "nothing stored");

    // The same main file again, now with the permuted file: a new upload,
    // not a repeat of the first (which had none).
    let first = app.upload_raw(&token, "model_name=Again-7B", main.clone()).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    let second = app.upload_with_permuted(&token, "Again-7B", &main, &permuted).await;
    assert_eq!(second.status, StatusCode::CREATED, "{}", second.body);
    assert!(second.json()["robustness"].is_object(), "{}", second.body);

    // Errata: 40 keyed answers change and a question is rejected, which
    // moves every later question; the stored second order is scored again.
    let mut answers: std::collections::BTreeMap<u32, String> = key
        .items()
        .iter()
        .take(40)
        .map(|it| (it.id.get(), if it.answer.as_char() == 'A' { "B" } else { "A" }.to_owned()))
        .collect();
    answers.insert(key.items()[40].id.get(), String::new());
    let checked = correct_key(&app, "orders", &csv, &answers).await;
    let again_api = app.get(&format!("/api/v1/submissions/{id}")).await.json();
    let expected = expected_order(&main, &again, &checked.key);
    assert_ne!(expected.2, expected_order(&main, &again, &key).2, "the correction changes consistent accuracy");
    assert_order(&again_api, expected);
    app.finish().await;
}
