//! The fixed vocabularies: runners, script extensions, readers.

use std::path::Path;

/// Programs that run a script (Codex's 10), matched on the base name, ASCII-lowercased, with a
/// trailing `.exe` removed.
pub const RUNNERS: [&str; 10] = [
    "python", "python3", "bash", "zsh", "sh", "node", "deno", "ruby", "perl", "pwsh",
];

/// Extra runners recognised in extended mode.
pub const EXTENDED_RUNNERS: [&str; 9] = [
    "bun",
    "tsx",
    "ts-node",
    "pypy",
    "dash",
    "ksh",
    "fish",
    "powershell",
    "python2",
];

/// Script extensions (Codex's 7), compared ASCII case-insensitively.
pub const SCRIPT_EXTENSIONS: [&str; 7] = [".py", ".sh", ".js", ".ts", ".rb", ".pl", ".ps1"];

/// Extra script extensions recognised in extended mode.
pub const EXTENDED_SCRIPT_EXTENSIONS: [&str; 6] = [".mjs", ".cjs", ".mts", ".cts", ".bash", ".zsh"];

/// Programs that read a file (Codex's 8), matched on the base name, ASCII-lowercased, without
/// `.exe` stripping.
pub const READERS: [&str; 8] = ["cat", "sed", "head", "tail", "less", "more", "bat", "awk"];

/// Extra readers recognised in extended mode (where `.exe` is stripped from readers too).
pub const EXTENDED_READERS: [&str; 3] = ["nl", "grep", "rg"];

/// The base name of a command token: its last path component (native separators), or the
/// token itself when it has none.
pub fn base_name(token: &str) -> &str {
    Path::new(token)
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or(token)
}

/// The runner a command token names, as Codex reads it (`/usr/bin/Python3.EXE` → `python3`).
pub fn codex_runner(token: &str) -> Option<&'static str> {
    let base = base_name(token).to_ascii_lowercase();
    let base = base.strip_suffix(".exe").unwrap_or(&base);
    RUNNERS.iter().copied().find(|runner| *runner == base)
}

/// The runner a command token names in extended mode: Codex's and the extra runners, also with
/// a version suffix (`python3.12`, `node18`, `perl5.36` → `python3`/`python`, `node`, `perl`).
pub fn extended_runner(token: &str) -> Option<&'static str> {
    let base = base_name(token).to_ascii_lowercase();
    let base = base.strip_suffix(".exe").unwrap_or(&base);
    let known = |name: &str| {
        RUNNERS
            .iter()
            .chain(EXTENDED_RUNNERS.iter())
            .copied()
            .find(|runner| *runner == name)
    };
    known(base).or_else(|| {
        let unversioned = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        if unversioned.len() == base.len() {
            return None;
        }
        // `python3.12` first tries `python3`, then `python`.
        let major = base[unversioned.len()..]
            .split('.')
            .next()
            .filter(|major| !major.is_empty());
        major
            .and_then(|major| known(&format!("{unversioned}{major}")))
            .or_else(|| known(unversioned))
    })
}

/// Whether `token` ends with one of Codex's script extensions (ASCII case-insensitive).
pub fn has_script_extension(token: &str, extended: bool) -> bool {
    let lower = token.to_ascii_lowercase();
    let extra: &[&str] = if extended {
        &EXTENDED_SCRIPT_EXTENSIONS
    } else {
        &[]
    };
    SCRIPT_EXTENSIONS
        .iter()
        .chain(extra)
        .any(|ext| lower.ends_with(ext))
}

/// Whether a command token names a reader.
pub fn is_reader(token: &str, extended: bool) -> bool {
    let base = base_name(token).to_ascii_lowercase();
    if !extended {
        return READERS.contains(&base.as_str());
    }
    let base = base.strip_suffix(".exe").unwrap_or(&base);
    READERS.contains(&base) || EXTENDED_READERS.contains(&base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codex_runner_strips_exe_and_case_but_not_versions() {
        assert_eq!(codex_runner("/usr/bin/Python3.EXE"), Some("python3"));
        assert_eq!(codex_runner("python3.12"), None);
        assert_eq!(codex_runner("uv"), None);
    }

    #[test]
    fn extended_runner_understands_versions() {
        assert_eq!(extended_runner("python3.12"), Some("python3"));
        assert_eq!(extended_runner("node18"), Some("node"));
        assert_eq!(extended_runner("perl5.36"), Some("perl"));
        assert_eq!(extended_runner("python2.7"), Some("python2"));
        assert_eq!(extended_runner("tsx"), Some("tsx"));
        assert_eq!(extended_runner("3.12"), None);
        assert_eq!(extended_runner("make"), None);
    }

    #[test]
    fn readers_strip_exe_only_in_extended_mode() {
        assert!(is_reader("/bin/CAT", false));
        assert!(!is_reader("cat.exe", false));
        assert!(is_reader("cat.exe", true));
        assert!(!is_reader("nl", false));
        assert!(is_reader("nl", true));
    }
}
