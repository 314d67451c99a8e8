//! Installer tests that need whole processes: a child killed with SIGKILL at every checkpoint,
//! 16 processes installing at once, and a home the installing user cannot write.
//!
//! `harness = false`: this binary is both the test driver and, when
//! `SKILLDECK_SYSTEM_TEST_CHILD` is set, the installing child process it spawns.

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use std::{env, fs};

use common::{assert_complete_cache, tree};
use skilldeck_model::Layout;
use skilldeck_system::{Bundle, InstallOptions, InstallOutcome, Status, install, status};

const CHILD: &str = "SKILLDECK_SYSTEM_TEST_CHILD";
const HOME: &str = "SKILLDECK_SYSTEM_TEST_HOME";
const START_AT: &str = "SKILLDECK_SYSTEM_TEST_START_AT_MS";
const PAUSE_AT: &str = "SKILLDECK_SYSTEM_PAUSE_AT";
const PAUSED: &str = "skilldeck-system: paused at step ";

fn main() {
    if env::var_os(CHILD).is_some() {
        child_main();
    }
    let tests: &[(&str, fn())] = &[
        (
            "killed_fresh_install_leaves_a_recoverable_state_at_every_step",
            killed_fresh_install,
        ),
        (
            "killed_upgrade_leaves_a_recoverable_state_at_every_step",
            killed_upgrade,
        ),
        (
            "killed_recovery_leaves_a_recoverable_state_at_every_step",
            killed_recovery,
        ),
        (
            "sixteen_concurrent_installs_end_with_one_complete_cache",
            sixteen_concurrent_installs,
        ),
        (
            "a_read_only_home_gives_a_clear_error_and_keeps_the_cache",
            read_only_home,
        ),
    ];
    let filters: Vec<String> = env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    for (name, test) in tests {
        if filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str())) {
            test();
            println!("test {name} ... ok");
        }
    }
}

/// The child: install the embedded bundle into `$HOME_VAR`, print the outcome, exit 0 or 1.
fn child_main() -> ! {
    if let Some(start) = env::var(START_AT).ok().and_then(|v| v.parse::<u128>().ok()) {
        while now_ms() < start {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    let home = env::var_os(HOME).expect("home for the child");
    let result = install(
        &Layout::skilldeck(),
        Path::new(&home),
        &Bundle::builtin(),
        InstallOptions::default(),
    );
    match result {
        Ok(outcome) => {
            println!("outcome: {outcome:?}");
            std::process::exit(0);
        }
        Err(error) => {
            println!("error: {error}");
            std::process::exit(1);
        }
    }
}

fn now_ms() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis()
}

fn child(home: &Path) -> Command {
    let mut command = Command::new(env::current_exe().unwrap());
    command
        .env(CHILD, "1")
        .env(HOME, home)
        .env_remove(PAUSE_AT)
        .stdout(Stdio::piped());
    command
}

/// Runs a child that pauses at `step`. Returns true when it paused there (and was then killed
/// with SIGKILL), false when it finished without reaching that step.
fn kill_at(home: &Path, step: u32) -> bool {
    let mut running: Child = child(home).env(PAUSE_AT, step.to_string()).spawn().unwrap();
    let stdout = BufReader::new(running.stdout.take().unwrap());
    let mut paused = false;
    for line in stdout.lines() {
        let line = line.unwrap();
        if line.starts_with(&format!("{PAUSED}{step} ")) {
            paused = true;
            break;
        }
    }
    if paused {
        running.kill().unwrap(); // SIGKILL on Unix
    }
    let status = running.wait().unwrap();
    assert!(
        paused || status.success(),
        "child failed at step {step}: {status}"
    );
    paused
}

/// For every checkpoint N of the child's install: prepare a home, kill the child at N; the cache
/// must then be whole (old or new) or absent, and a normal install must end with a complete
/// cache. Returns how many checkpoints were hit.
fn kill_at_every_step(prepare: impl Fn(&Path)) -> u32 {
    let bundle = Bundle::builtin();
    let layout = Layout::skilldeck();
    let mut step = 1;
    loop {
        let home = tempfile::tempdir().unwrap();
        prepare(home.path());
        if !kill_at(home.path(), step) {
            assert_complete_cache(&layout, home.path(), &bundle);
            return step - 1;
        }
        // Whatever other processes see at the moment of the crash is a whole cache or none.
        let seen = status(&layout, home.path(), &bundle);
        assert!(
            seen == Status::Missing
                || seen == Status::UpToDate
                || status(&layout, home.path(), &old_bundle()) == Status::UpToDate,
            "a partial cache is visible after a kill at step {step}: {seen:?}"
        );
        install(&layout, home.path(), &bundle, InstallOptions::default())
            .unwrap_or_else(|e| panic!("install after a kill at step {step}: {e}"));
        assert_complete_cache(&layout, home.path(), &bundle);
        step += 1;
    }
}

fn require_hooks() -> bool {
    if !cfg!(debug_assertions) {
        println!("note: the pause hook exists only in debug builds; crash tests skipped");
    }
    cfg!(debug_assertions)
}

fn killed_fresh_install() {
    if require_hooks() {
        let steps = kill_at_every_step(|_| {});
        assert!(steps >= 20, "only {steps} checkpoints in a fresh install");
        println!("  killed at each of {steps} checkpoints of a fresh install");
    }
}

fn old_bundle() -> Bundle<'static> {
    Bundle::from_dir(tree(&[
        (
            "skill-creator/SKILL.md",
            "---\nname: skill-creator\ndescription: old\n---\n",
        ),
        (
            "retired/SKILL.md",
            "---\nname: retired\ndescription: gone\n---\n",
        ),
    ]))
}

