//! Adversarial file systems (issue 8): skill roots come from cloned repositories and downloaded
//! collections, so every trap a hostile tree can hold is built here in a temp dir, next to two
//! good skills that must still load.
//!
//! Each case ends with a precise error, a diagnostic or a silent skip — never a hang, a panic or
//! a lost valid skill. Memory is bounded where a naive reader would blow up (a 1 GiB sparse
//! file, YAML alias bombs): the peak RSS growth is measured from `/proc/self/status`. The tests
//! of this file run one at a time (a process-wide lock), so one case's allocations are never
//! counted against another's.
#![cfg(unix)]
#![allow(clippy::struct_field_names)] // `Root::root` is the skills root; `Root` is the fixture.

use std::ffi::OsStr;
use std::fmt::Write as _;
use std::fs::{self, OpenOptions};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use skilldeck_loader::{LoaderOptions, load_roots};
use skilldeck_model::{LoadOutcome, Scope, SkillRoot};

/// Generous bound on peak memory growth of one hostile case (a memory bound, not a timing).
const MAX_GROWTH_BYTES: u64 = 64 * 1024 * 1024;

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Serialises the tests of this file; a failed (panicked) test does not poison the others.
fn exclusive() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A temp dir, in memory (`/dev/shm`) where there is one: 100,000 directories are created and
/// removed in about a second there, against half a minute on some disks.
fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir_in("/dev/shm")
        .or_else(|_| tempfile::tempdir())
        .expect("temp dir")
}

/// A hostile root in a temp dir, holding the good skills `good-a` and `good-b`.
struct Root {
    _dir: tempfile::TempDir,
    base: PathBuf,
    /// The skills root itself (`<base>/skills`).
    root: PathBuf,
}

impl Root {
    fn new() -> Root {
        let dir = temp_dir();
        let base = fs::canonicalize(dir.path()).expect("canonical temp dir");
        let root = base.join("skills");
        for name in ["good-a", "good-b"] {
            write_skill(&root.join(name), name, &format!("The {name} skill"));
        }
        Root {
            _dir: dir,
            base,
            root,
        }
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    fn load(&self) -> LoadOutcome {
        self.load_with(&LoaderOptions::default())
    }

    fn load_with(&self, options: &LoaderOptions) -> LoadOutcome {
        load_roots(&[SkillRoot::new(&self.root, Scope::REPO)], options)
    }
}

fn write_skill(dir: &Path, name: &str, description: &str) {
    fs::create_dir_all(dir).expect("skill dir");
    fs::write(
        dir.join("SKILL.md"),
        format!("---\nname: {name}\ndescription: {description}\n---\n\nBody of {name}.\n"),
    )
    .expect("write SKILL.md");
}

fn names(outcome: &LoadOutcome) -> Vec<&str> {
    outcome.skills.iter().map(|s| s.name.as_str()).collect()
}

/// `(file name of the skill folder, message)` of every skill error.
fn errors(outcome: &LoadOutcome) -> Vec<(String, String)> {
    outcome
        .errors
        .iter()
        .map(|e| {
            let folder = e
                .path
                .parent()
                .and_then(Path::file_name)
                .unwrap_or_default();
            (folder.to_string_lossy().into_owned(), e.message.clone())
        })
        .collect()
}

fn diagnostic_codes(outcome: &LoadOutcome) -> Vec<&str> {
    outcome.diagnostics.iter().map(|d| &*d.code).collect()
}

/// Both good skills loaded, each exactly once.
fn assert_good_skills_loaded(outcome: &LoadOutcome) {
    for good in ["good-a", "good-b"] {
        let count = outcome.skills.iter().filter(|s| s.name == good).count();
        assert_eq!(
            count,
            1,
            "{good} loaded {count} times: {:?}",
            names(outcome)
        );
    }
}

fn status_kib(field: &str) -> Option<u64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `f` and returns its result with the growth of the peak resident set, in bytes, over
/// the resident set before it. The peak is reset first (`/proc/self/clear_refs`); where that is
/// refused, growth above an earlier peak is still counted, which can only under-report earlier
/// tests' allocations, never this one's. Without `/proc` (not Linux) nothing is measured and the
/// growth reads 0.
fn peak_growth<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let _ = fs::write("/proc/self/clear_refs", "5");
    let before = status_kib("VmRSS:").zip(status_kib("VmHWM:"));
    let value = f();
    let Some(((rss_before, peak_before), peak_after)) = before.zip(status_kib("VmHWM:")) else {
        eprintln!("peak RSS not measured: no /proc/self/status");
        return (value, 0);
    };
    let growth = peak_after.saturating_sub(rss_before.max(peak_before)) * 1024;
    // Shown with `--nocapture`; RELIABILITY.md records these numbers.
    eprintln!("peak RSS growth: {growth} bytes");
    (value, growth)
}

