//! The readable rendering of a [`ScoreCard`] (the CLI's default output).

use std::collections::BTreeMap;
use std::fmt::Write;

use super::calibration::Calibration;
use super::letters::LetterShares;
use super::robustness::Robustness;
use super::score::{Breakdown, ScoreCard};

impl ScoreCard {
    /// A plain-text report: the overall score with its n and 95% CI, the
    /// counts that explain it, then one table per breakdown.
    pub fn render_text(&self) -> String {
        let mut out = String::new();
        let [lo, hi] = self.ci95;
        let _ = writeln!(
            out,
            "accuracy {:.4}  ({} / {} correct; 95% CI {:.4}–{:.4}, Wilson)",
            self.accuracy, self.correct, self.total, lo, hi
        );
        let _ = writeln!(
            out,
            "missing {}  unparsed {}  ignored {}  (missing and unparsed count as wrong; ignored rows name questions the key rejected)",
            self.missing, self.unparsed, self.ignored
        );
        let _ = writeln!(
            out,
            "random guessing would score {:.4} (n = {}); chance-adjusted accuracy {:.4}",
            self.random_baseline.expected_accuracy, self.total, self.chance_adjusted
        );
        table(&mut out, "specialty", &self.by_specialty);
        table(&mut out, "level", &self.by_level);
        table(&mut out, "options", &self.by_options);
        table(&mut out, "sub-specialty", &self.by_subspecialty);
        if let Some(shares) = &self.letter_shares {
            letters(&mut out, shares);
        }
        match &self.calibration {
            Some(c) => calibration(&mut out, c),
            None => out.push_str("\ncalibration: not given (the file gives no confidence per answer)\n"),
        }
        if let Some(r) = &self.robustness {
            robustness(&mut out, r);
        }
        out
    }
}

/// The option-order figures, each with its n and interval.
fn robustness(out: &mut String, r: &Robustness) {
    let _ = writeln!(out, "\noption order (the permuted task's file: each question's options in a second order)");
    let line = |out: &mut String, what: &str, value: f64, ci: [f64; 2], n: usize| {
        let _ = writeln!(out, "{what} {value:.4}  (n = {n}; 95% CI {:.4}–{:.4}, Wilson)", ci[0], ci[1]);
    };
    line(out, "accuracy in the second order", r.accuracy_permuted, r.accuracy_permuted_ci95, r.n);
    line(out, "consistent accuracy (right in both orders)", r.consistent_accuracy, r.consistent_accuracy_ci95, r.n);
    line(
        out,
        "order sensitivity (answered in both, a different option chosen)",
        r.order_sensitivity,
        r.order_sensitivity_ci95,
        r.order_sensitivity_n,
    );
}

/// The calibration figures, each with its n.
fn calibration(out: &mut String, c: &Calibration) {
    let [lo, hi] = c.ece_ci95;
    let [alo, ahi] = c.accuracy_ci95;
    let _ = writeln!(out, "\ncalibration (n = {} questions answered with a confidence)", c.n);
    let _ = writeln!(
        out,
        "mean confidence {:.4}  accuracy {:.4} (95% CI {alo:.4}–{ahi:.4})",
        c.mean_confidence, c.accuracy
    );
    let _ = writeln!(out, "ECE {:.4}  (95% CI {lo:.4}–{hi:.4}, bootstrap; 15 equal-mass bins)", c.ece);
    let _ = writeln!(out, "Brier {:.4}  AURC {:.4}", c.brier, c.aurc);
    for (name, accuracy) in &c.accuracy_at_coverage {
        let [lo, hi] = c.accuracy_ci95_at(name);
        let n = c.coverage_n.get(name).copied().unwrap_or_default();
        let _ = writeln!(
            out,
            "accuracy at {name} coverage {accuracy:.4}  (the {n} most confident; 95% CI {lo:.4}–{hi:.4})"
        );
    }
}

/// The letters chosen: on a public key over the scoreable questions
/// answered, beside the key's; else the file's own.
fn letters(out: &mut String, shares: &LetterShares) {
    match &shares.against_key {
        Some(a) => {
            let _ = writeln!(out, "\nletters chosen (n = {} scoreable questions answered with a letter)", a.n);
            let _ = writeln!(out, "letter  {:>6}  {:>6}  95% CI         key     expected  guessing", "chosen", "share");
            for (letter, k) in &a.letters {
                let [lo, hi] = k.ci95;
                let _ = writeln!(
                    out,
                    "{:<6}  {:>6}  {:>6.4}  {lo:.4}–{hi:.4}  {:.4}  {:.4}    {:.4}",
                    letter.as_char(),
                    k.count,
                    k.chosen,
                    k.key,
                    k.expected,
                    k.chance
                );
            }
            if !a.overused.is_empty() {
                let names: Vec<String> = a.overused.iter().map(ToString::to_string).collect();
                let _ = writeln!(
                    out,
                    "overused: {} (chosen clearly more often than a model as accurate without a letter preference would)",
                    names.join(", ")
                );
            }
        }
        None => {
            let _ = writeln!(out, "\nletters chosen (n = {} questions answered with a letter)", shares.n);
            let _ = writeln!(out, "letter  {:>6}  {:>6}  95% CI", "chosen", "share");
            for (letter, c) in &shares.chosen {
                let [lo, hi] = c.ci95;
                let _ = writeln!(out, "{:<6}  {:>6}  {:>6.4}  {lo:.4}–{hi:.4}", letter.as_char(), c.count, c.share);
            }
        }
    }
}

fn table(out: &mut String, title: &str, cells: &BTreeMap<String, Breakdown>) {
    let width = cells.keys().map(|k| k.chars().count()).max().unwrap_or(0).max(title.len());
    let _ = writeln!(out, "\n{title:<width$}  {:>7}  {:>5}  {:>8}  95% CI", "correct", "n", "accuracy");
    for (name, cell) in cells {
        let pad = width.saturating_sub(name.chars().count());
        let [lo, hi] = cell.ci95;
        let _ = writeln!(
            out,
            "{name}{:pad$}  {:>7}  {:>5}  {:>8.4}  {lo:.4}–{hi:.4}",
            "", cell.correct, cell.total, cell.accuracy
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::synthetic::{synthetic_key, synthetic_predictions};
    use crate::{Benchmark, parse_key, score_bytes};

    #[test]
    fn text_names_every_breakdown_with_counts() {
        let key = parse_key(Benchmark::MedAraBench, synthetic_key(600, 7).csv.as_bytes()).unwrap().key;
        let preds = synthetic_predictions(&key, 0.6, 3);
        let card = score_bytes(&key, preds.as_bytes()).unwrap().card;
        let text = card.render_text();
        assert!(
            text.starts_with(&format!("accuracy {:.4}  ({} / {} correct", card.accuracy, card.correct, card.total))
        );
        for name in card.by_specialty.keys().chain(card.by_level.keys()) {
            assert!(text.contains(name.as_str()), "{name} missing from\n{text}");
        }
        let (name, cell) = card.by_level.iter().next().unwrap();
        assert!(text.lines().any(|l| l.starts_with(name.as_str()) && l.contains(&cell.total.to_string())));
        let against = card.letter_shares.as_ref().unwrap().against_key.as_ref().unwrap();
        assert!(text.contains(&format!("letters chosen (n = {} scoreable questions", against.n)), "{text}");
        let a = against.letters[&crate::types::Letter::A];
        assert!(text.lines().any(|l| l.starts_with("A ") && l.contains(&format!("{:>6}  {:.4}", a.count, a.chosen))));
    }
}
