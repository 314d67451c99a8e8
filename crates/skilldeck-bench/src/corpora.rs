//! The real-world tree: the nine public collections laid out by
//! `shared/corpora/_expected/build-tree.sh` (1,256 `SKILL.md` in nine repo-scope roots).
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The directory levels of the repository below `repo/` that hold a root, outermost first.
const LEVELS: usize = 9;

/// The real-world tree once built.
#[derive(Clone, Debug)]
pub struct CorporaTree {
    /// The base directory (holds `home`, `codex_home`, `repo`).
    pub base: PathBuf,
    /// The working directory from which all nine roots are visible.
    pub cwd: PathBuf,
    /// The nine roots, outermost first.
    pub roots: Vec<PathBuf>,
}

/// `build-tree.sh` in `shared/` beside the workspace or in `/work/shared`.
pub fn build_tree_script() -> Option<PathBuf> {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared");
    [beside, PathBuf::from("/work/shared")]
        .into_iter()
        .map(|shared| shared.join("corpora/_expected/build-tree.sh"))
        .find(|script| script.is_file())
}

/// Builds the tree under `base` (which must not exist yet); `None` without the script or when
/// it fails.
pub fn build(base: &Path) -> Option<CorporaTree> {
    let script = build_tree_script()?;
    let status = Command::new("bash")
        .arg(script)
        .arg(base)
        .stdout(Stdio::null())
        .status()
        .ok()?;
    if !status.success() {
        return None;
    }
    let mut level = base.join("repo");
    let mut roots = Vec::with_capacity(LEVELS);
    for index in 0..LEVELS {
        roots.push(level.join(".agents/skills"));
        level = level.join(format!("l{index}"));
    }
    Some(CorporaTree {
        base: base.to_path_buf(),
        cwd: base.join("repo/l0/l1/l2/l3/l4/l5/l6/l7/l8"),
        roots,
    })
}
