//! The checks every uploaded text file passes before any parser sees it:
//! a size limit, no NUL bytes, valid UTF-8, no absurdly long line, and a
//! leading byte-order mark removed. Keys and prediction files share them so
//! both refuse the same garbage with the same line-numbered messages.

use sha2::{Digest, Sha256};

/// Why a file cannot be read as text at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// The file is larger than the limit for its kind.
    #[error("the file is {size} bytes, over the limit of {limit} bytes")]
    TooLarge {
        /// Size of the upload in bytes.
        size: usize,
        /// The limit in bytes.
        limit: usize,
    },
    /// A gzip stream that decompresses to more than the limit (a zip bomb
    /// among others); nothing past the limit is inflated.
    #[error("the file decompresses to more than {limit} bytes")]
    TooLargeDecompressed {
        /// The limit in bytes.
        limit: usize,
    },
    /// A file that starts as gzip but cannot be decompressed.
    #[error("the file looks gzip-compressed but cannot be decompressed ({detail})")]
    BadGzip {
        /// What the decompressor said.
        detail: String,
    },
    /// Nothing but whitespace (or a byte-order mark).
    #[error("the file is empty")]
    Empty,
    /// A file that is not text at all (an image, a PDF, an archive, a
    /// spreadsheet workbook): NUL bytes that are not UTF-16's.
    #[error("this is not a text file: upload the predictions as CSV or JSON Lines (save a spreadsheet as CSV first)")]
    NotText,
    /// A NUL byte in what looks like text: a UTF-16 export.
    #[error("line {line}: NUL byte (binary or UTF-16 file? save it as UTF-8)")]
    NulByte {
        /// 1-based line of the first NUL byte.
        line: usize,
    },
    /// Bytes that are not UTF-8.
    #[error("line {line}: invalid UTF-8 (save the file as UTF-8)")]
    InvalidUtf8 {
        /// 1-based line of the first invalid byte.
        line: usize,
    },
    /// One physical line longer than [`MAX_LINE_BYTES`].
    #[error("line {line}: longer than {limit} bytes")]
    LineTooLong {
        /// 1-based line number.
        line: usize,
        /// The limit in bytes.
        limit: usize,
    },
}

impl crate::message::Coded for InputError {
    fn message(&self) -> crate::message::Message {
        use crate::message::Message;
        match self {
            Self::TooLarge { size, limit } => Message::new("input-too-large").arg("size", size).arg("limit", limit),
            Self::Empty => Message::new("input-empty"),
            Self::NotText => Message::new("input-not-text"),
            Self::TooLargeDecompressed { limit } => Message::new("input-too-large-decompressed").arg("limit", limit),
            Self::BadGzip { detail } => Message::new("input-bad-gzip").arg("detail", detail),
            Self::NulByte { line } => Message::new("input-nul-byte").arg("line", line),
            Self::InvalidUtf8 { line } => Message::new("input-invalid-utf8").arg("line", line),
            Self::LineTooLong { line, limit } => {
                Message::new("input-line-too-long").arg("line", line).arg("limit", limit)
            }
        }
    }
}

impl InputError {
    /// The line the problem is on, when there is one.
    pub fn line(&self) -> Option<usize> {
        match self {
            Self::NulByte { line } | Self::InvalidUtf8 { line } | Self::LineTooLong { line, .. } => Some(*line),
            Self::TooLarge { .. }
            | Self::TooLargeDecompressed { .. }
            | Self::BadGzip { .. }
            | Self::Empty
            | Self::NotText => None,
        }
    }
}

