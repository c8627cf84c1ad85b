//! The public content pages (`/quality`, `/adapting`, `/dataset`,
//! `/submit`) in both languages, the chart download, the dataset card and
//! the extraction protocol: the published figures, the computed Cochran
//! steps and the stored key's report appear where they should.

use app::domain::synthetic::synthetic_key;
use app::domain::{KeyReport, RejectReason, WarningKind};
use axum::http::{StatusCode, header};

use crate::harness::{Backend, TestApp, section, without_markers};
use crate::on_both_backends;

on_both_backends!(
    quality_shows_table_2_cochran_and_the_judges,
    quality_and_dataset_report_the_stored_key,
    key_reports_give_each_reason_in_the_pages_language,
    a_report_stored_without_codes_shows_its_english_reasons,
    pages_say_when_no_key_is_stored,
    adapting_shows_table_5_and_its_chart,
    chart_downloads_as_svg,
    dataset_card_is_markdown_with_front_matter,
    submit_explains_formats_commands_and_quota,
    every_page_has_an_arabic_version,
    arabic_links_keep_the_language,
);

/// The language switch link.
fn lang_switch(html: &str) -> &str {
    let class = html.find(r#"class="lang-switch""#).expect("a language switch");
    let start = html[..class].rfind("<a ").unwrap();
    section(&html[start..], "<a ", "</a>")
}

/// The `<html ...>` start tag.
fn html_tag(html: &str) -> &str {
    section(html, "<html", ">")
}

async fn page(app: &TestApp, path: &str) -> String {
    let resp = app.get(path).await;
    assert_eq!(resp.status, StatusCode::OK, "{path}: {}", resp.body);
    let html = without_markers(&resp.body);
    let tag = html_tag(&html);
    if path.contains("lang=ar") {
        assert!(tag.contains(r#"lang="ar""#) && tag.contains(r#"dir="rtl""#), "{path}: {tag}");
    } else {
        assert!(tag.contains(r#"lang="en""#) && tag.contains(r#"dir="ltr""#), "{path}: {tag}");
    }
    assert_eq!(html.matches("<html").count(), 1);
    assert_eq!(tag.matches("lang=").count(), 1, "one lang attribute: {tag}");
    html
}

/// The `<a ...>...</a>` element with `id`.
fn link_with_id<'a>(html: &'a str, id: &str) -> &'a str {
    let at = html.find(&format!(r#" id="{id}""#)).unwrap_or_else(|| panic!("no #{id}"));
    let start = html[..at].rfind("<a ").expect("a link");
    section(&html[start..], "<a ", "</a>")
}

/// Stores a synthetic key as the newest (so the default) MedAraBench key.
async fn store_key(app: &TestApp, rows: usize, seed: u64) -> KeyReport {
    app.store_key("pages-test-key", &synthetic_key(rows, seed).csv, true).await
}

async fn quality_shows_table_2_cochran_and_the_judges(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let html = page(&app, "/quality").await;
    assert!(html.contains("<title>Data quality · MedAraBench</title>"));

    let table2 = section(&html, r#"<table id="table-2""#, "</table>");
    assert!(table2.contains("n = 378"), "{table2}");
    for (dimension, cells) in [
        ("Medical accuracy", ["0.722", "82.0%", "0.555"]),
        ("Clinical relevance", ["0.653", "65.6%", "0.275"]),
        ("Question difficulty", ["0.669", "65.6%", "0.233"]),
        ("Question quality", ["0.767", "68.3%", "0.152"]),
    ] {
        let row = section(table2, &format!(r#"<tr data-dimension="{dimension}""#), "</tr>");
        for cell in cells {
            assert!(row.contains(&format!(">{cell}</td>")), "{dimension} {cell}: {row}");
        }
    }
    assert!(html.contains("Source: Table 2"));

    // Cochran, worked through from the stored inputs.
    let n0 = section(&html, r#"id="cochran-n0""#, "</p>");
    assert!(n0.contains("1.96² · 0.5 · 0.5 / 0.05² = 384.16 → 384"), "{n0}");
    let n = section(&html, r#"id="cochran-n""#, "</p>");
    assert!(n.contains("384 / (1 + 383 / 24,883) = 378.2 → 378"), "{n}");
    assert!(html.contains("The paper states 384 and 378: the computation reproduces both."));

    // The judges: exactly the published values, everything else not reported.
    let judges = section(&html, r#"<table id="llm-judge-table""#, "</table>");
    let gpt = section(judges, r#"<tr data-judge="gpt-o3""#, "</tr>");
    assert!(gpt.contains("0.577 (expert 1), 0.505 (expert 2)"), "{gpt}");
    assert_eq!(judges.matches("≤ 0.039").count(), 3, "difficulty bound for each judge");
    assert_eq!(judges.matches(">not reported<").count(), 8, "12 cells, 4 published: {judges}");
    for judge in ["gemini-2.0-flash", "claude-4-sonnet"] {
        let row = section(judges, &format!(r#"<tr data-judge="{judge}""#), "</tr>");
        assert!(!row.contains("0.5"), "no invented value for {judge}: {row}");
    }
    assert!(html.contains("Source: the paper's LLM-as-a-judge section"));
    app.finish().await;
}

async fn quality_and_dataset_report_the_stored_key(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let report = store_key(&app, 1500, 77).await;
    assert!(!report.rejected.is_empty() && !report.warning_counts.is_empty(), "the synthetic key has defects");

    for path in ["/quality", "/dataset"] {
        let html = page(&app, path).await;
        assert!(html.contains(&format!(r#"data-key="{}""#, report.sha256)), "{path}: the stored key's report");
        assert!(html.contains("pages-test-key") && html.contains(r#"data-synthetic="true""#));
        let totals = section(&html, r#"id="key-totals""#, "</table>");
        for (label, n) in [
            ("Rows in the file", report.rows),
            ("Scored questions", report.scoreable),
            ("Rejected rows (not scored)", report.rejected.len()),
            ("Answers normalised (trimmed or case-folded)", report.normalized),
            ("Warnings (rows scored as written)", report.warnings.len()),
        ] {
            let row = section(totals, &format!(">{label}</th>"), "</tr>");
            assert!(row.contains(&format!(">{}</td>", app::i18n::count(n as u64))), "{path} {label}: {row}");
        }
        let rejected = section(&html, r#"id="key-rejected""#, "</table>");
        assert_eq!(rejected.matches("<tr>").count() - 1, report.rejected.len(), "one row each");
        for r in &report.rejected {
            assert!(rejected.contains(&r.reason), "{path}: {}", r.reason);
        }
        assert!(!rejected.contains(r#"lang="en""#), "{path}: the reasons are the page's own text");
        let warnings = section(&html, r#"id="key-warnings""#, "</table>");
        for (kind, n) in &report.warning_counts {
            let row = section(warnings, &format!(r#"data-warning="{}""#, kind.as_str()), "</tr>");
            assert!(row.contains(&format!(">{n}</td>")), "{path} {kind:?}: {row}");
        }
    }

    // The dataset page: specialty and level counts are the key's.
    let html = page(&app, "/dataset").await;
    let specialties = section(&html, r#"id="specialties""#, "</table>");
    assert_eq!(specialties.matches("<tr data-label=").count(), 19, "the paper's 19 specialties");
    for (name, n) in &report.specialties {
        let row = section(specialties, &format!(r#"<tr data-label="{name}""#), "</tr>");
        assert!(row.contains(&format!(">{}</td>", app::i18n::count(*n as u64))), "{name}: {row}");
    }
    let levels = section(&html, r#"id="levels""#, "</table>");
    for (level, n) in &report.levels {
        assert!(levels.contains(&format!(">{}</td>", app::i18n::count(*n as u64))), "{level}");
    }
    assert!(report.warning_counts.contains_key(&WarningKind::GroupMismatch));
    app.finish().await;
}

/// The reason cells of the rejected-rows table, in order: their codes
/// (`data-reasons`), whether they are marked English, and their text.
fn reason_cells(html: &str) -> Vec<(String, bool, String)> {
    let doc = scraper::Html::parse_document(html);
    let cells = scraper::Selector::parse("#key-rejected tbody tr td:nth-child(3)").unwrap();
    doc.select(&cells)
        .map(|td| {
            let codes = td.value().attr("data-reasons").unwrap_or_default().to_owned();
            (codes, td.value().attr("lang") == Some("en"), td.text().collect())
        })
        .collect()
}

async fn key_reports_give_each_reason_in_the_pages_language(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let report = app.store_key("defective-key", &TestApp::defective_key_csv(), false).await;
    assert_eq!(report.rejected.len(), 8, "{:?}", report.rejected);
    for path in ["/quality", "/dataset"] {
        let en = reason_cells(&page(&app, path).await);
        let ar = reason_cells(&page(&app, &format!("{path}?lang=ar")).await);
        assert_eq!((en.len(), ar.len()), (report.rejected.len(), report.rejected.len()), "{path}");
        for ((r, (en_codes, en_marked, en_text)), (ar_codes, ar_marked, ar_text)) in
            report.rejected.iter().zip(en).zip(ar)
        {
            let codes = r.reasons.iter().map(RejectReason::code).collect::<Vec<_>>().join(" ");
            assert!(!codes.is_empty());
            assert_eq!((&en_codes, &ar_codes), (&codes, &codes), "{path} line {}", r.line);
            assert!(!en_marked && !ar_marked, "{path} line {}: in the page's language", r.line);
            // English: the sentence `keys check` prints.
            assert_eq!(en_text, r.reason, "{path} line {}", r.line);
            assert!(ar_text.contains(|c: char| ('\u{0600}'..='\u{06FF}').contains(&c)), "{path}: {ar_text}");
            assert!(!ar_text.contains(" is ") && !ar_text.contains("answer"), "{path}: {ar_text}");
        }
    }
    // Several reasons of one row, each in Arabic, in order.
    let ar = reason_cells(&page(&app, "/quality?lang=ar").await);
    let row = report.rejected.iter().position(|r| r.question_id.is_some_and(|id| id.get() == 5)).expect("id 5");
    assert_eq!(ar[row].0, "key-reason-answer-not-a-letter key-reason-bad-level");
    assert_eq!(
        ar[row].2,
        "الإجابة «\u{2068}A+B\u{2069}» ليست حرفًا واحدًا من A إلى F؛ المستوى «\u{2068}Y9\u{2069}» ليس من Y1 إلى Y5"
    );
    app.finish().await;
}

async fn a_report_stored_without_codes_shows_its_english_reasons(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    // What the previous version stored: rejections with their English
    // reason only (`reasons` is left out of the JSON when empty).
    let csv = TestApp::defective_key_csv();
    let mut report = app::domain::parse_key(app::domain::Benchmark::MedAraBench, csv.as_bytes()).unwrap().report;
    for r in &mut report.rejected {
        r.reasons.clear();
    }
    assert!(!serde_json::to_string(&report).unwrap().contains("\"reasons\""));
    app.store_key_with_report("old-report", &csv, &report, false).await;
    for path in ["/quality", "/quality?lang=ar", "/dataset?lang=ar"] {
        let html = page(&app, path).await;
        let cells = reason_cells(&html);
        assert_eq!(cells.len(), report.rejected.len(), "{path}");
        for (r, (codes, marked, text)) in report.rejected.iter().zip(cells) {
            assert!(codes.is_empty() && marked, "{path}: the stored English text, marked English");
            assert_eq!(text, r.reason, "{path}");
        }
        let caption = section(&html, r#"<table id="key-rejected""#, "</caption>");
        if path.contains("lang=ar") {
            assert!(caption.contains("بالإنجليزية"), "{path}: the caption says why: {caption}");
        }
    }
    app.finish().await;
}

async fn pages_say_when_no_key_is_stored(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    // The harness stores the demo key; this test needs a server without one.
    sqlx::query("DELETE FROM answer_keys").execute(app.state.db.pool()).await.unwrap();
    let html = page(&app, "/quality").await;
    assert!(html.contains(r#"data-key="none""#) && html.contains("No answer key is stored yet"));
    let html = page(&app, "/dataset").await;
    assert!(html.contains("No answer key is stored on this server yet"));
    assert!(html.contains("Preventive Medicine"), "the 19 specialties are still listed");
    let card = app.get("/dataset-card.md").await.body;
    assert!(card.contains("No answer key is stored on this server yet"));
    assert!(!card.contains("| Specialty | Questions |"));
    let card = app.get("/dataset-card.md?lang=ar").await.body;
    assert!(card.contains("لم يُخزَّن أي مفتاح إجابات على هذا الخادم بعد"), "{card}");
    assert!(card.contains("التشريح (Anatomy)") && !card.contains("| التخصص | عدد الأسئلة |"));
    app.finish().await;
}

async fn adapting_shows_table_5_and_its_chart(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let html = page(&app, "/adapting").await;
    let table5 = section(&html, r#"<table id="table-5""#, "</table>");
    for (setting, accuracy, relative) in
        [("zero-shot", "0.170", "baseline"), ("3-shot", "0.191", "+12.4%"), ("QLoRA", "0.320", "+88.2%")]
    {
        let row = section(table5, &format!(r#"<tr data-setting="{setting}""#), "</tr>");
        assert!(row.contains(&format!(">{accuracy}</td>")) && row.contains(&format!(">{relative}</td>")), "{row}");
    }
    assert!(html.contains("n: test split, 4,989 questions; CI not reported"));
    assert!(html.contains("Source: Table 5"));
    let svg = section(&html, "<svg", "</svg>");
    assert!(svg.contains(r#"role="img""#) && svg.contains(r#"<title id="chart-adapting-title">"#), "{svg}");
    assert!(svg.contains("QLoRA 0.320 (+88.2% relative)"), "the text alternative lists the bars");
    assert!(html.contains(r#"href="/charts/adapting.svg""#));
    app.finish().await;
}

async fn chart_downloads_as_svg(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let resp = app.get("/charts/adapting.svg").await;
    assert_eq!(resp.status, StatusCode::OK);
    assert_eq!(resp.headers[header::CONTENT_TYPE], "image/svg+xml; charset=utf-8");
    assert!(resp.body.starts_with("<?xml"));
    assert!(resp.body.contains("<svg") && resp.body.contains("<title id=\"chart-adapting-title\">"));
    assert!(resp.body.contains("<desc") && resp.body.contains("0.320"));
    let ar = app.get("/charts/adapting.svg?lang=ar").await;
    assert!(ar.body.contains("الجدول 5"), "Arabic texts");
    app.finish().await;
}

async fn dataset_card_is_markdown_with_front_matter(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let report = store_key(&app, 1200, 5).await;
    let resp = app.get("/dataset-card.md").await;
    assert_eq!(resp.status, StatusCode::OK);
    assert_eq!(resp.headers[header::CONTENT_TYPE], "text/markdown; charset=utf-8");
    let md = resp.body;
    let front = md.strip_prefix("---\n").expect("YAML front matter first");
    let front = &front[..front.find("\n---\n").expect("front matter closed")];
    for line in [
        "pretty_name: MedAraBench",
        "language:\n- ar",
        "task_categories:\n- multiple-choice\n- question-answering",
        "size_categories:\n- 10K<n<100K",
        "license: unknown",
        "  - name: train\n    num_examples: 19894",
        "  - name: test\n    num_examples: 4989",
    ] {
        assert!(front.contains(line), "{line:?} in the front matter:\n{front}");
    }
    for text in [
        "| train | 19,894 |",
        "| test | 4,989 |",
        "4,959 rows",
        "34,333",
        "24,883",
        "arXiv",
        "2602.01714",
        "@inproceedings",
    ] {
        assert!(md.contains(text), "{text}");
    }
    assert!(md.contains("| `Correct Answer` | string |"), "the CSV columns");
    for (name, n) in &report.specialties {
        assert!(md.contains(&format!("| {name} | {} |", app::i18n::count(*n as u64))), "{name}");
    }
    for (level, n) in &report.levels {
        assert!(md.contains(&format!("| {level} | {} |", app::i18n::count(*n as u64))), "{level}");
    }
    assert!(md.contains(&format!("{} rejected", report.rejected.len())));
    for (kind, n) in &report.warning_counts {
        let label = app::i18n::common::warning_label(app::i18n::Lang::En, *kind);
        assert!(md.contains(&format!("| {label} | {n} |")), "{kind:?}");
        assert!(!md.contains(&format!("`{}`", kind.as_str())), "{kind:?}: the warning in words, not its code");
    }
    assert!(md.contains("Modern Standard Arabic only") && md.contains("Contamination is possible"));

    // `?lang=ar`: the same card in Arabic, with the same front matter.
    let resp = app.get("/dataset-card.md?lang=ar").await;
    assert_eq!(resp.status, StatusCode::OK);
    assert_eq!(resp.headers[header::CONTENT_TYPE], "text/markdown; charset=utf-8");
    let ar = resp.body;
    assert!(ar.starts_with(&format!("---\n{front}\n---\n")), "the same front matter");
    for text in ["## المصدر", "## البنية", "## الاستخدام المقصود", "| التدريب (train) | 19,894 |", "@inproceedings"]
    {
        assert!(ar.contains(text), "{text}");
    }
    for (level, n) in &report.levels {
        let label = app::i18n::common::level_label(app::i18n::Lang::Ar, level);
        assert!(ar.contains(&format!("| {label} | {} |", app::i18n::count(*n as u64))), "{level}");
    }
    for (kind, n) in &report.warning_counts {
        let label = app::i18n::common::warning_label(app::i18n::Lang::Ar, *kind);
        assert!(ar.contains(&format!("| {label} | {n} |")), "{kind:?}");
    }
    for english in ["Scoreable", "scoreable", "From the validation report", "not reported", "Modern Standard Arabic"] {
        assert!(!ar.contains(english), "{english}");
    }

    let html = page(&app, "/dataset").await;
    let links = section(&html, r#"<ul id="dataset-links""#, "</ul>");
    for href in [
        "https://github.com/nyuad-cai/MedAraBench",
        "https://arxiv.org/abs/2602.01714",
        "https://openreview.net/forum?id=1BXojAgNrg",
    ] {
        assert!(links.contains(&format!(r#"href="{href}""#)), "{href}: {links}");
    }
    for (id, href, file, text) in [
        ("card-download", "/dataset-card.md", "medarabench-dataset-card.md", "(English, Markdown)"),
        ("card-download-ar", "/dataset-card.md?lang=ar", "medarabench-dataset-card.ar.md", "(Arabic, Markdown)"),
    ] {
        let link = link_with_id(links, id);
        assert!(
            link.contains(&format!(r#"href="{href}""#)) && link.contains(&format!(r#"download="{file}""#)),
            "{link}"
        );
        assert!(link.contains(r#"type="text/markdown""#) && link.contains(text), "{link}");
    }
    let html = page(&app, "/dataset?lang=ar").await;
    let links = section(&html, r#"<ul id="dataset-links""#, "</ul>");
    assert!(links.contains("تنزيل بطاقة مجموعة البيانات (بالعربية، بصيغة Markdown)"), "{links}");
    assert!(links.contains(r#"href="/dataset-card.md?lang=ar""#) && links.contains(r#"href="/dataset-card.md""#));
    let splits = section(&html, r#"<table id="splits-table""#, "</table>");
    assert!(splits.contains(">19,894</td>") && splits.contains(">4,989</td>"), "{splits}");
    app.finish().await;
}

async fn submit_explains_formats_commands_and_quota(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let html = page(&app, "/submit").await;
    for text in [
        "question_id,answer",
        "medarabench score --keys medarabench-test_split.csv --predictions preds.csv",
        "medarabench submit --server \"$SERVER\" --token \"$TOKEN\" --model \"My-Model-7B\" preds.csv",
        "curl -H \"Authorization: Bearer $TOKEN\" -F file=@preds.csv -F model_name=My-Model-7B",
        "$SERVER/api/v1/submissions",
        "at most 64 MiB",
        "href=\"/extraction-protocol.md\"",
    ] {
        assert!(html.contains(text), "{text}");
    }
    assert_eq!(section(&html, r#"<ol id="extraction-rules""#, "</ol>").matches("<li>").count(), 7);
    let quota = section(&html, r#"id="quota-text""#, "</p>");
    assert!(quota.contains("5 files per UTC day and 100 in total"), "{quota}");

    let protocol = app.get("/extraction-protocol.md").await;
    assert_eq!(protocol.status, StatusCode::OK);
    assert_eq!(protocol.headers[header::CONTENT_TYPE], "text/markdown; charset=utf-8");
    assert!(protocol.body.starts_with("# Letter extraction protocol"));
    app.finish().await;
}

async fn every_page_has_an_arabic_version(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    for (path, title, arabic) in [
        ("/", "لوحة الصدارة", "دقة النماذج اللغوية"),
        ("/quality", "جودة البيانات", "مراجعة الخبراء"),
        ("/adapting", "تكييف نموذج صغير", "دقة Llama-3.1-8B-instruct"),
        ("/dataset", "مجموعة البيانات", "الاستخدام المقصود"),
        ("/submit", "طريقة المشاركة", "صيغ الملفات"),
    ] {
        let html = page(&app, &format!("{path}?lang=ar")).await;
        assert!(html.contains(&format!("<title>{title} · MedAraBench</title>")), "{path}");
        assert!(html.contains(arabic), "{path}: {arabic}");
        // The switch leads back to the English page.
        let switch = lang_switch(&html);
        assert!(switch.contains(&format!(r#"href="{path}""#)) && switch.contains("English"), "{switch}");
    }
    // Figures are the same in both languages.
    let html = page(&app, "/quality?lang=ar").await;
    assert!(html.contains("384.16 → 384") && html.contains("0.577") && html.contains("غير منشور"));
    let html = page(&app, "/adapting?lang=ar").await;
    assert!(html.contains(">0.320</td>") && html.contains("فترة الثقة غير منشورة"));

    // Unknown pages too, with a 404.
    let resp = app.get("/no-such-page?lang=ar").await;
    assert_eq!(resp.status, StatusCode::NOT_FOUND);
    let html = without_markers(&resp.body);
    assert!(html_tag(&html).contains(r#"dir="rtl""#) && html.contains("الصفحة غير موجودة"));
    app.finish().await;
}

async fn arabic_links_keep_the_language(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let html = page(&app, "/?lang=ar").await;
    let nav = section(&html, "<nav", "</nav>");
    for path in ["/quality", "/adapting", "/dataset", "/submit"] {
        assert!(nav.contains(&format!(r#"href="{path}?lang=ar""#)), "{path}: {nav}");
    }
    // The leaderboard's sort links stay Arabic and still sort.
    let header = section(&html, r#"data-sort-key="model""#, "</th>");
    assert!(header.contains(r#"href="?sort=model&amp;dir=asc&amp;lang=ar""#), "{header}");
    let sorted = page(&app, "/?sort=model&dir=asc&lang=ar").await;
    let first = sorted.split("<tr data-model=\"").nth(1).unwrap();
    assert!(first.starts_with("Allam-7B-instruct"), "sorted by model: {}", &first[..40]);
    assert!(sorted.contains("مغلق المصدر، عام"), "categories in Arabic");
    // The English switch keeps the sort.
    let switch = lang_switch(&sorted);
    assert!(switch.contains(r#"href="/?sort=model&amp;dir=asc""#), "{switch}");
    // English pages are unchanged: no lang parameter on their links.
    let html = page(&app, "/").await;
    let header = section(&html, r#"data-sort-key="model""#, "</th>");
    assert!(header.contains(r#"href="?sort=model&amp;dir=asc""#), "{header}");
    app.finish().await;
}
