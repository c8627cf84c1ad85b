//! Hostile text in every user-supplied field, checked on every surface that
//! shows it, in both languages: markup, quotes, `</script>`, `]]>`, bidi
//! overrides, NUL, very long strings. Each either is refused with a 400
//! that names its field (and stores nothing) or comes back as the same
//! text, never as markup.

use std::collections::HashSet;

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::harness::{Backend, PASSWORD, TestApp};
use crate::on_both_backends;

on_both_backends!(hostile_text_is_inert_on_every_surface, hostile_text_that_is_refused_stores_nothing);

/// Text that is accepted and must be shown as written.
const SHOWN: &[&str] = &[
    "</title><meta http-equiv=refresh content=0;url=http://evil.example/>",
    "\"><img src=x onerror=alert(1)>",
    "' onmouseover='alert(2)' x='",
    "</script><script>alert(3)</script>",
    "]]><svg onload=alert(4)><![CDATA[",
    "&lt;b&gt; &amp; <!-- --> <style>*{display:none}</style>",
    "=HYPERLINK(\"http://evil.example\")",
];

/// Markup that an injection would add to a page.
fn assert_inert(html: &str, surface: &str) {
    let doc = scraper::Html::parse_document(html);
    let all = scraper::Selector::parse("*").unwrap();
    let mut titles = 0;
    for el in doc.select(&all) {
        let name = el.value().name();
        for (attr, _) in el.value().attrs() {
            assert!(!attr.starts_with("on"), "{surface}: an event handler attribute {attr} on <{name}>");
        }
        assert!(name != "meta" || el.value().attr("http-equiv").is_none(), "{surface}: an injected <meta http-equiv>");
        assert!(!matches!(name, "img" if el.value().attr("src") == Some("x")), "{surface}: an injected <img>");
        assert!(name != "style", "{surface}: an injected <style>");
        if name == "script" {
            assert!(el.value().attr("nonce").is_some(), "{surface}: a <script> without the page's nonce");
        }
        if name == "title" {
            // The document's one title, or an inline chart's own.
            let parents: Vec<String> =
                el.ancestors().filter_map(|a| a.value().as_element().map(|e| e.name().to_owned())).collect();
            assert!(
                parents.first().is_some_and(|p| p == "head") || parents.iter().any(|p| p == "svg"),
                "{surface}: a <title> outside the head and the charts: {parents:?}"
            );
            titles += usize::from(parents.first().is_some_and(|p| p == "head"));
        }
    }
    assert_eq!(titles, 1, "{surface}: one <title> in the head");
    for hostile in SHOWN.iter().filter(|h| h.contains('<')) {
        assert!(!html.contains(hostile), "{surface}: {hostile:?} reached the page unescaped");
    }
}

/// The page's text and attribute values, as a browser reads them.
fn readable(html: &str) -> String {
    let doc = scraper::Html::parse_document(html);
    let all = scraper::Selector::parse("*").unwrap();
    let mut out: String = doc.root_element().text().collect::<Vec<_>>().join("");
    for el in doc.select(&all) {
        for (_, value) in el.value().attrs() {
            out.push('\n');
            out.push_str(value);
        }
    }
    out
}

/// The `<title>` text as a browser shows it.
fn title(html: &str) -> String {
    let doc = scraper::Html::parse_document(html);
    doc.select(&scraper::Selector::parse("title").unwrap()).flat_map(|t| t.text()).collect()
}

/// An SVG must parse as XML, and show `text` as text.
fn assert_svg_shows(svg: &str, text: &str, surface: &str) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{surface}: not well-formed XML ({e})"));
    let shown: String = doc.descendants().filter_map(|n| n.text()).collect::<Vec<_>>().join("\n");
    assert!(shown.contains(text), "{surface}: {text:?} not shown as text");
    for node in doc.descendants().filter(|n| n.is_element()) {
        let name = node.tag_name().name();
        assert!(!matches!(name, "script" | "foreignObject" | "img"), "{surface}: an injected <{name}>");
        assert!(node.attributes().all(|a| !a.name().starts_with("on")), "{surface}: an event handler on <{name}>");
    }
}

fn query(pairs: &[(&str, &str)]) -> String {
    serde_urlencoded::to_string(pairs).unwrap()
}

