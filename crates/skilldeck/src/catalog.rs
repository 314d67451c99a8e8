//! What a catalog request asks for, and the catalog's replaceable texts.

use std::path::{Path, PathBuf};

use skilldeck_render::{CatalogOptions, CatalogTexts};

/// skilldeck's own catalog wording, `config/catalog-texts.toml`, compiled in.
const DEFAULT_TEXTS_TOML: &str = include_str!("../../../config/catalog-texts.toml");

/// The keys a texts file may set, and the field each one replaces.
const TEXT_KEYS: [&str; 4] = ["intro", "intro_aliases", "usage", "usage_aliases"];

/// Why a `--texts` file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum TextsError {
    /// The file could not be read.
    #[error("cannot read catalog texts {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not TOML, sets a key that is not one of the four, or a non-string value.
    #[error("invalid catalog texts {}: {reason}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

/// skilldeck's own wording (from `config/catalog-texts.toml`).
pub fn default_catalog_texts() -> CatalogTexts {
    // The file is part of the build and checked by a test, so it always parses.
    parse_texts(DEFAULT_TEXTS_TOML, CatalogTexts::default()).unwrap_or_default()
}

/// `base` with the keys of a TOML text (`intro`, `intro_aliases`, `usage`, `usage_aliases`)
/// replaced; keys not in the text keep `base`'s value.
fn parse_texts(text: &str, base: CatalogTexts) -> Result<CatalogTexts, String> {
    let table: toml::Table = toml::from_str(text).map_err(|error| error.message().to_owned())?;
    let mut texts = base;
    for (key, value) in table {
        let Some(value) = value.as_str() else {
            return Err(format!("`{key}` must be a string"));
        };
        let field = match key.as_str() {
            "intro" => &mut texts.intro_absolute,
            "intro_aliases" => &mut texts.intro_aliases,
            "usage" => &mut texts.usage_absolute,
            "usage_aliases" => &mut texts.usage_aliases,
            _ => {
                return Err(format!(
                    "unknown key `{key}` (expected one of {})",
                    TEXT_KEYS.join(", ")
                ));
            }
        };
        value.clone_into(field);
    }
    Ok(texts)
}

/// The default texts with the keys of the TOML file at `path` replaced (see [`CatalogTexts`]).
pub fn catalog_texts_from_file(path: &Path) -> Result<CatalogTexts, TextsError> {
    let text = std::fs::read_to_string(path).map_err(|source| TextsError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse_texts(&text, default_catalog_texts()).map_err(|reason| TextsError::Invalid {
        path: path.to_path_buf(),
        reason,
    })
}

/// One catalog request: context window, texts, usage section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogRequest {
    /// Context window in tokens: the budget is 2 % of it; `None`: 8,000 characters.
    pub window: Option<i64>,
    /// The prose around the skill lines.
    pub texts: CatalogTexts,
    /// Whether to end with the "How to use skills" section.
    pub include_usage: bool,
}

impl CatalogRequest {
    /// skilldeck's texts, with the usage section.
    pub fn new(window: Option<i64>) -> CatalogRequest {
        CatalogRequest {
            window,
            texts: default_catalog_texts(),
            include_usage: true,
        }
    }

    pub(crate) fn options(&self) -> CatalogOptions {
        CatalogOptions {
            include_usage: self.include_usage,
            ..CatalogOptions::for_context_window(self.window)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_texts_set_all_four_keys() {
        let texts = parse_texts(DEFAULT_TEXTS_TOML, CatalogTexts::default()).unwrap();
        for text in [
            &texts.intro_absolute,
            &texts.intro_aliases,
            &texts.usage_absolute,
            &texts.usage_aliases,
        ] {
            assert!(!text.trim().is_empty());
        }
    }

    #[test]
    fn texts_file_replaces_only_the_keys_it_sets() {
        let texts = parse_texts("intro = \"Mine.\"\n", default_catalog_texts()).unwrap();
        assert_eq!(texts.intro_absolute, "Mine.");
        assert_eq!(texts.usage_aliases, default_catalog_texts().usage_aliases);
    }

    #[test]
    fn texts_file_with_an_unknown_key_is_refused() {
        let error = parse_texts("outro = \"x\"\n", CatalogTexts::default()).unwrap_err();
        assert!(error.starts_with("unknown key `outro`"), "{error}");
    }

    #[test]
    fn texts_file_with_a_non_string_value_is_refused() {
        let error = parse_texts("usage = 3\n", CatalogTexts::default()).unwrap_err();
        assert_eq!(error, "`usage` must be a string");
    }
}