/// The longest physical line (bytes, without its line break) any input may
/// have. A raw model response with a long chain of thought fits easily.
pub const MAX_LINE_BYTES: usize = 1024 * 1024;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Checks `bytes` and returns them as text without a leading BOM. The size
/// limit is checked first, before the content is looked at.
pub fn decode(bytes: &[u8], limit: usize) -> Result<&str, InputError> {
    if bytes.len() > limit {
        return Err(InputError::TooLarge { size: bytes.len(), limit });
    }
    let body = bytes.strip_prefix(BOM).unwrap_or(bytes);
    // A branch-free pass the compiler vectorizes; the position only on failure.
    if body.iter().fold(false, |nul, &b| nul | (b == 0)) {
        if is_binary(body) {
            return Err(InputError::NotText);
        }
        let pos = body.iter().position(|&b| b == 0).unwrap_or(0);
        return Err(InputError::NulByte { line: line_of(body, pos) });
    }
    // simdutf8 validates; only for an invalid file does the standard
    // library then find where it goes wrong (the line of the error).
    let text = match simdutf8::basic::from_utf8(body) {
        Ok(text) => text,
        Err(_) => {
            let valid = std::str::from_utf8(body).map_or_else(|e| e.valid_up_to(), str::len);
            return Err(InputError::InvalidUtf8 { line: line_of(body, valid) });
        }
    };
    if let Some(start) = long_line(text) {
        return Err(InputError::LineTooLong { line: line_of(body, start), limit: MAX_LINE_BYTES });
    }
    if text.trim().is_empty() {
        return Err(InputError::Empty);
    }
    Ok(text)
}

/// True when bytes with a NUL in them are not text: in the first
/// kilobyte, more than one byte in ten is a control character other than
/// a tab, line break or form feed, and they are not UTF-16 (no byte-order
/// mark, NULs not all on one side of the byte pairs). A stray NUL in a
/// text file is not binary: it is refused with its line instead.
fn is_binary(bytes: &[u8]) -> bool {
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return false;
    }
    let head = &bytes[..bytes.len().min(1024)];
    let control = head.iter().filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C)).count();
    let (mut even, mut odd) = (0_usize, 0_usize);
    for (i, _) in head.iter().enumerate().filter(|(_, b)| **b == 0) {
        if i % 2 == 0 { even += 1 } else { odd += 1 }
    }
    let utf16 = even.min(odd) == 0 && 3 * even.max(odd) >= head.len() / 2;
    10 * control > head.len() && !utf16
}

/// Where the first line longer than [`MAX_LINE_BYTES`] starts, if any. It
/// looks at the last line break of each stretch of `MAX_LINE_BYTES + 1`
/// bytes: without one, the line there is too long; with one, every line
/// before it is short. So it reads a few bytes per megabyte, not the text.
fn long_line(text: &str) -> Option<usize> {
    let mut start = 0;
    while text.len() - start > MAX_LINE_BYTES {
        let window = &text.as_bytes()[start..=start + MAX_LINE_BYTES];
        match window.iter().rposition(|&b| b == b'\n') {
            Some(newline) => start += newline + 1,
            None => return Some(start),
        }
    }
    None
}

/// The two bytes every gzip stream starts with.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// True when `bytes` start as a gzip stream.
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(&GZIP_MAGIC)
}

/// `bytes` decompressed when they are gzip (several members are read one
/// after the other, as `gunzip` does), else `None`. At most `limit` bytes
/// are inflated: a stream that would give more is refused without
/// inflating the rest.
pub fn gunzip(bytes: &[u8], limit: usize) -> Result<Option<Vec<u8>>, InputError> {
    use std::io::Read;
    if !is_gzip(bytes) {
        return Ok(None);
    }
    let mut out = Vec::with_capacity(bytes.len().saturating_mul(4).min(limit));
    let reader = flate2::read::MultiGzDecoder::new(bytes);
    // One byte past the limit tells "exactly the limit" from "more".
    let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    reader.take(cap).read_to_end(&mut out).map_err(|e| InputError::BadGzip { detail: e.to_string() })?;
    if out.len() > limit {
        return Err(InputError::TooLargeDecompressed { limit });
    }
    Ok(Some(out))
}

/// The 1-based line holding byte `pos`.
pub fn line_of(bytes: &[u8], pos: usize) -> usize {
    1 + bytes[..pos.min(bytes.len())].iter().filter(|&&b| b == b'\n').count()
}

