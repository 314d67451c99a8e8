//! Options of [`crate::inject`], with one preset per profile.

use std::path::PathBuf;

/// How [`crate::inject`] selects and wraps skills.
///
/// [`InjectionOptions::codex`] reproduces Codex 0.171 byte for byte;
/// [`InjectionOptions::skilldeck`] adds a body cap and the closing-tag check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InjectionOptions {
    /// Cut each body after this many characters (at a character boundary) and warn
    /// (`inject.truncated`). `None`: no cap, as in Codex.
    pub max_body_chars: Option<usize>,
    /// Warn (`inject.closing_tag`) when a body, the skill's name or its path contains `</skill>`
    /// or `</skills_instructions>` (ASCII case-insensitive, whitespace inside the tag allowed:
    /// `</skill >`, `</ skill>`), which could end the wrapper early in the model's reading.
    pub check_closing_tags: bool,
    /// Rewrite every such closing tag in the body, and in the fragment's `<name>` and `<path>`,
    /// as `<\/skill>` / `<\/skills_instructions>` (a backslash between `<` and `/`, the original
    /// case kept), so the only closing tag the model sees is the wrapper's own. Changes the
    /// injected text (the `name` and `path` fields of an [`Injection`](crate::Injection) stay
    /// as they are); off in both presets.
    pub neutralize_closing_tags: bool,
    /// Slugs of the connectors (apps) available in the session; a plain `$name` equal to one
    /// (ASCII case-insensitive) selects no skill.
    pub connectors: Vec<String>,
    /// Directory against which relative paths of structured selections are resolved. Codex uses
    /// its process's current directory; `None` makes relative structured paths select nothing.
    pub cwd: Option<PathBuf>,
}

impl InjectionOptions {
    /// The body cap of the `skilldeck` profile, in characters.
    pub const SKILLDECK_MAX_BODY_CHARS: usize = 40_000;

    /// Exactly Codex 0.171: no cap, no checks.
    pub fn codex() -> InjectionOptions {
        InjectionOptions::default()
    }

    /// The `skilldeck` profile: bodies capped at 40,000 characters, closing tags reported (not
    /// rewritten).
    pub fn skilldeck() -> InjectionOptions {
        InjectionOptions {
            max_body_chars: Some(Self::SKILLDECK_MAX_BODY_CHARS),
            check_closing_tags: true,
            ..InjectionOptions::default()
        }
    }

    /// The same options with this connector list.
    #[must_use]
    pub fn with_connectors<S: Into<String>>(
        mut self,
        connectors: impl IntoIterator<Item = S>,
    ) -> InjectionOptions {
        self.connectors = connectors.into_iter().map(Into::into).collect();
        self
    }

    /// The same options with this cwd for structured selections.
    #[must_use]
    pub fn with_cwd(mut self, cwd: impl Into<PathBuf>) -> InjectionOptions {
        self.cwd = Some(cwd.into());
        self
    }
}
