//! The board behind `/`, `/api/v1/leaderboard(.csv)` and
//! `/charts/leaderboard.svg`: published, verified and reference rows with
//! rank ranges, cached per board version and shared by every process on
//! the database; the page's filters, sorting and escaping.

use axum::http::StatusCode;
use serde_json::Value;

use crate::harness::{Backend, TestApp};
use crate::on_both_backends;

on_both_backends!(
    board_rows_ranks_and_baselines,
    board_is_cached_per_version,
    page_filters_sorts_and_escapes,
    chart_and_csv_follow_the_board,
    two_processes_show_one_board,
    exports_are_made_once_per_board_version,
    rows_come_from_the_covering_index,
);

/// Two writes of different teams move the board's version without waiting
/// for each other's commit (PostgreSQL: one shared row had made every
/// public upload queue behind the one before it), and both moves count.
#[tokio::test]
async fn writes_of_two_teams_do_not_queue_on_the_board_version() {
    let Some(app) = TestApp::start(Backend::Postgres).await else { return };
    let db = &app.state.db;
    let before: i64 = app::db::board::version(db).await.unwrap().parse().unwrap();
    let mut first = db.pool().begin().await.unwrap();
    app::db::board::bump_version(&mut first, 1).await.unwrap();
    // Uncommitted, the first write holds its counter; the second, of
    // another team, would wait for it forever if they shared one.
    let mut second = db.pool().begin().await.unwrap();
    sqlx::query("SET LOCAL lock_timeout = '2s'").execute(&mut *second).await.unwrap();
    app::db::board::bump_version(&mut second, 2).await.expect("not blocked by the first team's write");
    second.commit().await.unwrap();
    first.commit().await.unwrap();
    let after: i64 = app::db::board::version(db).await.unwrap().parse().unwrap();
    assert_eq!(after, before + 2);
    app.finish().await;
}

pub(crate) fn demo_key() -> app::domain::AnswerKey {
    app::domain::parse_key(app::domain::Benchmark::MedAraBench, TestApp::demo_key_csv().as_bytes()).unwrap().key
}

pub(crate) fn predictions(accuracy: f64, seed: u64) -> String {
    app::domain::synthetic::synthetic_predictions(&demo_key(), accuracy, seed)
}

/// Uploads a prediction file and returns the submission's id.
async fn upload(app: &TestApp, token: &str, query: &str, accuracy: f64, seed: u64) -> String {
    let resp = app.upload_raw(token, query, predictions(accuracy, seed)).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    resp.json()["id"].as_str().unwrap().to_owned()
}

/// Two public submissions (one from a team whose name holds markup) and a
/// private one; returns the public ids, best first.
pub(crate) async fn with_submissions(app: &TestApp) -> (String, String) {
    let cedars = app.team_with_token("Cedars", "lead@cedars.example").await;
    let bold = app.team_with_token("<b>Bold</b> & Co", "b@bold.example").await;
    let good = upload(app, &cedars, "model_name=Cedar-70B&model_params=70B&contamination=none", 0.6, 1).await;
    let weak = upload(app, &bold, "model_name=%3Cscript%3Ealert(1)%3C%2Fscript%3E&model_params=8B", 0.3, 2).await;
    upload(app, &cedars, "model_name=Hidden-1B&visibility=private", 0.9, 3).await;
    (good, weak)
}

fn by_model<'a>(rows: &'a [Value], model: &str) -> &'a Value {
    rows.iter().find(|r| r["model"] == model).unwrap_or_else(|| panic!("{model} on the board"))
}

fn rank(row: &Value) -> (u64, u64) {
    (row["rank_best"].as_u64().expect("ranked"), row["rank_worst"].as_u64().expect("ranked"))
}

