//! Reading files safely: only regular files are opened (never a FIFO or a device), sizes are
//! checked before reading, and a `SKILL.md` is read only as far as its front matter needs.
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

use crate::frontmatter::prefix_has_complete_frontmatter;

/// Files above this size are refused, as Codex's file-system layer does (errata §11).
pub(crate) const MAX_READ_BYTES: u64 = 512 * 1024 * 1024;
/// Bytes read first; most front matters end well before this.
pub(crate) const PREFIX_BYTES: usize = 2 * 1024;

/// Opens `path` for reading only if it is a regular file (after following symlinks).
/// `Ok(None)` means "not a regular file": the caller skips it without an error.
fn open_regular(path: &Path) -> io::Result<Option<(File, u64)>> {
    if !fs::metadata(path)?.is_file() {
        return Ok(None);
    }
    open_checked(path)
}

/// Opens `path` without waiting on a FIFO and keeps it only if the opened file is regular.
///
/// For a path the walk has just seen as a regular file, this alone is as safe as
/// [`open_regular`]: a check before opening cannot close the race with a swap anyway, the check
/// on the opened descriptor does. It saves one `stat` per `SKILL.md`.
fn open_checked(path: &Path) -> io::Result<Option<(File, u64)>> {
    let mut open = OpenOptions::new();
    open.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Should the file have been swapped for a FIFO since it was last seen, opening must not
        // wait for a writer, nor adopt a terminal as the controlling one. Neither flag changes
        // anything for a regular file.
        open.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = open.open(path)?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Ok(None);
    }
    if metadata.len() > MAX_READ_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("file is too large to read: limit is {MAX_READ_BYTES} bytes"),
        ));
    }
    Ok(Some((file, metadata.len())))
}

/// The text of a `SKILL.md`, enough of it to parse the front matter: the first
/// [`PREFIX_BYTES`] when they hold a complete front matter, else the whole file.
///
/// Only for paths the walk found to be regular files (it never opens anything else): the file is
/// opened without a separate `stat` first, and checked once open.
///
/// `Ok(None)`: not a regular file (skipped silently). `Err`: the exact Codex message,
/// `failed to read file: …`.
pub(crate) fn read_skill_text(path: &Path) -> Result<Option<String>, String> {
    read_skill_text_inner(path).map_err(|error| format!("failed to read file: {error}"))
}

fn read_skill_text_inner(path: &Path) -> io::Result<Option<String>> {
    let Some((file, len)) = open_checked(path)? else {
        return Ok(None);
    };
    let mut bytes =
        Vec::with_capacity(PREFIX_BYTES.min(usize::try_from(len).unwrap_or(PREFIX_BYTES)));
    let mut file = file;
    (&mut file)
        .take(PREFIX_BYTES as u64)
        .read_to_end(&mut bytes)?;
    let whole_file = bytes.len() < PREFIX_BYTES || len <= PREFIX_BYTES as u64;
    if !whole_file {
        let valid = match std::str::from_utf8(&bytes) {
            Ok(_) => bytes.len(),
            // A character cut by the prefix boundary is not an error: the text stops before it.
            Err(error) if error.error_len().is_none() => error.valid_up_to(),
            Err(error) => return Err(io::Error::new(io::ErrorKind::InvalidData, error)),
        };
        let prefix = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
        if prefix_has_complete_frontmatter(prefix) {
            // The prefix becomes the text in place, without a copy.
            bytes.truncate(valid);
            return String::from_utf8(bytes)
                .map(Some)
                .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error.utf8_error()));
        }
        file.read_to_end(&mut bytes)?;
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error.utf8_error()))
}

/// The whole content of a small optional file (`agents/openai.yaml`, a plugin manifest).
/// `Ok(None)`: absent or not a regular file.
pub(crate) fn read_optional_file(path: &Path) -> io::Result<Option<Vec<u8>>> {
    let (mut file, len) = match open_regular(path) {
        Ok(Some(opened)) => opened,
        Ok(None) => return Ok(None),
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0).min(1 << 20));
    file.read_to_end(&mut bytes)?;
    Ok(Some(bytes))
}

/// Whether `path` is a regular file after following symlinks (a failed stat counts as no).
pub(crate) fn is_regular_file(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|metadata| metadata.is_file())
}