async fn hostile_text_is_inert_on_every_surface(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let mut ids = Vec::new();
    for (i, hostile) in SHOWN.iter().enumerate() {
        // Team names are 2-60 characters and unique.
        let team: String = format!("{i}{hostile}").chars().take(60).collect();
        let email = format!("h{i}@hostile.example");
        let resp = app.post_json("/api/v1/teams", json!({"name": team, "email": email, "password": PASSWORD})).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{team:?}: {}", resp.body);
        let token = app
            .post_json("/api/v1/tokens", json!({"email": email, "password": PASSWORD, "label": hostile}))
            .await
            .json()["token"]
            .as_str()
            .unwrap()
            .to_owned();
        let model: String = format!("{hostile} {i}");
        let params: String = hostile.chars().take(40).collect();
        let url = format!("https://models.example/{i}?q={hostile}");
        let q = query(&[
            ("model_name", &model),
            ("model_url", &url),
            ("notes", hostile),
            ("extraction", hostile),
            ("model_params", &params),
            ("visibility", "public"),
        ]);
        let resp = app.upload_raw(&token, &q, TestApp::demo_predictions(0.5 + 0.02 * i as f64, i as u64)).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{model:?}: {}", resp.body);
        let id = resp.json()["id"].as_str().unwrap().to_owned();

        // The API gives the text back exactly.
        let api = app.get(&format!("/api/v1/submissions/{id}")).await.json();
        assert_eq!(api["model_name"], model.as_str(), "{}", api);
        assert_eq!(api["notes"], *hostile);

        // The submission page, in both languages: the title and every field.
        for lang in ["", "?lang=ar"] {
            let surface = format!("/submissions/{id}{lang}");
            let page = app.get(&surface).await;
            assert_eq!(page.status, StatusCode::OK, "{surface}");
            assert_inert(&page.body, &surface);
            let shown_title = title(&page.body);
            assert!(shown_title.contains(&model) && shown_title.contains(&team), "{surface}: title {shown_title:?}");
            let text = readable(&page.body);
            for field in [&model, &team, &url, &hostile.to_string(), &params] {
                assert!(text.contains(field.as_str()), "{surface}: {field:?} not shown as text");
            }
            let chart = app.get(&format!("/charts/submissions/{id}/heatmap.svg{lang}")).await;
            assert_eq!(chart.status, StatusCode::OK);
            assert_svg_shows(&chart.body, &model, &format!("heatmap of {surface}"));
        }

        // The team page: the team's name, its token's label, its submissions.
        let session = app.signin(&email).await;
        for lang in ["", "?lang=ar"] {
            let surface = format!("/team{lang} of team {i}");
            let page = app.get_with_cookie(&format!("/team{lang}"), &session).await;
            assert_inert(&page.body, &surface);
            let text = readable(&page.body);
            for field in [&team, &model, &hostile.to_string()] {
                assert!(text.contains(field.as_str()), "{surface}: {field:?} not shown as text");
            }
        }
        ids.push((id, model, team));
    }

    // The leaderboard page, the comparison page, in both languages.
    let (a, b) = (&ids[0].0, &ids[1].0);
    for path in ["/".to_owned(), format!("/compare?a={a}&b={b}")] {
        for lang in ["", "lang=ar"] {
            let sep = if path.contains('?') { "&" } else { "?" };
            let surface = if lang.is_empty() { path.clone() } else { format!("{path}{sep}{lang}") };
            let page = app.get(&surface).await;
            assert_eq!(page.status, StatusCode::OK, "{surface}");
            assert_inert(&page.body, &surface);
            let text = readable(&page.body);
            let expected: Vec<&(String, String, String)> =
                if path == "/" { ids.iter().collect() } else { ids.iter().take(2).collect() };
            for (_, model, team) in expected {
                assert!(text.contains(model.as_str()), "{surface}: {model:?}");
                assert!(text.contains(team.as_str()), "{surface}: {team:?}");
            }
        }
    }

    // The exports and the chart: the same text, as data.
    let board = app.get("/api/v1/leaderboard").await.json();
    let models: HashSet<&str> = board["rows"].as_array().unwrap().iter().filter_map(|r| r["model"].as_str()).collect();
    let csv = app.get("/api/v1/leaderboard.csv").await;
    let mut reader = csv::Reader::from_reader(csv.body.as_bytes());
    let model_col = reader.headers().unwrap().iter().position(|h| h == "model").unwrap();
    let csv_models: Vec<String> = reader.records().map(|r| r.unwrap()[model_col].to_owned()).collect();
    let chart = app.get("/charts/leaderboard.svg").await;
    for (_, model, _) in &ids {
        assert!(models.contains(model.as_str()), "JSON export: {model:?}");
        assert!(
            csv_models.iter().any(|m| m == model || m.strip_prefix('\'') == Some(model)),
            "CSV export: {model:?} in {csv_models:?}"
        );
        // The chart cuts labels at 32 characters.
        let label: String = model.chars().take(32).collect();
        assert_svg_shows(&chart.body, &label, "/charts/leaderboard.svg");
    }

    // The MedArabiQ comparison: a model with scores on both benchmarks.
    let csv = app::domain::synthetic::synthetic_medarabiq(120, 8);
    let checked = app::domain::parse_key(app::domain::Benchmark::MedArabiQ, csv.as_bytes()).unwrap();
    let stored = app::db::keys::NewKey {
        benchmark: app::domain::Benchmark::MedArabiQ,
        name: "medarabiq-hostile",
        report: &checked.report,
        content: csv.as_bytes(),
        synthetic: true,
        exposure: app::domain::exposure::Exposure::Public,
        split: None,
    };
    app::db::keys::insert(&app.state.db, stored).await.unwrap();
    let token = app.team_with_token("Both benchmarks", "b@hostile.example").await;
    let model = SHOWN[1];
    let q = query(&[("model_name", model), ("benchmark", "medarabiq")]);
    let preds = app::domain::synthetic::synthetic_predictions(&checked.key, 0.7, 1);
    assert_eq!(app.upload_raw(&token, &q, preds).await.status, StatusCode::CREATED);
    let q = query(&[("model_name", model)]);
    assert_eq!(app.upload_raw(&token, &q, TestApp::demo_predictions(0.4, 9)).await.status, StatusCode::CREATED);
    for lang in ["", "?lang=ar"] {
        let surface = format!("/medarabiq{lang}");
        let page = app.get(&surface).await;
        assert_inert(&page.body, &surface);
        assert!(readable(&page.body).contains(model), "{surface}: {model:?}");
        let chart = app.get(&format!("/charts/medarabiq.svg{lang}")).await;
        assert_svg_shows(&chart.body, model, &format!("/charts/medarabiq.svg{lang}"));
    }
    app.finish().await;
}

