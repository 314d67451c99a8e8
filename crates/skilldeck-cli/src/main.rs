//! The `skilldeck` command: argument parsing and printing over the `skilldeck` facade.
//!
//! Exit status: 0 success (also when nothing is found), 1 invalid input reported (a `validate`
//! error, an unknown skill in `explain`, a refused `install-system`, an unreadable `--texts`
//! file), 2 usage error (clap's). The `--json` outputs are documented in `docs/cli.md`.

/// `print!` to stdout that returns the write error instead of panicking, so a closed pipe
/// (`skilldeck list --json | head`) ends the command quietly.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($arg)*)
    }};
}

/// `println!` to stdout that returns the write error instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)
    }};
}

mod args;
mod commands;
mod style;

use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::List(args) => commands::list::run(&cli.global, args),
        Command::Catalog(args) => commands::catalog::run(&cli.global, args),
        Command::Inject(args) => commands::inject::run(&cli.global, args),
        Command::Detect(args) => commands::detect::run(&cli.global, args),
        Command::Validate(args) => commands::validate::run(&cli.global, args),
        Command::InstallSystem(args) => commands::install::run(&cli.global, args),
        Command::Explain(args) => commands::explain::run(&cli.global, args),
    };
    match result {
        Ok(code) => code,
        // The reader went away (`| head`): what it wanted was printed, nothing failed.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            let style = style::Style::stderr();
            eprintln!("{} {error:#}", style.red("error:"));
            if error.downcast_ref::<commands::UsageError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            || cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind)
                == Some(std::io::ErrorKind::BrokenPipe)
    })
}
