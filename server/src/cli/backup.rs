//! `medarabench backup FILE` and `medarabench restore FILE`.
//!
//! A backup is a consistent copy taken while the server runs and takes
//! uploads: on SQLite `VACUUM INTO` (one read transaction: the database as
//! of one commit), on PostgreSQL `pg_dump --format=custom` (one snapshot).
//! Each is checked once written (SQLite's integrity check and counts;
//! `pg_restore --list`). A restore goes into an empty database only (no
//! team, submission or key), so that it can never mix two boards: an
//! SQLite copy becomes the database's file, a PostgreSQL dump is restored
//! by `pg_restore` in one transaction; then the migrations bring an older
//! copy up to date.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, bail, ensure};
use app::services::Db;
use app::services::backup::{self, Contents};
use app::services::database::Backend;
use clap::Args;

use crate::cli::serve::open_database;

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Where to write the copy (it must not exist yet).
    pub file: String,
    /// Print `{"file", "bytes", "backend", "teams", "submissions", "answer_keys"}`.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// A file `medarabench backup` wrote.
    pub file: String,
    #[arg(long)]
    pub json: bool,
}

/// What a backup file is, from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Sqlite,
    PgDump,
}

fn kind(file: &Path) -> anyhow::Result<Kind> {
    use std::io::Read;
    let mut head = [0u8; 16];
    let n = std::fs::File::open(file)
        .and_then(|mut f| f.read(&mut head))
        .with_context(|| format!("cannot read {}", file.display()))?;
    match &head[..n] {
        h if h.starts_with(b"SQLite format 3\0") => Ok(Kind::Sqlite),
        h if h.starts_with(b"PGDMP") => Ok(Kind::PgDump),
        _ => {
            bail!("{} is neither an SQLite database nor a pg_dump archive: not a backup of this board", file.display())
        }
    }
}

fn summary(file: &str, backend: &str, contents: Contents, json: bool) -> anyhow::Result<()> {
    let bytes = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
    if json {
        return super::print_json(&serde_json::json!({
            "file": file, "bytes": bytes, "backend": backend,
            "teams": contents.teams, "submissions": contents.submissions, "answer_keys": contents.answer_keys,
        }));
    }
    eprintln!(
        "{file} ({:.1} MB, {backend}): {} teams, {} submissions, {} answer keys",
        bytes as f64 / 1e6,
        contents.teams,
        contents.submissions,
        contents.answer_keys
    );
    Ok(())
}

/// A PostgreSQL URL without its password, and the password: the tools
/// get the password in `PGPASSWORD`, never on their command line (which
/// any user of the machine may read in the process list).
fn without_password(url: &str) -> (String, Option<String>) {
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else { return (url.to_owned(), None) };
    let rest = &url[scheme_end..];
    let Some(at) = rest.find('@') else { return (url.to_owned(), None) };
    match rest[..at].split_once(':') {
        Some((user, password)) => (format!("{}{user}{}", &url[..scheme_end], &rest[at..]), Some(password.to_owned())),
        None => (url.to_owned(), None),
    }
}

/// Only the file's owner may read a backup: it holds password and token hashes.
fn owner_only(file: &str) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o600))
        .with_context(|| format!("cannot make {file} readable by its owner only"))
}

