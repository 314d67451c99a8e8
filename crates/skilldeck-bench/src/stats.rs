//! Repeated timings and their summary: median and spread, nothing fancier.
use std::time::{Duration, Instant};

/// The distribution of a set of timings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// Samples taken.
    pub runs: usize,
    /// Median, in milliseconds.
    pub median_ms: f64,
    /// 10th percentile, in milliseconds.
    pub p10_ms: f64,
    /// 90th percentile, in milliseconds.
    pub p90_ms: f64,
    /// Fastest sample, in milliseconds.
    pub min_ms: f64,
}

impl Summary {
    /// Summarises `samples` (`None` when there are none).
    pub fn of(samples: &[Duration]) -> Option<Summary> {
        if samples.is_empty() {
            return None;
        }
        let mut ms: Vec<f64> = samples.iter().map(|d| d.as_secs_f64() * 1e3).collect();
        ms.sort_by(f64::total_cmp);
        let at = |q: f64| {
            // Nearest-rank percentile; exact for the median of an odd count.
            #[allow(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                clippy::cast_precision_loss
            )]
            let index = ((ms.len() - 1) as f64 * q).round() as usize;
            ms[index]
        };
        Some(Summary {
            runs: ms.len(),
            median_ms: at(0.5),
            p10_ms: at(0.1),
            p90_ms: at(0.9),
            min_ms: ms[0],
        })
    }

    /// Spread as `p10–p90` relative to the median, in percent (how noisy the measurement was).
    pub fn spread_percent(&self) -> f64 {
        if self.median_ms == 0.0 {
            return 0.0;
        }
        (self.p90_ms - self.p10_ms) / self.median_ms * 100.0
    }
}

/// Runs `work` `warmup` times unmeasured, then `runs` times measured.
pub fn measure<T>(warmup: usize, runs: usize, mut work: impl FnMut() -> T) -> Vec<Duration> {
    for _ in 0..warmup {
        std::hint::black_box(work());
    }
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(work());
            start.elapsed()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_of_five_samples_has_the_middle_one_as_median() {
        let samples: Vec<Duration> = [5, 1, 4, 2, 3].map(Duration::from_millis).to_vec();
        let summary = Summary::of(&samples).unwrap();
        assert!((summary.median_ms - 3.0).abs() < 1e-9);
        assert!((summary.min_ms - 1.0).abs() < 1e-9);
        assert_eq!(summary.runs, 5);
    }

    #[test]
    fn summary_of_nothing_is_none() {
        assert_eq!(Summary::of(&[]), None);
    }
}
