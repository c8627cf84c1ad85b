//! The board's order, total: best accuracy first, then published before
//! verified rows, then by model, team and submission id. Two distinct rows
//! never compare equal, so a row's place can be found again by its sort
//! key ([`OrderKey`]) alone: the REST API's pages continue after the last
//! row they gave, by key, however the board changed in between.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use super::{BoardRow, RowSource};

/// The board's order: accuracy descending ([`f64::total_cmp`]), then
/// published ([`RowSource::Reported`]) before verified (and reference
/// rows last), then model ascending, then team, then submission id (`None`
/// first). A strict total order on distinct rows: only rows with the same
/// accuracy, source, model, team and submission id compare equal.
pub fn board_order(a: &BoardRow, b: &BoardRow) -> Ordering {
    compare(SortFields::of_row(a), SortFields::of_row(b))
}

/// The fields of one row the board is ordered by: where a page of the
/// board ends. Only the row's own public fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderKey {
    pub accuracy: f64,
    pub source: RowSource,
    pub model: String,
    pub team: Option<String>,
    pub submission_id: Option<String>,
}

impl OrderKey {
    /// The key of `row`.
    pub fn of(row: &BoardRow) -> Self {
        Self {
            accuracy: row.accuracy,
            source: row.source,
            model: row.model.clone(),
            team: row.team.clone(),
            submission_id: row.submission_id.clone(),
        }
    }

    /// Where `row` sorts against this key, in [`board_order`].
    pub fn cmp_row(&self, row: &BoardRow) -> Ordering {
        compare(SortFields::of_row(row), self.fields())
    }

    /// The key as bytes that sort as the rows do ([`sort_bytes`]).
    pub fn sort_bytes(&self) -> Vec<u8> {
        self.fields().bytes()
    }

    fn fields(&self) -> SortFields<'_> {
        SortFields {
            accuracy: self.accuracy,
            source: self.source,
            model: &self.model,
            team: self.team.as_deref(),
            submission_id: self.submission_id.as_deref(),
        }
    }
}

/// The rows of `rows` that sort after `key`: a binary search, so `rows`
/// must be in [`board_order`] (as `Board::rows` is). Whether or not the
/// row `key` came from is still on the board, the rows before it and the
/// rows after it are told apart the same way.
pub fn rows_after<'a, R: std::borrow::Borrow<BoardRow>>(rows: &'a [R], key: &OrderKey) -> &'a [R] {
    &rows[rows.partition_point(|row| key.cmp_row(row.borrow()) != Ordering::Greater)..]
}

/// `row`'s sort key as bytes whose order (byte by byte, a shorter prefix
/// first: SQLite's BLOB and PostgreSQL's bytea comparison) is
/// [`board_order`]: a database index on them keeps the board's order, and
/// a page continues after a key with `>`.
pub fn sort_bytes(row: &BoardRow) -> Vec<u8> {
    SortFields::of_row(row).bytes()
}

/// Borrowed sort fields, so that comparing rows allocates nothing.
#[derive(Clone, Copy)]
struct SortFields<'a> {
    accuracy: f64,
    source: RowSource,
    model: &'a str,
    team: Option<&'a str>,
    submission_id: Option<&'a str>,
}

impl<'a> SortFields<'a> {
    fn of_row(row: &'a BoardRow) -> Self {
        Self {
            accuracy: row.accuracy,
            source: row.source,
            model: &row.model,
            team: row.team.as_deref(),
            submission_id: row.submission_id.as_deref(),
        }
    }
}

