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
    /// Nothing but whitespace (or a byte-order mark).
    #[error("the file is empty")]
    Empty,
    /// A NUL byte: a binary file or a UTF-16 export.
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

impl InputError {
    /// The line the problem is on, when there is one.
    pub fn line(&self) -> Option<usize> {
        match self {
            Self::NulByte { line } | Self::InvalidUtf8 { line } | Self::LineTooLong { line, .. } => Some(*line),
            Self::TooLarge { .. } | Self::Empty => None,
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
    if let Some(pos) = body.iter().position(|&b| b == 0) {
        return Err(InputError::NulByte { line: line_of(body, pos) });
    }
    let text =
        std::str::from_utf8(body).map_err(|e| InputError::InvalidUtf8 { line: line_of(body, e.valid_up_to()) })?;
    if let Some(line) = text.split('\n').position(|piece| piece.len() > MAX_LINE_BYTES) {
        return Err(InputError::LineTooLong { line: line + 1, limit: MAX_LINE_BYTES });
    }
    if text.trim().is_empty() {
        return Err(InputError::Empty);
    }
    Ok(text)
}

/// The 1-based line holding byte `pos`.
pub fn line_of(bytes: &[u8], pos: usize) -> usize {
    1 + bytes[..pos.min(bytes.len())].iter().filter(|&&b| b == b'\n').count()
}

/// Line numbers for CSV records. The csv crate's own line counter is off
/// after CRLF line ends and blank lines, and its byte offset points at the
/// end of the previous record; the record starts at the first byte from
/// there that is not a line break.
pub(crate) struct LineIndex<'a> {
    text: &'a [u8],
    newlines: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        let text = text.as_bytes();
        Self { text, newlines: text.iter().enumerate().filter(|(_, b)| **b == b'\n').map(|(i, _)| i).collect() }
    }

    /// The 1-based line where the record at `pos` starts.
    pub(crate) fn record_line(&self, pos: Option<&csv::Position>) -> usize {
        let Some(pos) = pos else { return 1 };
        let mut at = usize::try_from(pos.byte()).unwrap_or(usize::MAX).min(self.text.len());
        while matches!(self.text.get(at), Some(b'\r' | b'\n')) {
            at += 1;
        }
        1 + self.newlines.partition_point(|&nl| nl < at)
    }
}

/// Lower-case hex SHA-256 of the raw bytes, as stored with an answer key.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
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
        assert_eq!(decode(b"a\nb\nc\xFF", 100), Err(InputError::InvalidUtf8 { line: 3 }));
        let long = "x".repeat(MAX_LINE_BYTES + 1);
        assert_eq!(
            decode(format!("ok\n{long}").as_bytes(), usize::MAX),
            Err(InputError::LineTooLong { line: 2, limit: MAX_LINE_BYTES })
        );
    }

    #[test]
    fn bom_is_removed() {
        assert_eq!(decode(b"\xEF\xBB\xBFa,b\r\n", 100), Ok("a,b\r\n"));
    }

    #[test]
    fn record_lines_survive_crlf_and_blank_lines() {
        for text in ["h,x\r\n1,a\r\n\r\n2,\"b\r\nc\"\r\n3,d\r\n", "h,x\n1,a\n\n2,\"b\nc\"\n3,d"] {
            let index = LineIndex::new(text);
            let mut reader = csv::Reader::from_reader(text.as_bytes());
            let lines: Vec<usize> = reader.records().map(|r| index.record_line(r.unwrap().position())).collect();
            assert_eq!(lines, [2, 4, 6], "{text:?}");
        }
    }

    #[test]
    fn sha256_of_empty_input() {
        assert_eq!(sha256_hex(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }
}
