//! `skilldeck validate`: findings about SKILL.md files, from the validation crate.

use std::process::ExitCode;

use skilldeck::validate::{RuleSet, findings_to_json, validate};

use crate::args::{GlobalArgs, RuleSetArg, ValidateArgs};
use crate::commands::absolute;
use crate::style::Style;

pub fn run(_global: &GlobalArgs, args: &ValidateArgs) -> anyhow::Result<ExitCode> {
    let mut rules: Vec<RuleSet> = Vec::new();
    for arg in &args.rules {
        let set = match arg {
            RuleSetArg::Codex => RuleSet::Codex,
            RuleSetArg::Spec => RuleSet::Spec,
            RuleSetArg::Claude => RuleSet::Claude,
        };
        if !rules.contains(&set) {
            rules.push(set);
        }
    }
    // Findings name paths as given, so relative arguments stay relative in the report.
    for path in &args.paths {
        if !absolute(path)?.exists() {
            anyhow::bail!("{}: no such file or directory", path.display());
        }
    }
    let findings = validate(&args.paths, &rules);
    if args.json {
        outln!("{}", findings_to_json(&findings))?;
    } else {
        let style = Style::stdout();
        for finding in &findings {
            let text = finding.to_string();
            if finding.is_error() {
                outln!("{}", style.red(&text))?;
            } else {
                outln!("{text}")?;
            }
        }
        let errors = findings.iter().filter(|finding| finding.is_error()).count();
        outln!(
            "{} error{}, {} warning{}",
            errors,
            if errors == 1 { "" } else { "s" },
            findings.len() - errors,
            if findings.len() - errors == 1 {
                ""
            } else {
                "s"
            },
        )?;
    }
    if findings.iter().any(skilldeck::validate::Finding::is_error) {
        Ok(ExitCode::from(1))
    } else {
        Ok(ExitCode::SUCCESS)
    }
}