// ---------------------------------------------------------------------------------------------
// Symlink loops

#[test]
fn directory_symlink_to_an_ancestor_is_walked_once() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("loop")).unwrap();
    symlink("..", r.path("loop/up")).unwrap();
    symlink(r.path("loop"), r.path("loop/again")).unwrap();
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert_eq!(outcome.skills.len(), 2);
    assert!(outcome.errors.is_empty());
}

#[test]
fn two_directory_symlinks_pointing_at_each_other_are_harmless() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("a")).unwrap();
    fs::create_dir_all(r.path("b")).unwrap();
    symlink(r.path("b"), r.path("a/to-b")).unwrap();
    symlink(r.path("a"), r.path("b/to-a")).unwrap();
    write_skill(&r.path("b/inner"), "inner", "Reachable twice, loaded once");
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert_eq!(names(&outcome), ["good-a", "good-b", "inner"]);
    assert!(outcome.errors.is_empty());
}

#[test]
fn symlinks_naming_each_other_as_skill_md_are_skipped() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("knot")).unwrap();
    symlink("SKILL.md", r.path("knot/SKILL.md")).unwrap();
    symlink(r.path("knot/SKILL.md"), r.path("knot/other")).unwrap();
    let options = LoaderOptions {
        follow_skill_file_symlinks: true,
        ..LoaderOptions::default()
    };
    let outcome = r.load_with(&options);
    assert_good_skills_loaded(&outcome);
    assert!(outcome.errors.is_empty());
    // ELOOP is reported as an entry that could not be inspected, naming the link.
    assert!(
        outcome
            .diagnostics
            .iter()
            .any(|d| d.code == "scan.entry" && d.path.as_deref() == Some(&r.path("knot/SKILL.md"))),
        "{:?}",
        outcome.diagnostics
    );
}

// ---------------------------------------------------------------------------------------------
// Special files named SKILL.md

#[test]
fn fifo_named_skill_md_is_skipped_without_blocking() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("pipe")).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(r.path("pipe/SKILL.md"))
        .status()
        .expect("run mkfifo");
    assert!(made.success());
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert_eq!(outcome.skills.len(), 2);
    assert!(outcome.errors.is_empty());
}

#[test]
fn socket_named_skill_md_is_skipped() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("sock")).unwrap();
    let _listener =
        std::os::unix::net::UnixListener::bind(r.path("sock/SKILL.md")).expect("bind socket");
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert_eq!(outcome.skills.len(), 2);
    assert!(outcome.errors.is_empty());
}

#[test]
fn skill_md_linked_to_a_character_device_is_skipped_even_when_file_links_are_followed() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("device")).unwrap();
    symlink("/dev/null", r.path("device/SKILL.md")).unwrap();
    let options = LoaderOptions {
        follow_skill_file_symlinks: true,
        ..LoaderOptions::default()
    };
    let outcome = r.load_with(&options);
    assert_good_skills_loaded(&outcome);
    assert_eq!(outcome.skills.len(), 2);
    assert!(outcome.errors.is_empty());
}

#[test]
fn skill_md_linked_to_dev_zero_is_skipped_and_never_read() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("zero")).unwrap();
    symlink("/dev/zero", r.path("zero/SKILL.md")).unwrap();
    let options = LoaderOptions {
        follow_skill_file_symlinks: true,
        ..LoaderOptions::default()
    };
    let (outcome, growth) = peak_growth(|| r.load_with(&options));
    assert_good_skills_loaded(&outcome);
    assert!(outcome.errors.is_empty());
    assert!(growth < MAX_GROWTH_BYTES, "peak grew by {growth} bytes");
}