impl SortFields<'_> {
    /// Accuracy descending (the bits of [`f64::total_cmp`]'s order,
    /// inverted), the source's rank, then each text escaped and ended so
    /// that a prefix sorts first (`0x00` as `0x00 0xFF`, ended by `0x00
    /// 0x00`), an absent text before any present one.
    fn bytes(&self) -> Vec<u8> {
        let bits = self.accuracy.to_bits();
        let ascending = if bits >> 63 == 1 { !bits } else { bits | 1 << 63 };
        let mut out = Vec::with_capacity(16 + self.model.len() + 24);
        out.extend_from_slice(&(!ascending).to_be_bytes());
        out.push(source_rank(self.source));
        let text = |out: &mut Vec<u8>, text: &str| {
            for &b in text.as_bytes() {
                out.push(b);
                if b == 0 {
                    out.push(0xFF);
                }
            }
            out.extend_from_slice(&[0, 0]);
        };
        text(&mut out, self.model);
        for field in [self.team, self.submission_id] {
            match field {
                None => out.push(0),
                Some(t) => {
                    out.push(1);
                    text(&mut out, t);
                }
            }
        }
        out
    }
}

/// Published rows first, then verified, then baselines.
fn source_rank(source: RowSource) -> u8 {
    match source {
        RowSource::Reported => 0,
        RowSource::Verified => 1,
        RowSource::Reference => 2,
    }
}

