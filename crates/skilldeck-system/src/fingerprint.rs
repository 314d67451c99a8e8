//! The fingerprint of a tree of files. Shared verbatim by `build.rs` (which fingerprints the
//! bundled tree at build time) and the library (which fingerprints trees handed in at run time),
//! so both always agree. Uses only `std` and `sha2`.

use sha2::{Digest, Sha256};

/// Domain tag hashed first, so a change of this algorithm changes every fingerprint.
const DOMAIN: &[u8] = b"skilldeck-system-skills-fingerprint-v1";

/// One entry of a tree: its path relative to the tree's root, with `/` separators, and its
/// content (`None` for a directory).
pub(crate) struct Item<'a> {
    pub(crate) path: String,
    pub(crate) content: Option<&'a [u8]>,
}

/// SHA-256 over the items sorted by path, each as length-prefixed (path, kind, content) fields,
/// in lowercase hex. Stable across Rust releases and platforms.
pub(crate) fn fingerprint(mut items: Vec<Item<'_>>) -> String {
    items.sort_by(|a, b| a.path.cmp(&b.path));
    let mut hasher = Sha256::new();
    field(&mut hasher, DOMAIN);
    for item in &items {
        field(&mut hasher, item.path.as_bytes());
        match item.content {
            None => field(&mut hasher, b"dir"),
            Some(content) => {
                field(&mut hasher, b"file");
                field(&mut hasher, content);
            }
        }
    }
    let mut hex = String::with_capacity(64);
    for byte in hasher.finalize() {
        hex.push(char::from(HEX[usize::from(byte >> 4)]));
        hex.push(char::from(HEX[usize::from(byte & 0x0f)]));
    }
    hex
}

const HEX: &[u8; 16] = b"0123456789abcdef";

fn field(hasher: &mut Sha256, bytes: &[u8]) {
    hasher.update((bytes.len() as u64).to_le_bytes());
    hasher.update(bytes);
}
