//! The README's "Use it from your harness" snippet is the facade's doctest, line for line, so
//! the README cannot show code that does not compile and run.

use std::path::Path;

fn readme_snippet(readme: &str) -> Vec<String> {
    let section = readme
        .split("## Use it from your harness")
        .nth(1)
        .expect("README has the harness section");
    let block = section
        .split("```rust\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a rust block");
    block.lines().map(str::to_owned).collect()
}

fn doctest_snippet(lib: &str) -> Vec<String> {
    let section = lib
        .split("//! # Use it from your harness")
        .nth(1)
        .expect("lib.rs has the harness section");
    let block = section.split("//! ```\n").nth(1).expect("a doctest");
    block
        .lines()
        .take_while(|line| *line != "//! ```")
        .map(|line| line.strip_prefix("//!").unwrap_or(line))
        .map(|line| line.strip_prefix(' ').unwrap_or(line))
        .filter(|line| !line.starts_with("# ") && *line != "#")
        .map(str::to_owned)
        .collect()
}

#[test]
fn readme_harness_snippet_is_the_doctest() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let lib = std::fs::read_to_string(root.join("crates/skilldeck/src/lib.rs")).unwrap();
    let snippet = readme_snippet(&readme);
    assert!(snippet.len() <= 15, "the README promises at most 15 lines");
    assert_eq!(snippet, doctest_snippet(&lib));
}
