//! Finds skill roots, scans them and parses every `SKILL.md` exactly as Codex 0.171 does.
//!
//! **Owns:** root discovery ([`DiscoveryContext`], the [`RootProvider`] trait, the built-in
//! providers, the opt-in [`ClaudeRoots`], trust gating), the bounded breadth-first scan of each
//! root (depth, directory and entry limits, symlink and hidden-directory policy, safe bounded
//! reads), `SKILL.md` front matter with the YAML repair pass, `agents/openai.yaml`, plugin
//! namespaces, and the merge + sort (+ optional shadowing) that yields a
//! [`LoadOutcome`](skilldeck_model::LoadOutcome).
//!
//! **Must not:** render text for people or the model, or read configuration files. Whatever
//! configuration decides (markers, bundled skills on/off, extra roots) arrives in the
//! [`DiscoveryContext`]; disabling skills by path is applied later, so `disabled_paths` stays
//! empty here.
//!
//! Loading never fails as a whole: a broken `SKILL.md` is one
//! [`SkillError`](skilldeck_model::SkillError), anything else worth telling (a traversal limit,
//! an unreadable directory) is a [`Diagnostic`](skilldeck_model::Diagnostic).
//!
//! One deliberate, tiny deviation from Codex, in every profile: an `agents/openai.yaml` or a
//! plugin manifest larger than 1 MiB is ignored without being read (Codex reads either up to
//! 512 MiB; legitimate ones are a few KiB), with an [`OPENAI_YAML_TOO_LARGE_CODE`] or
//! [`MANIFEST_TOO_LARGE_CODE`] warning naming the file. The skill loads as if the file were
//! absent, which is what Codex does with an unparsable one.
//!
//! A root that exists but is not a directory ([`ROOT_NOT_A_DIRECTORY_CODE`]) or is a symbolic
//! link to nothing ([`ROOT_DANGLING_CODE`]) is named in a warning; Codex skips both silently.
//! The skills and errors are Codex's either way (diagnostics are not part of a listing); a
//! root that does not exist at all stays silent.
//!
//! [`scan_root`] is a pure function of one root and the options, so roots can be scanned in
//! parallel and merged with [`merge_root_scans`] into the same outcome. [`scan_roots`] does so
//! on scoped threads (roots walked in parallel, then their candidates read and parsed in
//! parallel), byte-identical to scanning one root after another; [`load_roots`] uses it.
//!
//! # Options and profiles
//!
//! [`LoaderOptions::codex`] (= `default`) is Codex 0.171 exactly. Every improvement that can
//! change the result for a valid tree is an opt-in, named option (`docs/options.md` has the
//! details and the measured effect on real-world corpora):
//!
//! * [`follow_skill_file_symlinks`](LoaderOptions::follow_skill_file_symlinks) — a symlinked
//!   `SKILL.md` loads, except in scopes that do not follow symlinks (system);
//! * [`honour_disable_model_invocation`](LoaderOptions::honour_disable_model_invocation) —
//!   `disable-model-invocation: true` makes a skill explicit-only (mentionable, not a candidate);
//! * [`skip_dependency_dirs`](LoaderOptions::skip_dependency_dirs) — [`DEPENDENCY_DIR_NAMES`]
//!   are not descended into;
//! * [`stop_at_skill_dirs`](LoaderOptions::stop_at_skill_dirs) — nothing below a skill folder;
//! * [`shadow_duplicate_names`](LoaderOptions::shadow_duplicate_names) — "closest scope wins",
//!   one skill per name ([`shadow_duplicate_names()`] tells which), each dropped one reported as
//!   [`SHADOWED_CODE`];
//! * [`DiscoveryContext::trusted_projects`] — roots of the [`REPOSITORY_SCOPES`] load only for
//!   trusted projects, the others are reported as [`UNTRUSTED_PROJECT_CODE`] by [`discover`].
//!
//! [`LoaderOptions::skilldeck`] turns on the first three, which never hide a skill Codex shows.
//! [`ClaudeRoots`] is an opt-in provider that reads `.claude/skills` and `~/.claude/skills` as
//! the scopes [`CLAUDE_PROJECT`] and [`CLAUDE_USER`].
//!
//! # Example
//!
//! ```
//! use skilldeck_loader::{DiscoveryContext, LoaderOptions, load};
//! use skilldeck_model::{Layout, Scope};
//!
//! let repo = tempfile::tempdir().unwrap();
//! let repo = repo.path();
//! std::fs::create_dir(repo.join(".git")).unwrap();
//! let skill_dir = repo.join(".agents/skills/pdf");
//! std::fs::create_dir_all(&skill_dir).unwrap();
//! std::fs::write(
//!     skill_dir.join("SKILL.md"),
//!     "---\nname: pdf\ndescription: Fill and merge PDF forms\n---\n\nSteps…\n",
//! )
//! .unwrap();
//!
//! // No homes given, so only the repository's roots (and the admin root) are looked at.
//! let ctx = DiscoveryContext::new(Layout::codex(), repo).with_bundled_enabled(false);
//! let outcome = load(&ctx, &[], &LoaderOptions::default());
//!
//! assert!(outcome.errors.is_empty());
//! let skill = &outcome.skills[0];
//! assert_eq!(skill.name, "pdf");
//! assert_eq!(skill.description, "Fill and merge PDF forms");
//! assert_eq!(skill.scope, Scope::REPO);
//! assert_eq!(skill.walked_path, std::path::Path::new("pdf/SKILL.md"));
//! ```
#![deny(missing_docs)]

mod claude;
mod discovery;
mod frontmatter;
mod manifest;
mod merge;
mod namespace;
mod openai_yaml;
mod options;
mod parallel;
mod read;
mod scan;
mod shadow;
mod simple_yaml;
mod skill_file;
mod text;
mod trust;
mod walk;
mod yaml_repair;

pub use claude::{CLAUDE_PROJECT, CLAUDE_SKILLS_DIR, CLAUDE_USER, ClaudeRoots};
pub use discovery::{
    AdminRoots, DEFAULT_PROJECT_ROOT_MARKER, DiscoveryContext, ExtraRoots, ProjectConfigRoots,
    RepoAgentsRoots, RootDiscovery, RootProvider, SystemRoots, UserRoots, discover, discover_roots,
};
pub use merge::{dedupe_roots, load, load_roots, merge_root_scans};
pub use namespace::MANIFEST_TOO_LARGE_CODE;
pub use options::{
    DEFAULT_MAX_DEPTH, DEFAULT_MAX_DIRS, DEFAULT_MAX_ENTRIES, DEPENDENCY_DIR_NAMES, LoaderOptions,
};
pub use parallel::{default_scan_threads, scan_roots};
pub use scan::{OPENAI_YAML_TOO_LARGE_CODE, RootScan, scan_root};
pub use shadow::{SHADOWED_CODE, shadow_duplicate_names};
pub use trust::{REPOSITORY_SCOPES, UNTRUSTED_PROJECT_CODE};
pub use walk::{ROOT_DANGLING_CODE, ROOT_NOT_A_DIRECTORY_CODE};

#[doc(hidden)]
pub mod parse {
    //! Pure parsing entry points (no I/O), exposed for fuzzing and validation tools.
    pub use crate::frontmatter::{extract_frontmatter, prefix_has_complete_frontmatter};
    pub use crate::manifest::namespace_from_manifest;
    pub use crate::openai_yaml::{OpenAiMetadata, parse_openai_yaml};
    pub use crate::skill_file::{
        ParsedSkillFile, parse_skill_file, parse_skill_file_named, validate_base_name,
    };
    pub use crate::text::collapse_whitespace;
}
