//! One page of the board: `GET /api/v1/leaderboard?limit=N&after=CURSOR`.
//!
//! Keyset pagination on the board's total order
//! ([`app::domain::board::board_order`]): a page's `next` is the sort key
//! of its last row (accuracy, source, model, team, submission id: the
//! row's own public fields), as base64url JSON, and the next page starts at
//! the first row of the board *then current* that sorts after that key,
//! found by the stored rows' index on that key. A row added or removed between two reads moves
//! no other row across a page boundary: rows that were on the board
//! throughout are each given once, in order.

use app::domain::Message;
use app::domain::board::OrderKey;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use super::super::HttpError;
use super::super::views::{BoardRowView, LeaderboardPageView};

/// The most rows a page holds, and the rows of a page without `limit`.
pub(super) const MAX_LIMIT: usize = 1000;

/// A request for one page.
#[derive(Debug)]
pub(super) struct PageRequest {
    limit: usize,
    after: Option<OrderKey>,
    /// `limit` and `after` as given, hashed: with the board version, the
    /// page's `ETag`.
    digest: String,
}

impl PageRequest {
    /// `limit` and `after` of a query string; `None` when it has neither
    /// (the whole board is asked for). Other parameters are left alone.
    pub(super) fn from_query(query: Option<&str>) -> Result<Option<Self>, HttpError> {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query.unwrap_or("")).unwrap_or_default();
        let find = |name: &str| pairs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
        let (limit, after) = (find("limit"), find("after"));
        if limit.is_none() && after.is_none() {
            return Ok(None);
        }
        let parsed_limit = match limit {
            None => MAX_LIMIT,
            Some(text) => text.parse::<usize>().ok().filter(|n| (1..=MAX_LIMIT).contains(n)).ok_or_else(|| {
                let shown: String = text.chars().take(40).collect();
                HttpError::bad_request(
                    "invalid_limit",
                    Message::new("api-invalid-limit").arg("max", MAX_LIMIT).arg("value", shown),
                )
            })?,
        };
        let digest = app::domain::input::sha256_hex(format!("{parsed_limit}\n{}", after.unwrap_or("")).as_bytes());
        Ok(Some(Self { limit: parsed_limit, after: after.map(decode_cursor).transpose()?, digest }))
    }

    /// The page's `ETag` on board `version` (the same request on the same
    /// version is the same page).
    pub(super) fn tag(&self, version: &str) -> String {
        format!("\"leaderboard-page-{version}-{}\"", &self.digest[..16])
    }

    /// The page of the current board this request asks for.
    pub(super) async fn page(&self, db: &app::services::Db) -> Result<LeaderboardPageView, HttpError> {
        let found = app::services::board::rows_after(db, self.after.as_ref(), self.limit).await?;
        let next = if found.more { found.rows.last().map(|last| encode_cursor(&OrderKey::of(last))) } else { None };
        Ok(LeaderboardPageView {
            benchmark: "medarabench",
            rows: found.rows.iter().map(BoardRowView::from).collect(),
            next,
            reference: found.reference.iter().map(BoardRowView::from).collect(),
            ranking: super::ranking(),
            board_version: found.version,
        })
    }
}

/// The cursor after a row with sort key `key`.
fn encode_cursor(key: &OrderKey) -> String {
    // A key of numbers and strings always serializes.
    URL_SAFE_NO_PAD.encode(serde_json::to_vec(key).unwrap_or_default())
}

/// The sort key a cursor holds.
fn decode_cursor(cursor: &str) -> Result<OrderKey, HttpError> {
    let json = URL_SAFE_NO_PAD
        .decode(cursor)
        .map_err(|_| HttpError::bad_request("invalid_cursor", Message::new("api-cursor-not-base64")))?;
    serde_json::from_slice(&json)
        .map_err(|e| HttpError::bad_request("invalid_cursor", Message::new("api-cursor-not-key").arg("detail", e)))
}

#[cfg(test)]
mod tests {
    use app::domain::board::{BoardRow, RowSource};

    use super::*;

    fn request(query: &str) -> Result<Option<PageRequest>, HttpError> {
        PageRequest::from_query(Some(query))
    }

    fn code(query: &str) -> &'static str {
        request(query).expect_err(query).code()
    }

    #[test]
    fn limit_and_after_are_read_or_refused() {
        assert!(request("").unwrap().is_none());
        assert!(request("include=reference").unwrap().is_none(), "other parameters: the whole board");
        assert_eq!(request("limit=1").unwrap().unwrap().limit, 1);
        assert_eq!(request("limit=1000").unwrap().unwrap().limit, 1000);
        for bad in
            ["limit=0", "limit=1001", "limit=-1", "limit=ten", "limit=", "limit=1.5", "limit=99999999999999999999"]
        {
            assert_eq!(code(bad), "invalid_limit", "{bad}");
        }
        let cursor = encode_cursor(&OrderKey::of(&BoardRow::bare("m", RowSource::Reported)));
        let after = request(&format!("after={cursor}")).unwrap().unwrap();
        assert_eq!((after.limit, after.after.unwrap().model.as_str()), (MAX_LIMIT, "m"), "after alone: 1,000 rows");
        for bad in ["after=", "after=not%20base64!", "after=bm90IGpzb24", "after=e30"] {
            assert_eq!(code(bad), "invalid_cursor", "{bad}");
        }
        assert_ne!(request("limit=5").unwrap().unwrap().tag("1"), request("limit=6").unwrap().unwrap().tag("1"));
    }

    #[test]
    fn a_cursor_holds_the_rows_sort_key_exactly() {
        for accuracy in [0.1 + 0.2, 1.0 / 3.0, 0.0, 1.0, 17.0 / 30.0] {
            let row = BoardRow {
                accuracy,
                team: Some("<b>Bold</b> & Co".into()),
                submission_id: Some("sub_1".into()),
                ..BoardRow::bare("نموذج-8B \"x\"", RowSource::Verified)
            };
            let cursor = encode_cursor(&OrderKey::of(&row));
            assert!(cursor.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{cursor}");
            let key = decode_cursor(&cursor).unwrap();
            assert_eq!(key, OrderKey::of(&row));
            assert_eq!(key.accuracy.to_bits(), accuracy.to_bits());
        }
    }
}