fn compare(a: SortFields<'_>, b: SortFields<'_>) -> Ordering {
    b.accuracy
        .total_cmp(&a.accuracy)
        .then_with(|| source_rank(a.source).cmp(&source_rank(b.source)))
        .then_with(|| a.model.cmp(b.model))
        .then_with(|| a.team.cmp(&b.team))
        .then_with(|| a.submission_id.cmp(&b.submission_id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn verified(model: &str, accuracy: f64, team: Option<&str>, id: Option<&str>) -> BoardRow {
        BoardRow {
            accuracy,
            team: team.map(Into::into),
            submission_id: id.map(Into::into),
            ..BoardRow::bare(model, RowSource::Verified)
        }
    }

    fn models(rows: &[BoardRow]) -> Vec<(&str, Option<&str>, Option<&str>)> {
        rows.iter().map(|r| (r.model.as_str(), r.team.as_deref(), r.submission_id.as_deref())).collect()
    }

    #[test]
    fn best_first_then_published_then_model_team_and_id() {
        let mut rows = vec![
            verified("B", 0.5, Some("t2"), Some("s9")),
            verified("B", 0.5, Some("t1"), Some("s9")),
            verified("B", 0.5, Some("t1"), Some("s1")),
            verified("B", 0.5, Some("t1"), None),
            verified("B", 0.5, None, None),
            verified("A", 0.5, Some("t9"), Some("s9")),
            BoardRow { accuracy: 0.5, ..BoardRow::bare("Z", RowSource::Reported) },
            BoardRow { accuracy: 0.5, ..BoardRow::bare("A", RowSource::Reference) },
            verified("Z", 0.9, None, None),
            verified("A", 0.1, None, None),
        ];
        rows.sort_by(board_order);
        assert_eq!(
            models(&rows),
            [
                ("Z", None, None),
                ("Z", None, None),
                ("A", Some("t9"), Some("s9")),
                ("B", None, None),
                ("B", Some("t1"), None),
                ("B", Some("t1"), Some("s1")),
                ("B", Some("t1"), Some("s9")),
                ("B", Some("t2"), Some("s9")),
                ("A", None, None),
                ("A", None, None),
            ]
        );
        assert_eq!(rows[0].accuracy, 0.9);
        assert_eq!(rows[1].source, RowSource::Reported, "published before verified at one accuracy");
        assert_eq!(rows[8].source, RowSource::Reference, "baselines after models at one accuracy");
        assert_eq!(rows[9].accuracy, 0.1);
    }

    #[test]
    fn negative_zero_and_nan_have_places() {
        let (zero, minus_zero) = (verified("A", 0.0, None, None), verified("A", -0.0, None, None));
        assert_eq!(board_order(&zero, &minus_zero), Ordering::Less);
        let nan = verified("A", f64::NAN, None, None);
        assert_eq!(board_order(&nan, &zero), Ordering::Less);
        assert_eq!(board_order(&nan, &nan), Ordering::Equal);
    }

    #[test]
    fn rows_after_a_key_that_left_the_board() {
        let mut rows: Vec<BoardRow> = (0..10)
            .map(|i| verified(&format!("m{i}"), f64::from(i) / 10.0, Some("t"), Some(&format!("s{i}"))))
            .collect();
        rows.sort_by(board_order);
        let key = OrderKey::of(&rows[3]);
        assert_eq!(rows_after(&rows, &key), &rows[4..]);
        let gone = rows.remove(3);
        assert_eq!(rows_after(&rows, &OrderKey::of(&gone)), &rows[3..], "the next row after where it was");
        assert!(rows_after(&rows, &OrderKey::of(&rows[rows.len() - 1])).is_empty(), "none after the last");
        assert_eq!(OrderKey::of(&gone).cmp_row(&gone), Ordering::Equal);
    }

    fn any_row() -> impl Strategy<Value = BoardRow> {
        let source = prop_oneof![Just(RowSource::Reported), Just(RowSource::Verified), Just(RowSource::Reference)];
        let name = prop::option::of(prop_oneof![Just("a"), Just("b")]);
        (0u8..3, source, prop_oneof![Just("m"), Just("n")], name.clone(), name).prop_map(
            |(accuracy, source, model, team, id)| BoardRow {
                accuracy: f64::from(accuracy) / 2.0,
                team: team.map(Into::into),
                submission_id: id.map(Into::into),
                ..BoardRow::bare(model, source)
            },
        )
    }

    proptest! {
        /// Equal only when every sort field is equal; antisymmetric and
        /// transitive; a key finds its row's place.
        #[test]
        fn a_strict_total_order(a in any_row(), b in any_row(), c in any_row()) {
            let same = OrderKey::of(&a) == OrderKey::of(&b);
            prop_assert_eq!(board_order(&a, &b) == Ordering::Equal, same);
            prop_assert_eq!(board_order(&a, &b), board_order(&b, &a).reverse());
            if board_order(&a, &b) != Ordering::Greater && board_order(&b, &c) != Ordering::Greater {
                prop_assert_ne!(board_order(&a, &c), Ordering::Greater);
            }
            prop_assert_eq!(OrderKey::of(&b).cmp_row(&a), board_order(&a, &b));
            prop_assert_eq!(sort_bytes(&a).cmp(&sort_bytes(&b)), board_order(&a, &b));
            prop_assert_eq!(OrderKey::of(&a).sort_bytes(), sort_bytes(&a));
        }

        /// The byte key sorts as the rows do, for any accuracy (negative
        /// zero, infinities, NaN) and any texts (prefixes, NUL bytes).
        #[test]
        fn sort_bytes_sort_as_the_rows_do(
            a in (any::<f64>(), "[a\\x00\\xFF]{0,3}", prop::option::of("[a\\x00]{0,2}"), prop::option::of("[b\\x00]{0,2}")),
            b in (any::<f64>(), "[a\\x00\\xFF]{0,3}", prop::option::of("[a\\x00]{0,2}"), prop::option::of("[b\\x00]{0,2}")),
            same_accuracy in any::<bool>(),
        ) {
            let row = |(accuracy, model, team, id): (f64, String, Option<String>, Option<String>)| BoardRow {
                accuracy,
                team,
                submission_id: id,
                ..BoardRow::bare(&model, RowSource::Verified)
            };
            let (a, mut b) = (row(a), row(b));
            if same_accuracy {
                b.accuracy = a.accuracy;
            }
            prop_assert_eq!(sort_bytes(&a).cmp(&sort_bytes(&b)), board_order(&a, &b));
        }

        /// Every row after a key sorts after it, every row before does not.
        #[test]
        fn rows_after_cuts_at_the_key(mut rows in prop::collection::vec(any_row(), 0..20), key in any_row()) {
            rows.sort_by(board_order);
            let after = rows_after(&rows, &OrderKey::of(&key));
            let cut = rows.len() - after.len();
            prop_assert!(after.iter().all(|r| board_order(r, &key) == Ordering::Greater));
            prop_assert!(rows[..cut].iter().all(|r| board_order(r, &key) != Ordering::Greater));
        }
    }
}
