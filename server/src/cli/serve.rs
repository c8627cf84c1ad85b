//! `medarabench serve`: migrate, seed (and with `--demo` fill an empty
//! database with demo data: `cli::demo`), index the submissions the
//! near-duplicate index lacks (beside the requests), serve.

use std::net::SocketAddr;

use anyhow::Context;
use app::domain::registration::Registration;
use app::domain::{Benchmark, parse_key};
use app::i18n::count;
use app::services::key_store as keys;
use app::services::near_duplicates;
use app::services::registration::{Letters, Mailer, Registrar};
use app::services::{Db, database};
use clap::Args;
use tokio::net::TcpListener;

use crate::config::{ServerConfig, TrustedProxies, default_addr, leptos_options};
use crate::http::connections::ConnectionLimits;
use crate::state::AppState;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value_t = default_addr())]
    pub addr: String,
    /// Submissions per team per UTC day.
    #[arg(long, env = "MEDARABENCH_DAILY_QUOTA", default_value_t = 5)]
    pub daily_quota: i64,
    /// Submissions per team in total.
    #[arg(long, env = "MEDARABENCH_TOTAL_QUOTA", default_value_t = 100)]
    pub total_quota: i64,
    /// Send cookies without the `Secure` flag (only for plain-HTTP setups
    /// other than localhost, which browsers already treat as secure).
    #[arg(long, env = "MEDARABENCH_INSECURE_COOKIES")]
    pub insecure_cookies: bool,
    /// Writes (POST, PUT, PATCH, DELETE) allowed per client address per
    /// minute, in bursts up to that many; 0 turns the limit off.
    #[arg(long, env = "MEDARABENCH_WRITES_PER_MINUTE", default_value_t = 120)]
    pub writes_per_minute: u32,
    /// The server is behind a proxy that appends the client's address to
    /// `X-Forwarded-For`: limit by that address, not the proxy's (one
    /// trusted hop, unless `--trusted-proxies` says otherwise).
    #[arg(long, env = "MEDARABENCH_BEHIND_PROXY")]
    pub behind_proxy: bool,
    /// Which hops in front are trusted: a count (`2`: the peer and the
    /// proxy before it) or addresses and CIDR ranges (`10.0.0.0/8,::1`).
    /// The client is the right-most `X-Forwarded-For` address not added by
    /// a trusted hop. Implies `--behind-proxy`.
    #[arg(long, env = "MEDARABENCH_TRUSTED_PROXIES")]
    pub trusted_proxies: Option<TrustedProxies>,
    /// Teams one client address may register a UTC day (the API and the
    /// web form; `team create` is not limited); 0 turns the limit off.
    #[arg(long, env = "MEDARABENCH_REGISTRATIONS_PER_DAY", default_value_t = 3)]
    pub registrations_per_day: i64,
    /// Uploads one client address may send a UTC day, across all teams
    /// (besides each team's own quota); 0 turns the limit off.
    #[arg(long, env = "MEDARABENCH_CLIENT_DAILY_QUOTA", default_value_t = 10)]
    pub client_daily_quota: i64,
    /// Seconds a client has to send a request's headers (and an idle
    /// keep-alive connection to start its next request) before the
    /// connection is closed.
    #[arg(long, env = "MEDARABENCH_HEADER_TIMEOUT", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=30))]
    pub header_timeout: u64,
    /// Connections served at once; more wait in the listen backlog.
    #[arg(long, env = "MEDARABENCH_MAX_CONNECTIONS", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_connections: u64,
    /// The Ladder's step on held-out keys, in percentage points (default:
    /// 100/√n for a key of n scoreable questions, 1.42 on 4,928).
    #[arg(long, env = "MEDARABENCH_LADDER_STEP", value_parser = ladder_points)]
    pub ladder_step: Option<f64>,
    /// The scale of the Ladder's threshold noise on held-out keys (Laplace),
    /// in percentage points (default: half the step; 0 turns it off).
    #[arg(long, env = "MEDARABENCH_LADDER_NOISE", value_parser = noise_points)]
    pub ladder_noise: Option<f64>,
    /// How new teams are let in: `open` (they upload at once), `email`
    /// (once the first member opens a link sent over SMTP; needs
    /// `--smtp-url` and `--public-url`) or `approved` (once an operator
    /// runs `medarabench team approve NAME`). A server holding a held-out
    /// key refuses to start `open` unless `--allow-open-registration`.
    #[arg(long, env = "MEDARABENCH_REGISTRATION", default_value = "open")]
    pub registration: Registration,
    /// The SMTP relay of `--registration email`, as lettre reads it:
    /// `smtp://host:25` (plain), `smtp://host:587?tls=required`
    /// (STARTTLS), `smtps://user:password@host` (TLS).
    #[arg(long, env = "MEDARABENCH_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The sender of the verification mail.
    #[arg(long, env = "MEDARABENCH_MAIL_FROM", default_value = "MedAraBench <noreply@localhost>")]
    pub mail_from: String,
    /// The site's address as visitors reach it (`https://board.example`):
    /// verification links point there (never to a request's `Host`,
    /// which its sender writes).
    #[arg(long, env = "MEDARABENCH_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Start with `--registration open` although a held-out key is stored
    /// (anyone may then register as many teams as addresses allow, each
    /// with a Ladder of its own).
    #[arg(long, env = "MEDARABENCH_ALLOW_OPEN_REGISTRATION")]
    pub allow_open_registration: bool,
    /// Fill a database that has no team yet with clearly labelled synthetic
    /// demo teams and submissions (on synthetic keys only); a database with
    /// any team gets nothing. Never the default. The environment variable
    /// takes 1/0, true/false, yes/no, on/off.
    #[arg(long, env = "MEDARABENCH_DEMO", value_parser = clap::builder::BoolishValueParser::new())]
    pub demo: bool,
    /// Serve Prometheus metrics at `http://ADDR/metrics` (requests by
    /// route and status, latencies, uploads by outcome, board
    /// computations, database pools, re-scoring progress): an address of
    /// its own, never the public one (e.g. `127.0.0.1:9100`).
    #[arg(long, env = "MEDARABENCH_METRICS_ADDR")]
    pub metrics_addr: Option<String>,
    /// Log lines as text or one JSON object a line.
    #[arg(long, env = "MEDARABENCH_LOG_FORMAT", value_enum, default_value_t = crate::telemetry::LogFormat::Text)]
    pub log_format: crate::telemetry::LogFormat,
}

