//! `skilldeck explain NAME`: why a skill is (or is not) what the model sees.

use std::process::ExitCode;

use crate::args::{ExplainArgs, GlobalArgs};

pub fn run(_global: &GlobalArgs, _args: &ExplainArgs) -> anyhow::Result<ExitCode> {
    Ok(ExitCode::SUCCESS)
}
