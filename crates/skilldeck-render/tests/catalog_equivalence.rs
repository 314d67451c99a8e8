//! The whole catalog rendered with the fast stage 2 equals the one rendered with the literal
//! round-robin, on random catalogs, in both budget units, for budgets from 0 to past the full
//! cost.

mod common;

use common::{codex_length_texts, outcome, skill};
use proptest::prelude::*;
use skilldeck_model::{Scope, SkillMetadata};
use skilldeck_render::{
    Budget, CatalogOptions, CostModel, reference, render_catalog, render_catalog_with,
};

const ROOTS: [&str; 3] = [
    "/w/repo/.agents/skills",
    "/home/someone/.agents/skills",
    "/home/someone/.codex/plugins/cache/market/plugin/v1/skills",
];

fn description() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec!['a', 'z', ' ', '.', 'é', 'ß', '中', '語', '😀', '🦀']),
        0..60,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

fn skills() -> impl Strategy<Value = Vec<SkillMetadata>> {
    prop::collection::vec(
        (
            "[a-c][a-z0-9-]{0,6}",
            description(),
            0..ROOTS.len(),
            prop::sample::select(Scope::BUILT_IN.to_vec()),
        ),
        1..10,
    )
    .prop_map(|specs| {
        specs
            .into_iter()
            .enumerate()
            .map(|(i, (name, description, root, scope))| {
                skill(
                    &name,
                    &description,
                    ROOTS[root],
                    &format!("{name}-{i}"),
                    scope,
                )
            })
            .collect()
    })
}

/// Budget that surely fits every full absolute line, in either unit.
fn past_full_cost(skills: &[SkillMetadata]) -> u64 {
    skills
        .iter()
        .map(|s| (s.name.len() + s.description.len() + s.path.as_os_str().len() + 20) as u64)
        .sum()
}

/// A built-in unit without its closed form: forces the general (tokenizer) path.
struct Opaque(Budget);

impl CostModel for Opaque {
    fn cost(&self, text: &str) -> u64 {
        self.0.default_cost_model().cost(text)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn fast_catalog_equals_reference_catalog(
        skills in skills(),
        tokens in any::<bool>(),
        fraction in 0.0f64..1.1,
        include_usage in any::<bool>(),
    ) {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_precision_loss)]
        let limit = (past_full_cost(&skills) as f64 * fraction) as u64;
        let budget = if tokens { Budget::Tokens(limit / 4) } else { Budget::Characters(limit) };
        let outcome = outcome(skills);
        let options = CatalogOptions { budget, include_usage, neutralize_closing_tags: false };
        let texts = codex_length_texts();
        prop_assert_eq!(
            render_catalog(&outcome, &options, &texts),
            reference::render_catalog(&outcome, &options, &texts)
        );
    }

    #[test]
    fn general_cost_path_equals_the_closed_form(
        skills in skills(),
        tokens in any::<bool>(),
        fraction in 0.0f64..1.1,
    ) {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_precision_loss)]
        let limit = (past_full_cost(&skills) as f64 * fraction) as u64;
        let budget = if tokens { Budget::Tokens(limit / 4) } else { Budget::Characters(limit) };
        let outcome = outcome(skills);
        let options = CatalogOptions { budget, include_usage: false, neutralize_closing_tags: false };
        let texts = codex_length_texts();
        prop_assert_eq!(
            render_catalog_with(&outcome, &options, &texts, &Opaque(budget)),
            render_catalog(&outcome, &options, &texts)
        );
    }
}
