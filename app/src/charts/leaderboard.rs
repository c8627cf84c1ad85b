//! The leaderboard chart: each row's accuracy as a dot with its 95% CI as
//! a whisker, best first, coloured by source (published, verified,
//! baseline). Drawn from the same board and filters as the page.

use plotters::prelude::*;

use super::{ACCENT, ChartError, MUTED, accessible, escape};
use crate::domain::board::{Baseline, Board, BoardFilter, BoardRow, RowSource};
use crate::i18n::{Lang, leaderboard};

/// At most this many model rows are drawn (the best ones); the table
/// lists them all.
pub const MAX_MODEL_ROWS: usize = 60;

const VERIFIED: RGBColor = RGBColor(26, 127, 55);

/// The rows the chart draws: the best [`MAX_MODEL_ROWS`] models the filter
/// keeps, then the baselines it keeps; and how many models it kept.
pub fn rows<'a>(board: &'a Board, filter: &BoardFilter) -> (Vec<&'a BoardRow>, usize) {
    let models: Vec<&BoardRow> = board.rows.iter().filter(|r| filter.shows(r)).collect();
    let kept = models.len();
    let mut out: Vec<&BoardRow> = models.into_iter().take(MAX_MODEL_ROWS).collect();
    if filter.shows_reference() {
        out.extend(&board.reference);
    }
    (out, kept)
}

fn label(row: &BoardRow, lang: Lang) -> String {
    let t = leaderboard::text(lang);
    let name = match row.baseline {
        Some(Baseline::Random) => t.random_guessing().to_owned(),
        Some(Baseline::Always(l)) => t.always(l),
        None => row.model.clone(),
    };
    // Long names would squeeze the plot: cut at 32 characters.
    match name.char_indices().nth(32) {
        Some((i, _)) => format!("{}…", &name[..i]),
        None => name,
    }
}

fn colour(source: RowSource) -> RGBColor {
    match source {
        RowSource::Reported => ACCENT,
        RowSource::Verified => VERIFIED,
        RowSource::Reference => MUTED,
    }
}

/// The chart as SVG with its texts in `lang`; a chart with no rows says so.
pub fn svg(board: &Board, filter: &BoardFilter, lang: Lang) -> Result<String, ChartError> {
    let t = leaderboard::text(lang);
    let (rows, kept) = rows(board, filter);
    let listed: Vec<String> = rows
        .iter()
        .map(|r| format!("{} {:.3} [{:.3}, {:.3}]", label(r, lang), r.accuracy, r.ci95[0], r.ci95[1]))
        .collect();
    let separator = if lang == Lang::Ar { "؛ " } else { "; " };
    let mut description = format!("{} {}.", t.chart_desc(rows.len()), listed.join(separator));
    if kept > MAX_MODEL_ROWS {
        description = format!("{description} {}", t.chart_limited(MAX_MODEL_ROWS, kept));
    }
    if rows.is_empty() {
        return Ok(empty(&t.chart_title(), &t.no_match(), lang));
    }
    let n = rows.len();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (760, (110 + 24 * n) as u32)).into_drawing_area();
        root.fill(&WHITE)?;
        let x_max = rows.iter().map(|r| r.ci95[1]).fold(0.0_f64, f64::max).mul_add(1.1, 0.02).min(1.0);
        let mut chart = ChartBuilder::on(&root)
            .caption(t.chart_title(), ("sans-serif", 18).into_font().color(&BLACK))
            .margin(16)
            .x_label_area_size(40)
            .y_label_area_size(230)
            .build_cartesian_2d(0.0..x_max, (0..n - 1).into_segmented())?;
        // Best on top: segment j shows row n-1-j.
        let y_label = |v: &SegmentValue<usize>| match v {
            SegmentValue::CenterOf(j) => rows.get(n - 1 - j).map(|r| label(r, lang)).unwrap_or_default(),
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_max_light_lines(1)
            .x_desc(t.chart_axis())
            .x_labels(6)
            .x_label_formatter(&|v| format!("{v:.1}"))
            .y_labels(n)
            .y_label_formatter(&y_label)
            .axis_desc_style(("sans-serif", 14).into_font().color(&MUTED))
            .label_style(("sans-serif", 12).into_font().color(&BLACK))
            .draw()?;
        let y = |i: usize| SegmentValue::CenterOf(n - 1 - i);
        chart.draw_series(rows.iter().enumerate().map(|(i, r)| {
            PathElement::new(vec![(r.ci95[0], y(i)), (r.ci95[1], y(i))], colour(r.source).stroke_width(2))
        }))?;
        for source in [RowSource::Reported, RowSource::Verified, RowSource::Reference] {
            let name = match source {
                RowSource::Reported => t.badge_reported(),
                RowSource::Verified => t.badge_verified(),
                RowSource::Reference => t.badge_reference(),
            };
            let points: Vec<(usize, &&BoardRow)> =
                rows.iter().enumerate().filter(|(_, r)| r.source == source).collect();
            if points.is_empty() {
                continue;
            }
            let c = colour(source);
            chart
                .draw_series(points.into_iter().map(|(i, r)| Circle::new((r.accuracy, y(i)), 4, c.filled())))?
                .label(name)
                .legend(move |(x, y)| Circle::new((x + 6, y), 4, c.filled()));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(WHITE.mix(0.9))
            .border_style(MUTED)
            .label_font(("sans-serif", 12).into_font().color(&BLACK))
            .draw()?;
        root.present()?;
    }
    Ok(accessible(&svg, "chart-leaderboard", &t.chart_title(), &description))
}

