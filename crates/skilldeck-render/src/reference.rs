//! The literal algorithms of the spec, kept as the reference the fast paths are tested and
//! benchmarked against. Not part of the supported API.

use skilldeck_model::LoadOutcome;

use crate::cost::LinearCost;
use crate::stages::{Curve, Sharing};
use crate::{Catalog, CatalogOptions, CatalogTexts};

/// [`crate::render_catalog`] with stage 2 done by the literal round-robin.
pub fn render_catalog(
    outcome: &LoadOutcome,
    options: &CatalogOptions,
    texts: &CatalogTexts,
) -> Option<Catalog> {
    let model = options.budget.default_cost_model();
    crate::catalog::render(outcome, options, texts, model, Sharing::RoundRobin)
}

/// Spec §8.5 stage 2, step 3, literally: pass after pass, in line order, give each line its next
/// character when `extras[line][shown + 1] − extras[line][shown] ≤ remaining`; stop after a pass
/// that changed nothing. `extras[line][k]` is the extra cost of showing `k` chars
/// (`extras[line][0] == 0`); returns the chars shown per line.
pub fn round_robin(extras: &[Vec<i64>], remaining: u64) -> Vec<usize> {
    let mut remaining = i128::from(remaining);
    let mut shown = vec![0usize; extras.len()];
    loop {
        let mut changed = false;
        for (line, extra) in extras.iter().enumerate() {
            let k = shown[line];
            if k + 1 >= extra.len() {
                continue;
            }
            let delta = i128::from(extra[k + 1]) - i128::from(extra[k]);
            if delta <= remaining {
                remaining -= delta;
                shown[line] = k + 1;
                changed = true;
            }
        }
        if !changed {
            return shown;
        }
    }
}

/// The spec's closed form of `extra[k]` for a linear cost (one pass over the description).
pub(crate) fn linear_extras(linear: LinearCost, curve: &Curve<'_>) -> Vec<i64> {
    (0..=curve.chars())
        .map(|k| i64::try_from(curve.extra(linear, k)).unwrap_or(i64::MAX))
        .collect()
}
