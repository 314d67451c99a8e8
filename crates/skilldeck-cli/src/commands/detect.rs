//! `skilldeck detect`: which skill a shell command used.

use std::process::ExitCode;

use skilldeck::DetectionKind;

use crate::args::{DetectArgs, GlobalArgs};
use crate::commands::{absolute, manager, print_setup_warnings};

pub fn run(global: &GlobalArgs, args: &DetectArgs) -> anyhow::Result<ExitCode> {
    let manager = manager(global)?;
    let workdir = match &args.workdir {
        Some(dir) => absolute(dir)?,
        None => manager.cwd().to_path_buf(),
    };
    let command = args.command.join(" ");
    let detection = manager.detect_with(&command, &workdir, args.extended);
    print_setup_warnings(&manager);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&detection)?);
    } else {
        match detection {
            Some(found) => {
                let how = match found.kind {
                    DetectionKind::Script => "ran one of its scripts",
                    DetectionKind::Doc => "read its SKILL.md",
                };
                println!(
                    "{} ({} skill): {how}\n  {}",
                    found.name, found.scope, found.path
                );
            }
            None => println!("No skill detected."),
        }
    }
    Ok(ExitCode::SUCCESS)
}
