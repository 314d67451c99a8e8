//! Agent Skills for a coding-agent harness, in one dependency.
//!
//! **Owns:** re-exports of every skilldeck crate (as modules — [`model`], [`loader`],
//! [`config`], [`render`], [`injection`], [`invocation`], [`system`] — plus the most used types
//! at the top level) and [`SkillsManager`], which wires the tiers: a builder (profile, homes,
//! cwd, extra roots and root providers, config layers and `-c` overrides, product, options),
//! one call per tier ([`SkillsManager::outcome`], [`SkillsManager::catalog`],
//! [`SkillsManager::inject`], [`SkillsManager::detect`]) and a cache.
//!
//! **Must not:** contain algorithms of its own. Discovery, scanning, rules, rendering,
//! selection and detection all live in the tier crates; this crate only decides what to call
//! with what, and when a cached load is still good.
//!
//! # Use it from your harness
//!
//! The same snippet is in the README; this copy is compiled and run by `cargo test`.
//!
//! ```
//! # let tmp = tempfile::tempdir().unwrap();
//! # let repo = tmp.path().join("repo");
//! # std::fs::create_dir_all(repo.join(".agents/skills/deploy")).unwrap();
//! # std::fs::write(repo.join(".agents/skills/deploy/SKILL.md"),
//! #     "---\nname: deploy\ndescription: Ship the service\n---\nRun ship.sh.\n").unwrap();
//! # let (mut developer_message, mut turn) = (String::new(), Vec::<String>::new());
//! # let (user_message, workdir) = ("please $deploy it", repo.clone());
//! # let home = tmp.path().join("codex-home");
//! use skilldeck::{Layout, SkillsManager, UserInput};
//!
//! let skills = SkillsManager::builder(Layout::codex()) // Codex's directories; never writes
//!     .home(&home) // else $CODEX_HOME or ~/.codex
//!     .cwd(&repo)
//!     .build()?;
//! if let Some(catalog) = skills.catalog(Some(272_000)) {
//!     developer_message.push_str(&catalog.text); // budgeted to 2 % of the window
//! }
//! for injection in skills.inject(&[UserInput::text(user_message)]).injections {
//!     turn.push(injection.fragment); // one <skill> message per mentioned skill
//! }
//! let used = skills.detect("python3 scripts/fill.py", &workdir); // after a shell call
//! # assert!(developer_message.contains("- deploy: Ship the service"));
//! # assert_eq!(turn.len(), 1);
//! # assert!(used.is_none());
//! # Ok::<(), skilldeck::BuildError>(())
//! ```
//!
//! # Caching and freshness
//!
//! A load (scan + parse of every root) is cached by the working directory and by the
//! effective configuration: the ordered roots (path, scope, plugin data) plus the ordered
//! enable/disable rules and the product. Every call re-reads the config files and re-discovers
//! the roots (cheap), then checks the cached load with one `stat` per recorded path: each root,
//! each directory directly inside a root, each skill's folder, `SKILL.md` and
//! `agents/openai.yaml`, each failed `SKILL.md`'s folder, and each root candidate that did not
//! exist. A new skill folder in a root, an edited `SKILL.md` or a newly created root is
//! therefore seen on the next call, without rescanning anything when nothing changed.
//!
//! Limits: a skill created two or more levels below a directory that held no skill and already
//! existed (`root/group/new/SKILL.md` with `root/group` older than the load) is seen only
//! after [`SkillsManager::refresh`]; so is a change that does not move an mtime. A recorded
//! mtime less than a second older than the load is not trusted (coarse file-system clocks):
//! such a load is redone on the next call.
//!
//! # Profiles
//!
//! [`Profile::Codex`] reads what Codex 0.171 reads and never writes. [`Profile::Skilldeck`]
//! installs the bundled skills into `<home>/skills/.system` on first use (a failure is a
//! warning, see [`SkillsManager::warnings`]); `skills.bundled.enabled = false` means no system
//! root and no install, and nothing is ever deleted.
#![deny(missing_docs)]

mod builder;
mod catalog;
mod error;
mod explain;
mod freshness;
mod manager;
mod profile;
mod tiers;

pub use builder::SkillsManagerBuilder;
pub use catalog::{CatalogRequest, TextsError, catalog_texts_from_file, default_catalog_texts};
pub use error::BuildError;
pub use explain::{CatalogPresence, Explanation, Mention};
pub use manager::{Explained, SkillsManager};
pub use profile::Profile;
pub use skilldeck_render::{Catalog, CatalogReport, CatalogTexts, CatalogWarning};
pub use tiers::{
    ConfigError, Detection, DetectionKind, DiscoveryContext, EffectiveConfig, FsReader, Injection,
    InjectionOptions, InjectionResult, InstallError, InstallStatus, LoaderOptions, RootProvider,
    SkillReader, UserInput,
};

pub use skilldeck_model::{
    Diagnostic, Layout, LoadOutcome, Product, Scope, Severity, SkillError, SkillListing,
    SkillMetadata, SkillRoot,
};

/// The value types ([`skilldeck_model`]).
pub mod model {
    pub use skilldeck_model::*;
}

/// Root discovery, scanning and parsing ([`skilldeck_loader`]).
pub mod loader {
    pub use skilldeck_loader::*;
}

/// The budgeted catalog ([`skilldeck_render`]).
pub mod render {
    pub use skilldeck_render::*;
}

/// Findings about `SKILL.md` files under several rule sets ([`skilldeck_validate`]).
pub mod validate {
    pub use skilldeck_validate::*;
}

/// The bundled skills and their installer ([`skilldeck_system`]).
pub mod system {
    pub use skilldeck_system::*;
}

/// Which skill a shell command used ([`skilldeck_invocation`]).
pub mod invocation {
    pub use skilldeck_invocation::*;
}

/// Configuration layers and enable/disable rules ([`skilldeck_config`]).
pub mod config {
    pub use skilldeck_config::*;
}

/// Mentions and `<skill>` fragments ([`skilldeck_injection`]).
pub mod injection {
    pub use skilldeck_injection::*;
}
