//! The specialty × level heatmap of a submission's page and its SVG chart
//! (`/charts/submissions/{id}/heatmap.svg`): the page's cells are the score
//! card's `by_cell` figures, small and empty cells are marked, both
//! languages render, and the chart is served only to those who may see
//! the submission.

use std::collections::{BTreeMap, BTreeSet};

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::Value;

use crate::harness::{Backend, PASSWORD, Response, TestApp, section, session_from, without_markers};
use crate::on_both_backends;

on_both_backends!(page_heatmap_is_the_score_cards_cells, heatmap_chart_follows_the_submissions_visibility);

/// Below this many questions a cell is marked (as in the breakdown tables).
const SMALL_N: u64 = 30;

/// Uploads predictions for the demo key and returns the submission's id.
async fn upload(app: &TestApp, token: &str, query: &str, seed: u64) -> String {
    let resp = app.upload_raw(token, query, TestApp::demo_predictions(0.6, seed)).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    resp.json()["id"].as_str().unwrap().to_owned()
}

/// Signs a team in through the form and returns its session.
async fn signin(app: &TestApp, email: &str) -> String {
    let resp = app.post_form("/auth/signin", &[("email", email), ("password", PASSWORD)], None).await;
    session_from(&resp).expect("a session")
}

/// The page with Leptos's hydration markers removed.
fn page(resp: &Response) -> String {
    assert_eq!(resp.status, StatusCode::OK, "{}", resp.body);
    without_markers(&resp.body)
}

/// An attribute's value in a start tag.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(&tag[at..at + tag[at..].find('"')?])
}

