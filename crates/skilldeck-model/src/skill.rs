use std::path::{Path, PathBuf};

use crate::Scope;

/// One loaded skill: what its `SKILL.md` and `agents/openai.yaml` say, and where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkillMetadata {
    /// Final name, plugin-qualified when the skill lives under a plugin (`acme:search`).
    pub name: String,
    /// Front-matter `description`, whitespace-collapsed; never empty for a loaded skill.
    pub description: String,
    /// Front-matter `metadata.short-description`, whitespace-collapsed; `None` when absent or empty.
    pub short_description: Option<String>,
    /// UI metadata from `agents/openai.yaml` (`interface`).
    pub interface: Option<SkillInterface>,
    /// Tool dependencies from `agents/openai.yaml` (`dependencies.tools`).
    pub dependencies: Option<SkillDependencies>,
    /// Invocation policy from `agents/openai.yaml` (`policy`).
    pub policy: Option<SkillPolicy>,
    /// Canonical path of the `SKILL.md`: the skill's identity, shown in listings and injections.
    pub path: PathBuf,
    /// Scope of the root through which the skill was first found.
    pub scope: Scope,
    /// Plugin that provided the skill, when its root came from a plugin.
    pub plugin_id: Option<String>,
    /// Canonical root through which the skill was first found.
    pub root: PathBuf,
    /// Path of the `SKILL.md` relative to `root`, as walked (through symlinks, not resolved).
    /// The catalog shows this form; listings and injections show [`SkillMetadata::path`].
    pub walked_path: PathBuf,
}

impl SkillMetadata {
    /// A skill with only the required fields set. `root` is the parent of the skill's folder and
    /// `walked_path` is `<folder>/SKILL.md`, which is what a plain scan would have produced.
    pub fn new(
        name: impl Into<String>,
        description: impl Into<String>,
        path: impl Into<PathBuf>,
        scope: Scope,
    ) -> SkillMetadata {
        let path = path.into();
        let skill_dir = path.parent().unwrap_or(Path::new(""));
        let root = skill_dir.parent().unwrap_or(skill_dir).to_path_buf();
        let walked_path = path.strip_prefix(&root).unwrap_or(&path).to_path_buf();
        SkillMetadata {
            name: name.into(),
            description: description.into(),
            short_description: None,
            interface: None,
            dependencies: None,
            policy: None,
            path,
            scope,
            plugin_id: None,
            root,
            walked_path,
        }
    }

    /// Whether the model may pick this skill on its own: the policy's
    /// `allow_implicit_invocation`, `true` when unset.
    pub fn allows_implicit_invocation(&self) -> bool {
        self.policy
            .as_ref()
            .and_then(|policy| policy.allow_implicit_invocation)
            .unwrap_or(true)
    }

    /// Whether the skill may be used by `product` (`None` = the product is unknown).
    pub fn matches_product(&self, product: Option<Product>) -> bool {
        self.policy
            .as_ref()
            .is_none_or(|policy| policy.matches_product(product))
    }

    /// Directory holding the `SKILL.md` (canonical).
    pub fn skill_dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new(""))
    }

    /// The path the catalog shows in absolute mode: the canonical root joined with the walked path.
    pub fn walked_absolute_path(&self) -> PathBuf {
        self.root.join(&self.walked_path)
    }
}

/// `policy` section of `agents/openai.yaml`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SkillPolicy {
    /// `false` keeps the skill out of the catalog and the implicit-use detector.
    pub allow_implicit_invocation: Option<bool>,
    /// Products allowed to use the skill; empty means all.
    pub products: Vec<Product>,
}

impl SkillPolicy {
    /// True when the list is empty, or `product` is known and listed.
    pub fn matches_product(&self, product: Option<Product>) -> bool {
        self.products.is_empty() || product.is_some_and(|p| self.products.contains(&p))
    }
}

