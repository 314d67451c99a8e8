//! The command line, as clap derive types. Every command's long help ends with an example.
// Doc comments here are the `--help` text people read, where backticks would show literally.
#![allow(clippy::doc_markdown)]

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Agent Skills for any coding-agent harness, compatible with the Codex CLI.
///
/// skilldeck finds the skills visible from a working directory (repository, user, bundled and
/// admin roots), shows the budgeted catalog a model would see, expands `$name` mentions into
/// `<skill>` fragments, and tells which skill a shell command used.
#[derive(Debug, Parser)]
#[command(
    name = "skilldeck",
    version,
    propagate_version = true,
    max_term_width = 100
)]
#[command(after_long_help = "Example:\n  skilldeck --cwd ~/src/app list\n  \
                             skilldeck --profile codex catalog --context-window 272000")]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

/// Flags every command understands.
#[derive(Debug, Args)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// Which directories to read: `skilldeck` (its own home, installs the bundled skills) or
    /// `codex` (exactly what Codex reads; never writes).
    #[arg(long, global = true, value_enum, default_value_t = ProfileArg::Skilldeck)]
    pub profile: ProfileArg,

    /// The tool's home directory (default: $SKILLDECK_HOME or ~/.skilldeck; with --profile codex,
    /// $CODEX_HOME or ~/.codex).
    #[arg(long, global = true, value_name = "DIR")]
    pub home: Option<PathBuf>,

    /// The working directory whose repository skills are visible (default: the current one).
    #[arg(long, global = true, value_name = "DIR")]
    pub cwd: Option<PathBuf>,

    /// The administrator directory whose `skills/` is the admin root (default: /etc/skilldeck or
    /// /etc/codex).
    #[arg(long, global = true, value_name = "DIR")]
    pub admin_dir: Option<PathBuf>,

    /// A configuration override with a TOML value, like Codex's
    /// (`-c skills.include_instructions=false`). Repeatable; later wins.
    #[arg(short = 'c', long = "config", global = true, value_name = "key=value")]
    pub overrides: Vec<String>,
}

/// The two built-in profiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProfileArg {
    /// skilldeck's own directories; installs the bundled skills on first use.
    Skilldeck,
    /// Codex's directories; read-only.
    Codex,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every skill found, enabled or not, and every skill that failed to load.
    ///
    /// Human output is a table grouped by scope; `--json` prints the `skills/list` wire form
    /// `{"cwd", "skills", "errors"}`. Skill errors do not change the exit status.
    #[command(
        after_long_help = "Example:\n  skilldeck list\n  skilldeck --cwd ~/src/app list --json"
    )]
    List(ListArgs),

    /// Print the `<skills_instructions>` catalog a model would see, and nothing when no skill is
    /// visible.
    ///
    /// Without --context-window the budget is 8,000 characters; with it, 2 % of the window in
    /// tokens. Warnings (skills left out) go to stderr.
    #[command(
        after_long_help = "Example:\n  skilldeck catalog --context-window 272000\n  \
                                 skilldeck catalog --texts my-texts.toml --no-usage"
    )]
    Catalog(CatalogArgs),

    /// Expand the `$name` and `[$name](path)` mentions of a message into `<skill>` fragments.
    ///
    /// Human output prints the fragments, separated by blank lines; `--json` prints
    /// `[{"name", "path", "contents", "fragment"}]` in injection order.
    #[command(
        after_long_help = "Example:\n  skilldeck inject 'use $pdf-tools on report.pdf'\n  \
                                 echo 'try $lint' | skilldeck inject --json -"
    )]
    Inject(InjectArgs),

    /// Tell which skill a shell command used: one of its scripts, or a read of its SKILL.md.
    ///
    /// `--json` prints `{"name", "path", "scope", "kind"}` or `null`.
    #[command(
        after_long_help = "Example:\n  skilldeck detect -- python3 scripts/fill.py form.pdf\n  \
                                 skilldeck detect --workdir ~/.skilldeck/skills/.system/pdf --json -- 'cat SKILL.md'"
    )]
    Detect(DetectArgs),

    /// Check SKILL.md files: a file, a skill folder, or a folder of skills.
    ///
    /// Exit status 1 when any finding is an error.
    #[command(after_long_help = "Example:\n  skilldeck validate ./skills\n  \
                                 skilldeck validate --json my-skill/SKILL.md")]
    Validate(ValidateArgs),

    /// Install (or repair) the bundled skills into `<home>/skills/.system`.
    ///
    /// Refused with --profile codex, which never writes.
    #[command(
        after_long_help = "Example:\n  skilldeck install-system\n  skilldeck install-system --force"
    )]
    InstallSystem(InstallArgs),

    /// Explain one skill: where it was found, whether it is enabled and why, how the catalog
    /// shows it, and whether `$NAME` can mention it.
    #[command(after_long_help = "Example:\n  skilldeck explain skill-creator\n  \
                                 skilldeck --profile codex explain imagegen")]
    Explain(ExplainArgs),
}