fn killed_upgrade() {
    if require_hooks() {
        let steps = kill_at_every_step(|home| {
            install(
                &Layout::skilldeck(),
                home,
                &old_bundle(),
                InstallOptions::default(),
            )
            .unwrap();
        });
        assert!(steps >= 20, "only {steps} checkpoints in an upgrade");
        println!("  killed at each of {steps} checkpoints of an upgrade");
    }
}

fn killed_recovery() {
    if require_hooks() {
        let steps = kill_at_every_step(|home| {
            let layout = Layout::skilldeck();
            install(&layout, home, &old_bundle(), InstallOptions::default()).unwrap();
            let skills = layout.skills_dir(home);
            // An earlier upgrade died between its two renames, and another while staging.
            fs::rename(
                layout.system_cache_dir(home),
                skills.join(".system.trash-1-a"),
            )
            .unwrap();
            fs::create_dir_all(skills.join(".system.tmp-2-b/half")).unwrap();
        });
        assert!(
            steps >= 20,
            "only {steps} checkpoints in a recovering install"
        );
        println!("  killed at each of {steps} checkpoints of a recovering install");
    }
}

fn sixteen_concurrent_installs() {
    let home = tempfile::tempdir().unwrap();
    let start = (now_ms() + 300).to_string();
    let children: Vec<Child> = (0..16)
        .map(|_| child(home.path()).env(START_AT, &start).spawn().unwrap())
        .collect();
    let mut outcomes = Vec::new();
    for running in children {
        let output = running.wait_with_output().unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(
            output.status.success(),
            "a concurrent install failed: {text}"
        );
        outcomes.push(text.trim().to_owned());
    }
    let installed = format!("outcome: {:?}", InstallOutcome::Installed);
    let up_to_date = format!("outcome: {:?}", InstallOutcome::UpToDate);
    assert_eq!(
        outcomes.iter().filter(|o| **o == installed).count(),
        1,
        "{outcomes:?}"
    );
    assert_eq!(
        outcomes.iter().filter(|o| **o == up_to_date).count(),
        15,
        "{outcomes:?}"
    );
    assert_complete_cache(&Layout::skilldeck(), home.path(), &Bundle::builtin());
}

#[cfg(unix)]
fn read_only_home() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    use std::os::unix::process::CommandExt;

    let home = tempfile::tempdir().unwrap();
    let layout = Layout::skilldeck();
    let old = old_bundle();
    install(&layout, home.path(), &old, InstallOptions::default()).unwrap();
    let skills = layout.skills_dir(home.path());
    fs::remove_file(skills.join(".system.lock")).unwrap();
    fs::set_permissions(home.path(), fs::Permissions::from_mode(0o755)).unwrap();
    for dir in [home.path(), skills.as_path()] {
        fs::set_permissions(dir, fs::Permissions::from_mode(0o555)).unwrap();
    }
    let mut command = child(home.path());
    // Root ignores permission bits; the child then runs as `nobody`, for whom they apply.
    if fs::metadata(home.path()).unwrap().uid() == 0 {
        command.uid(65534).gid(65534);
    }
    let output = command.output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    fs::set_permissions(&skills, fs::Permissions::from_mode(0o755)).unwrap();
    fs::set_permissions(home.path(), fs::Permissions::from_mode(0o755)).unwrap();

    assert_eq!(output.status.code(), Some(1), "{text}");
    let lock = skills.join(".system.lock");
    assert_eq!(
        text.trim(),
        format!(
            "error: io error while opening the install lock {}: Permission denied (os error 13)",
            lock.display()
        )
    );
    // The cache that was there is untouched and still loads.
    assert_complete_cache(&layout, home.path(), &old);
}

#[cfg(not(unix))]
fn read_only_home() {}
