//! Reading `SKILL.md` safely: only regular files, a size cap before reading, a bounded prefix
//! read, Codex's exact UTF-8 error texts (spec §5.1, errata §4.2 and §11).
mod common;

use std::fs::OpenOptions;

use common::{Tree, load_repo_root, messages, names};

const FRONT: &str = "---\nname: big\ndescription: valid front matter at the start\n---\n";

#[cfg(unix)]
#[test]
fn fifo_named_skill_md_is_skipped_without_blocking() {
    let t = Tree::new();
    t.skill("r/good", "good", "d");
    t.dir("r/pipe");
    let status = std::process::Command::new("mkfifo")
        .arg(t.path("r/pipe/SKILL.md"))
        .status()
        .expect("run mkfifo");
    assert!(status.success());
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["good"]);
    assert!(outcome.errors.is_empty());
}

#[test]
fn file_over_512_mib_is_refused_before_reading() {
    let t = Tree::new();
    let path = t.file("r/huge/SKILL.md", FRONT);
    // Sparse: costs no disk space, and the loader must not read it.
    let file = OpenOptions::new().write(true).open(&path).expect("open");
    file.set_len(1 << 30).expect("grow sparse file");
    let outcome = load_repo_root(&t.path("r"));
    assert!(outcome.skills.is_empty());
    assert_eq!(
        messages(&outcome),
        ["failed to read file: file is too large to read: limit is 536870912 bytes"]
    );
}

#[test]
fn file_of_exactly_512_mib_is_read() {
    let t = Tree::new();
    let path = t.file("r/limit/SKILL.md", FRONT);
    let file = OpenOptions::new().write(true).open(&path).expect("open");
    file.set_len(512 * 1024 * 1024).expect("grow sparse file");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["big"]);
}

#[test]
fn latin1_byte_reports_codex_utf8_message() {
    let t = Tree::new();
    let mut bytes = b"---\nname: latin\ndescription: caf".to_vec();
    let index = bytes.len();
    bytes.extend_from_slice(b"\xe9\n---\n");
    t.file("r/latin/SKILL.md", &bytes);
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(
        messages(&outcome),
        [format!(
            "failed to read file: invalid utf-8 sequence of 1 bytes from index {index}"
        )]
    );
}

#[test]
fn utf16_file_fails_at_index_zero() {
    let t = Tree::new();
    t.file("r/utf16/SKILL.md", b"\xff\xfe-\0-\0-\0\n\0");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(
        messages(&outcome),
        ["failed to read file: invalid utf-8 sequence of 1 bytes from index 0"]
    );
}

#[test]
fn truncated_character_at_the_end_of_a_small_file_is_incomplete() {
    let t = Tree::new();
    t.file(
        "r/cut/SKILL.md",
        b"---\nname: cut\ndescription: d\n---\n\xc3",
    );
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(
        messages(&outcome),
        ["failed to read file: incomplete utf-8 byte sequence from index 33"]
    );
}

#[test]
fn invalid_bytes_after_a_complete_front_matter_in_the_prefix_are_not_read() {
    let t = Tree::new();
    let mut bytes = FRONT.as_bytes().to_vec();
    bytes.resize(4_000, b'x');
    bytes.extend_from_slice(b"\xff\xfe never decoded");
    t.file("r/body/SKILL.md", &bytes);
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["big"]);
    assert!(outcome.errors.is_empty());
}

#[test]
fn character_cut_by_the_prefix_boundary_is_not_an_error() {
    let t = Tree::new();
    let mut text = String::from(FRONT);
    while text.len() < 2_047 {
        text.push('x');
    }
    text.push('é'); // bytes 2047 and 2048: split by a 2 KiB prefix
    text.push_str(" tail");
    t.file("r/split/SKILL.md", &text);
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["big"]);
}

#[test]
fn long_front_matter_falls_back_to_a_whole_read() {
    let t = Tree::new();
    let mut description = "é".repeat(1_100); // 2,200 bytes: the prefix cannot hold it
    description.push_str(" end");
    t.file(
        "r/long/SKILL.md",
        format!("---\nname: long\ndescription: {description}\n---\nbody\n"),
    );
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["long"]);
    assert_eq!(outcome.skills[0].description, description);
}

#[test]
fn invalid_byte_in_a_long_front_matter_reports_its_file_index() {
    let t = Tree::new();
    let mut bytes = b"---\nname: late\ndescription: ".to_vec();
    bytes.resize(3_000, b'a');
    bytes.extend_from_slice(b"\xff\n---\n");
    t.file("r/late/SKILL.md", &bytes);
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(
        messages(&outcome),
        ["failed to read file: invalid utf-8 sequence of 1 bytes from index 3000"]
    );
}

