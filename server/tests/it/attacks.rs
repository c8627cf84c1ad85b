//! Boosting (issue 37, part 6), end to end: many teams upload random
//! answer vectors within the default quotas, vote the vectors that scored
//! above chance into one, upload it, and the key is revealed. On a
//! held-out key with a private split the vote learns nothing: its
//! private-part accuracy stays within chance + 2 points (the final
//! standing cannot be climbed by probing), and on the public part it is
//! no better than guessing (the Ladder's floor and one Ladder per team
//! leave the votes nothing to read). On a public key, whose scores are
//! exact, the same attack climbs well above chance: the test can tell.

use axum::http::StatusCode;
use serde_json::Value;

use crate::harness::{Backend, TestApp};
use crate::on_both_backends;
use app::domain::exposure::Exposure;
use app::domain::split::PublicPart;
use app::domain::{AnswerKey, Benchmark, KeyItem, parse_key};

on_both_backends!(boosting_learns_nothing_of_a_held_out_key);

/// Teams one client address may register a UTC day by default, and the
/// uploads each team may send a day (the default daily quota).
const TEAMS_A_DAY: usize = 3;
const UPLOADS: usize = 5;

/// A deterministic stream of numbers (splitmix64).
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A file of `letters` (an option index per scoreable question).
fn file(items: &[KeyItem], letters: &[u8]) -> String {
    let mut s = String::from("question_id,answer\n");
    for (it, l) in items.iter().zip(letters) {
        s.push_str(&format!("{},{}\n", it.id, char::from(b'A' + l)));
    }
    s
}

/// The attack: `teams` new teams each upload `UPLOADS` random vectors;
/// each vector whose shown score says something (not the Ladder's floor,
/// not a repeat of the team's best) votes for its letters, weighted by how
/// far its score is from chance; the vote's winners are uploaded by one
/// more team. Its submission id.
async fn boost(app: &TestApp, key: &AnswerKey, name: &str, teams: usize) -> String {
    let items = key.items();
    let mut rng = 37_u64;
    let mut votes = vec![[0f64; 6]; items.len()];
    for t in 0..teams {
        let token = app.team_with_token(&format!("Booster {name} {t}"), &format!("b{t}@{name}.example")).await;
        for u in 0..UPLOADS {
            let letters: Vec<u8> = items.iter().map(|it| (next(&mut rng) % u64::from(it.options)) as u8).collect();
            let resp = app.upload_raw(&token, &format!("model_name=Boost-{u}"), file(items, &letters)).await;
            assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
            let shown: Value = resp.json();
            let chance = shown["random_baseline"]["expected_accuracy"].as_f64().unwrap();
            let says_something = shown["at_or_below_chance"] != true && shown["not_above_team_best"] != true;
            if says_something {
                // Each vector votes for its letters by how far its score is
                // from chance: for them above it, against them below.
                let weight = shown["accuracy"].as_f64().unwrap() - chance;
                for (v, l) in votes.iter_mut().zip(&letters) {
                    v[usize::from(*l)] += weight;
                }
            }
        }
    }
    let boosted: Vec<u8> = votes
        .iter()
        .zip(items)
        .map(|(v, it)| {
            (0..usize::from(it.options)).max_by(|&a, &b| v[a].total_cmp(&v[b]).then(b.cmp(&a))).unwrap() as u8
        })
        .collect();
    let token = app.team_with_token(&format!("Booster {name} final"), &format!("final@{name}.example")).await;
    let resp = app.upload_raw(&token, "model_name=Boosted", file(items, &boosted)).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    resp.json()["id"].as_str().unwrap().to_owned()
}

/// Uniform guessing on `items`: its expected accuracy and standard deviation.
fn chance(items: impl Iterator<Item = u8>) -> (f64, f64) {
    let (mut n, mut e, mut var) = (0.0, 0.0, 0.0);
    for options in items {
        let p = 1.0 / f64::from(options);
        n += 1.0;
        e += p;
        var += p * (1.0 - p);
    }
    (e / n, var.sqrt() / n)
}

