//! `skilldeck-bench`: the benchmark run behind `BENCHMARKS.md`.
//!
//! `skilldeck-bench run` builds the real-world tree and synthetic trees of 1k, 10k and 50k
//! skills, then measures, in the same run:
//!
//! * whole processes — the release `skilldeck` binary (`list --json`, `catalog`) and the floor
//!   as a process (`skilldeck-bench floor`), each started N times: median and p10–p90;
//! * in process — the floor, the sequential and the parallel load, the facade's load, the
//!   catalog render, the mention scan of a 1 MiB message, the installer's up-to-date check;
//! * peak RSS of `list --json` per tree, with `/usr/bin/time`.
//!
//! It prints a Markdown report (tables plus the targets, met or not). Other sub-commands:
//! `floor ROOT...` (the floor as a process) and `generate --skills N DIR` (write a tree).
use std::ffi::OsString;
use std::fmt::Write as _;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use skilldeck::injection::extract_mentions;
use skilldeck::loader::{LoaderOptions, load_roots, merge_root_scans, scan_roots};
use skilldeck::render::{CatalogOptions, render_catalog};
use skilldeck::system::{Bundle, InstallOptions, install, status};
use skilldeck::{Layout, LoadOutcome, Profile, Scope, SkillRoot, SkillsManager};
use skilldeck_bench::corpora;
use skilldeck_bench::floor::floor;
use skilldeck_bench::process::Invocation;
use skilldeck_bench::stats::{Summary, measure};
use skilldeck_bench::synth::{SyntheticSpec, generate};

#[derive(Parser, Debug)]
#[command(
    version,
    about = "Benchmarks of skilldeck against the I/O floor and Codex's numbers"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Build the trees, measure everything, print the Markdown report.
    Run(RunArgs),
    /// The floor as a process: list the directories under ROOTs, read 2 KiB of each SKILL.md.
    Floor {
        /// Skill roots to walk.
        roots: Vec<PathBuf>,
    },
    /// Load ROOTs (repo scope) N times in process and print the skill count: a steady workload
    /// for profilers (`perf record`, `valgrind --tool=callgrind`).
    Load {
        /// Times to load.
        #[arg(long, default_value_t = 1)]
        iterations: usize,
        /// Threads of the scan (default: the loader's default).
        #[arg(long)]
        threads: Option<NonZeroUsize>,
        /// Skill roots to load.
        roots: Vec<PathBuf>,
    },
    /// Write a synthetic tree (same generator as `run`) into DIR.
    Generate {
        /// Skills in total.
        #[arg(long)]
        skills: usize,
        /// Roots (default: one per 1,000 skills).
        #[arg(long)]
        roots: Option<usize>,
        /// Generator seed.
        #[arg(long, default_value_t = 7)]
        seed: u64,
        /// Where to write it (must not exist yet).
        dir: PathBuf,
    },
}

#[derive(clap::Args, Debug)]
struct RunArgs {
    /// The release `skilldeck` binary (default: beside this one).
    #[arg(long)]
    skilldeck: Option<PathBuf>,
    /// Runs per whole-process measurement.
    #[arg(long, default_value_t = 21)]
    runs: usize,
    /// Skip the 50k tree and use fewer runs.
    #[arg(long)]
    quick: bool,
    /// Scratch directory for the trees (default: a new temp dir, removed afterwards).
    #[arg(long)]
    scratch: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(args) => run(&args),
        Command::Floor { roots } => {
            let counts = floor(&roots);
            println!(
                "dirs={} skill_files={} bytes={}",
                counts.dirs, counts.skill_files, counts.bytes
            );
            Ok(())
        }
        Command::Load {
            iterations,
            threads,
            roots,
        } => {
            let roots = skill_roots(&roots);
            let options = LoaderOptions::default();
            let threads = threads.unwrap_or_else(skilldeck::loader::default_scan_threads);
            let mut skills = 0;
            for _ in 0..iterations {
                skills = merge_root_scans(scan_roots(&roots, &options, threads), &options)
                    .skills
                    .len();
            }
            println!("skills={skills}");
            Ok(())
        }
        Command::Generate {
            skills,
            roots,
            seed,
            dir,
        } => {
            let spec = SyntheticSpec {
                skills,
                roots: roots.unwrap_or_else(|| SyntheticSpec::with_skills(skills).roots),
                seed,
            };
            generate(&spec, &dir).map(|tree| {
                let mut text = format!("cwd={}\n", tree.cwd.display());
                for root in &tree.roots {
                    let _ = writeln!(text, "root={}", root.display());
                }
                // A closed pipe (`| head`) is not worth a panic.
                let _ = std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes());
            })
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("skilldeck-bench: {error}");
            ExitCode::FAILURE
        }
    }
}

