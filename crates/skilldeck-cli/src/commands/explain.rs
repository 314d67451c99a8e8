//! `skilldeck explain NAME`: why a skill is (or is not) what the model sees.

use std::fmt::Write as _;
use std::process::ExitCode;

use skilldeck::{CatalogPresence, Explained, Explanation, Mention};

use crate::args::{ExplainArgs, GlobalArgs};
use crate::commands::{manager, print_setup_warnings};
use crate::style::Style;

pub fn run(global: &GlobalArgs, args: &ExplainArgs) -> anyhow::Result<ExitCode> {
    let manager = manager(global)?;
    let explained = manager.explain(&args.name, args.context_window);
    print_setup_warnings(&manager);
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&explained)?)?;
    } else {
        out!("{}", render(&explained, Style::stdout()))?;
    }
    if explained.skills.is_empty() {
        if !args.json {
            eprintln!(
                "{} no loaded skill is named `{}` (see `skilldeck list`)",
                Style::stderr().red("error:"),
                args.name
            );
        }
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// The human explanation.
pub fn render(explained: &Explained, style: Style) -> String {
    let mut out = String::new();
    for error in &explained.errors {
        let _ = writeln!(
            out,
            "{} {}: {}",
            style.red("not loaded:"),
            error.path.display(),
            error.message
        );
    }
    for (index, skill) in explained.skills.iter().enumerate() {
        if index > 0 {
            out.push('\n');
        }
        explain_one(&mut out, skill, style);
    }
    out
}

fn explain_one(out: &mut String, skill: &Explanation, style: Style) {
    let _ = writeln!(out, "{}", style.bold(&skill.name));
    let _ = writeln!(out, "  found:    {}", skill.path);
    let plugin = skill
        .plugin_id
        .as_deref()
        .map(|id| format!(", plugin {id}"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "  scope:    {} (root {}{plugin})",
        skill.scope, skill.root
    );
    let state = if skill.enabled { "yes" } else { "no" };
    let why = match &skill.rule {
        Some(rule) => format!("decided by {rule}"),
        None => "no [[skills.config]] rule is about it".to_owned(),
    };
    let _ = writeln!(out, "  enabled:  {state}, {why}");
    let _ = writeln!(
        out,
        "  implicit: {}",
        if skill.implicit_invocation {
            "the model may use it on its own"
        } else {
            "no: allow_implicit_invocation is false"
        }
    );
    let catalog = match &skill.catalog {
        CatalogPresence::Full { line } => format!("listed in full\n            {line}"),
        CatalogPresence::Shortened {
            line,
            shown_chars,
            full_chars,
        } => format!(
            "listed, description cut to {shown_chars} of {full_chars} characters by the budget\n            {line}"
        ),
        CatalogPresence::LeftOut { budget } => {
            format!("left out: the catalog's budget of {budget} is spent on other skills")
        }
        CatalogPresence::Absent { reason } => format!("not listed: {reason}"),
    };
    let _ = writeln!(out, "  catalog:  {catalog}");
    let _ = writeln!(out, "  mention:  {}", mention(&skill.plain_mention));
    let _ = writeln!(out, "            {}", mention(&skill.linked_mention));
}

fn mention(mention: &Mention) -> String {
    match (&mention.reason, mention.works) {
        (_, true) => format!("{} injects it", mention.text),
        (Some(reason), false) => format!("{} does not inject it: {reason}", mention.text),
        (None, false) => format!("{} does not inject it", mention.text),
    }
}
