//! The I/O floor: the least work any loader must do on a tree, measured so that skilldeck's
//! times can be given as a ratio to it.
//!
//! It lists every directory a Codex-compatible loader has to list (hidden folders are not
//! entered, nothing deeper than six levels below a root) and reads the first 2 KiB of every
//! `SKILL.md`, into one reused buffer, on one thread. It does not sort, parse, canonicalise,
//! follow symlinks, allocate per skill or build any result beyond three counters.
use std::fs::{self, File};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Levels below a root that are listed (Codex's depth limit).
const MAX_DEPTH: usize = 6;
/// Bytes of each `SKILL.md` read (enough for a typical front matter).
const PREFIX: usize = 2 * 1024;

/// What the floor walk touched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FloorCounts {
    /// Directories listed.
    pub dirs: usize,
    /// `SKILL.md` files opened.
    pub skill_files: usize,
    /// Bytes read from them.
    pub bytes: usize,
}

/// Walks `roots` and reads each `SKILL.md`'s first 2 KiB. Unreadable entries are skipped.
pub fn floor(roots: &[PathBuf]) -> FloorCounts {
    let mut counts = FloorCounts::default();
    let mut buffer = [0u8; PREFIX];
    let mut stack: Vec<(PathBuf, usize)> = Vec::new();
    for root in roots {
        stack.push((root.clone(), 0));
        while let Some((dir, depth)) = stack.pop() {
            let Ok(entries) = fs::read_dir(&dir) else {
                continue;
            };
            counts.dirs += 1;
            for entry in entries.flatten() {
                let Ok(file_type) = entry.file_type() else {
                    continue;
                };
                let name = entry.file_name();
                if file_type.is_dir() {
                    if depth < MAX_DEPTH && !name.as_encoded_bytes().starts_with(b".") {
                        stack.push((entry.path(), depth + 1));
                    }
                } else if file_type.is_file() && name == "SKILL.md" {
                    counts.bytes += read_prefix(&dir.join(&name), &mut buffer);
                    counts.skill_files += 1;
                }
            }
        }
    }
    counts
}

fn read_prefix(path: &Path, buffer: &mut [u8; PREFIX]) -> usize {
    let Ok(file) = File::open(path) else {
        return 0;
    };
    let mut read = 0;
    let mut limited = file.take(PREFIX as u64);
    while let Ok(n) = limited.read(&mut buffer[read..]) {
        if n == 0 {
            break;
        }
        read += n;
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_reads_visible_skill_files_within_the_depth_limit_only() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("skills");
        for relative in ["a", "b/c", ".hidden/d", "1/2/3/4/5/6/too-deep"] {
            let folder = root.join(relative);
            fs::create_dir_all(&folder).unwrap();
            fs::write(folder.join("SKILL.md"), "x".repeat(3_000)).unwrap();
        }
        let counts = floor(&[root]);
        assert_eq!(counts.skill_files, 2);
        assert_eq!(counts.bytes, 2 * PREFIX);
    }
}