/// One measured line of the report.
struct Row {
    name: String,
    summary: Summary,
    /// `(what, ratio)` to the baseline of the same table.
    ratio: Option<(String, f64)>,
}

/// One table of the report.
#[derive(Default)]
struct Table {
    title: String,
    rows: Vec<Row>,
    notes: Vec<String>,
}

impl Table {
    fn new(title: &str) -> Table {
        Table {
            title: title.to_owned(),
            ..Table::default()
        }
    }

    fn add(&mut self, name: &str, samples: &[Duration], baseline: Option<&str>) -> Option<Summary> {
        let summary = Summary::of(samples)?;
        let ratio = baseline.and_then(|base| {
            let base_row = self.rows.iter().find(|row| row.name == base)?;
            Some((
                base.to_owned(),
                summary.median_ms / base_row.summary.median_ms,
            ))
        });
        eprintln!(
            "  {name}: median {:.3} ms (p10 {:.3}, p90 {:.3}, n={})",
            summary.median_ms, summary.p10_ms, summary.p90_ms, summary.runs
        );
        self.rows.push(Row {
            name: name.to_owned(),
            summary,
            ratio,
        });
        Some(summary)
    }

    fn markdown(&self) -> String {
        let mut out = format!("### {}\n\n", self.title);
        out.push_str("| measurement | median | p10 – p90 | spread | n | ratio |\n");
        out.push_str("| --- | ---: | ---: | ---: | ---: | --- |\n");
        for row in &self.rows {
            let ratio = row
                .ratio
                .as_ref()
                .map_or_else(String::new, |(base, ratio)| format!("{ratio:.2}× {base}"));
            let _ = writeln!(
                out,
                "| {} | {} | {} – {} | {:.0} % | {} | {ratio} |",
                row.name,
                ms(row.summary.median_ms),
                ms(row.summary.p10_ms),
                ms(row.summary.p90_ms),
                row.summary.spread_percent(),
                row.summary.runs,
            );
        }
        for note in &self.notes {
            let _ = writeln!(out, "\n{note}");
        }
        out.push('\n');
        out
    }
}

fn ms(value: f64) -> String {
    if value < 0.1 {
        format!("{:.1} µs", value * 1e3)
    } else if value < 10.0 {
        format!("{value:.2} ms")
    } else {
        format!("{value:.1} ms")
    }
}

/// A target and whether it was met.
struct Target {
    what: String,
    measured: String,
    met: bool,
}

/// What every section of a run needs.
struct RunContext {
    skilldeck: PathBuf,
    myself: PathBuf,
    runs: usize,
    quick: bool,
    scratch: PathBuf,
    keep_scratch: bool,
}

/// The report being assembled.
#[derive(Default)]
struct Report {
    tables: Vec<Table>,
    targets: Vec<Target>,
}

fn run(args: &RunArgs) -> std::io::Result<()> {
    let skilldeck = match &args.skilldeck {
        Some(path) => path.clone(),
        None => std::env::current_exe()?.with_file_name("skilldeck"),
    };
    if !skilldeck.is_file() {
        return Err(std::io::Error::other(format!(
            "no skilldeck binary at {} (build it with `cargo build --release -p skilldeck-cli`, or pass --skilldeck)",
            skilldeck.display()
        )));
    }
    let temp = tempfile::tempdir()?;
    let ctx = RunContext {
        skilldeck,
        myself: std::env::current_exe()?,
        runs: if args.quick {
            args.runs.min(7)
        } else {
            args.runs
        },
        quick: args.quick,
        scratch: args
            .scratch
            .clone()
            .unwrap_or_else(|| temp.path().to_path_buf()),
        keep_scratch: args.scratch.is_some(),
    };
    std::fs::create_dir_all(&ctx.scratch)?;
    let mut report = Report::default();
    corpora_section(&ctx, &mut report)?;
    synthetic_section(&ctx, &mut report)?;
    micro_section(&mut report)?;
    println!("{}", report.markdown());
    Ok(())
}

