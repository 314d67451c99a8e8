//! Catalog rendering at scale.
//!
//! Before divan's detailed statistics, `main` renders every scenario with the fast renderer and
//! with the literal round-robin reference in the same run, checks that both agree, and prints
//! the medians and the speed-up (`CATALOG_BENCH_DIVAN_ONLY=1` skips that part).
//!
//! Scenarios (10,000 skills with 300-character descriptions unless stated):
//! * `codex_272000`: the 5,440-token budget of a 272,000-token window, which forces stage 3
//!   (both renderers run the same stage-3 code there, so their ratio is 1 up to noise);
//! * `shared_tokens` / `shared_characters`: budgets that let every skill in and share the
//!   descriptions (stage 2, about 80 and 50 characters each);
//! * `many_passes`: 1,000 skills with 1,024-character descriptions and room for about 700
//!   characters each (stage 2 with ~700 round-robin passes), where the passes dominate.

use std::hint::black_box;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use skilldeck_model::{LoadOutcome, Scope, SkillMetadata, SkillRoot};
use skilldeck_render::{
    Budget, Catalog, CatalogOptions, CatalogTexts, Stage, reference, render_catalog,
};

const ROOT: &str = "/home/dev/projects/service/.agents/skills";

/// `count` repo skills `skill-00000`… with `chars`-character ASCII descriptions.
fn outcome(count: usize, chars: usize) -> LoadOutcome {
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
    let skills = (0..count)
        .map(|i| {
            let mut description = String::new();
            let mut w = i;
            while description.len() < chars {
                description.push_str(words[w % words.len()]);
                description.push(' ');
                w = w * 7 + 3;
            }
            description.truncate(chars);
            let name = format!("skill-{i:05}");
            let path = format!("{ROOT}/{name}/SKILL.md");
            SkillMetadata::new(name, description, path, Scope::REPO)
        })
        .collect();
    LoadOutcome {
        skills,
        roots: vec![SkillRoot::new(ROOT, Scope::REPO)],
        ..LoadOutcome::default()
    }
}

static TEN_THOUSAND: LazyLock<LoadOutcome> = LazyLock::new(|| outcome(10_000, 300));
static LONG: LazyLock<LoadOutcome> = LazyLock::new(|| outcome(1_000, 1_024));

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
        neutralize_closing_tags: false,
    }
}

struct Scenario {
    name: &'static str,
    outcome: &'static LoadOutcome,
    options: CatalogOptions,
}

const NAMES: [&str; 4] = [
    "codex_272000",
    "shared_tokens",
    "shared_characters",
    "many_passes",
];

fn scenario(name: &str) -> Scenario {
    let (outcome, options) = match name {
        "codex_272000" => (
            &*TEN_THOUSAND,
            CatalogOptions::for_context_window(Some(272_000)),
        ),
        "shared_tokens" => (
            &*TEN_THOUSAND,
            options(Budget::Tokens(10_000 * (ALIAS_MIN_LINE.div_ceil(4) + 20))),
        ),
        "shared_characters" => (
            &*TEN_THOUSAND,
            options(Budget::Characters(10_000 * (ALIAS_MIN_LINE + 50))),
        ),
        "many_passes" => (
            &*LONG,
            options(Budget::Characters(1_000 * (ALIAS_MIN_LINE + 700))),
        ),
        other => panic!("unknown scenario {other}"),
    };
    Scenario {
        name: NAMES.into_iter().find(|n| *n == name).unwrap_or("?"),
        outcome,
        options,
    }
}

fn fast(scenario: &Scenario) -> Option<Catalog> {
    render_catalog(scenario.outcome, &scenario.options, &TEXTS)
}

fn naive(scenario: &Scenario) -> Option<Catalog> {
    reference::render_catalog(scenario.outcome, &scenario.options, &TEXTS)
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
        "catalog render, median of 31 runs (load average: {})",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "{:<18} {:>24} {:>10} {:>12} {:>9}",
        "scenario", "stage", "fast", "round-robin", "speed-up"
    );
    for name in NAMES {
        let scenario = scenario(name);
        let catalog = fast(&scenario).expect("candidates");
        assert_eq!(
            Some(&catalog),
            naive(&scenario).as_ref(),
            "{name}: fast != reference"
        );
        let stage = match catalog.report.stage {
            Stage::Full => "full",
            Stage::SharedDescriptions => "shared",
            Stage::DroppedSkills => "dropped",
        };
        let fast_time = median(|| drop(black_box(fast(black_box(&scenario)))), 31);
        let naive_time = median(|| drop(black_box(naive(black_box(&scenario)))), 31);
        println!(
            "{:<18} {:>24} {:>8.2}ms {:>10.2}ms {:>8.1}x",
            scenario.name,
            format!(
                "{stage} ({}/{} listed)",
                catalog.report.included_count, catalog.report.total_count
            ),
            millis(fast_time),
            millis(naive_time),
            naive_time.as_secs_f64() / fast_time.as_secs_f64(),
        );
    }
}

fn main() {
    LazyLock::force(&TEN_THOUSAND);
    LazyLock::force(&LONG);
    if std::env::var_os("CATALOG_BENCH_DIVAN_ONLY").is_none() {
        print_speedups();
    }
    divan::main();
}

#[divan::bench(args = NAMES)]
fn render_fast(bencher: divan::Bencher<'_, '_>, name: &str) {
    let scenario = scenario(name);
    bencher.bench(|| fast(black_box(&scenario)));
}

#[divan::bench(args = NAMES)]
fn render_round_robin(bencher: divan::Bencher<'_, '_>, name: &str) {
    let scenario = scenario(name);
    bencher.bench(|| naive(black_box(&scenario)));
}
