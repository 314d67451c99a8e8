//! The only module that touches the file system: reading a config file and canonicalising the
//! paths named by rules. Everything else in the crate works on text and values.

use std::io;
use std::path::{Path, PathBuf};

use skilldeck_model::lexically_normalize;

/// Reads a config file. A missing file is not an error: it simply contributes no layer.
pub(crate) fn read_config_file(path: &Path) -> io::Result<Option<String>> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error),
    }
}

/// The path a `path` rule selects: joined to `base` when relative (errata 7.d), then
/// canonicalised with the file system; when that fails (e.g. the file does not exist yet) the
/// lexically normalised absolute path is used, as Codex does.
pub(crate) fn resolve_rule_path(raw: &Path, base: &Path) -> PathBuf {
    let joined = if raw.is_absolute() {
        raw.to_path_buf()
    } else {
        base.join(raw)
    };
    dunce::canonicalize(&joined).unwrap_or_else(|_| lexically_normalize(&joined))
}

/// The directory relative paths in a config file are resolved against.
pub(crate) fn config_base_dir(config_file: &Path) -> PathBuf {
    config_file
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}
