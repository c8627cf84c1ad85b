//! Held-out keys (docs/contract.md, "Exposure"): until `keys reveal`, no surface
//! shows a number derived from single questions, and the overall score
//! follows the Ladder; after it, everything is shown. And a script that
//! uploads one-answer variations of a file from many new teams learns
//! nothing about the answers it could not have guessed.

use axum::http::StatusCode;
use scraper::{Html, Selector};
use serde_json::Value;

use crate::harness::{Backend, TestApp};
use crate::on_both_backends;
use app::domain::exposure::Exposure;
use app::domain::{AnswerKey, Benchmark, parse_key};

on_both_backends!(
    nothing_per_question_is_shown_until_the_key_is_revealed,
    one_answer_probes_learn_nothing,
    a_corrected_held_out_key_rounds_its_new_scores,
    an_upload_is_scored_on_the_default_key_as_it_stands,
    re_encodings_of_the_same_answers_round_the_same_way,
    the_threshold_attack_learns_nothing,
    keys_exposure_counts_what_each_team_drew,
    one_ladder_per_team_starting_at_chance
);

/// One Ladder per team and key, started at chance: an upload with nothing
/// right shows the floor ("at or below chance", never an exact 0), and a
/// weaker model under a new name starts no Ladder of its own: it shows the
/// team's best again, marked as an upper bound, and its row is not ranked.
async fn one_ladder_per_team_starting_at_chance(backend: Backend) {
    let Some(app) = TestApp::start_with_quota(backend, 20).await else { return };
    let key = store_key(&app, "phase-7", 400, 91, Exposure::HeldOut).await;
    let items = key.items();
    let n = items.len();
    let step = app::domain::exposure::default_step(n);
    let chance = items.iter().map(|it| 1.0 / f64::from(it.options)).sum::<f64>() / n as f64;
    let floor = app::domain::exposure::chance_floor(chance, step);
    assert!(floor > 0.0 && floor <= chance && chance - floor < step, "{floor} {chance}");
    let token = app.team_with_token("Laddered", "l@ladder.example").await;
    let nothing: String = std::iter::once("question_id,answer\n".to_owned())
        .chain(items.iter().map(|it| format!("{},{}\n", it.id, if it.answer.as_char() == 'A' { 'B' } else { 'A' })))
        .collect();
    let mut shown = Vec::new();
    for (model, file) in [
        ("Nothing", nothing),
        ("Good", app::domain::synthetic::synthetic_predictions(&key, 0.8, 3)),
        ("Weak", app::domain::synthetic::synthetic_predictions(&key, 0.4, 4)),
    ] {
        let resp = app.upload_raw(&token, &format!("model_name={model}"), file).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
        shown.push(resp.json());
    }
    let flags = |v: &Value| {
        (v["accuracy"].as_f64().unwrap(), v["at_or_below_chance"] == true, v["not_above_team_best"] == true)
    };
    assert_eq!(flags(&shown[0]), (floor, true, false), "nothing right: the floor, not 0");
    let good = shown[1]["accuracy"].as_f64().unwrap();
    assert!(good > 0.7, "{good}");
    assert_eq!(flags(&shown[1]), (good, false, false));
    assert_eq!(flags(&shown[2]), (good, false, true), "a new model name starts no Ladder: the team's best again");
    let board = app.get("/api/v1/leaderboard").await.json();
    let row = |model: &str| board["rows"].as_array().unwrap().iter().find(|r| r["model"] == model).unwrap().clone();
    assert!(row("Weak")["not_above_team_best"] == true && row("Weak")["rank_best"].is_null(), "{}", row("Weak"));
    assert!(row("Good")["rank_best"].is_number() && row("Nothing")["at_or_below_chance"] == true);
    let page = app.get(&format!("/submissions/{}", shown[2]["id"].as_str().unwrap())).await.body;
    assert!(page.contains("id=\"held-notice\""), "{page}");
    let page = app.get(&format!("/submissions/{}", shown[0]["id"].as_str().unwrap())).await.body;
    assert!(page.contains("id=\"chance-notice\""), "{page}");
    let ar = app.get("/?lang=ar").await.body;
    assert!(ar.contains("≤ الصدفة") && ar.contains("≤ أفضل نتيجة للفريق"), "the board's badges in Arabic");
    app.finish().await;
}

