//! The leaderboard page with more verified submissions than it shows: the
//! server applies the filter and sends the best rows it keeps, and the page
//! says how many were left out; the exports keep every row and the chart
//! stays bounded.

use crate::board::{SCRIPT, table_models, with_submissions};
use crate::harness::{Backend, TestApp};
use crate::on_both_backends;
use app::domain::board::{BoardFilter, BoardRow, RowSource};

on_both_backends!(the_page_shows_the_best_verified_rows_and_says_so, a_search_keeps_what_the_filter_keeps);

/// Stores `n` public copies of the submission `public_id` (models
/// `Clone-0`... with decreasing accuracy, all below the original) directly
/// in the database, and moves the board's version on as a change of any
/// row would (the whole board is made again).
pub(crate) async fn clone_submission(app: &TestApp, public_id: &str, n: usize) {
    let names: Vec<String> = (0..n).map(|i| format!("Clone-{i}")).collect();
    copies_named(app, public_id, &names).await;
}

/// [`clone_submission`], the copies named `names`.
async fn copies_named(app: &TestApp, public_id: &str, names: &[impl AsRef<str>]) {
    let pool = app.state.db.pool();
    let accuracy: f64 = sqlx::query_scalar("SELECT accuracy FROM submissions WHERE public_id = $1")
        .bind(public_id)
        .fetch_one(pool)
        .await
        .unwrap();
    let mut tx = pool.begin().await.unwrap();
    for (i, name) in names.iter().enumerate() {
        sqlx::query(
            "INSERT INTO submissions (public_id, team_id, key_id, benchmark, model_name, model_url, model_params, notes,
                    prompt_language, shots, temperature, chain_of_thought, extraction, contamination, visibility,
                    file_sha256, file_format, created_at, utc_day, accuracy, correct, total, ci_low, ci_high, missing,
                    unparsed, ignored, scorecard_json, correctness)
             SELECT $1, team_id, key_id, benchmark, $2, model_url, model_params, notes,
                    prompt_language, shots, temperature, chain_of_thought, extraction, contamination, visibility,
                    file_sha256, file_format, created_at, utc_day, $3, correct, total, ci_low, ci_high, missing,
                    unparsed, ignored, scorecard_json, correctness
               FROM submissions WHERE public_id = $4",
        )
        .bind(format!("{public_id}-{i}"))
        .bind(name.as_ref())
        .bind(accuracy - (i + 1) as f64 * 0.0005)
        .bind(public_id)
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    app::db::board::bump_version(&mut tx, 0).await.unwrap();
    tx.commit().await.unwrap();
}

/// The text of the "rows left out" note, if the page has one.
fn limited_note(html: &str) -> Option<&str> {
    let start = html.find("id=\"rows-limited\"")?;
    let text = &html[start + html[start..].find('>').unwrap() + 1..];
    Some(&text[..text.find("</p>").unwrap()])
}

fn verified_rows(html: &str) -> usize {
    html.matches("data-source=\"verified\"").count()
}

async fn the_page_shows_the_best_verified_rows_and_says_so(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (good, _weak) = with_submissions(&app).await;
    clone_submission(&app, &good, 250).await;
    // 252 public verified submissions: Cedar-70B, Clone-0..249, then the weak one.

    let html = app.get("/").await.body;
    assert_eq!((table_models(&html).len(), verified_rows(&html)), (216, 200), "16 published + the best 200");
    assert!(html.contains("Cedar-70B") && html.contains("data-model=\"Clone-198\""));
    // Rows left out are nowhere in the page, neither in the table nor in the hydration data.
    assert!(!html.contains("Clone-199") && !html.contains("Clone-249") && !html.contains("alert(1)"));
    let note = limited_note(&html).expect("the page says rows were left out");
    assert!(note.contains("Showing the best 200 of 252 matching verified submissions"), "{note}");
    assert!(
        note.contains("href=\"/api/v1/leaderboard.csv\"") && note.contains("href=\"/api/v1/leaderboard\""),
        "{note}"
    );
    assert!(html.contains("216 of 268 models"), "the caption counts the whole board");

    // The search looks through every submission, not only the rows shown.
    let html = app.get("/?q=ALERT").await.body;
    assert_eq!(table_models(&html), [SCRIPT]);
    assert!(limited_note(&html).is_none(), "nothing left out");
    let mut found = table_models(&app.get("/?q=clone-24&sort=model&dir=asc").await.body);
    found.sort();
    let mut expected: Vec<String> = std::iter::once(24).chain(240..250).map(|i| format!("Clone-{i}")).collect();
    expected.sort();
    assert_eq!(found, expected);

    // Filters count what they keep.
    let html = app.get("/?source=verified&q=clone").await.body;
    assert_eq!((table_models(&html).len(), verified_rows(&html)), (200, 200));
    assert!(limited_note(&html).unwrap().contains("best 200 of 250 matching"));
    let html = app.get("/?source=reported").await.body;
    assert_eq!((verified_rows(&html), limited_note(&html)), (0, None));
    let html = app.get("/?category=open-arabic").await.body;
    assert_eq!((table_models(&html).len(), limited_note(&html)), (3, None));
    // Submissions that declare no category: the best 200 of them, counted.
    let html = app.get("/?category=none").await.body;
    assert_eq!((table_models(&html).len(), verified_rows(&html)), (200, 200));
    assert!(limited_note(&html).unwrap().contains("best 200 of 252 matching"));
    let html = app.get("/?category=none&q=clone-24").await.body;
    assert_eq!(verified_rows(&html), 11, "the search within the category");
    // Sorting reorders the rows shown: the least accurate of them first.
    let html = app.get("/?source=verified&sort=accuracy&dir=asc").await.body;
    assert_eq!(table_models(&html).first().map(String::as_str), Some("Clone-198"));

    // In Arabic.
    let html = app.get("/?lang=ar").await.body;
    assert!(limited_note(&html).unwrap().contains("يُعرض أفضل 200 من 252 مشاركة"));

    // The exports keep every row; the chart draws a bounded number.
    assert_eq!(app.get("/api/v1/leaderboard").await.json()["rows"].as_array().unwrap().len(), 268);
    let csv = app.get("/api/v1/leaderboard.csv").await.body;
    assert_eq!(csv::Reader::from_reader(csv.as_bytes()).records().count(), 268);
    let svg = app.get("/charts/leaderboard.svg").await.body;
    let max = app::charts::leaderboard::MAX_MODEL_ROWS;
    assert!(svg.matches("<circle").count() <= max + 3 + 3, "at most {max} models, the baselines and the legend");
    assert!(svg.contains(&format!("best {max} of 268")), "the chart says it is cut");
    app.finish().await;
}

