//! The board as CSV: one line per row, the columns of [`CSV_COLUMNS`],
//! with spreadsheet formulas defused.

use app::domain::board::Board;
use serde_json::Value;

use super::super::views::BoardRowView;

/// The columns of the CSV export, in order (new ones go at the end).
const CSV_COLUMNS: &[&str] = &[
    "model",
    "team",
    "source",
    "source_table",
    "category",
    "params",
    "accuracy",
    "ci95_low",
    "ci95_high",
    "correct",
    "n",
    "contamination",
    "key",
    "synthetic_key",
    "submission_id",
    "submitted_at",
    "rank_best",
    "rank_worst",
    "ci95_approximate",
    "exposure",
    "attempts",
    "first_submitted_at",
    "key_superseded",
    "flags",
    "format",
    "part",
    "at_or_below_chance",
    "not_above_team_best",
    "ece",
    "ece_ci95_low",
    "ece_ci95_high",
    "brier",
    "calibration_n",
];

/// Spreadsheets run cells that start with these as formulas; such text is
/// prefixed with an apostrophe so a team name cannot become a formula.
fn csv_cell(v: &Value) -> String {
    let text = match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if matches!(v, Value::Number(_)) { text } else { app::domain::spreadsheet_safe(&text).into_owned() }
}

/// The board's rows as CSV, and its baselines after them when
/// `with_reference`.
pub(super) fn board_csv(board: &Board, with_reference: bool) -> anyhow::Result<Vec<u8>> {
    let rows = board.rows.iter().map(|r| &**r).chain(board.reference.iter().filter(|_| with_reference));
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(CSV_COLUMNS)?;
    for row in rows.map(|r| serde_json::to_value(BoardRowView::from(r))) {
        let row = row?;
        let cells: Vec<String> = CSV_COLUMNS
            .iter()
            .map(|c| match *c {
                "ci95_low" => csv_cell(&row["ci95"][0]),
                "ci95_high" => csv_cell(&row["ci95"][1]),
                // The codes, space-separated (empty: no flags).
                "flags" => flag_codes(&row["flags"]),
                // Empty where the file gave no confidence.
                "ece" | "brier" => csv_cell(&row["calibration"][*c]),
                "ece_ci95_low" => csv_cell(&row["calibration"]["ece_ci95"][0]),
                "ece_ci95_high" => csv_cell(&row["calibration"]["ece_ci95"][1]),
                "calibration_n" => csv_cell(&row["calibration"]["n"]),
                other => csv_cell(&row[other]),
            })
            .collect();
        out.write_record(&cells)?;
    }
    out.into_inner().map_err(|e| anyhow::anyhow!("{e}"))
}

/// A board row's flag codes for the CSV, separated by spaces.
fn flag_codes(flags: &Value) -> String {
    let codes: Vec<&str> = flags.as_array().into_iter().flatten().filter_map(|f| f["code"].as_str()).collect();
    codes.join(" ")
}

#[cfg(test)]
mod tests {
    use super::csv_cell;
    use serde_json::json;

    #[test]
    fn formulas_are_defused_numbers_kept() {
        assert_eq!(csv_cell(&json!("=HYPERLINK(\"x\")")), "'=HYPERLINK(\"x\")");
        assert_eq!(csv_cell(&json!("@cmd")), "'@cmd");
        assert_eq!(csv_cell(&json!("GPT-o3")), "GPT-o3");
        assert_eq!(csv_cell(&json!(-0.5)), "-0.5");
        assert_eq!(csv_cell(&json!(null)), "");
    }
}
