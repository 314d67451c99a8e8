//! `SKILL.md` parsing (spec §5.2–5.8, errata §4).
//!
//! The YAML schema mirrors Codex's on purpose: the error texts users see (`expected struct
//! SkillFrontmatter`, `metadata.short-description: invalid type: …`) come from `serde_yaml` and
//! name the Rust types and keys, so the type names and key spellings here are part of the
//! compatibility contract. `serde_yaml` hands every plain scalar to a `String` field as its source
//! text, which gives the observed "`1.50` stays `1.50`" behaviour, and `null`/`~`/empty values
//! become `None`.
use std::borrow::Cow;

use serde::Deserialize;

use crate::frontmatter::extract_frontmatter;
use crate::simple_yaml::parse_simple;
use crate::text::collapse_whitespace;
use crate::yaml_repair::repair_frontmatter;

/// Error for a file without (closed, non-empty) front matter.
pub const MISSING_FRONTMATTER: &str = "missing YAML frontmatter delimited by ---";
/// Error for a missing, null or blank description.
pub const MISSING_DESCRIPTION: &str = "missing field `description`";
/// Longest accepted base name, in characters (Unicode scalar values).
pub const MAX_NAME_CHARS: usize = 64;

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

/// The front-matter schema. The type name appears in error messages.
#[derive(Deserialize)]
struct SkillFrontmatter {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    description: Option<String>,
    // Not an `Option`: `metadata: null` is a type error in Codex, an empty `metadata:` is not.
    #[serde(default)]
    metadata: SkillFrontmatterMetadata,
}

/// The `metadata` mapping. The type name appears in error messages.
#[derive(Default, Deserialize)]
struct SkillFrontmatterMetadata {
    #[serde(default, rename = "short-description")]
    short_description: Option<String>,
}

/// Parses a whole (or front-matter-complete prefix of a) `SKILL.md` text. `Err` carries the exact
/// Codex message, e.g. `missing YAML frontmatter delimited by ---`.
///
/// The name-length check only sees a name written in the file; use
/// [`parse_skill_file_named`] when the folder-name fallback is known.
pub fn parse_skill_file(text: &str) -> Result<ParsedSkillFile, String> {
    parse_skill_file_named(text, String::new)
}

/// Like [`parse_skill_file`], with the name used when the front matter has none (the folder
/// name). Codex checks the base name's length before it looks at the description, so a file
/// with both problems reports the name.
pub fn parse_skill_file_named(
    text: &str,
    default_name: impl FnOnce() -> String,
) -> Result<ParsedSkillFile, String> {
    let frontmatter = extract_frontmatter(text).ok_or_else(|| MISSING_FRONTMATTER.to_owned())?;
    let simple = parse_simple(&frontmatter).map(|simple| SkillFrontmatter {
        name: simple.name.map(Cow::into_owned),
        description: simple.description.map(Cow::into_owned),
        metadata: SkillFrontmatterMetadata::default(),
    });
    let (parsed, source) = match simple.map_or_else(
        || serde_yaml::from_str::<SkillFrontmatter>(&frontmatter),
        Ok,
    ) {
        Ok(parsed) => (parsed, frontmatter),
        Err(original) => {
            // Type errors retry too (`description: {a: b}` loads as the text `{a: b}`).
            let retried = repair_frontmatter(&frontmatter).and_then(|repaired| {
                serde_yaml::from_str::<SkillFrontmatter>(&repaired)
                    .ok()
                    .map(|parsed| (parsed, repaired))
            });
            retried.ok_or_else(|| format!("invalid YAML: {original}"))?
        }
    };

    let name = parsed
        .name
        .as_deref()
        .map(collapse_whitespace)
        .filter(|name| !name.is_empty());
    match &name {
        Some(name) => validate_base_name(name)?,
        None => validate_base_name(&default_name())?,
    }
    let description = parsed
        .description
        .as_deref()
        .map(collapse_whitespace)
        .unwrap_or_default();
    if description.is_empty() {
        return Err(MISSING_DESCRIPTION.to_owned());
    }
    let short_description = parsed
        .metadata
        .short_description
        .as_deref()
        .map(collapse_whitespace)
        .filter(|short| !short.is_empty());
    Ok(ParsedSkillFile {
        name,
        description,
        short_description,
        disable_model_invocation: disable_model_invocation(&source),
    })
}