/// Stores a synthetic key of `rows` rows, held out and split or public.
async fn store(app: &TestApp, name: &str, rows: usize, exposure: Exposure) -> (AnswerKey, Option<PublicPart>) {
    let synthetic = app::domain::synthetic::synthetic_key(rows, 61 + name.len() as u64);
    let checked = parse_key(Benchmark::MedAraBench, synthetic.csv.as_bytes()).unwrap();
    let split = (exposure == Exposure::HeldOut)
        .then(|| app::db::keys::KeySplit { share: 0.3, seed: format!("attack-seed-{name}") });
    let part = split.as_ref().map(|s| PublicPart::draw(&checked.key, s.seed.as_bytes(), s.share));
    let key = app::db::keys::NewKey {
        benchmark: Benchmark::MedAraBench,
        name,
        report: &checked.report,
        content: synthetic.csv.as_bytes(),
        synthetic: true,
        exposure,
        split,
    };
    app::db::keys::insert(&app.state.db, key).await.unwrap();
    (checked.key, part)
}

/// The boosted vector's accuracy on the private and the public part of a
/// held-out key split 30/70, after `teams` teams' uploads and the reveal,
/// with both parts' chance levels and the public part's guessing sd.
async fn boosted_parts(app: &TestApp, name: &str, teams: usize) -> [f64; 5] {
    let (key, part) = store(app, name, 5000, Exposure::HeldOut).await;
    let part = part.unwrap();
    let id = boost(app, &key, name, teams).await;
    app::db::keys::reveal(&app.state.db, name, None).await.unwrap();
    let revealed = app.get(&format!("/api/v1/submissions/{id}")).await.json();
    let options = |public: bool| {
        key.items().iter().zip(part.mask()).filter(move |(_, p)| **p == public).map(|(it, _)| it.options)
    };
    let (private_e, _) = chance(options(false));
    let (public_e, public_sd) = chance(options(true));
    let private = revealed["private"]["accuracy"].as_f64().unwrap();
    let public = revealed["public"]["accuracy"].as_f64().unwrap();
    eprintln!(
        "{name}, {teams} teams: private {private:.4} (chance {private_e:.4}), public {public:.4} (chance {public_e:.4}, sd {public_sd:.4})"
    );
    [private, private_e, public, public_e, public_sd]
}

async fn boosting_learns_nothing_of_a_held_out_key(backend: Backend) {
    // Exact scores: the attack climbs (the test can tell a leak).
    let Some(app) = TestApp::start(backend).await else { return };
    let (key, _) = store(&app, "boost-public", 600, Exposure::Public).await;
    let id = boost(&app, &key, "public", 4 * TEAMS_A_DAY).await;
    let card = app.get(&format!("/api/v1/submissions/{id}")).await.json();
    let (e, sd) = chance(key.items().iter().map(|it| it.options));
    let accuracy = card["accuracy"].as_f64().unwrap();
    eprintln!("public key: boosted {accuracy:.4}, chance {e:.4} (sd {sd:.4})");
    assert!(accuracy > e + 3.0 * sd, "exact scores: boosting climbs above chance {e:.3}: {accuracy:.3}");
    app.finish().await;

    let Some(app) = TestApp::start(backend).await else { return };
    // Four addresses' day of teams: the private part, the final standing,
    // is not climbed.
    let [private, private_e, ..] = boosted_parts(&app, "boost-four", 4 * TEAMS_A_DAY).await;
    assert!(private <= private_e + 0.02, "private part: {private:.4} against chance {private_e:.4}");
    // One address's day, within the default limits: on the public part
    // too the vote is no better than guessing.
    let [private, private_e, public, public_e, public_sd] = boosted_parts(&app, "boost-one", TEAMS_A_DAY).await;
    assert!(private <= private_e + 0.02, "private part: {private:.4} against chance {private_e:.4}");
    assert!(public <= public_e + 3.0 * public_sd, "public part: {public:.4} against chance {public_e:.4}");
    app.finish().await;
}
