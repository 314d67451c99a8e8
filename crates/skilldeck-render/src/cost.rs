//! How much a piece of catalog text costs against the budget.

/// What a [`LinearCost`] counts in a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    /// Unicode scalar values (`char`s).
    Chars,
    /// UTF-8 bytes.
    Bytes,
}

impl Measure {
    /// The size of `text` in this measure.
    pub fn of(self, text: &str) -> u64 {
        match self {
            Measure::Chars => text.chars().count() as u64,
            Measure::Bytes => text.len() as u64,
        }
    }

    /// The size of one `char` in this measure.
    pub(crate) fn of_char(self, c: char) -> u64 {
        match self {
            Measure::Chars => 1,
            Measure::Bytes => c.len_utf8() as u64,
        }
    }

    /// The largest size one `char` can have in this measure.
    pub(crate) fn max_char(self) -> u64 {
        match self {
            Measure::Chars => 1,
            Measure::Bytes => 4,
        }
    }
}

/// A cost of the form `ceil(measure(text) / per_unit)`.
///
/// Both Codex units have this form, and it is what lets the catalog share descriptions in time
/// independent of the number of round-robin passes (see the crate docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LinearCost {
    /// What is counted.
    pub measure: Measure,
    /// How many counted items make one unit of cost (at least 1).
    pub per_unit: u64,
}

impl LinearCost {
    /// `ceil(amount / per_unit)`.
    pub(crate) fn units(self, amount: u64) -> u64 {
        amount.div_ceil(self.per_unit.max(1))
    }
}

/// Prices catalog text in budget units.
///
/// The catalog charges each skill line as `cost(line + "\n")` and, in alias mode, the difference
/// between the two fixed headers. A harness with its own tokenizer implements this trait; the
/// default implementations are Codex's two units, [`CharacterCost`] and [`TokenCost`].
pub trait CostModel {
    /// Cost of `text` in budget units.
    fn cost(&self, text: &str) -> u64;

    /// The closed form of [`CostModel::cost`], when it is `ceil(measure / per_unit)`.
    ///
    /// Returning `Some` must agree with `cost` on every text; it enables the fast description
    /// sharing. Models that return `None` (the default) are shared with the plain round-robin,
    /// which calls `cost` once per description prefix.
    fn linear(&self) -> Option<LinearCost> {
        None
    }
}

/// Codex's characters unit: one per Unicode scalar value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CharacterCost;

impl CostModel for CharacterCost {
    fn cost(&self, text: &str) -> u64 {
        Measure::Chars.of(text)
    }

    fn linear(&self) -> Option<LinearCost> {
        Some(LinearCost {
            measure: Measure::Chars,
            per_unit: 1,
        })
    }
}

/// Codex's token estimate: `ceil(UTF-8 bytes / 4)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TokenCost;

impl CostModel for TokenCost {
    fn cost(&self, text: &str) -> u64 {
        (text.len() as u64).div_ceil(4)
    }

    fn linear(&self) -> Option<LinearCost> {
        Some(LinearCost {
            measure: Measure::Bytes,
            per_unit: 4,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_count_scalar_values_not_bytes() {
        assert_eq!(CharacterCost.cost("héllo😀"), 6);
    }

    #[test]
    fn tokens_round_utf8_bytes_up_to_quarters() {
        assert_eq!(TokenCost.cost(""), 0);
        assert_eq!(TokenCost.cost("abcd"), 1);
        assert_eq!(TokenCost.cost("abcde"), 2);
        assert_eq!(TokenCost.cost("😀"), 1);
        assert_eq!(TokenCost.cost("é😀"), 2);
    }

    #[test]
    fn linear_forms_agree_with_cost() {
        for model in [&CharacterCost as &dyn CostModel, &TokenCost] {
            let linear = model.linear().expect("built-in models are linear");
            for text in ["", "a", "abcde", "日本語テキスト", "😀😀x"] {
                assert_eq!(linear.units(linear.measure.of(text)), model.cost(text));
            }
        }
    }
}
