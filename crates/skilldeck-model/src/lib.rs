//! Value types shared by every skilldeck crate.
//!
//! **Owns:** the vocabulary of the skills pipeline — [`Scope`] (an open value, not a closed
//! enum), [`SkillMetadata`] and its parts ([`SkillPolicy`], [`Product`], [`SkillInterface`],
//! [`SkillDependencies`]), [`SkillRoot`], [`SkillError`], [`Diagnostic`], the directory
//! [`Layout`] of a profile, and the inert [`LoadOutcome`] that the loader produces and every other
//! tier consumes. It also owns the wire form of a listing entry ([`SkillListEntry`]), because
//! that shape is part of the compatibility contract. The rules for spotting wrapper closing
//! tags in skill text ([`find_closing_tags`], [`neutralize_closing_tags`]) live here too, so the
//! catalog and the injection tier apply the same ones.
//!
//! **Must not:** do I/O, or depend on any other skilldeck crate. Everything here is plain data
//! plus pure helpers, so each downstream crate can be audited against this one alone.
//!
//! # Example
//!
//! ```
//! use skilldeck_model::{LoadOutcome, Scope, SkillMetadata};
//!
//! // A team adds its own scope without touching any skilldeck crate: it loads after repo
//! // skills and before user skills, and is listed between them in the catalog.
//! let team = Scope::new("team", 50, 250);
//! let skill = SkillMetadata::new("deploy", "Ship the service", "/team/skills/deploy/SKILL.md", team.clone());
//! let outcome = LoadOutcome { skills: vec![skill], ..LoadOutcome::default() };
//! assert_eq!(outcome.implicit_candidates().count(), 1);
//! assert_eq!(outcome.skills[0].scope.name(), "team");
//! assert!(Scope::REPO.load_rank() < team.load_rank() && team.load_rank() < Scope::USER.load_rank());
//! ```
#![deny(missing_docs)]

mod closing_tags;
mod diagnostic;
mod layout;
mod list;
mod outcome;
mod path_order;
mod scope;
mod skill;

pub use closing_tags::{
    ClosingTag, WRAPPER_TAG_NAMES, count_closing_tags, find_closing_tags, neutralize_closing_tags,
};
pub use diagnostic::{Diagnostic, Severity};
pub use layout::Layout;
pub use list::{ListingView, SkillInterfaceEntry, SkillListEntry, SkillListError, SkillListing};
pub use outcome::{LoadOutcome, SkillError, SkillRoot};
pub use path_order::{compare_paths_componentwise, display_path, lexically_normalize};
pub use scope::Scope;
pub use skill::{
    Product, SkillDependencies, SkillInterface, SkillMetadata, SkillPolicy, SkillToolDependency,
};