#[test]
fn directory_named_skill_md_is_walked_not_read() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("odd/SKILL.md")).unwrap();
    write_skill(
        &r.path("odd/SKILL.md/inner"),
        "inner",
        "Below a directory named SKILL.md",
    );
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert!(outcome.errors.is_empty());
    assert_eq!(names(&outcome), ["good-a", "good-b", "inner"]);
}

#[test]
fn fifo_or_directory_as_openai_yaml_is_skipped_and_the_skill_loads() {
    let _guard = exclusive();
    let r = Root::new();
    write_skill(&r.path("piped"), "piped", "Its openai.yaml is a FIFO");
    fs::create_dir_all(r.path("piped/agents")).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(r.path("piped/agents/openai.yaml"))
        .status()
        .expect("run mkfifo");
    assert!(made.success());
    write_skill(
        &r.path("dirred"),
        "dirred",
        "Its openai.yaml is a directory",
    );
    fs::create_dir_all(r.path("dirred/agents/openai.yaml")).unwrap();
    write_skill(&r.path("filed"), "filed", "Its agents is a file");
    fs::write(r.path("filed/agents"), "interface:\n  display_name: X\n").unwrap();
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert!(outcome.errors.is_empty());
    for name in ["piped", "dirred", "filed"] {
        let skill = outcome.skills.iter().find(|s| s.name == name).unwrap();
        assert_eq!(skill.interface, None, "{name}");
    }
}

// ---------------------------------------------------------------------------------------------
// Hostile contents

#[test]
fn sparse_one_gib_skill_md_is_refused_before_reading_with_small_memory() {
    let _guard = exclusive();
    let r = Root::new();
    write_skill(&r.path("huge"), "huge", "valid front matter at the start");
    let file = OpenOptions::new()
        .write(true)
        .open(r.path("huge/SKILL.md"))
        .unwrap();
    file.set_len(1 << 30).expect("grow the file sparsely");
    let (outcome, growth) = peak_growth(|| r.load());
    assert_good_skills_loaded(&outcome);
    assert_eq!(
        errors(&outcome),
        [(
            "huge".to_owned(),
            "failed to read file: file is too large to read: limit is 536870912 bytes".to_owned()
        )]
    );
    assert!(growth < MAX_GROWTH_BYTES, "peak grew by {growth} bytes");
}

#[test]
fn nul_byte_in_the_description_is_a_yaml_control_character_error() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("nul")).unwrap();
    fs::write(
        r.path("nul/SKILL.md"),
        "---\nname: nul\ndescription: a\0b\n---\n",
    )
    .unwrap();
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert_eq!(
        errors(&outcome),
        [(
            "nul".to_owned(),
            "invalid YAML: control characters are not allowed at position 24".to_owned()
        )]
    );
}

#[test]
fn invalid_utf8_in_the_description_names_the_byte_index() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("latin")).unwrap();
    let mut bytes = b"---\nname: latin\ndescription: caf".to_vec();
    let index = bytes.len();
    bytes.extend_from_slice(b"\xff\xfe\n---\n");
    fs::write(r.path("latin/SKILL.md"), bytes).unwrap();
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert_eq!(
        errors(&outcome),
        [(
            "latin".to_owned(),
            format!("failed to read file: invalid utf-8 sequence of 1 bytes from index {index}")
        )]
    );
}

#[test]
fn utf8_bom_before_the_front_matter_is_a_missing_front_matter_error() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("bom")).unwrap();
    fs::write(
        r.path("bom/SKILL.md"),
        "\u{feff}---\nname: bom\ndescription: d\n---\n",
    )
    .unwrap();
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert_eq!(
        errors(&outcome),
        [(
            "bom".to_owned(),
            "missing YAML frontmatter delimited by ---".to_owned()
        )]
    );
}

