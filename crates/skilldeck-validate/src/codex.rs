//! The `codex` rule set for `SKILL.md`: what Codex 0.171 rejects (errors carrying Codex's exact
//! message, produced by the loader's own parser) and what it silently ignores or degrades
//! (warnings that say what is lost).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use skilldeck_loader::parse::{
    collapse_whitespace, extract_frontmatter, namespace_from_manifest, parse_skill_file,
};
use skilldeck_model::Severity;

use crate::finding::Finding;
use crate::frontmatter::{codex_early_close, codex_missing_cause};
use crate::hint::{offset_position, portable_name, quote_value, value_has_colon, yaml_line};
use crate::locate::key_position;
use crate::locate::line_value;
use crate::read::Content;
use crate::walk::{CODEX_MAX_DEPTH, Candidate, Reach};
use skilldeck_injection::{ENVIRONMENT_VARIABLE_NAMES, is_mention_name_byte};

/// Rule-set name in findings.
pub(crate) const RULES: &str = "codex";
/// Codex's name limit (errata §4.3), in characters after whitespace collapsing.
const MAX_NAME_CHARS: usize = 64;
/// Longer catalog descriptions are cut to 1021 characters + `...` (errata §8.d).
const CATALOG_DESCRIPTION_CHARS: usize = 1024;
/// Codex's front matter starts on the second line of the file.
const FIRST_YAML_LINE: usize = 2;

/// A skill Codex loads, for the duplicate-name check.
#[derive(Clone, Debug)]
pub(crate) struct Loaded {
    pub name: String,
    pub path: PathBuf,
    pub line: Option<usize>,
}

/// The part of Codex's front-matter schema that decides whether the YAML repair runs: `serde_yaml`
/// reads any scalar into a `String`, so only syntax errors, non-scalar values and a non-mapping
/// `metadata` fail here (exactly the cases where Codex retries with its repair).
#[derive(Deserialize)]
#[allow(dead_code)] // Deserialised only to learn whether the schema accepts the text.
struct CodexFrontmatter {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    description: Option<String>,
    // Not an `Option`, as in Codex: `metadata: null` is a type error, an empty `metadata:` is not.
    #[serde(default)]
    metadata: CodexMetadata,
}

#[derive(Default, Deserialize)]
#[allow(dead_code)]
struct CodexMetadata {
    #[serde(default, rename = "short-description")]
    short_description: Option<String>,
}

fn finding(
    path: &Path,
    code: &'static str,
    severity: Severity,
    message: impl Into<String>,
) -> Finding {
    Finding::new(path, RULES, code, severity, message)
}

/// Checks one candidate; returns the skill when Codex would load it.
pub(crate) fn check(
    candidate: &Candidate,
    content: &Content,
    out: &mut Vec<Finding>,
) -> Option<Loaded> {
    let path = candidate.path.as_path();
    if !reachable(candidate, out) {
        return None;
    }
    let text = match content {
        Content::Text(text) => text,
        Content::NotUtf8(error) => {
            out.push(
                finding(
                    path,
                    "codex/not-utf8",
                    Severity::Error,
                    format!("failed to read file: {error}"),
                )
                .with_hint("save the file as UTF-8"),
            );
            return None;
        }
        Content::Unreadable(error) => {
            out.push(finding(
                path,
                "codex/read-failed",
                Severity::Error,
                format!("failed to read file: {error}"),
            ));
            return None;
        }
        Content::TooLargeForCodex => {
            out.push(finding(
                path,
                "codex/read-failed",
                Severity::Error,
                "failed to read file: file is too large to read: limit is 536870912 bytes",
            ));
            return None;
        }
        Content::TooLargeToCheck => return None,
    };
    let namespace = plugin_namespace(path);
    check_text(path, text, namespace.as_deref(), out)
}

/// Manifest locations below a plugin root, in probing order; only the first existing one counts.
const MANIFEST_PATHS: [&str; 2] = [".codex-plugin/plugin.json", ".claude-plugin/plugin.json"];