fn corpora_section(ctx: &RunContext, report: &mut Report) -> std::io::Result<()> {
    let RunContext {
        skilldeck,
        myself,
        runs,
        ..
    } = ctx;
    let runs = *runs;
    let tables = &mut report.tables;
    let targets = &mut report.targets;
    // The real-world tree.
    eprintln!("real-world corpora:");
    if let Some(tree) = corpora::build(&ctx.scratch.join("rw")) {
        let mut whole = Table::new("Real-world corpora (1,256 SKILL.md, 9 roots): whole process");
        let env = Env::new(&tree.base);
        let list = env.list(skilldeck, &tree.cwd);
        check_listing(&list, 1_222)?;
        whole.add(
            "process start (`skilldeck --version`)",
            &env.invocation(skilldeck)
                .args(["--version"])
                .time(2, runs)?,
            None,
        );
        whole.add(
            "floor process (`skilldeck-bench floor`)",
            &Invocation::new(myself)
                .arg_floor(&tree.roots)
                .time(2, runs)?,
            None,
        );
        let list_summary = whole.add(
            "`skilldeck --profile codex list --json`",
            &list.time(2, runs)?,
            Some("floor process (`skilldeck-bench floor`)"),
        );
        let floor_summary = whole.rows[1].summary;
        if let Some(summary) = list_summary {
            targets.push(Target {
                what: "`list --json` on the real-world tree ≤ 25 ms median".to_owned(),
                measured: format!("{:.1} ms", summary.median_ms),
                met: summary.median_ms <= 25.0,
            });
            let ratio = summary.median_ms / floor_summary.median_ms;
            targets.push(Target {
                what: "… and ≤ 2× the floor (whole process)".to_owned(),
                measured: format!("{ratio:.2}×"),
                met: ratio <= 2.0,
            });
        }
        if let Some(rss) = list.peak_rss_kib() {
            whole.notes.push(format!(
                "Peak RSS of `list --json`: {:.1} MB.",
                kib_to_mb(rss)
            ));
        }
        tables.push(whole);
        tables.push(in_process_loads(
            "Real-world corpora: in process",
            &tree.roots,
            Some((&tree.base, &tree.cwd)),
            if ctx.quick { 11 } else { 31 },
        ));
    } else {
        eprintln!("  skipped: shared/corpora/_expected/build-tree.sh not found");
    }

    Ok(())
}

