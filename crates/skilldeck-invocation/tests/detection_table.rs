//! The detection table: ≥ 40 commands, each in Codex and extended mode, against a real tree
//! (with symlinked skill and scripts directories) built in a temp dir.

use std::fs;
use std::path::{Path, PathBuf};

use skilldeck_invocation::{Detection, DetectionKind, Detector, Mode};
use skilldeck_model::{LoadOutcome, Scope, SkillMetadata, SkillPolicy};

use DetectionKind::{Doc, Script};

struct Tree {
    _dir: tempfile::TempDir,
    /// Canonical temp root.
    t: PathBuf,
    outcome: LoadOutcome,
}

impl Tree {
    fn skill(&self, name: &str) -> PathBuf {
        self.t.join("proj/.agents/skills").join(name)
    }
}

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().expect("parent")).expect("dirs");
    fs::write(path, text).expect("file");
}

#[cfg(unix)]
fn symlink_dir(target: &Path, link: &Path) {
    std::os::unix::fs::symlink(target, link).expect("symlink");
}

fn tree() -> Tree {
    let dir = tempfile::tempdir().expect("temp dir");
    let t = dunce::canonicalize(dir.path()).expect("canonical temp dir");
    let skills = t.join("proj/.agents/skills");
    let mut loaded = Vec::new();
    let add = |name: &str| {
        let path = skills.join(name).join("SKILL.md");
        write(&path, &format!("---\nname: {name}\ndescription: d\n---\n"));
        SkillMetadata::new(name, "d", path, Scope::REPO)
    };
    let test_skill = add("test-skill");
    write(
        &skills.join("test-skill/scripts/fetch_comments.py"),
        "print(1)\n",
    );
    write(&skills.join("test-skill/scripts/sub/deep.sh"), "echo\n");
    loaded.push(test_skill);
    loaded.push(add("doc-only"));

    // A skill whose scripts/ is a symlink to a shared directory elsewhere.
    let linked = add("linked-skill");
    write(&t.join("shared-scripts/x.py"), "print(2)\n");
    symlink_dir(
        &t.join("shared-scripts"),
        &skills.join("linked-skill/scripts"),
    );
    loaded.push(linked);

    let mut quiet = add("quiet");
    write(&skills.join("quiet/scripts/run.py"), "\n");
    quiet.policy = Some(SkillPolicy {
        allow_implicit_invocation: Some(false),
        products: vec![],
    });
    loaded.push(quiet);
    let off = add("off");
    write(&skills.join("off/scripts/run.py"), "\n");
    loaded.push(off.clone());

    // A symlink to a whole skill directory, and plain working directories.
    symlink_dir(&skills.join("test-skill"), &t.join("alias"));
    fs::create_dir_all(t.join("other")).expect("other");
    fs::create_dir_all(t.join("proj/nested")).expect("nested");

    let mut outcome = LoadOutcome {
        skills: loaded,
        ..LoadOutcome::default()
    };
    outcome.disabled_paths.insert(off.path);
    Tree {
        _dir: dir,
        t,
        outcome,
    }
}

