//! The four prose texts of the catalog, supplied by the caller.

/// The catalog's prose: two intros and two usage sections, one of each per render mode.
///
/// skilldeck ships its own wording in `config/catalog-texts.toml`; a caller may load any other
/// file with the same keys (`intro`, `intro_aliases`, `usage`, `usage_aliases`), e.g. with
/// `toml::from_str::<CatalogTexts>(…)`. Texts are inserted verbatim, minus trailing line breaks.
/// Only the two intros influence budget decisions (through the alias overhead); the usage texts
/// are never charged.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub struct CatalogTexts {
    /// Intro line of the absolute-path render.
    #[serde(rename = "intro")]
    pub intro_absolute: String,
    /// Intro line of the alias render (mentions the `### Skill roots` table).
    pub intro_aliases: String,
    /// Body of `### How to use skills` in the absolute-path render.
    #[serde(rename = "usage")]
    pub usage_absolute: String,
    /// Body of `### How to use skills` in the alias render.
    pub usage_aliases: String,
}

impl CatalogTexts {
    /// The intro of the given render.
    pub fn intro(&self, aliases: bool) -> &str {
        trim_line_breaks(if aliases {
            &self.intro_aliases
        } else {
            &self.intro_absolute
        })
    }

    /// The usage body of the given render.
    pub fn usage(&self, aliases: bool) -> &str {
        trim_line_breaks(if aliases {
            &self.usage_aliases
        } else {
            &self.usage_absolute
        })
    }
}

/// TOML multi-line strings usually end with a line break; the layout adds its own.
fn trim_line_breaks(text: &str) -> &str {
    text.trim_end_matches(['\n', '\r'])
}
