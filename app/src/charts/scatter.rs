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
    let (lo, hi) = range(&points);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (560, 520)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(t.chart_title(), ("sans-serif", 18).into_font().color(&BLACK))
            .margin(18)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d(lo..hi, lo..hi)?;
        chart
            .configure_mesh()
            .x_desc(t.axis_medarabench())
            .y_desc(t.axis_medarabiq())
            .x_labels(6)
            .y_labels(6)
            .x_label_formatter(&|v| format!("{v:.2}"))
            .y_label_formatter(&|v| format!("{v:.2}"))
            .axis_desc_style(("sans-serif", 14).into_font().color(&MUTED))
            .label_style(("sans-serif", 13).into_font().color(&BLACK))
            .draw()?;
        chart.draw_series(std::iter::once(PathElement::new(vec![(lo, lo), (hi, hi)], MUTED.stroke_width(1))))?;
        for (_, x, y) in &points {
            chart.draw_series([
                PathElement::new(vec![(x[1], y[0]), (x[2], y[0])], ACCENT.stroke_width(1)),
                PathElement::new(vec![(x[0], y[1]), (x[0], y[2])], ACCENT.stroke_width(1)),
            ])?;
        }
        chart.draw_series(points.iter().map(|(_, x, y)| Circle::new((x[0], y[0]), 4, ACCENT.filled())))?;
        let pixel = |x: f64, y: f64| chart.backend_coord(&(x, y));
        let dots: Vec<(i32, i32)> = points.iter().map(|(_, x, y)| pixel(x[0], y[0])).collect();
        let names: Vec<&str> = points.iter().map(|(name, _, _)| *name).collect();
        for ((name, _, _), at) in points.iter().zip(place_labels(&names, &dots)) {
            root.draw(&Text::new((*name).to_owned(), at, ("sans-serif", 12).into_font().color(&BLACK)))?;
        }
        root.present()?;
    }
    let listed: Vec<String> =
        points.iter().map(|(name, x, y)| format!("{name}: MedAraBench {:.3}, MedArabiQ {:.3}", x[0], y[0])).collect();
    let description = format!("{} {}.", t.chart_desc(), listed.join("; "));
    Ok(accessible(&svg, "chart-medarabiq", &t.chart_title(), &description))
}

/// The range both axes show: every point and whisker with a margin,
/// rounded out to tenths, the same on both so the diagonal stays the line
/// of equal scores (not 0 to 1 whatever the scores: the empty range would
/// take the room the points need).
fn range(points: &[(&str, [f64; 3], [f64; 3])]) -> (f64, f64) {
    let values = points.iter().flat_map(|(_, x, y)| [x[1], x[2], y[1], y[2]]);
    let (min, max) = values.fold((1.0_f64, 0.0_f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let lo = ((min - 0.02) * 10.0).floor() / 10.0;
    let hi = ((max + 0.02) * 10.0).ceil() / 10.0;
    (lo.max(0.0), hi.min(1.0).max(lo.max(0.0) + 0.1))
}

/// Roughly how wide a 12 px label is drawn, and how tall.
const CHAR_WIDTH: i32 = 7;
const LABEL_HEIGHT: i32 = 14;

/// Where each label goes (its top-left corner in pixels), beside its dot at
/// `dots[i]`: the first of eight places around the dot whose box overlaps
/// no label placed before and no other dot; when every place is taken, the
/// one overlapping least. A label never covers another.
fn place_labels(names: &[&str], dots: &[(i32, i32)]) -> Vec<(i32, i32)> {
    type Box = (i32, i32, i32, i32);
    let overlap = |a: Box, b: Box| {
        let w = (a.0 + a.2).min(b.0 + b.2) - a.0.max(b.0);
        let h = (a.1 + a.3).min(b.1 + b.3) - a.1.max(b.1);
        if w > 0 && h > 0 { w * h } else { 0 }
    };
    let mut placed: Vec<Box> = Vec::new();
    names
        .iter()
        .zip(dots)
        .enumerate()
        .map(|(i, (name, &(x, y)))| {
            let w = CHAR_WIDTH * name.chars().count() as i32;
            let h = LABEL_HEIGHT;
            let places = [
                (x + 6, y - h - 2),
                (x + 6, y + 2),
                (x - w - 6, y - h - 2),
                (x - w - 6, y + 2),
                (x - w / 2, y - h - 8),
                (x - w / 2, y + 8),
                (x + 8, y - h / 2),
                (x - w - 8, y - h / 2),
            ];
            let cost = |&(px, py): &(i32, i32)| {
                let b = (px, py, w, h);
                let labels: i32 = placed.iter().map(|&p| overlap(b, p)).sum();
                let others: i32 = dots
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, &(dx, dy))| overlap(b, (dx - 4, dy - 4, 8, 8)))
                    .sum();
                labels * 4 + others
            };
            let best = places.iter().min_by_key(|p| cost(p)).copied().unwrap_or((x + 6, y - h - 2));
            placed.push((best.0, best.1, w, h));
            best
        })
        .collect()
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
            synthetic_key: false,
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

    #[test]
    fn axes_hug_the_points() {
        let points = [("a", [0.55, 0.5, 0.6], [0.62, 0.58, 0.66]), ("b", [0.7, 0.68, 0.72], [0.75, 0.7, 0.8])];
        assert_eq!(range(&points), (0.4, 0.9));
        let svg = medarabiq_svg(&[pair("a", 0.55, 0.62), pair("b", 0.7, 0.75)], Lang::En).unwrap();
        assert!(!svg.contains("\n0.00\n") && svg.contains("\n0.50\n") && svg.contains("\n0.90\n"), "{svg}");
    }

    #[test]
    fn labels_of_close_points_do_not_overlap() {
        let names = ["Llama-3.1-8B-instruct", "Llama-3.1-8B-instruct-ft", "Qwen2.5-7B-instruct", "x"];
        let dots = [(200, 200), (204, 203), (198, 206), (203, 199)];
        let at = place_labels(&names, &dots);
        let boxes: Vec<(i32, i32, i32, i32)> = names
            .iter()
            .zip(&at)
            .map(|(n, &(x, y))| (x, y, CHAR_WIDTH * n.chars().count() as i32, LABEL_HEIGHT))
            .collect();
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                let apart = a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1;
                assert!(apart, "{a:?} and {b:?} overlap");
            }
        }
    }
}
