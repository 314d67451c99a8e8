//! Stable codes of every [`skilldeck_model::Diagnostic`] this crate produces. Tools match on
//! these; the messages are our own wording and may improve.

// Selection: mentions that selected nothing (Codex stays silent about all of these).
/// A plain `$name` matched two or more enabled skills, so it selected nothing.
pub const AMBIGUOUS: &str = "mention.ambiguous";
/// A mention named or linked a skill that configuration disables.
pub const DISABLED: &str = "mention.disabled";
/// A plain `$name` equals a connector slug, so it is taken to be about the connector.
pub const CONNECTOR: &str = "mention.connector";
/// A linked path matched no loaded skill.
pub const UNMATCHED_LINK: &str = "mention.unmatched_link";
/// A `$name:` matched nothing, but would have matched without its trailing colon(s).
pub const TRAILING_COLON: &str = "mention.trailing_colon";
/// A structured `Skill { name, path }` selection matched no loaded skill.
pub const UNMATCHED_SELECTION: &str = "mention.unmatched_selection";

// Injection: reading and shaping the selected bodies.
/// A selected skill's `SKILL.md` could not be read; it was left out (Codex warns here too).
pub const READ_FAILED: &str = "inject.read_failed";
/// A body was longer than `max_body_chars` and was cut.
pub const TRUNCATED: &str = "inject.truncated";
/// A body contains `</skill>` or `</skills_instructions>`.
pub const CLOSING_TAG: &str = "inject.closing_tag";