/// `medarabench keys exposure NAME`: per team and in total, the scores
/// released on a held-out key and the Ladder's steps among them (a model's
/// first score, and every score above its best shown before), as the
/// uploads' answers saw them.
async fn keys_exposure_counts_what_each_team_drew(backend: Backend) {
    let Some(app) = TestApp::start_with_quota(backend, 50).await else { return };
    let key = store_key(&app, "phase-6", 300, 81, Exposure::HeldOut).await;
    let mut expected: Vec<(String, usize, usize)> = Vec::new();
    for (team, uploads) in [("Drawer A", 5), ("Drawer B", 2)] {
        let token = app.team_with_token(team, &format!("{}@exposure.example", team.len() + uploads)).await;
        // One Ladder per team: a model name starts none.
        let mut best: Option<f64> = None;
        let mut steps = 0;
        for i in 0..uploads {
            let model = format!("M{}", i % 2);
            // A model's first, then worse ones (released, no step) and a
            // much better one (a step).
            let accuracy = match i {
                0 | 1 => 0.5,
                3 => 0.8,
                _ => 0.3,
            };
            let file = app::domain::synthetic::synthetic_predictions(&key, accuracy, i as u64 + 1);
            let resp = app.upload_raw(&token, &format!("model_name={model}"), file).await;
            assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
            let shown = resp.json()["accuracy"].as_f64().unwrap();
            if best.is_none_or(|b| shown > b) {
                steps += 1;
                best = Some(shown);
            }
        }
        expected.push((team.to_owned(), uploads, steps));
    }
    let out = crate::cli::medarabench(&["keys", "exposure", "phase-6", "--json"], Some(app.database_url()));
    assert!(out.status.success(), "{}", crate::cli::stderr(&out));
    let report = crate::cli::stdout_json(&out);
    let teams: Vec<(String, usize, usize)> = report["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let n = |f: &str| usize::try_from(t[f].as_u64().unwrap()).unwrap();
            (t["team"].as_str().unwrap().to_owned(), n("released"), n("steps"))
        })
        .collect();
    assert_eq!(teams, expected, "{report}");
    assert!(expected[0].2 < expected[0].1, "some uploads released a score without a step: {expected:?}");
    assert_eq!(report["total"]["released"], 7);
    assert_eq!(report["exposure"], "held-out");
    let table = crate::cli::medarabench(&["keys", "exposure", "phase-6"], Some(app.database_url()));
    let text = String::from_utf8_lossy(&table.stdout).into_owned();
    assert!(text.contains("Drawer A") && text.lines().last().is_some_and(|l| l.starts_with("total")), "{text}");
    let unknown = crate::cli::medarabench(&["keys", "exposure", "no-such-key"], Some(app.database_url()));
    assert!(!unknown.status.success() && crate::cli::stderr(&unknown).contains("no stored key"));
    app.finish().await;
}

