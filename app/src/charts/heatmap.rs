//! One submission's specialty × level heatmap as SVG: the same cells and
//! colours as the page's table (`components::heatmap`, `palette`), each
//! with its accuracy, n and 95% CI, small cells marked, empty cells saying
//! so, and the colour legend below.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{ChartError, accessible, escape};
use crate::domain::score::{Cells, SMALL_N, levels};
use crate::format::{acc, ci};
use crate::i18n::Lang;
use crate::i18n::score::{BreakdownKind, text};
use crate::palette::{self, EMPTY_FILL, EMPTY_TEXT, Rgb};

/// The chart's ids prefix (`chart-heatmap-title`, `chart-heatmap-desc`).
pub const ID: &str = "chart-heatmap";

const MARGIN: i32 = 16;
const TITLE_HEIGHT: i32 = 40;
const HEADER_HEIGHT: i32 = 28;
const LABEL_WIDTH: i32 = 230;
const CELL_WIDTH: i32 = 134;
const CELL_HEIGHT: i32 = 42;
const SWATCH_WIDTH: i32 = 60;
const LEGEND_HEIGHT: i32 = 84;

fn rgb(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

fn font(size: u32, colour: Rgb, h: HPos) -> TextStyle<'static> {
    ("sans-serif", size).into_font().color(&rgb(colour)).pos(Pos::new(h, VPos::Center))
}

/// The model name as the drawn title shows it: cut at 48 characters (the
/// `<title>` keeps it whole).
fn short(name: &str) -> String {
    match name.char_indices().nth(48) {
        Some((i, _)) => format!("{}…", &name[..i]),
        None => name.to_owned(),
    }
}

/// The text alternative: every cell, in the table's order.
fn describe(cells: &Cells, lang: Lang) -> String {
    let t = text(lang);
    let (comma, semicolon) = if lang == Lang::Ar { ("، ", "؛ ") } else { (", ", "; ") };
    let levels = levels(cells);
    let mut listed = Vec::new();
    for (specialty, row) in cells {
        let specialty = BreakdownKind::Specialty.row_label(lang, specialty);
        for level in &levels {
            let name = format!("{specialty}{comma}{}", BreakdownKind::Level.row_label(lang, level));
            listed.push(match row.get(level) {
                Some(c) => format!(
                    "{name}: {} (n = {}{semicolon}{} {}){}",
                    acc(c.accuracy),
                    c.total,
                    t.ci(),
                    ci(c.ci95),
                    if c.total < SMALL_N { " *" } else { "" }
                ),
                None => format!("{name}: {}", t.heat_empty()),
            });
        }
    }
    format!("{} {}.", t.heat_chart_desc(SMALL_N), listed.join(semicolon))
}

/// The heatmap of `cells` (a submission's `by_cell`) for `model`, with its
/// texts in `lang`; a key without cells gives a chart that says so.
pub fn svg(cells: &Cells, model: &str, lang: Lang) -> Result<String, ChartError> {
    let t = text(lang);
    let title = t.heat_chart_title(model);
    if cells.is_empty() {
        return Ok(empty(&title, &t.heat_no_cells()));
    }
    let levels = levels(cells);
    let (cols, rows) = (levels.len() as i32, cells.len() as i32);
    let grid_left = MARGIN + LABEL_WIDTH;
    let width = (grid_left + cols * CELL_WIDTH).max(MARGIN + palette::BINS as i32 * SWATCH_WIDTH) + MARGIN;
    let grid_top = MARGIN + TITLE_HEIGHT + HEADER_HEIGHT;
    let legend_top = grid_top + rows * CELL_HEIGHT + 16;
    let height = legend_top + LEGEND_HEIGHT + MARGIN;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width as u32, height as u32)).into_drawing_area();
        root.fill(&WHITE)?;
        let black = Rgb::BLACK;
        root.draw(&Text::new(t.heat_chart_title(short(model)), (MARGIN, MARGIN + 12), font(20, black, HPos::Left)))?;
        for (c, level) in levels.iter().enumerate() {
            let x = grid_left + c as i32 * CELL_WIDTH + CELL_WIDTH / 2;
            let label = BreakdownKind::Level.row_label(lang, level);
            root.draw(&Text::new(label, (x, grid_top - HEADER_HEIGHT / 2), font(16, black, HPos::Center)))?;
        }
        for (r, (specialty, row)) in cells.iter().enumerate() {
            let top = grid_top + r as i32 * CELL_HEIGHT;
            let label = BreakdownKind::Specialty.row_label(lang, specialty);
            root.draw(&Text::new(label, (grid_left - 8, top + CELL_HEIGHT / 2), font(16, black, HPos::Right)))?;
            for (c, level) in levels.iter().enumerate() {
                let left = grid_left + c as i32 * CELL_WIDTH;
                let (x, y) = (left + CELL_WIDTH / 2, top + CELL_HEIGHT / 2);
                let inner = [(left + 1, top + 1), (left + CELL_WIDTH - 1, top + CELL_HEIGHT - 1)];
                let Some(cell) = row.get(level) else {
                    root.draw(&Rectangle::new(inner, rgb(EMPTY_FILL).filled()))?;
                    root.draw(&Text::new(t.heat_empty(), (x, y), font(15, EMPTY_TEXT, HPos::Center)))?;
                    continue;
                };
                let small = cell.total < SMALL_N;
                let shade = palette::shade_of(cell.accuracy);
                let shade = if small { shade.muted() } else { shade };
                root.draw(&Rectangle::new(inner, rgb(shade.fill).filled()))?;
                if small {
                    let ring = [(left + 4, top + 4), (left + CELL_WIDTH - 4, top + CELL_HEIGHT - 4)];
                    root.draw(&Rectangle::new(ring, rgb(shade.text).stroke_width(1)))?;
                }
                let first = format!("{} (n = {}){}", acc(cell.accuracy), cell.total, if small { " *" } else { "" });
                root.draw(&Text::new(first, (x, y - 9), font(15, shade.text, HPos::Center)))?;
                root.draw(&Text::new(ci(cell.ci95), (x, y + 10), font(14, shade.text, HPos::Center)))?;
            }
        }
        root.draw(&Text::new(t.heat_legend(), (MARGIN, legend_top + 8), font(16, black, HPos::Left)))?;
        for (i, shade) in palette::scale().enumerate() {
            let left = MARGIN + i as i32 * SWATCH_WIDTH;
            root.draw(&Rectangle::new(
                [(left, legend_top + 20), (left + SWATCH_WIDTH, legend_top + 44)],
                rgb(shade.fill).filled(),
            ))?;
            let centre = (left + SWATCH_WIDTH / 2, legend_top + 32);
            root.draw(&Text::new(shade.range_label(), centre, font(14, shade.text, HPos::Center)))?;
        }
        let keys = legend_top + 68;
        root.draw(&Rectangle::new([(MARGIN, keys - 12), (MARGIN + 112, keys + 12)], rgb(EMPTY_FILL).filled()))?;
        root.draw(&Text::new(t.heat_empty(), (MARGIN + 56, keys), font(14, EMPTY_TEXT, HPos::Center)))?;
        root.draw(&Text::new(t.heat_small(SMALL_N), (MARGIN + 128, keys), font(14, black, HPos::Left)))?;
        root.present()?;
    }
    Ok(accessible(&svg, ID, &title, &describe(cells, lang)))
}