/// A Ladder step in points: more than 0 and at most 50.
fn ladder_points(value: &str) -> Result<f64, String> {
    match value.trim().parse::<f64>() {
        Ok(points) if points > 0.0 && points <= 50.0 => Ok(points),
        _ => Err(format!("{value:?} is not a step in points between 0 (excluded) and 50")),
    }
}

fn noise_points(value: &str) -> Result<f64, String> {
    match value.trim().parse::<f64>() {
        Ok(points) if (0.0..=50.0).contains(&points) => Ok(points),
        _ => Err(format!("{value:?} is not a noise scale in points from 0 to 50")),
    }
}

impl ServeArgs {
    /// The connection limits these arguments ask for.
    pub fn connection_limits(&self) -> ConnectionLimits {
        ConnectionLimits {
            header_read_timeout: std::time::Duration::from_secs(self.header_timeout),
            max_connections: usize::try_from(self.max_connections).unwrap_or(usize::MAX),
        }
    }
}

/// The server's settings: command-line quotas and the shared secret.
pub async fn server_config(db: &Db, args: &ServeArgs) -> anyhow::Result<ServerConfig> {
    anyhow::ensure!(
        args.daily_quota >= 0
            && args.total_quota >= 0
            && args.client_daily_quota >= 0
            && args.registrations_per_day >= 0,
        "quotas and limits must not be negative"
    );
    Ok(ServerConfig {
        daily_quota: args.daily_quota,
        total_quota: args.total_quota,
        secure_cookies: !args.insecure_cookies,
        writes_per_minute: args.writes_per_minute,
        proxies: args.trusted_proxies.clone().or(args.behind_proxy.then_some(TrustedProxies::Hops(1))),
        ladder_step: args.ladder_step.map(|points| points / 100.0),
        ladder_noise: args.ladder_noise.map(|points| points / 100.0),
        registrations_per_day: args.registrations_per_day,
        client_daily_quota: args.client_daily_quota,
        secret: server_secret(db).await?,
        client_secret: client_secret(db).await?,
        registrar: registrar(db, args).await?,
        ..ServerConfig::default()
    })
}