async fn board_rows_ranks_and_baselines(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (good, weak) = with_submissions(&app).await;
    let board = app.get("/api/v1/leaderboard").await.json();
    let rows = board["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 18, "16 published + 2 public submissions");
    assert!(!board.to_string().contains("Hidden-1B"), "private submissions stay off");

    // Published rows: Table 4, n = 4,989, an approximate Wilson interval.
    let o3 = by_model(rows, "GPT-o3");
    assert_eq!(
        (o3["source"].as_str(), o3["n"].as_u64(), o3["source_table"].as_str()),
        (Some("reported"), Some(4989), Some("Table 4"))
    );
    assert_eq!(o3["ci95_approximate"], true);
    let wilson = app::domain::stats::wilson((0.765_f64 * 4989.0).round() as usize, 4989);
    assert!(
        (o3["ci95"][0].as_f64().unwrap() - wilson[0]).abs() < 1e-12
            && (o3["ci95"][1].as_f64().unwrap() - wilson[1]).abs() < 1e-12
    );

    // Rank ranges: 0.765 and 0.764 cannot be told apart; 0.765 and 0.170 can.
    let (gpt5, llama) = (by_model(rows, "GPT-5"), by_model(rows, "Llama-3.1-8B-instruct"));
    assert_eq!(rank(o3).0, 1);
    assert!(
        rank(o3).1 >= rank(gpt5).0 && rank(gpt5).1 >= rank(o3).0,
        "GPT-o3 {:?} and GPT-5 {:?} overlap",
        rank(o3),
        rank(gpt5)
    );
    assert!(rank(o3).1 < rank(llama).0, "GPT-o3 {:?} above Llama-3.1-8B {:?}", rank(o3), rank(llama));

    // Verified rows: team, size, contamination, date, n, correct, CI, the demo-key flag, a rank.
    let v = by_model(rows, "Cedar-70B");
    assert_eq!(
        (v["source"].as_str(), v["team"].as_str(), v["submission_id"].as_str()),
        (Some("verified"), Some("Cedars"), Some(good.as_str()))
    );
    assert_eq!((v["params"].as_str(), v["contamination"].as_str()), (Some("70B"), Some("none")));
    assert_eq!(
        (v["n"].as_u64(), v["synthetic_key"].as_bool(), v["ci95_approximate"].as_bool()),
        (Some(demo_key().len() as u64), Some(true), Some(false))
    );
    assert!(v["submitted_at"].as_i64().unwrap() > 0 && v["correct"].as_u64().unwrap() > 2000);
    let w = by_model(rows, "<script>alert(1)</script>");
    assert_eq!((w["team"].as_str(), w["submission_id"].as_str()), (Some("<b>Bold</b> & Co"), Some(weak.as_str())));
    // 0.6 vs 0.3 on the same 5,000 questions (McNemar): clearly apart.
    assert!(rank(v).1 < rank(w).0, "{:?} vs {:?}", rank(v), rank(w));
    // Best first.
    let acc: Vec<f64> = rows.iter().map(|r| r["accuracy"].as_f64().unwrap()).collect();
    assert!(acc.windows(2).all(|p| p[0] >= p[1]), "{acc:?}");

    // Baselines, computed by the scorer on the default (demo) key; not ranked.
    let reference = board["reference"].as_array().unwrap();
    let key = demo_key();
    let constant = |letter: char| {
        let file: String = std::iter::once("question_id,answer".to_owned())
            .chain(key.items().iter().map(|it| format!("{},{letter}", it.id.get())))
            .collect::<Vec<_>>()
            .join("\n");
        app::domain::score_bytes(&key, file.as_bytes()).unwrap().card
    };
    let always_a = constant('A');
    let random = by_model(reference, "uniform random guessing");
    assert!((random["accuracy"].as_f64().unwrap() - always_a.random_baseline.expected_accuracy).abs() < 1e-12);
    let a = by_model(reference, "always A");
    assert!((a["accuracy"].as_f64().unwrap() - always_a.accuracy).abs() < 1e-12);
    assert_eq!(a["correct"].as_u64().unwrap(), always_a.correct as u64);
    let best = ['A', 'B', 'C', 'D', 'E', 'F'].into_iter().map(|l| constant(l).correct).max().unwrap();
    assert!(reference.iter().any(|r| r["correct"].as_u64() == Some(best as u64)), "the best constant letter");
    assert!(
        reference.iter().all(|r| r["source"] == "reference" && r["rank_best"].is_null() && r["synthetic_key"] == true)
    );
    app.finish().await;
}

async fn board_is_cached_per_version(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let version = || async { app::db::board::version(&app.state.db).await.unwrap() };
    let before = version().await;
    let (good, _) = with_submissions(&app).await;
    // Each submission moved the version on, in its own transaction, the
    // private one too (the board counts every attempt at a model).
    let after: i64 = version().await.parse().unwrap();
    assert_eq!(after, before.parse::<i64>().unwrap() + 3);
    let board = app.get("/api/v1/leaderboard").await.json();
    assert_eq!(board["board_version"], after.to_string());

    // A change the version does not record is not seen: the board is cached...
    sqlx::query("UPDATE submissions SET visibility = 'private' WHERE public_id = $1")
        .bind(&good)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    assert!(app.get("/api/v1/leaderboard").await.body.contains("Cedar-70B"), "served from the cache");
    // ...until the version moves on, even with no record of whose rows
    // changed (a write by an older build): the whole board is made again.
    app::db::board::catch_up(&app.state.db).await.unwrap();
    let (whole, _) = app::db::board::made(&app.state.db);
    sqlx::query("UPDATE board_version SET n = n + 1000 WHERE slot = 7").execute(app.state.db.pool()).await.unwrap();
    let board = app.get("/api/v1/leaderboard").await;
    assert!(!board.body.contains("Cedar-70B"), "recomputed at the new version");
    assert_eq!(board.json()["board_version"], (after + 1000).to_string());
    // The request may be answered from the board the background task has
    // stored but not counted yet: catching up waits for that task.
    app::db::board::catch_up(&app.state.db).await.unwrap();
    assert_eq!(app::db::board::made(&app.state.db).0, whole + 1, "made whole");
    assert!(!app.get("/").await.body.contains("Cedar-70B"), "the page shows the same board");
    app.finish().await;
}

/// The escaped model name with markup, as attributes and text carry it.
pub(crate) const SCRIPT: &str = "&lt;script&gt;alert(1)&lt;/script&gt;";

/// `data-model` values of the table body, in order (as HTML-escaped).
pub(crate) fn table_models(html: &str) -> Vec<String> {
    let table = &html[html.find("id=\"leaderboard\"").expect("the table")..];
    let body = &table[..table.find("</tbody>").unwrap()];
    body.split("<tr data-model=\"").skip(1).map(|s| s[..s.find('"').unwrap()].to_owned()).collect()
}

fn row_html<'a>(html: &'a str, attr: &str) -> &'a str {
    let start = html.find(attr).unwrap_or_else(|| panic!("{attr}"));
    &html[start..start + html[start..].find("</tr>").unwrap()]
}

