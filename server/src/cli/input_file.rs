//! Input files of the CLI, read whole.
//!
//! The offline commands (`score`, `keys check`) map a regular file into
//! memory instead of copying it: the key is most of what `score` reads
//! (1.2-1.5 MB), and a copy would cost a page fault per 4 KB page of its
//! fresh buffer plus the copy. The map of a file the readers take is
//! filled when it is made (one call instead of a fault every few pages),
//! since every byte of it is read. Commands whose bytes go on to a database or a
//! server (`keys import`, `submit`) copy the file, so what they store or
//! send is exactly what they checked.

use std::fs::File;
use std::io::Read;
use std::ops::Deref;
use std::path::Path;

use anyhow::Context;

/// The largest file the readers take (keys and prediction files alike):
/// a larger one is refused by its size before a byte of it is read, so
/// its map is not filled.
const READ_AT_MOST: usize = {
    assert!(app::domain::MAX_KEY_BYTES == app::domain::MAX_PREDICTION_BYTES);
    app::domain::MAX_KEY_BYTES
};

/// A whole input file's bytes.
pub enum InputFile {
    /// A regular file, mapped read-only.
    Mapped(memmap2::Mmap),
    /// Anything else (a pipe, an empty file), read into memory.
    Read(Vec<u8>),
}

impl Deref for InputFile {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Self::Mapped(map) => map,
            Self::Read(bytes) => bytes,
        }
    }
}

/// Reads a whole input file into memory, naming it in the error.
pub fn read_input(path: &Path) -> anyhow::Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

/// Maps a regular, non-empty file read-only; reads anything else. Errors
/// name the file.
pub fn map_input(path: &Path) -> anyhow::Result<InputFile> {
    let cannot = || format!("cannot read {}", path.display());
    let file = File::open(path).with_context(cannot)?;
    let meta = file.metadata().with_context(cannot)?;
    if !meta.is_file() || meta.len() == 0 {
        // The file already open, not the path again: a pipe opened twice
        // is two readers.
        let mut bytes = Vec::new();
        (&file).read_to_end(&mut bytes).with_context(cannot)?;
        return Ok(InputFile::Read(bytes));
    }
    // SAFETY: the mapping is private and read-only, and is only ever seen
    // as `&[u8]` by this short-lived process. What memmap2 cannot promise
    // is that no other process changes the file while it is mapped: a
    // concurrent writer could change bytes after they were checked, and a
    // truncation would end the process with SIGBUS. That is the trade
    // every tool that maps its input makes (ripgrep does); it only concerns
    // the offline commands, which read a file the user names and store
    // nothing.
    let mut options = memmap2::MmapOptions::new();
    if meta.len() <= READ_AT_MOST as u64 {
        options.populate();
    }
    #[allow(unsafe_code)]
    let map = unsafe { options.map(&file) }.with_context(cannot)?;
    Ok(InputFile::Mapped(map))
}
