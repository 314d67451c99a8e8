//! The three-stage degradation of spec §8.5: full lines, shared descriptions, dropped skills.

use crate::cost::{CostModel, LinearCost, Measure};
use crate::line::{LineParts, MIN_LINE_OVERHEAD};
use crate::{reference, share};

/// Which stage produced a render.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Every full line fit.
    Full,
    /// Every skill is listed; descriptions were shared out character by character.
    SharedDescriptions,
    /// Not even the minimum lines fit: skills were dropped, the rest listed without descriptions.
    DroppedSkills,
}

/// How stage 2 shares the descriptions; both give the same result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sharing {
    /// Water-filling over passes (cost independent of the number of passes).
    Fast,
    /// The literal round-robin of the spec (the test and benchmark reference).
    RoundRobin,
}

/// What the stages decided for a list of lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Allocation {
    /// Per line: `None` = left out, `Some(k)` = listed with its first `k` description chars.
    pub shown: Vec<Option<usize>>,
    /// The stage that decided.
    pub stage: Stage,
    /// Σ cost(line + "\n") over the listed lines.
    pub line_cost: u64,
    /// Σ (description chars − shown chars); in stage 3 every description counts as cut.
    pub truncated_chars: u64,
    /// Lines whose description lost at least one char.
    pub truncated_count: usize,
    /// Per line: description length in chars.
    pub chars: Vec<usize>,
}

impl Allocation {
    pub fn included(&self) -> usize {
        self.shown.iter().filter(|shown| shown.is_some()).count()
    }
}

/// What a description looks like to a linear cost: its length in chars and, when chars and the
/// measure differ (non-ASCII text measured in bytes), the measure of every prefix.
/// The same for the absolute and the alias render, so it is computed once per skill.
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    pub chars: usize,
    prefix: Option<Vec<u32>>,
}

impl Shape {
    pub fn new(measure: Measure, description: &str) -> Shape {
        if description.is_ascii() {
            return Shape {
                chars: description.len(),
                prefix: None,
            };
        }
        if measure == Measure::Chars {
            return Shape {
                chars: description.chars().count(),
                prefix: None,
            };
        }
        let mut offsets = Vec::with_capacity(description.len() + 1);
        offsets.push(0u32);
        let mut total = 0u64;
        for c in description.chars() {
            total += measure.of_char(c);
            offsets.push(u32::try_from(total).unwrap_or(u32::MAX));
        }
        Shape {
            chars: offsets.len() - 1,
            prefix: Some(offsets),
        }
    }
}

/// One line's description growth curve for a linear cost: the cost of showing `k` description
/// chars is `units(base + 1 + prefix(k)) − units(base)` (the `+ 1` is the separating space).
#[derive(Clone, Debug)]
pub(crate) struct Curve<'a> {
    /// Measure of the minimum line plus its newline.
    pub base: u64,
    shape: &'a Shape,
}

impl<'a> Curve<'a> {
    pub fn new(linear: LinearCost, parts: &LineParts<'_>, shape: &'a Shape) -> Curve<'a> {
        let measure = linear.measure;
        Curve {
            base: measure.of(parts.name) + parts.path.measure(measure) + MIN_LINE_OVERHEAD,
            shape,
        }
    }

    /// Description length in chars.
    pub fn chars(&self) -> usize {
        self.shape.chars
    }

    fn prefix_measure(&self, k: usize) -> u64 {
        match &self.shape.prefix {
            None => k as u64,
            Some(offsets) => u64::from(offsets[k]),
        }
    }

    /// Extra cost of showing the first `k` description chars over the minimum line.
    pub fn extra(&self, linear: LinearCost, k: usize) -> u64 {
        if k == 0 {
            0
        } else {
            linear.units(self.base + 1 + self.prefix_measure(k)) - linear.units(self.base)
        }
    }

    pub fn min_cost(&self, linear: LinearCost) -> u64 {
        linear.units(self.base)
    }

    pub fn full_cost(&self, linear: LinearCost) -> u64 {
        self.min_cost(linear) + self.extra(linear, self.chars())
    }
}

