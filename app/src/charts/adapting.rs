//! The Table 5 chart: Llama-3.1-8B-instruct zero-shot, 3-shot and QLoRA.

use super::{Bar, BarChart, ChartError};
use crate::domain::figures::Figures;
use crate::i18n::{Lang, adapting, common, relative};

/// Where the chart's figures come from.
pub const SOURCE: &str = "Table 5";

/// The Table 5 settings with their published accuracy and relative gain,
/// in stored order; settings without a stored accuracy are left out.
pub fn settings(figures: &Figures) -> Vec<(String, f64, Option<f64>)> {
    figures
        .subjects(SOURCE)
        .into_iter()
        .filter_map(|s| {
            let accuracy = figures.value(SOURCE, s, "accuracy")?;
            Some((s.to_owned(), accuracy, figures.value(SOURCE, s, "relative_gain")))
        })
        .collect()
}

/// The chart as SVG, with its texts in `lang`.
pub fn svg(figures: &Figures, lang: Lang) -> Result<String, ChartError> {
    let t = adapting::text(lang);
    let rows = settings(figures);
    let bars: Vec<Bar> = rows
        .iter()
        .map(|(setting, accuracy, _)| Bar {
            label: setting.clone(),
            value: *accuracy,
            value_label: format!("{accuracy:.3}"),
        })
        .collect();
    let described: Vec<String> = rows
        .iter()
        .map(|(setting, accuracy, gain)| match gain {
            Some(g) => format!("{setting} {accuracy:.3} ({} {})", relative(*g), t.relative_word()),
            None => format!("{setting} {accuracy:.3}"),
        })
        .collect();
    let separator = if lang == Lang::Ar { "؛ " } else { "; " };
    let description = format!(
        "{}: {}. {}: {}.",
        t.chart_desc(),
        described.join(separator),
        common::text(lang).source(),
        common::source_label(lang, SOURCE)
    );
    let top = rows.iter().map(|r| r.1).fold(0.0_f64, f64::max);
    let y_max = ((top * 1.25) * 10.0).ceil() / 10.0;
    BarChart {
        id: "chart-adapting",
        title: &t.chart_title(),
        description: &description,
        y_label: &t.chart_axis(),
        y_max: if y_max > 0.0 { y_max.min(1.0) } else { 1.0 },
        bars: &bars,
    }
    .to_svg()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::figures::PublishedFigure;

    fn table5() -> Figures {
        let fig = |subject: &str, metric: &str, value: f64| PublishedFigure {
            source_table: "Table 5".into(),
            subject: subject.into(),
            metric: metric.into(),
            value,
            unit: String::new(),
            note: String::new(),
        };
        Figures(vec![
            fig("zero-shot", "accuracy", 0.170),
            fig("3-shot", "accuracy", 0.191),
            fig("3-shot", "relative_gain", 0.124),
            fig("QLoRA", "accuracy", 0.320),
            fig("QLoRA", "relative_gain", 0.882),
        ])
    }

    #[test]
    fn the_chart_shows_and_describes_table_5() {
        let svg = svg(&table5(), Lang::En).unwrap();
        for text in ["0.170", "0.191", "0.320", "zero-shot", "3-shot", "QLoRA"] {
            assert!(svg.contains(text), "{text}");
        }
        let desc = &svg[svg.find("<desc").unwrap()..svg.find("</desc>").unwrap()];
        assert!(desc.contains("QLoRA 0.320 (+88.2% relative)") && desc.contains("Table 5"), "{desc}");
        let ar = super::svg(&table5(), Lang::Ar).unwrap();
        assert!(ar.contains("الجدول 5") && ar.contains("نسبيًا"));
        // Drawn Arabic reads right to left; the figures stay left to right.
        let drawn = &ar[ar.find("</desc>").unwrap()..];
        assert!(drawn.contains("direction=\"rtl\"") && !drawn.contains("direction=\"rtl\">\n0.320"), "{drawn}");
        assert!(!svg.contains("direction=\"rtl\""), "no Arabic in the English chart");
    }
}
