//! The `codex` rule set for `agents/openai.yaml` (spec §6, errata §5). Codex is fail-open here:
//! a schema error makes it drop the whole file (interface, dependencies *and* policy), and a bad
//! field is dropped alone. Both are silent in Codex, so both are warnings here, computed from
//! the YAML itself with the exact field labels Codex logs.

use std::path::{Component, Path};

use serde::Deserialize;
use skilldeck_loader::parse::collapse_whitespace;
use skilldeck_model::{Product, Severity};

use crate::codex::{RULES, yaml_error_hint, yaml_position};
use crate::finding::Finding;
use crate::hint::yaml_line;
use crate::locate::{item_position, key_position};

/// Codex's schema of the file, mirrored to learn whether it accepts the text.
#[derive(Deserialize)]
struct OpenAiFile {
    #[serde(default)]
    interface: Option<Interface>,
    #[serde(default)]
    dependencies: Option<Dependencies>,
    #[serde(default)]
    policy: Option<Policy>,
}

#[derive(Deserialize)]
struct Interface {
    display_name: Option<String>,
    short_description: Option<String>,
    icon_small: Option<String>,
    icon_large: Option<String>,
    brand_color: Option<String>,
    default_prompt: Option<String>,
}

#[derive(Deserialize)]
struct Dependencies {
    #[serde(default)]
    tools: Vec<Tool>,
}

#[derive(Deserialize)]
struct Tool {
    #[serde(rename = "type")]
    kind: Option<String>,
    value: Option<String>,
    description: Option<String>,
    transport: Option<String>,
    command: Option<String>,
    url: Option<String>,
}

#[derive(Deserialize)]
struct Policy {
    #[allow(dead_code)] // Its type is what matters: a non-boolean voids the whole file.
    allow_implicit_invocation: Option<bool>,
    #[serde(default)]
    products: Vec<Product>,
}

/// Where findings about one file go, with the text for locating keys.
struct Report<'a> {
    path: &'a Path,
    text: &'a str,
    out: &'a mut Vec<Finding>,
}

impl Report<'_> {
    fn warn(
        &mut self,
        code: &'static str,
        message: String,
        at: Option<(usize, usize)>,
        hint: Option<String>,
    ) {
        let mut f = Finding::new(self.path, RULES, code, Severity::Warning, message)
            .at(at.map(|p| p.0), at.map(|p| p.1));
        if let Some(hint) = hint {
            f = f.with_hint(hint);
        }
        self.out.push(f);
    }
}

/// Checks `<skill dir>/agents/openai.yaml` text.
pub(crate) fn check(path: &Path, text: &str, out: &mut Vec<Finding>) {
    let mut report = Report { path, text, out };
    let file: OpenAiFile = match serde_yaml::from_str::<Option<OpenAiFile>>(text) {
        Ok(Some(file)) => file,
        Ok(None) => return, // An empty file: Codex ignores it, and nothing was meant.
        Err(error) => {
            whole_file_ignored(&mut report, &error);
            return;
        }
    };
    if let Some(interface) = &file.interface {
        check_interface(&mut report, interface);
    }
    if let Some(dependencies) = &file.dependencies {
        check_tools(&mut report, &dependencies.tools);
    }
    if let Some(policy) = &file.policy {
        let excluded = !policy.products.is_empty() && !policy.products.contains(&Product::Codex);
        if excluded {
            let listed: Vec<&str> = policy.products.iter().map(|p| p.as_str()).collect();
            let at = key_position(text, &["policy", "products"]);
            report.warn(
                "codex/openai-yaml-not-for-codex",
                format!(
                    "policy.products lists only {}: Codex does not load this skill at all (not listed, not in \
                     the catalog, not mentionable)",
                    listed.join(", ")
                ),
                at,
                Some("add `codex` to policy.products, or remove the list to allow every product".to_owned()),
            );
        }
    }
}