#[cfg(unix)]
#[test]
fn non_utf8_directory_name_drops_its_skill_silently() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    let t = Tree::new();
    t.skill("r/good", "good", "d");
    let odd = t.path("r").join(OsStr::from_bytes(b"caf\xe9"));
    std::fs::create_dir_all(&odd).expect("create non-UTF-8 dir");
    std::fs::write(
        odd.join("SKILL.md"),
        "---\nname: odd\ndescription: d\n---\n",
    )
    .expect("write");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["good"]);
    assert!(outcome.errors.is_empty());
}

// ---- Metadata files: `agents/openai.yaml` and plugin manifests are capped at 1 MiB ----

const ONE_MIB: usize = 1024 * 1024;

/// Valid YAML of exactly `len` bytes: a display name, then comment lines.
fn padded_yaml(len: usize) -> String {
    let mut text = String::from("interface:\n  display_name: Padded\n");
    while text.len() + 6 <= len {
        text.push_str("# pad\n");
    }
    text.push_str(&"#".repeat(len - text.len()));
    assert_eq!(text.len(), len);
    text
}

fn display_name(outcome: &skilldeck_model::LoadOutcome) -> Option<String> {
    outcome.skills[0]
        .interface
        .as_ref()
        .and_then(|interface| interface.display_name.clone())
}

fn codes(outcome: &skilldeck_model::LoadOutcome) -> Vec<&str> {
    outcome
        .diagnostics
        .iter()
        .map(|d| d.code.as_ref())
        .collect()
}

#[test]
fn openai_yaml_of_exactly_one_mib_is_read() {
    let t = Tree::new();
    t.skill("r/meta", "meta", "d");
    t.file("r/meta/agents/openai.yaml", padded_yaml(ONE_MIB));
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(display_name(&outcome).as_deref(), Some("Padded"));
    assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
}

#[test]
fn openai_yaml_over_one_mib_is_ignored_with_a_diagnostic() {
    let t = Tree::new();
    t.skill("r/meta", "meta", "d");
    let yaml = t.file("r/meta/agents/openai.yaml", padded_yaml(ONE_MIB + 1));
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["meta"]);
    assert_eq!(display_name(&outcome), None);
    assert_eq!(
        codes(&outcome),
        [skilldeck_loader::OPENAI_YAML_TOO_LARGE_CODE]
    );
    let diagnostic = &outcome.diagnostics[0];
    assert_eq!(diagnostic.code, "openai_yaml.too_large");
    assert_eq!(
        diagnostic.path.as_deref(),
        Some(dunce::canonicalize(&yaml).unwrap().as_path())
    );
    assert!(
        diagnostic.message.contains("1048577 bytes"),
        "{}",
        diagnostic.message
    );
}

#[test]
fn huge_sparse_openai_yaml_is_judged_by_its_size_without_being_read() {
    let t = Tree::new();
    t.skill("r/meta", "meta", "d");
    let yaml = t.file("r/meta/agents/openai.yaml", "interface:\n");
    let file = OpenOptions::new().write(true).open(&yaml).expect("open");
    file.set_len(2 << 30).expect("grow sparse file");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["meta"]);
    // Over the 512 MiB read limit too, yet reported by size, not as a failed read.
    assert_eq!(codes(&outcome), ["openai_yaml.too_large"]);
    assert!(outcome.diagnostics[0].message.contains("2147483648 bytes"));
}

#[test]
fn plugin_manifest_over_one_mib_is_ignored_with_a_diagnostic() {
    let t = Tree::new();
    let mut json = String::from(r#"{"name":"big"}"#);
    json.push_str(&" ".repeat(ONE_MIB + 1 - json.len()));
    let manifest = t.file("plugin/.codex-plugin/plugin.json", json);
    t.skill("plugin/skills/search", "search", "d");
    let outcome = load_repo_root(&t.path("plugin/skills"));
    // No namespace from the ignored manifest.
    assert_eq!(names(&outcome), ["search"]);
    assert_eq!(codes(&outcome), [skilldeck_loader::MANIFEST_TOO_LARGE_CODE]);
    assert_eq!(
        outcome.diagnostics[0].path.as_deref(),
        Some(dunce::canonicalize(&manifest).unwrap().as_path())
    );
}

#[test]
fn plugin_manifest_of_exactly_one_mib_names_the_plugin() {
    let t = Tree::new();
    let mut json = String::from(r#"{"name":"big"}"#);
    json.push_str(&" ".repeat(ONE_MIB - json.len()));
    t.file("plugin/.codex-plugin/plugin.json", json);
    t.skill("plugin/skills/search", "search", "d");
    let outcome = load_repo_root(&t.path("plugin/skills"));
    assert_eq!(names(&outcome), ["big:search"]);
    assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
}
