//! The parallel scan gives exactly the sequential result, whatever the thread count and the
//! scheduling: on the real-world corpora and on generated trees with errors, diagnostics,
//! symlinks, plugin namespaces and traversal limits. Each comparison is repeated, so different
//! interleavings are exercised.
mod common;

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::Tree;
use skilldeck_loader::{
    DiscoveryContext, LoaderOptions, RootScan, discover_roots, load_roots, merge_root_scans,
    scan_root, scan_roots,
};
use skilldeck_model::{Layout, Scope, SkillRoot};

const REPEATS: usize = 4;

fn threads(count: usize) -> NonZeroUsize {
    NonZeroUsize::new(count).expect("non-zero")
}

fn sequential(roots: &[SkillRoot], options: &LoaderOptions) -> Vec<RootScan> {
    roots.iter().map(|root| scan_root(root, options)).collect()
}

/// Asserts that every thread count, repeated, gives the sequential scans.
fn assert_parallel_matches_sequential(roots: &[SkillRoot], options: &LoaderOptions) {
    let expected = sequential(roots, options);
    for count in [1, 2, 3, 8] {
        for _ in 0..REPEATS {
            let actual = scan_roots(roots, options, threads(count));
            assert!(
                actual == expected,
                "{count} threads gave a different scan than the sequential one"
            );
        }
    }
}

/// Writes a generated tree of `roots` roots with `per_root` skills each, with every kind of
/// finding sprinkled in deterministically; returns the roots in priority order.
fn generated_tree(tree: &Tree, roots: usize, per_root: usize) -> Vec<SkillRoot> {
    let mut result = Vec::new();
    for r in 0..roots {
        let root = format!("root-{r}");
        for i in 0..per_root {
            let dir = format!("{root}/group-{}/skill-{i:03}", i % 7);
            match i % 11 {
                // A broken front matter: one skill error each.
                3 => {
                    tree.file(&format!("{dir}/SKILL.md"), "---\nname: [unclosed\n---\n");
                }
                // No front matter at all.
                5 => {
                    tree.file(&format!("{dir}/SKILL.md"), "just text\n");
                }
                // A metadata file with a wrong type: a diagnostic each.
                7 => {
                    tree.skill(&dir, &format!("s{r}-{i}"), "has bad metadata");
                    tree.file(&format!("{dir}/agents/openai.yaml"), "interface: [1, 2\n");
                }
                // Valid metadata.
                9 => {
                    tree.skill(&dir, &format!("s{r}-{i}"), "has metadata");
                    tree.file(
                        &format!("{dir}/agents/openai.yaml"),
                        "interface:\n  display_name: Shown\n",
                    );
                }
                _ => {
                    tree.skill(&dir, &format!("s{r}-{i}"), &"word ".repeat(i % 40 + 1));
                }
            }
        }
        // A plugin with its own namespace inside the root.
        tree.file(
            &format!("{root}/plugin/.codex-plugin/plugin.json"),
            format!("{{\"name\": \"plug{r}\"}}"),
        );
        tree.skill(
            &format!("{root}/plugin/skills/inner"),
            "inner",
            "in a plugin",
        );
        // A large SKILL.md whose front matter ends after the first read.
        tree.file(
            &format!("{root}/big/SKILL.md"),
            format!(
                "---\nname: big-{r}\ndescription: {}\n---\nbody\n",
                "long ".repeat(1_000)
            ),
        );
        result.push(SkillRoot::new(tree.path(&root), Scope::REPO));
    }
    result
}

#[test]
fn parallel_scan_matches_sequential_on_generated_roots() {
    let tree = Tree::new();
    let roots = generated_tree(&tree, 5, 120);
    let scans = sequential(&roots, &LoaderOptions::default());
    assert!(
        scans
            .iter()
            .all(|scan| !scan.errors.is_empty() && !scan.diagnostics.is_empty()),
        "the fixture must produce errors and diagnostics in every root"
    );
    assert_parallel_matches_sequential(&roots, &LoaderOptions::default());
}

#[test]
fn parallel_scan_matches_sequential_for_one_large_root() {
    let tree = Tree::new();
    let roots = generated_tree(&tree, 1, 500);
    assert_parallel_matches_sequential(&roots, &LoaderOptions::default());
}

