//! The one error a config load can end with (everything else is a diagnostic).

use std::io;
use std::path::PathBuf;

/// Why the configuration could not be loaded at all.
///
/// In the `codex` profile a malformed `[skills]` table is fatal, as in Codex 0.171 (errata 7.j):
/// the caller then lists no skills and shows this one error for the working directory.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// A config file is not TOML, or its `[skills]` table does not fit the schema.
    /// The text is exactly Codex's, e.g.
    /// ``failed to reload config: /h/config.toml:5:1: missing field `enabled` ``.
    #[error("failed to reload config: {}:{line}:{column}: {reason}", path.display())]
    Invalid {
        /// The config file.
        path: PathBuf,
        /// 1-based line where the offending item starts.
        line: usize,
        /// 1-based column (in characters) where the offending item starts.
        column: usize,
        /// The parser's reason, e.g. ``missing field `enabled` ``.
        reason: String,
    },
    /// A `-c key=value` override sets a `[skills]` value that does not fit the schema.
    #[error("failed to reload config: -c {key}: {reason}")]
    InvalidOverride {
        /// The dotted key of the override.
        key: String,
        /// The reason, e.g. ``missing field `enabled` ``.
        reason: String,
    },
    /// A `-c` argument is not of the form `key=value`.
    #[error("invalid -c override `{raw}`: {reason}")]
    MalformedOverride {
        /// The argument as given.
        raw: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A config file exists but could not be read.
    #[error("failed to read config {}: {source}", path.display())]
    Read {
        /// The config file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
}