/// Text without its tags.
fn visible(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// One `<td>` of the heatmap: its start tag and its visible text.
struct Cell {
    tag: String,
    text: String,
}

/// The heatmap's cells by (specialty, level), read from the page.
fn heat_cells(html: &str) -> BTreeMap<(String, String), Cell> {
    let table = section(html, r#"id="heatmap""#, "</table>");
    let mut out = BTreeMap::new();
    let mut rest = table;
    while let Some(i) = rest.find("<td") {
        let td = &rest[i..];
        let tag_end = td.find('>').unwrap();
        let end = td.find("</td>").unwrap();
        let tag = td[..tag_end].to_owned();
        let key = (attr(&tag, "data-specialty").unwrap().to_owned(), attr(&tag, "data-level").unwrap().to_owned());
        out.insert(key, Cell { text: visible(&td[tag_end + 1..end]), tag });
        rest = &td[end..];
    }
    out
}

fn classes(tag: &str) -> Vec<&str> {
    attr(tag, "class").unwrap_or("").split_whitespace().collect()
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

async fn page_heatmap_is_the_score_cards_cells(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Heat Lab", "h@heat.example").await;
    let id = upload(&app, &token, "model_name=Heat-7B", 21).await;
    let by_cell = app.get(&format!("/api/v1/submissions/{id}")).await.json()["by_cell"].clone();
    let by_cell = by_cell.as_object().expect("by_cell in the submission object");
    let levels: BTreeSet<&str> =
        by_cell.values().flat_map(|row| row.as_object().unwrap().keys().map(String::as_str)).collect();

    let html = page(&app.get(&format!("/submissions/{id}")).await);
    // After "By level", with the confounding note directly by it.
    let heading = html.find(r#"<h2 id="by-cell-h">By specialty and level</h2>"#).expect("the heatmap's heading");
    assert!(html.find("Accuracy by year of medical school").unwrap() < heading, "after the level table");
    assert!(heading < html.find("By number of options").unwrap(), "before the option table");
    let note = section(&html, r#"id="heatmap-confounded""#, "</p>");
    assert!(note.contains("Specialty and level are confounded") && note.contains("Ophthalmology"), "{note}");
    assert!(heading < html.find(r#"id="heatmap-confounded""#).unwrap());
    assert!(html.find(r#"id="heatmap-confounded""#).unwrap() < html.find(r#"id="heatmap""#).unwrap());

    // Columns: the levels present, in order; rows: every specialty.
    let table = section(&html, r#"id="heatmap""#, "</table>");
    let head = section(table, "<thead>", "</thead>");
    let shown: Vec<&str> = head.split(" data-level=\"").skip(1).map(|s| &s[..s.find('"').unwrap()]).collect();
    assert_eq!(shown, levels.iter().copied().collect::<Vec<_>>(), "one column per level present");
    for specialty in by_cell.keys() {
        assert!(table.contains(&format!(r#"<tr data-specialty="{specialty}">"#)), "{specialty} has a row");
    }

    let cells = heat_cells(&html);
    assert_eq!(cells.len(), by_cell.len() * levels.len(), "one cell per specialty and level");
    let (mut filled, mut small, mut empty) = (0, 0, 0);
    for (specialty, row) in by_cell {
        for level in &levels {
            let cell = &cells[&(specialty.clone(), (*level).to_owned())];
            match row.get(*level) {
                Some(b) => {
                    filled += 1;
                    let (n, correct) = (b["total"].as_u64().unwrap(), b["correct"].as_u64().unwrap());
                    let (accuracy, lo, hi) = (f(&b["accuracy"]), f(&b["ci95"][0]), f(&b["ci95"][1]));
                    assert_eq!(attr(&cell.tag, "data-n"), Some(n.to_string().as_str()), "{specialty} {level}");
                    assert_eq!(attr(&cell.tag, "data-correct"), Some(correct.to_string().as_str()));
                    let read = |name: &str| attr(&cell.tag, name).unwrap().parse::<f64>().unwrap();
                    assert!((read("data-accuracy") - accuracy).abs() < 1e-12, "{specialty} {level}: {}", cell.tag);
                    assert!((read("data-ci-low") - lo).abs() < 1e-12 && (read("data-ci-high") - hi).abs() < 1e-12);
                    // What a reader sees: the accuracy, its n and its 95% CI.
                    for shown in [format!("{accuracy:.3}"), format!("n = {n}"), format!("95% CI [{lo:.3}, {hi:.3}]")] {
                        assert!(cell.text.contains(&shown), "{shown} in {specialty} {level}: {}", cell.text);
                    }
                    assert!(classes(&cell.tag).contains(&"heat-cell"));
                    let style = attr(&cell.tag, "style").expect("a colour");
                    assert!(style.starts_with("background-color:#") && style.contains(";color:#"), "{style}");
                    // A small cell is painted in its bin's muted tint, never
                    // in the scale's loud colour; a full one in the colour.
                    let shade = app::palette::shade_of(accuracy);
                    let painted = if n < SMALL_N { shade.muted() } else { shade };
                    assert_eq!(style.trim_end_matches(';'), painted.css(), "{specialty} {level} n = {n}");
                    let marked = classes(&cell.tag).contains(&"small-n");
                    assert_eq!(marked, n < SMALL_N, "{specialty} {level} n = {n}: {}", cell.tag);
                    assert_eq!(cell.text.contains(&format!("n = {n} *")), n < SMALL_N, "{}", cell.text);
                    small += usize::from(n < SMALL_N);
                }
                None => {
                    empty += 1;
                    assert!(classes(&cell.tag).contains(&"heat-empty"), "{}", cell.tag);
                    assert_eq!(attr(&cell.tag, "data-n"), Some("0"));
                    assert_eq!(attr(&cell.tag, "data-accuracy"), None, "an empty cell has no accuracy");
                    assert_eq!(cell.text.trim(), "no questions");
                }
            }
        }
    }
    // The demo key's rare specialties make both kinds of cell.
    assert!(filled > 0 && small > 0 && empty > 0, "filled {filled}, small {small}, empty {empty}");
    assert!(html.contains("fewer than "), "small cells are explained");

    // The legend, and the chart with its download link.
    let legend = section(&html, r#"id="heatmap-legend""#, "</div>");
    assert_eq!(legend.matches("<li data-bin=").count(), 10, "{legend}");
    assert!(legend.contains("0.0–0.1") && legend.contains("0.9–1.0") && legend.contains("no questions"));
    let chart = format!("/charts/submissions/{id}/heatmap.svg");
    let figure = section(&html, r#"id="heatmap-chart""#, "</figure>");
    assert!(figure.contains(&format!(r#"src="{chart}""#)) && figure.contains(" alt=\""), "{figure}");
    assert!(figure.contains(&format!(r#"<a href="{chart}" download="medarabench-{id}-heatmap.svg""#)), "{figure}");

    // Arabic: the same cells, Arabic labels, the chart in Arabic.
    let ar = page(&app.get(&format!("/submissions/{id}?lang=ar")).await);
    assert!(ar.contains(r#"<h2 id="by-cell-h">حسب التخصص والمستوى</h2>"#));
    assert!(section(&ar, r#"id="heatmap-confounded""#, "</p>").contains("طب العيون"));
    let ar_table = section(&ar, r#"id="heatmap""#, "</table>");
    for label in ["التخصص / المستوى", "Y1 (السنة الأولى)", "التشريح", "لا أسئلة", "فترة الثقة 95%"]
    {
        assert!(ar_table.contains(label), "{label} in the Arabic heatmap");
    }
    assert!(ar_table.contains(r#"<span dir="ltr" class="heat-n num">n = "#), "numbers stay left-to-right");
    let ar_cells = heat_cells(&ar);
    assert_eq!(ar_cells.len(), cells.len());
    for (key, cell) in &cells {
        assert_eq!(attr(&ar_cells[key].tag, "data-n"), attr(&cell.tag, "data-n"), "{key:?}");
    }
    assert!(ar.contains(&format!(r#"src="{chart}?lang=ar""#)), "the Arabic chart");
    app.finish().await;
}

async fn heatmap_chart_follows_the_submissions_visibility(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let owner = app.team_with_token("Owners", "o@owners.example").await;
    let other = app.team_with_token("Others", "o@others.example").await;
    let public = upload(&app, &owner, "model_name=Open%20%3Cb%3E1%3C%2Fb%3E", 31).await;
    let private = upload(&app, &owner, "model_name=Hidden-2B&visibility=private", 32).await;

    // A public submission's chart: SVG with its title and text alternative.
    let resp = app.get(&format!("/charts/submissions/{public}/heatmap.svg")).await;
    assert_eq!(resp.status, StatusCode::OK, "{}", resp.body);
    assert_eq!(resp.headers[header::CONTENT_TYPE], "image/svg+xml; charset=utf-8");
    assert!(resp.body.starts_with("<?xml") && resp.body.contains("<svg"));
    assert!(resp.body.contains(
        r#"<title id="chart-heatmap-title">Open &lt;b&gt;1&lt;/b&gt;: accuracy by specialty and level</title>"#
    ));
    assert!(!resp.body.contains("<b>"), "the model name is escaped");
    let card = app.get(&format!("/api/v1/submissions/{public}")).await.json();
    let (specialty, row) = card["by_cell"].as_object().unwrap().iter().next().unwrap();
    let (level, cell) = row.as_object().unwrap().iter().next().unwrap();
    let desc = section(&resp.body, "<desc", "</desc>");
    let described = format!("{specialty}, {level}: {:.3} (n = {}", f(&cell["accuracy"]), cell["total"]);
    assert!(desc.contains(&described), "{described} in {desc}");
    assert!(desc.contains("no questions"), "empty cells are described");
    let ar = app.get(&format!("/charts/submissions/{public}/heatmap.svg?lang=ar")).await;
    assert_eq!(ar.status, StatusCode::OK);
    for label in ["حسب التخصص والمستوى", "Y1 (السنة الأولى)", "لا أسئلة", "فترة الثقة 95%"]
    {
        assert!(ar.body.contains(label), "{label} in the Arabic chart");
    }

    // Unknown ids are 404.
    assert_eq!(app.get("/charts/submissions/0123456789abcdef/heatmap.svg").await.status, StatusCode::NOT_FOUND);

    // A private one: 404 to anonymous visitors and to another team, by
    // token or by session; served to its own team either way.
    let path = format!("/charts/submissions/{private}/heatmap.svg");
    let with_token = |token: &str| {
        Request::get(&path).header("authorization", format!("Bearer {token}")).body(Body::empty()).unwrap()
    };
    let anonymous = app.get(&path).await;
    assert_eq!(anonymous.status, StatusCode::NOT_FOUND);
    assert!(!anonymous.body.contains("Hidden-2B"));
    assert_eq!(app.request(with_token(&other)).await.status, StatusCode::NOT_FOUND);
    let others_session = signin(&app, "o@others.example").await;
    let resp = app.get_with_cookie(&path, &others_session).await;
    assert_eq!(resp.status, StatusCode::NOT_FOUND);
    assert!(!resp.body.contains("Hidden-2B"));
    let own = app.request(with_token(&owner)).await;
    assert_eq!(own.status, StatusCode::OK);
    assert!(own.body.contains("Hidden-2B: accuracy by specialty and level"));
    assert!(own.headers[header::CACHE_CONTROL].to_str().unwrap().contains("no-store"), "not kept by shared caches");
    let owners_session = signin(&app, "o@owners.example").await;
    assert_eq!(app.get_with_cookie(&path, &owners_session).await.status, StatusCode::OK);
    // The owner's page shows the chart; another team's does not.
    let page_html = page(&app.get_with_cookie(&format!("/submissions/{private}"), &owners_session).await);
    assert!(page_html.contains(&format!(r#"src="{path}""#)));
    let theirs = app.get_with_cookie(&format!("/submissions/{private}"), &others_session).await;
    assert!(!theirs.body.contains(r#"id="heatmap""#) && !theirs.body.contains(&path));
    app.finish().await;
}
