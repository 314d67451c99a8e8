//! Loading against the I/O floor, at 1,000 and 10,000 generated skills and on the real-world
//! corpora: `floor` (walk + 2 KiB of each `SKILL.md`), `sequential` (one thread) and `parallel`
//! (the default, `load_roots`). Compare each load with the floor of the same tree, as a ratio.
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::sync::OnceLock;

use skilldeck::loader::{LoaderOptions, load_roots, merge_root_scans, scan_roots};
use skilldeck::{Scope, SkillRoot};
use skilldeck_bench::corpora;
use skilldeck_bench::floor::floor;
use skilldeck_bench::synth::{SyntheticSpec, generate};

fn main() {
    // Build the trees before timing anything, so no sample includes their creation.
    for size in SIZES {
        synthetic(size);
    }
    corpora_roots();
    divan::main();
}

const SIZES: [usize; 2] = [1_000, 10_000];

/// Root paths of a tree generated once per size (kept for the whole run).
fn synthetic(skills: usize) -> &'static [PathBuf] {
    static TREES: OnceLock<Vec<(usize, tempfile::TempDir, Vec<PathBuf>)>> = OnceLock::new();
    let trees = TREES.get_or_init(|| {
        SIZES
            .iter()
            .map(|&size| {
                let dir = tempfile::tempdir().expect("temp dir");
                let tree =
                    generate(&SyntheticSpec::with_skills(size), dir.path()).expect("generate");
                (size, dir, tree.roots)
            })
            .collect()
    });
    trees
        .iter()
        .find(|(size, _, _)| *size == skills)
        .map(|(_, _, roots)| roots.as_slice())
        .expect("a generated size")
}

fn corpora_roots() -> Option<&'static [PathBuf]> {
    static TREE: OnceLock<Option<(tempfile::TempDir, Vec<PathBuf>)>> = OnceLock::new();
    TREE.get_or_init(|| {
        let dir = tempfile::tempdir().ok()?;
        let tree = corpora::build(&dir.path().join("rw"))?;
        Some((dir, tree.roots))
    })
    .as_ref()
    .map(|(_, roots)| roots.as_slice())
}

fn skill_roots(paths: &[PathBuf]) -> Vec<SkillRoot> {
    paths
        .iter()
        .map(|path| SkillRoot::new(path, Scope::REPO))
        .collect()
}

#[divan::bench(args = SIZES, sample_count = 20)]
fn synthetic_floor(skills: usize) -> usize {
    floor(synthetic(skills)).skill_files
}

#[divan::bench(args = SIZES, sample_count = 20)]
fn synthetic_sequential(bencher: divan::Bencher<'_, '_>, skills: usize) {
    let roots = skill_roots(synthetic(skills));
    let options = LoaderOptions::default();
    bencher.bench(|| merge_root_scans(scan_roots(&roots, &options, NonZeroUsize::MIN), &options));
}

#[divan::bench(args = SIZES, sample_count = 20)]
fn synthetic_parallel(bencher: divan::Bencher<'_, '_>, skills: usize) {
    let roots = skill_roots(synthetic(skills));
    let options = LoaderOptions::default();
    bencher.bench(|| load_roots(&roots, &options));
}

#[divan::bench(sample_count = 50)]
fn corpora_floor(bencher: divan::Bencher<'_, '_>) {
    let Some(roots) = corpora_roots() else {
        eprintln!("corpora skipped: shared/corpora not found");
        return;
    };
    bencher.bench(|| floor(roots));
}

#[divan::bench(sample_count = 50)]
fn corpora_sequential(bencher: divan::Bencher<'_, '_>) {
    let Some(roots) = corpora_roots() else {
        return;
    };
    let roots = skill_roots(roots);
    let options = LoaderOptions::default();
    bencher.bench(|| merge_root_scans(scan_roots(&roots, &options, NonZeroUsize::MIN), &options));
}

#[divan::bench(sample_count = 50)]
fn corpora_parallel(bencher: divan::Bencher<'_, '_>) {
    let Some(roots) = corpora_roots() else {
        return;
    };
    let roots = skill_roots(roots);
    let options = LoaderOptions::default();
    bencher.bench(|| load_roots(&roots, &options));
}
