//! Why a manager could not be built.

/// Why [`crate::SkillsManagerBuilder::build`] failed.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// No home directory: neither the builder, the layout's variable nor `$HOME` named one.
    #[error("cannot find the home directory: set ${env} or HOME, or pass a home explicitly")]
    NoHome {
        /// The layout's home variable (`SKILLDECK_HOME`, `CODEX_HOME`).
        env: String,
    },
    /// The process's current directory is needed and unknown.
    #[error("cannot read the current directory: {0}")]
    CurrentDir(#[source] std::io::Error),
    /// A `-c key=value` override is malformed (not `key=value`, or not a TOML value).
    #[error(transparent)]
    Override(skilldeck_config::ConfigError),
}
