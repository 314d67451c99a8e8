//! The catalog budget and how it follows from the model's context window.

use std::fmt;

use crate::cost::{CharacterCost, CostModel, TokenCost};

/// How much the skill lines of the catalog may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(tag = "unit", content = "limit", rename_all = "snake_case")]
pub enum Budget {
    /// Estimated tokens (`ceil(UTF-8 bytes / 4)` by default).
    Tokens(u64),
    /// Unicode scalar values.
    Characters(u64),
}

impl Budget {
    /// Codex's budget for a model with this context window: 2 % of a known positive window in
    /// tokens (at least 1), else 8,000 characters.
    pub fn for_context_window(window: Option<i64>) -> Budget {
        BudgetPolicy::default().budget(window)
    }

    /// The limit, in this budget's unit.
    pub fn limit(self) -> u64 {
        match self {
            Budget::Tokens(limit) | Budget::Characters(limit) => limit,
        }
    }

    /// The same kind of budget with another limit.
    #[must_use]
    pub fn with_limit(self, limit: u64) -> Budget {
        match self {
            Budget::Tokens(_) => Budget::Tokens(limit),
            Budget::Characters(_) => Budget::Characters(limit),
        }
    }

    /// The cost model Codex uses for this unit.
    pub fn default_cost_model(self) -> &'static dyn CostModel {
        match self {
            Budget::Tokens(_) => &TokenCost,
            Budget::Characters(_) => &CharacterCost,
        }
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Tokens(limit) => write!(f, "{limit} tokens"),
            Budget::Characters(limit) => write!(f, "{limit} characters"),
        }
    }
}

/// How the budget follows from the context window; [`Default`] is Codex's rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BudgetPolicy {
    /// Percentage of a known context window given to the skill lines (Codex: 2).
    pub window_percent: u64,
    /// Characters used when the window is unknown, zero or negative (Codex: 8,000).
    pub default_characters: u64,
}

impl Default for BudgetPolicy {
    fn default() -> Self {
        BudgetPolicy {
            window_percent: 2,
            default_characters: 8_000,
        }
    }
}

impl BudgetPolicy {
    /// `Tokens(max(1, window × percent / 100))` for a known window > 0, else
    /// `Characters(default_characters)`.
    pub fn budget(self, window: Option<i64>) -> Budget {
        match window
            .and_then(|w| u64::try_from(w).ok())
            .filter(|&w| w > 0)
        {
            Some(window) => {
                let share = u128::from(window) * u128::from(self.window_percent) / 100;
                Budget::Tokens(u64::try_from(share).unwrap_or(u64::MAX).max(1))
            }
            None => Budget::Characters(self.default_characters),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_window_gives_two_percent_in_tokens() {
        assert_eq!(
            Budget::for_context_window(Some(200_000)),
            Budget::Tokens(4_000)
        );
        assert_eq!(
            Budget::for_context_window(Some(272_000)),
            Budget::Tokens(5_440)
        );
        assert_eq!(
            Budget::for_context_window(Some(20_001)),
            Budget::Tokens(400)
        );
    }

    #[test]
    fn tiny_window_still_gets_one_token() {
        assert_eq!(Budget::for_context_window(Some(99)), Budget::Tokens(1));
        assert_eq!(Budget::for_context_window(Some(1)), Budget::Tokens(1));
    }

    #[test]
    fn unknown_zero_or_negative_window_gives_eight_thousand_characters() {
        for window in [None, Some(0), Some(-1)] {
            assert_eq!(
                Budget::for_context_window(window),
                Budget::Characters(8_000)
            );
        }
    }

    #[test]
    fn policy_percentage_and_default_are_options() {
        let policy = BudgetPolicy {
            window_percent: 5,
            default_characters: 100,
        };
        assert_eq!(policy.budget(Some(1_000)), Budget::Tokens(50));
        assert_eq!(policy.budget(None), Budget::Characters(100));
    }

    #[test]
    fn huge_window_does_not_overflow() {
        assert_eq!(
            Budget::for_context_window(Some(i64::MAX)),
            Budget::Tokens(u64::try_from(i64::MAX).unwrap() / 50)
        );
    }
}
