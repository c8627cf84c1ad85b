//! The leaderboard chart: each row's accuracy as a dot with its 95% CI as
//! a whisker, best first, coloured by source (published, verified,
//! baseline). Drawn from the same board and filters as the page.

use plotters::prelude::*;

use super::{ACCENT, ChartError, MUTED, accessible, escape};
use crate::domain::board::{Baseline, BoardFilter, BoardPage, BoardRow, RowSource};
use crate::i18n::{Lang, leaderboard};

/// At most this many model rows are drawn (the best ones); the table
/// lists them all.
pub const MAX_MODEL_ROWS: usize = 60;

const VERIFIED: RGBColor = RGBColor(26, 127, 55);
/// `--error` in `style/main.css`, as the board's flag badge.
const FLAGGED: RGBColor = RGBColor(180, 35, 24);

/// The chart's width: one for a screen of its own, one that a phone shows
/// at its natural size (every text at least 11 px on a 366 px column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    #[default]
    Wide,
    Narrow,
}

impl Layout {
    /// The query value of the narrow layout (`?layout=narrow`).
    pub const NARROW: &'static str = "narrow";

    pub fn from_param(value: Option<&str>) -> Self {
        if value == Some(Self::NARROW) { Self::Narrow } else { Self::Wide }
    }

    /// (width, label area, longest label, font sizes of labels and caption).
    fn measures(self) -> (u32, u32, usize, u32, u32) {
        match self {
            Self::Wide => (760, 230, 32, 12, 18),
            // plotters writes a font of size s as font-size s / 1.24.
            Self::Narrow => (360, 120, 14, 14, 16),
        }
    }
}

/// How a row's dot is drawn: a flagged row and a row on a demo key must
/// not pass for a verified model's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Plain,
    Demo,
    Flagged,
}

fn mark(row: &BoardRow) -> Mark {
    if !row.flags.is_empty() {
        Mark::Flagged
    } else if row.synthetic_key {
        Mark::Demo
    } else {
        Mark::Plain
    }
}

/// The rows the chart draws: the best [`MAX_MODEL_ROWS`] models the filter
/// keeps, then the baselines it keeps; and how many models it kept. `page`
/// is the board's page for `filter` with at least [`MAX_MODEL_ROWS`]
/// verified rows.
pub fn rows<'a>(page: &'a BoardPage, filter: &BoardFilter) -> (Vec<&'a BoardRow>, usize) {
    let kept = page.rows.len() - page.verified_shown + page.verified_matching;
    let mut out: Vec<&BoardRow> = page.rows.iter().take(MAX_MODEL_ROWS).collect();
    if filter.shows_reference() {
        out.extend(&page.reference);
    }
    (out, kept)
}

