//! Finds skill roots, scans them and parses every `SKILL.md` exactly as Codex 0.171 does.
//! (Crate docs are completed by the loader work.)
#![deny(missing_docs)]

mod frontmatter;
mod manifest;
mod openai_yaml;
mod skill_file;
mod text;
mod yaml_repair;

#[doc(hidden)]
pub mod parse {
    //! Pure parsing entry points (no I/O), exposed for fuzzing and validation tools.
    pub use crate::frontmatter::{extract_frontmatter, prefix_has_complete_frontmatter};
    pub use crate::manifest::namespace_from_manifest;
    pub use crate::openai_yaml::{OpenAiMetadata, parse_openai_yaml};
    pub use crate::skill_file::{ParsedSkillFile, parse_skill_file};
    pub use crate::text::collapse_whitespace;
}
