//! `config.toml` text and `-c key=value` overrides → merged `[skills]` settings, in both
//! profiles, then applied to a small outcome and explained.
//!
//! Input layout: the config file text, then a NUL byte, then one override per line.
//! Beyond "no panic": the lenient (skilldeck) profile never fails as a whole — whatever the
//! file says, it is skipped piece by piece with diagnostics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use skilldeck_config::{ConfigLayer, Profile, SessionOverrides, SkillsConfig};
use skilldeck_model::{LoadOutcome, Scope, SkillMetadata};

fn outcome() -> LoadOutcome {
    let skill = |name: &str, path: &str| SkillMetadata::new(name, "d", path, Scope::REPO);
    LoadOutcome {
        skills: vec![
            skill("deploy", "/nonexistent-fuzz/deploy/SKILL.md"),
            skill("pdf", "/nonexistent-fuzz/pdf/SKILL.md"),
        ],
        ..LoadOutcome::default()
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (file, flags) = text.split_once('\0').unwrap_or((&text, ""));
    let mut layers = vec![ConfigLayer::from_file_text(
        "/nonexistent-fuzz/config.toml",
        file,
    )];
    let mut overrides = SessionOverrides::new();
    for line in flags.lines() {
        let _ = overrides.push_arg(line);
    }
    if !overrides.is_empty() {
        layers.push(ConfigLayer::from_overrides(&overrides, "/nonexistent-fuzz"));
    }
    for profile in [Profile::Codex, Profile::Skilldeck] {
        let config = match SkillsConfig::from_layers(&layers, profile) {
            Ok(config) => config,
            Err(error) => {
                assert_eq!(profile, Profile::Codex, "lenient profile failed: {error}");
                continue;
            }
        };
        let mut outcome = outcome();
        config.apply(&mut outcome);
        for skill in &outcome.skills {
            let _ = config.explain(skill);
        }
    }
});
