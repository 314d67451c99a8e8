//! The start-up cost of the bundled skills: the up-to-date check that every process runs.
//! Baseline: reading the marker file alone, the least any check must do.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use skilldeck_model::Layout;
use skilldeck_system::{Bundle, InstallOptions, InstallOutcome, Status, install, status};

fn main() {
    divan::main();
}

/// A home with the embedded bundle installed, shared by all benches.
fn home() -> &'static Path {
    static HOME: OnceLock<PathBuf> = OnceLock::new();
    HOME.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir").keep();
        install(
            &Layout::skilldeck(),
            &dir,
            &Bundle::builtin(),
            InstallOptions::default(),
        )
        .expect("install");
        dir
    })
}

#[divan::bench]
fn baseline_read_marker() -> Vec<u8> {
    std::fs::read(Layout::skilldeck().marker_path(home())).expect("marker")
}

#[divan::bench]
fn status_when_up_to_date() -> Status {
    status(&Layout::skilldeck(), home(), &Bundle::builtin())
}

#[divan::bench]
fn install_when_up_to_date() -> InstallOutcome {
    let outcome = install(
        &Layout::skilldeck(),
        home(),
        &Bundle::builtin(),
        InstallOptions::default(),
    )
    .expect("install");
    assert_eq!(outcome, InstallOutcome::UpToDate);
    outcome
}
