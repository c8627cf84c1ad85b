//! `/compare?a=&b=`: two public submissions compared question by
//! question, the result cached per process and never served for a
//! submission that is not public; a submission or a published row with a
//! published row (`paper:<model>`), compared unpaired.

use axum::http::StatusCode;

use crate::board::{SCRIPT, demo_key, predictions, with_submissions};
use crate::harness::{Backend, TestApp};
use crate::on_both_backends;

on_both_backends!(
    compare_pairs_two_submissions,
    comparisons_are_cached_for_public_submissions_only,
    simultaneous_first_requests_compute_a_pair_once,
    a_published_row_is_compared_unpaired,
);

/// The `data-value` (or another attribute) of the element with `id`.
fn attr(html: &str, id: &str, name: &str) -> f64 {
    let el = &html[html.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("#{id}"))..];
    let el = &el[..el.find('>').unwrap()];
    let v = &el[el.find(&format!("{name}=\"")).unwrap_or_else(|| panic!("{name} on #{id}: {el}")) + name.len() + 2..];
    v[..v.find('"').unwrap()].parse().unwrap()
}

async fn compare_pairs_two_submissions(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (good, weak) = with_submissions(&app).await;
    let accuracy = |id: String| {
        let app = &app;
        async move { app.get(&format!("/api/v1/submissions/{id}")).await.json()["accuracy"].as_f64().unwrap() }
    };
    let (acc_good, acc_weak) = (accuracy(good.clone()).await, accuracy(weak.clone()).await);

    let resp = app.get(&format!("/compare?a={good}&b={weak}")).await;
    assert_eq!(resp.status, StatusCode::OK);
    let html = &resp.body;
    let difference = attr(html, "difference", "data-value");
    assert!((difference - (acc_good - acc_weak)).abs() < 1e-12, "{difference} vs {}", acc_good - acc_weak);
    let p = attr(html, "mcnemar-p", "data-value");
    assert!((0.0..=1.0).contains(&p) && p < 0.05, "0.6 vs 0.3 on 4,970 questions: p = {p}");
    let (low, high) = (attr(html, "difference-ci", "data-low"), attr(html, "difference-ci", "data-high"));
    assert!(low <= difference && difference <= high && low > 0.0, "[{low}, {high}]");

    // The interval is the paired bootstrap seeded by the server secret and the pair.
    let key = demo_key();
    let correct =
        |accuracy, seed| app::domain::score_bytes(&key, predictions(accuracy, seed).as_bytes()).unwrap().correct;
    let secret: String = sqlx::query_scalar("SELECT value FROM settings WHERE name = 'comparison_secret'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    let seed = app::domain::stats::bootstrap_seed(secret.as_bytes(), &good, &weak);
    let expected = app::domain::stats::paired_bootstrap(
        &correct(0.6, 1),
        &correct(0.3, 2),
        app::api::compare::COMPARE_REPLICATES,
        seed,
    )
    .unwrap();
    assert!((low - expected.ci95[0]).abs() < 1e-12 && (high - expected.ci95[1]).abs() < 1e-12);
    let (only_a, only_b) = app::domain::stats::discordant(&correct(0.6, 1), &correct(0.3, 2)).unwrap();
    assert!((p - app::domain::stats::mcnemar_exact(only_a, only_b)).abs() <= p * 1e-9);

    // Submission pages link here, with the submission as A.
    let page = app.get(&format!("/submissions/{good}")).await.body;
    assert!(page.contains(&format!("href=\"/compare?a={good}\"")), "a link to compare");
    assert!(html.contains(&format!("value=\"{good}\" selected")), "A is preselected in the picker");

    // Side by side by specialty and level, with the demo key called out.
    for table in ["id=\"by-specialty\"", "id=\"by-level\"", "id=\"synthetic-notice\"", "data-key=\"Y1\"", "Cedar-70B"] {
        assert!(html.contains(table), "{table}");
    }
    assert!(html.contains(SCRIPT) && !html.contains("<script>alert(1)"), "names escaped");
    // (Each comparison draws 2,000 × 4,970 resamples: the Arabic check uses the cheap form page.)
    let ar = app.get(&format!("/compare?a={good}&lang=ar")).await.body;
    assert!(ar.contains("المقارنة بين مشاركتين") && ar.contains("اختر مشاركتين علنيتين"));

    // Clear messages otherwise.
    let message = |path: String| {
        let app = &app;
        async move {
            let html = app.get(&path).await.body;
            let m = &html[html.find("id=\"compare-message\"").unwrap_or_else(|| panic!("a message: {html}"))..];
            m[m.find('>').unwrap() + 1..m.find("</p>").unwrap()].to_owned()
        }
    };
    assert!(message("/compare".into()).await.contains("Choose two public submissions"));
    assert!(message(format!("/compare?a={good}&b={good}")).await.starts_with("Choose two different submissions."));
    assert!(message(format!("/compare?a={good}&b=nope")).await.starts_with("No public submission has the id nope."));
    let private: String = sqlx::query_scalar("SELECT public_id FROM submissions WHERE visibility = 'private'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert!(
        message(format!("/compare?a={good}&b={private}")).await.contains("No public submission"),
        "private stays private"
    );

    // A new key becomes the default: uploads on it cannot be paired with older ones,
    // and the board's baselines move to it.
    let other = app::domain::synthetic::synthetic_key(200, 99);
    let checked = app::domain::parse_key(app::domain::Benchmark::MedAraBench, other.csv.as_bytes()).unwrap();
    let new_key = app::db::keys::NewKey {
        benchmark: app::domain::Benchmark::MedAraBench,
        name: "second-key",
        report: &checked.report,
        content: other.csv.as_bytes(),
        synthetic: true,
        exposure: app::domain::exposure::Exposure::Public,
        split: None,
    };
    app::db::keys::insert(&app.state.db, new_key).await.unwrap();
    let token = app.team_with_token("Third", "t@third.example").await;
    let resp = app
        .upload_raw(&token, "model_name=Late-1B", app::domain::synthetic::synthetic_predictions(&checked.key, 0.5, 9))
        .await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let late = resp.json()["id"].as_str().unwrap().to_owned();
    let m = message(format!("/compare?a={good}&b={late}")).await;
    assert!(m.contains("different answer keys") && m.contains("second-key"), "{m}");
    let board = app.get("/api/v1/leaderboard").await.json();
    assert!(
        board["reference"].as_array().unwrap().iter().all(|r| r["key"] == "second-key" && r["n"] == checked.key.len())
    );
    app.finish().await;
}

/// The comparison part of a `/compare` page (from the sides' table to the
/// end of the tables by level).
fn outcome_html(html: &str) -> &str {
    let start = html.find("id=\"compare-sides\"").unwrap_or_else(|| panic!("a comparison: {html}"));
    let end = html.find("id=\"by-level\"").unwrap();
    &html[start..end + html[end..].find("</table>").unwrap()]
}

async fn comparisons_are_cached_for_public_submissions_only(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (good, weak) = with_submissions(&app).await;
    let path = format!("/compare?a={good}&b={weak}");
    assert!(app.state.db.comparisons().get(&good, &weak).is_none());
    let first = app.get(&path).await;
    assert_eq!(first.status, StatusCode::OK);
    assert!(app.state.db.comparisons().get(&good, &weak).is_some(), "the outcome is cached");
    assert!(app.state.db.comparisons().get(&weak, &good).is_none(), "per ordered pair");

    // The second request is answered from the cache: the stored correctness
    // is changed behind the server's back (submissions are immutable, so only
    // a test does this) and the result stays the same.
    sqlx::query("UPDATE submissions SET correctness = $1 WHERE public_id = $2")
        .bind(vec![0u8; 700])
        .bind(&good)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    // The page is rendered again (not taken from the cache of pages).
    app.board_moved().await;
    let second = app.get(&path).await;
    assert_eq!(outcome_html(&second.body), outcome_html(&first.body), "the identical result");
    let difference = attr(&second.body, "difference", "data-value");
    assert_eq!(difference, attr(&first.body, "difference", "data-value"));

    // Once a side is no longer public, the cache is not consulted: the
    // page says there is no such public submission.
    sqlx::query("UPDATE submissions SET visibility = 'private' WHERE public_id = $1")
        .bind(&weak)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    app.board_moved().await;
    let hidden = app.get(&path).await.body;
    assert!(hidden.contains(&format!("No public submission has the id {weak}.")), "private is never served");
    assert!(!hidden.contains("id=\"compare-sides\"") && !hidden.contains("id=\"difference\""));
    assert!(app.state.db.comparisons().get(&good, &weak).is_some(), "still cached, but not served");
    let unknown = app.get(&format!("/compare?a={good}&b=no-such-id")).await.body;
    assert!(unknown.contains("No public submission has the id no-such-id."));
    app.finish().await;
}

/// Several requests for a pair nobody compared yet, at once: the pair is
/// computed once and every request gets the same result.
async fn simultaneous_first_requests_compute_a_pair_once(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (good, weak) = with_submissions(&app).await;
    let app = std::sync::Arc::new(app);
    let path = format!("/compare?a={good}&b={weak}");
    let before = app.state.db.comparisons().computed();
    let requests: Vec<_> = (0..4)
        .map(|_| {
            let (app, path) = (app.clone(), path.clone());
            tokio::spawn(async move { app.get(&path).await })
        })
        .collect();
    let mut outcomes = Vec::new();
    for request in requests {
        let resp = request.await.unwrap();
        assert_eq!(resp.status, StatusCode::OK);
        outcomes.push(outcome_html(&resp.body).to_owned());
    }
    assert_eq!(app.state.db.comparisons().computed() - before, 1, "computed once");
    assert!(outcomes.windows(2).all(|w| w[0] == w[1]), "the same result for every request");
    match std::sync::Arc::try_unwrap(app) {
        Ok(app) => app.finish().await,
        Err(_) => panic!("a request still holds the app"),
    }
}

/// The text of the element with `id` (every descendant's text, joined).
fn text_of(html: &str, id: &str) -> Option<String> {
    let doc = scraper::Html::parse_document(html);
    let selector = scraper::Selector::parse(&format!("#{id}")).unwrap();
    doc.select(&selector).next().map(|e| e.text().collect())
}

/// The page's message (`#compare-message`) at `path`.
async fn compare_message(app: &TestApp, path: &str) -> String {
    let html = app.get(path).await.body;
    text_of(&html, "compare-message").unwrap_or_else(|| panic!("a message at {path}: {html}"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// A submission with a row published in the paper: both overall, the
/// unpaired difference with Newcombe's hybrid score interval computed
/// from the two sides' own intervals, no McNemar test and no cells; the
/// test server's key is synthetic, so the page says the two were scored
/// on different questions.
async fn a_published_row_is_compared_unpaired(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (good, _weak) = with_submissions(&app).await;
    let sub = app.get(&format!("/api/v1/submissions/{good}")).await.json();
    let (p1, n1) = (sub["accuracy"].as_f64().unwrap(), sub["total"].as_u64().unwrap());
    let (l1, u1) = (sub["ci95"][0].as_f64().unwrap(), sub["ci95"][1].as_f64().unwrap());
    let board = app.get("/api/v1/leaderboard").await.json();
    let o3 = board["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["source"] == "reported" && r["model"] == "GPT-o3")
        .expect("GPT-o3 published")
        .clone();
    let (p2, n2) = (o3["accuracy"].as_f64().unwrap(), o3["n"].as_u64().unwrap());
    let (l2, u2) = (o3["ci95"][0].as_f64().unwrap(), o3["ci95"][1].as_f64().unwrap());
    assert_eq!(o3["ci95_approximate"], true);
    assert_ne!(n1, n2, "the demo key is not the paper's split");
    // Newcombe (1998), method 10, written out.
    let d = p1 - p2;
    let low = d - ((p1 - l1).powi(2) + (u2 - p2).powi(2)).sqrt();
    let high = d + ((u1 - p1).powi(2) + (p2 - l2).powi(2)).sqrt();
    assert!(low < d && d < high && d < 0.0, "0.6 vs 0.765: {low} {d} {high}");

    for (lang, unpaired, no_mcnemar, questions, synthetic, approximate, paper) in [
        (
            "",
            "Unpaired comparison",
            "no McNemar test",
            "Different question sets",
            "synthetic demo key (synthetic-demo)",
            "approximate",
            "Paper, Table 4",
        ),
        (
            "&lang=ar",
            "مقارنة غير مقترنة",
            "لا يمكن إجراء اختبار ماكنمار",
            "مجموعتان مختلفتان من الأسئلة",
            "مفتاح الإجابات الاصطناعي",
            "تقريبي",
            "الورقة، الجدول 4",
        ),
    ] {
        let resp = app.get(&format!("/compare?a={good}&b=paper:GPT-o3{lang}")).await;
        assert_eq!(resp.status, StatusCode::OK);
        let html = &resp.body;
        let text = |id: &str| text_of(html, id).unwrap_or_else(|| panic!("#{id}{lang}: {html}"));
        let notice = text("unpaired-notice");
        assert!(notice.contains(unpaired) && notice.contains(no_mcnemar), "{lang}: {notice}");
        let warning = text("question-sets-notice");
        assert!(warning.contains(questions) && warning.contains(synthetic), "{lang}: {warning}");
        assert!(text("approximate-note").contains(approximate), "{lang}");
        // Both sides overall.
        let (a, b) = (text("accuracy-a"), text("accuracy-b"));
        for (side, accuracy, n, [l, u]) in [(&a, p1, n1, [l1, u1]), (&b, p2, n2, [l2, u2])] {
            for figure in [format!("{accuracy:.3}"), format!("n = {n}"), format!("[{l:.3}, {u:.3}]")] {
                assert!(side.contains(&figure), "{lang}: {figure} in {side}");
            }
        }
        assert!(b.contains("0.765") && b.contains("n = 4989"), "{lang}: {b}");
        assert!(text("compare-sides").contains(paper), "{lang}: the published row's source");
        // The difference, with its sign and three decimals, and its interval.
        assert!(close(attr(html, "difference", "data-value"), d));
        assert_eq!(text("difference"), format!("{d:+.3}"));
        let (shown_low, shown_high) =
            (attr(html, "difference-ci", "data-low"), attr(html, "difference-ci", "data-high"));
        assert!(close(shown_low, low) && close(shown_high, high), "[{shown_low}, {shown_high}] vs [{low}, {high}]");
        assert_eq!(text("difference-ci"), format!("[{low:+.3}, {high:+.3}]"));
        // Nothing paired: no McNemar test, no cells.
        for id in ["mcnemar-p", "by-specialty", "by-level", "synthetic-notice"] {
            assert!(text_of(html, id).is_none(), "{lang}: no #{id}");
        }
        // The pickers offer the published rows, this one chosen.
        assert!(html.contains("value=\"paper:GPT-o3\" selected"), "{lang}: B is preselected");
        assert!(html.contains(&format!("GPT-o3 — {paper} (0.765)")), "{lang}: the published row's label");
        assert!(html.contains(&format!("value=\"{good}\" selected")), "{lang}: A is preselected");
    }
    assert!(app.state.db.comparisons().get(&good, "paper:GPT-o3").is_none(), "computed, not cached");

    // As the form sends it (URL-encoded), the other way round.
    let html = app.get(&format!("/compare?a=paper%3AGPT-o3&b={good}")).await.body;
    assert!(close(attr(&html, "difference", "data-value"), -d));
    let (swapped_low, swapped_high) =
        (attr(&html, "difference-ci", "data-low"), attr(&html, "difference-ci", "data-high"));
    assert!(close(swapped_low, -high) && close(swapped_high, -low), "mirrored");

    // Two published rows: the paper's split both sides, no warning.
    let html = app.get("/compare?a=paper:GPT-o3&b=paper:GPT-5").await.body;
    let gpt5 = board["rows"].as_array().unwrap().iter().find(|r| r["model"] == "GPT-5").unwrap();
    assert!(close(attr(&html, "difference", "data-value"), p2 - gpt5["accuracy"].as_f64().unwrap()));
    assert!(text_of(&html, "unpaired-notice").is_some() && text_of(&html, "question-sets-notice").is_none());

    // Clear messages otherwise.
    let m = compare_message(&app, &format!("/compare?a={good}&b=paper:No-such-model")).await;
    assert_eq!(m, "The paper publishes no row for a model named No-such-model.");
    let m = compare_message(&app, &format!("/compare?a={good}&b=paper:No-such-model&lang=ar")).await;
    assert!(m.contains("لا تنشر الورقة صفًّا") && m.contains("No-such-model"), "{m}");
    let m = compare_message(&app, "/compare?a=paper:GPT-o3&b=paper:GPT-o3").await;
    assert!(m.starts_with("Choose two different"), "{m}");
    let m = compare_message(&app, "/compare?a=nope&b=paper:GPT-o3").await;
    assert!(m.starts_with("No public submission has the id nope."), "{m}");
    let private: String = sqlx::query_scalar("SELECT public_id FROM submissions WHERE visibility = 'private'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    let m = compare_message(&app, &format!("/compare?a={private}&b=paper:GPT-o3")).await;
    assert!(m.contains("No public submission"), "private stays private: {m}");

    // A submission on a held-out key stays refused.
    let csv = app::domain::synthetic::synthetic_key(300, 41).csv;
    let key = app.store_synthetic_key("phase-1", &csv, app::domain::exposure::Exposure::HeldOut, None).await;
    let token = app.team_with_token("Held", "h@held.example").await;
    let resp = app
        .upload_raw(&token, "model_name=Probe-7B", app::domain::synthetic::synthetic_predictions(&key, 0.65, 1))
        .await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    assert_eq!(resp.json()["exposure"], "held-out");
    let held = resp.json()["id"].as_str().unwrap().to_owned();
    for (lang, refused) in [("", "held-out answer key"), ("&lang=ar", "مفتاح إجابات محجوب")] {
        let path = format!("/compare?a=paper:GPT-o3&b={held}{lang}");
        let html = app.get(&path).await.body;
        let m = text_of(&html, "compare-message").unwrap_or_else(|| panic!("a message: {html}"));
        assert!(m.contains(refused), "{lang}: {m}");
        assert!(text_of(&html, "difference").is_none() && text_of(&html, "compare-sides").is_none());
    }
    app.finish().await;
}