/// The namespace of the nearest valid plugin manifest at or above the skill's canonical folder
/// (an invalid manifest gives way to the next one outwards), as Codex qualifies names
/// (`<namespace>:<name>`, errata §4.4).
fn plugin_namespace(path: &Path) -> Option<String> {
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let dir = std::fs::canonicalize(parent).ok()?;
    dir.ancestors().find_map(|ancestor| {
        let manifest = MANIFEST_PATHS
            .iter()
            .map(|rel| ancestor.join(rel))
            .find(|m| std::fs::metadata(m).is_ok_and(|meta| meta.is_file()))?;
        match crate::read::read(&manifest) {
            Content::Text(text) => namespace_from_manifest(&text, ancestor),
            _ => None,
        }
    })
}

/// Reports why Codex never reads a candidate; `true` when it does read it.
fn reachable(candidate: &Candidate, out: &mut Vec<Finding>) -> bool {
    let path = candidate.path.as_path();
    let unreached = match &candidate.reach {
        Reach::Loaded => return true,
        Reach::Symlinked => finding(
            path,
            "codex/symlinked-skill-file",
            Severity::Warning,
            "SKILL.md is a symbolic link: Codex ignores it without any error (it follows linked \
             folders, never linked files)",
        )
        .with_hint("replace the link with the file itself, or link the whole skill folder instead"),
        Reach::Hidden(dir) => finding(
            path,
            "codex/hidden-path",
            Severity::Warning,
            format!("Codex never loads this file: it is inside the hidden directory `{dir}` below the given folder"),
        )
        .with_hint("move the skill folder out of directories whose names start with `.`"),
        Reach::TooDeep(depth) => finding(
            path,
            "codex/too-deep",
            Severity::Warning,
            format!(
                "Codex never loads this file: its folder is {depth} levels below the given folder, \
                 and Codex looks at most {CODEX_MAX_DEPTH} levels deep"
            ),
        )
        .with_hint("move the skill folder closer to the skills root"),
        Reach::NotNamedSkillMd => finding(
            path,
            "codex/not-skill-md",
            Severity::Warning,
            "Codex only loads files named exactly `SKILL.md` (case-sensitive); this file is never loaded",
        )
        .with_hint("rename the file to SKILL.md"),
    };
    out.push(unreached);
    false
}

/// Checks a `SKILL.md` text Codex reads; `namespace` is the plugin namespace that qualifies its
/// name, if any.
pub(crate) fn check_text(
    path: &Path,
    text: &str,
    namespace: Option<&str>,
    out: &mut Vec<Finding>,
) -> Option<Loaded> {
    if let Some((line, intended)) = codex_early_close(text) {
        out.push(
            finding(
                path,
                "codex/frontmatter-closed-early",
                Severity::Warning,
                format!(
                    "the indented `---` on line {line} ends the front matter for Codex (any line that is \
                     `---` after trimming closes it, even inside a block scalar); lines {} to {} are \
                     not read as metadata",
                    line + 1,
                    intended - 1
                ),
            )
            .at(Some(line), Some(1))
            .with_hint("remove that `---` line from the front matter, or write it another way (e.g. `- - -`)"),
        );
    }
    let parsed = match parse_skill_file(text) {
        Ok(parsed) => parsed,
        Err(message) => {
            out.push(rejection(path, text, message));
            return None;
        }
    };
    let yaml = extract_frontmatter(text).unwrap_or_default();
    if let Err(error) = serde_yaml::from_str::<CodexFrontmatter>(&yaml) {
        out.push(repaired(path, &yaml, &error));
    }
    let name_line = key_line(&yaml, &["name"]);
    let name = if let Some(name) = parsed.name {
        name
    } else {
        let fallback = folder_name(path);
        if fallback.chars().count() > MAX_NAME_CHARS {
            out.push(
                finding(path, "codex/name-too-long", Severity::Error, "invalid name: exceeds maximum length of 64 characters")
                    .with_hint("the front matter has no `name`, so the folder name is used; add a `name:` of at most 64 characters"),
            );
            return None;
        }
        fallback
    };
    if name.chars().count() > MAX_NAME_CHARS {
        // The loader rejects this itself; kept so the rule holds whatever the parser version.
        out.push(
            finding(
                path,
                "codex/name-too-long",
                Severity::Error,
                "invalid name: exceeds maximum length of 64 characters",
            )
            .at(name_line.map(|p| p.0), name_line.map(|p| p.1)),
        );
        return None;
    }
    let name = match namespace {
        Some(namespace) => format!("{namespace}:{name}"),
        None => name,
    };
    check_mentionable(path, &name, name_line, out);
    let description_chars = parsed.description.chars().count();
    if description_chars > CATALOG_DESCRIPTION_CHARS {
        let line = key_line(&yaml, &["description"]);
        out.push(
            finding(
                path,
                "codex/description-truncated",
                Severity::Warning,
                format!(
                    "description has {description_chars} characters: Codex's catalog shows only the first \
                     1021 followed by `...`"
                ),
            )
            .at(line.map(|p| p.0), line.map(|p| p.1))
            .with_hint("keep the description within 1024 characters and move detail into the body"),
        );
    }
    Some(Loaded {
        name,
        path: path.to_path_buf(),
        line: name_line.map(|p| p.0),
    })
}

