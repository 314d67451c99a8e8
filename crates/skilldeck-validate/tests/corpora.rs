//! Validation results on the public corpora (`shared/corpora`): a fixed sample pinned by an insta
//! snapshot, and the codex rule set's agreement with what Codex 0.171 itself loaded.
//! Skipped, with a message, when the shared folder is absent.

use std::path::{Path, PathBuf};

use skilldeck_validate::{Finding, RuleSet, skill_files, validate};

/// `shared/` beside the workspace, else `/work/shared`.
fn corpora() -> Option<PathBuf> {
    let local = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpora");
    let found = [local, PathBuf::from("/work/shared/corpora")]
        .into_iter()
        .find(|p| p.is_dir());
    if found.is_none() {
        eprintln!("skipped: shared/corpora not found (../../../shared or /work/shared)");
    }
    found
}

fn collections(corpora: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(corpora)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dirs.retain(|d| d.is_dir() && !d.file_name().unwrap().to_string_lossy().starts_with('_'));
    dirs.sort();
    dirs
}

/// Thirty files across the nine collections: clean ones, and every kind of finding the corpora
/// produce. Each collection is validated as a skill root, then only these files are kept.
const SAMPLE: [&str; 30] = [
    "anthropics__claude-plugins-official/external_plugins/discord/skills/access/SKILL.md",
    "anthropics__claude-plugins-official/plugins/claude-code-setup/skills/claude-automation-recommender/SKILL.md",
    "anthropics__claude-plugins-official/plugins/frontend-design/skills/frontend-design/SKILL.md",
    "anthropics__claude-plugins-official/plugins/hookify/skills/writing-rules/SKILL.md",
    "anthropics__skills/skills/claude-api/SKILL.md",
    "anthropics__skills/skills/mcp-builder/SKILL.md",
    "anthropics__skills/template/SKILL.md",
    "github__awesome-copilot/.github/skills/agentic-workflows/SKILL.md",
    "github__awesome-copilot/skills/acquire-codebase-knowledge/SKILL.md",
    "github__awesome-copilot/skills/agent-skill-stack/SKILL.md",
    "github__awesome-copilot/skills/agent-skill-stack/agents/openai.yaml",
    "github__awesome-copilot/skills/nano-banana-pro-openrouter/SKILL.md",
    "google-gemini__gemini-cli/.gemini/skills/agent-tui/SKILL.md",
    "google-gemini__gemini-cli/packages/cli/src/commands/extensions/examples/skills/skills/greeter/SKILL.md",
    "google-gemini__gemini-cli/tools/caretaker-agent/cloudrun/triage-worker/.gemini/skills/code_explorer/SKILL.md",
    "obra__superpowers/skills/brainstorming/SKILL.md",
    "obra__superpowers/skills/executing-plans/SKILL.md",
    "openai__skills/skills/.curated/gh-fix-ci/SKILL.md",
    "openai__skills/skills/.system/skill-creator/SKILL.md",
    "sickn33__antigravity-awesome-skills/skills/active-directory-attacks/SKILL.md",
    "sickn33__antigravity-awesome-skills/skills/api-fuzzing-bug-bounty/SKILL.md",
    "sickn33__antigravity-awesome-skills/skills/brainstorming/SKILL.md",
    "sickn33__antigravity-awesome-skills/skills/daily-news-report/SKILL.md",
    "sickn33__antigravity-awesome-skills/skills/react-best-practices/SKILL.md",
    "vercel-labs__agent-skills/skills/deploy-to-vercel/SKILL.md",
    "vercel-labs__agent-skills/skills/react-best-practices/SKILL.md",
    "vercel-labs__agent-skills/skills/web-design-guidelines/SKILL.md",
    "wshobson__agents/plugins/agent-teams/skills/multi-reviewer-patterns/SKILL.md",
    "wshobson__agents/plugins/agent-teams/skills/parallel-debugging/SKILL.md",
    "wshobson__agents/plugins/python-development/skills/async-python-patterns/SKILL.md",
];

/// Paths relative to the corpora folder, in paths and messages, so the snapshot is portable.
fn relative(corpora: &Path, mut finding: Finding) -> Finding {
    let prefix = format!("{}/", corpora.display());
    finding.path = finding
        .path
        .strip_prefix(corpora)
        .map(Path::to_path_buf)
        .unwrap_or(finding.path);
    finding.message = finding.message.replace(&prefix, "");
    finding
}

#[test]
fn sample_of_the_corpora_gives_the_reviewed_findings() {
    let Some(corpora) = corpora() else { return };
    for rel in SAMPLE {
        assert!(corpora.join(rel).is_file(), "sample file missing: {rel}");
    }
    let mut findings = Vec::new();
    for collection in collections(&corpora) {
        let all = validate(&[collection], &RuleSet::ALL);
        findings.extend(
            all.into_iter()
                .map(|f| relative(&corpora, f))
                .filter(|f| SAMPLE.iter().any(|rel| f.path == Path::new(rel))),
        );
    }
    insta::assert_json_snapshot!("corpora_sample_findings", findings);
}

#[test]
fn codex_rules_agree_with_what_codex_0171_loaded_from_the_corpora() {
    let Some(corpora) = corpora() else { return };
    // `_expected/README.md`: 1,256 SKILL.md files, 1,222 loaded, 0 errors; the other 34 sit in
    // hidden folders or deeper than six levels.
    let mut files = 0;
    let mut findings = Vec::new();
    for collection in collections(&corpora) {
        files += skill_files(std::slice::from_ref(&collection)).len();
        findings.extend(validate(&[collection], &[RuleSet::Codex]));
    }
    let count = |code: &str| findings.iter().filter(|f| f.code == code).count();
    assert_eq!(files, 1256);
    assert_eq!(findings.iter().filter(|f| f.is_error()).count(), 0);
    assert_eq!(count("codex/hidden-path") + count("codex/too-deep"), 34);
    assert_eq!(count("codex/symlinked-skill-file"), 0);

    // Name and description warnings match the skills Codex listed.
    let listing: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(corpora.join("_expected/codex-0171-list.json")).unwrap(),
    )
    .unwrap();
    let skills = listing["skills"].as_array().unwrap();
    assert_eq!(skills.len(), files - 34);
    let unmentionable = skills
        .iter()
        .filter(|s| {
            let name = s["name"].as_str().unwrap();
            !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ':' | '-'))
        })
        .count();
    let long = skills
        .iter()
        .filter(|s| s["description"].as_str().unwrap().chars().count() > 1024)
        .count();
    assert_eq!(count("codex/name-not-mentionable"), unmentionable);
    assert_eq!(count("codex/description-truncated"), long);
}
