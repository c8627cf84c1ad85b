//! The MedArabiQ comparison chart: each model's MedArabiQ accuracy against
//! its MedAraBench accuracy, both with 95% CIs as whiskers, and the
//! diagonal where the two are equal (points above it scored higher on
//! MedArabiQ).

use plotters::prelude::*;

use super::{ACCENT, ChartError, MUTED, accessible};
use crate::domain::medarabiq::BenchmarkPair;
use crate::i18n::{Lang, medarabiq};

/// The scatter plot as SVG, with its texts in `lang`.
pub fn medarabiq_svg(pairs: &[BenchmarkPair], lang: Lang) -> Result<String, ChartError> {
    let points: Vec<(&str, [f64; 3], [f64; 3])> = pairs
        .iter()
        .filter_map(|p| {
            let (a, q) = (p.medarabench.as_ref()?, p.medarabiq.as_ref()?);
            Some((p.model.as_str(), [a.accuracy, a.ci95[0], a.ci95[1]], [q.accuracy, q.ci95[0], q.ci95[1]]))
        })
        .collect();
    if points.is_empty() {
        return Err(ChartError::Empty);
    }
    let t = medarabiq::text(lang);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (560, 520)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(t.chart_title(), ("sans-serif", 18).into_font().color(&BLACK))
            .margin(18)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d(0.0..1.0, 0.0..1.0)?;
        chart
            .configure_mesh()
            .x_desc(t.axis_medarabench())
            .y_desc(t.axis_medarabiq())
            .x_labels(6)
            .y_labels(6)
            .x_label_formatter(&|v| format!("{v:.1}"))
            .y_label_formatter(&|v| format!("{v:.1}"))
            .axis_desc_style(("sans-serif", 14).into_font().color(&MUTED))
            .label_style(("sans-serif", 13).into_font().color(&BLACK))
            .draw()?;
        chart.draw_series(std::iter::once(PathElement::new(vec![(0.0, 0.0), (1.0, 1.0)], MUTED.stroke_width(1))))?;
        for (_, x, y) in &points {
            chart.draw_series([
                PathElement::new(vec![(x[1], y[0]), (x[2], y[0])], ACCENT.stroke_width(1)),
                PathElement::new(vec![(x[0], y[1]), (x[0], y[2])], ACCENT.stroke_width(1)),
            ])?;
        }
        chart.draw_series(points.iter().map(|(_, x, y)| Circle::new((x[0], y[0]), 4, ACCENT.filled())))?;
        chart.draw_series(points.iter().map(|(name, x, y)| {
            Text::new((*name).to_owned(), (x[0] + 0.012, y[0] + 0.012), ("sans-serif", 12).into_font().color(&BLACK))
        }))?;
        root.present()?;
    }
    let listed: Vec<String> =
        points.iter().map(|(name, x, y)| format!("{name}: MedAraBench {:.3}, MedArabiQ {:.3}", x[0], y[0])).collect();
    let description = format!("{} {}.", t.chart_desc(), listed.join("; "));
    Ok(accessible(&svg, "chart-medarabiq", &t.chart_title(), &description))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::medarabiq::BenchmarkScore;

    fn pair(model: &str, a: f64, q: f64) -> BenchmarkPair {
        let s = |acc: f64| BenchmarkScore {
            submission_id: "x".into(),
            accuracy: acc,
            correct: Some(1),
            total: 2,
            ci95: [acc - 0.05, acc + 0.05],
        };
        BenchmarkPair {
            team_id: 1,
            team: "t".into(),
            model: model.into(),
            medarabench: Some(s(a)),
            medarabiq: Some(s(q)),
        }
    }

    #[test]
    fn scatter_is_accessible_and_escapes_names() {
        let svg = medarabiq_svg(&[pair("<b>x</b>", 0.5, 0.7), pair("plain", 0.3, 0.4)], Lang::En).unwrap();
        assert!(svg.contains("role=\"img\"") && svg.contains("<title id=\"chart-medarabiq-title\">"));
        assert!(!svg.contains("<b>x</b>"));
        assert!(svg.contains("&lt;b&gt;x&lt;/b&gt;: MedAraBench 0.500, MedArabiQ 0.700"));
        assert!(svg.matches("<circle").count() >= 2);
        assert!(medarabiq_svg(&[], Lang::En).is_err());
    }
}