#[test]
fn ten_megabyte_description_line_loads_whole() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("long")).unwrap();
    let description = "x".repeat(10 * 1024 * 1024);
    fs::write(
        r.path("long/SKILL.md"),
        format!("---\nname: long\ndescription: {description}\n---\n"),
    )
    .unwrap();
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert!(outcome.errors.is_empty());
    let long = outcome.skills.iter().find(|s| s.name == "long").unwrap();
    assert_eq!(long.description.len(), description.len());
}

#[test]
fn ten_megabyte_line_without_newline_is_a_missing_front_matter_error() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("line")).unwrap();
    fs::write(r.path("line/SKILL.md"), "-".repeat(10 * 1024 * 1024)).unwrap();
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert_eq!(
        errors(&outcome),
        [(
            "line".to_owned(),
            "missing YAML frontmatter delimited by ---".to_owned()
        )]
    );
}

#[test]
fn hundred_thousand_front_matter_lines_load() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("many")).unwrap();
    let mut text = String::from("---\nname: many\ndescription: many keys\n");
    for i in 0..100_000 {
        writeln!(text, "key{i}: value {i}").unwrap();
    }
    text.push_str("---\n");
    fs::write(r.path("many/SKILL.md"), text).unwrap();
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert!(outcome.errors.is_empty());
    assert!(names(&outcome).contains(&"many"));
}

#[test]
fn hundred_thousand_front_matter_lines_needing_the_repair_pass_load() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("repaired")).unwrap();
    // `a: b: c` is invalid YAML on every line, so the whole text goes through the repair pass.
    let mut text = String::from("---\nname: repaired\ndescription: needs: quotes\n");
    for i in 0..100_000 {
        writeln!(text, "key{i}: value: {i}").unwrap();
    }
    text.push_str("---\n");
    fs::write(r.path("repaired/SKILL.md"), text).unwrap();
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert!(outcome.errors.is_empty(), "{:?}", errors(&outcome));
    let repaired = outcome
        .skills
        .iter()
        .find(|s| s.name == "repaired")
        .unwrap();
    assert_eq!(repaired.description, "needs: quotes");
}

/// Nine levels of nine aliases: fully expanded, 9^9 (387 million) scalars.
fn alias_bomb() -> String {
    let mut text = String::from("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for level in 1..=8 {
        let below = format!("*l{}", level - 1);
        let items = [below.as_str(); 9].join(", ");
        writeln!(text, "l{level}: &l{level} [{items}]").unwrap();
    }
    text
}

/// Loads one skill whose front matter holds the bomb plus `extra`, with the peak memory growth.
fn load_bomb(extra: &str) -> (Root, LoadOutcome, u64) {
    let r = Root::new();
    fs::create_dir_all(r.path("bomb")).unwrap();
    fs::write(
        r.path("bomb/SKILL.md"),
        format!("---\nname: bomb\n{}{extra}\n---\n", alias_bomb()),
    )
    .unwrap();
    let (outcome, growth) = peak_growth(|| r.load());
    (r, outcome, growth)
}

#[test]
fn alias_bomb_in_ignored_keys_loads_without_expanding() {
    let _guard = exclusive();
    let (_r, outcome, growth) = load_bomb("description: harmless");
    assert_good_skills_loaded(&outcome);
    assert!(outcome.errors.is_empty(), "{:?}", errors(&outcome));
    assert!(names(&outcome).contains(&"bomb"));
    assert!(growth < MAX_GROWTH_BYTES, "peak grew by {growth} bytes");
}

#[test]
fn alias_bomb_as_the_description_is_a_type_error_with_bounded_memory() {
    let _guard = exclusive();
    let (_r, outcome, growth) = load_bomb("description: *l8");
    assert_good_skills_loaded(&outcome);
    let found = errors(&outcome);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "bomb");
    assert!(
        found[0]
            .1
            .starts_with("invalid YAML: description: invalid type: sequence"),
        "{}",
        found[0].1
    );
    assert!(growth < MAX_GROWTH_BYTES, "peak grew by {growth} bytes");
}