/// The threshold attack of issue 37, as measured on the release build,
/// with a new team (a Ladder of its own) for each probe: an upload with
/// nothing right shows the Ladder's floor, so the next one moves the shown
/// score exactly when its true count passes (floor + step) × n. A file one answer short of that, plus one
/// probed answer, moved if and only if the probe was right. With the
/// threshold's noise whether it moved says almost nothing: the answers the
/// attacker claims are no better than guesses. Without the noise
/// (`ladder_noise` 0) the same attack claims every probed answer, and
/// only right ones.
async fn the_threshold_attack_learns_nothing(backend: Backend) {
    const TARGETS: usize = 60;
    // (claimed, of them right, right answers among the probes)
    async fn attack(app: &TestApp, name: &str) -> (usize, usize, usize) {
        let key = store_key(app, name, 400, 71, Exposure::HeldOut).await;
        let items = key.items();
        let n = items.len();
        let step = app::domain::exposure::default_step(n);
        // A team's Ladder starts at chance rounded down to the step, which
        // a first upload with nothing right shows.
        let chance = items.iter().map(|it| 1.0 / f64::from(it.options)).sum::<f64>() / n as f64;
        let floor = app::domain::exposure::chance_floor(chance, step);
        // The smallest count that passes the floor + step; the prefix is one short.
        let threshold = (0..=n).find(|&c| c as f64 / n as f64 > floor + step).unwrap();
        let prefix = threshold - 1;
        let letter = |i: usize| char::from(b'A' + u8::try_from(i).unwrap());
        let wrong = |i: usize, shift: usize| {
            let it = &items[i];
            let k = usize::from(it.options);
            letter((it.answer.index() + 1 + shift % (k - 1)) % k)
        };
        let file = |answers: &dyn Fn(usize) -> char| {
            let mut s = String::from("question_id,answer\n");
            for (i, it) in items.iter().enumerate() {
                s.push_str(&format!("{},{}\n", it.id, answers(i)));
            }
            s
        };
        let (mut claimed, mut claimed_right, mut right) = (0, 0, 0);
        for t in 0..TARGETS {
            let q = prefix + t;
            // A new team for each probe: a Ladder of its own (a new model
            // name would not start one).
            let token = app.team_with_token(&format!("Thresholds {name} {t}"), &format!("t{t}@{name}.example")).await;
            let model = "model_name=Threshold";
            // Nothing right (a different wrong letter each time, so no upload repeats another).
            let zero = file(&|i| wrong(i, t + i));
            let resp = app.upload_raw(&token, model, zero).await;
            assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
            let base = resp.json()["accuracy"].as_f64().unwrap();
            assert_eq!(base, floor, "nothing right shows the floor, not 0");
            assert_eq!(resp.json()["at_or_below_chance"], true);
            // The prefix right, question q answered A, the rest wrong.
            let probe = file(&|i| {
                if i < prefix {
                    items[i].answer.as_char()
                } else if i == q {
                    'A'
                } else {
                    wrong(i, t)
                }
            });
            let resp = app.upload_raw(&token, model, probe).await;
            assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
            let moved = resp.json()["accuracy"].as_f64().unwrap() != base;
            let is_a = items[q].answer.as_char() == 'A';
            right += usize::from(is_a);
            if moved {
                claimed += 1;
                claimed_right += usize::from(is_a);
            }
        }
        (claimed, claimed_right, right)
    }
    let Some(app) = TestApp::start_with(backend, |c| {
        a_prober_is_not_limited(c);
        c.ladder_noise = Some(0.0);
    })
    .await
    else {
        return;
    };
    let (claimed, claimed_right, right) = attack(&app, "noiseless").await;
    assert_eq!((claimed, claimed_right), (right, right), "without noise the threshold gives every answer away");
    app.finish().await;

    let Some(app) = TestApp::start_with(backend, a_prober_is_not_limited).await else { return };
    let (claimed, claimed_right, right) = attack(&app, "noisy").await;
    let base_rate = right as f64 / TARGETS as f64;
    let precision = claimed_right as f64 / claimed.max(1) as f64;
    assert!(claimed > 0 && claimed < TARGETS, "a noisy threshold moves sometimes: {claimed}");
    assert!(precision < base_rate + 0.25, "claims right {claimed_right} of {claimed}; {right} of {TARGETS} were A");
    app.finish().await;
}

