//! Charts drawn on the server with plotters into SVG strings, so they show
//! without JavaScript and download as files. Every chart carries its title
//! and a text alternative (`role="img"`, `<title>`, `<desc>`), and every
//! label is escaped (plotters escapes what it draws; this module escapes
//! the title and description it adds).

pub mod adapting;
pub mod badge;
pub mod calibration;
pub mod heatmap;
pub mod leaderboard;
pub mod scatter;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Why a chart could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// plotters failed (the SVG backend writes into a `String`, so this
    /// means a layout problem such as an empty range).
    #[error("cannot draw the chart: {0}")]
    Draw(String),
    /// There is nothing to draw (no bar, no point).
    #[error("nothing to draw")]
    Empty,
}

impl<E: std::error::Error + Send + Sync> From<DrawingAreaErrorKind<E>> for ChartError {
    fn from(e: DrawingAreaErrorKind<E>) -> Self {
        Self::Draw(e.to_string())
    }
}

/// The site's accent colour (`--accent` in `style/main.css`).
const ACCENT: RGBColor = RGBColor(11, 92, 173);
const MUTED: RGBColor = RGBColor(87, 96, 106);

/// One bar: its axis label, height, and the text printed above it.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub label: String,
    pub value: f64,
    pub value_label: String,
}

/// A vertical bar chart.
#[derive(Debug, Clone, PartialEq)]
pub struct BarChart<'a> {
    /// Prefix of the ids of `<title>` and `<desc>`; unique within a page.
    pub id: &'a str,
    /// Drawn at the top and repeated in `<title>`.
    pub title: &'a str,
    /// The text alternative: what a reader who cannot see the bars needs.
    pub description: &'a str,
    /// The y axis.
    pub y_label: &'a str,
    /// The top of the y axis.
    pub y_max: f64,
    pub bars: &'a [Bar],
}

impl BarChart<'_> {
    /// The chart as a standalone SVG document.
    pub fn to_svg(&self) -> Result<String, ChartError> {
        if self.bars.is_empty() {
            return Err(ChartError::Empty);
        }
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (640, 380)).into_drawing_area();
            root.fill(&WHITE)?;
            let mut chart = ChartBuilder::on(&root)
                .caption(self.title, ("sans-serif", 20).into_font().color(&BLACK))
                .margin(18)
                .x_label_area_size(40)
                .y_label_area_size(64)
                // A discrete integer range includes its end: n bars are 0..n-1.
                .build_cartesian_2d((0..self.bars.len() - 1).into_segmented(), 0.0..self.y_max)?;
            let bars = self.bars;
            let x_label = |v: &SegmentValue<usize>| match v {
                SegmentValue::CenterOf(i) => bars.get(*i).map(|b| b.label.clone()).unwrap_or_default(),
                _ => String::new(),
            };
            chart
                .configure_mesh()
                .disable_x_mesh()
                .y_max_light_lines(0)
                .y_desc(self.y_label)
                .y_labels(5)
                .y_label_formatter(&|v| format!("{v:.1}"))
                .x_label_formatter(&x_label)
                .axis_desc_style(("sans-serif", 15).into_font().color(&MUTED))
                .label_style(("sans-serif", 15).into_font().color(&BLACK))
                .draw()?;
            chart.draw_series(bars.iter().enumerate().map(|(i, b)| {
                let mut bar = Rectangle::new(
                    [(SegmentValue::Exact(i), 0.0), (SegmentValue::Exact(i + 1), b.value)],
                    ACCENT.filled(),
                );
                bar.set_margin(0, 0, 28, 28);
                bar
            }))?;
            let value_style = ("sans-serif", 15).into_font().color(&BLACK).pos(Pos::new(HPos::Center, VPos::Bottom));
            chart.draw_series(bars.iter().enumerate().map(|(i, b)| {
                Text::new(
                    b.value_label.clone(),
                    (SegmentValue::CenterOf(i), b.value + self.y_max * 0.015),
                    value_style.clone(),
                )
            }))?;
            root.present()?;
        }
        Ok(accessible(&svg, self.id, self.title, self.description))
    }
}

/// Adds `role="img"`, `aria-labelledby`, `<title>` and `<desc>` to the root
/// `<svg>` element of `svg`, and sets Arabic texts right to left (see
/// [`right_to_left_texts`]; a chart of either language may hold Arabic
/// names).
fn accessible(svg: &str, id: &str, title: &str, description: &str) -> String {
    let svg = &right_to_left_texts(svg);
    let Some(open) = svg.find("<svg") else { return svg.to_owned() };
    let Some(close) = svg[open..].find('>').map(|i| open + i) else { return svg.to_owned() };
    let id = escape(id);
    format!(
        "{head} role=\"img\" aria-labelledby=\"{id}-title {id}-desc\">\n<title id=\"{id}-title\">{title}</title>\n<desc id=\"{id}-desc\">{desc}</desc>{rest}",
        head = &svg[..close],
        title = escape(title),
        desc = escape(description),
        rest = &svg[close + 1..],
    )
}

