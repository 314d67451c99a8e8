//! `skilldeck install-system`: install or repair the bundled skills.

use std::process::ExitCode;

use skilldeck::{InstallStatus, Profile};

use crate::args::{GlobalArgs, InstallArgs};
use crate::commands::manager;
use crate::style::Style;

pub fn run(global: &GlobalArgs, args: &InstallArgs) -> anyhow::Result<ExitCode> {
    let manager = manager(global)?;
    if manager.profile() == Profile::Codex {
        anyhow::bail!(
            "the codex profile never writes: skilldeck does not install into Codex's directory \
             ({}); Codex installs its own bundled skills",
            manager.system_cache_dir().display()
        );
    }
    let status = manager.install_system(args.force)?;
    let dir = manager.system_cache_dir();
    let style = Style::stdout();
    if status == InstallStatus::UpToDate {
        outln!("Bundled skills are up to date in {}", dir.display())?;
    } else {
        outln!(
            "{} {}",
            style.green(&format!("Bundled skills {status}:")),
            dir.display()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
