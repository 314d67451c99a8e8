//! The fast stage 2 must decide exactly what the literal round-robin decides.

use proptest::prelude::*;

use crate::cost::{CharacterCost, CostModel, LinearCost, TokenCost};
use crate::line::{LineParts, PathText};
use crate::reference::round_robin;
use crate::share::share;
use crate::stages::{Curve, Shape};

/// `extra[k]` from the cost model itself: cost(line with k chars + "\n") − cost(minimum line + "\n").
fn general_extras(model: &dyn CostModel, parts: &LineParts<'_>) -> Vec<i64> {
    let cost = |k: usize| i128::from(model.cost(&(parts.text(k) + "\n")));
    let base = cost(0);
    (0..=parts.description.chars().count())
        .map(|k| i64::try_from(cost(k) - base).unwrap_or(i64::MAX))
        .collect()
}

/// Descriptions mixing 1-, 2-, 3- and 4-byte characters (and sometimes none at all).
fn description() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec!['a', 'b', ' ', '-', 'é', 'ü', '日', '本', '😀', '🦀']),
        0..40,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

fn lines() -> impl Strategy<Value = Vec<(String, String, String)>> {
    prop::collection::vec(
        (
            "[a-z][a-z0-9-]{0,8}",
            description(),
            "/[a-z]{1,6}(/[a-z]{1,6}){0,2}",
        ),
        1..12,
    )
}

/// Both sides of the comparison, prepared once per line set; the reference prices every
/// description prefix with `CostModel::cost` on the real line text.
struct Prepared {
    linear: LinearCost,
    lines: Vec<(String, String, String)>,
    shapes: Vec<Shape>,
    extras: Vec<Vec<i64>>,
}

fn parts(lines: &[(String, String, String)]) -> Vec<LineParts<'_>> {
    lines
        .iter()
        .map(|(name, description, path)| LineParts {
            name,
            description,
            path: PathText::whole(path),
        })
        .collect()
}

impl Prepared {
    fn new(model: &dyn CostModel, lines: &[(String, String, String)]) -> Prepared {
        let linear = model.linear().expect("built-in models are linear");
        let parts = parts(lines);
        Prepared {
            linear,
            shapes: parts
                .iter()
                .map(|p| Shape::new(linear.measure, p.description))
                .collect(),
            extras: parts.iter().map(|p| general_extras(model, p)).collect(),
            lines: lines.to_vec(),
        }
    }

    /// Budget that shows every description completely.
    fn full_extra(&self) -> u64 {
        self.extras
            .iter()
            .map(|extras| u64::try_from(*extras.last().unwrap_or(&0)).unwrap_or(0))
            .sum()
    }

    fn both(&self, budget: u64) -> (Vec<usize>, Vec<usize>) {
        let parts = parts(&self.lines);
        let curves: Vec<Curve<'_>> = parts
            .iter()
            .zip(&self.shapes)
            .map(|(p, shape)| Curve::new(self.linear, p, shape))
            .collect();
        (
            share(self.linear, &curves, budget),
            round_robin(&self.extras, budget),
        )
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fast_sharing_equals_round_robin_in_characters(lines in lines(), fraction in 0.0f64..1.2) {
        let prepared = Prepared::new(&CharacterCost, &lines);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_precision_loss)]
        let budget = (prepared.full_extra() as f64 * fraction) as u64;
        let (fast, reference) = prepared.both(budget);
        prop_assert_eq!(fast, reference);
    }

    #[test]
    fn fast_sharing_equals_round_robin_in_tokens(lines in lines(), fraction in 0.0f64..1.2) {
        let prepared = Prepared::new(&TokenCost, &lines);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_precision_loss)]
        let budget = (prepared.full_extra() as f64 * fraction) as u64;
        let (fast, reference) = prepared.both(budget);
        prop_assert_eq!(fast, reference);
    }

    #[test]
    fn fast_sharing_equals_round_robin_for_every_small_budget(lines in lines()) {
        for model in [&CharacterCost as &dyn CostModel, &TokenCost] {
            let prepared = Prepared::new(model, &lines);
            for budget in 0..=prepared.full_extra() + 3 {
                let (fast, reference) = prepared.both(budget);
                prop_assert_eq!(fast, reference, "budget {}", budget);
            }
        }
    }

    #[test]
    fn linear_curves_price_lines_like_the_cost_model(lines in lines()) {
        for model in [&CharacterCost as &dyn CostModel, &TokenCost] {
            let linear = model.linear().expect("linear");
            for (name, description, path) in &lines {
                let parts = LineParts { name, description, path: PathText::whole(path) };
                let shape = Shape::new(linear.measure, description);
                let curve = Curve::new(linear, &parts, &shape);
                let chars = description.chars().count();
                prop_assert_eq!(curve.min_cost(linear), model.cost(&(parts.text(0) + "\n")));
                prop_assert_eq!(curve.full_cost(linear), model.cost(&(parts.text(chars) + "\n")));
            }
        }
    }
}

/// Many passes (long descriptions, few lines) is where the shortcut matters most.
#[test]
fn fast_sharing_equals_round_robin_on_long_descriptions() {
    let long = |c: &str, n: usize| c.repeat(n);
    let lines = vec![
        ("a".to_owned(), long("x", 1024), "/r/a/SKILL.md".to_owned()),
        ("b".to_owned(), long("日", 700), "/r/b/SKILL.md".to_owned()),
        ("c".to_owned(), long("😀é", 300), "/r/c/SKILL.md".to_owned()),
        ("d".to_owned(), String::new(), "/r/d/SKILL.md".to_owned()),
        ("e".to_owned(), long("y", 5), "/r/e/SKILL.md".to_owned()),
    ];
    for model in [&CharacterCost as &dyn CostModel, &TokenCost] {
        let prepared = Prepared::new(model, &lines);
        let total = prepared.full_extra();
        for budget in (0..=total + 2)
            .step_by(7)
            .chain([total - 1, total, total + 1])
        {
            let (fast, reference) = prepared.both(budget);
            assert_eq!(fast, reference, "budget {budget}");
        }
    }
}