type Expect = Option<(&'static str, DetectionKind)>;

struct Row {
    command: String,
    workdir: PathBuf,
    codex: Expect,
    extended: Expect,
}

fn short(detection: Option<Detection>) -> Option<(String, DetectionKind)> {
    detection.map(|d| (d.name, d.kind))
}

#[test]
#[allow(clippy::too_many_lines)] // one table, one row per command
fn detection_table_in_both_modes() {
    let tree = tree();
    let t = tree.t.clone();
    let skill = tree.skill("test-skill");
    let s = skill.display().to_string();
    let doc_only = tree.skill("doc-only").display().to_string();
    let other = t.join("other");
    let hit_script: Expect = Some(("test-skill", Script));
    let hit_doc: Expect = Some(("test-skill", Doc));

    let mut rows: Vec<Row> = Vec::new();
    let mut row = |command: &str, workdir: &Path, codex: Expect, extended: Expect| {
        rows.push(Row {
            command: command.to_owned(),
            workdir: workdir.to_path_buf(),
            codex,
            extended,
        });
    };

    // Spec §13.9.
    row(
        "python3 -u scripts/fetch_comments.py",
        &skill,
        hit_script,
        hit_script,
    );
    row("python3 -c print(1)", &skill, None, None);
    row(&format!("cat {s}/SKILL.md | head"), &t, hit_doc, hit_doc);
    row(
        "cat ../.agents/skills/test-skill/SKILL.md",
        &t.join("proj/nested"),
        hit_doc,
        hit_doc,
    );
    row(
        "python3 scripts/fetch_comments.py",
        &skill,
        hit_script,
        hit_script,
    );
    row(
        &format!("python3 {s}/scripts/fetch_comments.py"),
        &other,
        hit_script,
        hit_script,
    );
    row("python3 scripts/fetch_comments.py", &other, None, None);
    row("cat unrelated.md", &skill, None, None);

    // Each of the 10 runners and 7 extensions (scripts need not exist below scripts/).
    row("python scripts/a.py", &skill, hit_script, hit_script);
    row("bash scripts/sub/deep.sh", &skill, hit_script, hit_script);
    row("zsh scripts/a.sh", &skill, hit_script, hit_script);
    row("sh scripts/a.sh", &skill, hit_script, hit_script);
    row("node scripts/a.js", &skill, hit_script, hit_script);
    row("deno scripts/a.ts", &skill, hit_script, hit_script);
    row("ruby scripts/a.rb", &skill, hit_script, hit_script);
    row("perl scripts/a.pl", &skill, hit_script, hit_script);
    row("pwsh -File scripts/a.ps1", &skill, hit_script, hit_script);
    row(
        "/usr/bin/Python3.EXE scripts/A.PY",
        &skill,
        hit_script,
        hit_script,
    );
    row("python -- scripts/a.py", &skill, hit_script, hit_script);
    row("python scripts/readme.txt", &skill, None, None);
    row("python", &skill, None, None);
    row("", &skill, None, None);
    row("make scripts/a.py", &skill, None, None);

    // Option values: Codex takes the value as the script; extended knows the options.
    row("python -W ignore scripts/a.py", &skill, None, hit_script);
    row("python -m scripts/a.py", &skill, hit_script, None);
    row("python -m scripts.a", &skill, None, None);
    row("node -e \"require('./scripts/a.js')\"", &skill, None, None);
    row("node -r ./hook.js scripts/a.js", &skill, None, hit_script);
    row("deno run scripts/a.ts", &skill, None, hit_script);

    // Each of the 8 readers, and the extended ones.
    row("cat SKILL.md", &skill, hit_doc, hit_doc);
    row("sed -n 1,20p SKILL.md", &skill, hit_doc, hit_doc);
    row("head -n 5 SKILL.md", &skill, hit_doc, hit_doc);
    row("tail SKILL.md", &skill, hit_doc, hit_doc);
    row("less ./SKILL.md", &skill, hit_doc, hit_doc);
    row("more SKILL.md", &skill, hit_doc, hit_doc);
    row("BAT -- SKILL.md", &skill, hit_doc, hit_doc);
    row("awk '{print}' SKILL.md", &skill, hit_doc, hit_doc);
    row("nl -ba SKILL.md", &skill, None, hit_doc);
    row("cat.exe SKILL.md", &skill, None, hit_doc);
    row("grep name SKILL.md", &skill, None, hit_doc);
    row("cat README.md", &skill, None, None);

    // Absolute, `..` and symlinked paths.
    row(
        &format!("cat {s}/../test-skill/SKILL.md"),
        &other,
        hit_doc,
        hit_doc,
    );
    row(
        &format!("cat {}/alias/SKILL.md", t.display()),
        &other,
        hit_doc,
        hit_doc,
    );
    row("cat alias/SKILL.md", &t, hit_doc, hit_doc);
    // Runner and extension need not go together.
    row(
        &format!("python {}/alias/scripts/sub/deep.sh", t.display()),
        &other,
        hit_script,
        hit_script,
    );
    row(
        &format!("bash {}/alias/scripts/sub/deep.sh", t.display()),
        &other,
        hit_script,
        hit_script,
    );
    let linked = tree.skill("linked-skill").display().to_string();
    row(
        &format!("python {linked}/scripts/x.py"),
        &other,
        Some(("linked-skill", Script)),
        Some(("linked-skill", Script)),
    );
    row(
        &format!("python {}/shared-scripts/x.py", t.display()),
        &other,
        Some(("linked-skill", Script)),
        Some(("linked-skill", Script)),
    );

    // Explicit-only and disabled skills are never detected.
    row(
        &format!("python {}/scripts/run.py", tree.skill("quiet").display()),
        &other,
        None,
        None,
    );
    row(
        &format!("cat {}/SKILL.md", tree.skill("quiet").display()),
        &other,
        None,
        None,
    );
    row(
        &format!("python {}/scripts/run.py", tree.skill("off").display()),
        &other,
        None,
        None,
    );

    // Quoting and the whitespace fallback.
    row(&format!("cat \"{s}/SKILL.md\""), &other, hit_doc, hit_doc);
    row(&format!("cat \"{s}/SKILL.md"), &other, None, None);

    // What only extended mode sees.
    row(
        &format!("cd {s} && python scripts/fetch_comments.py"),
        &other,
        None,
        hit_script,
    );
    row("cd scripts; bash sub/deep.sh", &skill, None, hit_script);
    row(
        &format!("env FOO=1 python3 {s}/scripts/a.py"),
        &other,
        None,
        hit_script,
    );
    row(
        &format!("FOO=1 python3 {s}/scripts/a.py"),
        &other,
        None,
        hit_script,
    );
    row(
        &format!("uv run {s}/scripts/a.py"),
        &other,
        None,
        hit_script,
    );
    row(
        "uv run --with rich python scripts/a.py",
        &skill,
        None,
        hit_script,
    );
    row("npx tsx scripts/a.ts", &skill, None, hit_script);
    row("python3.12 scripts/a.py", &skill, None, hit_script);
    row(
        "bash -lc \"python3 scripts/a.py\"",
        &skill,
        None,
        hit_script,
    );
    row(&format!("echo hi; cat {s}/SKILL.md"), &other, None, hit_doc);
    row(
        &format!("cat {doc_only}/SKILL.md && python {s}/scripts/a.py"),
        &other,
        Some(("doc-only", Doc)),
        hit_script,
    );

    assert!(rows.len() >= 40, "{} rows", rows.len());
    let detector = Detector::new(&tree.outcome);
    let mut wrong = Vec::new();
    for row in &rows {
        for (mode, expected) in [(Mode::Codex, row.codex), (Mode::Extended, row.extended)] {
            let got = short(detector.detect(&row.command, &row.workdir, mode));
            let expected = expected.map(|(name, kind)| (name.to_owned(), kind));
            if got != expected {
                wrong.push(format!(
                    "{mode:?}: `{}` in {} → {got:?}, expected {expected:?}",
                    row.command,
                    row.workdir.display()
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn detection_serialises_with_lowercase_kind() {
    let tree = tree();
    let detection = Detector::new(&tree.outcome)
        .detect("cat SKILL.md", &tree.skill("doc-only"), Mode::Codex)
        .expect("detected");
    assert_eq!(
        serde_json::to_value(&detection).expect("json"),
        serde_json::json!({
            "name": "doc-only",
            "path": tree.skill("doc-only").join("SKILL.md").display().to_string(),
            "scope": "repo",
            "kind": "doc",
        })
    );
}

#[test]
fn later_skill_wins_a_key_collision() {
    // Two skills whose directories resolve to the same place (a fake file system).
    let first = SkillMetadata::new("first", "d", "/a/s/SKILL.md", Scope::REPO);
    let second = SkillMetadata::new("second", "d", "/b/s/SKILL.md", Scope::USER);
    let outcome = LoadOutcome {
        skills: vec![first, second],
        ..LoadOutcome::default()
    };
    let same = |path: &Path| -> Option<PathBuf> {
        let text = path.display().to_string();
        Some(PathBuf::from(
            text.replacen("/a/", "/real/", 1)
                .replacen("/b/", "/real/", 1),
        ))
    };
    let detector = Detector::with_canonicalizer(&outcome, same);
    let by_doc = detector.detect("cat /a/s/SKILL.md", Path::new("/"), Mode::Codex);
    let by_script = detector.detect("sh /a/s/scripts/x.sh", Path::new("/"), Mode::Codex);
    assert_eq!(by_doc.map(|d| d.name).as_deref(), Some("second"));
    assert_eq!(by_script.map(|d| d.name).as_deref(), Some("second"));
}

#[test]
fn script_run_takes_precedence_over_doc_read() {
    let outcome = LoadOutcome {
        skills: vec![SkillMetadata::new("s", "d", "/r/s/SKILL.md", Scope::REPO)],
        ..LoadOutcome::default()
    };
    let detector = Detector::with_canonicalizer(&outcome, |_: &Path| None::<PathBuf>);
    let detection = detector
        .detect(
            "cat /r/s/SKILL.md; sh /r/s/scripts/x.sh",
            Path::new("/"),
            Mode::Extended,
        )
        .expect("detected");
    assert_eq!(detection.kind, DetectionKind::Script);
}
