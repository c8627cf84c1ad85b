//! Reading the stored board ([`super::stored`]): every read is one
//! snapshot of the database, so it gives one complete version, and it
//! reads by index only the rows it shows.

use std::sync::Arc;

use sqlx::Row;

use super::super::{Db, DbError, Result, placeholders};
use super::IN_LIST_AT_MOST;
use super::stored::{self, Head, SELECT_ROWS, ranked_row, stored_rows};
use crate::domain::board::{Board, BoardFilter, BoardPage, BoardRow, CategoryChoice, OrderKey, RowSource};
use crate::domain::exposure::Exposure;

/// One snapshot of the stored board.
struct Snapshot {
    tx: sqlx::Transaction<'static, sqlx::Any>,
    generation: i64,
    version: String,
    head: Head,
}

/// Opens a snapshot of the board served now (brought up to the
/// database's version first when that is quick, see [`super::ensure`]).
async fn snapshot(db: &Db) -> Result<Snapshot> {
    super::ensure(db).await?;
    let mut tx = super::begin_snapshot(db).await?;
    let state = stored::state_on(&mut tx).await?;
    let (Some(version), Some(head)) = (state.version, state.head) else {
        return Err(DbError::Background("no board is stored yet".into()));
    };
    Ok(Snapshot { tx, generation: state.generation, version, head })
}

/// The page for `filter`: the published rows it keeps and the best
/// `limit` verified rows it keeps, in the board's order, and counts.
pub async fn page(db: &Db, filter: &BoardFilter, limit: usize) -> Result<BoardPage> {
    let mut s = snapshot(db).await?;
    let kept = |source: RowSource| filter.source.is_none_or(|s| s == source);
    let mut rows: Vec<(Vec<u8>, BoardRow)> = if kept(RowSource::Reported) {
        let published = stored_rows(&mut s.tx, "source = 0 ORDER BY ord", s.generation, &[]).await?;
        published.into_iter().filter(|(_, r)| filter.shows(r)).collect()
    } else {
        Vec::new()
    };
    let (verified, matching) = if !kept(RowSource::Verified) {
        (Vec::new(), 0)
    } else if filter.by_source_only() {
        let found = sqlx::query(&best_rows_select(limit)).bind(s.generation).fetch_all(&mut *s.tx).await?;
        (found.iter().map(ranked_row).collect::<Result<_>>()?, s.head.verified as usize)
    } else if filter.search.is_empty() {
        let category = filter.category.as_deref().unwrap_or_default();
        let sql = format!("source = 1 AND category = $2 ORDER BY ord LIMIT {limit}");
        let shown = stored_rows(&mut s.tx, &sql, s.generation, &[category]).await?;
        let count =
            sqlx::query_scalar("SELECT COUNT(*) FROM board_rows WHERE gen = $1 AND source = 1 AND category = $2")
                .persistent(false)
                .bind(s.generation)
                .bind(category)
                .fetch_one(&mut *s.tx);
        let matching = kept_count(shown.len(), limit, count).await?;
        (shown, matching)
    } else {
        searched(&mut s, filter, limit).await?
    };
    let verified_shown = verified.len();
    rows.extend(verified);
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    let page = BoardPage {
        version: s.version,
        rows: rows.into_iter().map(|(_, r)| r).collect(),
        reference: s.head.reference,
        verified_shown,
        verified_matching: matching,
        models_total: s.head.models as usize,
        synthetic: s.head.synthetic,
    };
    Ok(page)
}

/// The best `limit` verified rows of the board (bind its generation): read
/// in order from the index on (source, ord), never sorted (a test checks
/// the plan).
pub fn best_rows_select(limit: usize) -> String {
    format!("{SELECT_ROWS} AND source = 1 ORDER BY ord LIMIT {limit}")
}

/// The best `limit` verified rows whose model the search (and category)
/// keeps, and how many it keeps. The match runs in the database, on the
/// names lower-cased when the rows were written (`model_folded`), from an
/// index that holds them: the shown rows' sort keys are read in the board's
/// order until `limit` match, a full page counts the rest in one more pass
/// over every entry of the index in the category ([`kept_count`]), and
/// only the rows shown are read whole.
async fn searched(s: &mut Snapshot, filter: &BoardFilter, limit: usize) -> Result<(Vec<(Vec<u8>, BoardRow)>, usize)> {
    // No name holds it (and a NUL is no text to PostgreSQL).
    if filter.search_finds_no_name() {
        return Ok((Vec::new(), 0));
    }
    let category = filter.category.as_deref();
    let pattern = filter.search_pattern();
    // Planned at each search, with its values: a plan kept for any
    // pattern or category cannot know how many rows match.
    let bound = |sql| {
        let query = sqlx::query(sql).persistent(false).bind(s.generation).bind(pattern.clone());
        match category {
            Some(category) => query.bind(category.to_owned()),
            None => query,
        }
    };
    let (select, count) = (search_select(Some(limit), category.is_some()), search_select(None, category.is_some()));
    let (select, count) = (bound(&select), bound(&count));
    let found = select.fetch_all(&mut *s.tx).await?;
    let shown = found.iter().map(|r| r.try_get::<Vec<u8>, _>(0)).collect::<std::result::Result<Vec<_>, _>>()?;
    let count = async { count.fetch_one(&mut *s.tx).await?.try_get::<i64, _>(0) };
    let matching = kept_count(shown.len(), limit, count).await?;
    let mut rows = Vec::with_capacity(shown.len());
    for chunk in shown.chunks(IN_LIST_AT_MOST) {
        let sql = format!("{SELECT_ROWS} AND ord IN ({})", placeholders(2, chunk.len()));
        let query = chunk.iter().fold(sqlx::query(&sql).bind(s.generation), |q, ord| q.bind(ord.clone()));
        for r in query.persistent(false).fetch_all(&mut *s.tx).await? {
            rows.push(ranked_row(&r)?);
        }
    }
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    Ok((rows, matching))
}

