use std::cmp::Ordering;
use std::path::{Component, Path, PathBuf};

/// Orders paths component by component (`/a/b/c` < `/a/b-c`), as Codex's loader order does.
/// Byte order would put `/a/b-c` first because `-` (0x2D) sorts before `/` (0x2F).
pub fn compare_paths_componentwise(a: &Path, b: &Path) -> Ordering {
    a.components().cmp(b.components())
}

/// The path as text for people and the model: lossy UTF-8 with every `\` turned into `/`.
pub fn display_path(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// Normalises a path without touching the disk: `.` and empty components vanish, `x/..` pops
/// `x`, a trailing separator disappears. `..` at the start of a relative path is kept; `..`
/// directly below the root stays at the root.
pub fn lexically_normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    let mut depth = 0usize; // normal components in `out` that a `..` may pop
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if depth > 0 {
                    out.pop();
                    depth -= 1;
                } else if !out.has_root() {
                    out.push("..");
                }
            }
            Component::Normal(part) => {
                out.push(part);
                depth += 1;
            }
            Component::RootDir | Component::Prefix(_) => out.push(component.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn componentwise_order_differs_from_byte_order() {
        let a = Path::new("/a/b/c");
        let b = Path::new("/a/b-c");
        assert_eq!(compare_paths_componentwise(a, b), Ordering::Less);
        assert!(a.as_os_str() > b.as_os_str());
    }

    #[test]
    fn lexical_normalisation() {
        let n = |p: &str| lexically_normalize(Path::new(p));
        assert_eq!(n("/r/./a//b/"), Path::new("/r/a/b"));
        assert_eq!(n("/r/x/../a/SKILL.md"), Path::new("/r/a/SKILL.md"));
        assert_eq!(n("/../a"), Path::new("/a"));
        assert_eq!(n("../a/./b"), Path::new("../a/b"));
        assert_eq!(n("a/../../b"), Path::new("../b"));
    }

    #[test]
    fn display_uses_forward_slashes() {
        assert_eq!(display_path(Path::new(r"C:\x\SKILL.md")), "C:/x/SKILL.md");
    }
}
