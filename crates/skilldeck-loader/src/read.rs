//! Reading files safely: only regular files are opened (never a FIFO or a device), sizes are
//! checked before reading, and a `SKILL.md` is read only as far as its front matter needs.
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

use crate::frontmatter::prefix_has_complete_frontmatter;

/// Files above this size are refused, as Codex's file-system layer does (errata §11).
pub(crate) const MAX_READ_BYTES: u64 = 512 * 1024 * 1024;
/// Bytes read first; most front matters end well before this.
pub(crate) const PREFIX_BYTES: usize = 2 * 1024;

/// Largest `agents/openai.yaml` or plugin manifest read (1 MiB). Codex reads these up to the
/// general 512 MiB limit; a legitimate one is a few KiB, so a larger one is ignored unread
/// (a deliberate, tiny deviation, reported as a diagnostic) instead of held whole in memory.
pub(crate) const MAX_METADATA_BYTES: u64 = 1024 * 1024;

/// Opens `path` without waiting on a FIFO, keeps it only if the opened file is regular, and
/// refuses one over [`MAX_READ_BYTES`].
///
/// For a path the walk has just seen as a regular file, this alone is as safe as a `stat`
/// before opening: such a check cannot close the race with a swap anyway, the check on the
/// opened descriptor does. It saves one `stat` per `SKILL.md`.
fn open_checked(path: &Path) -> io::Result<Option<(File, u64)>> {
    let Some((file, len)) = open_regular_file(path)? else {
        return Ok(None);
    };
    if len > MAX_READ_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("file is too large to read: limit is {MAX_READ_BYTES} bytes"),
        ));
    }
    Ok(Some((file, len)))
}

/// Opens `path` without waiting on a FIFO; `Ok(None)` when the opened file is not regular.
/// No size check: the callers apply their own limits.
fn open_regular_file(path: &Path) -> io::Result<Option<(File, u64)>> {
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
        if len > WHOLE_READ_BYTES {
            drop(bytes);
            return read_long_skill_text(file).map(Some);
        }
        file.read_to_end(&mut bytes)?;
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error.utf8_error()))
}

/// Largest `SKILL.md` read whole when its front matter did not fit the prefix; longer ones are
/// streamed by [`read_long_skill_text`].
const WHOLE_READ_BYTES: u64 = 1024 * 1024;
/// Bytes read at a time by [`read_long_skill_text`].
const CHUNK_BYTES: usize = 64 * 1024;

/// A long `SKILL.md` whose front matter did not fit the prefix, in bounded memory: the result is
/// what a whole read would give, but only the front matter is ever held.
///
/// A first pass streams the file once, checking UTF-8 (with the whole-file error text and byte
/// index) and looking for the closing delimiter line; a second pass reads the file up to the end
/// of that line. A file that cannot have a front matter (the first line is not a delimiter, or
/// none closes it) yields an empty text, which parses as "missing front matter" — exactly what
/// its whole text gives. A whole read would hold up to the 512 MiB limit per file, on every
/// scanning thread at once.
fn read_long_skill_text(mut file: File) -> io::Result<String> {
    file.seek(SeekFrom::Start(0))?;
    let mut lines = DelimiterScan::default();
    let mut chunk = vec![0u8; CHUNK_BYTES];
    // Bytes of a character cut by the end of the previous chunk (at most 3).
    let mut carry: Vec<u8> = Vec::with_capacity(4);
    // File offset of the first byte of `carry` (or of the next chunk when `carry` is empty).
    let mut offset: u64 = 0;
    let mut buffer: Vec<u8> = Vec::with_capacity(CHUNK_BYTES + 4);
    loop {
        let read = file.read(&mut chunk)?;
        if read == 0 {
            break;
        }
        buffer.clear();
        buffer.extend_from_slice(&carry);
        buffer.extend_from_slice(&chunk[..read]);
        let valid = match std::str::from_utf8(&buffer) {
            Ok(_) => buffer.len(),
            Err(error) => match error.error_len() {
                Some(length) => {
                    let index = offset + error.valid_up_to() as u64;
                    return Err(utf8_error(Some(length), index));
                }
                None => error.valid_up_to(),
            },
        };
        let text = std::str::from_utf8(&buffer[..valid]).unwrap_or_default();
        lines.feed(text, offset);
        offset += valid as u64;
        carry.clear();
        carry.extend_from_slice(&buffer[valid..]);
    }
    if !carry.is_empty() {
        return Err(utf8_error(None, offset));
    }
    let Some(end) = lines.finish(offset) else {
        return Ok(String::new());
    };
    file.seek(SeekFrom::Start(0))?;
    let mut bytes = Vec::with_capacity(usize::try_from(end).unwrap_or(0));
    file.take(end).read_to_end(&mut bytes)?;
    String::from_utf8(bytes)
        .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error.utf8_error()))
}

/// The text `String::from_utf8` gives for an error at `index` of the whole file.
fn utf8_error(length: Option<usize>, index: u64) -> io::Error {
    let message = match length {
        Some(length) => format!("invalid utf-8 sequence of {length} bytes from index {index}"),
        None => format!("incomplete utf-8 byte sequence from index {index}"),
    };
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// Where a line stands on the way to being a delimiter (`---` between Unicode whitespace,
/// the same test as `line.trim() == "---"`).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum LineState {
    /// Only whitespace so far.
    #[default]
    Lead,
    /// Whitespace, then this many dashes (1 to 3).
    Dashes(u8),
    /// `---` followed by whitespace only.
    Trail,
    /// Cannot be a delimiter any more.
    No,
}