/// Runs the three stages over `lines` (already in catalog order) with `limit`.
///
/// `shapes` are the descriptions' [`Shape`]s for `model`'s linear measure (computed here when
/// `None`); they are ignored for a model without closed form.
pub(crate) fn allocate(
    lines: &[LineParts<'_>],
    shapes: Option<&[Shape]>,
    limit: u64,
    model: &dyn CostModel,
    sharing: Sharing,
) -> Allocation {
    match model.linear() {
        Some(linear) => {
            let computed: Vec<Shape>;
            let shapes = if let Some(shapes) = shapes {
                shapes
            } else {
                computed = lines
                    .iter()
                    .map(|parts| Shape::new(linear.measure, parts.description))
                    .collect();
                &computed
            };
            allocate_linear(lines, shapes, limit, linear, sharing)
        }
        None => allocate_general(lines, limit, model),
    }
}

fn allocate_linear(
    lines: &[LineParts<'_>],
    shapes: &[Shape],
    limit: u64,
    linear: LinearCost,
    sharing: Sharing,
) -> Allocation {
    let curves: Vec<Curve<'_>> = lines
        .iter()
        .zip(shapes)
        .map(|(parts, shape)| Curve::new(linear, parts, shape))
        .collect();
    let chars: Vec<usize> = curves.iter().map(Curve::chars).collect();
    let min_costs: Vec<u64> = curves.iter().map(|curve| curve.min_cost(linear)).collect();
    let full_total: u64 = curves.iter().map(|curve| curve.full_cost(linear)).sum();
    let min_total: u64 = min_costs.iter().sum();
    if full_total <= limit {
        return full(chars, full_total);
    }
    if min_total <= limit {
        let remaining = limit - min_total;
        let shown = match sharing {
            Sharing::Fast => share::share(linear, &curves, remaining),
            Sharing::RoundRobin => {
                let extras: Vec<Vec<i64>> = curves
                    .iter()
                    .map(|curve| reference::linear_extras(linear, curve))
                    .collect();
                reference::round_robin(&extras, remaining)
            }
        };
        let extra: u64 = curves
            .iter()
            .zip(&shown)
            .map(|(curve, &k)| curve.extra(linear, k))
            .sum();
        return shared(chars, &shown, min_total + extra);
    }
    dropped(chars, &min_costs, limit)
}

/// Any cost model: every cost comes from [`CostModel::cost`] on the real text.
fn allocate_general(lines: &[LineParts<'_>], limit: u64, model: &dyn CostModel) -> Allocation {
    let costed = |parts: &LineParts<'_>, k: usize| model.cost(&(parts.text(k) + "\n"));
    let chars: Vec<usize> = lines
        .iter()
        .map(|parts| parts.description.chars().count())
        .collect();
    let min_costs: Vec<u64> = lines.iter().map(|parts| costed(parts, 0)).collect();
    let full_total: u64 = lines
        .iter()
        .zip(&chars)
        .map(|(parts, &d)| costed(parts, d))
        .sum();
    let min_total: u64 = min_costs.iter().sum();
    if full_total <= limit {
        return full(chars, full_total);
    }
    if min_total <= limit {
        let shown = priced_round_robin(lines, &chars, &min_costs, model, limit - min_total);
        let total = lines
            .iter()
            .zip(&shown)
            .map(|(parts, &k)| costed(parts, k))
            .sum();
        return shared(chars, &shown, total);
    }
    dropped(chars, &min_costs, limit)
}

/// The round-robin of [`crate::reference::round_robin`] for a model without closed form. A
/// prefix is priced only when its line asks for it, so a tokenizer is called about once per
/// character actually shown instead of once per character of every description.
fn priced_round_robin(
    lines: &[LineParts<'_>],
    chars: &[usize],
    min_costs: &[u64],
    model: &dyn CostModel,
    budget: u64,
) -> Vec<usize> {
    let mut remaining = i128::from(budget);
    let mut shown = vec![0usize; lines.len()];
    let mut current = vec![0i128; lines.len()];
    let mut next: Vec<Option<i128>> = vec![None; lines.len()];
    loop {
        let mut changed = false;
        for line in 0..lines.len() {
            if shown[line] == chars[line] {
                continue;
            }
            let next_extra = *next[line].get_or_insert_with(|| {
                let text = lines[line].text(shown[line] + 1) + "\n";
                i128::from(model.cost(&text)) - i128::from(min_costs[line])
            });
            let delta = next_extra - current[line];
            if delta <= remaining {
                remaining -= delta;
                shown[line] += 1;
                current[line] = next_extra;
                next[line] = None;
                changed = true;
            }
        }
        if !changed {
            return shown;
        }
    }
}

fn full(chars: Vec<usize>, line_cost: u64) -> Allocation {
    Allocation {
        shown: chars.iter().map(|&d| Some(d)).collect(),
        stage: Stage::Full,
        line_cost,
        truncated_chars: 0,
        truncated_count: 0,
        chars,
    }
}

fn shared(chars: Vec<usize>, shown: &[usize], line_cost: u64) -> Allocation {
    let cut = || chars.iter().zip(shown).map(|(&d, &k)| d - k);
    Allocation {
        truncated_chars: cut().map(|c| c as u64).sum(),
        truncated_count: cut().filter(|&c| c > 0).count(),
        shown: shown.iter().map(|&k| Some(k)).collect(),
        stage: Stage::SharedDescriptions,
        line_cost,
        chars,
    }
}

/// Stage 3: keep minimum lines in order while they fit, and keep scanning after a miss.
fn dropped(chars: Vec<usize>, min_costs: &[u64], limit: u64) -> Allocation {
    let mut used = 0u64;
    let shown = min_costs
        .iter()
        .map(|&cost| {
            (used + cost <= limit).then(|| {
                used += cost;
                0
            })
        })
        .collect();
    Allocation {
        shown,
        stage: Stage::DroppedSkills,
        line_cost: used,
        truncated_chars: chars.iter().map(|&d| d as u64).sum(),
        truncated_count: chars.iter().filter(|&&d| d > 0).count(),
        chars,
    }
}