// One linear script of measurements, in report order; splitting it would only scatter that order.
#[allow(clippy::too_many_lines)]
fn synthetic_section(ctx: &RunContext, report: &mut Report) -> std::io::Result<()> {
    let RunContext {
        skilldeck,
        myself,
        runs,
        ..
    } = ctx;
    let runs = *runs;
    let tables = &mut report.tables;
    let targets = &mut report.targets;
    // Synthetic trees.
    let sizes: &[usize] = if ctx.quick {
        &[1_000, 10_000]
    } else {
        &[1_000, 10_000, 50_000]
    };
    let mut scaling = Table::new("Synthetic trees: whole process");
    let mut in_process_medians: Vec<(usize, f64)> = Vec::new();
    let mut whole_medians: Vec<(usize, f64)> = Vec::new();
    for &size in sizes {
        eprintln!("synthetic {size}:");
        let spec = SyntheticSpec::with_skills(size);
        let started = Instant::now();
        let tree = generate(&spec, &ctx.scratch.join(format!("synthetic-{size}")))?;
        eprintln!(
            "  generated {} skills over {} roots in {:.1} s",
            tree.skills,
            tree.roots.len(),
            started.elapsed().as_secs_f64()
        );
        let env = Env::new(&tree.base);
        let list = env.list(skilldeck, &tree.cwd);
        check_listing(&list, size)?;
        let size_runs = if size >= 50_000 { runs.min(7) } else { runs };
        let floor_name = format!("{size}: floor process");
        scaling.add(
            &floor_name,
            &Invocation::new(myself)
                .arg_floor(&tree.roots)
                .time(1, size_runs)?,
            None,
        );
        if let Some(summary) = scaling.add(
            &format!("{size}: `list --json`"),
            &list.time(1, size_runs)?,
            Some(&floor_name),
        ) {
            whole_medians.push((size, summary.median_ms));
        }
        if size == 10_000 {
            let catalog = env
                .invocation(skilldeck)
                .args(env.codex_args(&tree.cwd))
                .args(["catalog", "--context-window", "272000"]);
            if let Some(summary) = scaling.add(
                "10000: `catalog --context-window 272000`",
                &catalog.time(1, size_runs)?,
                Some(&floor_name),
            ) {
                targets.push(Target {
                    what: "`catalog` for 10k skills (load + render) ≤ 60 ms whole process"
                        .to_owned(),
                    measured: format!("{:.1} ms", summary.median_ms),
                    met: summary.median_ms <= 60.0,
                });
            }
        }
        if let Some(rss) = list.peak_rss_kib() {
            let mb = kib_to_mb(rss);
            scaling.notes.push(format!(
                "Peak RSS of `list --json` at {size} skills: {mb:.1} MB."
            ));
            if size == 50_000 {
                targets.push(Target {
                    what: "50k skills: peak RSS ≤ 100 MB — whole `skilldeck list --json`"
                        .to_owned(),
                    measured: format!("{mb:.1} MB"),
                    met: mb <= 100.0,
                });
            }
        }
        // The loader alone, in a process of its own (`skilldeck-bench load`).
        let loader_alone = Invocation::new(myself)
            .args(["load"])
            .args(tree.roots.iter().map(|root| root.as_os_str().to_owned()));
        if let Some(rss) = loader_alone.peak_rss_kib() {
            let mb = kib_to_mb(rss);
            scaling.notes.push(format!(
                "Peak RSS of the loader alone (`skilldeck-bench load`) at {size} skills: {mb:.1} MB."
            ));
            if size == 50_000 {
                targets.push(Target {
                    what: "… — the loader alone (`skilldeck-bench load`)".to_owned(),
                    measured: format!("{mb:.1} MB"),
                    met: mb <= 100.0,
                });
            }
        }
        let samples = if size >= 50_000 {
            5
        } else if size >= 10_000 {
            11
        } else {
            31
        };
        let table = in_process_loads(
            &format!(
                "Synthetic {size} skills ({} roots): in process",
                tree.roots.len()
            ),
            &tree.roots,
            Some((&tree.base, &tree.cwd)),
            if ctx.quick { samples.min(7) } else { samples },
        );
        if let Some(row) = table
            .rows
            .iter()
            .find(|row| row.name.starts_with("load, parallel"))
        {
            in_process_medians.push((size, row.summary.median_ms));
        }
        if size == 10_000 {
            tables.push(table);
            tables.push(catalog_render(&tree.roots));
        } else {
            tables.push(table);
        }
        // The 50k tree is big; free the disk space as soon as it is measured.
        if size >= 50_000 && !ctx.keep_scratch {
            let _ = std::fs::remove_dir_all(&tree.base);
        }
    }
    let ratio_of = |medians: &[(usize, f64)]| {
        let one = medians.iter().find(|(size, _)| *size == 1_000)?.1;
        let ten = medians.iter().find(|(size, _)| *size == 10_000)?.1;
        Some(ten / one)
    };
    if let Some(ratio) = ratio_of(&in_process_medians) {
        scaling.notes.push(format!(
            "Scaling, in process (parallel load): 10k / 1k = {ratio:.2}×."
        ));
        targets.push(Target {
            what: "10k synthetic skills load in ≤ 9× the 1k time (in process)".to_owned(),
            measured: format!("{ratio:.2}×"),
            met: ratio <= 9.0,
        });
    }
    if let Some(ratio) = ratio_of(&whole_medians) {
        scaling.notes.push(format!(
            "Scaling, whole process (`list --json`): 10k / 1k = {ratio:.2}×."
        ));
        targets.push(Target {
            what: "… and whole process (`list --json`)".to_owned(),
            measured: format!("{ratio:.2}×"),
            met: ratio <= 9.0,
        });
    }
    tables.push(scaling);

    Ok(())
}