/// The same answers written 17 ways (line breaks, a byte-order mark,
/// gzip, JSON Lines, lower case, row order, spaces, another column, a
/// blank answer or an impossible letter for a question left out, a row
/// for a rejected question),
/// each from a new team (so each starts a Ladder of its own): one
/// draw of the Ladder's rounding, one shown score. Averaging re-encodings
/// learns nothing. The answers are chosen so that their accuracy sits
/// between two steps of the grid (each way up or down with probability
/// 0.3 to 0.7): a draw keyed by anything but the answers would show two
/// scores with probability above 99%.
async fn re_encodings_of_the_same_answers_round_the_same_way(backend: Backend) {
    let Some(app) = TestApp::start_with_quota(backend, 100).await else { return };
    let key = store_key(&app, "phase-4", 300, 51, Exposure::HeldOut).await;
    let items = key.items();
    let (n, step) = (items.len(), app::domain::exposure::default_step(items.len()));
    // One question of fewer than six options left out (so that F is an
    // impossible letter for it); the first `right` others answered right,
    // the rest wrong.
    let out = items.iter().rposition(|it| it.options < 6).expect("a question of fewer than six options");
    let answers = |right: usize| -> Vec<(u32, char)> {
        items
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != out)
            .map(|(i, it)| {
                let wrong = if it.answer.as_char() == 'A' { 'B' } else { 'A' };
                (it.id.get(), if i < right { it.answer.as_char() } else { wrong })
            })
            .collect()
    };
    let right = (0..n)
        .find(|&r| {
            let frac = (r as f64 / n as f64 / step).fract();
            r > n / 2 && (0.3..=0.7).contains(&frac)
        })
        .expect("an accuracy between two steps");
    let rows = answers(right);
    let csv = |eol: &str, f: &dyn Fn(u32, char) -> String| {
        let mut s = format!("question_id,answer{eol}");
        for &(id, a) in &rows {
            s.push_str(&f(id, a));
            s.push_str(eol);
        }
        s
    };
    let plain = csv("\n", &|id, a| format!("{id},{a}"));
    let jsonl = |eol: &str| -> String {
        rows.iter().map(|(id, a)| format!("{{\"question_id\": {id}, \"answer\": \"{a}\"}}{eol}")).collect()
    };
    let left_out = items[out].id.get();
    let rejected = key.rejected_ids().iter().next().expect("the synthetic key rejects rows").get();
    let reversed = {
        let mut lines: Vec<&str> = plain.lines().skip(1).collect();
        lines.reverse();
        format!("question_id,answer\n{}\n", lines.join("\n"))
    };
    let variants: Vec<(&str, Vec<u8>)> = vec![
        ("plain", plain.clone().into_bytes()),
        ("CRLF", csv("\r\n", &|id, a| format!("{id},{a}")).into_bytes()),
        ("BOM", format!("\u{feff}{plain}").into_bytes()),
        ("BOM and CRLF", format!("\u{feff}{}", csv("\r\n", &|id, a| format!("{id},{a}"))).into_bytes()),
        ("gzip", crate::formats::gzip(plain.as_bytes())),
        ("gzip of CRLF", crate::formats::gzip(csv("\r\n", &|id, a| format!("{id},{a}")).as_bytes())),
        ("lower case", csv("\n", &|id, a| format!("{id},{}", a.to_ascii_lowercase())).into_bytes()),
        ("spaces", csv("\n", &|id, a| format!("{id}, {a} ")).into_bytes()),
        ("reversed rows", reversed.into_bytes()),
        ("another column", {
            let mut s = String::from("question_id,answer,note\n");
            for (id, a) in &rows {
                s.push_str(&format!("{id},{a},x\n"));
            }
            s.into_bytes()
        }),
        ("blank for the left-out question", format!("{plain}{left_out},\n").into_bytes()),
        ("a row for a rejected question", format!("{plain}{rejected},C\n").into_bytes()),
        ("an impossible letter for the left-out question", format!("{plain}{left_out},F\n").into_bytes()),
        ("JSON Lines", jsonl("\n").into_bytes()),
        ("JSON Lines, CRLF", jsonl("\r\n").into_bytes()),
        ("gzip of JSON Lines", crate::formats::gzip(jsonl("\n").as_bytes())),
        ("JSON Lines, keys the other way", {
            rows.iter()
                .map(|(id, a)| format!("{{\"answer\": \"{a}\", \"question_id\": {id}}}\n"))
                .collect::<String>()
                .into_bytes()
        }),
    ];
    let mut shown = Vec::new();
    for (i, (what, file)) in variants.into_iter().enumerate() {
        // A new team each time: a Ladder of its own, so each upload draws.
        let token = app.team_with_token(&format!("Encoder {i}"), &format!("e{i}@encodings.example")).await;
        let resp = app.upload_raw(&token, "model_name=Encoding", file).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{what}: {}", resp.body);
        shown.push((resp.json()["accuracy"].as_f64().unwrap(), what));
    }
    assert!(shown.iter().all(|(s, _)| *s == shown[0].0), "one draw for one set of answers: {shown:?}");
    app.finish().await;
}

