//! How skill bodies are read: a small trait, so tests and remote file systems can stand in for
//! the disk.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Reads a selected skill's `SKILL.md` as UTF-8 text.
///
/// Closures `Fn(&Path) -> io::Result<String>` implement it, which is handy for fakes.
pub trait SkillReader {
    /// The whole file as text; an error names what went wrong (not the path: the caller adds it).
    fn read_skill(&self, path: &Path) -> io::Result<String>;

    /// The file's text when it has at most `max_bytes` bytes; otherwise a prefix of it, cut at a
    /// character boundary, of at least `max_bytes - 3` bytes (more is allowed, up to the whole
    /// text). [`crate::inject`] calls this instead of [`SkillReader::read_skill`] when the
    /// options cap the body, asking for enough bytes to hold one character more than the cap, so
    /// the cut and its warning are unchanged.
    ///
    /// The default reads the whole file with [`SkillReader::read_skill`], so every reader works
    /// unchanged; [`FsReader`] reads only the bytes asked for.
    fn read_capped(&self, path: &Path, max_bytes: u64) -> io::Result<String> {
        let _ = max_bytes;
        self.read_skill(path)
    }
}

impl<F> SkillReader for F
where
    F: Fn(&Path) -> io::Result<String>,
{
    fn read_skill(&self, path: &Path) -> io::Result<String> {
        self(path)
    }
}

/// The largest `SKILL.md` [`FsReader`] reads (512 MiB, the loader's limit too).
pub const MAX_SKILL_FILE_BYTES: u64 = 512 * 1024 * 1024;

/// Reads from the local disk. Safety fixes that change nothing for well-formed skills are always
/// on: only regular files are read (a FIFO named `SKILL.md` cannot block the turn), and at most
/// [`MAX_SKILL_FILE_BYTES`] bytes.
///
/// With a capped body ([`SkillReader::read_capped`]) only the bytes the cap needs are read: a
/// 40,000-character cap reads at most about 160 KB of a file of any size. Bytes past that are
/// never looked at, so invalid UTF-8 there no longer fails the read (the cut text is injected,
/// with the usual truncation warning).
#[derive(Clone, Copy, Debug, Default)]
pub struct FsReader;

/// The size of a regular file at `path` within [`MAX_SKILL_FILE_BYTES`].
fn checked_len(path: &Path) -> io::Result<u64> {
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    if metadata.len() > MAX_SKILL_FILE_BYTES {
        return Err(too_large());
    }
    Ok(metadata.len())
}

impl SkillReader for FsReader {
    fn read_capped(&self, path: &Path, max_bytes: u64) -> io::Result<String> {
        if checked_len(path)? <= max_bytes {
            return self.read_skill(path);
        }
        let mut bytes = Vec::with_capacity(usize::try_from(max_bytes).unwrap_or(0));
        File::open(path)?.take(max_bytes).read_to_end(&mut bytes)?;
        if (bytes.len() as u64) < max_bytes {
            // The file shrank meanwhile: this is all of it.
            return String::from_utf8(bytes)
                .map_err(|err| io::Error::new(io::ErrorKind::InvalidData, err));
        }
        if let Err(error) = std::str::from_utf8(&bytes) {
            if error.error_len().is_some() {
                return Err(io::Error::new(io::ErrorKind::InvalidData, error));
            }
            // Only the character the cut split is incomplete: the text stops before it.
            bytes.truncate(error.valid_up_to());
        }
        String::from_utf8(bytes).map_err(|err| io::Error::new(io::ErrorKind::InvalidData, err))
    }

    fn read_skill(&self, path: &Path) -> io::Result<String> {
        checked_len(path)?;
        let mut bytes = Vec::new();
        File::open(path)?
            .take(MAX_SKILL_FILE_BYTES + 1)
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 > MAX_SKILL_FILE_BYTES {
            return Err(too_large());
        }
        String::from_utf8(bytes).map_err(|err| io::Error::new(io::ErrorKind::InvalidData, err))
    }
}

fn too_large() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("file is larger than the {MAX_SKILL_FILE_BYTES}-byte limit"),
    )
}
