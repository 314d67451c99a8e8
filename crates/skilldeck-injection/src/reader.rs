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
#[derive(Clone, Copy, Debug, Default)]
pub struct FsReader;

impl SkillReader for FsReader {
    fn read_skill(&self, path: &Path) -> io::Result<String> {
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
