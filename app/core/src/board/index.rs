//! A board with what serving the page from it needs, built once per board
//! version beside it: where the published and the verified rows are, the
//! categories, whether a demo-key score is on it. A request then copies
//! only the rows its page shows ([`IndexedBoard::page`]): without a search
//! or category it touches no other row; with one it checks each row once
//! ([`BoardFilter::shows`], allocation-free) and copies at most the limit.

use std::sync::Arc;

use super::{Board, BoardFilter, BoardPage, BoardRow, CategoryChoice, RowSource};

/// A board and its index; shared read-only by every request of a version.
#[derive(Debug)]
pub struct IndexedBoard {
    pub board: Arc<Board>,
    /// Positions in `board.rows` of the published rows, in order.
    published: Vec<usize>,
    /// Positions in `board.rows` of the verified rows, best first.
    verified: Vec<usize>,
    /// The categories of the rows, in order of first appearance.
    categories: Vec<CategoryChoice>,
    synthetic: bool,
}

impl IndexedBoard {
    /// Indexes `board`: one pass over its rows.
    pub fn new(board: Board) -> Self {
        let (mut published, mut verified, mut categories) = (Vec::new(), Vec::new(), Vec::<CategoryChoice>::new());
        for (i, row) in board.rows.iter().enumerate() {
            match row.source {
                RowSource::Verified => verified.push(i),
                _ => published.push(i),
            }
            let slug = row.category_slug();
            if !categories.iter().any(|c| c.slug == slug) {
                let access_focus = row.access.clone().zip(row.focus.clone());
                categories.push(CategoryChoice { slug, access_focus });
            }
        }
        let synthetic = board.all_rows().any(|r| r.synthetic_key);
        Self { board: Arc::new(board), published, verified, categories, synthetic }
    }

    /// The categories on the board.
    pub fn categories(&self) -> &[CategoryChoice] {
        &self.categories
    }

    /// The page for `filter`: the published rows it keeps and the best
    /// `limit` verified rows it keeps, in the board's order, and counts.
    pub fn page(&self, filter: &BoardFilter, limit: usize) -> BoardPage {
        let rows = &self.board.rows;
        let kept = |source: RowSource| filter.source.is_none_or(|s| s == source);
        let published: Vec<usize> = if kept(RowSource::Reported) {
            self.published.iter().copied().filter(|&i| filter.shows(&rows[i])).collect()
        } else {
            Vec::new()
        };
        let (verified, matching) = if !kept(RowSource::Verified) {
            (Vec::new(), 0)
        } else if filter.by_source_only() {
            (self.verified.iter().copied().take(limit).collect(), self.verified.len())
        } else {
            let mut shown = Vec::with_capacity(limit.min(self.verified.len()));
            let mut matching = 0;
            for &i in self.verified.iter().filter(|&&i| filter.shows(&rows[i])) {
                if shown.len() < limit {
                    shown.push(i);
                }
                matching += 1;
            }
            (shown, matching)
        };
        let verified_shown = verified.len();
        let mut positions = published;
        positions.extend(verified);
        positions.sort_unstable();
        BoardPage {
            version: self.board.version.clone(),
            rows: positions.into_iter().map(|i| BoardRow::clone(&rows[i])).collect(),
            reference: self.board.reference.clone(),
            verified_shown,
            verified_matching: matching,
            models_total: rows.len(),
            synthetic: self.synthetic,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(model: String, source: RowSource, accuracy: f64) -> BoardRow {
        let published = source == RowSource::Reported;
        BoardRow {
            access: published.then(|| "open".into()),
            focus: published.then(|| if accuracy > 0.5 { "Arabic" } else { "general" }.into()),
            accuracy,
            n: 100,
            ci95: [0.0, 1.0],
            ..BoardRow::bare(&model, source)
        }
    }

    /// 16 published rows among `verified` verified ones, best first.
    fn board(verified: usize) -> Board {
        let mut rows: Vec<BoardRow> = (0..16)
            .map(|i| row(format!("Published-{i}"), RowSource::Reported, 0.9 - i as f64 * 0.05))
            .chain((0..verified).map(|i| {
                let model = if i % 10 == 3 { format!("Llama-{i}") } else { format!("Model-{i}") };
                row(model, RowSource::Verified, 0.95 - i as f64 / verified as f64)
            }))
            .collect();
        rows.sort_by(|a, b| b.accuracy.total_cmp(&a.accuracy));
        let rows = rows.into_iter().map(Arc::new).collect();
        Board { version: "7".into(), rows, reference: vec![row("always A".into(), RowSource::Reference, 0.2)] }
    }

    fn filter(source: Option<RowSource>, category: Option<&str>, search: &str) -> BoardFilter {
        BoardFilter { source, category: category.map(Into::into), search: search.into() }
    }

    #[test]
    fn a_page_holds_the_best_rows_the_filter_keeps_and_counts_the_rest() {
        let board = board(1000);
        let indexed = IndexedBoard::new(board.clone());
        for f in [
            filter(None, None, ""),
            filter(Some(RowSource::Verified), None, ""),
            filter(Some(RowSource::Reported), None, ""),
            filter(Some(RowSource::Reference), None, ""),
            filter(None, None, "LLAMA"),
            filter(None, Some("none"), "7"),
            filter(None, Some("open-arabic"), ""),
            filter(None, None, "no such model"),
        ] {
            let page = indexed.page(&f, 20);
            // The same rows as filtering the whole board and keeping the first 20 verified.
            let kept: Vec<&BoardRow> = board.rows.iter().map(|r| &**r).filter(|r| f.shows(r)).collect();
            let matching = kept.iter().filter(|r| r.source == RowSource::Verified).count();
            let mut verified = 0;
            let expected: Vec<&BoardRow> = kept
                .into_iter()
                .filter(|r| {
                    r.source != RowSource::Verified || {
                        verified += 1;
                        verified <= 20
                    }
                })
                .collect();
            assert_eq!(page.rows.iter().collect::<Vec<_>>(), expected, "{f:?}");
            assert_eq!((page.verified_matching, page.verified_shown), (matching, matching.min(20)), "{f:?}");
            assert_eq!(page.is_limited(), matching > 20);
            assert_eq!((page.models_total, page.reference.len(), page.version.as_str()), (1016, 1, "7"));
        }
        let searched = indexed.page(&filter(None, None, "llama"), 20);
        assert_eq!((searched.verified_matching, searched.verified_shown), (100, 20));
        assert!(searched.rows.iter().all(|r| r.model.starts_with("Llama-")));
    }

    #[test]
    fn categories_in_order_of_first_appearance() {
        let indexed = IndexedBoard::new(board(3));
        let slugs: Vec<&str> = indexed.categories().iter().map(|c| c.slug.as_str()).collect();
        assert_eq!(slugs, ["none", "open-arabic", "open-general"]);
        assert_eq!(indexed.categories()[1].access_focus, Some(("open".into(), "Arabic".into())));
        assert!(!indexed.synthetic);
    }
}
