//! `medarabench keys audit NAME`: per-question difficulty and
//! discrimination of a stored key from the submissions scored on it, and
//! the questions whose keyed answer the strong submissions contradict
//! (candidates for errata). Operators only: it reads the database and is
//! never served.

use anyhow::Context;
use app::domain::Benchmark;
use app::domain::item_analysis::{ItemStats, MIN_STRONG, MIN_SUBMISSIONS};
use app::services::key_audit::{self, AuditReport};
use clap::Args;

use super::print_json;
use crate::cli::serve::open_database;

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// The key's name (any version's name: that version is audited).
    pub name: String,
    /// Its benchmark, when keys of both share the name.
    #[arg(long)]
    pub benchmark: Option<Benchmark>,
    /// Questions shown in the table, most suspect first (0: all); `--json`
    /// always lists every question.
    #[arg(long, default_value_t = 25)]
    pub top: usize,
    /// Print one JSON document instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// Runs `keys audit`.
pub async fn run(database_url: &str, args: AuditArgs) -> anyhow::Result<()> {
    let db = open_database(database_url).await?;
    let report = key_audit::audit_key(&db, &args.name, args.benchmark)
        .await
        .with_context(|| format!("the key {:?} was not audited", args.name))?;
    if args.json {
        return print_json(&report);
    }
    print!("{}", render(&report, args.top));
    Ok(())
}

/// The table, most suspect first, and the summary line.
fn render(report: &AuditReport, top: usize) -> String {
    let audit = &report.audit;
    let shown = if top == 0 { audit.items.len() } else { top.min(audit.items.len()) };
    let mut out = format!(
        "{:>8}  {:>5}  {:>10}  {:>14}  {:>12}  {}\n",
        "question", "keyed", "difficulty", "discrimination", "strong gave", "suspect"
    );
    for item in &audit.items[..shown] {
        out.push_str(&row(item, audit.strong));
    }
    if shown < audit.items.len() {
        out.push_str(&format!("... {} more (--top 0 shows all)\n", audit.items.len() - shown));
    }
    out.push_str(&format!(
        "{} {} key {:?} (version {}): {} question(s), {} submission(s) ({} skipped: no stored predictions), \
         strong group {} (top quartile, at least {MIN_STRONG}); {} contradicted. Difficulty: share right; \
         discrimination: point-biserial with the rest score; at least {MIN_SUBMISSIONS} submissions needed.\n",
        if audit.contradicted > 0 { "CHECK" } else { "ok" },
        report.key.benchmark,
        report.key.name,
        report.key.version,
        audit.items.len(),
        audit.submissions,
        report.skipped,
        audit.strong,
        audit.contradicted,
    ));
    out
}

/// One question's line.
fn row(item: &ItemStats, strong: usize) -> String {
    let discrimination = item.discrimination.map_or_else(|| "-".to_owned(), |d| format!("{d:+.3}"));
    let gave = item.strong_answer.map_or_else(|| "-".to_owned(), |l| format!("{l} {}/{strong}", item.strong_agree));
    let suspect = if item.contradicted {
        "contradicted"
    } else if item.discrimination.is_some_and(|d| d < 0.0) {
        "negative discrimination"
    } else {
        ""
    };
    format!(
        "{:>8}  {:>5}  {:>10.3}  {:>14}  {:>12}  {}\n",
        item.question_id,
        item.keyed.to_string(),
        item.difficulty,
        discrimination,
        gave,
        suspect
    )
    .replace("  \n", "\n")
}
