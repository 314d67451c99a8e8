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
    let command = shell_join(&args.command);
    let detection = manager.detect_with(&command, &workdir, args.extended);
    print_setup_warnings(&manager);
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&detection)?)?;
    } else {
        match detection {
            Some(found) => {
                let how = match found.kind {
                    DetectionKind::Script => "ran one of its scripts",
                    DetectionKind::Doc => "read its SKILL.md",
                };
                outln!(
                    "{} ({} skill): {how}\n  {}",
                    found.name,
                    found.scope,
                    found.path
                )?;
            }
            None => outln!("No skill detected.")?,
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// One word is the command as written; several words (after `--`) are joined back into one
/// command line, single-quoting the words a shell would split or expand, so that
/// `detect -- python3 "my script.py"` means what it says.
fn shell_join(words: &[String]) -> String {
    if let [single] = words {
        return single.clone();
    }
    words
        .iter()
        .map(|word| {
            let plain = !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
            if plain {
                word.clone()
            } else {
                format!("'{}'", word.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|word| (*word).to_owned()).collect()
    }

    #[test]
    fn single_argument_is_the_command_as_written() {
        assert_eq!(
            shell_join(&words(&["cd x && python3 s.py"])),
            "cd x && python3 s.py"
        );
    }

    #[test]
    fn words_with_spaces_or_quotes_are_quoted() {
        assert_eq!(
            shell_join(&words(&["python3", "my script.py", "it's"])),
            "python3 'my script.py' 'it'\\''s'"
        );
    }
}
