//! The skills settings of a session, read from config layers as Codex reads them.
//!
//! **Owns:** reading the `[skills]` table (`include_instructions`, `bundled.enabled`,
//! `[[skills.config]]` rules) and the top-level `project_root_markers` from the user's
//! `config.toml` and the session's `-c key=value` overrides ([`SessionOverrides`]); the
//! precedence of rules ([`RuleList`]: layers lowest first, an equal selector moves to the end);
//! resolving them into disabled `SKILL.md` paths of a [`LoadOutcome`](skilldeck_model::LoadOutcome)
//! ([`disabled_paths`]); telling which rule decided a skill's state ([`explain`]); and how
//! malformed input is treated ([`Profile`]: fatal as in Codex, or skipped with a diagnostic).
//!
//! **Must not:** scan skills, read project config files for rules (Codex ignores them), or write
//! anything. All file access is in one small module (`source.rs`): reading the config file and
//! canonicalising rule paths.
//!
//! # Example
//!
//! ```
//! use skilldeck_config::{ConfigLayer, Profile, SessionOverrides, SkillsConfig};
//! use skilldeck_model::{LoadOutcome, Scope, SkillMetadata};
//!
//! let user = ConfigLayer::from_file_text(
//!     "/home/me/.codex/config.toml",
//!     "[[skills.config]]\nname = \"deploy\"\nenabled = false\n",
//! );
//! // The session re-enables it: the later layer wins.
//! let flags = SessionOverrides::parse([r#"skills.config=[{name="deploy",enabled=true}]"#])?;
//! let session = ConfigLayer::from_overrides(&flags, "/work");
//! let config = SkillsConfig::from_layers(&[user, session], Profile::Codex)?;
//!
//! let skill = SkillMetadata::new("deploy", "Ship it", "/work/.agents/skills/deploy/SKILL.md", Scope::REPO);
//! let mut outcome = LoadOutcome { skills: vec![skill], ..LoadOutcome::default() };
//! config.apply(&mut outcome);
//! assert!(outcome.disabled_paths.is_empty());
//! let decision = config.explain(&outcome.skills[0]);
//! assert!(decision.enabled);
//! assert_eq!(decision.rule.unwrap().origin.to_string(), "-c overrides (skills.config entry 1)");
//!
//! // Codex refuses a rule without `enabled`, naming the file, line and column.
//! let broken = ConfigLayer::from_file_text("/h/config.toml", "[[skills.config]]\nname = \"x\"\n");
//! let error = SkillsConfig::from_layers(&[broken], Profile::Codex).unwrap_err();
//! assert_eq!(error.to_string(), "failed to reload config: /h/config.toml:1:1: missing field `enabled`");
//! # Ok::<(), skilldeck_config::ConfigError>(())
//! ```
#![deny(missing_docs)]

mod error;
mod extract;
mod layer;
mod overrides;
mod resolve;
mod rules;
mod schema;
mod settings;
mod source;

pub use error::ConfigError;
pub use layer::{ConfigLayer, Position};
pub use overrides::{SessionOverride, SessionOverrides};
pub use resolve::{Decision, apply_rules, disabled_paths, explain};
pub use rules::{LayerSource, Rule, RuleList, RuleOrigin, Selector};
pub use settings::{Profile, SkillsConfig, SkillsExtensions};
