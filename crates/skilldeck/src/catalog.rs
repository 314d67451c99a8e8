//! What a catalog request asks for and what it returns.

use std::path::Path;

/// The four replaceable texts of the catalog (our own wording by default, from
/// `config/catalog-texts.toml`). Stand-in until the render crate's type lands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CatalogTexts {
    /// Intro of the absolute-path render.
    pub intro_absolute: String,
    /// Intro of the alias render.
    pub intro_aliases: String,
    /// Usage section of the absolute-path render.
    pub usage_absolute: String,
    /// Usage section of the alias render.
    pub usage_aliases: String,
}

/// Errors reading a `--texts` file.
#[derive(Debug, thiserror::Error)]
pub enum TextsError {
    /// The file could not be read.
    #[error("cannot read catalog texts {}: {source}", path.display())]
    Read {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not TOML with string keys.
    #[error("invalid catalog texts {}: {reason}", path.display())]
    Invalid {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        reason: String,
    },
}

impl CatalogTexts {
    /// skilldeck's own wording.
    pub fn skilldeck() -> CatalogTexts {
        CatalogTexts::default()
    }

    /// The defaults with the keys `intro`, `intro_aliases`, `usage`, `usage_aliases` of a TOML
    /// file replaced.
    pub fn from_toml_file(path: &Path) -> Result<CatalogTexts, TextsError> {
        let _ = path;
        Ok(CatalogTexts::skilldeck())
    }
}

/// The output form of a catalog.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CatalogFormat {
    /// `<skills_instructions>` … `</skills_instructions>`, as Codex sends it.
    #[default]
    Codex,
    /// The `<available_skills>` XML of the agentskills.io integration guide.
    AgentSkills,
    /// JSON.
    Json,
}

/// One catalog request: window, texts, usage section, format.
#[derive(Clone, Debug)]
pub struct CatalogRequest {
    /// Context window in tokens (`None`: 8,000 characters).
    pub window: Option<i64>,
    /// The texts.
    pub texts: CatalogTexts,
    /// Whether to include the "How to use skills" section.
    pub include_usage: bool,
    /// The output form.
    pub format: CatalogFormat,
}

impl CatalogRequest {
    /// Default texts, with usage, Codex format.
    pub fn new(window: Option<i64>) -> CatalogRequest {
        CatalogRequest {
            window,
            texts: CatalogTexts::skilldeck(),
            include_usage: true,
            format: CatalogFormat::Codex,
        }
    }
}

/// A rendered catalog. Stand-in until the render crate's report lands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalog {
    /// The text for the model.
    pub text: String,
    /// Warnings for people (never for the model).
    pub warnings: Vec<String>,
}