/// Lower-case hex SHA-256 of the raw bytes, as stored with an answer key.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_line() {
        assert_eq!(decode(b"abc", 2), Err(InputError::TooLarge { size: 3, limit: 2 }));
        assert_eq!(decode(b"  \r\n ", 100), Err(InputError::Empty));
        assert_eq!(decode(b"\xEF\xBB\xBF", 100), Err(InputError::Empty));
        assert_eq!(decode(b"a\nb\0", 100), Err(InputError::NulByte { line: 2 }));
        assert_eq!(decode(b"question_id,answer\n1,\0A\n", 100), Err(InputError::NulByte { line: 2 }));
        // A binary file is said to be one; UTF-16 text is not binary.
        let png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00";
        assert_eq!(decode(png, 100), Err(InputError::NotText));
        assert_eq!(decode(b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00", 100), Err(InputError::NotText));
        assert_eq!(decode(b"q\0u\0e\0s\0t\0i\0o\0n\0", 100), Err(InputError::NulByte { line: 1 }));
        assert_eq!(decode(b"\xFF\xFEq\0u\0\x01\0\x02\0", 100), Err(InputError::NulByte { line: 1 }));
        assert_eq!(decode(b"a\nb\nc\xFF", 100), Err(InputError::InvalidUtf8 { line: 3 }));
        let long = "x".repeat(MAX_LINE_BYTES + 1);
        assert_eq!(
            decode(format!("ok\n{long}").as_bytes(), usize::MAX),
            Err(InputError::LineTooLong { line: 2, limit: MAX_LINE_BYTES })
        );
        let short = "y".repeat(MAX_LINE_BYTES);
        for (text, line) in [
            (format!("{short}\n{short}\n{short}"), None),
            (format!("{short}\n{short}\r\n{short}"), Some(2)), // the CR counts
            (format!("a\n{short}\n\n{long}\nb"), Some(4)),
            (long.clone(), Some(1)),
        ] {
            let expected = line.map_or(Ok(()), |line| Err(InputError::LineTooLong { line, limit: MAX_LINE_BYTES }));
            assert_eq!(decode(text.as_bytes(), usize::MAX).map(|_| ()), expected);
        }
    }

    #[test]
    fn gzip_is_inflated_within_the_limit() {
        use std::io::Write;
        let gz = |data: &[u8]| {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(data).unwrap();
            e.finish().unwrap()
        };
        assert_eq!(gunzip(b"question_id,answer", 100), Ok(None));
        assert_eq!(gunzip(&gz(b"question_id,answer\n1,A\n"), 100), Ok(Some(b"question_id,answer\n1,A\n".to_vec())));
        // Exactly the limit passes; one byte more does not.
        assert_eq!(gunzip(&gz(&[b'x'; 64]), 64).map(|v| v.map(|v| v.len())), Ok(Some(64)));
        assert_eq!(gunzip(&gz(&[b'x'; 65]), 64), Err(InputError::TooLargeDecompressed { limit: 64 }));
        // A bomb: 10 MB of zeros is a few kilobytes compressed.
        let bomb = gz(&vec![0u8; 10 << 20]);
        assert!(bomb.len() < 20_000);
        assert_eq!(gunzip(&bomb, 1 << 20), Err(InputError::TooLargeDecompressed { limit: 1 << 20 }));
        // Two members read as one file, as gunzip does.
        let two = [gz(b"question_id,answer\n"), gz(b"1,A\n")].concat();
        assert_eq!(gunzip(&two, 100), Ok(Some(b"question_id,answer\n1,A\n".to_vec())));
        let mut cut = gz(b"question_id,answer\n1,A\n");
        cut.truncate(cut.len() - 6);
        assert!(matches!(gunzip(&cut, 100), Err(InputError::BadGzip { .. })));
    }

    #[test]
    fn bom_is_removed() {
        assert_eq!(decode(b"\xEF\xBB\xBFa,b\r\n", 100), Ok("a,b\r\n"));
    }

    #[test]
    fn sha256_of_empty_input() {
        assert_eq!(sha256_hex(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }
}
