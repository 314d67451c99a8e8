//! The marker file: what was installed, so that checking a cache needs one small read and a
//! `stat` per file — never hashing.
//!
//! Format (UTF-8, `\n` line ends):
//!
//! ```text
//! <fingerprint: 64 lowercase hex digits>
//! <size in bytes>\t<relative path with />     (one line per file, sorted by path)
//! end
//! ```
//!
//! The final `end` line tells a complete marker from a truncated one.

use std::fmt::Write;
use std::fs;
use std::path::Path;

use crate::bundle::Entry;

const END: &str = "end";

/// A parsed marker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Marker {
    pub(crate) fingerprint: String,
    pub(crate) files: Vec<(u64, String)>,
}

/// The marker text for a bundle's entries.
pub(crate) fn render(fingerprint: &str, entries: &[Entry<'_>]) -> String {
    let mut text = format!("{fingerprint}\n");
    for entry in entries {
        if let Some(content) = entry.content {
            let _ = writeln!(text, "{}\t{}", content.len(), entry.relative);
        }
    }
    text.push_str(END);
    text.push('\n');
    text
}

/// Parses a marker; `None` when it is truncated or not ours.
pub(crate) fn parse(text: &str) -> Option<Marker> {
    let mut lines = text.lines();
    let fingerprint = lines.next()?.trim();
    if fingerprint.is_empty() || fingerprint.contains('\t') {
        return None;
    }
    let mut files = Vec::new();
    for line in lines {
        if line == END {
            return Some(Marker {
                fingerprint: fingerprint.to_owned(),
                files,
            });
        }
        let (size, path) = line.split_once('\t')?;
        files.push((size.parse().ok()?, path.to_owned()));
    }
    None
}

/// What a directory holds, judged from its marker and a `stat` of each listed file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum DirState {
    /// No such directory.
    Missing,
    /// A directory without a readable, complete marker.
    Unmarked,
    /// A marked directory, and which listed files are missing or have another size.
    Marked {
        fingerprint: String,
        missing: Vec<String>,
        resized: Vec<String>,
    },
}

/// Reads `dir/marker_name` and stats every file it lists.
pub(crate) fn inspect(dir: &Path, marker_name: &str) -> DirState {
    match fs::symlink_metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return DirState::Unmarked,
        Err(_) => return DirState::Missing,
    }
    let Some(marker) = fs::read_to_string(dir.join(marker_name))
        .ok()
        .and_then(|text| parse(&text))
    else {
        return DirState::Unmarked;
    };
    let mut missing = Vec::new();
    let mut resized = Vec::new();
    for (size, relative) in marker.files {
        match fs::symlink_metadata(dir.join(&relative)) {
            Ok(meta) if meta.is_file() && meta.len() == size => {}
            Ok(_) => resized.push(relative),
            Err(_) => missing.push(relative),
        }
    }
    DirState::Marked {
        fingerprint: marker.fingerprint,
        missing,
        resized,
    }
}

impl DirState {
    /// A marked directory whose files are all present with their recorded sizes.
    pub(crate) fn complete_fingerprint(&self) -> Option<&str> {
        match self {
            DirState::Marked {
                fingerprint,
                missing,
                resized,
            } if missing.is_empty() && resized.is_empty() => Some(fingerprint),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rendered_marker_parses_back() {
        let text = "abc\n12\ta/SKILL.md\n3\ta/b c.txt\nend\n";
        assert_eq!(
            parse(text),
            Some(Marker {
                fingerprint: "abc".into(),
                files: vec![(12, "a/SKILL.md".into()), (3, "a/b c.txt".into())],
            })
        );
    }

    #[test]
    fn a_truncated_marker_is_rejected() {
        assert_eq!(parse("abc\n12\ta/SKILL.md\n"), None);
        assert_eq!(parse("abc\n12\ta/SK"), None);
        assert_eq!(parse(""), None);
    }

    #[test]
    fn a_foreign_marker_is_rejected() {
        // Codex's marker: a bare 64-bit fingerprint without a file list.
        assert_eq!(parse("c97ed5ddabec1e4\n"), None);
    }
}
