//! Throughput of the mention scanner on hostile and ordinary text (1 MiB each).

use divan::counter::BytesCount;
use divan::{Bencher, black_box};
use skilldeck_injection::extract_mentions;

const MIB: usize = 1024 * 1024;

fn main() {
    divan::main();
}

/// `$$$[$` repeated: every byte starts a candidate mention or link.
fn hostile() -> String {
    "$$$[$".repeat(MIB / 5)
}

/// Four times as much of the same: a linear scanner takes about four times as long.
fn hostile_4mib() -> String {
    "$$$[$".repeat(4 * MIB / 5)
}

/// Unclosed links with names: every `[` reaches the path search, none finds a `)`.
fn unclosed_links() -> String {
    "[$name](path ".repeat(MIB / 13)
}

/// Prose with a few mentions and links, as a user would type it.
fn ordinary() -> String {
    let paragraph = "Please use $pdf-forms to fill the attached form, then check it with \
                     [$reviewer](/home/me/.agents/skills/reviewer/SKILL.md). Costs are US$5 \
                     per page; see (notes) and [docs](https://example.invalid) for more.\n";
    paragraph.repeat(MIB / paragraph.len())
}

fn scan(bencher: Bencher<'_, '_>, text: &str) {
    bencher
        .counter(BytesCount::of_str(text))
        .bench(|| extract_mentions(black_box(text)));
}

#[divan::bench]
fn hostile_sigils_and_brackets(bencher: Bencher<'_, '_>) {
    scan(bencher, &hostile());
}

#[divan::bench]
fn hostile_unclosed_links(bencher: Bencher<'_, '_>) {
    scan(bencher, &unclosed_links());
}

#[divan::bench]
fn ordinary_prose(bencher: Bencher<'_, '_>) {
    scan(bencher, &ordinary());
}

#[divan::bench]
fn hostile_sigils_and_brackets_4mib(bencher: Bencher<'_, '_>) {
    scan(bencher, &hostile_4mib());
}

/// Baseline: the cheapest possible pass over the same prose (count the sigils). The scanner's
/// cost is reported as a ratio to this.
#[divan::bench]
fn baseline_count_sigils_in_prose(bencher: Bencher<'_, '_>) {
    let text = ordinary();
    bencher.counter(BytesCount::of_str(&text)).bench(|| {
        black_box(text.as_str())
            .bytes()
            .filter(|&b| b == b'$')
            .count()
    });
}
