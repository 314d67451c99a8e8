use std::path::Path;

use crate::{LoadOutcome, SkillDependencies, SkillError, SkillInterface, SkillMetadata};

/// One cwd's listing in the wire form of Codex's `skills/list`: `{cwd, skills, errors}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SkillListing {
    /// The working directory exactly as given (not canonicalised).
    pub cwd: String,
    /// Every loaded skill, enabled or not, in loader order.
    pub skills: Vec<SkillListEntry>,
    /// Every skill that failed to load.
    pub errors: Vec<SkillListError>,
}

/// A listed error: `{path, message}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SkillListError {
    /// The failing file, as text.
    pub path: String,
    /// The reason.
    pub message: String,
}

/// One skill in the wire form of `skills/list`. Field order and presence follow Codex 0.171:
/// `shortDescription`, `interface` and `dependencies` appear only when set; `pluginId` is always
/// present (`null` outside plugins); the policy is never exposed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SkillListEntry {
    /// Qualified name.
    pub name: String,
    /// Description.
    pub description: String,
    /// `metadata.short-description`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub short_description: Option<String>,
    /// UI metadata.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interface: Option<SkillInterfaceEntry>,
    /// Tool dependencies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dependencies: Option<SkillDependencies>,
    /// Canonical `SKILL.md` path (lossy text, native separators).
    pub path: String,
    /// Scope name.
    pub scope: String,
    /// Whether configuration leaves the skill enabled.
    pub enabled: bool,
    /// Plugin id, or `null`.
    pub plugin_id: Option<String>,
}

/// The interface in wire form: always eight keys, unset ones `null`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SkillInterfaceEntry {
    /// Display name.
    pub display_name: Option<String>,
    /// Short description.
    pub short_description: Option<String>,
    /// Small icon path.
    pub icon_small: Option<String>,
    /// Large icon path.
    pub icon_large: Option<String>,
    /// Always `null`: skilldeck serves no icon URLs.
    pub icon_small_url: Option<String>,
    /// Always `null`: skilldeck serves no icon URLs.
    pub icon_large_url: Option<String>,
    /// `#RRGGBB`.
    pub brand_color: Option<String>,
    /// Prefilled prompt.
    pub default_prompt: Option<String>,
}

fn path_text(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

impl From<&SkillInterface> for SkillInterfaceEntry {
    fn from(interface: &SkillInterface) -> Self {
        SkillInterfaceEntry {
            display_name: interface.display_name.clone(),
            short_description: interface.short_description.clone(),
            icon_small: interface.icon_small.as_deref().map(path_text),
            icon_large: interface.icon_large.as_deref().map(path_text),
            icon_small_url: None,
            icon_large_url: None,
            brand_color: interface.brand_color.clone(),
            default_prompt: interface.default_prompt.clone(),
        }
    }
}

impl SkillListEntry {
    /// The wire form of `skill`, with its enabled flag.
    pub fn new(skill: &SkillMetadata, enabled: bool) -> SkillListEntry {
        SkillListEntry {
            name: skill.name.clone(),
            description: skill.description.clone(),
            short_description: skill.short_description.clone(),
            interface: skill
                .interface
                .as_ref()
                .filter(|interface| !interface.is_empty())
                .map(SkillInterfaceEntry::from),
            dependencies: skill
                .dependencies
                .clone()
                .filter(|dependencies| !dependencies.tools.is_empty()),
            path: path_text(&skill.path),
            scope: skill.scope.name().to_owned(),
            enabled,
            plugin_id: skill.plugin_id.clone(),
        }
    }
}

impl From<&SkillError> for SkillListError {
    fn from(error: &SkillError) -> Self {
        SkillListError {
            path: path_text(&error.path),
            message: error.message.clone(),
        }
    }
}

/// The wire form of [`LoadOutcome::listing`], serialised straight from the outcome: each entry
/// is built only while it is written, so printing tens of thousands of skills needs no second
/// copy of them.
#[derive(Clone, Copy, Debug)]
pub struct ListingView<'a> {
    outcome: &'a LoadOutcome,
    cwd: &'a Path,
}