/// The mail the server sends, in its words (`app::i18n::mail`).
pub fn letters() -> Letters {
    Letters {
        verification: app::i18n::mail::verification,
        reset: app::i18n::mail::reset,
        invitation: app::i18n::mail::invitation,
    }
}

/// How the server lets teams in and mails links (address verification,
/// password resets, invitations), checked against what it holds: `email`
/// and a mail sender need the public address; `open` is refused on a
/// server holding a held-out key unless it is allowed outright.
async fn registrar(db: &Db, args: &ServeArgs) -> anyhow::Result<Registrar> {
    let mode = args.registration;
    if mode == Registration::Open && !args.allow_open_registration {
        let held_out = keys::held_out(db).await?;
        if let Some(key) = held_out.first() {
            anyhow::bail!(
                "the {} key {:?} is held out: with --registration open anyone may register as many teams as they \
                 have addresses, each with a Ladder of its own, to probe it. Choose --registration email or \
                 approved, or pass --allow-open-registration",
                key.benchmark,
                key.name
            );
        }
    }
    let mailer = match (mode, &args.smtp_url) {
        (_, Some(url)) => {
            Some(std::sync::Arc::new(Mailer::new(url, &args.mail_from, letters()).map_err(anyhow::Error::msg)?))
        }
        (Registration::Email, None) => {
            anyhow::bail!("--registration email needs --smtp-url (the relay that sends the links)")
        }
        _ => None,
    };
    let public_url = match (mode, &args.public_url) {
        (_, Some(url)) if !(url.starts_with("https://") || url.starts_with("http://")) => {
            anyhow::bail!("--public-url {url:?} must start with https:// or http://")
        }
        (Registration::Email, None) => {
            anyhow::bail!("--registration email needs --public-url (where the verification links point)")
        }
        (_, None) if mailer.is_some() => {
            anyhow::bail!("--smtp-url needs --public-url (where the mailed links point)")
        }
        (_, url) => url.clone().unwrap_or_default(),
    };
    Ok(Registrar { mode, mailer, public_url })
}

/// The server-wide secret, created on first start and shared by every
/// process through the database.
pub async fn server_secret(db: &Db) -> anyhow::Result<String> {
    Ok(database::setting_or_insert(db, "comparison_secret", || app::services::secrets::new_secret("")).await?)
}

/// The server-wide secret keying the hashes of client addresses, created
/// on first start and shared by every process through the database.
pub async fn client_secret(db: &Db) -> anyhow::Result<String> {
    Ok(database::setting_or_insert(db, "client_key_secret", || app::services::secrets::new_secret("")).await?)
}

