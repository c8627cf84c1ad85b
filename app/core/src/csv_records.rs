//! The CSV record reader of the key and prediction readers: the csv crate's
//! reading rules as they use them (`flexible`, all defaults otherwise), over
//! text already checked by [`super::input::decode`], but without copying.
//!
//! The rules: fields are separated by commas; records end at CR, LF or CRLF
//! and blank lines are skipped; records may have any number of fields; a
//! field starting with `"` is quoted: commas and line breaks inside it are
//! text, `""` is one quote, and anything after the closing quote up to the
//! next comma or line end is appended as is (`"ab"c` reads `abc`); an
//! unclosed quote runs to the end of the file; a quote inside an unquoted
//! field is text; a UTF-8 byte-order mark at the very start is dropped. The
//! tests check this reader against the csv crate on random inputs.
//!
//! A field is a slice of the input unless it holds `""` or text after its
//! closing quote (then it is an owned string), and one [`Record`] is reused
//! for every row. The reader marks every comma, quote and line break of
//! 64 bytes at once (a bit each, in a form the compiler turns into vector
//! compares), steps from mark to mark, and counts lines as it goes, so each
//! record knows the 1-based line it starts on.

use std::borrow::Cow;

/// Reads records one at a time from CSV text.
pub(crate) struct Reader<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    /// The start of the 64-byte block `marks` describes (a multiple of
    /// 64; `usize::MAX` before the first).
    block: usize,
    /// Bit i is set when byte `block + i` is one of [`MARKED`].
    marks: u64,
}

/// One record: its fields and where it starts. Reuse one for a whole file.
#[derive(Debug, Default)]
pub(crate) struct Record<'a> {
    fields: Vec<Cow<'a, str>>,
    line: usize,
    start: usize,
}

impl<'a> Record<'a> {
    /// Number of fields.
    pub(crate) fn len(&self) -> usize {
        self.fields.len()
    }

    /// Field `i`, if the record has it.
    pub(crate) fn get(&self, i: usize) -> Option<&str> {
        self.fields.get(i).map(|f| f.as_ref())
    }

    /// The fields in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &str> {
        self.fields.iter().map(|f| f.as_ref())
    }

    /// 1-based line of the record's first byte.
    pub(crate) fn line(&self) -> usize {
        self.line
    }

    /// Byte offset of the record's first byte (see [`Reader::at`]).
    pub(crate) fn start(&self) -> usize {
        self.start
    }
}

/// The capacity to give per-record vectors so they are not regrown: line
/// feeds + 1, at least the number of records unless records end in a bare
/// CR (then the vectors just grow).
pub(crate) fn records_bound(text: &str) -> usize {
    // Byte counts per 255-byte chunk fit a u8, so the compiler can count 16
    // or 32 bytes per instruction.
    let chunk_count = |c: &[u8]| c.iter().map(|&b| u8::from(b == b'\n')).sum::<u8>() as usize;
    text.as_bytes().chunks(255).map(chunk_count).sum::<usize>() + 1
}

/// `cell.trim()`, without the search when neither end is whitespace (as
/// in most cells): the standard trim is a general pattern search. The end
/// bytes decide most cells without decoding a character.
pub(crate) fn trim(cell: &str) -> &str {
    let (Some(&first), Some(&last)) = (cell.as_bytes().first(), cell.as_bytes().last()) else {
        return cell;
    };
    let space_at_start = may_start_space(first) && cell.chars().next().is_some_and(char::is_whitespace);
    let space_at_end = may_end_space(last) && cell.chars().next_back().is_some_and(char::is_whitespace);
    if space_at_start || space_at_end { cell.trim() } else { cell }
}

/// Whether a character starting with byte `b` may be whitespace: the
/// White_Space characters are bytes 9-13 and 32, or start with C2 (U+0085,
/// U+00A0), E1 (U+1680), E2 (U+2000-U+205F) or E3 (U+3000).
fn may_start_space(b: u8) -> bool {
    matches!(b, 9..=13 | b' ' | 0xC2 | 0xE1..=0xE3)
}

/// Whether a character ending with byte `b` may be whitespace: the last
/// bytes of those characters are 9-13, 32, 85 (U+0085), A0 (U+00A0), 80
/// (U+1680, U+3000), 80-8A (U+2000-U+200A), A8, A9, AF (U+2028, U+2029,
/// U+202F) and 9F (U+205F).
fn may_end_space(b: u8) -> bool {
    matches!(b, 9..=13 | b' ' | 0x80..=0x8A | 0x9F | 0xA0 | 0xA8 | 0xA9 | 0xAF)
}

/// What ends an unquoted field.
const UNQUOTED: [u8; 3] = [b',', b'\r', b'\n'];
/// What a quoted field's scan stops at: its quotes, and line breaks to count.
const QUOTED: [u8; 3] = [b'"', b'\n', b'\n'];

impl<'a> Reader<'a> {
    /// A reader at the start of `text` (dropping a byte-order mark).
    pub(crate) fn new(text: &'a str) -> Self {
        let pos = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Self { text, pos, line: 1, block: usize::MAX, marks: 0 }
    }