/// Runs a tool (`pg_dump`, `pg_restore`), on `url`'s database when given,
/// or says why it could not; `{url}` in `args` stands for the URL without
/// its password.
fn run_tool(tool: &str, args: &[&str], url: Option<&str>) -> anyhow::Result<String> {
    let (bare, password) = url.map(without_password).unwrap_or_default();
    let args: Vec<&str> = args.iter().map(|a| if *a == "{url}" { bare.as_str() } else { a }).collect();
    let mut command = Command::new(tool);
    command.args(&args);
    if let Some(password) = password {
        command.env("PGPASSWORD", password);
    }
    let out = command.output().with_context(|| {
        format!("cannot run {tool}: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)")
    })?;
    ensure!(out.status.success(), "{tool} failed: {}", String::from_utf8_lossy(&out.stderr).trim());
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs `backup`.
pub async fn backup(database_url: &str, args: BackupArgs) -> anyhow::Result<()> {
    ensure!(!Path::new(&args.file).exists(), "{} exists already: a backup never overwrites a file", args.file);
    let db = open_database(database_url).await?;
    match db.backend() {
        Backend::Sqlite => {
            backup::sqlite_copy(&db, &args.file).await.context("the copy was not written")?;
            owner_only(&args.file)?;
            let copy = Db::connect(&format!("sqlite:{}", args.file)).await.context("cannot open the copy")?;
            let integrity = backup::integrity(&copy).await?;
            ensure!(integrity == "ok", "the copy fails SQLite's integrity check: {integrity}");
            let contents = backup::contents(&copy).await?;
            copy.close().await;
            summary(&args.file, "sqlite", contents, args.json)
        }
        Backend::Postgres => {
            let contents = backup::contents(&db).await?;
            run_tool(
                "pg_dump",
                &["--format=custom", "--no-owner", "--no-privileges", "--file", &args.file, "{url}"],
                Some(database_url),
            )?;
            owner_only(&args.file)?;
            let listing = run_tool("pg_restore", &["--list", &args.file], None)?;
            ensure!(listing.contains("TABLE DATA public submissions"), "the dump holds no submissions table");
            // Counted before the dump's snapshot: uploads meanwhile are in
            // the file and not in these numbers.
            summary(&args.file, "postgres", contents, args.json)
        }
    }
}

/// Runs `restore`.
pub async fn restore(database_url: &str, args: RestoreArgs) -> anyhow::Result<()> {
    let file = Path::new(&args.file);
    let kind = kind(file)?;
    let target = if database_url.starts_with("sqlite:") { Kind::Sqlite } else { Kind::PgDump };
    ensure!(
        kind == target,
        "{} is a backup of {} and the database is {}: restore it into the same kind of database",
        args.file,
        if kind == Kind::Sqlite { "SQLite" } else { "PostgreSQL" },
        if target == Kind::Sqlite { "SQLite" } else { "PostgreSQL" }
    );
    let empty = |contents: Contents| {
        ensure!(
            contents.is_empty(),
            "the database is not empty ({} teams, {} submissions, {} answer keys): restore into an empty one",
            contents.teams,
            contents.submissions,
            contents.answer_keys
        );
        Ok(())
    };
    match kind {
        Kind::Sqlite => {
            let path = backup::sqlite_file(database_url)?;
            if path.exists() {
                // A new file, or an SQLite database without tables, holds
                // nothing; anything else must be a board with nothing in it
                // (a file that cannot be read as one is left alone).
                let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
                if bytes > 0 {
                    let db = Db::connect(database_url).await?;
                    let tables = backup::table_count(&db).await;
                    let contents = backup::contents(&db).await;
                    db.close().await;
                    match (tables, contents) {
                        (Ok(0), _) => {}
                        (_, Ok(contents)) => empty(contents)?,
                        (_, Err(e)) => {
                            bail!("{} is not an empty board's database ({e}): restore into a new path", path.display())
                        }
                    }
                }
                for suffix in ["", "-wal", "-shm"] {
                    let p = format!("{}{suffix}", path.display());
                    if Path::new(&p).exists() {
                        std::fs::remove_file(&p).with_context(|| format!("cannot remove {p}"))?;
                    }
                }
            } else if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)?;
            }
            std::fs::copy(file, &path).with_context(|| format!("cannot copy {} to {}", args.file, path.display()))?;
        }
        Kind::PgDump => {
            let db = open_database(database_url).await?;
            empty(backup::contents(&db).await?)?;
            db.close().await;
            run_tool(
                "pg_restore",
                &[
                    "--clean",
                    "--if-exists",
                    "--no-owner",
                    "--no-privileges",
                    "--single-transaction",
                    "--dbname",
                    "{url}",
                    &args.file,
                ],
                Some(database_url),
            )?;
        }
    }
    // Migrated forward if the copy is older than this build.
    let db = open_database(database_url).await?;
    let integrity = backup::integrity(&db).await?;
    ensure!(integrity == "ok", "the restored database fails SQLite's integrity check: {integrity}");
    let contents = backup::contents(&db).await?;
    db.close().await;
    if !args.json {
        eprint!("restored ");
    }
    summary(&args.file, if kind == Kind::Sqlite { "sqlite" } else { "postgres" }, contents, args.json)
}
