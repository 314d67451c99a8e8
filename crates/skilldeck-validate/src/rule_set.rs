//! The rule sets a caller can ask for, and how their names are spelled on a command line.

use std::fmt;
use std::str::FromStr;

/// A family of rules, named after the tool or document whose expectations it encodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleSet {
    /// What Codex CLI 0.171 rejects (errors, with Codex's own messages) or silently ignores or
    /// degrades (warnings).
    Codex,
    /// The agentskills.io specification, checked with a correct YAML parser.
    Spec,
    /// The front-matter fields Claude Code understands, and their types.
    Claude,
}

/// Why a rule-set list could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleSetError {
    /// A name that is not `codex`, `spec` or `claude`.
    #[error("unknown rule set `{0}` (expected codex, spec or claude)")]
    Unknown(String),
    /// The list named no rule set at all.
    #[error("no rule set given (expected a comma-separated list of codex, spec, claude)")]
    Empty,
}

impl RuleSet {
    /// Every rule set, in the order findings name them.
    pub const ALL: [RuleSet; 3] = [RuleSet::Codex, RuleSet::Spec, RuleSet::Claude];

    /// The rule sets `skilldeck validate` uses when `--rules` is not given.
    pub const DEFAULT: [RuleSet; 2] = [RuleSet::Codex, RuleSet::Spec];

    /// The name used on the command line and in [`Finding::rules`](crate::Finding::rules).
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Codex => "codex",
            RuleSet::Spec => "spec",
            RuleSet::Claude => "claude",
        }
    }

    /// Parses a comma-separated list such as `codex,spec`. Names are ASCII case-insensitive,
    /// surrounding spaces and empty items are ignored, repeats are dropped (first one kept).
    ///
    /// ```
    /// use skilldeck_validate::RuleSet;
    /// assert_eq!(RuleSet::parse_list("codex, spec").unwrap(), vec![RuleSet::Codex, RuleSet::Spec]);
    /// assert!(RuleSet::parse_list("codex,lint").is_err());
    /// ```
    pub fn parse_list(text: &str) -> Result<Vec<RuleSet>, RuleSetError> {
        let mut sets = Vec::new();
        for item in text
            .split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
        {
            let set = item.parse::<RuleSet>()?;
            if !sets.contains(&set) {
                sets.push(set);
            }
        }
        if sets.is_empty() {
            return Err(RuleSetError::Empty);
        }
        Ok(sets)
    }
}

impl FromStr for RuleSet {
    type Err = RuleSetError;

    fn from_str(text: &str) -> Result<RuleSet, RuleSetError> {
        RuleSet::ALL
            .into_iter()
            .find(|set| set.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| RuleSetError::Unknown(text.trim().to_owned()))
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::{RuleSet, RuleSetError};

    #[test]
    fn list_keeps_order_and_drops_repeats() {
        assert_eq!(
            RuleSet::parse_list("claude,codex,claude").unwrap(),
            vec![RuleSet::Claude, RuleSet::Codex]
        );
    }

    #[test]
    fn names_are_case_insensitive_and_trimmed() {
        assert_eq!(RuleSet::parse_list(" SPEC ").unwrap(), vec![RuleSet::Spec]);
    }

    #[test]
    fn unknown_name_is_an_error_naming_it() {
        assert_eq!(
            RuleSet::parse_list("codex,lint"),
            Err(RuleSetError::Unknown("lint".to_owned()))
        );
    }

    #[test]
    fn empty_list_is_an_error() {
        assert_eq!(RuleSet::parse_list(" , "), Err(RuleSetError::Empty));
    }

    #[test]
    fn display_is_the_command_line_name() {
        assert_eq!(RuleSet::Claude.to_string(), "claude");
    }
}
