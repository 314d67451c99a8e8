//! `agents/openai.yaml` (spec §6, errata §5).
//!
//! The file is optional UI and policy metadata, and Codex treats it fail-open: any YAML or
//! schema error discards the whole file (all three sections) and the skill still loads. Inside a
//! valid file each field is then checked on its own, and a bad field is dropped with a log line
//! while the others are kept. Both kinds of finding become [`Diagnostic`]s here; none of them is
//! a skill error.
use std::path::{Component, Path, PathBuf};

use serde::Deserialize;
use skilldeck_model::{
    Diagnostic, Product, SkillDependencies, SkillInterface, SkillPolicy, SkillToolDependency,
    lexically_normalize,
};

use crate::text::collapse_whitespace;

/// Diagnostic code when the whole file was discarded.
pub const CODE_INVALID_FILE: &str = "openai_yaml.invalid";
/// Diagnostic code when one field (or one dependency entry) was dropped.
pub const CODE_FIELD_IGNORED: &str = "openai_yaml.field_ignored";

const MAX_DISPLAY_NAME: usize = 64;
const MAX_TEXT: usize = 1024;
const MAX_DEPENDENCY_TYPE: usize = 64;
const MAX_DEPENDENCY_TRANSPORT: usize = 64;

/// The three sections of `agents/openai.yaml` after validation; all `None` when the file is invalid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenAiMetadata {
    /// `interface`, `None` when absent or when no field survived validation.
    pub interface: Option<SkillInterface>,
    /// `dependencies`, `None` when absent or no valid tool remains.
    pub dependencies: Option<SkillDependencies>,
    /// `policy`, `Some` whenever the key is present.
    pub policy: Option<SkillPolicy>,
}

#[derive(Default, Deserialize)]
struct MetadataFile {
    #[serde(default)]
    interface: Option<InterfaceSection>,
    #[serde(default)]
    dependencies: Option<DependenciesSection>,
    #[serde(default)]
    policy: Option<PolicySection>,
}

#[derive(Default, Deserialize)]
struct InterfaceSection {
    display_name: Option<String>,
    short_description: Option<String>,
    icon_small: Option<PathBuf>,
    icon_large: Option<PathBuf>,
    brand_color: Option<String>,
    default_prompt: Option<String>,
}

#[derive(Default, Deserialize)]
struct DependenciesSection {
    #[serde(default)]
    tools: Vec<ToolEntry>,
}

#[derive(Default, Deserialize)]
struct ToolEntry {
    #[serde(rename = "type")]
    kind: Option<String>,
    value: Option<String>,
    description: Option<String>,
    transport: Option<String>,
    command: Option<String>,
    url: Option<String>,
}

#[derive(Default, Deserialize)]
struct PolicySection {
    #[serde(default)]
    allow_implicit_invocation: Option<bool>,
    #[serde(default)]
    products: Vec<Product>,
}

/// Parses the file text. Fail-open: an invalid document yields empty metadata plus a diagnostic.
/// `skill_dir` is the canonical skill directory (icons resolve below it); `plugin_root` enables
/// the shared `<plugin_root>/assets/` icon rule.
///
/// The discard diagnostic names `<skill_dir>/agents/openai.yaml`, which is where the scanner
/// reads the file from; use `parse_openai_yaml_at` when the text came from elsewhere.
pub fn parse_openai_yaml(
    text: &str,
    skill_dir: &Path,
    plugin_root: Option<&Path>,
) -> (OpenAiMetadata, Vec<Diagnostic>) {
    let file = skill_dir.join("agents").join("openai.yaml");
    parse_openai_yaml_at(text, &file, skill_dir, plugin_root)
}

/// [`parse_openai_yaml`] with the file's own path, used in the discard diagnostic
/// (`ignoring <file>: invalid openai.yaml: <error>`).
pub fn parse_openai_yaml_at(
    text: &str,
    file: &Path,
    skill_dir: &Path,
    plugin_root: Option<&Path>,
) -> (OpenAiMetadata, Vec<Diagnostic>) {
    let parsed: MetadataFile = match serde_yaml::from_str(text) {
        Ok(parsed) => parsed,
        Err(error) => {
            let message = format!("ignoring {}: invalid openai.yaml: {error}", file.display());
            let diagnostic = Diagnostic::warning(CODE_INVALID_FILE, message).at(file);
            return (OpenAiMetadata::default(), vec![diagnostic]);
        }
    };
    let mut log = FieldLog {
        file,
        diagnostics: Vec::new(),
    };
    let metadata = OpenAiMetadata {
        interface: parsed
            .interface
            .and_then(|section| resolve_interface(section, skill_dir, plugin_root, &mut log)),
        dependencies: parsed
            .dependencies
            .and_then(|section| resolve_dependencies(section, &mut log)),
        policy: parsed.policy.map(|section| SkillPolicy {
            allow_implicit_invocation: section.allow_implicit_invocation,
            products: section.products,
        }),
    };
    (metadata, log.diagnostics)
}

