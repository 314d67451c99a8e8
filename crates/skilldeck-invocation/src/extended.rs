//! Extended mode: turning a command line into the simple commands that may use a skill.
//!
//! What Codex misses and this sees: `;`/`&&`/`||`/`|` lists (each part analysed), `cd DIR`
//! (tracked for the parts after it), `VAR=1` and `env [-i] [-u N] [-C DIR] VAR=1` prefixes,
//! `exec`/`nohup`/`time`/`command` prefixes, `uv run`/`poetry run`/`pipenv run`, `npx`/`bunx`/
//! `pnpx`/`pnpm exec|dlx`, `bash -c '…'` (analysed recursively), `deno run`/`bun run`,
//! versioned interpreters, and option values (`python -W x s.py`). `python -m mod` and
//! `node -e …` are not script runs.

use std::path::{Path, PathBuf};

use crate::canonical::Canonicalizer;
use crate::tables::{base_name, extended_runner};
use crate::tokenize::split_segments;

/// How deep `sh -c '…'` strings are followed.
const MAX_NESTING: usize = 3;

/// One simple command, ready for the runner and reader rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SimpleCommand {
    /// The words, prefixes and wrappers removed.
    pub words: Vec<String>,
    /// The directory it runs in (after any earlier `cd`).
    pub workdir: PathBuf,
    /// A wrapper (`uv run`) ran the first word directly, so it is the script, not a runner.
    pub script_first: bool,
}

impl SimpleCommand {
    /// The script a runner command runs, honouring each runner family's options.
    pub fn script_token(&self) -> Option<&str> {
        let (family, rest) = if self.script_first {
            (Family::Direct, &self.words[..])
        } else {
            (
                Family::of(extended_runner(self.words.first()?)?),
                &self.words[1..],
            )
        };
        let mut subcommand_skipped = false;
        let mut iter = rest.iter();
        while let Some(word) = iter.next() {
            if word == "--" {
                continue;
            }
            if word.starts_with('-') {
                match family.option(word) {
                    OptionEffect::NoScript => return None,
                    OptionEffect::TakesValue => {
                        iter.next();
                    }
                    OptionEffect::Flag => {}
                }
                continue;
            }
            if family == Family::Js && !subcommand_skipped && word == "run" {
                subcommand_skipped = true;
                continue;
            }
            return Some(word);
        }
        None
    }
}

/// Runner families that share option rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Python,
    Js,
    RubyPerl,
    Shell,
    PowerShell,
    Direct,
}

enum OptionEffect {
    NoScript,
    TakesValue,
    Flag,
}

impl Family {
    fn of(runner: &str) -> Family {
        match runner {
            "python" | "python3" | "python2" | "pypy" => Family::Python,
            "node" | "deno" | "bun" | "tsx" | "ts-node" => Family::Js,
            "ruby" | "perl" => Family::RubyPerl,
            "pwsh" | "powershell" => Family::PowerShell,
            _ => Family::Shell,
        }
    }

    fn option(self, word: &str) -> OptionEffect {
        let lower = word.to_ascii_lowercase();
        match self {
            // `-m mod`, `-c code` (also attached: `-mhttp.server`) run no script file.
            Family::Python if lower.starts_with("-m") || lower.starts_with("-c") => {
                OptionEffect::NoScript
            }
            Family::Python if matches!(word, "-W" | "-X" | "-Q") => OptionEffect::TakesValue,
            Family::Js if matches!(word, "-e" | "--eval" | "-p" | "--print") => {
                OptionEffect::NoScript
            }
            Family::Js
                if matches!(
                    word,
                    "-r" | "--require" | "--import" | "--loader" | "--experimental-loader"
                ) =>
            {
                OptionEffect::TakesValue
            }
            Family::RubyPerl if matches!(word, "-e" | "-E") => OptionEffect::NoScript,
            Family::RubyPerl if matches!(word, "-r" | "-I") => OptionEffect::TakesValue,
            Family::Shell if word == "-o" => OptionEffect::TakesValue,
            Family::PowerShell if matches!(lower.as_str(), "-command" | "-c") => {
                OptionEffect::NoScript
            }
            _ => OptionEffect::Flag,
        }
    }
}

/// Every simple command of `command`, in order, with its working directory.
pub(crate) fn simple_commands(
    command: &str,
    workdir: &Path,
    canonicalizer: &dyn Canonicalizer,
) -> Vec<SimpleCommand> {
    let mut out = Vec::new();
    let mut workdir = workdir.to_path_buf();
    collect(command, &mut workdir, canonicalizer, 0, &mut out);
    out
}

fn collect(
    command: &str,
    workdir: &mut PathBuf,
    canonicalizer: &dyn Canonicalizer,
    depth: usize,
    out: &mut Vec<SimpleCommand>,
) {
    for words in split_segments(command) {
        let mut local = workdir.clone();
        let (words, script_first) = unwrap(&words, &mut local, canonicalizer);
        let Some(first) = words.first() else { continue };
        let program = base_name(first).to_ascii_lowercase();
        if !script_first && matches!(program.as_str(), "cd" | "pushd") {
            if let Some(dir) = words[1..].iter().find(|w| !w.starts_with('-'))
                && !dir.starts_with('~')
            {
                *workdir = resolve(dir, &local, canonicalizer);
            }
            continue;
        }
        if !script_first
            && matches!(program.as_str(), "sh" | "bash" | "zsh" | "dash" | "ksh")
            && depth < MAX_NESTING
            && let Some(at) = words[1..]
                .iter()
                .take_while(|w| w.starts_with('-'))
                .position(|w| !w.starts_with("--") && w.contains('c'))
            && let Some(script) = words.get(at + 2)
        {
            let mut nested = local.clone();
            collect(script, &mut nested, canonicalizer, depth + 1, out);
            continue;
        }
        out.push(SimpleCommand {
            words: words.to_vec(),
            workdir: local,
            script_first,
        });
    }
}

