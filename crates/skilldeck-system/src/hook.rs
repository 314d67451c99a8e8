//! Test-only fault injection: in debug builds, `SKILLDECK_SYSTEM_PAUSE_AT=N` makes the N-th
//! checkpoint of a process announce itself on stdout and sleep forever, so a test can kill the
//! process with SIGKILL at exactly that point. Release builds compile this to nothing.

/// Marks a point at which a crash must leave a recoverable state.
#[cfg(debug_assertions)]
pub(crate) fn checkpoint(label: &str) {
    use std::io::Write;
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicU32, Ordering};

    static PAUSE_AT: OnceLock<Option<u32>> = OnceLock::new();
    static STEP: AtomicU32 = AtomicU32::new(0);

    let pause_at = *PAUSE_AT.get_or_init(|| {
        std::env::var("SKILLDECK_SYSTEM_PAUSE_AT")
            .ok()
            .and_then(|value| value.parse().ok())
    });
    let Some(pause_at) = pause_at else {
        return;
    };
    let step = STEP.fetch_add(1, Ordering::SeqCst) + 1;
    if step == pause_at {
        let mut stdout = std::io::stdout().lock();
        // The test waits for this exact line before it kills the process.
        let _ = writeln!(stdout, "skilldeck-system: paused at step {step} ({label})");
        let _ = stdout.flush();
        loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
    }
}

/// Marks a point at which a crash must leave a recoverable state.
#[cfg(not(debug_assertions))]
#[inline]
pub(crate) fn checkpoint(_label: &str) {}
