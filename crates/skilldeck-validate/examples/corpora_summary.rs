//! Prints (or updates in docs/validation.md) the per-rule-set × per-collection summary of
//! validating the public corpora in `shared/corpora`.
//!
//! ```text
//! cargo run -p skilldeck-validate --example corpora_summary                # print the table
//! cargo run -p skilldeck-validate --example corpora_summary -- --update docs/validation.md
//! ```
//! The shared folder is `$CARGO_MANIFEST_DIR/../../../shared`, else `/work/shared`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use skilldeck_validate::{Finding, RuleSet, skill_files, validate};

const BEGIN: &str = "<!-- corpora-summary:begin -->";
const END: &str = "<!-- corpora-summary:end -->";
const TOP_CODES: usize = 3;

fn shared_dir() -> Option<PathBuf> {
    let local = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared");
    [local, PathBuf::from("/work/shared")]
        .into_iter()
        .find(|p| p.join("corpora").is_dir())
}

fn collections(corpora: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(corpora)
        .map(|read| read.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    dirs.retain(|d| {
        d.is_dir()
            && !d
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('_'))
    });
    dirs.sort();
    dirs
}

/// One table row: files, files with errors, files with warnings, top codes.
fn row(files: usize, findings: &[Finding]) -> String {
    let with = |error: bool| -> usize {
        findings
            .iter()
            .filter(|f| f.is_error() == error)
            .map(|f| &f.path)
            .collect::<BTreeSet<_>>()
            .len()
    };
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for f in findings {
        *counts.entry(f.code).or_default() += 1;
    }
    let mut top: Vec<(&str, usize)> = counts.into_iter().collect();
    top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let top: Vec<String> = top
        .iter()
        .take(TOP_CODES)
        .map(|(code, n)| format!("`{code}` {n}"))
        .collect();
    format!(
        "{files} | {} | {} | {}",
        with(true),
        with(false),
        if top.is_empty() {
            "—".to_owned()
        } else {
            top.join(", ")
        }
    )
}

fn table(corpora: &Path) -> String {
    let mut out = String::from(
        "| rules | collection | files | files with errors | files with warnings | top codes (findings) |\n|---|---|---:|---:|---:|---|\n",
    );
    let collections = collections(corpora);
    for set in RuleSet::ALL {
        let mut all_findings = Vec::new();
        let mut all_files = 0;
        for collection in &collections {
            let name = collection
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let files = skill_files(std::slice::from_ref(collection)).len();
            let findings = validate(std::slice::from_ref(collection), &[set]);
            let _ = writeln!(out, "| {set} | {name} | {} |", row(files, &findings));
            all_files += files;
            all_findings.extend(findings);
        }
        let _ = writeln!(
            out,
            "| **{set}** | **all {}** | {} |",
            collections.len(),
            row(all_files, &all_findings)
        );
    }
    out
}

fn main() {
    let Some(shared) = shared_dir() else {
        eprintln!(
            "shared/corpora not found (looked at ../../../shared and /work/shared); nothing to summarise"
        );
        return;
    };
    let table = table(&shared.join("corpora"));
    let mut args = std::env::args().skip(1);
    match (args.next().as_deref(), args.next()) {
        (Some("--update"), Some(doc)) => {
            let text = std::fs::read_to_string(&doc).expect("read the doc to update");
            let (Some(begin), Some(end)) = (text.find(BEGIN), text.find(END)) else {
                panic!("{doc} has no {BEGIN} … {END} markers");
            };
            let updated = format!("{}{BEGIN}\n{table}{}", &text[..begin], &text[end..]);
            std::fs::write(&doc, updated).expect("write the doc");
        }
        _ => print!("{table}"),
    }
}