/// Stores the synthetic demo key when no MedAraBench key has been imported,
/// so a fresh server can score uploads at once. Pages say plainly when a
/// score comes from it.
pub async fn ensure_demo_key(db: &Db) -> anyhow::Result<()> {
    if keys::default_key(db, Benchmark::MedAraBench).await?.is_some() {
        return Ok(());
    }
    let synthetic = app::domain::synthetic::synthetic_key(DEMO_KEY_ROWS, DEMO_KEY_SEED);
    let checked = parse_key(Benchmark::MedAraBench, synthetic.csv.as_bytes())?;
    let stored = keys::insert(
        db,
        keys::NewKey {
            benchmark: Benchmark::MedAraBench,
            name: DEMO_KEY_NAME,
            report: &checked.report,
            content: synthetic.csv.as_bytes(),
            synthetic: true,
            exposure: app::domain::exposure::Exposure::Public,
            split: None,
        },
    )
    .await;
    match stored {
        Ok(k) => tracing::info!("no answer key imported: stored the synthetic demo key ({} questions)", k.scoreable),
        // Another process stored it first.
        Err(keys::KeyStoreError::SameContent { .. } | keys::KeyStoreError::NameTaken { .. }) => {}
        Err(e) => return Err(e.into()),
    }
    Ok(())
}

/// The demo key's name, size and seed.
pub const DEMO_KEY_NAME: &str = "synthetic-demo";
pub const DEMO_KEY_ROWS: usize = 5000;
pub const DEMO_KEY_SEED: u64 = 2026;

/// Opens (and migrates) the database, seeds the published figures when the
/// database is new, and serves until Ctrl-C or SIGTERM.
pub async fn run(database_url: &str, args: ServeArgs) -> anyhow::Result<()> {
    let addr: SocketAddr = args
        .addr
        .parse()
        .with_context(|| format!("--addr {:?} is not a socket address like 127.0.0.1:3000", args.addr))?;
    let metrics_addr: Option<SocketAddr> = args
        .metrics_addr
        .as_deref()
        .map(|a| a.parse().with_context(|| format!("--metrics-addr {a:?} is not a socket address like 127.0.0.1:9100")))
        .transpose()?;
    anyhow::ensure!(
        metrics_addr.is_none_or(|m| m != addr || addr.port() == 0),
        "--metrics-addr must differ from --addr: metrics are never served on the public address"
    );
    let db = open_database(database_url).await?;
    ensure_demo_key(&db).await?;
    let config = server_config(&db, &args).await?;
    let state = AppState::new(leptos_options(addr), db, config);
    // Beside the requests: until it finishes, uploads also read the
    // submissions not yet indexed (`app::services::near_duplicates`).
    tokio::spawn(keep_near_duplicates_indexed(state.clone()));
    if args.demo {
        super::demo::fill(&state).await.context("--demo: the demo data was not stored")?;
    }
    if let Some(metrics_addr) = metrics_addr {
        serve_metrics(metrics_addr, state.clone()).await?;
    }
    tokio::spawn(keep_board(state.db.clone()));
    let router = crate::build_router(state);
    let listener = TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr}"))?;
    // The bound address, not the asked one: `--addr 127.0.0.1:0` takes a
    // free port and this line says which.
    let bound = listener.local_addr().context("cannot read the address listened on")?;
    tracing::info!("serving the MedAraBench leaderboard on http://{bound}");
    crate::http::connections::serve(listener, router, args.connection_limits(), shutdown_signal())
        .await
        .context("server failed")?;
    Ok(())
}

/// Brings the stored board up to the database's version before the first
/// visitor needs it (a database from before the board's rows were stored,
/// or filled by SQL, gets them written now, progress on stderr), unless
/// another server is doing it; then keeps looking in the background (an
/// upload, or a stream of them no request asked about): the next visitor
/// then finds the new version made already, by this server or another.
async fn keep_board(db: Db) {
    let started = std::time::Instant::now();
    tracing::info!("bringing the stored board up to date (writing it whole, for a database that has none)");
    match app::services::board::catch_up(&db).await {
        Ok(version) => {
            tracing::info!(version, seconds = started.elapsed().as_secs_f64(), "board ready")
        }
        Err(e) => tracing::error!(error = %e, "the board could not be made: the first request will try again"),
    }
    loop {
        tokio::time::sleep(app::services::board::next_look(&db)).await;
        if let Err(e) = app::services::board::catch_up(&db).await {
            tracing::warn!(error = %e, "the board could not be brought up to date: the stored one is served");
        }
    }
}

