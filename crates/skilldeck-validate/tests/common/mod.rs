//! Helpers shared by the rule tests: texts checked in memory, trees built in temp dirs.
#![allow(dead_code)] // Each test file uses a subset.

use std::fs;
use std::path::{Path, PathBuf};

use skilldeck_validate::{Finding, RuleSet, validate_text};

/// The path every in-memory text is checked as (folder `my-skill`).
pub const SKILL_PATH: &str = "my-skill/SKILL.md";

/// A front matter with `lines` between the delimiters, and a body.
pub fn skill(lines: &str) -> String {
    format!("---\n{lines}\n---\n\nBody.\n")
}

/// Findings of `text` under one rule set.
pub fn findings(text: &str, rules: RuleSet) -> Vec<Finding> {
    validate_text(Path::new(SKILL_PATH), text, &[rules])
}

/// Codes of `text` under one rule set.
pub fn codes(text: &str, rules: RuleSet) -> Vec<&'static str> {
    findings(text, rules).into_iter().map(|f| f.code).collect()
}

/// The only finding with `code`, failing the test when there is not exactly one.
pub fn only(findings: &[Finding], code: &str) -> Finding {
    let hits: Vec<&Finding> = findings.iter().filter(|f| f.code == code).collect();
    assert_eq!(hits.len(), 1, "expected one {code} in {findings:#?}");
    hits[0].clone()
}

/// Writes `text` to `root/rel`, creating folders.
pub fn write(root: &Path, rel: &str, text: &str) -> PathBuf {
    let path = root.join(rel);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, text).unwrap();
    path
}

/// A valid skill named after its folder.
pub fn valid(name: &str) -> String {
    skill(&format!("name: {name}\ndescription: Does {name} things"))
}
