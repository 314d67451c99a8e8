//! Front-matter extraction (spec §5.2). STUB: signatures agreed between the loader helpers.

/// The front-matter text (lines between the `---` delimiters joined with `\n`), or `None`.
pub fn extract_frontmatter(text: &str) -> Option<String> {
    let _ = text;
    None
}

/// Whether a bounded prefix of a file already holds a complete front matter, so the rest of
/// the file need not be read.
pub fn prefix_has_complete_frontmatter(prefix: &str) -> bool {
    let _ = prefix;
    false
}