async fn page_filters_sorts_and_escapes(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (good, weak) = with_submissions(&app).await;
    let html = app.get("/").await.body;
    let models = table_models(&html);
    assert_eq!(models.len(), 18, "{models:?}");
    assert_eq!(models[0], "GPT-o3");

    // Each source is marked; verified rows link to their page; baselines sit in the table's foot.
    let o3 = row_html(&html, "data-model=\"GPT-o3\"");
    assert!(
        o3.contains("badge-reported") && o3.contains("Table 4") && o3.contains("0.765") && o3.contains("ci-bar"),
        "{o3}"
    );
    assert!(o3.contains(">1–2<"), "GPT-o3 shares places 1–2 with GPT-5: {o3}");
    let cedar = row_html(&html, "data-model=\"Cedar-70B\"");
    assert!(cedar.contains("badge-verified") && cedar.contains(&format!("href=\"/submissions/{good}\"")), "{cedar}");
    assert!(cedar.contains("70B") && cedar.contains("badge-demo"), "{cedar}");
    let foot = &html[html.find("<tfoot").expect("baselines")..html.find("</tfoot>").unwrap()];
    assert!(foot.contains("data-reference=\"uniform random guessing\"") && foot.contains("Always A"), "{foot}");
    assert!(html.contains("id=\"synthetic-notice\""), "the demo key is called out");

    // Markup in a team or model name is text, never markup.
    let bold = row_html(&html, &format!("href=\"/submissions/{weak}\""));
    assert!(bold.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "{bold}");
    assert!(html.contains("&lt;b&gt;Bold&lt;/b&gt; &amp; Co"));
    assert!(!html.contains("<b>Bold</b>") && !html.contains("<script>alert(1)"));

    // Filters are query parameters of a GET form.
    assert!(html.contains("<form method=\"get\" action=\"/\""), "a plain GET form");
    let models = table_models(&app.get("/?source=verified").await.body);
    assert_eq!(models, ["Cedar-70B", SCRIPT]);
    let page = app.get("/?category=open-arabic").await.body;
    let mut arabic = table_models(&page);
    arabic.sort();
    assert_eq!(arabic, ["Allam-7B-instruct", "Fanar-C-1-8.7B", "c4ai-command-r7b-arabic"]);
    assert!(!page.contains("<tfoot"), "baselines have no category");
    let page = app.get("/?q=GPT&sort=model&dir=asc").await.body;
    assert_eq!(table_models(&page), ["GPT-4.1", "GPT-5", "GPT-o3"]);
    assert!(page.contains("<tfoot"), "the search keeps the baselines as a yardstick");
    let header = &page[page.find("data-sort-key=\"accuracy\"").unwrap()..];
    assert!(header[..header.find("</th>").unwrap()].contains("q=GPT"), "sort links keep the filters");
    assert!(table_models(&app.get("/?q=no-such-model").await.body).is_empty());
    assert!(app.get("/?source=reference").await.body.contains("No model matches these filters."));

    // Every column sorts on the server.
    let by_size = table_models(&app.get("/?sort=size&dir=desc").await.body);
    assert_eq!(&by_size[..2], ["Cedar-70B", SCRIPT], "stated sizes first");
    let mut by_date = table_models(&app.get("/?sort=date&dir=desc").await.body);
    by_date.truncate(2);
    by_date.sort();
    assert_eq!(by_date, [SCRIPT, "Cedar-70B"], "uploads first, published rows (no date) after");

    // In Arabic.
    let page = app.get("/?lang=ar&source=reported").await.body;
    assert!(page.contains("منشور") && page.contains("الجدول 4") && table_models(&page).len() == 16);
    app.finish().await;
}

