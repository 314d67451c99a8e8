//! Small fixture helpers shared by the config tests.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

use skilldeck_config::{ConfigLayer, Profile, SessionOverrides, SkillsConfig};
use skilldeck_model::{LoadOutcome, Scope, SkillMetadata};

pub const USER_CONFIG: &str = "/h/config.toml";

pub fn user(text: &str) -> ConfigLayer {
    ConfigLayer::from_file_text(USER_CONFIG, text)
}

pub fn flags(args: &[&str]) -> ConfigLayer {
    ConfigLayer::from_overrides(&SessionOverrides::parse(args).unwrap(), "/cwd")
}

pub fn merged(layers: &[ConfigLayer]) -> SkillsConfig {
    SkillsConfig::from_layers(layers, Profile::Codex).unwrap()
}

pub fn skill(name: &str, path: impl Into<PathBuf>) -> SkillMetadata {
    SkillMetadata::new(name, "does things", path, Scope::USER)
}

pub fn outcome(skills: Vec<SkillMetadata>) -> LoadOutcome {
    LoadOutcome {
        skills,
        ..LoadOutcome::default()
    }
}

pub fn enabled_names(config: &SkillsConfig, mut outcome: LoadOutcome) -> Vec<String> {
    config.apply(&mut outcome);
    outcome.enabled_skills().map(|s| s.name.clone()).collect()
}

/// Writes `<root>/<name>/SKILL.md` and returns its canonical path.
pub fn write_skill(root: &Path, name: &str) -> PathBuf {
    let dir = root.join(name);
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("SKILL.md");
    fs::write(&file, format!("---\nname: {name}\ndescription: d\n---\n")).unwrap();
    dunce::canonicalize(file).unwrap()
}

/// TOML basic string for a path.
pub fn toml_str(path: &Path) -> String {
    format!("{:?}", path.display().to_string())
}
