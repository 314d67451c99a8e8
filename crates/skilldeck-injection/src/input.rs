//! One turn's user input, as far as skills are concerned.

use std::path::PathBuf;

/// One item of a user turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UserInput {
    /// Free text; may contain `$name` and `[$name](path)` mentions.
    Text(String),
    /// A structured selection (a picker or an API call) naming a skill and its `SKILL.md`.
    Skill {
        /// The skill's name; mentioning it as `$name` in the same turn no longer selects by name.
        name: String,
        /// Path of the `SKILL.md`; a relative path is taken against the caller's cwd.
        path: PathBuf,
    },
}

impl UserInput {
    /// A text item.
    pub fn text(text: impl Into<String>) -> UserInput {
        UserInput::Text(text.into())
    }

    /// A structured skill selection.
    pub fn skill(name: impl Into<String>, path: impl Into<PathBuf>) -> UserInput {
        UserInput::Skill {
            name: name.into(),
            path: path.into(),
        }
    }
}
