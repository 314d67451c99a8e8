//! Fixture helpers shared by the installer tests.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use skilldeck_model::Layout;
use skilldeck_system::{Bundle, Dir, DirEntry, File, Status, status};

/// A tree for `Bundle::from_dir`, built from `(relative path, content)` pairs. Leaked: test
/// trees live for the whole test process, like the embedded one.
pub fn tree(files: &[(&str, &str)]) -> &'static Dir<'static> {
    let owned: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|(path, content)| ((*path).to_owned(), content.as_bytes().to_vec()))
        .collect();
    let entries = entries_below("", &owned);
    Box::leak(Box::new(Dir::new(
        "",
        Box::leak(entries.into_boxed_slice()),
    )))
}

fn entries_below(prefix: &str, files: &[(String, Vec<u8>)]) -> Vec<DirEntry<'static>> {
    let mut entries = Vec::new();
    let mut groups: BTreeMap<String, Vec<(String, Vec<u8>)>> = BTreeMap::new();
    for (path, content) in files {
        match path.split_once('/') {
            None => {
                let full = leak(join(prefix, path));
                entries.push(DirEntry::File(File::new(
                    full,
                    Box::leak(content.clone().into_boxed_slice()),
                )));
            }
            Some((head, rest)) => groups
                .entry(head.to_owned())
                .or_default()
                .push((rest.to_owned(), content.clone())),
        }
    }
    for (head, children) in groups {
        let full = join(prefix, &head);
        let sub = entries_below(&full, &children);
        entries.push(DirEntry::Dir(Dir::new(
            leak(full),
            Box::leak(sub.into_boxed_slice()),
        )));
    }
    entries
}

fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_owned()
    } else {
        format!("{prefix}/{name}")
    }
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// Every file of a tree: relative path → content.
pub fn files_of(dir: &Dir<'_>) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    for entry in dir.entries() {
        match entry {
            DirEntry::Dir(sub) => out.extend(files_of(sub)),
            DirEntry::File(file) => {
                out.insert(file.path().to_path_buf(), file.contents().to_vec());
            }
        }
    }
    out
}

/// Every file below `root` on disk: relative path → content.
pub fn files_on_disk(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                out.insert(
                    path.strip_prefix(root).unwrap().to_path_buf(),
                    fs::read(&path).unwrap(),
                );
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

/// Names in `<home>/skills` other than `.system` and the lock file.
pub fn leftovers(layout: &Layout, home: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(layout.skills_dir(home)) else {
        return Vec::new();
    };
    entries
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".system.tmp-") || name.starts_with(".system.trash-"))
        .collect()
}

/// The cache holds exactly the bundle's files (plus the marker), byte for byte, is reported up
/// to date, and no staging or trash directory is left.
pub fn assert_complete_cache(layout: &Layout, home: &Path, bundle: &Bundle<'_>) {
    let mut on_disk = files_on_disk(&layout.system_cache_dir(home));
    assert!(
        on_disk
            .remove(Path::new(layout.marker_file.as_ref()))
            .is_some(),
        "marker missing"
    );
    assert!(
        on_disk == files_of(bundle.tree()),
        "cache content differs from the bundle"
    );
    assert_eq!(status(layout, home, bundle), Status::UpToDate);
    assert_eq!(leftovers(layout, home), Vec::<String>::new());
}