/// Text no field accepts: each refusal names the field, stores nothing.
async fn hostile_text_that_is_refused_stores_nothing(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Refusals", "r@refusals.example").await;
    let refused_names = [
        ("a\u{0}b", "contains control or invisible characters"),
        ("two\nlines", "contains control or invisible characters"),
        ("tab\tbed", "contains control or invisible characters"),
        ("line\u{2028}separator", "contains control or invisible characters"),
        ("zero\u{200B}width", "contains control or invisible characters"),
        ("evil\u{202E}txt.exe", "bidirectional control characters"),
        ("\u{2066}isolated\u{2069}", "bidirectional control characters"),
    ];
    for (i, (bad, problem)) in refused_names.iter().enumerate() {
        let resp = app
            .post_json(
                "/api/v1/teams",
                json!({"name": bad, "email": format!("n{i}@refused.example"), "password": PASSWORD}),
            )
            .await;
        assert_eq!(resp.status, StatusCode::BAD_REQUEST, "team name {bad:?}: {}", resp.body);
        assert_field_problem(&resp.json(), "name", problem);
        for field in ["model_name", "model_url", "extraction", "model_params"] {
            let value = if field == "model_url" { format!("https://x.example/{bad}") } else { (*bad).to_owned() };
            let mut pairs = vec![("model_name", "ok".to_owned())];
            pairs.retain(|(k, _)| *k != field);
            pairs.push((field, value));
            let q = serde_urlencoded::to_string(&pairs).unwrap();
            let resp = app.upload_raw(&token, &q, TestApp::demo_predictions(0.5, 1)).await;
            assert_eq!(resp.status, StatusCode::BAD_REQUEST, "{field} {bad:?}: {}", resp.body);
            assert_field_problem(&resp.json(), field, problem);
        }
    }
    // Very long text: over each limit, refused with the limit named.
    let long = "<b>\"'&".repeat(50);
    let q = query(&[("model_name", &long)]);
    let resp = app.upload_raw(&token, &q, TestApp::demo_predictions(0.5, 1)).await;
    assert_eq!(resp.status, StatusCode::BAD_REQUEST);
    assert_field_problem(&resp.json(), "model_name", "longer than 120 characters");
    let resp =
        app.post_json("/api/v1/teams", json!({"name": long, "email": "l@long.example", "password": PASSWORD})).await;
    assert_field_problem(&resp.json(), "name", "2 to 60 characters");
    // Bidi controls in notes (free text) are kept: a note is shown in its
    // own direction-isolated block.
    let q = query(&[("model_name", "Notes-1"), ("notes", "\u{202E}reversed")]);
    let resp = app.upload_raw(&token, &q, TestApp::demo_predictions(0.5, 1)).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    assert_eq!(app.submission_count().await, 1, "only the acceptable upload was stored");
    let teams: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM teams").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(teams, 1, "no refused team was stored");
    app.finish().await;
}

fn assert_field_problem(body: &Value, field: &str, problem: &str) {
    let details = body["error"]["details"].as_array().unwrap_or_else(|| panic!("details in {body}"));
    assert!(
        details.iter().any(|d| d["field"] == field && d["problem"].as_str().is_some_and(|p| p.contains(problem))),
        "{field}: {problem:?} in {body}"
    );
}