/// Collects the per-field "ignoring <field>: <reason>" findings.
struct FieldLog<'a> {
    file: &'a Path,
    diagnostics: Vec<Diagnostic>,
}

impl FieldLog<'_> {
    fn ignore(&mut self, field: &str, reason: &str) {
        self.diagnostics.push(
            Diagnostic::warning(CODE_FIELD_IGNORED, format!("ignoring {field}: {reason}"))
                .at(self.file),
        );
    }
}

fn resolve_interface(
    section: InterfaceSection,
    skill_dir: &Path,
    plugin_root: Option<&Path>,
    log: &mut FieldLog<'_>,
) -> Option<SkillInterface> {
    let interface = SkillInterface {
        display_name: optional_text(
            section.display_name,
            MAX_DISPLAY_NAME,
            "interface.display_name",
            log,
        ),
        short_description: optional_text(
            section.short_description,
            MAX_TEXT,
            "interface.short_description",
            log,
        ),
        icon_small: resolve_icon(
            section.icon_small,
            skill_dir,
            plugin_root,
            "interface.icon_small",
            log,
        ),
        icon_large: resolve_icon(
            section.icon_large,
            skill_dir,
            plugin_root,
            "interface.icon_large",
            log,
        ),
        brand_color: resolve_brand_color(section.brand_color, log),
        default_prompt: optional_text(
            section.default_prompt,
            MAX_TEXT,
            "interface.default_prompt",
            log,
        ),
    };
    (!interface.is_empty()).then_some(interface)
}

fn resolve_dependencies(
    section: DependenciesSection,
    log: &mut FieldLog<'_>,
) -> Option<SkillDependencies> {
    let tools: Vec<SkillToolDependency> = section
        .tools
        .into_iter()
        .filter_map(|tool| resolve_tool(tool, log))
        .collect();
    (!tools.is_empty()).then_some(SkillDependencies { tools })
}

fn resolve_tool(tool: ToolEntry, log: &mut FieldLog<'_>) -> Option<SkillToolDependency> {
    let kind = required_text(
        tool.kind,
        MAX_DEPENDENCY_TYPE,
        "dependencies.tools.type",
        log,
    )?;
    let value = required_text(tool.value, MAX_TEXT, "dependencies.tools.value", log)?;
    Some(SkillToolDependency {
        kind,
        value,
        description: optional_text(
            tool.description,
            MAX_TEXT,
            "dependencies.tools.description",
            log,
        ),
        transport: optional_text(
            tool.transport,
            MAX_DEPENDENCY_TRANSPORT,
            "dependencies.tools.transport",
            log,
        ),
        command: optional_text(tool.command, MAX_TEXT, "dependencies.tools.command", log),
        url: optional_text(tool.url, MAX_TEXT, "dependencies.tools.url", log),
    })
}

/// Collapsed text, or `None` (logged) when empty or longer than `max_chars` characters.
fn optional_text(
    value: Option<String>,
    max_chars: usize,
    field: &str,
    log: &mut FieldLog<'_>,
) -> Option<String> {
    let value = collapse_whitespace(&value?);
    if value.is_empty() {
        log.ignore(field, "value is empty");
        return None;
    }
    if value.chars().count() > max_chars {
        log.ignore(
            field,
            &format!("exceeds maximum length of {max_chars} characters"),
        );
        return None;
    }
    Some(value)
}

/// Like [`optional_text`], but a missing value is logged too.
fn required_text(
    value: Option<String>,
    max_chars: usize,
    field: &str,
    log: &mut FieldLog<'_>,
) -> Option<String> {
    if value.is_none() {
        log.ignore(field, "value is missing");
    }
    optional_text(value, max_chars, field, log)
}

/// `#RRGGBB` after trimming (exactly seven bytes), case kept.
fn resolve_brand_color(value: Option<String>, log: &mut FieldLog<'_>) -> Option<String> {
    const FIELD: &str = "interface.brand_color";
    let value = value?;
    let value = value.trim();
    if value.is_empty() {
        log.ignore(FIELD, "value is empty");
        return None;
    }
    let is_hex_color = value.len() == 7
        && value
            .strip_prefix('#')
            .is_some_and(|digits| digits.bytes().all(|b| b.is_ascii_hexdigit()));
    if !is_hex_color {
        log.ignore(FIELD, &format!("expected #RRGGBB, got {value}"));
        return None;
    }
    Some(value.to_owned())
}