/// A product a skill can be restricted to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Deserialize)]
pub enum Product {
    /// The `ChatGPT` app.
    #[serde(rename = "chatgpt", alias = "CHATGPT")]
    Chatgpt,
    /// The coding agent (the default product of a skills manager).
    #[serde(rename = "codex", alias = "CODEX")]
    Codex,
    /// The Atlas browser.
    #[serde(rename = "atlas", alias = "ATLAS")]
    Atlas,
}

impl Product {
    /// The lowercase wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Product::Chatgpt => "chatgpt",
            Product::Codex => "codex",
            Product::Atlas => "atlas",
        }
    }

    /// Parses the exact spellings Codex accepts (`codex`, `CODEX`, …).
    pub fn parse(text: &str) -> Option<Product> {
        match text {
            "chatgpt" | "CHATGPT" => Some(Product::Chatgpt),
            "codex" | "CODEX" => Some(Product::Codex),
            "atlas" | "ATLAS" => Some(Product::Atlas),
            _ => None,
        }
    }
}

/// `interface` section of `agents/openai.yaml` after validation (UI metadata).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SkillInterface {
    /// Human-facing name (≤ 64 characters).
    pub display_name: Option<String>,
    /// One-line summary for pickers (≤ 1,024 characters).
    pub short_description: Option<String>,
    /// Absolute path of the small icon, under the skill's (or its plugin's) `assets/`.
    pub icon_small: Option<PathBuf>,
    /// Absolute path of the large icon, under the skill's (or its plugin's) `assets/`.
    pub icon_large: Option<PathBuf>,
    /// `#RRGGBB`, case as written.
    pub brand_color: Option<String>,
    /// Prompt a UI may prefill (≤ 1,024 characters, whitespace-collapsed).
    pub default_prompt: Option<String>,
}

impl SkillInterface {
    /// True when no field survived validation (such an interface is reported as absent).
    pub fn is_empty(&self) -> bool {
        *self == SkillInterface::default()
    }
}

/// `dependencies` section of `agents/openai.yaml` after validation.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SkillDependencies {
    /// Valid tool entries, in file order.
    pub tools: Vec<SkillToolDependency>,
}

/// One `dependencies.tools[]` entry.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SkillToolDependency {
    /// `type` (e.g. `mcp`, `cli`, `env_var`), ≤ 64 characters.
    #[serde(rename = "type")]
    pub kind: String,
    /// `value` (server, command or variable name), ≤ 1,024 characters.
    pub value: String,
    /// Optional free text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Optional MCP transport (`stdio`, `streamable_http`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transport: Option<String>,
    /// Optional command line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// Optional URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_policy_allows_everything() {
        let mut skill = SkillMetadata::new("a", "d", "/r/a/SKILL.md", Scope::REPO);
        skill.policy = Some(SkillPolicy::default());
        assert!(skill.allows_implicit_invocation());
        assert!(skill.matches_product(None));
        assert!(skill.matches_product(Some(Product::Atlas)));
    }

    #[test]
    fn product_list_requires_a_known_listed_product() {
        let policy = SkillPolicy {
            allow_implicit_invocation: Some(false),
            products: vec![Product::Codex],
        };
        assert!(policy.matches_product(Some(Product::Codex)));
        assert!(!policy.matches_product(Some(Product::Chatgpt)));
        assert!(!policy.matches_product(None));
    }

    #[test]
    fn new_skill_derives_root_and_walked_path() {
        let skill = SkillMetadata::new("a", "d", "/r/a/SKILL.md", Scope::REPO);
        assert_eq!(skill.root, Path::new("/r"));
        assert_eq!(skill.walked_path, Path::new("a/SKILL.md"));
        assert_eq!(skill.walked_absolute_path(), Path::new("/r/a/SKILL.md"));
        assert_eq!(skill.skill_dir(), Path::new("/r/a"));
    }

    #[test]
    fn products_parse_only_exact_spellings() {
        assert_eq!(Product::parse("CODEX"), Some(Product::Codex));
        assert_eq!(Product::parse("Codex"), None);
        assert_eq!(Product::parse("claude"), None);
    }
}