#[test]
fn alias_bomb_as_the_metadata_mapping_is_an_error_with_bounded_memory() {
    let _guard = exclusive();
    let (_r, outcome, growth) = load_bomb("description: d\nmetadata: *l8");
    assert_good_skills_loaded(&outcome);
    let found = errors(&outcome);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0]
            .1
            .starts_with("invalid YAML: metadata: invalid type: sequence")
    );
    assert!(growth < MAX_GROWTH_BYTES, "peak grew by {growth} bytes");
}

#[test]
fn alias_bomb_of_mappings_under_metadata_has_bounded_memory() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("maps")).unwrap();
    // Mappings whose unknown keys hold the level below: ignored, but reached through `metadata`.
    let mut text = String::from("---\nname: maps\ndescription: d\nm0: &m0 {k: lol}\n");
    for level in 1..=8 {
        let entries: Vec<String> = (0..9).map(|i| format!("k{i}: *m{}", level - 1)).collect();
        writeln!(text, "m{level}: &m{level} {{{}}}", entries.join(", ")).unwrap();
    }
    text.push_str("metadata: *m8\n---\n");
    fs::write(r.path("maps/SKILL.md"), text).unwrap();
    let (outcome, growth) = peak_growth(|| r.load());
    assert_good_skills_loaded(&outcome);
    // Loads (the unknown keys are skipped) or fails with a YAML error; either way, no blow-up.
    let loaded = names(&outcome).contains(&"maps");
    let failed = errors(&outcome)
        .iter()
        .any(|(folder, message)| folder == "maps" && message.starts_with("invalid YAML: "));
    assert!(
        loaded != failed,
        "{:?} {:?}",
        names(&outcome),
        errors(&outcome)
    );
    assert!(growth < MAX_GROWTH_BYTES, "peak grew by {growth} bytes");
}

#[test]
fn alias_bomb_in_disable_model_invocation_has_bounded_memory() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("flag")).unwrap();
    fs::write(
        r.path("flag/SKILL.md"),
        format!(
            "---\nname: flag\ndescription: d\n{}disable-model-invocation: *l8\n---\n",
            alias_bomb()
        ),
    )
    .unwrap();
    let options = LoaderOptions {
        honour_disable_model_invocation: true,
        ..LoaderOptions::default()
    };
    let (outcome, growth) = peak_growth(|| r.load_with(&options));
    assert_good_skills_loaded(&outcome);
    assert!(outcome.errors.is_empty(), "{:?}", errors(&outcome));
    let flag = outcome.skills.iter().find(|s| s.name == "flag").unwrap();
    assert!(flag.allows_implicit_invocation(), "a bomb is not `true`");
    assert!(growth < MAX_GROWTH_BYTES, "peak grew by {growth} bytes");
}

#[test]
fn alias_bomb_in_openai_yaml_is_ignored_with_bounded_memory() {
    let _guard = exclusive();
    let r = Root::new();
    write_skill(&r.path("meta"), "meta", "Has a hostile openai.yaml");
    fs::create_dir_all(r.path("meta/agents")).unwrap();
    fs::write(
        r.path("meta/agents/openai.yaml"),
        format!(
            "{}interface:\n  display_name: *l8\npolicy:\n  products: *l8\n",
            alias_bomb()
        ),
    )
    .unwrap();
    let (outcome, growth) = peak_growth(|| r.load());
    assert_good_skills_loaded(&outcome);
    assert!(outcome.errors.is_empty());
    let meta = outcome.skills.iter().find(|s| s.name == "meta").unwrap();
    assert_eq!(meta.interface, None);
    assert!(diagnostic_codes(&outcome).contains(&"openai_yaml.invalid"));
    assert!(growth < MAX_GROWTH_BYTES, "peak grew by {growth} bytes");
}

// ---------------------------------------------------------------------------------------------
// Hostile shapes

/// Builds `levels` nested directories named `n` under `parent/top` without ever naming a long
/// path: the chain grows from the bottom by renames (`PATH_MAX` is far below 10,000 levels).
/// The innermost directory holds a `SKILL.md`.
fn nest(parent: &Path, levels: usize) {
    let chain = parent.join("chain");
    let wrapper = parent.join("wrapper");
    write_skill(&chain, "deepest", "Far below the depth limit");
    for _ in 0..levels {
        fs::create_dir(&wrapper).unwrap();
        fs::rename(&chain, wrapper.join("n")).unwrap();
        fs::rename(&wrapper, &chain).unwrap();
    }
    fs::rename(&chain, parent.join("top")).unwrap();
}