/// File line and column of a front-matter key.
fn key_line(yaml: &str, key_path: &[&str]) -> Option<(usize, usize)> {
    key_position(yaml, key_path).map(|(line, column)| (line + FIRST_YAML_LINE - 1, column))
}

/// The name Codex falls back to: the canonical parent folder's name, collapsed; `skill` if empty.
fn folder_name(path: &Path) -> String {
    let parent = path.parent().unwrap_or(Path::new("."));
    let canonical = std::fs::canonicalize(parent).unwrap_or_else(|_| parent.to_path_buf());
    let name = canonical
        .file_name()
        .and_then(|n| n.to_str())
        .map(collapse_whitespace)
        .unwrap_or_default();
    if name.is_empty() {
        "skill".to_owned()
    } else {
        name
    }
}

/// A Codex rejection, with its exact message and a stable code, line and hint.
fn rejection(path: &Path, text: &str, message: String) -> Finding {
    let yaml = extract_frontmatter(text).unwrap_or_default();
    if message.starts_with("missing YAML frontmatter") {
        let cause = codex_missing_cause(text);
        return finding(path, cause.codex_code(), Severity::Error, message)
            .at(Some(cause.line()), Some(1))
            .with_hint(cause.explanation());
    }
    if let Some(detail) = message.strip_prefix("invalid YAML: ") {
        let position = yaml_position(detail).or_else(|| fallback_position(&yaml, detail));
        let mut f = finding(path, "codex/invalid-yaml", Severity::Error, message.clone()).at(
            position.map(|p| p.0 + FIRST_YAML_LINE - 1),
            position.map(|p| p.1),
        );
        if let Some(hint) = yaml_error_hint(detail, position.and_then(|p| yaml_line(&yaml, p.0))) {
            f = f.with_hint(hint);
        }
        return f;
    }
    if message == "missing field `description`" {
        let line = key_line(&yaml, &["description"]);
        return finding(path, "codex/missing-description", Severity::Error, message)
            .at(line.map(|p| p.0), line.map(|p| p.1))
            .with_hint(
                "add `description: <what the skill does and when to use it>` to the front matter",
            );
    }
    if message.starts_with("invalid name:") {
        let line = key_line(&yaml, &["name"]);
        return finding(path, "codex/name-too-long", Severity::Error, message)
            .at(line.map(|p| p.0), line.map(|p| p.1))
            .with_hint("shorten the name to at most 64 characters");
    }
    let code = if message.starts_with("failed to read file") {
        "codex/read-failed"
    } else if message == "missing field `name`" {
        "codex/missing-name"
    } else if message.starts_with("invalid qualified name") {
        "codex/qualified-name-too-long"
    } else if message.starts_with("invalid description") {
        "codex/description-too-long"
    } else if message.starts_with("invalid metadata.short-description") {
        "codex/short-description-too-long"
    } else {
        "codex/rejected"
    };
    finding(path, code, Severity::Error, message)
}

