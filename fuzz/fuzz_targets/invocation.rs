//! Command tokenizer and implicit-use detector, both modes, over a fake file system.
//!
//! Beyond "no panic": a detection always names an indexed skill.
#![no_main]

use std::path::{Path, PathBuf};

use libfuzzer_sys::fuzz_target;
use skilldeck_invocation::{Detector, Mode, split_segments, tokenize};
use skilldeck_model::{LoadOutcome, Scope, SkillMetadata};

fn outcome() -> LoadOutcome {
    let skill = |name: &str, path: &str| SkillMetadata::new(name, "d", path, Scope::USER);
    LoadOutcome {
        skills: vec![
            skill("pdf", "/skills/pdf/SKILL.md"),
            skill("deploy", "/skills/deploy/SKILL.md"),
            skill("nested", "/skills/pdf/inner/SKILL.md"),
        ],
        ..LoadOutcome::default()
    }
}

/// Paths resolve as written when absolute, like a file system where every file exists.
fn fake_canonical(path: &Path) -> Option<PathBuf> {
    path.is_absolute().then(|| path.to_path_buf())
}

fuzz_target!(|data: &[u8]| {
    let command = String::from_utf8_lossy(data);
    let _ = tokenize(&command);
    for segment in split_segments(&command) {
        assert!(!segment.is_empty(), "empty segment");
    }
    let outcome = outcome();
    let detector = Detector::with_canonicalizer(&outcome, fake_canonical);
    for workdir in ["/skills/pdf", "/tmp"] {
        for mode in [Mode::Codex, Mode::Extended] {
            if let Some(found) = detector.detect(&command, Path::new(workdir), mode) {
                assert!(outcome.skills.iter().any(|s| s.name == found.name));
            }
        }
    }
});
