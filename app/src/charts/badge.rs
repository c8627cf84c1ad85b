//! A submission's badge for a model card (`/submissions/{id}/badge.svg`):
//! "MedAraBench" beside the accuracy the site shows, with its n and 95%
//! CI, in English or Arabic. Drawn by hand (two boxes and two texts):
//! a chart library would add nothing here.
//!
//! On a held-out key the badge shows what the pages show: the Ladder's
//! accuracy on the key's public part, and says so.

use super::escape;
use crate::domain::exposure::ShownScores;
use crate::format::{acc, ci};
use crate::i18n::Lang;
use crate::i18n::submission::text;

/// Height of the badge, in pixels.
const HEIGHT: u32 = 20;
/// The label's and the value's background colours.
const LABEL_FILL: &str = "#4a5159";
const VALUE_FILL: &str = "#0b5cad";

/// The badge of scores `shown` for `model`, in `lang`.
pub fn svg(shown: &ShownScores, model: &str, lang: Lang) -> String {
    let t = text(lang);
    let label = "MedAraBench";
    let n = shown.total();
    // The figures are written left-to-right in both languages.
    let figures = format!("{} (n = {n}; {} {})", acc(shown.accuracy()), t.badge_ci(), ci(shown.ci95()));
    let value = match shown {
        ShownScores::Full(_) => figures,
        ShownScores::Overall(_) => format!("{figures} {}", t.badge_held_out()),
    };
    let (label_w, value_w) = (text_width(label), text_width(&value));
    let width = label_w + value_w;
    let title = t.badge_title(model.to_owned(), value.clone());
    // In Arabic the value box reads right to left; its figures stay
    // left-to-right through the bidirectional algorithm (`direction`).
    let direction = if lang == Lang::Ar { "rtl" } else { "ltr" };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{HEIGHT}\" role=\"img\" \
         aria-labelledby=\"badge-title\" viewBox=\"0 0 {width} {HEIGHT}\">\
         <title id=\"badge-title\">{title}</title>\
         <rect width=\"{label_w}\" height=\"{HEIGHT}\" fill=\"{LABEL_FILL}\"/>\
         <rect x=\"{label_w}\" width=\"{value_w}\" height=\"{HEIGHT}\" fill=\"{VALUE_FILL}\"/>\
         <g fill=\"#fff\" font-family=\"Verdana,DejaVu Sans,sans-serif\" font-size=\"11\" text-anchor=\"middle\">\
         <text x=\"{lx}\" y=\"14\">{label}</text>\
         <text x=\"{vx}\" y=\"14\" direction=\"{direction}\">{value_text}</text>\
         </g></svg>",
        title = escape(&title),
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

    fn card() -> ScoreCard {
        let key = crate::domain::synthetic::synthetic_key(50, 7).csv;
        let key = crate::domain::key::parse_key(crate::domain::Benchmark::MedAraBench, key.as_bytes()).unwrap().key;
        crate::domain::score::score_bytes(&key, b"question_id,answer\n1,A\n2,B\n").unwrap().card
    }

    #[test]
    fn the_badge_states_accuracy_n_and_interval_escaped() {
        let card = card();
        let svg = svg(&ShownScores::Full(card.clone()), "m<&>\"", Lang::En);
        let figures = format!("{} (n = {}; 95% CI {})", acc(card.accuracy), card.total, ci(card.ci95));
        assert!(svg.contains(&figures), "{svg}");
        assert!(svg.contains("m&lt;&amp;&gt;&quot;"), "{svg}");
        assert!(!svg.contains("m<&>"), "{svg}");
        let ar = super::svg(&ShownScores::Full(card.clone()), "m", Lang::Ar);
        assert!(ar.contains("direction=\"rtl\"") && ar.contains(&acc(card.accuracy)), "{ar}");
        assert!(!ar.contains("95% CI"), "Arabic throughout: {ar}");
    }
}