/// A position for parser messages that carry none: the second occurrence of a duplicate
/// top-level key, or the byte offset of `at position N`.
pub(crate) fn fallback_position(yaml: &str, detail: &str) -> Option<(usize, usize)> {
    let duplicate = detail
        .strip_prefix("duplicate field `")
        .and_then(|rest| rest.split('`').next())
        .or_else(|| {
            let rest = detail.strip_prefix("duplicate entry with key \"")?;
            rest.split('"').next()
        });
    if let Some(key) = duplicate {
        return yaml
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.starts_with(' ') && crate::locate::line_key(l) == Some(key))
            .nth(1)
            .map(|(index, _)| (index + 1, 1));
    }
    let rest = &detail[detail.find(" at position ")? + " at position ".len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some(offset_position(yaml, digits.parse().ok()?))
}

/// `(line, column)` of the first ` at line L column C` in a `serde_yaml` message (1-based, counted
/// in the front-matter text).
pub(crate) fn yaml_position(message: &str) -> Option<(usize, usize)> {
    let rest = &message[message.find(" at line ")? + " at line ".len()..];
    let (line, rest) = rest.split_once(" column ")?;
    let column: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some((line.parse().ok()?, column.parse().ok()?))
}

/// A fix for common YAML errors, from the parser message and the offending line.
pub(crate) fn yaml_error_hint(detail: &str, line: Option<&str>) -> Option<String> {
    if detail.contains("mapping values are not allowed") {
        if let Some(line) = line.filter(|l| value_has_colon(l)) {
            return quote_value(line);
        }
        if line.is_some_and(|l| l.starts_with(' ')) {
            return Some(
                "check the indentation: this key is indented below a key that already has a value"
                    .to_owned(),
            );
        }
        return Some("quote values that contain `: `".to_owned());
    }
    if detail.contains("control characters are not allowed") {
        return Some(
            "remove the control character (e.g. a NUL byte) from the front matter".to_owned(),
        );
    }
    if detail.contains("cannot start any token") && line.is_some_and(|l| l.starts_with('\t')) {
        return Some("indent with spaces; YAML does not allow tabs for indentation".to_owned());
    }
    if detail.contains("expected struct SkillFrontmatterMetadata") {
        return Some(
            "`metadata` must be a mapping: `metadata:` followed by indented `key: value` lines"
                .to_owned(),
        );
    }
    if detail.starts_with("duplicate field") {
        return Some("remove the repeated key".to_owned());
    }
    if detail.contains("expected a string") {
        let flow = line
            .and_then(line_value)
            .is_some_and(|v| v.starts_with('[') || v.starts_with('{'));
        if let Some(hint) = line.filter(|_| flow).and_then(quote_value) {
            return Some(hint);
        }
        return Some("write the value as one string (quote it), not a list or mapping".to_owned());
    }
    if detail.contains("did not find expected key")
        || detail.contains("found unexpected end of stream")
    {
        let unclosed = line.and_then(line_value).is_some_and(|v| {
            let quote = v.chars().next().filter(|c| *c == '"' || *c == '\'');
            quote.is_some_and(|q| v.len() == 1 || !v.ends_with(q))
        });
        if unclosed {
            return Some("close the quoted value with the same quote it opens with".to_owned());
        }
        return line.and_then(quote_value);
    }
    None
}

/// The warning for a front matter that only loads thanks to Codex's YAML repair.
fn repaired(path: &Path, yaml: &str, error: &serde_yaml::Error) -> Finding {
    let position = error.location().map(|l| (l.line(), l.column()));
    let mut f = finding(
        path,
        "codex/yaml-repaired",
        Severity::Warning,
        format!(
            "the front matter is not valid YAML ({error}); Codex 0.171 loads it only after its own \
             line repair, while other tools (Claude Code, skills-ref, older Codex releases) reject the file"
        ),
    )
    .at(position.map(|p| p.0 + FIRST_YAML_LINE - 1), position.map(|p| p.1));
    if let Some(hint) = yaml_error_hint(
        &error.to_string(),
        position.and_then(|p| yaml_line(yaml, p.0)),
    ) {
        f = f.with_hint(hint);
    }
    f
}

