//! `agents/openai.yaml` (spec §6, errata §5). STUB: signatures agreed between the loader helpers.
use std::path::Path;

use skilldeck_model::{Diagnostic, SkillDependencies, SkillInterface, SkillPolicy};

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

/// Parses the file text. Fail-open: an invalid document yields empty metadata plus a diagnostic.
/// `skill_dir` is the canonical skill directory (icons resolve below it); `plugin_root` enables
/// the shared `<plugin_root>/assets/` icon rule.
pub fn parse_openai_yaml(
    text: &str,
    skill_dir: &Path,
    plugin_root: Option<&Path>,
) -> (OpenAiMetadata, Vec<Diagnostic>) {
    let _ = (text, skill_dir, plugin_root);
    (OpenAiMetadata::default(), Vec::new())
}