/// A search runs in the database, and keeps exactly the rows the filter
/// keeps (`BoardFilter::shows`, which the browser applies too): names
/// whose lower case is not ASCII (U+212A KELVIN SIGN lower-cases to "k",
/// "İ" to two characters), and searches holding `LIKE`'s own `%`, `_` and
/// `\`, which match only themselves. The best rows it keeps are shown,
/// in the board's order, and all of them counted.
async fn a_search_keeps_what_the_filter_keeps(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (good, _weak) = with_submissions(&app).await;
    let names = [
        "\u{212A}elvin-7B",
        "100%_Sure",
        "50%-Sure",
        "back\\slash",
        "ÜBER-Model",
        "İstanbul-7B",
        "Σίσυφος",
        "plain_model",
        "plainXmodel",
        "Bang!Model",
    ];
    copies_named(&app, &good, &names).await;
    let db = &app.state.db;
    let board = app::db::board::board(db).await.unwrap();
    let verified = |rows: &[&BoardRow]| {
        let mut names: Vec<String> =
            rows.iter().filter(|r| r.source == RowSource::Verified).map(|r| r.model.clone()).collect();
        names.sort();
        names
    };
    let searches = [
        "k", "K", "\u{212A}", "%", "%_", "_", "\\", "!", "g!m", "100%_", "über", "i\u{307}", "σ", "n_m", "x", "%x%",
        "a\u{0}",
    ];
    let categories = [None, Some("none"), Some("open-arabic")];
    for (search, category) in searches.iter().flat_map(|s| categories.map(|c| (s, c))) {
        let filter = BoardFilter { search: (*search).into(), category: category.map(Into::into), ..Default::default() };
        let kept: Vec<&BoardRow> = board.rows.iter().map(|r| &**r).filter(|r| filter.shows(r)).collect();
        let page = app::db::board::page(db, &filter, 1_000).await.unwrap();
        let shown: Vec<&BoardRow> = page.rows.iter().collect();
        assert_eq!(verified(&shown), verified(&kept), "{search:?} in {category:?}");
        assert_eq!(page.verified_matching, verified(&kept).len(), "{search:?} in {category:?}");
    }
    // The names above exercise each case ("k": the Kelvin sign's and "back").
    let found = |search: &str| {
        let filter = BoardFilter { search: search.into(), ..Default::default() };
        board.rows.iter().filter(|r| r.source == RowSource::Verified && filter.shows(r)).count()
    };
    assert_eq!((found("k"), found("%"), found("_"), found("\\"), found("!"), found("i\u{307}")), (2, 2, 2, 1, 1, 1));
    assert_eq!((found("n_m"), found("g!m"), found("zzz")), (1, 1, 0));
    // A search no name can hold reads nothing and finds nothing.
    let long = BoardFilter { search: "x".repeat(1_000), ..Default::default() };
    assert_eq!(app::db::board::page(db, &long, 10).await.unwrap().verified_matching, 0);
    // The best rows kept, in the board's order, and every one counted.
    let filter = BoardFilter { search: "sure".into(), ..Default::default() };
    let page = app::db::board::page(db, &filter, 1).await.unwrap();
    let first = board.rows.iter().find(|r| r.source == RowSource::Verified && filter.shows(r)).unwrap();
    let shown: Vec<&str> =
        page.rows.iter().filter(|r| r.source == RowSource::Verified).map(|r| r.model.as_str()).collect();
    assert_eq!((shown, page.verified_matching), (vec![first.model.as_str()], 2));
    // Through the page, escaped in its address.
    assert_eq!(table_models(&app.get("/?q=100%25_").await.body), ["100%_Sure"]);
    app.finish().await;
}