#[test]
fn parallel_scan_matches_sequential_across_several_load_groups() {
    // More than 2,048 candidates in all, so the candidates are loaded in several groups.
    let tree = Tree::new();
    let roots = generated_tree(&tree, 5, 600);
    assert_parallel_matches_sequential(&roots, &LoaderOptions::default());
}

#[test]
fn parallel_scan_matches_sequential_when_limits_cut_the_walk() {
    let tree = Tree::new();
    let roots = generated_tree(&tree, 3, 150);
    let options = LoaderOptions::default().with_limits(6, 60, 400);
    let scans = sequential(&roots, &options);
    assert!(
        scans
            .iter()
            .all(|scan| scan.diagnostics.iter().any(|d| d.code == "scan.limit")),
        "every root must hit a limit"
    );
    assert_parallel_matches_sequential(&roots, &options);
}

#[cfg(unix)]
#[test]
fn parallel_scan_matches_sequential_with_symlinked_and_shared_folders() {
    let tree = Tree::new();
    let mut roots = generated_tree(&tree, 2, 60);
    // The same folder reached from two roots, a link loop, and a root that is a link.
    tree.symlink(
        &tree.path("root-0/group-1").to_string_lossy(),
        "root-1/alias",
    );
    tree.symlink(
        &tree.path("root-1").to_string_lossy(),
        "root-1/group-2/loop",
    );
    tree.symlink(&tree.path("root-0").to_string_lossy(), "linked-root");
    roots.push(SkillRoot::new(tree.path("linked-root"), Scope::USER));
    roots.push(SkillRoot::new(tree.path("root-1"), Scope::SYSTEM));
    let options = LoaderOptions {
        follow_skill_file_symlinks: true,
        ..LoaderOptions::default()
    };
    assert_parallel_matches_sequential(&roots, &options);
    assert_parallel_matches_sequential(&roots, &LoaderOptions::default());
}

#[test]
fn parallel_scan_of_no_roots_is_empty() {
    assert!(scan_roots(&[], &LoaderOptions::default(), threads(4)).is_empty());
}

#[test]
fn parallel_scan_matches_sequential_for_missing_and_empty_roots() {
    let tree = Tree::new();
    tree.dir("empty");
    let roots = [
        SkillRoot::new(tree.path("missing"), Scope::REPO),
        SkillRoot::new(tree.path("empty"), Scope::USER),
    ];
    assert_parallel_matches_sequential(&roots, &LoaderOptions::default());
}

#[test]
fn load_roots_equals_the_merge_of_sequential_scans() {
    let tree = Tree::new();
    let roots = generated_tree(&tree, 4, 80);
    let options = LoaderOptions::default();
    let expected = merge_root_scans(sequential(&roots, &options), &options);
    assert_eq!(load_roots(&roots, &options), expected);
}

/// `shared/` next to the workspace, else `/work/shared`.
fn build_tree_script() -> Option<PathBuf> {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared");
    [beside, PathBuf::from("/work/shared")]
        .into_iter()
        .map(|shared| shared.join("corpora/_expected/build-tree.sh"))
        .find(|script| script.is_file())
}

#[test]
fn parallel_scan_matches_sequential_on_the_real_world_corpora() {
    let Some(script) = build_tree_script() else {
        eprintln!("skipped: shared/corpora not found");
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let base = dunce::canonicalize(dir.path())
        .expect("canonical")
        .join("rw");
    let status = Command::new("bash")
        .arg(&script)
        .arg(&base)
        .stdout(Stdio::null())
        .status()
        .expect("run build-tree.sh");
    assert!(status.success(), "build-tree.sh failed");
    let ctx = DiscoveryContext::new(
        Layout::codex(),
        base.join("repo/l0/l1/l2/l3/l4/l5/l6/l7/l8"),
    )
    .with_home(base.join("codex_home"))
    .with_user_home(base.join("home"))
    .with_admin_dir(base.join("etc/codex"))
    .with_bundled_enabled(false);
    let roots = discover_roots(&ctx, &[]);
    let skills: usize = sequential(&roots, &LoaderOptions::default())
        .iter()
        .map(|scan| scan.skills.len())
        .sum();
    assert!(
        skills > 1_000,
        "the corpora must load (got {skills} skills)"
    );
    assert_parallel_matches_sequential(&roots, &LoaderOptions::default());
}