fn whole_file_ignored(report: &mut Report<'_>, error: &serde_yaml::Error) {
    let detail = error.to_string();
    let position = error
        .location()
        .map(|l| (l.line(), l.column()))
        .or_else(|| yaml_position(&detail));
    let lost_policy = report
        .text
        .lines()
        .any(|l| l.trim_start().starts_with("allow_implicit_invocation:") && l.contains("false"));
    let mut message = format!(
        "Codex ignores the whole file (interface, dependencies and policy): invalid openai.yaml: {detail}"
    );
    if lost_policy {
        message.push_str("; the intended `allow_implicit_invocation: false` is lost, so the skill stays implicitly invocable");
    }
    let hint = if detail.contains("unknown variant") {
        Some("write products in lowercase (or all caps): codex, chatgpt, atlas".to_owned())
    } else if detail.contains("expected a boolean") {
        Some("write the boolean unquoted: true or false".to_owned())
    } else {
        yaml_error_hint(&detail, position.and_then(|p| yaml_line(report.text, p.0)))
    };
    report.warn("codex/openai-yaml-ignored", message, position, hint);
}

/// Codex's limits of the optional interface strings, in characters after collapsing.
const INTERFACE_LIMITS: [(&str, usize); 3] = [
    ("display_name", 64),
    ("short_description", 1024),
    ("default_prompt", 1024),
];

fn check_interface(report: &mut Report<'_>, interface: &Interface) {
    let values = [
        &interface.display_name,
        &interface.short_description,
        &interface.default_prompt,
    ];
    for ((field, limit), value) in INTERFACE_LIMITS.into_iter().zip(values) {
        if let Some(value) = value {
            let at = key_position(report.text, &["interface", field]);
            check_string(report, &format!("interface.{field}"), value, limit, at);
        }
    }
    if let Some(color) = &interface.brand_color {
        let trimmed = color.trim();
        let at = key_position(report.text, &["interface", "brand_color"]);
        if trimmed.is_empty() {
            report.warn(
                "codex/openai-yaml-field-empty",
                "interface.brand_color is empty: Codex ignores it".to_owned(),
                at,
                None,
            );
        } else if !is_hex_color(trimmed) {
            report.warn(
                "codex/openai-yaml-brand-color",
                format!("interface.brand_color `{trimmed}` is not #RRGGBB: Codex ignores it"),
                at,
                Some(
                    "write the colour as `#` followed by six hex digits, e.g. '#3B82F6' (quoted)"
                        .to_owned(),
                ),
            );
        }
    }
    for (field, value) in [
        ("icon_small", &interface.icon_small),
        ("icon_large", &interface.icon_large),
    ] {
        if let Some(value) = value {
            let at = key_position(report.text, &["interface", field]);
            if let Some(problem) = icon_problem(value) {
                report.warn(
                    "codex/openai-yaml-icon-path",
                    format!("interface.{field} `{value}` {problem}: Codex ignores it"),
                    at,
                    Some("put the icon in the skill's assets/ folder and write a relative path, e.g. assets/icon.png".to_owned()),
                );
            }
        }
    }
}

/// Why Codex drops an icon path (spec §6.5, without a plugin root), or `None` when it keeps it.
fn icon_problem(value: &str) -> Option<&'static str> {
    if value.is_empty() {
        return None; // Silently absent in Codex too.
    }
    let path = Path::new(value);
    if path.is_absolute() {
        return Some("is absolute; icons must be relative paths under the skill's assets/");
    }
    let mut normal = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::Normal(part) => normal.push(part),
            Component::ParentDir => {
                return Some(
                    "contains `..`; only plugin skills may share icons from the plugin's assets/",
                );
            }
            Component::RootDir | Component::Prefix(_) => return Some("is not under assets/"),
        }
    }
    (normal.first().is_none_or(|first| *first != "assets")).then_some("is not under assets/")
}