/// The settings of a server an attack test probes as fast as it likes: no
/// write rate limit, and quotas far beyond its uploads.
fn a_prober_is_not_limited(c: &mut server::config::ServerConfig) {
    c.writes_per_minute = 0;
    c.daily_quota = 10_000;
    c.total_quota = 10_000;
}

/// Stores a synthetic key of `rows` rows with `exposure`; returns the key.
async fn store_key(app: &TestApp, name: &str, rows: usize, seed: u64, exposure: Exposure) -> AnswerKey {
    let csv = app::domain::synthetic::synthetic_key(rows, seed).csv;
    app.store_synthetic_key(name, &csv, exposure, None).await
}

const PER_QUESTION_FIELDS: [&str; 9] = [
    "correct",
    "missing",
    "ignored",
    "by_specialty",
    "by_level",
    "by_options",
    "by_subspecialty",
    "by_cell",
    "by_cell",
];

fn count(html: &str, selector: &str) -> usize {
    Html::parse_document(html).select(&Selector::parse(selector).unwrap()).count()
}

/// Every surface of submissions `a` and `b` (one team each, same key):
/// whether it shows per-question numbers (`true`) or only the Ladder's
/// overall score (`false`); panics on a surface that mixes the two.
async fn surfaces_show_breakdowns(app: &TestApp, token: &str, a: &str, b: &str) -> bool {
    let auth = format!("Bearer {token}");
    let api = app
        .request(
            axum::http::Request::get(format!("/api/v1/submissions/{a}"))
                .header("authorization", &auth)
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await
        .json();
    let full = api["exposure"] == "public";
    for field in PER_QUESTION_FIELDS {
        assert_eq!(api.get(field).is_some(), full, "API `{field}` (exposure {}): {api}", api["exposure"]);
        assert_eq!(api["scores"].get(field).is_some(), full, "API scores.{field}: {api}");
    }
    assert_eq!(api["key"].get("sha256").is_some(), full, "the key's hash: {}", api["key"]);
    // The file's own letters always; beside the key's only when full.
    assert!(api["letter_shares"]["chosen"]["A"]["count"].is_u64(), "the file's letters: {api}");
    assert_eq!(api["letter_shares"].get("against_key").is_some(), full, "letters against the key: {api}");
    assert_eq!(api.get("calibration").is_some(), full, "calibration: {api}");
    assert_eq!(api.get("robustness").is_some(), full, "robustness: {api}");
    if !full {
        let (accuracy, step) = (api["accuracy"].as_f64().unwrap(), api["ladder_step"].as_f64().unwrap());
        assert!(((accuracy / step) - (accuracy / step).round()).abs() < 1e-6, "on the Ladder's grid: {api}");
    }
    for lang in ["", "?lang=ar"] {
        let page = app.get(&format!("/submissions/{a}{lang}")).await;
        assert_eq!(page.status, StatusCode::OK);
        let tables = count(&page.body, "table.breakdown, #key-versions");
        assert_eq!(count(&page.body, "#by-cell") == 1, full, "heatmap section{lang}");
        assert_eq!(tables > 0, full, "breakdown tables{lang}: {tables}");
        assert_eq!(count(&page.body, "#held-out-notice") == 1, !full, "held-out notice{lang}");
        assert_eq!(count(&page.body, "#missing") == 1, full, "missing count{lang}");
        assert_eq!(count(&page.body, "#letter-shares"), 1, "the file's letters{lang}");
        assert_eq!(count(&page.body, "#letters-held-out") == 1, !full, "letters without the key's{lang}");
        assert_eq!(count(&page.body, "#calibration-figures") == 1, full, "calibration{lang}");
        assert_eq!(count(&page.body, "#calibration-held-out") == 1, !full, "calibration withheld{lang}");
        assert_eq!(count(&page.body, "#order-figures") == 1, full, "option order{lang}");
        assert_eq!(count(&page.body, "#order-held-out") == 1, !full, "option order withheld{lang}");
    }
    // The model card's badge and block show the shown accuracy, no other.
    let badge = app.get(&format!("/submissions/{a}/badge.svg")).await;
    assert_eq!(badge.status, StatusCode::OK);
    assert!(
        badge.body.contains(&format!("{:.3} (n = {}", api["accuracy"].as_f64().unwrap(), api["total"])),
        "{}",
        badge.body
    );
    assert_eq!(badge.body.contains("held-out key"), !full, "{}", badge.body);
    let block = app.get(&format!("/submissions/{a}/model-index.yaml")).await;
    assert!(block.body.contains(&format!("value: {}\n", api["accuracy"])), "{}", block.body);
    for name in ["heatmap", "reliability", "risk-coverage"] {
        let chart = app.get(&format!("/charts/submissions/{a}/{name}.svg")).await;
        assert_eq!(chart.status == StatusCode::OK, full, "{name} chart: {}", chart.status);
    }
    let compare = app.get(&format!("/compare?a={a}&b={b}")).await;
    assert_eq!(count(&compare.body, "#mcnemar-p") > 0, full, "compare: {}", compare.body.len());
    // A public submission on a held-out key is named as such, not as
    // missing, in both languages.
    for (lang, held_out, missing) in
        [("", "held-out answer key", "No public submission"), ("&lang=ar", "مفتاح إجابات محجوب", "لا توجد مشاركة علنية")]
    {
        let compare = app.get(&format!("/compare?a={a}&b={b}{lang}")).await;
        let message: String = Html::parse_document(&compare.body)
            .select(&Selector::parse("#compare-message").unwrap())
            .flat_map(|m| m.text())
            .collect();
        assert_eq!(message.contains(held_out), !full, "compare{lang}: {message:?}");
        assert!(!message.contains(missing), "compare{lang}: {message:?}");
    }
    let board: Value = app.get("/api/v1/leaderboard").await.json();
    let row = board["rows"].as_array().unwrap().iter().find(|r| r["submission_id"] == a).expect("on the board");
    assert_eq!(row["correct"].is_u64(), full, "board row: {row}");
    assert_eq!(row["calibration"].is_object(), full, "board row's calibration: {row}");
    assert_eq!(row["exposure"], if full { "public" } else { "held-out" });
    let constant_letters = board["reference"].as_array().unwrap().iter().filter(|r| r["correct"].is_u64()).count();
    assert_eq!(constant_letters > 0, full, "constant-letter baselines: {}", board["reference"]);
    full
}

async fn nothing_per_question_is_shown_until_the_key_is_revealed(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let key = store_key(&app, "phase-1", 400, 31, Exposure::HeldOut).await;
    let (ta, tb) =
        (app.team_with_token("Held A", "a@held.example").await, app.team_with_token("Held B", "b@held.example").await);
    let mut ids = Vec::new();
    for (token, seed) in [(&ta, 1), (&tb, 2)] {
        // With a confidence per answer: calibration is computed, and withheld.
        let file = app::domain::synthetic::synthetic_predictions(&key, 0.65, seed);
        let file = app::domain::synthetic::with_confidences(&key, &file, seed);
        // And the permuted task's file: option-order figures, withheld too.
        let again = app::domain::synthetic::synthetic_predictions(&key, 0.6, seed + 10);
        let permuted = app::domain::synthetic::as_permuted(&key, &again);
        let resp = app.upload_with_permuted(token, "Probe-7B", &file, &permuted).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
        let body = resp.json();
        assert_eq!(body["exposure"], "held-out", "{body}");
        assert!(body.get("correct").is_none() && body.get("by_specialty").is_none(), "the upload's answer: {body}");
        ids.push(body["id"].as_str().unwrap().to_owned());
    }
    assert!(!surfaces_show_breakdowns(&app, &ta, &ids[0], &ids[1]).await, "held out: nothing per question");
    let revealed = app::db::keys::reveal(&app.state.db, "phase-1", None).await.unwrap();
    assert_eq!(revealed.exposure, Exposure::Public);
    assert!(revealed.revealed_at.is_some());
    assert!(surfaces_show_breakdowns(&app, &ta, &ids[0], &ids[1]).await, "revealed: everything");
    assert!(app::db::keys::reveal(&app.state.db, "phase-1", None).await.is_err(), "already public");
    assert!(app::db::keys::reveal(&app.state.db, "no-such-key", None).await.is_err(), "unknown");
    app.finish().await;
}

/// The attack measured on the release build: upload a base file's
/// variations, one per letter of each targeted question, each under a new
/// model name (a new model starts a new Ladder), and take the letter whose
/// upload scores highest as the answer. On a public key it finds every
/// answer; on a held-out one no more than guessing would.
async fn one_answer_probes_learn_nothing(backend: Backend) {
    let Some(app) = TestApp::start_with(backend, a_prober_is_not_limited).await else { return };
    const TARGETS: usize = 12;
    for (exposure, name, seed) in [(Exposure::Public, "probe-public", 77), (Exposure::HeldOut, "probe-held-out", 78)] {
        let key = store_key(&app, name, 300, seed, exposure).await;
        let token = app.team_with_token(&format!("Prober {name}"), &format!("p@{name}.example")).await;
        let base = app::domain::synthetic::synthetic_predictions(&key, 0.65, 5);
        let mut found = 0;
        for (q, item) in key.items().iter().take(TARGETS).enumerate() {
            let mut scores: Vec<(f64, char)> = Vec::new();
            for letter in ['A', 'B', 'C', 'D', 'E', 'F'].into_iter().take(usize::from(item.options)) {
                let file = set_answer(&base, &item.id.to_string(), letter);
                let resp = app.upload_raw(&token, &format!("model_name=Probe-{q}-{letter}"), file).await;
                assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
                scores.push((resp.json()["accuracy"].as_f64().unwrap(), letter));
            }
            // A unique highest score names a letter; a tie names none.
            let top = scores.iter().map(|s| s.0).fold(f64::MIN, f64::max);
            let leaders: Vec<char> = scores.iter().filter(|s| s.0 == top).map(|s| s.1).collect();
            if leaders == [item.answer.as_char()] {
                found += 1;
            }
        }
        match exposure {
            Exposure::Public => assert_eq!(found, TARGETS, "exact scores give every probed answer away"),
            Exposure::HeldOut => assert!(found <= TARGETS / 2, "found {found} of {TARGETS} answers"),
        }
    }
    app.finish().await;
}

/// `file` (question_id,answer CSV) with question `id` answered `letter`.
fn set_answer(file: &str, id: &str, letter: char) -> String {
    let mut out = String::new();
    for line in file.lines() {
        match line.split_once(',') {
            Some((q, _)) if q.trim() == id => out.push_str(&format!("{q},{letter}\n")),
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

struct Quiet;
impl app::services::key_versions::Progress for Quiet {}

/// Errata on a held-out key: the corrected version stays held out, and
/// each re-scored submission shows its new accuracy on the Ladder's grid
/// (within a step of the true one), still with nothing per question.
async fn a_corrected_held_out_key_rounds_its_new_scores(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let key = store_key(&app, "phase-2", 300, 41, Exposure::HeldOut).await;
    let token = app.team_with_token("Errata held", "e@held.example").await;
    let file = app::domain::synthetic::synthetic_predictions(&key, 0.6, 3);
    let resp = app.upload_raw(&token, "model_name=Corrected-1B", file.clone()).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let id = resp.json()["id"].as_str().unwrap().to_owned();
    // The correction: 60 keyed answers (a fifth) change to the letter this
    // file gave, so the true accuracy moves by more than a step.
    let original = app::domain::synthetic::synthetic_key(300, 41).csv;
    let given: std::collections::HashMap<String, String> =
        file.lines().skip(1).filter_map(|l| l.split_once(',').map(|(q, a)| (q.to_owned(), a.to_owned()))).collect();
    let mut changed = 0;
    let mut corrected = String::new();
    let mut reader = csv::ReaderBuilder::new().from_reader(original.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let answer_at = headers.iter().position(|h| h == "Correct Answer").unwrap();
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(&headers).unwrap();
    for row in reader.records() {
        let mut row: Vec<String> = row.unwrap().iter().map(str::to_owned).collect();
        if changed < 60
            && let Some(letter) = given.get(&row[0])
            && *letter != row[answer_at]
            && key.items().iter().any(|it| it.id.to_string() == row[0])
        {
            row[answer_at] = letter.clone();
            changed += 1;
        }
        writer.write_record(&row).unwrap();
    }
    corrected.push_str(&String::from_utf8(writer.into_inner().unwrap()).unwrap());
    let checked = parse_key(Benchmark::MedAraBench, corrected.as_bytes()).unwrap();
    let db = &app.state.db;
    let stored = app::services::key_versions::store_version(
        db,
        Benchmark::MedAraBench,
        "phase-2",
        None,
        &checked,
        corrected.as_bytes(),
    )
    .await
    .unwrap();
    assert_eq!(stored.key.exposure, Exposure::HeldOut, "a correction of a held-out key is held out");
    app::services::key_versions::rescore_all(db, &stored.key, &mut Quiet).await.unwrap();
    let record = app::db::submissions::get(db, &id).await.unwrap().unwrap();
    assert_eq!(record.key_id, stored.key.id, "re-scored on the new version");
    let ladder = record.ladder.expect("still on the Ladder");
    assert!(
        (ladder.shown - record.card.accuracy).abs() <= ladder.step + 1e-9,
        "{ladder:?} vs {}",
        record.card.accuracy
    );
    assert!(
        ((ladder.shown / ladder.step) - (ladder.shown / ladder.step).round()).abs() < 1e-6,
        "on the grid: {ladder:?}"
    );
    let api = app
        .request(
            axum::http::Request::get(format!("/api/v1/submissions/{id}"))
                .header("authorization", format!("Bearer {token}"))
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await
        .json();
    assert_eq!(api["accuracy"].as_f64().unwrap(), ladder.shown, "{api}");
    assert!(api.get("correct").is_none() && api["versions"].as_array().unwrap().is_empty(), "{api}");
    app.finish().await;
}

/// A process reads the default key once and each upload's transaction
/// checks it is still the default, with the same exposure: a key stored,
/// or revealed, by another process (the CLI) since the last upload is the
/// one the next upload is scored on.
async fn an_upload_is_scored_on_the_default_key_as_it_stands(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Key watchers", "k@watch.example").await;
    let upload = |model: &'static str, file: String| {
        let app = &app;
        let token = token.clone();
        async move {
            let resp = app.upload_raw(&token, &format!("model_name={model}"), file).await;
            assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
            resp.json()
        }
    };
    let demo = upload("Watcher-1", crate::board::predictions(0.5, 1)).await;
    assert_eq!(demo["exposure"], "public");
    let demo_key = demo["key"]["name"].as_str().unwrap().to_owned();

    // Stored by another process: this one has the demo key in hand.
    let key = store_key(&app, "phase-3", 120, 5, Exposure::HeldOut).await;
    let file = app::domain::synthetic::synthetic_predictions(&key, 0.7, 2);
    let held_out = upload("Watcher-2", file.clone()).await;
    assert_eq!(held_out["key"]["name"], "phase-3", "not {demo_key}: {held_out}");
    assert_eq!(held_out["exposure"], "held-out");
    assert!(held_out["ladder_step"].as_f64().is_some(), "the Ladder applies: {held_out}");

    // Revealed by another process: the same key, now public.
    app::db::keys::reveal(&app.state.db, "phase-3", Some(Benchmark::MedAraBench)).await.unwrap();
    let revealed = upload("Watcher-3", file).await;
    assert_eq!(revealed["key"]["name"], "phase-3");
    assert_eq!(revealed["exposure"], "public", "{revealed}");
    assert!(revealed["ladder_step"].is_null(), "{revealed}");
    app.finish().await;
}