fn resolve(token: &str, workdir: &Path, canonicalizer: &dyn Canonicalizer) -> PathBuf {
    let path = Path::new(token);
    if path.is_absolute() {
        canonicalizer.canonical_or_raw(path)
    } else {
        canonicalizer.canonical_or_raw(&workdir.join(path))
    }
}

fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        let mut chars = name.chars();
        chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Removes prefixes and wrappers; says whether the first remaining word is itself the script.
fn unwrap<'w>(
    mut words: &'w [String],
    workdir: &mut PathBuf,
    canonicalizer: &dyn Canonicalizer,
) -> (&'w [String], bool) {
    loop {
        let Some(first) = words.first() else {
            return (words, false);
        };
        if is_assignment(first) {
            words = &words[1..];
            continue;
        }
        let program = base_name(first).to_ascii_lowercase();
        let program = program.strip_suffix(".exe").unwrap_or(&program);
        match program {
            "env" => words = skip_env(&words[1..], workdir, canonicalizer),
            "exec" | "nohup" | "command" | "time" => words = skip_flags(&words[1..], &[]),
            "npx" | "bunx" | "pnpx" => {
                words = skip_flags(&words[1..], &["-p", "--package"]);
            }
            "pnpm" | "yarn" if matches!(words.get(1).map(String::as_str), Some("exec" | "dlx")) => {
                words = skip_flags(&words[2..], &[]);
            }
            "uv" | "poetry" | "pipenv" if words.get(1).is_some_and(|w| w == "run") => {
                words = skip_flags(
                    &words[2..],
                    &[
                        "--with",
                        "--with-requirements",
                        "--python",
                        "-p",
                        "--project",
                        "--directory",
                        "--env-file",
                        "--extra",
                        "--group",
                        "--package",
                        "--index",
                        "--from",
                    ],
                );
                let direct = words.first().is_some_and(|w| extended_runner(w).is_none());
                if direct {
                    return (words, true);
                }
            }
            _ => return (words, false),
        }
    }
}

/// Skips options (and the values of `with_value` options) at the start of `words`.
fn skip_flags<'w>(mut words: &'w [String], with_value: &[&str]) -> &'w [String] {
    while let Some(first) = words.first() {
        if first == "--" {
            return &words[1..];
        }
        if !first.starts_with('-') {
            break;
        }
        let skip = if with_value.contains(&first.as_str()) {
            2
        } else {
            1
        };
        words = &words[skip.min(words.len())..];
    }
    words
}

/// Skips `env`'s options and assignments; `-C DIR` changes the directory.
fn skip_env<'w>(
    mut words: &'w [String],
    workdir: &mut PathBuf,
    canonicalizer: &dyn Canonicalizer,
) -> &'w [String] {
    while let Some(first) = words.first() {
        match first.as_str() {
            "-u" | "--unset" | "-S" | "--split-string" => {
                words = &words[2.min(words.len())..];
            }
            "-C" | "--chdir" => {
                if let Some(dir) = words.get(1) {
                    *workdir = resolve(dir, workdir, canonicalizer);
                }
                words = &words[2.min(words.len())..];
            }
            "--" => return &words[1..],
            word if word.starts_with('-') || is_assignment(word) => words = &words[1..],
            _ => break,
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &Path) -> Option<PathBuf> {
        None
    }

    fn commands(command: &str) -> Vec<(Vec<String>, PathBuf, bool)> {
        simple_commands(command, Path::new("/w"), &none)
            .into_iter()
            .map(|c| (c.words, c.workdir, c.script_first))
            .collect()
    }

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|w| (*w).to_owned()).collect()
    }

    #[test]
    fn cd_moves_the_later_commands() {
        assert_eq!(
            commands("cd sub && python x.py; cd .. ; cat y"),
            vec![
                (words(&["python", "x.py"]), PathBuf::from("/w/sub"), false),
                (words(&["cat", "y"]), PathBuf::from("/w/sub/.."), false),
            ]
        );
    }

    #[test]
    fn env_and_assignments_are_prefixes() {
        assert_eq!(
            commands("A=1 env -i -u X B=2 python3 s.py"),
            vec![(words(&["python3", "s.py"]), PathBuf::from("/w"), false)]
        );
    }

    #[test]
    fn uv_run_of_a_file_makes_it_the_script() {
        assert_eq!(
            commands("uv run --with rich scripts/x.py"),
            vec![(words(&["scripts/x.py"]), PathBuf::from("/w"), true)]
        );
        assert_eq!(
            commands("uv run python scripts/x.py"),
            vec![(
                words(&["python", "scripts/x.py"]),
                PathBuf::from("/w"),
                false
            )]
        );
    }

    #[test]
    fn shell_dash_c_is_analysed_inside() {
        assert_eq!(
            commands("bash -lc 'cd d && node s.js'"),
            vec![(words(&["node", "s.js"]), PathBuf::from("/w/d"), false)]
        );
    }

    #[test]
    fn python_module_runs_no_script() {
        let simple = SimpleCommand {
            words: words(&["python", "-m", "pkg.py"]),
            workdir: PathBuf::from("/w"),
            script_first: false,
        };
        assert_eq!(simple.script_token(), None);
        let simple = SimpleCommand {
            words: words(&["python3.12", "-W", "ignore", "s.py"]),
            ..simple
        };
        assert_eq!(simple.script_token(), Some("s.py"));
    }
}
