//! Detection: which skill a command runs a script of, or reads the `SKILL.md` of.

use std::path::{Path, PathBuf};

use skilldeck_model::{LoadOutcome, Scope};

use crate::canonical::{Canonicalizer, FsCanonicalizer};
use crate::extended::{SimpleCommand, simple_commands};
use crate::index::{IndexedSkill, InvocationIndex};
use crate::tables::{codex_runner, has_script_extension, is_reader};
use crate::tokenize::tokenize;

/// How a command used the skill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DetectionKind {
    /// It ran a file below the skill's `scripts/` directory.
    Script,
    /// It read the skill's `SKILL.md`.
    Doc,
}

/// The skill a command used: what `detect --json` prints.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Detection {
    /// The skill's (qualified) name.
    pub name: String,
    /// Canonical path of its `SKILL.md` (lossy UTF-8, native separators).
    pub path: String,
    /// Its scope.
    pub scope: Scope,
    /// Script run or doc read.
    pub kind: DetectionKind,
}

impl Detection {
    fn new(skill: &IndexedSkill, kind: DetectionKind) -> Detection {
        Detection {
            name: skill.name.clone(),
            path: skill.path.to_string_lossy().into_owned(),
            scope: skill.scope.clone(),
            kind,
        }
    }
}

/// Which command shapes are understood.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Exactly Codex 0.171: one tokenized command, the first word must be a runner or a reader.
    #[default]
    Codex,
    /// Also command lists and pipelines, `cd`, `env`/`VAR=1` prefixes, `uv run`, `npx`-style
    /// wrappers, `sh -c '…'`, versioned interpreters and more runners, readers and extensions
    /// (see the crate docs).
    Extended,
}

/// Detects skill use in commands, for one load outcome.
#[derive(Debug)]
pub struct Detector<C: Canonicalizer = FsCanonicalizer> {
    index: InvocationIndex,
    canonicalizer: C,
}

impl Detector<FsCanonicalizer> {
    /// A detector over the real file system.
    pub fn new(outcome: &LoadOutcome) -> Detector<FsCanonicalizer> {
        Detector::with_canonicalizer(outcome, FsCanonicalizer)
    }
}

impl<C: Canonicalizer> Detector<C> {
    /// A detector that resolves paths through `canonicalizer`.
    pub fn with_canonicalizer(outcome: &LoadOutcome, canonicalizer: C) -> Detector<C> {
        Detector {
            index: InvocationIndex::new(outcome, &canonicalizer),
            canonicalizer,
        }
    }

    /// The indexes this detector looks paths up in.
    pub fn index(&self) -> &InvocationIndex {
        &self.index
    }

    /// The skill `command`, run in `workdir`, uses — a script run wins over a doc read — or
    /// `None`. Never executes anything.
    pub fn detect(&self, command: &str, workdir: &Path, mode: Mode) -> Option<Detection> {
        let workdir = self.canonicalizer.canonical_or_raw(workdir);
        match mode {
            Mode::Codex => {
                let tokens = tokenize(command);
                self.script_run(&tokens, &workdir)
                    .or_else(|| self.doc_read(&tokens, &workdir, false))
            }
            Mode::Extended => {
                let commands = simple_commands(command, &workdir, &self.canonicalizer);
                commands
                    .iter()
                    .find_map(|simple| self.extended_script_run(simple))
                    .or_else(|| {
                        commands
                            .iter()
                            .find_map(|simple| self.doc_read(&simple.words, &simple.workdir, true))
                    })
            }
        }
    }

    fn resolve(&self, token: &str, workdir: &Path) -> PathBuf {
        let path = Path::new(token);
        let path = if path.is_absolute() {
            path.to_path_buf()
        } else {
            workdir.join(path)
        };
        self.canonicalizer.canonical_or_raw(&path)
    }

    fn script_at(&self, token: &str, workdir: &Path) -> Option<Detection> {
        let script = self.resolve(token, workdir);
        self.index
            .skill_for_script(&script)
            .map(|skill| Detection::new(skill, DetectionKind::Script))
    }

    fn script_run(&self, tokens: &[String], workdir: &Path) -> Option<Detection> {
        codex_runner(tokens.first()?)?;
        let script = tokens[1..]
            .iter()
            .find(|token| *token != "--" && !token.starts_with('-'))?;
        if !has_script_extension(script, false) {
            return None;
        }
        self.script_at(script, workdir)
    }

    fn extended_script_run(&self, simple: &SimpleCommand) -> Option<Detection> {
        let script = simple.script_token()?;
        if !has_script_extension(script, true) {
            return None;
        }
        self.script_at(script, &simple.workdir)
    }

    fn doc_read(&self, tokens: &[String], workdir: &Path, extended: bool) -> Option<Detection> {
        if !is_reader(tokens.first()?, extended) {
            return None;
        }
        for token in &tokens[1..] {
            if token.starts_with('-') {
                continue;
            }
            if token.is_empty() {
                // Not a path: Codex stops looking here.
                return None;
            }
            if let Some(skill) = self.index.skill_for_doc(&self.resolve(token, workdir)) {
                return Some(Detection::new(skill, DetectionKind::Doc));
            }
        }
        None
    }
}

/// One-shot detection over the real file system (builds the indexes each call; keep a
/// [`Detector`] to detect many commands).
pub fn detect(
    outcome: &LoadOutcome,
    command: &str,
    workdir: &Path,
    mode: Mode,
) -> Option<Detection> {
    Detector::new(outcome).detect(command, workdir, mode)
}