/// Removes what [`nest`] built, top down, again by renames only (a recursive removal would
/// need a long path or a deep recursion).
fn unnest(parent: &Path) {
    let top = parent.join("top");
    let next = parent.join("next");
    while top.join("n").exists() {
        fs::rename(top.join("n"), &next).unwrap();
        fs::remove_dir(&top).unwrap();
        fs::rename(&next, &top).unwrap();
    }
    fs::remove_dir_all(&top).unwrap();
}

#[test]
fn ten_thousand_nested_directories_stop_at_the_depth_limit() {
    let _guard = exclusive();
    let r = Root::new();
    nest(&r.root, 10_000);
    let outcome = r.load();
    unnest(&r.root);
    assert_good_skills_loaded(&outcome);
    assert_eq!(outcome.skills.len(), 2, "{:?}", names(&outcome));
    assert!(outcome.errors.is_empty());
}

/// `parent/<name>/d000000 … d099999`, the first holding a skill.
fn flood(parent: &Path, name: &str) {
    let flood = parent.join(name);
    fs::create_dir(&flood).unwrap();
    for i in 0..100_000 {
        fs::create_dir(flood.join(format!("d{i:06}"))).unwrap();
    }
    write_skill(
        &flood.join("d000000"),
        "in-flood",
        "Listed after 100,000 siblings",
    );
}

#[test]
fn hundred_thousand_sibling_directories_hit_the_entry_limit_with_a_diagnostic() {
    let _guard = exclusive();
    let r = Root::new();
    flood(&r.root, "zz-flood");
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert!(outcome.errors.is_empty());
    // The flood's own listing spends the budget, so its first directory is never read.
    assert_eq!(names(&outcome), ["good-a", "good-b"]);
    let limit = outcome
        .diagnostics
        .iter()
        .find(|d| d.code == "scan.limit")
        .expect("a traversal-limit diagnostic");
    assert_eq!(limit.path.as_deref(), Some(r.root.as_path()));
}

/// Codex's budget of 20,000 entries is per root and spent breadth-first in name order
/// (errata 4.h, 4.i), so a flood that sorts before the good skills starves them. The
/// Codex-compatible default keeps that (with a diagnostic); a larger entry budget recovers them.
#[test]
fn flood_sorted_before_the_skills_starves_them_unless_the_entry_budget_is_raised() {
    let _guard = exclusive();
    let r = Root::new();
    flood(&r.root, "aa-flood");
    let outcome = r.load();
    assert!(outcome.skills.is_empty(), "{:?}", names(&outcome));
    assert!(diagnostic_codes(&outcome).contains(&"scan.limit"));

    let roomy = LoaderOptions::default().with_limits(6, 2_000, 200_000);
    let outcome = r.load_with(&roomy);
    assert_good_skills_loaded(&outcome);
    assert!(names(&outcome).contains(&"in-flood"));
}

#[test]
fn non_utf8_directory_name_drops_its_skill_with_a_diagnostic() {
    let _guard = exclusive();
    let r = Root::new();
    let odd = r.root.join(OsStr::from_bytes(b"caf\xe9"));
    write_skill(&odd, "odd", "Below a Latin-1 directory name");
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert_eq!(outcome.skills.len(), 2);
    assert!(outcome.errors.is_empty());
    let skipped = outcome
        .diagnostics
        .iter()
        .find(|d| d.code == "scan.entry")
        .expect("a diagnostic for the entry");
    assert_eq!(skipped.path.as_deref(), Some(odd.as_path()));
}

#[test]
fn non_utf8_file_names_next_to_a_skill_do_not_matter() {
    let _guard = exclusive();
    let r = Root::new();
    write_skill(&r.path("files"), "files", "Holds odd file names");
    fs::write(
        r.path("files").join(OsStr::from_bytes(b"notes\xff.md")),
        "x",
    )
    .unwrap();
    fs::write(
        r.path("files").join(OsStr::from_bytes(b"SKILL\xff.md")),
        "x",
    )
    .unwrap();
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert!(names(&outcome).contains(&"files"));
    assert!(outcome.errors.is_empty());
}