fn micro_section(report: &mut Report) -> std::io::Result<()> {
    let tables = &mut report.tables;
    let targets = &mut report.targets;
    eprintln!("mentions:");
    tables.push(mention_scan());
    eprintln!("installer:");
    let installer = installer_check()?;
    if let Some(row) = installer
        .rows
        .iter()
        .find(|row| row.name.starts_with("`install`"))
    {
        targets.push(Target {
            what: "installer up-to-date check ≤ 1 ms".to_owned(),
            measured: ms(row.summary.median_ms),
            met: row.summary.median_ms <= 1.0,
        });
    }
    tables.push(installer);

    Ok(())
}

impl Report {
    fn markdown(&self) -> String {
        let tables = &self.tables;
        let targets = &self.targets;
        let mut report = String::new();
        for table in tables {
            report.push_str(&table.markdown());
        }
        report.push_str("### Targets\n\n| target | measured | met |\n| --- | ---: | --- |\n");
        for target in targets {
            let _ = writeln!(
                report,
                "| {} | {} | {} |",
                target.what,
                target.measured,
                if target.met { "yes" } else { "**no**" }
            );
        }
        report
    }
}

fn kib_to_mb(kib: u64) -> f64 {
    #[allow(clippy::cast_precision_loss)]
    let kib = kib as f64;
    kib * 1024.0 / 1e6
}

/// The environment of a measured `skilldeck` run: homes inside the tree, no bundled skills.
struct Env {
    base: PathBuf,
}

impl Env {
    fn new(base: &Path) -> Env {
        Env {
            base: base.to_path_buf(),
        }
    }

    fn invocation(&self, program: &Path) -> Invocation {
        Invocation::new(program)
            .env("HOME", self.base.join("home"))
            .env("CODEX_HOME", self.base.join("codex_home"))
            .env("SKILLDECK_HOME", self.base.join("codex_home"))
    }

    fn codex_args(&self, cwd: &Path) -> Vec<OsString> {
        vec![
            "--profile".into(),
            "codex".into(),
            "--cwd".into(),
            cwd.into(),
            "--admin-dir".into(),
            self.base.join("etc/codex").into(),
            "-c".into(),
            "skills.bundled.enabled=false".into(),
        ]
    }

    fn list(&self, skilldeck: &Path, cwd: &Path) -> Invocation {
        self.invocation(skilldeck)
            .args(self.codex_args(cwd))
            .args(["list", "--json"])
    }
}

trait FloorArgs {
    fn arg_floor(self, roots: &[PathBuf]) -> Invocation;
}

impl FloorArgs for Invocation {
    fn arg_floor(self, roots: &[PathBuf]) -> Invocation {
        self.args(["floor"])
            .args(roots.iter().map(|root| root.as_os_str().to_owned()))
    }
}

/// Runs `list` once and checks it listed `expected` skills (a benchmark of a wrong result
/// would be worthless).
fn check_listing(list: &Invocation, expected: usize) -> std::io::Result<()> {
    let output = list.output()?;
    let value: serde_json::Value =
        serde_json::from_slice(&output).map_err(std::io::Error::other)?;
    let listed = value["skills"].as_array().map_or(0, Vec::len);
    if listed == expected {
        Ok(())
    } else {
        Err(std::io::Error::other(format!(
            "`list --json` listed {listed} skills, expected {expected}"
        )))
    }
}

fn skill_roots(paths: &[PathBuf]) -> Vec<SkillRoot> {
    paths
        .iter()
        .map(|path| SkillRoot::new(path, Scope::REPO))
        .collect()
}