impl LineState {
    fn step(self, c: char) -> LineState {
        match (self, c) {
            (LineState::Lead, '-') => LineState::Dashes(1),
            (LineState::Dashes(n), '-') if n < 3 => LineState::Dashes(n + 1),
            (LineState::Lead, c) if c.is_whitespace() => LineState::Lead,
            (LineState::Dashes(3) | LineState::Trail, c) if c.is_whitespace() => LineState::Trail,
            _ => LineState::No,
        }
    }

    fn is_delimiter(self) -> bool {
        matches!(self, LineState::Dashes(3) | LineState::Trail)
    }
}

/// Follows the lines of a streamed text far enough to know where the front matter closes.
#[derive(Default)]
struct DelimiterScan {
    /// Index of the current line (0 = the opening line).
    line: usize,
    state: LineState,
    /// Nothing more to learn: the first line is not a delimiter, or the closing one was seen.
    decided: bool,
    /// File offset just past the closing delimiter's text (before its line break).
    end: Option<u64>,
}

impl DelimiterScan {
    /// Follows `text`, which starts at file offset `offset` and holds whole characters.
    fn feed(&mut self, text: &str, offset: u64) {
        let mut rest = text;
        let mut at = offset;
        while !self.decided && !rest.is_empty() {
            if self.state == LineState::No {
                // The line is settled; only its end matters.
                let Some(newline) = rest.find('\n') else {
                    return;
                };
                self.end_line(at + newline as u64);
                at += newline as u64 + 1;
                rest = &rest[newline + 1..];
                continue;
            }
            let mut chars = rest.char_indices();
            let Some((_, c)) = chars.next() else {
                return;
            };
            let width = c.len_utf8();
            if c == '\n' {
                self.end_line(at);
            } else {
                self.state = self.state.step(c);
            }
            at += width as u64;
            rest = &rest[width..];
        }
    }

    fn end_line(&mut self, line_end: u64) {
        let delimiter = self.state.is_delimiter();
        if self.line == 0 {
            self.decided = !delimiter;
        } else if delimiter {
            self.end = Some(line_end);
            self.decided = true;
        }
        self.line += 1;
        self.state = LineState::Lead;
    }

    /// Where the front matter's closing line ends, once the whole text (`len` bytes) was fed.
    fn finish(mut self, len: u64) -> Option<u64> {
        if !self.decided {
            // The last line has no line break.
            self.end_line(len);
        }
        self.end
    }
}

/// What reading a small optional file (`agents/openai.yaml`, a plugin manifest) gave.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum MetadataFile {
    /// Absent, or not a regular file (a FIFO, a directory): skipped silently.
    Absent,
    /// Larger than [`MAX_METADATA_BYTES`]; not read. Holds the size seen.
    TooLarge(u64),
    /// The whole content.
    Bytes(Vec<u8>),
}

/// Reads a small optional file whole, or nothing of it when it is larger than
/// [`MAX_METADATA_BYTES`] (checked on the opened file, and again while reading, in case it grows).
pub(crate) fn read_metadata_file(path: &Path) -> io::Result<MetadataFile> {
    let opened = match fs::metadata(path) {
        Ok(metadata) if metadata.is_file() => open_regular_file(path),
        Ok(_) => return Ok(MetadataFile::Absent),
        Err(error) => Err(error),
    };
    let (file, len) = match opened {
        Ok(Some(opened)) => opened,
        Ok(None) => return Ok(MetadataFile::Absent),
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(MetadataFile::Absent),
        Err(error) => return Err(error),
    };
    if len > MAX_METADATA_BYTES {
        return Ok(MetadataFile::TooLarge(len));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(MAX_METADATA_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_METADATA_BYTES {
        return Ok(MetadataFile::TooLarge(bytes.len() as u64));
    }
    Ok(MetadataFile::Bytes(bytes))
}

/// Whether `path` is a regular file after following symlinks (a failed stat counts as no).
pub(crate) fn is_regular_file(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|metadata| metadata.is_file())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::DelimiterScan;
    use crate::frontmatter::extract_frontmatter;

    /// The text [`super::read_long_skill_text`] keeps of `text` fed in pieces of `step` bytes.
    fn kept(text: &str, step: usize) -> String {
        let mut scan = DelimiterScan::default();
        let mut at = 0;
        while at < text.len() {
            let mut end = (at + step).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            scan.feed(&text[at..end], at as u64);
            at = end;
        }
        match scan.finish(text.len() as u64) {
            Some(end) => text[..usize::try_from(end).unwrap()].to_owned(),
            None => String::new(),
        }
    }

    #[test]
    fn closed_front_matter_is_kept_up_to_the_closing_line() {
        let text = "---\nname: a\ndescription: d\n  ---  \r\nbody\n---\n";
        assert_eq!(kept(text, 3), "---\nname: a\ndescription: d\n  ---  \r");
    }

    #[test]
    fn first_line_that_is_not_a_delimiter_keeps_nothing() {
        assert_eq!(kept("# title\n---\nname: a\n---\n", 4), "");
        assert_eq!(kept("----\nname: a\n---\n", 64), "");
    }

    #[test]
    fn unclosed_front_matter_keeps_nothing() {
        assert_eq!(kept("---\nname: a\ndescription: d\n-- -\n", 5), "");
    }

    #[test]
    fn closing_line_without_line_break_closes() {
        assert_eq!(
            kept("---\u{2003}\nname: a\n\u{a0}---", 2),
            "---\u{2003}\nname: a\n\u{a0}---"
        );
    }

    proptest! {
        #[test]
        fn kept_text_has_the_front_matter_of_the_whole_text(
            text in "(?s)[-\r\n a:\u{a0}\u{2028}é]{0,80}",
            step in 1usize..9,
        ) {
            prop_assert_eq!(extract_frontmatter(&kept(&text, step)), extract_frontmatter(&text));
        }
    }
}
