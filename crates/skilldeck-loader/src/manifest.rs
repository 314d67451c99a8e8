//! Plugin manifests (`.codex-plugin/plugin.json`, `.claude-plugin/plugin.json`). STUB.
use std::path::Path;

/// The namespace a manifest gives: its `name`, or the plugin directory's own name when `name` is
/// missing or blank. `None` when the text is not valid JSON (that root then yields no namespace).
pub fn namespace_from_manifest(text: &str, plugin_root: &Path) -> Option<String> {
    let _ = (text, plugin_root);
    None
}
