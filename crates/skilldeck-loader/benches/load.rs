//! Load benchmarks: the baseline a parallel scan must beat while staying byte-identical.
//!
//! `synthetic` loads a generated root of 1,000 skills (no external data); `corpora` loads the
//! nine public collections laid out by `shared/corpora/_expected/build-tree.sh` (skipped when
//! `shared/` is absent). Compare results as ratios between runs on the same machine.
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use skilldeck_loader::{DiscoveryContext, LoaderOptions, load, load_roots};
use skilldeck_model::{Layout, Scope, SkillRoot};

fn main() {
    divan::main();
}

fn synthetic_root() -> &'static Path {
    static ROOT: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, root) = ROOT.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path().join("skills");
        for index in 0..1_000 {
            let skill = root.join(format!("group-{}/skill-{index:04}", index % 20));
            std::fs::create_dir_all(skill.join("references")).expect("create skill dir");
            std::fs::write(
                skill.join("SKILL.md"),
                format!(
                    "---\nname: skill-{index:04}\ndescription: Generated skill number {index}: does one thing well\n---\n\nBody.\n"
                ),
            )
            .expect("write SKILL.md");
            std::fs::write(skill.join("references/notes.md"), "notes").expect("write notes");
        }
        (dir, root)
    });
    root
}

#[divan::bench]
fn synthetic(bencher: divan::Bencher<'_, '_>) {
    let roots = [SkillRoot::new(synthetic_root(), Scope::REPO)];
    let options = LoaderOptions::default();
    bencher.bench(|| load_roots(divan::black_box(&roots), &options));
}

fn corpora_base() -> Option<&'static Path> {
    static BASE: OnceLock<Option<(tempfile::TempDir, PathBuf)>> = OnceLock::new();
    BASE.get_or_init(|| {
        let script = [
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
            PathBuf::from("/work/shared"),
        ]
        .into_iter()
        .map(|shared| shared.join("corpora/_expected/build-tree.sh"))
        .find(|script| script.is_file())?;
        let dir = tempfile::tempdir().ok()?;
        let base = dir.path().join("rw");
        let status = Command::new("bash")
            .arg(script)
            .arg(&base)
            .stdout(Stdio::null())
            .status()
            .ok()?;
        status.success().then_some((dir, base))
    })
    .as_ref()
    .map(|(_, base)| base.as_path())
}

#[divan::bench]
fn corpora(bencher: divan::Bencher<'_, '_>) {
    let Some(base) = corpora_base() else {
        eprintln!("corpora bench skipped: shared/corpora not found");
        return;
    };
    let ctx = DiscoveryContext::new(
        Layout::codex(),
        base.join("repo/l0/l1/l2/l3/l4/l5/l6/l7/l8"),
    )
    .with_home(base.join("codex_home"))
    .with_user_home(base.join("home"))
    .with_admin_dir(base.join("etc/codex"))
    .with_bundled_enabled(false);
    let options = LoaderOptions::default();
    bencher.bench(|| load(divan::black_box(&ctx), &[], &options));
}