impl serde::Serialize for ListingView<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;

        struct Skills<'a>(&'a LoadOutcome);
        impl serde::Serialize for Skills<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let outcome = self.0;
                serializer.collect_seq(
                    outcome
                        .skills
                        .iter()
                        .map(|skill| SkillListEntry::new(skill, outcome.is_enabled(skill))),
                )
            }
        }
        struct Errors<'a>(&'a [SkillError]);
        impl serde::Serialize for Errors<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.0.iter().map(SkillListError::from))
            }
        }

        let mut listing = serializer.serialize_struct("SkillListing", 3)?;
        listing.serialize_field("cwd", &path_text(self.cwd))?;
        listing.serialize_field("skills", &Skills(self.outcome))?;
        listing.serialize_field("errors", &Errors(&self.outcome.errors))?;
        listing.end()
    }
}

impl LoadOutcome {
    /// The same listing as [`LoadOutcome::listing`], as a view that serialises without copying
    /// the outcome first.
    pub fn listing_view<'a>(&'a self, cwd: &'a Path) -> ListingView<'a> {
        ListingView { outcome: self, cwd }
    }

    /// This outcome as one `skills/list` entry for `cwd` (echoed as given).
    pub fn listing(&self, cwd: &Path) -> SkillListing {
        SkillListing {
            cwd: path_text(cwd),
            skills: self
                .skills
                .iter()
                .map(|skill| SkillListEntry::new(skill, self.is_enabled(skill)))
                .collect(),
            errors: self.errors.iter().map(SkillListError::from).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Scope, SkillToolDependency};

    #[test]
    fn listing_view_serialises_exactly_like_the_listing() {
        let mut off = SkillMetadata::new("off", "d", "/r/off/SKILL.md", Scope::USER);
        off.short_description = Some("short".into());
        let outcome = LoadOutcome {
            skills: vec![
                SkillMetadata::new("a", "d", "/r/a/SKILL.md", Scope::REPO),
                off,
            ],
            errors: vec![SkillError {
                path: "/r/bad/SKILL.md".into(),
                message: "missing field `description`".into(),
            }],
            disabled_paths: std::iter::once(std::path::PathBuf::from("/r/off/SKILL.md")).collect(),
            ..LoadOutcome::default()
        };
        let cwd = Path::new("/cwd");
        assert_eq!(
            serde_json::to_string_pretty(&outcome.listing_view(cwd)).unwrap(),
            serde_json::to_string_pretty(&outcome.listing(cwd)).unwrap()
        );
    }

    #[test]
    fn wire_form_matches_codex_field_order_and_presence() {
        let mut skill = SkillMetadata::new("a", "desc", "/r/a/SKILL.md", Scope::REPO);
        skill.interface = Some(SkillInterface {
            display_name: Some("A".into()),
            ..SkillInterface::default()
        });
        skill.dependencies = Some(SkillDependencies {
            tools: vec![SkillToolDependency {
                kind: "cli".into(),
                value: "gh".into(),
                command: Some("gh".into()),
                ..SkillToolDependency::default()
            }],
        });
        let outcome = LoadOutcome {
            skills: vec![skill],
            ..LoadOutcome::default()
        };
        let json = serde_json::to_string(&outcome.listing(Path::new("/cwd"))).unwrap();
        assert_eq!(
            json,
            r#"{"cwd":"/cwd","skills":[{"name":"a","description":"desc","interface":{"displayName":"A","shortDescription":null,"iconSmall":null,"iconLarge":null,"iconSmallUrl":null,"iconLargeUrl":null,"brandColor":null,"defaultPrompt":null},"dependencies":{"tools":[{"type":"cli","value":"gh","command":"gh"}]},"path":"/r/a/SKILL.md","scope":"repo","enabled":true,"pluginId":null}],"errors":[]}"#
        );
    }
}
