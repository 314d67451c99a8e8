//! One module per command; each exposes `run(global, args) -> anyhow::Result<ExitCode>`.

pub mod catalog;
pub mod detect;
pub mod explain;
pub mod inject;
pub mod install;
pub mod list;
pub mod validate;

use std::path::{Path, PathBuf};

use anyhow::Context;
use skilldeck::{BuildError, Profile, SkillsManager};

use crate::args::{GlobalArgs, ProfileArg};
use crate::style::print_warnings;

/// The profile the flags name.
pub fn profile(global: &GlobalArgs) -> Profile {
    match global.profile {
        ProfileArg::Skilldeck => Profile::Skilldeck,
        ProfileArg::Codex => Profile::Codex,
    }
}

/// `path` made absolute against the process's current directory (not canonicalised: Codex
/// echoes the cwd as given).
pub fn absolute(path: &Path) -> anyhow::Result<PathBuf> {
    if path.is_absolute() {
        Ok(path.to_path_buf())
    } else {
        let here = std::env::current_dir().context("cannot read the current directory")?;
        Ok(here.join(path))
    }
}

/// The manager the global flags describe.
pub fn manager(global: &GlobalArgs) -> anyhow::Result<SkillsManager> {
    let profile = profile(global);
    let mut builder = SkillsManager::builder(profile.layout())
        .profile(profile)
        .config_overrides(global.overrides.iter().cloned());
    if let Some(home) = &global.home {
        builder = builder.home(absolute(home)?);
    }
    if let Some(cwd) = &global.cwd {
        builder = builder.cwd(absolute(cwd)?);
    }
    if let Some(admin) = &global.admin_dir {
        builder = builder.admin_dir(absolute(admin)?);
    }
    match builder.build() {
        Ok(manager) => Ok(manager),
        Err(error @ BuildError::Override(_)) => Err(UsageError(error.to_string()).into()),
        Err(error) => Err(error.into()),
    }
}

/// Prints diagnostics for people on stderr: `warning: …` for warnings and errors, `note: …` for
/// informational ones (nothing was lost, but the user may have expected otherwise).
pub fn print_diagnostics(diagnostics: &[skilldeck::Diagnostic]) {
    let style = crate::style::Style::stderr();
    for diagnostic in diagnostics {
        if diagnostic.severity == skilldeck::Severity::Info {
            eprintln!("{} {diagnostic}", style.dim("note:"));
        } else {
            print_warnings(&[diagnostic.to_string()]);
        }
    }
}

/// A usage error found after parsing (a malformed `-c`): exit status 2, like clap's.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// Prints the manager's set-up warnings (a failed install) once a load has happened.
pub fn print_setup_warnings(manager: &SkillsManager) {
    print_warnings(manager.warnings());
}
