//! Reading a candidate file: regular files only (the walk checked), bounded in size.

use std::fs;
use std::io::Read;
use std::path::Path;

use skilldeck_model::Severity;

use crate::finding::Finding;

/// Codex refuses files larger than this (errata §11: `file is too large to read: limit is
/// 536870912 bytes`).
pub(crate) const CODEX_READ_LIMIT: u64 = 536_870_912;
/// The validator reads at most this much of a file; larger files are reported, not checked.
pub(crate) const CHECK_READ_LIMIT: u64 = 16 * 1024 * 1024;

/// What reading gave.
#[derive(Debug)]
pub(crate) enum Content {
    /// UTF-8 text.
    Text(String),
    /// Bytes that are not UTF-8 (Codex: `failed to read file: <this error>`).
    NotUtf8(std::str::Utf8Error),
    /// The read failed (Codex: `failed to read file: <this error>`).
    Unreadable(String),
    /// Larger than Codex's read limit.
    TooLargeForCodex,
    /// Larger than the validator's check limit (but Codex would read it).
    TooLargeToCheck,
}

/// Reads `path` within the limits.
pub(crate) fn read(path: &Path) -> Content {
    let size = match fs::metadata(path) {
        Ok(meta) => meta.len(),
        Err(error) => return Content::Unreadable(error.to_string()),
    };
    if size > CODEX_READ_LIMIT {
        return Content::TooLargeForCodex;
    }
    if size > CHECK_READ_LIMIT {
        return Content::TooLargeToCheck;
    }
    let mut bytes = Vec::new();
    let read = fs::File::open(path)
        .and_then(|file| file.take(CHECK_READ_LIMIT + 1).read_to_end(&mut bytes));
    if let Err(error) = read {
        return Content::Unreadable(error.to_string());
    }
    if bytes.len() as u64 > CHECK_READ_LIMIT {
        // The file grew while we looked at it.
        return Content::TooLargeToCheck;
    }
    match String::from_utf8(bytes) {
        Ok(text) => Content::Text(text),
        Err(error) => Content::NotUtf8(error.utf8_error()),
    }
}

/// The finding codes a rule set uses when a file cannot be read as text.
pub(crate) struct ReadCodes {
    /// The bytes are not UTF-8.
    pub(crate) not_utf8: &'static str,
    /// The read failed.
    pub(crate) read_failed: &'static str,
}

/// The text of `content`, or `None` after reporting why there is none. Files too large to
/// check are skipped silently: the codex rule set reports those.
pub(crate) fn text_or_report<'a>(
    path: &Path,
    content: &'a Content,
    rules: &'static str,
    codes: &ReadCodes,
    out: &mut Vec<Finding>,
) -> Option<&'a str> {
    match content {
        Content::Text(text) => Some(text),
        Content::NotUtf8(error) => {
            out.push(
                Finding::new(
                    path,
                    rules,
                    codes.not_utf8,
                    Severity::Error,
                    format!("SKILL.md is not UTF-8: {error}"),
                )
                .with_hint("save the file as UTF-8"),
            );
            None
        }
        Content::Unreadable(error) => {
            out.push(Finding::new(
                path,
                rules,
                codes.read_failed,
                Severity::Error,
                format!("cannot read SKILL.md: {error}"),
            ));
            None
        }
        Content::TooLargeForCodex | Content::TooLargeToCheck => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{Content, read};

    #[test]
    fn utf8_file_is_text() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("SKILL.md");
        std::fs::write(&path, "---\n").unwrap();
        assert!(matches!(read(&path), Content::Text(t) if t == "---\n"));
    }

    #[test]
    fn latin1_file_reports_the_utf8_error_codex_shows() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("SKILL.md");
        std::fs::write(&path, b"caf\xe9!\n").unwrap();
        let Content::NotUtf8(error) = read(&path) else {
            panic!("expected NotUtf8")
        };
        assert_eq!(
            error.to_string(),
            "invalid utf-8 sequence of 1 bytes from index 3"
        );
    }
}
