//! `skilldeck inject`: the `<skill>` fragments a user message triggers.

use std::io::Read as _;
use std::process::ExitCode;

use anyhow::Context as _;
use skilldeck::UserInput;

use crate::args::{GlobalArgs, InjectArgs};
use crate::commands::{manager, print_diagnostics, print_setup_warnings};

pub fn run(global: &GlobalArgs, args: &InjectArgs) -> anyhow::Result<ExitCode> {
    let message = if args.message == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read the message from stdin")?;
        text
    } else {
        args.message.clone()
    };
    let manager = manager(global)?;
    let result = manager.inject(&[UserInput::text(message)]);
    print_setup_warnings(&manager);
    print_diagnostics(&result.diagnostics);
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&result.injections)?)?;
    } else {
        let fragments: Vec<&str> = result
            .injections
            .iter()
            .map(|injection| injection.fragment.as_str())
            .collect();
        if !fragments.is_empty() {
            outln!("{}", fragments.join("\n\n"))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