/// A small SVG that says there is nothing to draw (from the right edge, in
/// Arabic).
fn empty(title: &str, message: &str, lang: Lang) -> String {
    let place = if lang == Lang::Ar { "x=\"740\" direction=\"rtl\"" } else { "x=\"20\"" };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"760\" height=\"80\" viewBox=\"0 0 760 80\" role=\"img\" \
         aria-labelledby=\"chart-leaderboard-title\"><title id=\"chart-leaderboard-title\">{}</title>\
         <rect width=\"760\" height=\"80\" fill=\"#fff\"/><text {place} y=\"45\" font-family=\"sans-serif\" \
         font-size=\"16\">{}</text></svg>",
        escape(title),
        escape(message)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::board::Ranks;

    fn row(model: &str, source: RowSource, accuracy: f64) -> BoardRow {
        BoardRow {
            team: Some("<b>team</b>".into()),
            accuracy,
            n: 100,
            ci95: [accuracy - 0.05, accuracy + 0.05],
            rank: Some(Ranks { best: 1, worst: 1 }),
            baseline: (source == RowSource::Reference).then_some(Baseline::Always('A')),
            ..BoardRow::bare(model, source)
        }
    }

    fn board() -> Board {
        Board {
            version: "1".into(),
            rows: vec![
                row("GPT-o3", RowSource::Reported, 0.765),
                row("<script>alert(1)</script>", RowSource::Verified, 0.5),
            ],
            reference: vec![row("always A", RowSource::Reference, 0.25)],
        }
    }

    #[test]
    fn dots_whiskers_labels_and_a_text_alternative() {
        let svg = svg(&board(), &BoardFilter::default(), Lang::En).unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("<title id=\"chart-leaderboard-title\">MedAraBench accuracy with 95% CI</title>"));
        let desc = &svg[svg.find("<desc").unwrap()..svg.find("</desc>").unwrap()];
        assert!(desc.contains("GPT-o3 0.765 [0.715, 0.815]") && desc.contains("Always A 0.250"), "{desc}");
        assert!(!svg.contains("<script"), "markup in a model name is escaped");
        assert!(svg.contains("&lt;script&gt;"));
        assert!(svg.matches("<circle").count() >= 3, "a dot per row");
        for legend in ["Published", "Verified", "Baseline"] {
            assert!(svg.contains(legend), "{legend}");
        }
    }

    #[test]
    fn filters_apply_and_an_empty_chart_says_so() {
        let only_verified = BoardFilter { source: Some(RowSource::Verified), ..BoardFilter::default() };
        let board = board();
        let (rows, kept) = rows(&board, &only_verified);
        assert_eq!((rows.len(), kept), (1, 1));
        let none = BoardFilter { search: "no such model".into(), category: Some("x".into()), ..BoardFilter::default() };
        let svg = svg(&board, &none, Lang::Ar).unwrap();
        assert!(svg.contains("x=\"740\" direction=\"rtl\"") && svg.contains("لا يوجد نموذج"), "{svg}");
        let drawn = super::svg(&board, &BoardFilter::default(), Lang::Ar).unwrap();
        assert!(drawn.contains("direction=\"rtl\""), "drawn Arabic reads right to left: {drawn}");
    }
}