/// Checks a base name (after collapsing, before namespacing) against Codex's length limit,
/// counted in characters. `Err` carries the exact Codex message.
pub fn validate_base_name(name: &str) -> Result<(), String> {
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!(
            "invalid name: exceeds maximum length of {MAX_NAME_CHARS} characters"
        ));
    }
    Ok(())
}

/// Reads `disable-model-invocation` without letting it affect loading: Codex ignores the key, so
/// a duplicate, a string or a mapping there must not turn into an error. Only a YAML boolean
/// `true` sets the flag.
fn disable_model_invocation(frontmatter: &str) -> bool {
    #[derive(Deserialize)]
    struct Flags {
        #[serde(default, rename = "disable-model-invocation")]
        disable_model_invocation: LenientBool,
    }
    // A cheap pre-check spares a second YAML parse for almost every skill.
    frontmatter.contains("disable-model-invocation")
        && serde_yaml::from_str::<Flags>(frontmatter)
            .is_ok_and(|flags| flags.disable_model_invocation.0)
}

/// `true` only for a boolean `true`; every other value (any type) reads as `false`.
#[derive(Default)]
struct LenientBool(bool);

impl<'de> Deserialize<'de> for LenientBool {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = LenientBool;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("any value")
            }
            fn visit_bool<E>(self, value: bool) -> Result<LenientBool, E> {
                Ok(LenientBool(value))
            }
            fn visit_i64<E>(self, _: i64) -> Result<LenientBool, E> {
                Ok(LenientBool(false))
            }
            fn visit_u64<E>(self, _: u64) -> Result<LenientBool, E> {
                Ok(LenientBool(false))
            }
            fn visit_f64<E>(self, _: f64) -> Result<LenientBool, E> {
                Ok(LenientBool(false))
            }
            fn visit_str<E>(self, _: &str) -> Result<LenientBool, E> {
                Ok(LenientBool(false))
            }
            fn visit_unit<E>(self) -> Result<LenientBool, E> {
                Ok(LenientBool(false))
            }
            fn visit_none<E>(self) -> Result<LenientBool, E> {
                Ok(LenientBool(false))
            }
            fn visit_some<D: serde::Deserializer<'de>>(
                self,
                deserializer: D,
            ) -> Result<LenientBool, D::Error> {
                LenientBool::deserialize(deserializer)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<LenientBool, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(LenientBool(false))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<LenientBool, A::Error> {
                while map
                    .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(LenientBool(false))
            }
            fn visit_enum<A: serde::de::EnumAccess<'de>>(
                self,
                data: A,
            ) -> Result<LenientBool, A::Error> {
                use serde::de::VariantAccess;
                let (serde::de::IgnoredAny, variant) = data.variant()?;
                variant.newtype_variant::<serde::de::IgnoredAny>()?;
                Ok(LenientBool(false))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_NAME_CHARS, validate_base_name};

    #[test]
    fn name_of_64_characters_is_valid() {
        assert_eq!(validate_base_name(&"n".repeat(MAX_NAME_CHARS)), Ok(()));
    }

    #[test]
    fn name_of_65_characters_is_too_long() {
        assert_eq!(
            validate_base_name(&"n".repeat(65)),
            Err("invalid name: exceeds maximum length of 64 characters".to_owned())
        );
    }

    #[test]
    fn name_length_counts_characters_not_bytes() {
        assert_eq!(validate_base_name(&"é".repeat(64)), Ok(()));
        assert!(validate_base_name(&"é".repeat(65)).is_err());
    }
}
