//! The record reader against the csv crate (`flexible`, defaults otherwise),
//! the reader the key and prediction parsers used before: same fields, and
//! the same line numbers as the csv crate's record positions gave (its byte
//! offset, moved past line breaks, as a 1-based line). The first record is
//! the header, whose line nothing uses: the csv crate puts it at byte 0 even
//! after a byte-order mark and blank lines, so its line is not compared.

use proptest::prelude::*;

use super::*;

/// Fields and start line of every record, header included, as read by `Reader`.
fn ours(text: &str) -> Vec<(usize, Vec<String>)> {
    let mut reader = Reader::new(text);
    let mut record = Record::default();
    let mut out = Vec::new();
    while reader.read(&mut record) {
        out.push((record.line(), record.iter().map(str::to_owned).collect()));
        let again = {
            let mut r = Record::default();
            Reader::at(text, record.start()).read(&mut r);
            r.iter().map(str::to_owned).collect::<Vec<_>>()
        };
        assert_eq!(again, out.last().unwrap().1, "re-reading at {}", record.start());
    }
    out
}

/// The same, as read by the csv crate.
fn theirs(text: &str) -> Vec<(usize, Vec<String>)> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
    let bytes = text.as_bytes();
    reader
        .records()
        .map(|r| {
            let r = r.expect("valid UTF-8 never fails");
            let mut at = r.position().map_or(0, |p| p.byte() as usize).min(bytes.len());
            while matches!(bytes.get(at), Some(b'\r' | b'\n')) {
                at += 1;
            }
            let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
            (line, r.iter().map(str::to_owned).collect())
        })
        .collect()
}

/// Asserts that both readers agree (but for the header's line).
fn agree(text: &str) {
    let (mut a, mut b) = (ours(text), theirs(text));
    for records in [&mut a, &mut b] {
        if let Some(header) = records.first_mut() {
            header.0 = 0;
        }
    }
    assert_eq!(a, b, "{text:?}");
}

#[test]
fn quoting_rules() {
    let text = "\u{feff}a,\"b,\"\"c\"\"\nd\",e\r\n\r\n\"x\"y\"z\",\"\",q\"r\n\n,\r\"open";
    let expected =
        [(1, vec!["a", "b,\"c\"\nd", "e"]), (4, vec!["xy\"z\"", "", "q\"r"]), (6, vec!["", ""]), (6, vec!["open"])];
    let got = ours(text);
    let got: Vec<(usize, Vec<&str>)> = got.iter().map(|(l, f)| (*l, f.iter().map(String::as_str).collect())).collect();
    assert_eq!(got, expected);
    agree(text);
}

#[test]
fn lines_survive_crlf_and_blank_lines() {
    for text in ["h,x\r\n1,a\r\n\r\n2,\"b\r\nc\"\r\n3,d\r\n", "h,x\n1,a\n\n2,\"b\nc\"\n3,d"] {
        let lines: Vec<usize> = ours(text).iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, [1, 2, 4, 6], "{text:?}");
    }
}

#[test]
fn long_fields_cross_blocks() {
    let long = "ب".repeat(70);
    let text = format!("{long},\"{long}\"\"{long}\"\n{long}\r{long},");
    agree(&text);
    assert_eq!(ours(&text)[0].1[1], format!("{long}\"{long}"));
}

#[test]
fn block_marks_are_the_marked_bytes() {
    let bytes: Vec<u8> = (0..300usize).map(|i| b"a,\"\r\nxyz\xd8"[i * 7 % 9]).collect();
    for start in (0..bytes.len()).step_by(64) {
        let want = bytes[start..].iter().take(64).enumerate();
        let want = want.fold(0u64, |m, (i, b)| m | (u64::from(MARKED.contains(b)) << i));
        assert_eq!(marks(&bytes, start), want, "the block at {start}");
    }
}

#[test]
fn empty_and_blank_texts() {
    for text in ["", "\u{feff}", "\n\r\n", "\u{feff}\u{feff}a", "\u{feff}\n\u{feff}"] {
        agree(text);
    }
}

/// Every character, alone and at either end of a cell: the byte tests that
/// let `trim` skip decoding must never skip a whitespace character.
#[test]
fn trim_agrees_with_the_standard_trim_on_every_character() {
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        for cell in [format!("{c}"), format!("{c}x"), format!("x{c}"), format!("{c}ب{c}")] {
            assert_eq!(trim(&cell), cell.trim(), "{:?}", c);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn trim_is_the_standard_trim(s in "[ \t\r\na\u{a0}\u{85}\u{2003}\u{3000}ب\u{200b}\u{1680}\u{2028}\u{202f}\u{205f}ة]{0,6}") {
        prop_assert_eq!(trim(&s), s.trim());
    }

    #[test]
    fn same_records_as_the_csv_crate(text in "[,\"\r\na ب\u{feff}]{0,60}") {
        agree(&text);
    }

    #[test]
    fn same_records_on_csv_like_text(cells in proptest::collection::vec("[a-c ب\"]{0,12}|\"[a-c,\r\n\"ب]{0,12}\"[a-c]?", 0..30),
                                     seps in proptest::collection::vec("[,]|\r\n|\n|\r|\n\n", 30)) {
        let text: String = cells.iter().zip(&seps).map(|(c, s)| format!("{c}{s}")).collect();
        agree(&text);
    }
}