#[test]
fn dangling_symlink_as_a_root_contributes_nothing_and_spoils_nothing() {
    let _guard = exclusive();
    let r = Root::new();
    let dangling = r.base.join("dangling");
    symlink(r.base.join("nowhere"), &dangling).unwrap();
    let roots = [
        SkillRoot::new(&dangling, Scope::USER),
        SkillRoot::new(&r.root, Scope::REPO),
    ];
    let outcome = load_roots(&roots, &LoaderOptions::default());
    assert_good_skills_loaded(&outcome);
    assert_eq!(outcome.skills.len(), 2);
    assert!(outcome.errors.is_empty());
    // Codex is silent; skilldeck names the root (spec §14.1 item 2).
    let codes: Vec<(&str, Option<&Path>)> = outcome
        .diagnostics
        .iter()
        .map(|d| (&*d.code, d.path.as_deref()))
        .collect();
    assert_eq!(codes, [("root.dangling", Some(dangling.as_path()))]);
}

#[test]
fn regular_file_as_a_root_contributes_nothing_and_spoils_nothing() {
    let _guard = exclusive();
    let r = Root::new();
    let file = r.base.join("not-a-dir");
    fs::write(&file, "---\nname: f\ndescription: d\n---\n").unwrap();
    let roots = [
        SkillRoot::new(&file, Scope::USER),
        SkillRoot::new(&r.root, Scope::REPO),
    ];
    let outcome = load_roots(&roots, &LoaderOptions::default());
    assert_good_skills_loaded(&outcome);
    assert_eq!(outcome.skills.len(), 2);
    assert!(outcome.errors.is_empty());
    let codes: Vec<(&str, Option<&Path>)> = outcome
        .diagnostics
        .iter()
        .map(|d| (&*d.code, d.path.as_deref()))
        .collect();
    assert_eq!(codes, [("root.not_a_directory", Some(file.as_path()))]);
}

#[test]
fn root_swapped_while_scanning_never_panics() {
    let _guard = exclusive();
    let r = Root::new();
    // A second tree with different skills, swapped in and out of the root's place.
    let other = r.base.join("other");
    write_skill(
        &other.join("intruder"),
        "intruder",
        "From the swapped-in tree",
    );
    let parked = r.base.join("parked");
    let stop = Arc::new(AtomicBool::new(false));
    let swapper = {
        let (root, other, parked, stop) =
            (r.root.clone(), other.clone(), parked.clone(), stop.clone());
        std::thread::spawn(move || {
            let mut swaps = 0u32;
            while !stop.load(Ordering::Relaxed) {
                // root → parked, other → root, root → other, parked → root: a full cycle.
                let _ = fs::rename(&root, &parked);
                let _ = fs::rename(&other, &root);
                let _ = fs::rename(&root, &other);
                let _ = fs::rename(&parked, &root);
                swaps += 1;
            }
            swaps
        })
    };
    for _ in 0..200 {
        let outcome = r.load();
        for skill in &outcome.skills {
            assert!(
                ["good-a", "good-b", "intruder"].contains(&skill.name.as_str()),
                "{}",
                skill.name
            );
        }
        for error in &outcome.errors {
            assert!(!error.message.is_empty());
        }
    }
    stop.store(true, Ordering::Relaxed);
    let swaps = swapper.join().expect("swapper thread");
    assert!(swaps > 0);
    // Once the swapping stops, the tree is back in place and loads normally.
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert_eq!(outcome.skills.len(), 2);
}

/// Grows `path` sparsely to just under the 512 MiB read limit.
fn grow_to_511_mib(path: &Path) {
    let file = OpenOptions::new().write(true).open(path).unwrap();
    file.set_len(511 << 20).expect("grow the file sparsely");
}

