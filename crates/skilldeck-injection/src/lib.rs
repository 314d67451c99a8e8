//! Tier 2 of the skills pipeline: explicit mentions and `<skill>` injection.
//!
//! **Owns:** the mention grammar ([`extract_mentions`]: `$name` and `[$name](path)`), the
//! selection of mentioned skills ([`select`]: structured selections, linked paths, plain names,
//! ambiguity, connector slugs, all in Codex 0.171's order), reading the selected bodies through a
//! [`SkillReader`], and the `<skill>` fragments ([`inject`], [`render_fragment`]), with an
//! optional body cap and closing-tag check ([`InjectionOptions`]).
//!
//! **Must not:** decide the catalog, walk directories, or resolve linked paths against the disk.
//! A linked mention can only ever select a *loaded* skill's `SKILL.md`, because it is compared
//! with the paths in the [`LoadOutcome`](skilldeck_model::LoadOutcome) and nothing else; the only
//! files this crate reads are those paths, through the reader it is given.
//!
//! Compatibility: [`InjectionOptions::codex`] gives Codex's bytes. Everything Codex does silently
//! (an ambiguous `$name`, a disabled skill, a connector clash, a link that matches nothing, a
//! `$name:` whose colon spoiled it) is reported as a [`Diagnostic`](skilldeck_model::Diagnostic)
//! with a stable code from [`codes`] — for people, never for the model.
//!
//! # Options and profiles
//!
//! * [`InjectionOptions::codex`] — Codex 0.171 byte for byte: no body cap, no checks.
//! * [`InjectionOptions::skilldeck`] — bodies cut after
//!   [`InjectionOptions::SKILLDECK_MAX_BODY_CHARS`] characters (at a character boundary, with an
//!   `inject.truncated` warning naming the skill; [`FsReader`] then reads only the bytes the
//!   cap needs, through [`SkillReader::read_capped`]), and a body containing `</skill>` or
//!   `</skills_instructions>` (any ASCII case, ASCII whitespace allowed inside the tag as in
//!   `</skill >` or `</ skill>`) reported as `inject.closing_tag`.
//! * `neutralize_closing_tags: true` (opt-in in both) rewrites such tags as `<\/skill>` /
//!   `<\/skills_instructions>` — a backslash between `<` and `/` — so the wrapper's own
//!   `</skill>` is the only closing tag the model sees; nothing else in the body changes.
//!   The skill's name and path are checked (and, with this option, rewritten in the fragment)
//!   as well as the body: a plugin namespace or an odd folder name can carry a tag the body does
//!   not. One `inject.closing_tag` warning per skill says where the tags are.
//! * `connectors` and `cwd` feed [`select`]: connector slugs that shadow plain names, and the
//!   directory relative structured selections are resolved against (Codex: its process cwd).
//!
//! # Example
//!
//! ```
//! use std::io;
//! use std::path::Path;
//! use skilldeck_injection::{InjectionOptions, UserInput, inject};
//! use skilldeck_model::{LoadOutcome, Scope, SkillMetadata};
//!
//! let outcome = LoadOutcome {
//!     skills: vec![
//!         SkillMetadata::new("pdf", "Fill PDF forms", "/skills/pdf/SKILL.md", Scope::REPO),
//!         SkillMetadata::new("deploy", "Ship it", "/skills/deploy/SKILL.md", Scope::USER),
//!     ],
//!     ..LoadOutcome::default()
//! };
//! // Any `Fn(&Path) -> io::Result<String>` is a reader; `FsReader` reads the disk.
//! let reader = |path: &Path| -> io::Result<String> { Ok(format!("body of {}", path.display())) };
//!
//! let message = [UserInput::text("use $deploy: first, then [$any-name](/skills/pdf/SKILL.md)")];
//! let result = inject(&outcome, &message, &InjectionOptions::codex(), &reader);
//!
//! // The link's path alone selects; `$deploy:` reads as the name `deploy:` and selects nothing.
//! let names: Vec<_> = result.injections.iter().map(|i| i.name.as_str()).collect();
//! assert_eq!(names, ["pdf"]);
//! assert_eq!(
//!     result.injections[0].fragment,
//!     "<skill>\n<name>pdf</name>\n<path>/skills/pdf/SKILL.md</path>\nbody of /skills/pdf/SKILL.md\n</skill>"
//! );
//! // Codex says nothing about `$deploy:`; we explain it, for people only.
//! assert_eq!(result.diagnostics[0].code, skilldeck_injection::codes::TRAILING_COLON);
//! ```
#![deny(missing_docs)]

pub mod codes;
mod counts;
mod fragment;
mod grammar;
mod inject;
mod input;
mod options;
mod reader;
mod select;

pub use counts::MentionCounts;
pub use fragment::{count_closing_tags, neutralize_closing_tags, render_fragment, truncate_chars};
pub use grammar::{
    ENVIRONMENT_VARIABLE_NAMES, Mentions, PathKind, extract_mentions, is_environment_variable_name,
    is_mention_name_byte, linked_skill_path,
};
pub use inject::{Injection, InjectionResult, inject, inject_skills};
pub use input::UserInput;
pub use options::InjectionOptions;
pub use reader::{FsReader, MAX_SKILL_FILE_BYTES, SkillReader};
pub use select::{Selection, select};