fn is_hex_color(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// Empty or over-long optional strings (Codex drops the field alone).
fn check_string(
    report: &mut Report<'_>,
    label: &str,
    value: &str,
    limit: usize,
    at: Option<(usize, usize)>,
) {
    let collapsed = collapse_whitespace(value);
    let chars = collapsed.chars().count();
    if collapsed.is_empty() {
        report.warn(
            "codex/openai-yaml-field-empty",
            format!("{label} is empty: Codex ignores it"),
            at,
            None,
        );
    } else if chars > limit {
        report.warn(
            "codex/openai-yaml-field-too-long",
            format!("{label} has {chars} characters, more than Codex's limit of {limit}: Codex ignores it"),
            at,
            Some(format!("shorten it to at most {limit} characters")),
        );
    }
}

fn check_tools(report: &mut Report<'_>, tools: &[Tool]) {
    for (index, tool) in tools.iter().enumerate() {
        let at = item_position(report.text, &["dependencies", "tools"], index);
        let required = [("type", &tool.kind, 64), ("value", &tool.value, 1024)];
        let mut dropped = None;
        for (field, value, limit) in required {
            match value.as_deref().map(collapse_whitespace) {
                None => dropped = Some(format!("has no `{field}`")),
                Some(v) if v.is_empty() => dropped = Some(format!("has an empty `{field}`")),
                Some(v) if v.chars().count() > limit => {
                    dropped = Some(format!("has a `{field}` longer than {limit} characters"));
                }
                Some(_) => {}
            }
            if dropped.is_some() {
                break;
            }
        }
        if let Some(reason) = dropped {
            report.warn(
                "codex/openai-yaml-tool-dropped",
                format!(
                    "dependencies.tools entry {} {reason}: Codex drops this entry",
                    index + 1
                ),
                at,
                Some("give every tool entry a non-empty `type` and `value`".to_owned()),
            );
            continue;
        }
        let optional = [
            ("description", &tool.description, 1024),
            ("transport", &tool.transport, 64),
            ("command", &tool.command, 1024),
            ("url", &tool.url, 1024),
        ];
        for (field, value, limit) in optional {
            if let Some(value) = value {
                check_string(
                    report,
                    &format!("dependencies.tools.{field}"),
                    value,
                    limit,
                    at,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check;
    use crate::finding::Finding;
    use std::path::Path;

    fn codes(text: &str) -> Vec<&'static str> {
        let mut out: Vec<Finding> = Vec::new();
        check(Path::new("agents/openai.yaml"), text, &mut out);
        out.into_iter().map(|f| f.code).collect()
    }

    #[test]
    fn valid_file_has_no_findings() {
        let text = "interface:\n  display_name: Nice\n  brand_color: '#3b82F6'\n  icon_small: ./assets/s.png\n\
                    dependencies:\n  tools:\n    - type: cli\n      value: gh\npolicy:\n  products: [codex]\n";
        assert!(codes(text).is_empty());
    }

    #[test]
    fn misspelled_product_voids_the_whole_file() {
        assert_eq!(
            codes("policy:\n  products: [Codex]\n"),
            ["codex/openai-yaml-ignored"]
        );
    }

    #[test]
    fn quoted_boolean_voids_the_whole_file_and_says_the_policy_is_lost() {
        let mut out = Vec::new();
        check(
            Path::new("o.yaml"),
            "policy:\n  allow_implicit_invocation: 'false'\n",
            &mut out,
        );
        assert!(
            out[0].message.contains("stays implicitly invocable"),
            "{}",
            out[0].message
        );
    }

    #[test]
    fn list_where_a_string_is_expected_voids_the_whole_file() {
        assert_eq!(
            codes("interface:\n  display_name: [a, b]\n"),
            ["codex/openai-yaml-ignored"]
        );
    }

    #[test]
    fn bad_colour_is_dropped_alone() {
        assert_eq!(
            codes("interface:\n  brand_color: blue\n"),
            ["codex/openai-yaml-brand-color"]
        );
    }

    #[test]
    fn over_long_display_name_is_dropped() {
        let text = format!("interface:\n  display_name: {}\n", "n".repeat(65));
        assert_eq!(codes(&text), ["codex/openai-yaml-field-too-long"]);
    }

    #[test]
    fn icon_outside_assets_is_dropped() {
        assert_eq!(
            codes("interface:\n  icon_small: icon.png\n"),
            ["codex/openai-yaml-icon-path"]
        );
        assert_eq!(
            codes("interface:\n  icon_large: ./assets/../logo.svg\n"),
            ["codex/openai-yaml-icon-path"]
        );
    }

    #[test]
    fn tool_without_value_is_dropped_with_its_position() {
        let mut out = Vec::new();
        check(
            Path::new("o.yaml"),
            "dependencies:\n  tools:\n    - type: cli\n",
            &mut out,
        );
        assert_eq!(
            (out[0].code, out[0].line),
            ("codex/openai-yaml-tool-dropped", Some(3))
        );
    }

    #[test]
    fn products_without_codex_exclude_the_skill() {
        assert_eq!(
            codes("policy:\n  products: [chatgpt]\n"),
            ["codex/openai-yaml-not-for-codex"]
        );
    }

    #[test]
    fn empty_file_is_silent() {
        assert!(codes("").is_empty());
    }
}
