//! Random commands: detection never panics, and Codex mode matches a direct reading of its rules.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use skilldeck_invocation::{DetectionKind, Detector, Mode, tokenize};
use skilldeck_model::{LoadOutcome, Scope, SkillMetadata};

fn outcome() -> LoadOutcome {
    LoadOutcome {
        skills: vec![
            SkillMetadata::new("s", "d", "/r/s/SKILL.md", Scope::REPO),
            SkillMetadata::new("t", "d", "/r/t/SKILL.md", Scope::USER),
        ],
        ..LoadOutcome::default()
    }
}

/// Nothing exists: every path is used as written (lexically untouched).
fn nothing_exists(_: &Path) -> Option<PathBuf> {
    None
}

fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "python3 ",
        "cat ",
        "sh ",
        "-m ",
        "-c ",
        "-- ",
        "scripts/x.py ",
        "/r/s/scripts/a.sh ",
        "/r/t/SKILL.md ",
        "SKILL.md ",
        "../",
        "'",
        "\"",
        "\\",
        "#",
        "; ",
        "&& ",
        "| ",
        "(",
        ")",
        "cd /r/s ",
        "env A=1 ",
        "uv run ",
        "npx ",
        "bash -lc ",
        "é",
        "🙂",
        " ",
        "\n",
        "\t",
    ])
}

/// Codex's rules, restated directly for a fake tree where nothing can be canonicalised.
fn codex_reference(command: &str, workdir: &Path) -> Option<(String, DetectionKind)> {
    let tokens = tokenize(command);
    let first = tokens.first()?;
    let base = Path::new(first)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(first)
        .to_ascii_lowercase();
    let resolve = |t: &str| {
        if Path::new(t).is_absolute() {
            PathBuf::from(t)
        } else {
            workdir.join(t)
        }
    };
    let runner = base.strip_suffix(".exe").unwrap_or(&base);
    if [
        "python", "python3", "bash", "zsh", "sh", "node", "deno", "ruby", "perl", "pwsh",
    ]
    .contains(&runner)
        && let Some(script) = tokens[1..]
            .iter()
            .find(|t| *t != "--" && !t.starts_with('-'))
        && [".py", ".sh", ".js", ".ts", ".rb", ".pl", ".ps1"]
            .iter()
            .any(|e| script.to_ascii_lowercase().ends_with(e))
    {
        let path = resolve(script);
        for (dir, name) in [("/r/s/scripts", "s"), ("/r/t/scripts", "t")] {
            if path.ancestors().any(|a| a == Path::new(dir)) {
                return Some((name.to_owned(), DetectionKind::Script));
            }
        }
        // Codex checks doc reads only for readers, which a runner is not.
        return None;
    }
    if ["cat", "sed", "head", "tail", "less", "more", "bat", "awk"].contains(&base.as_str()) {
        for token in &tokens[1..] {
            if token.starts_with('-') {
                continue;
            }
            if token.is_empty() {
                return None;
            }
            let path = resolve(token);
            for (doc, name) in [("/r/s/SKILL.md", "s"), ("/r/t/SKILL.md", "t")] {
                if path == Path::new(doc) {
                    return Some((name.to_owned(), DetectionKind::Doc));
                }
            }
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn codex_mode_matches_its_rules(pieces in prop::collection::vec(piece(), 0..10)) {
        let command = pieces.concat();
        let detector = Detector::with_canonicalizer(&outcome(), nothing_exists);
        let got = detector
            .detect(&command, Path::new("/r/s"), Mode::Codex)
            .map(|d| (d.name, d.kind));
        prop_assert_eq!(got, codex_reference(&command, Path::new("/r/s")));
    }

    #[test]
    fn extended_mode_never_panics(pieces in prop::collection::vec(piece(), 0..16), text in any::<String>()) {
        let detector = Detector::with_canonicalizer(&outcome(), nothing_exists);
        let _ = detector.detect(&pieces.concat(), Path::new("/r"), Mode::Extended);
        let _ = detector.detect(&text, Path::new("/r"), Mode::Extended);
        let _ = detector.detect(&text, Path::new("/r"), Mode::Codex);
    }
}