    /// A reader for the record starting at byte `start`, the
    /// [`Record::start`] of an earlier read (line numbers are then
    /// meaningless).
    pub(crate) fn at(text: &'a str, start: usize) -> Self {
        Self { text, pos: start.min(text.len()), line: 1, block: usize::MAX, marks: 0 }
    }

    /// Reads the next record into `record`; false at the end of the text.
    pub(crate) fn read(&mut self, record: &mut Record<'a>) -> bool {
        record.fields.clear();
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            match b {
                b'\n' => self.line += 1,
                b'\r' => {}
                _ => break,
            }
            self.pos += 1;
        }
        if self.pos == bytes.len() {
            return false;
        }
        (record.line, record.start) = (self.line, self.pos);
        loop {
            let (field, end) = self.field();
            record.fields.push(field);
            self.pos = (end + 1).min(bytes.len());
            match bytes.get(end) {
                Some(b',') => {}
                Some(b'\n') => {
                    self.line += 1;
                    return true;
                }
                _ => return true,
            }
        }
    }

    /// The field starting at `self.pos` and the position of the byte that
    /// ends it (a comma, CR, LF, or the end of the text).
    fn field(&mut self) -> (Cow<'a, str>, usize) {
        let (text, bytes) = (self.text, self.text.as_bytes());
        let start = self.pos;
        if bytes.get(start) != Some(&b'"') {
            let end = self.find(start, UNQUOTED);
            return (Cow::Borrowed(&text[start..end]), end);
        }
        let mut owned: Option<String> = None;
        let mut piece = start + 1;
        let mut scan = piece;
        loop {
            let at = self.find(scan, QUOTED);
            match (bytes.get(at), bytes.get(at + 1)) {
                (None, _) => return (append(owned, &text[piece..]), at),
                (Some(b'\n'), _) => {
                    self.line += 1;
                    scan = at + 1;
                }
                (Some(_), Some(b'"')) => {
                    owned.get_or_insert_with(String::new).push_str(&text[piece..=at]);
                    piece = at + 2;
                    scan = piece;
                }
                (Some(_), None | Some(b',' | b'\r' | b'\n')) => return (append(owned, &text[piece..at]), at + 1),
                (Some(_), Some(_)) => {
                    let end = self.find(at + 1, UNQUOTED);
                    let mut s = owned.unwrap_or_default();
                    s.push_str(&text[piece..at]);
                    s.push_str(&text[at + 1..end]);
                    return (Cow::Owned(s), end);
                }
            }
        }
    }

    /// The position of the first byte at or after `from` that is one of
    /// `stops` (all of them [`MARKED`]), or the text's length.
    #[inline]
    fn find(&mut self, from: usize, stops: [u8; 3]) -> usize {
        let bytes = self.text.as_bytes();
        let mut at = from;
        while at < bytes.len() {
            let block = at & !63;
            if block != self.block {
                (self.block, self.marks) = (block, marks(bytes, block));
            }
            let ahead = self.marks & (u64::MAX << (at - block));
            if ahead == 0 {
                at = block + 64;
                continue;
            }
            let mark = block + ahead.trailing_zeros() as usize;
            if stops.contains(&bytes[mark]) {
                return mark;
            }
            at = mark + 1;
        }
        bytes.len()
    }
}

fn append<'a>(owned: Option<String>, tail: &'a str) -> Cow<'a, str> {
    match owned {
        None => Cow::Borrowed(tail),
        Some(mut s) => {
            s.push_str(tail);
            Cow::Owned(s)
        }
    }
}

/// The bytes a field or a record may end at, or a quoted field's scan.
const MARKED: [u8; 4] = [b',', b'"', b'\r', b'\n'];

/// Bit i set when byte `start + i` is one of [`MARKED`], for the 64 bytes
/// from `start` (fewer at the end of the text). A whole block is
/// compared byte by byte into flags the compiler compares 16 at a time,
/// then gathered eight flags a multiplication (byte j's 0 or 1 lands on
/// bit 56 + j of the product, and no two products' bits overlap). Not
/// inlined: a field's search mostly reads the marks of a block already
/// marked, and stays small.
#[inline(never)]
fn marks(bytes: &[u8], start: usize) -> u64 {
    let is_marked = |b: u8| (b == MARKED[0]) | (b == MARKED[1]) | (b == MARKED[2]) | (b == MARKED[3]);
    let Some(block) = bytes.get(start..start + 64) else {
        let tail = bytes.get(start..).unwrap_or_default();
        return tail.iter().enumerate().fold(0, |m, (i, &b)| m | (u64::from(is_marked(b)) << i));
    };
    let mut flags = [0u8; 64];
    for (flag, &b) in flags.iter_mut().zip(block) {
        *flag = u8::from(is_marked(b));
    }
    flags.chunks_exact(8).enumerate().fold(0, |m, (k, eight)| {
        let eight = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
        m | (eight.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
    })
}

#[cfg(test)]
#[path = "csv_records_tests.rs"]
mod tests;

/// `text` as a CSV cell a spreadsheet opens as text: one that starts with
/// a character spreadsheets run as a formula (`=`, `+`, `-`, `@`, tab,
/// carriage return) gets an apostrophe first, so that a name typed by a
/// team can never run.
pub fn spreadsheet_safe(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        std::borrow::Cow::Owned(format!("'{text}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}