async fn chart_and_csv_follow_the_board(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    with_submissions(&app).await;
    let resp = app.get("/charts/leaderboard.svg").await;
    assert_eq!(resp.status, StatusCode::OK);
    assert!(resp.headers["content-type"].to_str().unwrap().starts_with("image/svg+xml"));
    let svg = &resp.body;
    assert!(
        svg.contains("<title id=\"chart-leaderboard-title\">") && svg.contains("<desc id=\"chart-leaderboard-desc\">")
    );
    assert!(svg.contains("GPT-o3") && svg.contains("Cedar-70B") && svg.contains("Always A"));
    assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !svg.contains("<script"), "labels escaped");
    let verified = app.get("/charts/leaderboard.svg?source=verified&lang=ar").await.body;
    assert!(!verified.contains("GPT-o3") && verified.contains("Cedar-70B") && verified.contains("دقة MedAraBench"));
    assert!(app.get("/").await.body.contains("src=\"/charts/leaderboard.svg\""), "the page shows the chart");

    // The CSV: the same rows with their rank ranges; baselines on request.
    let csv = app.get("/api/v1/leaderboard.csv").await;
    let mut reader = csv::Reader::from_reader(csv.body.as_bytes());
    let header = reader.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("{name} column"));
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), 18);
    assert_eq!(
        (&records[0][col("model")], &records[0][col("rank_best")], &records[0][col("ci95_approximate")]),
        ("GPT-o3", "1", "true")
    );
    assert!(!records[0][col("rank_worst")].is_empty());
    let with_reference = app.get("/api/v1/leaderboard.csv?include=reference").await.body;
    let reference: Vec<csv::StringRecord> = csv::Reader::from_reader(with_reference.as_bytes())
        .records()
        .map(Result::unwrap)
        .filter(|r| &r[col("source")] == "reference")
        .collect();
    assert!(reference.len() >= 2 && reference.iter().all(|r| r[col("rank_best")].is_empty()));
    app.finish().await;
}