/// Icon paths must stay under the skill's `assets/`; a path with `..` may instead reach the
/// plugin's shared `<plugin_root>/assets/` (spec §6.5). Existence is not checked.
fn resolve_icon(
    value: Option<PathBuf>,
    skill_dir: &Path,
    plugin_root: Option<&Path>,
    field: &str,
    log: &mut FieldLog<'_>,
) -> Option<PathBuf> {
    let path = value?;
    if path.as_os_str().is_empty() {
        return None;
    }
    if path.is_absolute() {
        let assets = skill_dir.join("assets");
        log.ignore(
            field,
            &format!(
                "icon must be a relative assets path (not {})",
                assets.display()
            ),
        );
        return None;
    }
    let mut relative = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::Normal(part) => relative.push(part),
            Component::ParentDir => {
                return resolve_plugin_icon(&path, skill_dir, plugin_root, field, log);
            }
            Component::RootDir | Component::Prefix(_) => {
                log.ignore(field, "icon path must be under assets/");
                return None;
            }
        }
    }
    if !matches!(relative.components().next(), Some(Component::Normal(first)) if first == "assets")
    {
        log.ignore(field, "icon path must be under assets/");
        return None;
    }
    Some(skill_dir.join(relative))
}

fn resolve_plugin_icon(
    path: &Path,
    skill_dir: &Path,
    plugin_root: Option<&Path>,
    field: &str,
    log: &mut FieldLog<'_>,
) -> Option<PathBuf> {
    let Some(plugin_root) = plugin_root else {
        log.ignore(field, "icon path must not contain '..'");
        return None;
    };
    let resolved = lexically_normalize(&skill_dir.join(path));
    let shared_assets = lexically_normalize(&plugin_root.join("assets"));
    if resolved.starts_with(&shared_assets) {
        Some(resolved)
    } else {
        log.ignore(
            field,
            "icon path with '..' must resolve under plugin assets/",
        );
        None
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::{FieldLog, resolve_brand_color, resolve_icon};

    fn icon(path: &str, plugin_root: Option<&str>) -> (Option<PathBuf>, Vec<String>) {
        let mut log = FieldLog {
            file: Path::new("/s/x/agents/openai.yaml"),
            diagnostics: Vec::new(),
        };
        let resolved = resolve_icon(
            Some(PathBuf::from(path)),
            Path::new("/s/x"),
            plugin_root.map(Path::new),
            "interface.icon_small",
            &mut log,
        );
        let messages = log.diagnostics.into_iter().map(|d| d.message).collect();
        (resolved, messages)
    }

    fn colour(value: &str) -> Option<String> {
        let mut log = FieldLog {
            file: Path::new("/s/x/agents/openai.yaml"),
            diagnostics: Vec::new(),
        };
        resolve_brand_color(Some(value.to_owned()), &mut log)
    }

    #[test]
    fn current_dir_components_are_skipped() {
        assert_eq!(
            icon("./assets/./a.png", None).0.as_deref(),
            Some(Path::new("/s/x/assets/a.png"))
        );
    }

    #[test]
    fn bare_assets_directory_is_accepted() {
        assert_eq!(
            icon("assets", None).0.as_deref(),
            Some(Path::new("/s/x/assets"))
        );
    }

    #[test]
    fn parent_dir_without_plugin_is_refused_even_when_it_stays_inside() {
        assert_eq!(
            icon("assets/../assets/a.png", None).1,
            ["ignoring interface.icon_small: icon path must not contain '..'"]
        );
    }

    #[test]
    fn parent_dir_with_plugin_must_reach_plugin_assets() {
        // Lexically `/s/x/assets/a.png`, which is not under `/s/assets`.
        assert_eq!(
            icon("assets/../assets/a.png", Some("/s")).1,
            [
                "ignoring interface.icon_small: icon path with '..' must resolve under plugin assets/"
            ]
        );
        assert_eq!(
            icon("../assets/a.png", Some("/s")).0.as_deref(),
            Some(Path::new("/s/assets/a.png"))
        );
    }

    #[test]
    fn colour_keeps_case_and_drops_padding() {
        assert_eq!(colour(" #aBc123\t").as_deref(), Some("#aBc123"));
    }

    #[test]
    fn colour_must_be_seven_bytes() {
        assert_eq!(colour("#abc"), None);
        assert_eq!(colour("#abcdef0"), None);
        assert_eq!(colour("abcdef0"), None);
    }
}
