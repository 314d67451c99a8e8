//! `SKILL.md` parsing (spec §5.2–5.8, errata §4). STUB: signatures agreed between the loader helpers.

/// What a `SKILL.md` says, normalised.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedSkillFile {
    /// Whitespace-collapsed `name`; `None` when absent, null or empty (the folder name is used).
    pub name: Option<String>,
    /// Whitespace-collapsed `description`; never empty.
    pub description: String,
    /// Whitespace-collapsed `metadata.short-description`; `None` when absent or empty.
    pub short_description: Option<String>,
    /// Front-matter `disable-model-invocation: true` (ignored unless an option honours it).
    pub disable_model_invocation: bool,
}

/// Parses a whole (or front-matter-complete prefix of a) `SKILL.md` text. `Err` carries the exact
/// Codex message, e.g. `missing YAML frontmatter delimited by ---`.
pub fn parse_skill_file(text: &str) -> Result<ParsedSkillFile, String> {
    let _ = text;
    Err("missing YAML frontmatter delimited by ---".to_owned())
}
