//! Whole-process measurements: a program started N times with a controlled environment.
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A command line plus the environment it runs in (nothing else is inherited but `PATH`).
#[derive(Clone, Debug)]
pub struct Invocation {
    /// The executable.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// Environment variables set on top of a cleared environment (plus `PATH`).
    pub env: Vec<(OsString, OsString)>,
}

impl Invocation {
    /// `program` with no arguments and an empty environment.
    pub fn new(program: impl Into<PathBuf>) -> Invocation {
        Invocation {
            program: program.into(),
            args: Vec::new(),
            env: Vec::new(),
        }
    }

    /// Adds arguments.
    #[must_use]
    pub fn args<I, S>(mut self, args: I) -> Invocation
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Sets an environment variable.
    #[must_use]
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Invocation {
        self.env.push((key.into(), value.into()));
        self
    }

    fn command(&self, program: &Path) -> Command {
        let mut command = Command::new(program);
        command.env_clear();
        if let Some(path) = std::env::var_os("PATH") {
            command.env("PATH", path);
        }
        command.envs(self.env.iter().map(|(k, v)| (k, v)));
        command
    }

    /// Runs once and returns standard output; an error when the exit status is not success.
    pub fn output(&self) -> io::Result<Vec<u8>> {
        let output = self
            .command(&self.program)
            .args(&self.args)
            .stderr(Stdio::null())
            .output()?;
        if !output.status.success() {
            return Err(io::Error::other(format!(
                "{} exited with {}",
                self.program.display(),
                output.status
            )));
        }
        Ok(output.stdout)
    }

    /// Wall-clock time of `runs` complete runs (spawn to exit, output discarded) after `warmup`
    /// unmeasured ones.
    pub fn time(&self, warmup: usize, runs: usize) -> io::Result<Vec<Duration>> {
        let run = || -> io::Result<Duration> {
            let start = Instant::now();
            let status = self
                .command(&self.program)
                .args(&self.args)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()?;
            let elapsed = start.elapsed();
            if status.success() {
                Ok(elapsed)
            } else {
                Err(io::Error::other(format!(
                    "{} exited with {status}",
                    self.program.display()
                )))
            }
        };
        for _ in 0..warmup {
            run()?;
        }
        (0..runs).map(|_| run()).collect()
    }

    /// Peak resident set size of one run in KiB, measured by `/usr/bin/time` (GNU time's `%M`,
    /// the child's `ru_maxrss`); `None` when that tool is not installed or the run fails.
    pub fn peak_rss_kib(&self) -> Option<u64> {
        let time = Path::new("/usr/bin/time");
        if !time.is_file() {
            return None;
        }
        let output = self
            .command(time)
            .arg("-f")
            .arg("peak-rss-kib=%M")
            .arg(&self.program)
            .args(&self.args)
            .stdout(Stdio::null())
            .output()
            .ok()?;
        if !output.status.success() {
            return None;
        }
        String::from_utf8_lossy(&output.stderr)
            .lines()
            .rev()
            .find_map(|line| line.strip_prefix("peak-rss-kib=")?.trim().parse().ok())
    }
}
