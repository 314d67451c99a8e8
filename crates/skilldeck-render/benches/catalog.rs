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

/// CPU time of this thread (Linux `schedstat`); `None` elsewhere. On a machine shared with
/// other work the wall-clock median includes waiting for a core, CPU time does not.
fn thread_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Median wall-clock and median CPU time of `samples` runs.
fn median(mut run: impl FnMut(), samples: usize) -> (Duration, Option<Duration>) {
    let mut wall = Vec::with_capacity(samples);
    let mut cpu = Vec::with_capacity(samples);
    for _ in 0..samples {
        let cpu_start = thread_cpu_time();
        let start = Instant::now();
        run();
        wall.push(start.elapsed());
        if let (Some(before), Some(after)) = (cpu_start, thread_cpu_time()) {
            cpu.push(after.saturating_sub(before));
        }
    }
    wall.sort();
    cpu.sort();
    (
        wall[samples / 2],
        (cpu.len() == samples).then(|| cpu[samples / 2]),
    )
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

fn print_speedups() {
    println!(
        "catalog of {SKILLS} skills x {DESCRIPTION_CHARS}-char descriptions (median of 31 runs; \
         wall clock, and CPU time of the thread in brackets)"
    );
    println!(
        "{:<18} {:>22} {:>20} {:>20} {:>9}",
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
        let (fast_wall, fast_cpu) = median(|| drop(black_box(fast(black_box(&options)))), 31);
        let (naive_wall, naive_cpu) = median(|| drop(black_box(naive(black_box(&options)))), 31);
        let shown = |wall: Duration, cpu: Option<Duration>| match cpu {
            Some(cpu) => format!("{:.2}ms [{:.2}ms]", millis(wall), millis(cpu)),
            None => format!("{:.2}ms", millis(wall)),
        };
        let speedup = match (fast_cpu, naive_cpu) {
            (Some(fast), Some(naive)) => naive.as_secs_f64() / fast.as_secs_f64(),
            _ => naive_wall.as_secs_f64() / fast_wall.as_secs_f64(),
        };
        println!(
            "{name:<18} {:>22} {:>20} {:>20} {:>8.1}x",
            format!("{stage} ({} listed)", catalog.report.included_count),
            shown(fast_wall, fast_cpu),
            shown(naive_wall, naive_cpu),
            speedup,
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