/// `list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Print the `skills/list` JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// `catalog`.
#[derive(Debug, Args)]
pub struct CatalogArgs {
    /// The model's context window in tokens; the budget becomes 2 % of it.
    #[arg(long, value_name = "N")]
    pub context_window: Option<i64>,

    /// A TOML file with the string keys `intro`, `intro_aliases`, `usage`, `usage_aliases`
    /// replacing the catalog's prose (missing keys keep the defaults).
    #[arg(long, value_name = "FILE")]
    pub texts: Option<PathBuf>,

    /// Leave out the "How to use skills" section.
    #[arg(long)]
    pub no_usage: bool,

    /// Output format: the Codex fragment, the agentskills.io XML form, or JSON.
    #[arg(long, value_enum, default_value_t = FormatArg::Codex)]
    pub format: FormatArg,
}

/// `catalog --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// `<skills_instructions>` … `</skills_instructions>`, as Codex sends it.
    Codex,
    /// The `<available_skills>` XML form of the agentskills.io integration guide.
    Agentskills,
    /// The rendered catalog and its report as JSON.
    Json,
}

/// `inject`.
#[derive(Debug, Args)]
pub struct InjectArgs {
    /// Print `[{"name", "path", "contents", "fragment"}]` instead of the fragments.
    #[arg(long)]
    pub json: bool,

    /// The user message; `-` reads it from stdin.
    #[arg(value_name = "MESSAGE", allow_hyphen_values = true)]
    pub message: String,
}

/// `detect`.
#[derive(Debug, Args)]
pub struct DetectArgs {
    /// The directory the command runs in (default: --cwd).
    #[arg(long, value_name = "DIR")]
    pub workdir: Option<PathBuf>,

    /// Also recognise commands Codex misses (see the invocation crate's extended mode).
    #[arg(long)]
    pub extended: bool,

    /// Print `{"name", "path", "scope", "kind"}` or `null`.
    #[arg(long)]
    pub json: bool,

    /// The shell command, as one argument or as several words after `--`.
    #[arg(value_name = "COMMAND", required = true, num_args = 1.., trailing_var_arg = true, allow_hyphen_values = true)]
    pub command: Vec<String>,
}

/// `validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Rule sets to check, comma-separated: `codex`, `spec`, `claude`.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "codex,spec",
        value_name = "RULES"
    )]
    pub rules: Vec<RuleSetArg>,

    /// Print the findings as a JSON array.
    #[arg(long)]
    pub json: bool,

    /// A SKILL.md, a skill folder, or a folder of skills.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
}

/// `validate --rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RuleSetArg {
    /// What Codex 0.171 refuses or silently changes.
    Codex,
    /// The agentskills.io specification.
    Spec,
    /// Claude Code's expectations.
    Claude,
}

/// `install-system`.
#[derive(Debug, Args)]
pub struct InstallArgs {
    /// Reinstall even when the marker says the installed copy is current.
    #[arg(long)]
    pub force: bool,
}

/// `explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The skill's name (plugin-qualified names as listed, e.g. `acme:search`).
    #[arg(value_name = "NAME")]
    pub name: String,

    /// Print the explanation as JSON.
    #[arg(long)]
    pub json: bool,

    /// Explain the catalog for this context window (tokens) instead of the 8,000-character
    /// default budget.
    #[arg(long, value_name = "N")]
    pub context_window: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_command_has_an_example_in_its_long_help() {
        for sub in Cli::command().get_subcommands() {
            let help = sub.get_after_long_help().map(ToString::to_string);
            assert!(
                help.is_some_and(|h| h.contains("Example:\n  skilldeck")),
                "{} lacks an example",
                sub.get_name()
            );
        }
    }
}
