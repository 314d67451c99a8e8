//! Fixture trees and a runner for the built `skilldeck` binary.
//!
//! Every run gets a fresh temp dir `<T>` with `home/` (`HOME`), `tool-home/` (`SKILLDECK_HOME`
//! and `CODEX_HOME`), `admin/` (`--admin-dir`) and `repo/` (a git repository, `--cwd`), so the developer's
//! real home and `/etc` are never read. Outputs are normalised by replacing `<T>` with `[TMP]`.

#![allow(dead_code)] // each test file uses a different subset

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use tempfile::TempDir;

/// `/tmp` on Unix (never inside a git work tree, same length everywhere); elsewhere the
/// system's temp dir.
fn temp_base() -> PathBuf {
    if cfg!(unix) {
        PathBuf::from("/tmp")
    } else {
        std::env::temp_dir()
    }
}

/// A fixture: a temp dir laid out as described above.
pub struct Fixture {
    dir: TempDir,
}

/// What one run printed, normalised.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Fixture {
    pub fn new() -> Fixture {
        // A fixed base keeps every path the same length on every run (`/tmp/skilldeck-e2e-` +
        // 6 random characters), because path lengths enter the catalog budget.
        let dir = tempfile::Builder::new()
            .prefix("skilldeck-e2e-")
            .tempdir_in(temp_base())
            .expect("temp dir");
        let fixture = Fixture { dir };
        for sub in ["home", "tool-home", "admin", "repo/.git"] {
            fs::create_dir_all(fixture.path(sub)).expect("fixture dirs");
        }
        fs::write(fixture.path("repo/.git/HEAD"), "ref: refs/heads/main\n").expect("HEAD");
        fixture
    }

    /// `<T>/rel`.
    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    /// Writes `<T>/rel` (creating parents).
    pub fn write(&self, rel: &str, text: &str) -> &Fixture {
        let path = self.path(rel);
        fs::create_dir_all(path.parent().expect("parent")).expect("parents");
        fs::write(path, text).expect("write");
        self
    }

    /// Writes a skill `<T>/<dir>/<folder>/SKILL.md` with this name and description.
    pub fn skill(&self, dir: &str, folder: &str, name: &str, description: &str) -> &Fixture {
        self.write(
            &format!("{dir}/{folder}/SKILL.md"),
            &format!("---\nname: {name}\ndescription: {description}\n---\n\n# {name}\n\nSteps for {name}.\n"),
        )
    }

    /// Runs `skilldeck <global flags> <args>` with the fixture's homes and cwd.
    pub fn run(&self, args: &[&str]) -> Run {
        self.run_with_stdin(args, None)
    }

    /// The same with the codex profile.
    pub fn run_codex(&self, args: &[&str]) -> Run {
        let mut all = vec!["--profile", "codex"];
        all.extend_from_slice(args);
        self.run(&all)
    }

    pub fn run_with_stdin(&self, args: &[&str], stdin: Option<&str>) -> Run {
        let mut command = Command::new(env!("CARGO_BIN_EXE_skilldeck"));
        command
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.path("home"))
            .env("SKILLDECK_HOME", self.path("tool-home"))
            .env("CODEX_HOME", self.path("tool-home"))
            .env("NO_COLOR", "1")
            .arg("--cwd")
            .arg(self.path("repo"))
            .arg("--admin-dir")
            .arg(self.path("admin"))
            .args(args)
            .stdin(if stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().expect("spawn skilldeck");
        if let Some(text) = stdin {
            use std::io::Write as _;
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(text.as_bytes())
                .expect("write stdin");
        }
        let output: Output = child.wait_with_output().expect("wait");
        Run {
            code: output.status.code().expect("exit code"),
            stdout: self.normalise(&String::from_utf8_lossy(&output.stdout)),
            stderr: self.normalise(&String::from_utf8_lossy(&output.stderr)),
        }
    }

    /// Replaces the temp dir (as given and canonical) with `[TMP]`.
    pub fn normalise(&self, text: &str) -> String {
        let raw = self.dir.path().display().to_string();
        let canonical = dunce_canonical(self.dir.path());
        let mut out = text.replace(&canonical, "[TMP]");
        if raw != canonical {
            out = out.replace(&raw, "[TMP]");
        }
        out
    }

    /// Every file under `<T>/rel` with a digest of its contents (`dir/` for directories), to
    /// compare a tree before and after a run.
    pub fn tree(&self, rel: &str) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        walk(&self.path(rel), &self.path(rel), &mut out);
        out
    }
}

fn dunce_canonical(path: &Path) -> String {
    fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}

fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let rel = path
            .strip_prefix(base)
            .expect("below base")
            .display()
            .to_string();
        let meta = fs::symlink_metadata(&path).expect("metadata");
        if meta.is_dir() {
            out.insert(format!("{rel}/"), String::new());
            walk(base, &path, out);
        } else {
            let bytes = fs::read(&path).unwrap_or_default();
            out.insert(
                rel,
                format!("{} bytes, {:?}", bytes.len(), meta.modified().ok()),
            );
        }
    }
}