fn label(row: &BoardRow, lang: Lang, longest: usize) -> String {
    let t = leaderboard::text(lang);
    let name = match row.baseline {
        Some(Baseline::Random) => t.random_guessing().to_owned(),
        Some(Baseline::Always(l)) => t.always(l),
        None => row.model.clone(),
    };
    // Long names would squeeze the plot: cut at `longest` characters.
    match name.char_indices().nth(longest) {
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
pub fn svg(page: &BoardPage, filter: &BoardFilter, lang: Lang, layout: Layout) -> Result<String, ChartError> {
    let t = leaderboard::text(lang);
    let (width, label_area, longest, font, caption_font) = layout.measures();
    let (rows, kept) = rows(page, filter);
    let listed: Vec<String> = rows
        .iter()
        .map(|r| format!("{} {:.3} [{:.3}, {:.3}]", label(r, lang, 32), r.accuracy, r.ci95[0], r.ci95[1]))
        .collect();
    let separator = if lang == Lang::Ar { "؛ " } else { "; " };
    let mut description = format!("{} {}.", t.chart_desc(rows.len()), listed.join(separator));
    if kept > MAX_MODEL_ROWS {
        description = format!("{description} {}", t.chart_limited(MAX_MODEL_ROWS, kept));
    }
    if rows.is_empty() {
        return Ok(empty(&t.chart_title(), &t.no_match(), lang, width));
    }
    let n = rows.len();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, (120 + 24 * n) as u32)).into_drawing_area();
        root.fill(&WHITE)?;
        let x_max = rows.iter().map(|r| r.ci95[1]).fold(0.0_f64, f64::max).mul_add(1.1, 0.02).min(1.0);
        let mut chart = ChartBuilder::on(&root)
            .caption(t.chart_title(), ("sans-serif", caption_font).into_font().color(&BLACK))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(label_area)
            .build_cartesian_2d(0.0..x_max, (0..n - 1).into_segmented())?;
        // Best on top: segment j shows row n-1-j.
        let y_label = |v: &SegmentValue<usize>| match v {
            SegmentValue::CenterOf(j) => rows.get(n - 1 - j).map(|r| label(r, lang, longest)).unwrap_or_default(),
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_max_light_lines(1)
            .x_desc(t.chart_axis())
            .x_labels(if layout == Layout::Narrow { 4 } else { 6 })
            .x_label_formatter(&|v| format!("{v:.1}"))
            .y_labels(n)
            .y_label_formatter(&y_label)
            .axis_desc_style(("sans-serif", font).into_font().color(&MUTED))
            .label_style(("sans-serif", font).into_font().color(&BLACK))
            .draw()?;
        let y = |i: usize| SegmentValue::CenterOf(n - 1 - i);
        chart.draw_series(rows.iter().enumerate().map(|(i, r)| {
            PathElement::new(vec![(r.ci95[0], y(i)), (r.ci95[1], y(i))], colour(r.source).stroke_width(2))
        }))?;
        // A filled dot per source; a demo key's row is a hollow ring and a
        // flagged row a cross, each with its own legend entry.
        for source in [RowSource::Reported, RowSource::Verified, RowSource::Reference] {
            let name = match source {
                RowSource::Reported => t.badge_reported(),
                RowSource::Verified => t.badge_verified(),
                RowSource::Reference => t.badge_reference(),
            };
            let points: Vec<(usize, &&BoardRow)> =
                rows.iter().enumerate().filter(|(_, r)| r.source == source && mark(r) == Mark::Plain).collect();
            if points.is_empty() {
                continue;
            }
            let c = colour(source);
            chart
                .draw_series(points.into_iter().map(|(i, r)| Circle::new((r.accuracy, y(i)), 4, c.filled())))?
                .label(name)
                .legend(move |(x, y)| Circle::new((x + 6, y), 4, c.filled()));
        }
        let demo: Vec<(usize, &&BoardRow)> = rows.iter().enumerate().filter(|(_, r)| mark(r) == Mark::Demo).collect();
        if !demo.is_empty() {
            chart
                .draw_series(
                    demo.into_iter().map(|(i, r)| Circle::new((r.accuracy, y(i)), 5, colour(r.source).stroke_width(2))),
                )?
                .label(t.demo_key_badge())
                .legend(|(x, y)| Circle::new((x + 6, y), 5, MUTED.stroke_width(2)));
        }
        let flagged: Vec<(usize, &&BoardRow)> =
            rows.iter().enumerate().filter(|(_, r)| mark(r) == Mark::Flagged).collect();
        if !flagged.is_empty() {
            chart
                .draw_series(
                    flagged.into_iter().map(|(i, r)| Cross::new((r.accuracy, y(i)), 5, FLAGGED.stroke_width(2))),
                )?
                .label(t.flag_badge())
                .legend(|(x, y)| Cross::new((x + 6, y), 5, FLAGGED.stroke_width(2)));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(WHITE.mix(0.9))
            .border_style(MUTED)
            .label_font(("sans-serif", font).into_font().color(&BLACK))
            .draw()?;
        root.present()?;
    }
    Ok(accessible(&svg, "chart-leaderboard", &t.chart_title(), &description))
}

/// A small SVG that says there is nothing to draw (from the right edge, in
/// Arabic).
fn empty(title: &str, message: &str, lang: Lang, width: u32) -> String {
    let place = if lang == Lang::Ar { format!("x=\"{}\" direction=\"rtl\"", width - 20) } else { "x=\"20\"".into() };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"80\" viewBox=\"0 0 {width} 80\" role=\"img\" \
         aria-labelledby=\"chart-leaderboard-title\"><title id=\"chart-leaderboard-title\">{}</title>\
         <rect width=\"{width}\" height=\"80\" fill=\"#fff\"/><text {place} y=\"45\" font-family=\"sans-serif\" \
         font-size=\"16\">{}</text></svg>",
        escape(title),
        escape(message)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::board::Board;
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

    /// The chart of `board` for `filter`, drawn from the page the server cuts.
    fn chart(board: &Board, filter: &BoardFilter, lang: Lang, layout: Layout) -> Result<String, ChartError> {
        super::svg(&page(board, filter), filter, lang, layout)
    }

    /// The page of `board` for `filter` (a small board: every row kept).
    fn page(board: &Board, filter: &BoardFilter) -> BoardPage {
        let rows: Vec<BoardRow> = board.rows.iter().filter(|r| filter.shows(r)).map(|r| BoardRow::clone(r)).collect();
        let verified = rows.iter().filter(|r| r.source == RowSource::Verified).count();
        BoardPage {
            version: board.version.clone(),
            rows,
            reference: board.reference.clone(),
            verified_shown: verified,
            verified_matching: verified,
            models_total: board.rows.len(),
            synthetic: false,
        }
    }

    fn board() -> Board {
        Board {
            version: "1".into(),
            rows: vec![
                row("GPT-o3", RowSource::Reported, 0.765).into(),
                row("<script>alert(1)</script>", RowSource::Verified, 0.5).into(),
            ],
            reference: vec![row("always A", RowSource::Reference, 0.25)],
        }
    }

    #[test]
    fn dots_whiskers_labels_and_a_text_alternative() {
        let svg = chart(&board(), &BoardFilter::default(), Lang::En, Layout::Wide).unwrap();
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
        let page = page(&board, &only_verified);
        let (rows, kept) = rows(&page, &only_verified);
        assert_eq!((rows.len(), kept), (1, 1));
        let none = BoardFilter { search: "no such model".into(), category: Some("x".into()), ..BoardFilter::default() };
        let svg = chart(&board, &none, Lang::Ar, Layout::Wide).unwrap();
        assert!(svg.contains("x=\"740\" direction=\"rtl\"") && svg.contains("لا يوجد نموذج"), "{svg}");
        let drawn = chart(&board, &BoardFilter::default(), Lang::Ar, Layout::Wide).unwrap();
        assert!(drawn.contains("direction=\"rtl\""), "drawn Arabic reads right to left: {drawn}");
    }

    /// The smallest `font-size` in an SVG.
    fn smallest_font(svg: &str) -> f64 {
        svg.split("font-size=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next()?.trim_end_matches("px").parse::<f64>().ok())
            .fold(f64::INFINITY, f64::min)
    }

    #[test]
    fn the_narrow_chart_is_legible_on_a_phone_and_marks_demo_and_flagged_rows() {
        let mut board = board();
        let mut demo = row("Demo-Copy", RowSource::Verified, 0.9);
        demo.synthetic_key = true;
        let mut flagged = row("Flagged-7B", RowSource::Verified, 0.6);
        flagged.flags = vec![crate::domain::forensics::ShownFlag {
            code: "near_duplicate".into(),
            message: crate::domain::message::Message::new("flag-near-duplicate"),
        }];
        board.rows.extend([demo.into(), flagged.into()]);
        let wide = chart(&board, &BoardFilter::default(), Lang::En, Layout::Wide).unwrap();
        let narrow = chart(&board, &BoardFilter::default(), Lang::En, Layout::Narrow).unwrap();
        assert!(narrow.contains("width=\"360\""), "{narrow}");
        // Shown at most 366 px wide on a 390 px phone, it is not scaled
        // down; the wide one is scaled to less than half.
        assert!(smallest_font(&narrow) >= 11.0, "{}", smallest_font(&narrow));
        assert!(smallest_font(&wide) * 366.0 / 760.0 < 11.0);
        for chart in [&wide, &narrow] {
            assert!(chart.contains("Demo key") || chart.contains("demo key"), "a legend entry for demo rows");
            assert!(chart.contains("flagged"), "a legend entry for flagged rows");
            // One filled dot per plain row (three, and the legend's two),
            // a ring for the demo row, a cross (two lines) for the flagged.
            assert_eq!(chart.matches("<circle").count(), 3 + 3 + 2, "{chart}");
        }
    }
}
