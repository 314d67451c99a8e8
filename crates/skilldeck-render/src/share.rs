//! Stage 2 without the passes: an exact equivalent of the round-robin whose cost does not grow
//! with the number of passes.
//!
//! The round-robin (see [`crate::reference::round_robin`]) visits the lines in order, pass after
//! pass, and gives each line its next description character when the step's price `delta` fits
//! into `remaining`. Two facts make a shortcut exact:
//!
//! 1. `remaining` never grows and a line's next price never changes while it waits, so a line
//!    that is refused once is refused for good.
//! 2. No step costs more than `max_step` = `ceil((1 + widest char) / per_unit)` (2 for both
//!    Codex units). While `remaining ≥ max_step` every step succeeds, so after `p` whole passes
//!    each line simply shows `min(p, chars)` characters and the budget used is
//!    `C(p) = Σ extra(line, min(p, chars))`, a non-decreasing function of `p`.
//!
//! So: binary-search the last pass `p` with `C(p) + max_step ≤ remaining`, jump there, walk the
//! next pass while `remaining ≥ max_step`, then simulate the tail exactly. In the tail fewer than
//! `max_step` units are left, so at most `max_step − 1` paid steps remain and each line makes at
//! most `per_unit` free steps in a row: the tail takes a bounded number of passes. Once
//! `remaining` is 0 only free steps (same 4-byte bucket in tokens mode) can succeed, and those
//! do not interact, so each line takes its run of free steps on its own.
//!
//! Cost: `O(n log max_chars)` for the search plus `O(n · per_unit · max_step)` for the tail, after
//! the O(bytes) measurement of the descriptions.

use crate::cost::LinearCost;
use crate::stages::Curve;

/// How many description chars each line shows, exactly as the round-robin would decide.
pub(crate) fn share(linear: LinearCost, curves: &[Curve<'_>], budget: u64) -> Vec<usize> {
    let max_step = (1 + linear.measure.max_char())
        .div_ceil(linear.per_unit.max(1))
        .max(1);
    let longest = curves.iter().map(Curve::chars).max().unwrap_or(0);
    let used_after = |passes: usize| -> u64 {
        curves
            .iter()
            .map(|curve| curve.extra(linear, passes.min(curve.chars())))
            .sum()
    };

    // Last whole pass after which at least `max_step` units are left (0 if none).
    let mut passes = 0usize;
    if budget >= max_step {
        let mut high = longest;
        while passes < high {
            let mid = passes + (high - passes).div_ceil(2);
            if used_after(mid) + max_step <= budget {
                passes = mid;
            } else {
                high = mid - 1;
            }
        }
    }
    let mut shown: Vec<usize> = curves
        .iter()
        .map(|curve| passes.min(curve.chars()))
        .collect();
    if passes == longest {
        return shown;
    }
    let mut remaining = budget - used_after(passes);

    // The next pass, while every step is still certain to succeed.
    let step = |line: usize, shown: &[usize]| {
        let curve = &curves[line];
        curve.extra(linear, shown[line] + 1) - curve.extra(linear, shown[line])
    };
    let mut start = 0;
    let mut changed = false;
    while start < curves.len() && remaining >= max_step {
        if shown[start] < curves[start].chars() {
            remaining -= step(start, &shown);
            shown[start] += 1;
            changed = true;
        }
        start += 1;
    }

    // The tail: the literal round-robin, from the middle of this pass on.
    loop {
        for line in start..curves.len() {
            if remaining == 0 {
                take_free_steps(linear, curves, &mut shown);
                return shown;
            }
            if shown[line] == curves[line].chars() {
                continue;
            }
            let delta = step(line, &shown);
            if delta <= remaining {
                remaining -= delta;
                shown[line] += 1;
                changed = true;
            }
        }
        if !changed {
            return shown;
        }
        changed = false;
        start = 0;
    }
}

/// With nothing left, a line still gains every character that costs nothing.
fn take_free_steps(linear: LinearCost, curves: &[Curve<'_>], shown: &mut [usize]) {
    for (curve, shown) in curves.iter().zip(shown) {
        while *shown < curve.chars()
            && curve.extra(linear, *shown + 1) == curve.extra(linear, *shown)
        {
            *shown += 1;
        }
    }
}
