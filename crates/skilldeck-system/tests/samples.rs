//! The bundled skills themselves: each loads cleanly and follows our own authoring rules.

use serde_yaml::Value;
use skilldeck_system::{BUNDLED, Dir, DirEntry};

fn skills() -> Vec<&'static Dir<'static>> {
    BUNDLED
        .entries()
        .iter()
        .filter_map(|entry| match entry {
            DirEntry::Dir(dir) => Some(dir),
            DirEntry::File(_) => None,
        })
        .collect()
}

fn text(dir: &Dir<'_>, relative: &str) -> String {
    let file = dir
        .get_file(dir.path().join(relative))
        .unwrap_or_else(|| panic!("{}/{relative} is missing", dir.path().display()));
    String::from_utf8(file.contents().to_vec()).expect("UTF-8")
}

fn folder_name(dir: &Dir<'_>) -> String {
    dir.path()
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

fn front_matter(skill_md: &str) -> Value {
    let rest = skill_md
        .strip_prefix("---\n")
        .expect("SKILL.md starts with ---");
    let (yaml, _) = rest.split_once("\n---\n").expect("closing ---");
    serde_yaml::from_str(yaml).expect("front matter is YAML")
}

fn string<'v>(value: &'v Value, path: &[&str]) -> &'v str {
    let mut current = value;
    for key in path {
        current = &current[*key];
    }
    current
        .as_str()
        .unwrap_or_else(|| panic!("{} is not a string", path.join(".")))
}

#[test]
fn there_are_three_bundled_skills() {
    let mut names: Vec<_> = skills().into_iter().map(folder_name).collect();
    names.sort();
    assert_eq!(
        names,
        ["skill-auditor", "skill-budget-doctor", "skill-creator"]
    );
}

#[test]
fn each_front_matter_names_its_folder_and_has_short_descriptions() {
    for dir in skills() {
        let meta = front_matter(&text(dir, "SKILL.md"));
        let name = string(&meta, &["name"]);
        assert_eq!(name, folder_name(dir));
        assert!(name.chars().count() <= 64);
        let description = string(&meta, &["description"]);
        // Our own rule: well under the catalog's 1,024-character cut, trigger words first.
        assert!(
            description.chars().count() <= 300,
            "{name}: description too long"
        );
        assert!(
            description.contains("Use when"),
            "{name}: no 'Use when' clause"
        );
        assert!(!string(&meta, &["metadata", "short-description"]).is_empty());
    }
}

#[test]
fn each_skill_file_stays_short() {
    for dir in skills() {
        let body = text(dir, "SKILL.md");
        assert!(
            body.len() < 8_000,
            "{}: {} bytes",
            folder_name(dir),
            body.len()
        );
    }
}

#[test]
fn each_openai_yaml_has_an_interface_that_mentions_the_skill() {
    for dir in skills() {
        let name = folder_name(dir);
        let yaml: Value = serde_yaml::from_str(&text(dir, "agents/openai.yaml")).expect("YAML");
        assert!(
            string(&yaml, &["interface", "display_name"])
                .chars()
                .count()
                <= 64
        );
        assert!(!string(&yaml, &["interface", "short_description"]).is_empty());
        let prompt = string(&yaml, &["interface", "default_prompt"]);
        assert!(prompt.contains(&format!("${name}")), "{name}: {prompt}");
    }
}

#[test]
fn files_named_in_a_skill_file_are_shipped() {
    for dir in skills() {
        let body = text(dir, "SKILL.md");
        let named = body
            .split(|c: char| c.is_whitespace() || c == '`')
            .map(|word| word.trim_end_matches(['.', ',', ')', ':']))
            .filter(|word| word.starts_with("scripts/") || word.starts_with("references/"))
            .filter(|word| !word.contains('<') && word.contains('.'));
        for relative in named {
            assert!(
                dir.get_file(dir.path().join(relative)).is_some(),
                "{}: {relative} is referenced but not shipped",
                folder_name(dir)
            );
        }
    }
}