/// Floor, sequential, parallel (and, with a base and cwd, the facade) on one tree.
fn in_process_loads(
    title: &str,
    roots: &[PathBuf],
    facade: Option<(&Path, &Path)>,
    samples: usize,
) -> Table {
    let mut table = Table::new(title);
    let skill_roots = skill_roots(roots);
    let options = LoaderOptions::default();
    let threads = skilldeck::loader::default_scan_threads();
    table.add(
        "floor (1 thread)",
        &measure(2, samples, || floor(roots)),
        None,
    );
    table.add(
        "load, sequential (`scan_roots`, 1 thread)",
        &measure(2, samples, || {
            merge_root_scans(
                scan_roots(&skill_roots, &options, NonZeroUsize::MIN),
                &options,
            )
        }),
        Some("floor (1 thread)"),
    );
    table.add(
        &format!("load, parallel (`load_roots`, {threads} threads)"),
        &measure(2, samples, || load_roots(&skill_roots, &options)),
        Some("floor (1 thread)"),
    );
    if let Some((base, cwd)) = facade {
        let manager = SkillsManager::builder(Profile::Codex.layout())
            .home(base.join("codex_home"))
            .user_home(Some(base.join("home")))
            .admin_dir(base.join("etc/codex"))
            .cwd(cwd)
            .config_override("skills.bundled.enabled=false")
            .build();
        match manager {
            Ok(manager) => {
                table.add(
                    "facade: `refresh()` + `outcome()` (discovery, config, load, freshness stamps)",
                    &measure(2, samples, || {
                        manager.refresh();
                        manager.outcome()
                    }),
                    Some("floor (1 thread)"),
                );
                table.add(
                    "facade: cached `outcome()` (freshness check only)",
                    &measure(2, samples, || manager.outcome()),
                    Some("floor (1 thread)"),
                );
            }
            Err(error) => table.notes.push(format!("facade not measured: {error}")),
        }
    }
    table
}

/// Rendering the catalog of an already loaded 10k outcome.
fn catalog_render(roots: &[PathBuf]) -> Table {
    let mut table = Table::new("Catalog render, 10,000 loaded skills: in process");
    let outcome: LoadOutcome = load_roots(&skill_roots(roots), &LoaderOptions::default());
    let texts = skilldeck::default_catalog_texts();
    for (name, window) in [
        ("render, window 272,000 (5,440-token budget)", Some(272_000)),
        ("render, unknown window (8,000 characters)", None),
    ] {
        let options = CatalogOptions::for_context_window(window);
        table.add(
            name,
            &measure(3, 31, || render_catalog(&outcome, &options, &texts)),
            None,
        );
    }
    table
}

/// The mention scanner on a 1 MiB message, against the cheapest pass over it.
fn mention_scan() -> Table {
    const MIB: usize = 1024 * 1024;
    let mut table = Table::new("Mention scan of a 1 MiB message: in process");
    let paragraph = "Please use $pdf-forms to fill the attached form, then check it with \
                     [$reviewer](/home/me/.agents/skills/reviewer/SKILL.md). Costs are US$5 \
                     per page; see (notes) and [docs](https://example.invalid) for more.\n";
    let prose = paragraph.repeat(MIB / paragraph.len());
    let hostile = "$$$[$".repeat(MIB / 5);
    let baseline = "baseline: count the `$` bytes of the prose";
    table.add(
        baseline,
        &measure(3, 51, || prose.bytes().filter(|&b| b == b'$').count()),
        None,
    );
    table.add(
        "`extract_mentions`, prose",
        &measure(3, 51, || extract_mentions(&prose)),
        Some(baseline),
    );
    table.add(
        "`extract_mentions`, hostile (`$$$[$` repeated)",
        &measure(3, 51, || extract_mentions(&hostile)),
        Some(baseline),
    );
    table
}

/// The installer's check when the bundled skills are installed and current.
fn installer_check() -> std::io::Result<Table> {
    let mut table = Table::new("Installer up-to-date check: in process");
    let home = tempfile::tempdir()?;
    let layout = Layout::skilldeck();
    install(
        &layout,
        home.path(),
        &Bundle::builtin(),
        InstallOptions::default(),
    )
    .map_err(std::io::Error::other)?;
    let marker = layout.marker_path(home.path());
    let baseline = "baseline: read the marker file";
    table.add(baseline, &measure(10, 201, || std::fs::read(&marker)), None);
    table.add(
        "`status` (up to date)",
        &measure(10, 201, || status(&layout, home.path(), &Bundle::builtin())),
        Some(baseline),
    );
    table.add(
        "`install` when up to date",
        &measure(10, 201, || {
            install(
                &layout,
                home.path(),
                &Bundle::builtin(),
                InstallOptions::default(),
            )
        }),
        Some(baseline),
    );
    Ok(table)
}
