//! `medarabench final ID`: choose one of your team's submissions on a
//! held-out key to count in the final standing (or, with `--unset`, stop
//! counting it), over the API (`PATCH /api/v1/submissions/{id}` with
//! `final`). At most two submissions of a model count; with none chosen,
//! the model's latest does.

use std::time::Duration;

use anyhow::Context;
use clap::Args;
use serde_json::json;

#[derive(Debug, Args)]
pub struct FinalArgs {
    /// The server's base URL, e.g. https://medarabench.example.
    #[arg(long)]
    pub server: String,
    /// An API token of your team.
    #[arg(long, env = "MEDARABENCH_TOKEN", hide_env_values = true)]
    pub token: String,
    /// Stop counting the submission instead.
    #[arg(long)]
    pub unset: bool,
    /// Print the submission object as JSON.
    #[arg(long)]
    pub json: bool,
    /// The submission's id (as `submit` prints it).
    pub id: String,
}

/// Sends the choice and prints what the server answered.
pub async fn run(args: FinalArgs) -> anyhow::Result<()> {
    let url = format!("{}/api/v1/submissions/{}", args.server.trim_end_matches('/'), args.id);
    let client = reqwest::Client::builder().timeout(Duration::from_secs(60)).build()?;
    let resp = client
        .patch(&url)
        .bearer_auth(&args.token)
        .json(&json!({ "final": !args.unset }))
        .send()
        .await
        .with_context(|| format!("cannot reach {url}"))?;
    let body = super::answer(resp, "the choice").await?;
    if args.json {
        return super::print_json(&body);
    }
    let counted = if body["final"] == true { "counts" } else { "does not count" };
    println!("{} ({}) {counted} in the final standing", args.id, body["model_name"].as_str().unwrap_or_default());
    Ok(())
}