/// Gives every drawn `<text>` holding Arabic letters a right-to-left base
/// direction (`direction="rtl"`), so its words, parentheses and
/// punctuation read in Arabic order, and swaps its `text-anchor` start and
/// end so it stays where it was placed. Texts without Arabic (figures,
/// Latin names) keep their left-to-right order.
pub fn right_to_left_texts(svg: &str) -> String {
    let is_arabic = |c: char| {
        matches!(c, '\u{0600}'..='\u{06FF}' | '\u{0750}'..='\u{077F}' | '\u{08A0}'..='\u{08FF}')
            || matches!(c, '\u{FB50}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}')
    };
    let mut out = String::with_capacity(svg.len() + 256);
    let mut rest = svg;
    while let Some(start) = rest.find("<text ") {
        let Some(tag_len) = rest[start..].find('>') else { break };
        let Some(content_len) = rest[start + tag_len..].find("</text>") else { break };
        let tag = &rest[start..start + tag_len];
        let content = &rest[start + tag_len..start + tag_len + content_len];
        out.push_str(&rest[..start]);
        if content.chars().any(is_arabic) {
            let anchored = if tag.contains("text-anchor=\"start\"") {
                tag.replacen("text-anchor=\"start\"", "text-anchor=\"end\"", 1)
            } else {
                tag.replacen("text-anchor=\"end\"", "text-anchor=\"start\"", 1)
            };
            out.push_str(&anchored);
            out.push_str(" direction=\"rtl\"");
        } else {
            out.push_str(tag);
        }
        rest = &rest[start + tag_len..];
    }
    out.push_str(rest);
    out
}

/// Text safe in XML content and in attribute values (either quote).
pub fn escape(s: &str) -> String {
    html_escape::encode_quoted_attribute(s).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart_with(label: &str, title: &str) -> String {
        let bars = [
            Bar { label: label.into(), value: 0.2, value_label: "0.200".into() },
            Bar { label: "plain".into(), value: 0.3, value_label: "0.300".into() },
        ];
        BarChart { id: "t", title, description: "two bars", y_label: "Accuracy", y_max: 0.4, bars: &bars }
            .to_svg()
            .unwrap()
    }

    #[test]
    fn a_chart_is_an_accessible_svg_image() {
        let svg = chart_with("zero-shot", "Accuracy by setting");
        assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
        let root = &svg[..svg.find('>').unwrap()];
        assert!(root.contains("role=\"img\"") && root.contains("aria-labelledby=\"t-title t-desc\""), "{root}");
        assert!(svg.contains("<title id=\"t-title\">Accuracy by setting</title>"));
        assert!(svg.contains("<desc id=\"t-desc\">two bars</desc>"));
        for text in ["zero-shot", "plain", "0.200", "0.300", "Accuracy"] {
            assert!(svg.contains(&format!(">{text}<")) || svg.contains(text), "{text} drawn");
        }
        assert!(svg.matches("<rect").count() >= 3, "background and two bars");
    }

    #[test]
    fn arabic_texts_read_right_to_left_where_they_were_placed() {
        let svg = "<svg><text x=\"1\" text-anchor=\"start\" fill=\"#000\">\nدقة Model\n</text>\
                   <text x=\"2\" text-anchor=\"end\">\n0.500 (n = 4)\n</text>\
                   <text x=\"3\" text-anchor=\"end\">\nالتشريح\n</text>\
                   <text x=\"4\" text-anchor=\"middle\">\nY1 (السنة الأولى)\n</text></svg>";
        let out = right_to_left_texts(svg);
        assert!(out.contains("<text x=\"1\" text-anchor=\"end\" fill=\"#000\" direction=\"rtl\">\nدقة Model"), "{out}");
        assert!(out.contains("<text x=\"2\" text-anchor=\"end\">\n0.500"), "figures stay left-to-right: {out}");
        assert!(out.contains("<text x=\"3\" text-anchor=\"start\" direction=\"rtl\">"), "{out}");
        assert!(out.contains("<text x=\"4\" text-anchor=\"middle\" direction=\"rtl\">"), "{out}");
        assert!(out.ends_with("</text></svg>"));
    }

    #[test]
    fn a_model_name_with_markup_is_escaped() {
        let evil = "<script>alert(1)</script> & \"Model\"";
        let svg = chart_with(evil, evil);
        assert!(!svg.contains("<script"), "raw markup in the SVG");
        assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp;"), "escaped label");
        assert_eq!(svg.matches("&lt;script&gt;").count(), 3, "the title, the drawn caption and the axis label");
    }
}