#[test]
fn sparse_511_mib_skill_md_without_a_closing_line_fails_with_small_memory() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("unclosed")).unwrap();
    let path = r.path("unclosed/SKILL.md");
    fs::write(&path, "---\nname: unclosed\ndescription: d\n").unwrap();
    grow_to_511_mib(&path);
    let (outcome, growth) = peak_growth(|| r.load());
    assert_good_skills_loaded(&outcome);
    assert_eq!(
        errors(&outcome),
        [(
            "unclosed".to_owned(),
            "missing YAML frontmatter delimited by ---".to_owned()
        )]
    );
    assert!(growth < MAX_GROWTH_BYTES, "peak grew by {growth} bytes");
}

#[test]
fn sparse_511_mib_skill_md_with_a_front_matter_past_the_prefix_loads_with_small_memory() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("far")).unwrap();
    let path = r.path("far/SKILL.md");
    let description = "y".repeat(5_000);
    fs::write(
        &path,
        format!("---\nname: far\ndescription: {description}\n---\n"),
    )
    .unwrap();
    grow_to_511_mib(&path);
    let (outcome, growth) = peak_growth(|| r.load());
    assert_good_skills_loaded(&outcome);
    assert!(outcome.errors.is_empty(), "{:?}", errors(&outcome));
    let far = outcome.skills.iter().find(|s| s.name == "far").unwrap();
    assert_eq!(far.description, description);
    assert!(growth < MAX_GROWTH_BYTES, "peak grew by {growth} bytes");
}

#[test]
fn invalid_utf8_deep_in_a_long_skill_md_names_its_file_index() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("deep-byte")).unwrap();
    let mut bytes = b"---\nname: deep-byte\ndescription: d\n---\n".to_vec();
    bytes.resize(3 << 20, b'z');
    let index = bytes.len() - 1000;
    bytes[index] = 0xff;
    // Outside the first 2 KiB the front matter is complete, so the prefix alone decides…
    fs::write(r.path("deep-byte/SKILL.md"), &bytes).unwrap();
    assert!(errors(&r.load()).is_empty());
    // …but an unclosed one needs the whole file, and its first bad byte is reported.
    let mut unclosed = b"---\nname: deep-byte\n".to_vec();
    unclosed.resize(3 << 20, b'z');
    unclosed[index] = 0xff;
    fs::write(r.path("deep-byte/SKILL.md"), &unclosed).unwrap();
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert_eq!(
        errors(&outcome),
        [(
            "deep-byte".to_owned(),
            format!("failed to read file: invalid utf-8 sequence of 1 bytes from index {index}")
        )]
    );
}

#[test]
fn character_cut_at_the_end_of_a_long_skill_md_is_incomplete() {
    let _guard = exclusive();
    let r = Root::new();
    fs::create_dir_all(r.path("cut")).unwrap();
    let mut bytes = b"---\nname: cut\n".to_vec();
    bytes.resize(2 << 20, b'z');
    let index = bytes.len();
    bytes.extend_from_slice(&"€".as_bytes()[..2]);
    fs::write(r.path("cut/SKILL.md"), &bytes).unwrap();
    let outcome = r.load();
    assert_good_skills_loaded(&outcome);
    assert_eq!(
        errors(&outcome),
        [(
            "cut".to_owned(),
            format!("failed to read file: incomplete utf-8 byte sequence from index {index}")
        )]
    );
}

#[test]
fn sparse_511_mib_openai_yaml_is_ignored_unread() {
    let _guard = exclusive();
    let r = Root::new();
    write_skill(&r.path("meta"), "meta", "Has a huge openai.yaml");
    fs::create_dir_all(r.path("meta/agents")).unwrap();
    let yaml = r.path("meta/agents/openai.yaml");
    fs::write(&yaml, "interface:\n").unwrap();
    grow_to_511_mib(&yaml);
    let (outcome, growth) = peak_growth(|| r.load());
    assert_good_skills_loaded(&outcome);
    assert!(names(&outcome).contains(&"meta"));
    let ignored = outcome
        .diagnostics
        .iter()
        .find(|d| d.code == skilldeck_loader::OPENAI_YAML_TOO_LARGE_CODE)
        .expect("the file is ignored");
    assert_eq!(ignored.path.as_deref(), Some(yaml.as_path()));
    assert!(growth < MAX_GROWTH_BYTES, "peak grew by {growth} bytes");
}
