//! `skilldeck validate`: findings about SKILL.md files.

use std::process::ExitCode;

use crate::args::{GlobalArgs, ValidateArgs};

pub fn run(_global: &GlobalArgs, _args: &ValidateArgs) -> anyhow::Result<ExitCode> {
    Ok(ExitCode::SUCCESS)
}
