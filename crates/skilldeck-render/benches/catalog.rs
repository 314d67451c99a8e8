//! Catalog rendering at scale: 10,000 skills with 300-character descriptions.
//!
//! Before divan's detailed statistics, `main` measures the fast renderer and the literal
//! round-robin reference in the same run and prints the medians and the speed-up
//! (`CATALOG_BENCH_DIVAN_ONLY=1` skips that part).
//!
//! Scenarios:
//! * `codex_272000`: a 5,440-token budget (window 272,000), which forces stage 3;
//! * `shared_tokens` / `shared_characters`: budgets that let every skill in and share the
//!   descriptions (stage 2, about 80 and 50 characters each), where the passes matter.

use std::hint::black_box;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use skilldeck_model::{LoadOutcome, Scope, SkillMetadata, SkillRoot};
use skilldeck_render::{
    Budget, Catalog, CatalogOptions, CatalogTexts, Stage, reference, render_catalog,
};

const SKILLS: usize = 10_000;
const DESCRIPTION_CHARS: usize = 300;
const ROOT: &str = "/home/dev/projects/service/.agents/skills";

static OUTCOME: LazyLock<LoadOutcome> = LazyLock::new(|| {
    let words = [
        "render",
        "the",
        "catalog",
        "budget",
        "skill",
        "model",
        "tokens",
        "share",
        "fair",
        "round",
        "robin",
        "description",
        "path",
        "alias",
        "root",
        "stage",
    ];
    let skills = (0..SKILLS)
        .map(|i| {
            let mut description = String::new();
            let mut w = i;
            while description.len() < DESCRIPTION_CHARS {
                description.push_str(words[w % words.len()]);
                description.push(' ');
                w = w * 7 + 3;
            }
            description.truncate(DESCRIPTION_CHARS);
            let name = format!("skill-{i:05}");
            SkillMetadata::new(
                name.clone(),
                description,
                format!("{ROOT}/{name}/SKILL.md"),
                Scope::REPO,
            )
        })
        .collect();
    LoadOutcome {
        skills,
        roots: vec![SkillRoot::new(ROOT, Scope::REPO)],
        ..LoadOutcome::default()
    }
});

static TEXTS: LazyLock<CatalogTexts> = LazyLock::new(|| CatalogTexts {
    intro_absolute: "x".repeat(418),
    intro_aliases: "x".repeat(261),
    usage_absolute: "usage".to_owned(),
    usage_aliases: "usage".to_owned(),
});

/// Alias-mode minimum line: `- skill-00000: (file: r0/skill-00000/SKILL.md)` + newline.
const ALIAS_MIN_LINE: u64 = 48;

fn options(budget: Budget) -> CatalogOptions {
    CatalogOptions {
        budget,
        include_usage: true,
    }
}

fn scenarios() -> [(&'static str, CatalogOptions); 3] {
    let skills = SKILLS as u64;
    [
        (
            "codex_272000",
            CatalogOptions::for_context_window(Some(272_000)),
        ),
        (
            "shared_tokens",
            options(Budget::Tokens(skills * (ALIAS_MIN_LINE.div_ceil(4) + 20))),
        ),
        (
            "shared_characters",
            options(Budget::Characters(skills * (ALIAS_MIN_LINE + 50))),
        ),
    ]
}

fn fast(options: &CatalogOptions) -> Option<Catalog> {
    render_catalog(&OUTCOME, options, &TEXTS)
}

fn naive(options: &CatalogOptions) -> Option<Catalog> {
    reference::render_catalog(&OUTCOME, options, &TEXTS)
}

/// Median wall-clock time of `samples` runs.
fn median(mut run: impl FnMut(), samples: usize) -> Duration {
    let mut times: Vec<Duration> = (0..samples)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[samples / 2]
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

fn print_speedups() {
    // On a shared machine the load explains noisy numbers; the ratio is measured in one run.
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "catalog of {SKILLS} skills x {DESCRIPTION_CHARS}-char descriptions, median of 31 runs \
         (load average: {})",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "{:<18} {:>22} {:>10} {:>12} {:>9}",
        "scenario", "stage", "fast", "round-robin", "speed-up"
    );
    for (name, options) in scenarios() {
        let catalog = fast(&options).expect("candidates");
        assert_eq!(
            Some(&catalog),
            naive(&options).as_ref(),
            "{name}: fast != reference"
        );
        let stage = match catalog.report.stage {
            Stage::Full => "full",
            Stage::SharedDescriptions => "shared",
            Stage::DroppedSkills => "dropped",
        };
        let fast_time = median(|| drop(black_box(fast(black_box(&options)))), 31);
        let naive_time = median(|| drop(black_box(naive(black_box(&options)))), 31);
        println!(
            "{name:<18} {:>22} {:>8.2}ms {:>10.2}ms {:>8.1}x",
            format!("{stage} ({} listed)", catalog.report.included_count),
            millis(fast_time),
            millis(naive_time),
            naive_time.as_secs_f64() / fast_time.as_secs_f64(),
        );
    }
}

fn main() {
    LazyLock::force(&OUTCOME);
    // `CATALOG_BENCH_DIVAN_ONLY=1` skips the comparison (e.g. to profile one divan bench).
    if std::env::var_os("CATALOG_BENCH_DIVAN_ONLY").is_none() {
        print_speedups();
    }
    divan::main();
}

#[divan::bench(args = ["codex_272000", "shared_tokens", "shared_characters"])]
fn render_fast(bencher: divan::Bencher<'_, '_>, scenario: &str) {
    let (_, options) = scenarios()
        .into_iter()
        .find(|(n, _)| *n == scenario)
        .unwrap();
    bencher.bench(|| fast(black_box(&options)));
}

#[divan::bench(args = ["codex_272000", "shared_tokens", "shared_characters"])]
fn render_round_robin(bencher: divan::Bencher<'_, '_>, scenario: &str) {
    let (_, options) = scenarios()
        .into_iter()
        .find(|(n, _)| *n == scenario)
        .unwrap();
    bencher.bench(|| naive(black_box(&options)));
}