/// Warnings for names a `$name` mention can never (or only awkwardly) select (spec §9.2).
fn check_mentionable(
    path: &Path,
    name: &str,
    line: Option<(usize, usize)>,
    out: &mut Vec<Finding>,
) {
    let at = |f: Finding| f.at(line.map(|p| p.0), line.map(|p| p.1));
    let bad: Vec<char> = {
        let mut chars: Vec<char> = name.chars().filter(|c| !is_mention_char(*c)).collect();
        chars.sort_unstable();
        chars.dedup();
        chars
    };
    let suggestion = portable_name(name).map(|n| format!("rename it to `{n}`"));
    if !bad.is_empty() {
        let listed: Vec<String> = bad.iter().map(|c| describe_char(*c)).collect();
        let read_as: String = name.chars().take_while(|c| is_mention_char(*c)).collect();
        let effect = if read_as.is_empty() {
            "a `$` mention cannot start with it".to_owned()
        } else {
            format!("`${name}` is read as `${read_as}`")
        };
        let mut f = at(finding(
            path,
            "codex/name-not-mentionable",
            Severity::Warning,
            format!(
                "name `{name}` contains {} that a `$` mention cannot include ({effect}), so no `$` mention \
                 ever selects this skill",
                listed.join(", ")
            ),
        ));
        if let Some(s) = &suggestion {
            f = f.with_hint(s.clone());
        }
        out.push(f);
        return;
    }
    if let Some(var) = ENVIRONMENT_VARIABLE_NAMES
        .iter()
        .find(|var| var.eq_ignore_ascii_case(name))
    {
        out.push(
            at(finding(
                path,
                "codex/name-is-env-var",
                Severity::Warning,
                format!(
                    "name `{name}` equals the environment variable {var} (compared case-insensitively): Codex \
                     discards such mentions, so `${name}` never selects this skill"
                ),
            ))
            .with_hint(format!("rename it, e.g. `{}-skill`", name.to_ascii_lowercase())),
        );
        return;
    }
    if name.ends_with(':') {
        let bare = name.trim_end_matches(':');
        out.push(
            at(finding(
                path,
                "codex/name-trailing-colon",
                Severity::Warning,
                format!(
                    "name `{name}` ends with `:`: only the exact text `${name}` selects it, and `${bare}` \
                     followed by punctuation or a space never does"
                ),
            ))
            .with_hint(format!("remove the trailing colon: `name: {bare}`")),
        );
    }
}

/// Characters a `$` mention name may contain: the injection grammar's `[A-Za-z0-9_:-]`.
fn is_mention_char(c: char) -> bool {
    u8::try_from(c).is_ok_and(is_mention_name_byte)
}

fn describe_char(c: char) -> String {
    match c {
        ' ' => "a space".to_owned(),
        c if c.is_ascii_graphic() => format!("`{c}`"),
        c => format!("`{c}` (U+{:04X})", u32::from(c)),
    }
}

/// Warnings for names shared by several loaded skills (a plain `$name` is then ambiguous).
pub(crate) fn duplicate_names(loaded: &[Loaded], out: &mut Vec<Finding>) {
    let mut by_name: BTreeMap<&str, Vec<&Loaded>> = BTreeMap::new();
    for skill in loaded {
        by_name.entry(skill.name.as_str()).or_default().push(skill);
    }
    for (name, skills) in by_name.into_iter().filter(|(_, skills)| skills.len() > 1) {
        for skill in &skills {
            let others: Vec<String> = skills
                .iter()
                .filter(|other| other.path != skill.path)
                .map(|other| skilldeck_model::display_path(&other.path))
                .collect();
            out.push(
                finding(
                    &skill.path,
                    "codex/duplicate-name",
                    Severity::Warning,
                    format!(
                        "name `{name}` is also used by {}: a plain `${name}` mention is ambiguous and Codex \
                         injects neither skill",
                        others.join(", ")
                    ),
                )
                .at(skill.line, skill.line.map(|_| 1))
                .with_hint(format!("give one of them another name, or mention it by path: `[${name}](<path to SKILL.md>)`")),
            );
        }
    }
}
