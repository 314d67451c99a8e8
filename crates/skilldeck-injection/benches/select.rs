//! Selection cost for a large message against many skills (checks it is not mentions × skills).

use std::fmt::Write as _;

use divan::counter::BytesCount;
use divan::{Bencher, black_box};
use skilldeck_injection::{UserInput, select};
use skilldeck_model::{LoadOutcome, Scope, SkillMetadata};

fn main() {
    divan::main();
}

fn outcome(skills: usize) -> LoadOutcome {
    LoadOutcome {
        skills: (0..skills)
            .map(|i| {
                SkillMetadata::new(
                    format!("skill-{i}"),
                    "d",
                    format!("/r/skill-{i}/SKILL.md"),
                    Scope::REPO,
                )
            })
            .collect(),
        ..LoadOutcome::default()
    }
}

/// About 1 MiB of distinct mentions (plain and linked), most of them matching nothing.
fn message() -> String {
    let mut text = String::new();
    let mut i = 0;
    while text.len() < 1024 * 1024 {
        let _ = write!(text, "$name-{i} [$x](/r/skill-{i}/SKILL.md) ");
        i += 1;
    }
    text
}

#[divan::bench(args = [100, 1_000, 10_000])]
fn select_one_mib_message(bencher: Bencher<'_, '_>, skills: usize) {
    let outcome = outcome(skills);
    let inputs = [UserInput::text(message())];
    let UserInput::Text(text) = &inputs[0] else {
        unreachable!("built as text")
    };
    bencher
        .counter(BytesCount::of_str(text))
        .bench(|| select(black_box(&outcome), black_box(&inputs), &[], None));
}