/// How many rows a filter keeps, `shown` of them read with `LIMIT limit`
/// in the same snapshot: fewer than `limit` are all there are, so only a
/// full page asks `count` (a second pass over the index's entries).
async fn kept_count(
    shown: usize,
    limit: usize,
    count: impl Future<Output = std::result::Result<i64, sqlx::Error>>,
) -> Result<usize> {
    if shown < limit {
        return Ok(shown);
    }
    Ok(count.await?.max(0) as usize)
}

/// A search's statement (bind the generation, [`BoardFilter::search_pattern`]
/// and, `by_category`, the category): with `Some(limit)` the sort keys
/// of the first `limit` verified rows it keeps, in the board's order, read
/// from the index on (gen, source, ord, model_folded), or on (gen, source,
/// category, ord, model_folded), without sorting (a test checks the plan
/// on SQLite); with `None` how many it keeps, from either index.
pub fn search_select(limit: Option<usize>, by_category: bool) -> String {
    let category = if by_category { " AND category = $3" } else { "" };
    let kept = format!("gen = $1 AND source = 1{category} AND model_folded LIKE $2 ESCAPE '!'");
    match limit {
        Some(limit) => format!("SELECT ord FROM board_rows WHERE {kept} ORDER BY ord LIMIT {limit}"),
        None => format!("SELECT COUNT(*) FROM board_rows WHERE {kept}"),
    }
}

/// The categories on the board, in the order they first appear.
pub async fn categories(db: &Db) -> Result<Vec<CategoryChoice>> {
    Ok(snapshot(db).await?.head.categories)
}

/// Up to `limit` rows of the board (published and verified, in its
/// order) after the row whose sort key is `after`.
pub struct RowsAfter {
    pub version: String,
    pub rows: Vec<BoardRow>,
    /// Rows follow the last one given.
    pub more: bool,
    pub reference: Vec<BoardRow>,
}

/// The rows after `after` (from the first without it), at most `limit`.
pub async fn rows_after(db: &Db, after: Option<&OrderKey>, limit: usize) -> Result<RowsAfter> {
    let mut s = snapshot(db).await?;
    let sql = format!("{SELECT_ROWS} AND ord > $2 ORDER BY ord LIMIT {}", limit + 1);
    let after = after.map(OrderKey::sort_bytes).unwrap_or_default();
    let found = sqlx::query(&sql).bind(s.generation).bind(after).fetch_all(&mut *s.tx).await?;
    let mut rows = found.iter().map(|r| Ok(ranked_row(r)?.1)).collect::<Result<Vec<_>>>()?;
    let more = rows.len() > limit;
    rows.truncate(limit);
    Ok(RowsAfter { version: s.version, rows, more, reference: s.head.reference })
}

/// The whole board served now (every row: for the whole-board exports,
/// made once per version).
pub async fn board(db: &Db) -> Result<Arc<Board>> {
    let mut s = snapshot(db).await?;
    let rows = sqlx::query(&format!("{SELECT_ROWS} ORDER BY ord")).bind(s.generation).fetch_all(&mut *s.tx).await?;
    let rows = rows.iter().map(|r| Ok(Arc::new(ranked_row(r)?.1))).collect::<Result<Vec<_>>>()?;
    Ok(Arc::new(Board { version: s.version, rows, reference: s.head.reference }))
}

/// The rows a comparison offers, as a board in its order: every published
/// row, the best `limit` verified rows on public keys, and the rows of the
/// submissions `ids` wherever they are.
pub async fn compare_rows(db: &Db, limit: usize, ids: &[&str]) -> Result<Board> {
    let mut s = snapshot(db).await?;
    let mut rows = stored_rows(&mut s.tx, "source = 0 ORDER BY ord", s.generation, &[]).await?;
    // Most rows are on public keys: read a page more than asked for at a time.
    let (mut public, mut after) = (0, Vec::new());
    while public < limit {
        let sql = format!("{SELECT_ROWS} AND source = 1 AND ord > $2 ORDER BY ord LIMIT {}", 2 * limit);
        let found = sqlx::query(&sql).bind(s.generation).bind(&after).fetch_all(&mut *s.tx).await?;
        let Some(last) = found.last() else { break };
        after = last.try_get(0)?;
        for r in &found {
            let (ord, row) = ranked_row(r)?;
            if row.exposure == Some(Exposure::Public) && public < limit {
                public += 1;
                rows.push((ord, row));
            }
        }
    }
    for id in ids.iter().filter(|id| !id.is_empty()) {
        let found = stored_rows(&mut s.tx, "public_id = $2", s.generation, &[id]).await?;
        rows.extend(found);
    }
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows.dedup_by(|a, b| a.0 == b.0);
    let rows = rows.into_iter().map(|(_, r)| Arc::new(r)).collect();
    Ok(Board { version: s.version, rows, reference: s.head.reference })
}
