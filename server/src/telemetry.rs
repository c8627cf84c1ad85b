//! Logging setup: `RUST_LOG`-style filtering on stderr, as human-readable
//! lines or (`serve --log-format json`) one JSON object a line. A request's
//! lines carry its span: method, path and `request_id` (the
//! `X-Request-Id` its response carries).

use tracing_subscriber::EnvFilter;

/// How log lines are written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One line of text each, for a person at a terminal.
    #[default]
    Text,
    /// One JSON object a line (`timestamp`, `level`, `fields`, `target`,
    /// `span` with the request's id), for a log collector.
    Json,
}

/// Installs the global subscriber (once; later calls are ignored).
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let lines = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => lines.try_init(),
        LogFormat::Json => lines.json().with_current_span(true).with_span_list(false).try_init(),
    };
}
