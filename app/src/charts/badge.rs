//! A submission's badge for a model card (`/submissions/{id}/badge.svg`):
//! "MedAraBench" beside the accuracy the site shows, with its n and 95%
//! CI, in English or Arabic. Drawn by hand (two boxes and two texts):
//! a chart library would add nothing here.
//!
//! On a held-out key the badge shows what the pages show: the Ladder's
//! accuracy (on the key's public part when it is split), and says so.

use super::escape;
use crate::domain::exposure::ShownScores;
use crate::domain::split::Part;
use crate::format::{acc, ci};
use crate::i18n::Lang;
use crate::i18n::submission::{text, value_label};

/// Height of the badge, in pixels.
const HEIGHT: u32 = 20;
/// The label's and the value's background colours.
const LABEL_FILL: &str = "#4a5159";
const VALUE_FILL: &str = "#0b5cad";

/// What a badge shows of a submission.
#[derive(Debug, Clone, Copy)]
pub struct Badge<'a> {
    /// Its scores as the policy shows them (the model card surface).
    pub scores: &'a ShownScores,
    pub model: &'a str,
    /// `medarabench` or `medarabiq`.
    pub benchmark: &'a str,
    /// Scored on the synthetic demo key, not the real test split.
    pub synthetic: bool,
}

/// The value a badge and a model card state: the accuracy with its n and
/// 95% CI, marked as an upper bound when the Ladder shows one (a team's
/// best repeated, or the floor at chance), and with what it is measured
/// on when that is not the whole real key. Figures stay left-to-right in
/// Arabic (isolated: the bidirectional algorithm would reverse an
/// interval among Arabic words).
pub fn value(badge: &Badge, lang: Lang) -> String {
    let t = text(lang);
    let separator = if lang == Lang::Ar { "؛" } else { ";" };
    let (lri, pdi) = if lang == Lang::Ar { ("\u{2066}", "\u{2069}") } else { ("", "") };
    let shown = badge.scores;
    let bound = match shown {
        ShownScores::Overall(o) if o.not_above_team_best || o.at_or_below_chance => "≤ ",
        _ => "",
    };
    let mut value = format!(
        "{lri}{bound}{}{pdi} ({lri}n = {}{pdi}{separator} {} {lri}{}{pdi})",
        acc(shown.accuracy()),
        shown.total(),
        t.badge_ci(),
        ci(shown.ci95())
    );
    if let ShownScores::Overall(o) = shown {
        let on = if o.part == Some(Part::Public) { t.badge_held_out_public() } else { t.badge_held_out() };
        value = format!("{value} {on}");
    }
    if badge.synthetic {
        value = format!("{value} {}", t.badge_synthetic());
    }
    value
}

/// The badge, in `lang`.
pub fn svg(badge: &Badge, lang: Lang) -> String {
    let t = text(lang);
    let label = value_label(lang, badge.benchmark);
    let value = value(badge, lang);
    let (label_w, value_w) = (text_width(&label), text_width(&value));
    let width = label_w + value_w;
    let title = t.badge_title(badge.model.to_owned(), label.clone(), value.clone());
    // In Arabic the value box reads right to left.
    let (direction, xml_lang) = if lang == Lang::Ar { ("rtl", "ar") } else { ("ltr", "en") };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xml:lang=\"{xml_lang}\" width=\"{width}\" height=\"{HEIGHT}\" \
         role=\"img\" aria-labelledby=\"badge-title\" viewBox=\"0 0 {width} {HEIGHT}\">\
         <title id=\"badge-title\">{title}</title>\
         <rect width=\"{label_w}\" height=\"{HEIGHT}\" fill=\"{LABEL_FILL}\"/>\
         <rect x=\"{label_w}\" width=\"{value_w}\" height=\"{HEIGHT}\" fill=\"{VALUE_FILL}\"/>\
         <g fill=\"#fff\" font-family=\"Verdana,DejaVu Sans,sans-serif\" font-size=\"11\" text-anchor=\"middle\">\
         <text x=\"{lx}\" y=\"14\" direction=\"ltr\">{label}</text>\
         <text x=\"{vx}\" y=\"14\" direction=\"{direction}\">{value_text}</text>\
         </g></svg>",
        title = escape(&title),
        label = escape(&label),
        lx = label_w / 2,
        vx = label_w + value_w / 2,
        value_text = escape(&value),
    )
}

/// A generous width for `s` in 11-pixel Verdana, with padding: wide
/// enough that no text overflows its box in any browser's font.
fn text_width(s: &str) -> u32 {
    let chars = s.chars().count() as u32;
    chars * 7 + 12
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ScoreCard;
    use crate::domain::exposure::OverallScore;

    fn card() -> ScoreCard {
        let key = crate::domain::synthetic::synthetic_key(50, 7).csv;
        let key = crate::domain::key::parse_key(crate::domain::Benchmark::MedAraBench, key.as_bytes()).unwrap().key;
        crate::domain::score::score_bytes(&key, b"question_id,answer\n1,A\n2,B\n").unwrap().card
    }

    fn badge<'a>(scores: &'a ShownScores, model: &'a str) -> Badge<'a> {
        Badge { scores, model, benchmark: "medarabench", synthetic: false }
    }

    #[test]
    fn the_badge_states_accuracy_n_and_interval_escaped() {
        let card = card();
        let full = ShownScores::Full(card.clone());
        let svg = svg(&badge(&full, "m<&>\""), Lang::En);
        let figures = format!("{} (n = {}; 95% CI {})", acc(card.accuracy), card.total, ci(card.ci95));
        assert!(svg.contains(&figures), "{svg}");
        assert!(svg.contains("m&lt;&amp;&gt;&quot;"), "{svg}");
        assert!(!svg.contains("m<&>"), "{svg}");
        assert!(svg.contains(">MedAraBench</text>"));
        let ar = super::svg(&badge(&full, "m"), Lang::Ar);
        assert!(ar.contains("direction=\"rtl\"") && ar.contains("xml:lang=\"ar\""), "{ar}");
        // The interval isolated left-to-right, the Arabic separator.
        assert!(ar.contains(&format!("\u{2066}{}\u{2069}", ci(card.ci95))), "{ar}");
        assert!(ar.contains("؛") && !ar.contains("95% CI"), "Arabic throughout: {ar}");
        let medarabiq = Badge { benchmark: "medarabiq", synthetic: true, ..badge(&full, "m") };
        let other = super::svg(&medarabiq, Lang::En);
        assert!(other.contains(">MedArabiQ</text>") && other.contains("synthetic demo key"), "{other}");
    }

    #[test]
    fn a_held_out_score_says_what_it_is_measured_on_and_when_it_is_a_bound() {
        let card = card();
        let overall = OverallScore::new(&card, 0.5, 0.1);
        let whole = ShownScores::Overall(overall.clone());
        let value = value(&badge(&whole, "m"), Lang::En);
        assert!(value.starts_with("0.500 (n = ") && value.ends_with(" held-out key"), "{value}");
        let public = ShownScores::Overall(overall.clone().on(Part::Public));
        assert!(super::value(&badge(&public, "m"), Lang::En).ends_with("held-out key, public part"));
        let held = ShownScores::Overall(OverallScore { not_above_team_best: true, ..overall.clone() });
        assert!(super::value(&badge(&held, "m"), Lang::En).starts_with("≤ 0.500"));
        let floor = ShownScores::Overall(OverallScore { at_or_below_chance: true, ..overall });
        assert!(super::value(&badge(&floor, "m"), Lang::En).starts_with("≤ 0.500"));
    }
}
