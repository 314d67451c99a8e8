//! Runs the parsers over every real-world file in the shared corpora (`shared/corpora`, outside
//! the repository): nothing may panic, and the result must agree with what Codex 0.171 made of the
//! same files (`_expected/codex-0171-list.json`).
//!
//! The corpora are found at `<repo>/../shared/corpora` (CI layout) or `/work/shared/corpora`; the
//! test says so and passes when neither exists, since the data is not part of the repository.
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use skilldeck_loader::parse::{ParsedSkillFile, parse_openai_yaml, parse_skill_file};

/// The collections in the order `_expected/build-tree.sh` stacks them: collection `i` is the
/// `.agents/skills` root of `repo/l0/…/l{i-1}`.
const COLLECTIONS: [&str; 9] = [
    "anthropics__skills",
    "openai__skills",
    "obra__superpowers",
    "github__awesome-copilot",
    "wshobson__agents",
    "google-gemini__gemini-cli",
    "vercel-labs__agent-skills",
    "anthropics__claude-plugins-official",
    "sickn33__antigravity-awesome-skills",
];

/// `SKILL.md` files of the corpora that Codex 0.171 rejects, by corpus-relative path, with the
/// reason. Every file not listed here must load.
const KNOWN_REJECTIONS: &[(&str, &str)] = &[];

fn corpora_dir() -> Option<PathBuf> {
    let beside_repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpora");
    [beside_repo, PathBuf::from("/work/shared/corpora")]
        .into_iter()
        .find(|dir| dir.is_dir())
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|entry| entry.expect("dir entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let file_type = fs::symlink_metadata(&path).expect("stat").file_type();
        if file_type.is_dir() {
            files_under(&path, out);
        } else if file_type.is_file() {
            out.push(path);
        }
    }
}

