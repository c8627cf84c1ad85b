//! A submission's calibration as two SVG charts (`crate::domain::calibration`):
//! the reliability diagram (each of the 15 equal-size bins' accuracy
//! against its mean confidence, with its Wilson 95% CI and n, and the
//! diagonal of perfect calibration) and the risk-coverage curve (the
//! error rate among the most confident answers against the share
//! answered, with the overall error rate for reference).

use plotters::prelude::*;

use super::{ACCENT, ChartError, MUTED, accessible};
use crate::domain::calibration::Calibration;
use crate::domain::stats::wilson_share;
use crate::format::acc;
use crate::i18n::Lang;
use crate::i18n::submission::text;

/// The reliability chart's ids prefix.
pub const RELIABILITY_ID: &str = "chart-reliability";
/// The risk-coverage chart's ids prefix.
pub const RISK_ID: &str = "chart-risk";

const SIZE: (u32, u32) = (560, 480);

/// A chart of `title` over [0, 1] × [0, `y_max`] on `root`, its axes named
/// `names` and the y labels given to `digits` places.
fn axes<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, plotters::coord::Shift>,
    title: &str,
    names: (String, String),
    y_max: f64,
    digits: usize,
) -> Result<
    ChartContext<
        'a,
        SVGBackend<'b>,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    ChartError,
> {
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 18).into_font().color(&BLACK))
        .margin(18)
        .x_label_area_size(44)
        .y_label_area_size(56)
        .build_cartesian_2d(0.0..1.0, 0.0..y_max)?;
    chart
        .configure_mesh()
        .x_desc(names.0)
        .y_desc(names.1)
        .x_labels(6)
        .y_labels(6)
        .x_label_formatter(&|v| format!("{v:.1}"))
        .y_label_formatter(&|v| format!("{v:.digits$}"))
        .axis_desc_style(("sans-serif", 14).into_font().color(&MUTED))
        .label_style(("sans-serif", 13).into_font().color(&BLACK))
        .draw()?;
    Ok(chart)
}

/// The reliability diagram of `calibration` for `model`, texts in `lang`.
pub fn reliability_svg(calibration: &Calibration, model: &str, lang: Lang) -> Result<String, ChartError> {
    if calibration.reliability.is_empty() {
        return Err(ChartError::Empty);
    }
    let t = text(lang);
    let title = t.reliability_title(model);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = axes(&root, &title, (t.reliability_x(), t.reliability_y()), 1.0, 1)?;
        chart.draw_series(std::iter::once(PathElement::new(vec![(0.0, 0.0), (1.0, 1.0)], MUTED.stroke_width(1))))?;
        for b in &calibration.reliability {
            let [lo, hi] = wilson_share(b.accuracy, b.n);
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(b.confidence, lo), (b.confidence, hi)],
                ACCENT.stroke_width(1),
            )))?;
        }
        chart.draw_series(
            calibration.reliability.iter().map(|b| Circle::new((b.confidence, b.accuracy), 4, ACCENT.filled())),
        )?;
        root.present()?;
    }
    let listed: Vec<String> = calibration
        .reliability
        .iter()
        .map(|b| format!("{} → {} (n = {})", acc(b.confidence), acc(b.accuracy), b.n))
        .collect();
    let separator = if lang == Lang::Ar { "؛ " } else { "; " };
    let description = format!("{} {}.", t.reliability_desc(), listed.join(separator));
    Ok(accessible(&svg, RELIABILITY_ID, &title, &description))
}

/// The risk-coverage curve of `calibration` for `model`, texts in `lang`.
pub fn risk_coverage_svg(calibration: &Calibration, model: &str, lang: Lang) -> Result<String, ChartError> {
    if calibration.risk_coverage.is_empty() {
        return Err(ChartError::Empty);
    }
    let t = text(lang);
    let title = t.risk_title(model);
    let top = calibration.risk_coverage.iter().map(|p| p[1]).fold(0.0_f64, f64::max);
    let y_max = ((top + 0.05) * 10.0).ceil().min(10.0) / 10.0;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = axes(&root, &title, (t.risk_x(), t.risk_y()), y_max.max(0.1), 2)?;
        let overall = 1.0 - calibration.accuracy;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(0.0, overall), (1.0, overall)],
            MUTED.stroke_width(1),
        )))?;
        let points: Vec<(f64, f64)> = calibration.risk_coverage.iter().map(|p| (p[0], p[1])).collect();
        chart.draw_series(std::iter::once(PathElement::new(points, ACCENT.stroke_width(2))))?;
        root.present()?;
    }
    let listed: Vec<String> = calibration
        .coverage_n
        .iter()
        .map(|(name, n)| {
            let accuracy = calibration.accuracy_at_coverage.get(name).copied().unwrap_or_default();
            format!("{name}: {} (n = {n})", acc(1.0 - accuracy))
        })
        .collect();
    let separator = if lang == Lang::Ar { "؛ " } else { "; " };
    let description = format!("{} {}.", t.risk_desc(), listed.join(separator));
    Ok(accessible(&svg, RISK_ID, &title, &description))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::confidence::Confidence;

    fn calibration() -> Calibration {
        let answers: Vec<(Confidence, bool)> = (0..200)
            .map(|i| (Confidence::from_probability(f64::from(i % 10) / 10.0 + 0.05).unwrap(), i % 3 != 0))
            .collect();
        Calibration::of(&answers).unwrap()
    }

    #[test]
    fn both_charts_are_accessible_images_in_either_language() {
        let c = calibration();
        for lang in [Lang::En, Lang::Ar] {
            let r = reliability_svg(&c, "<model & co>", lang).unwrap();
            assert!(r.contains("role=\"img\"") && r.contains(RELIABILITY_ID), "{r}");
            assert!(r.contains("&lt;model &amp; co&gt;") && !r.contains("<model & co>"));
            assert_eq!(r.matches("<circle").count(), c.reliability.len());
            let k = risk_coverage_svg(&c, "m", lang).unwrap();
            assert!(k.contains(RISK_ID) && k.contains("<desc"), "{k}");
        }
    }
}