/// The verified rows of a board JSON: (model, rank range).
fn verified_ranks(board: &Value) -> Vec<(String, Option<(u64, u64)>)> {
    board["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["source"] == "verified")
        .map(|r| (r["model"].as_str().unwrap().to_owned(), r["rank_best"].as_u64().zip(r["rank_worst"].as_u64())))
        .collect()
}

/// Two server processes behind a load balancer: separate pools and caches
/// on one database. A submission stored through one is on the other's
/// page and API at once, with the same ranks.
async fn two_processes_show_one_board(backend: Backend) {
    let Some(first) = TestApp::start(backend).await else { return };
    let second = first.second_process().await;
    let (good, _) = with_submissions(&first).await;
    // Both boards computed and cached.
    for app in [&first, &second] {
        assert!(app.get("/").await.body.contains(&format!("href=\"/submissions/{good}\"")));
        assert_eq!(app.get("/api/v1/leaderboard").await.json()["rows"].as_array().unwrap().len(), 18);
    }

    // An upload through the first process...
    let token = first.team_with_token("Late Lab", "late@lab.example").await;
    let late = upload(&first, &token, "model_name=Late-Llama-9B&model_params=9B", 0.45, 7).await;
    // ...is on the second's API and page at once.
    let (one, two) = (first.get("/api/v1/leaderboard").await.json(), second.get("/api/v1/leaderboard").await.json());
    assert_eq!(two["board_version"], one["board_version"]);
    assert_eq!(two["rows"].as_array().unwrap().len(), 19);
    assert_eq!(two["rows"], one["rows"], "the same rows, ranks and intervals");
    assert_eq!(verified_ranks(&two), verified_ranks(&one));
    assert!(verified_ranks(&two).iter().any(|(m, r)| m == "Late-Llama-9B" && r.is_some()), "ranked");
    let (page_one, page_two) = (first.get("/").await.body, second.get("/").await.body);
    assert!(page_two.contains(&format!("href=\"/submissions/{late}\"")), "the second process's page shows it");
    assert_eq!(table_models(&page_two), table_models(&page_one));
    assert_eq!(table_models(&page_two).len(), 19);
    let rank_cells = |html: &str| -> Vec<String> {
        html.split("<td class=\"num rank\">").skip(1).map(|s| s[..s.find('<').unwrap()].to_owned()).collect()
    };
    assert_eq!(rank_cells(&page_two), rank_cells(&page_one), "the same rank ranges on both pages");
    second.finish().await;
    first.finish().await;
}

/// The JSON and CSV exports carry the board version as their ETag: sent
/// back, it gets 304 until the board changes; then the new export (with
/// the new row) is made and served.
async fn exports_are_made_once_per_board_version(backend: Backend) {
    use axum::body::Body;
    use axum::http::{Request, header};
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Cedars", "lead@cedars.example").await;
    upload(&app, &token, "model_name=Cedar-70B", 0.6, 1).await;
    for path in ["/api/v1/leaderboard", "/api/v1/leaderboard.csv", "/api/v1/leaderboard.csv?include=reference"] {
        let get_if = |etag: Option<String>| {
            let app = &app;
            async move {
                let mut req = Request::get(path);
                if let Some(etag) = etag {
                    req = req.header(header::IF_NONE_MATCH, etag);
                }
                app.request(req.body(Body::empty()).unwrap()).await
            }
        };
        let first = get_if(None).await;
        assert_eq!(first.status, StatusCode::OK, "{path}");
        let etag = first.headers[header::ETAG].to_str().unwrap().to_owned();
        assert_eq!(first.headers[header::CACHE_CONTROL], "no-cache", "{path}");
        assert!(first.body.contains("Cedar-70B"), "{path}");
        // The same version again: the same bytes, or 304 for a client that has them.
        assert_eq!(get_if(None).await.body, first.body, "{path}");
        let unchanged = get_if(Some(etag.clone())).await;
        assert_eq!((unchanged.status, unchanged.body.as_str()), (StatusCode::NOT_MODIFIED, ""), "{path}");
        assert_eq!(get_if(Some("\"something-else\"".into())).await.status, StatusCode::OK, "{path}");

        // A new public submission moves the board on: a new export, a new tag.
        let model = format!("Olive-8B-{}", path.len());
        upload(&app, &token, &format!("model_name={model}"), 0.4, path.len() as u64).await;
        let next = get_if(Some(etag.clone())).await;
        assert_eq!(next.status, StatusCode::OK, "{path}: the old tag is stale");
        assert_ne!(next.headers[header::ETAG].to_str().unwrap(), etag, "{path}");
        assert!(next.body.contains(&model), "{path}: the export was made again");
    }
    app.finish().await;
}

/// On SQLite the board's query reads the index that holds its columns, not
/// the submissions' rows (which carry some 18 KB of score card and
/// predictions each: reading past them took most of the board's time at
/// 100,000 submissions). A column added to the query without the index
/// fails here. PostgreSQL keeps large values apart and needs no index.
async fn rows_come_from_the_covering_index(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    if matches!(backend, Backend::Sqlite) {
        let plan: Vec<(i64, i64, i64, String)> =
            sqlx::query_as(&format!("EXPLAIN QUERY PLAN {}", app::db::board::ROWS_SELECT))
                .bind("medarabench")
                .fetch_all(app.state.db.pool())
                .await
                .unwrap();
        let steps: Vec<&str> = plan.iter().map(|p| p.3.as_str()).collect();
        assert!(steps.contains(&"SEARCH s USING COVERING INDEX submissions_board_rows (benchmark=?)"), "{steps:?}");
        // A version made from the changes reads the changed teams' entries
        // only, not every submission's.
        let plan: Vec<(i64, i64, i64, String)> =
            sqlx::query_as(&format!("EXPLAIN QUERY PLAN {}", app::db::board::team_rows_select(2)))
                .bind("medarabench")
                .bind(1)
                .bind(2)
                .fetch_all(app.state.db.pool())
                .await
                .unwrap();
        let steps: Vec<&str> = plan.iter().map(|p| p.3.as_str()).collect();
        let by_team = "SEARCH s USING COVERING INDEX submissions_board_rows (benchmark=? AND team_id=?)";
        assert!(steps.contains(&by_team), "{steps:?}");
        // A page reads its best rows in the board's order, never sorts
        // every stored row.
        let plan: Vec<(i64, i64, i64, String)> =
            sqlx::query_as(&format!("EXPLAIN QUERY PLAN {}", app::db::board::best_rows_select(200)))
                .bind(1)
                .fetch_all(app.state.db.pool())
                .await
                .unwrap();
        let steps: Vec<&str> = plan.iter().map(|p| p.3.as_str()).collect();
        assert_eq!(steps, ["SEARCH board_rows USING INDEX board_rows_order (gen=? AND source=?)"], "{steps:?}");
        // A search reads the folded names from an index in the board's
        // order (no sort step), with or without a category, and counts
        // from an index too, never the rows.
        for (by_category, index) in [(false, "board_rows_order"), (true, "board_rows_category")] {
            for limit in [Some(200), None] {
                let sql = app::db::board::search_select(limit, by_category);
                let explain = format!("EXPLAIN QUERY PLAN {sql}");
                let query = sqlx::query_as(&explain).bind(1).bind("%a%");
                let query = if by_category { query.bind("none") } else { query };
                let plan: Vec<(i64, i64, i64, String)> = query.fetch_all(app.state.db.pool()).await.unwrap();
                let steps: Vec<&str> = plan.iter().map(|p| p.3.as_str()).collect();
                let read = match limit {
                    Some(_) => format!("SEARCH board_rows USING COVERING INDEX {index} (gen=? AND source=?"),
                    None => "SEARCH board_rows USING COVERING INDEX board_rows_".to_owned(),
                };
                assert!(steps.len() == 1 && steps[0].starts_with(&read), "{sql}: {steps:?}");
            }
        }
    }
    // Either way the query runs.
    let rows = sqlx::query(app::db::board::ROWS_SELECT).bind("medarabench").fetch_all(app.state.db.pool()).await;
    assert!(rows.is_ok(), "{:?}", rows.err());
    app.finish().await;
}