fn relative(corpora: &Path, path: &Path) -> String {
    path.strip_prefix(corpora)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// Parses every `SKILL.md` (by corpus-relative path); `Err` holds the message.
fn parse_all_skill_files(corpora: &Path) -> BTreeMap<String, Result<ParsedSkillFile, String>> {
    let mut files = Vec::new();
    files_under(corpora, &mut files);
    let mut results = BTreeMap::new();
    for path in files {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let bytes = fs::read(&path).expect("read corpus file");
        match name {
            "SKILL.md" => {
                let result = match String::from_utf8(bytes) {
                    Ok(text) => parse_skill_file(&text),
                    Err(e) => Err(format!("failed to read file: {}", e.utf8_error())),
                };
                results.insert(relative(corpora, &path), result);
            }
            "openai.yaml" => {
                let text = String::from_utf8_lossy(&bytes);
                let skill_dir = path.parent().and_then(Path::parent).expect("skill dir");
                let _ = parse_openai_yaml(&text, skill_dir, None);
            }
            _ => {}
        }
    }
    results
}

/// Maps a listed `@BASE@/repo/l0/…/.agents/skills/<rest>` path back to `<collection>/<rest>`.
fn corpus_path_of(listed: &str) -> String {
    let rest = listed
        .strip_prefix("@BASE@/repo/")
        .expect("listed path under @BASE@/repo");
    let (levels, inside) = rest
        .split_once(".agents/skills/")
        .expect("listed path inside an .agents/skills root");
    let depth = levels.matches('/').count();
    format!("{}/{inside}", COLLECTIONS[depth])
}

#[test]
fn every_corpus_file_parses_without_panic_and_only_known_files_fail() {
    let Some(corpora) = corpora_dir() else {
        eprintln!("skipping: no shared/corpora beside the repository nor at /work/shared/corpora");
        return;
    };
    let results = parse_all_skill_files(&corpora);
    let failures: Vec<(&String, &String)> = results
        .iter()
        .filter_map(|(path, result)| result.as_ref().err().map(|message| (path, message)))
        .collect();
    for (path, message) in &failures {
        eprintln!("rejected: {path}: {message}");
    }
    eprintln!(
        "{} SKILL.md files parsed, {} rejected",
        results.len(),
        failures.len()
    );
    let expected: Vec<(&str, &str)> = KNOWN_REJECTIONS.to_vec();
    let actual: Vec<(&str, &str)> = failures
        .iter()
        .map(|(path, message)| (path.as_str(), message.as_str()))
        .collect();
    assert_eq!(actual, expected);
}

#[test]
fn corpus_skills_parse_to_what_codex_listed() {
    let Some(corpora) = corpora_dir() else {
        eprintln!("skipping: no shared/corpora beside the repository nor at /work/shared/corpora");
        return;
    };
    let listing_path = corpora.join("_expected/codex-0171-list.json");
    let listing: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&listing_path).expect("read listing"))
            .expect("listing is JSON");
    let results = parse_all_skill_files(&corpora);
    let skills = listing["skills"].as_array().expect("skills array");
    assert!(!skills.is_empty());
    let mut mismatches = Vec::new();
    for entry in skills {
        let listed = entry["path"].as_str().expect("path");
        let path = corpus_path_of(listed);
        let Some(result) = results.get(&path) else {
            mismatches.push(format!("{path}: listed by Codex but not found"));
            continue;
        };
        let parsed = match result {
            Ok(parsed) => parsed,
            Err(message) => {
                mismatches.push(format!("{path}: Codex loads it, we reject it: {message}"));
                continue;
            }
        };
        let folder = Path::new(&path)
            .parent()
            .and_then(Path::file_name)
            .and_then(|n| n.to_str())
            .expect("folder name");
        let name = parsed.name.as_deref().unwrap_or(folder);
        if name != entry["name"].as_str().expect("name") {
            mismatches.push(format!("{path}: name {name:?} vs {}", entry["name"]));
        }
        if parsed.description != entry["description"].as_str().expect("description") {
            mismatches.push(format!(
                "{path}: description {:?} vs {}",
                parsed.description, entry["description"]
            ));
        }
        if parsed.short_description.as_deref() != entry["shortDescription"].as_str() {
            mismatches.push(format!(
                "{path}: short description {:?} vs {}",
                parsed.short_description, entry["shortDescription"]
            ));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn corpus_openai_yaml_matches_the_listed_interface() {
    let Some(corpora) = corpora_dir() else {
        eprintln!("skipping: no shared/corpora beside the repository nor at /work/shared/corpora");
        return;
    };
    let listing: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(corpora.join("_expected/codex-0171-list.json")).expect("listing"),
    )
    .expect("listing is JSON");
    let mut checked = 0;
    for entry in listing["skills"].as_array().expect("skills") {
        let Some(listed_interface) = entry.get("interface") else {
            continue;
        };
        let skill_md = corpora.join(corpus_path_of(entry["path"].as_str().expect("path")));
        let skill_dir = skill_md.parent().expect("skill dir");
        let text = fs::read_to_string(skill_dir.join("agents/openai.yaml")).expect("openai.yaml");
        let (metadata, diagnostics) = parse_openai_yaml(&text, skill_dir, None);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        let interface = metadata.interface.expect("interface");
        let text_field = |key: &str| listed_interface[key].as_str().map(str::to_owned);
        assert_eq!(interface.display_name, text_field("displayName"));
        assert_eq!(interface.short_description, text_field("shortDescription"));
        assert_eq!(interface.brand_color, text_field("brandColor"));
        assert_eq!(interface.default_prompt, text_field("defaultPrompt"));
        assert_eq!(
            interface.icon_small.is_some(),
            !listed_interface["iconSmall"].is_null()
        );
        assert_eq!(
            interface.icon_large.is_some(),
            !listed_interface["iconLarge"].is_null()
        );
        checked += 1;
    }
    assert!(checked > 0, "the listing has at least one interface");
}