/// A small SVG that says there is nothing to draw.
fn empty(title: &str, message: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"80\" viewBox=\"0 0 640 80\" role=\"img\" \
         aria-labelledby=\"{ID}-title {ID}-desc\"><title id=\"{ID}-title\">{title}</title><desc id=\"{ID}-desc\">\
         {message}</desc><rect width=\"640\" height=\"80\" fill=\"#fff\"/><text x=\"20\" y=\"45\" \
         font-family=\"sans-serif\" font-size=\"16\">{message}</text></svg>",
        title = escape(title),
        message = escape(message)
    )
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::domain::Breakdown;

    fn cells() -> Cells {
        let mut cells = Cells::new();
        cells.insert(
            "Anatomy".into(),
            BTreeMap::from([("Y1".into(), Breakdown::new(60, 100)), ("Y2".into(), Breakdown::new(3, 10))]),
        );
        cells.insert("Ophthalmology".into(), BTreeMap::from([("Y5".into(), Breakdown::new(40, 50))]));
        cells
    }

    #[test]
    fn cells_legend_and_a_text_alternative() {
        let svg = svg(&cells(), "<b>Model</b> & co", Lang::En).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
        let root = &svg[..svg.find('>').unwrap()];
        assert!(
            root.contains("role=\"img\"")
                && root.contains("aria-labelledby=\"chart-heatmap-title chart-heatmap-desc\"")
        );
        assert!(svg.contains(
            "<title id=\"chart-heatmap-title\">&lt;b&gt;Model&lt;/b&gt; &amp; co: accuracy by specialty and level</title>"
        ));
        assert!(!svg.contains("<b>"), "markup in a model name is escaped");
        let desc = &svg[svg.find("<desc").unwrap()..svg.find("</desc>").unwrap()];
        for part in [
            "Anatomy, Y1: 0.600 (n = 100; 95% CI [0.502, 0.691])",
            "Anatomy, Y2: 0.300 (n = 10; 95% CI [0.108, 0.603]) *",
            "Anatomy, Y5: no questions",
            "Ophthalmology, Y1: no questions",
            "Ophthalmology, Y5: 0.800 (n = 50;",
            "fewer than 30 questions",
        ] {
            assert!(desc.contains(part), "{part} not in {desc}");
        }
        // Drawn: the figures, the colours of the scale, the legend.
        for drawn in ["0.600 (n = 100)", "0.300 (n = 10) *", "[0.502, 0.691]", "no questions", "0.9–1.0", "Y5"] {
            assert!(svg.contains(drawn), "{drawn} drawn");
        }
        assert!(svg.to_lowercase().contains(&palette::shade_of(0.6).fill.hex()), "the cell's colour");
    }

    #[test]
    fn arabic_labels_and_an_empty_chart() {
        let svg = svg(&cells(), "M", Lang::Ar).unwrap();
        for label in ["التشريح", "طب العيون", "Y1 (السنة الأولى)", "لا أسئلة", "فترة الثقة 95%", "حسب التخصص والمستوى"]
        {
            assert!(svg.contains(label), "{label}");
        }
        // Arabic texts read right to left; the figures stay left to right.
        assert!(svg.contains("direction=\"rtl\">\nالتشريح"), "row labels");
        assert!(!svg.contains("direction=\"rtl\">\n0.300"), "figures");
        let none = super::svg(&Cells::new(), "M", Lang::En).unwrap();
        assert!(none.contains("<title id=\"chart-heatmap-title\">") && none.contains("No cell to show"));
    }
}