/// How often a server looks for submissions the near-duplicate index
/// lacks after its start (stored by SQL, or through a server of an older
/// build during a rolling deployment): they are compared within this.
const NEAR_DUPLICATES_LOOK_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// [`index_near_duplicates`] at the start, then again every
/// [`NEAR_DUPLICATES_LOOK_EVERY`].
async fn keep_near_duplicates_indexed(state: AppState) {
    loop {
        index_near_duplicates(state.clone()).await;
        tokio::time::sleep(NEAR_DUPLICATES_LOOK_EVERY).await;
    }
}

/// Indexes the stored submissions the near-duplicate index lacks (stored
/// before it existed, or by SQL), logging its progress at most every few
/// seconds when there is any; a failure is logged, and this process's
/// uploads then go on reading the submissions not indexed.
pub async fn index_near_duplicates(state: AppState) {
    /// Logs progress at most every few seconds, and at the end.
    struct Logged {
        last: Option<std::time::Instant>,
    }
    impl near_duplicates::Progress for Logged {
        fn indexed(&mut self, done: u64, total: u64) {
            if done == total || self.last.is_none_or(|at| at.elapsed() >= std::time::Duration::from_secs(5)) {
                tracing::info!("building the near-duplicate index: {} of {} submissions", count(done), count(total));
                self.last = Some(std::time::Instant::now());
            }
        }
    }
    let mut progress = Logged { last: None };
    match near_duplicates::build(&state.db, &state.keys, &mut progress).await {
        Ok(0) => {}
        Ok(done) => tracing::info!("the near-duplicate index is built ({} submissions added)", count(done)),
        Err(e) => tracing::error!(error = %e, "building the near-duplicate index failed; uploads read what it lacks"),
    }
}

/// Serves `GET /metrics` on `addr` (its own listener, never the public
/// one) for as long as the process runs; logs the bound address.
async fn serve_metrics(addr: SocketAddr, state: AppState) -> anyhow::Result<()> {
    let handle = crate::http::observe::install_recorder().context("cannot install the metrics recorder")?;
    let listener = TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr} for metrics"))?;
    let bound = listener.local_addr().context("cannot read the metrics address")?;
    tracing::info!("serving Prometheus metrics on http://{bound}/metrics");
    let router = crate::http::observe::metrics_router(state, handle);
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, router).await {
            tracing::error!(error = %e, "the metrics listener stopped");
        }
    });
    Ok(())
}

/// Connects, migrates and seeds: what every database-backed command needs.
pub async fn open_database(database_url: &str) -> anyhow::Result<Db> {
    let db =
        Db::connect(database_url).await.with_context(|| format!("cannot open database {}", redact(database_url)))?;
    db.migrate().await.context("cannot migrate the database")?;
    if database::seed_published(&db).await.context("cannot seed the published results")? {
        tracing::info!("seeded the published results of the MedAraBench paper");
    }
    Ok(db)
}

/// Hides a password in a database URL before it is printed.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.find(':') {
                Some(c) => format!("{}{}:***{}", &url[..s + 3], &creds[..c], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = term => {} }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::redact;
    use crate::cli::{Cli, Command};

    fn demo(args: &[&str]) -> bool {
        match Cli::try_parse_from(args).unwrap().command {
            Command::Serve(serve) => serve.demo,
            other => panic!("not serve: {other:?}"),
        }
    }

    #[test]
    fn demo_is_off_unless_asked_for() {
        assert!(!demo(&["medarabench", "serve"]));
        assert!(demo(&["medarabench", "serve", "--demo"]));
    }

    #[test]
    fn redact_hides_only_the_password() {
        assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(redact("sqlite:data/x.db"), "sqlite:data/x.db");
    }
}
