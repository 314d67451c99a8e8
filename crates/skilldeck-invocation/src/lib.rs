//! Implicit skill use: which skill a shell command runs a script of, or reads the `SKILL.md` of.
//!
//! **Owns:** shell-like tokenizing ([`tokenize`]), the runner, extension and reader tables
//! ([`RUNNERS`], [`SCRIPT_EXTENSIONS`], [`READERS`]), the indexes by scripts directory and by
//! `SKILL.md` path ([`InvocationIndex`]), and the detection result ([`Detection`]).
//!
//! **Must not:** execute anything, or read file contents. The only file-system access is path
//! canonicalisation, behind the [`Canonicalizer`] trait ([`FsCanonicalizer`] for the disk), so
//! tests can fake it.
//!
//! # Codex mode (the default)
//!
//! Exactly Codex 0.171: only skills that are enabled and allow implicit invocation are indexed
//! (later ones win on a key collision). The command is split POSIX-style (falling back to
//! whitespace when it cannot be split); operators are ordinary words. A *script run* (checked
//! first): the first word's base name, ASCII-lowercased and without `.exe`, is one of the 10
//! runners, the script is the first later word that is not `--` and does not start with `-`, it
//! ends with one of the 7 extensions, and it or one of its ancestors (relative paths joined to the
//! workdir, canonicalised when they exist) is a skill's `scripts/` directory. A *doc read*: the
//! first word's base name is one of the 8 readers, and a later non-option word resolves to a
//! skill's `SKILL.md`; the first hit wins.
//!
//! # Extended mode ([`Mode::Extended`], opt-in)
//!
//! Sees what Codex misses, without changing what Codex mode finds for a plain command:
//! * command lists and pipelines (`;`, `&&`, `||`, `|`, `&`, newlines, parentheses): each part is
//!   analysed; a script run anywhere wins over a doc read anywhere;
//! * `cd DIR` / `pushd DIR` change the directory of the parts after them (not `cd -` or `~`);
//! * prefixes `VAR=1`, `env [-i] [-u NAME] [-C DIR] VAR=1`, `exec`, `nohup`, `time`, `command`;
//! * wrappers `uv run`, `poetry run`, `pipenv run` (a script file directly after them is run),
//!   `npx`, `bunx`, `pnpx`, `pnpm exec|dlx`, `yarn exec|dlx`;
//! * `bash -c '…'` (and `sh`, `zsh`, `dash`, `ksh`; `-lc` too): the string is analysed itself;
//! * versioned interpreters (`python3.12`, `node18`), the runners [`EXTENDED_RUNNERS`], the
//!   extensions [`EXTENDED_SCRIPT_EXTENSIONS`], the readers [`EXTENDED_READERS`], `.exe` on readers;
//! * per-runner options: `python -m mod` / `-c code`, `node -e`, `ruby -e`, `pwsh -Command` run no
//!   script; option values (`python -W ignore s.py`, `node -r hook s.js`) are skipped;
//!   `deno run` / `bun run` skip their subcommand.
//!
//! Known limits: `cd` inside a subshell `( … )` still applies after it; redirections are words.
//!
//! # Example
//!
//! ```
//! use std::path::{Path, PathBuf};
//! use skilldeck_invocation::{DetectionKind, Detector, Mode};
//! use skilldeck_model::{LoadOutcome, Scope, SkillMetadata};
//!
//! let outcome = LoadOutcome {
//!     skills: vec![SkillMetadata::new("pdf", "Fill forms", "/skills/pdf/SKILL.md", Scope::USER)],
//!     ..LoadOutcome::default()
//! };
//! // A fake file system where nothing can be canonicalised: paths are used as written.
//! let detector = Detector::with_canonicalizer(&outcome, |_: &Path| None::<PathBuf>);
//!
//! let used = detector.detect("python3 -u scripts/fill.py --out x", Path::new("/skills/pdf"), Mode::Codex);
//! assert_eq!(used.map(|d| (d.name, d.kind)), Some(("pdf".to_owned(), DetectionKind::Script)));
//!
//! // Codex misses a `cd` first; extended mode follows it.
//! let command = "cd /skills/pdf && python scripts/fill.py";
//! assert!(detector.detect(command, Path::new("/tmp"), Mode::Codex).is_none());
//! assert!(detector.detect(command, Path::new("/tmp"), Mode::Extended).is_some());
//! ```
#![deny(missing_docs)]

mod canonical;
mod detect;
mod extended;
mod index;
mod tables;
mod tokenize;

pub use canonical::{Canonicalizer, FsCanonicalizer};
pub use detect::{Detection, DetectionKind, Detector, Mode, detect};
pub use index::{IndexedSkill, InvocationIndex};
pub use tables::{
    EXTENDED_READERS, EXTENDED_RUNNERS, EXTENDED_SCRIPT_EXTENSIONS, READERS, RUNNERS,
    SCRIPT_EXTENSIONS, base_name, codex_runner, extended_runner, has_script_extension, is_reader,
};
pub use tokenize::{split_segments, tokenize};
