//! Plugin manifests (`.codex-plugin/plugin.json`, `.claude-plugin/plugin.json`), spec §1.7 and
//! errata §4.4.
//!
//! Only the `name` field matters for skills: it becomes the namespace in `<namespace>:<skill>`.
//! The reading is as forgiving as Codex's: any JSON that fills the one-field schema counts, a
//! missing or blank `name` falls back to the plugin directory's name, and a non-blank `name` is
//! used exactly as written (not trimmed).
use std::path::Path;

use serde::Deserialize;

#[derive(Deserialize)]
struct ManifestName {
    #[serde(default)]
    name: String,
}

/// The namespace a manifest gives: its `name`, or the plugin directory's own name when `name` is
/// missing or blank. `None` when the text is not valid JSON (that root then yields no namespace).
///
/// "Valid" means valid for the schema too: a `name` that is not a string makes the manifest
/// invalid. When `name` is blank and the directory has no UTF-8 name (e.g. `/`), the blank
/// `name` itself is returned, as Codex does.
pub fn namespace_from_manifest(text: &str, plugin_root: &Path) -> Option<String> {
    let ManifestName { name } = serde_json::from_str(text).ok()?;
    if name.trim().is_empty()
        && let Some(dir_name) = plugin_root.file_name().and_then(|name| name.to_str())
    {
        return Some(dir_name.to_owned());
    }
    Some(name)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::namespace_from_manifest;

    fn ns(text: &str) -> Option<String> {
        namespace_from_manifest(text, Path::new("/plugins/myplug"))
    }

    #[test]
    fn manifest_name_is_the_namespace() {
        assert_eq!(ns(r#"{"name": "acme"}"#).as_deref(), Some("acme"));
    }

    #[test]
    fn missing_name_falls_back_to_plugin_dir_name() {
        assert_eq!(
            ns(r#"{"description": "no name field"}"#).as_deref(),
            Some("myplug")
        );
    }

    #[test]
    fn blank_name_falls_back_to_plugin_dir_name() {
        assert_eq!(ns(r#"{"name": "  \t"}"#).as_deref(), Some("myplug"));
        assert_eq!(ns(r#"{"name": ""}"#).as_deref(), Some("myplug"));
    }

    #[test]
    fn non_blank_name_is_kept_untrimmed() {
        assert_eq!(ns(r#"{"name": " acme "}"#).as_deref(), Some(" acme "));
    }

    #[test]
    fn invalid_json_gives_no_namespace() {
        assert_eq!(ns("not json"), None);
        assert_eq!(ns(""), None);
    }

    #[test]
    fn non_string_name_gives_no_namespace() {
        assert_eq!(ns(r#"{"name": 5}"#), None);
        assert_eq!(ns(r#"{"name": null}"#), None);
    }

    #[test]
    fn non_object_json_gives_no_namespace() {
        assert_eq!(ns("null"), None);
        assert_eq!(ns("\"acme\""), None);
    }

    #[test]
    fn blank_name_at_filesystem_root_stays_blank() {
        assert_eq!(
            namespace_from_manifest(r#"{"name": " "}"#, Path::new("/")).as_deref(),
            Some(" ")
        );
    }
}
