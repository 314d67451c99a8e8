//! The `claude` rule set, one behaviour per test.
mod common;

use common::{codes, findings, only, skill};
use pretty_assertions::assert_eq;
use skilldeck_model::Severity;
use skilldeck_validate::RuleSet;

const CLAUDE: RuleSet = RuleSet::Claude;
const NONE: [&str; 0] = [];

#[test]
fn claude_code_fields_of_the_right_types_pass() {
    let text = skill(
        "name: my-skill\ndescription: d\nwhen_to_use: when asked\nargument-hint: '[file]'\n\
         disable-model-invocation: true\nuser-invocable: false\nallowed-tools: [Read, Grep]\nmodel: sonnet\n\
         context: fork\nagent: Explore\nhooks:\n  PreToolUse: []\npaths: 'src/**'\nlicense: MIT\nversion: 1.0\n\
         metadata:\n  a: b\neffort: high\nshell: bash",
    );
    assert_eq!(codes(&text, CLAUDE), NONE);
}

#[test]
fn unknown_key_is_a_warning() {
    let f = only(
        &findings(&skill("name: my-skill\ndescription: d\ntags: [a]"), CLAUDE),
        "claude/unknown-key",
    );
    assert_eq!((f.severity, f.line), (Severity::Warning, Some(4)));
}

#[test]
fn quoted_boolean_is_the_wrong_type_with_a_hint() {
    let f = only(
        &findings(
            &skill("name: my-skill\ndescription: d\ndisable-model-invocation: 'True'"),
            CLAUDE,
        ),
        "claude/wrong-type",
    );
    assert_eq!(
        f.hint.as_deref(),
        Some("write it unquoted: disable-model-invocation: true")
    );
}

#[test]
fn allowed_tools_may_be_a_string() {
    assert_eq!(
        codes(
            &skill("name: my-skill\ndescription: d\nallowed-tools: Read Grep"),
            CLAUDE
        ),
        NONE
    );
}

#[test]
fn allowed_tools_mapping_is_the_wrong_type() {
    assert_eq!(
        codes(
            &skill("name: my-skill\ndescription: d\nallowed-tools: {a: b}"),
            CLAUDE
        ),
        ["claude/wrong-type"]
    );
}

#[test]
fn hooks_must_be_a_mapping() {
    assert_eq!(
        codes(
            &skill("name: my-skill\ndescription: d\nhooks: run.sh"),
            CLAUDE
        ),
        ["claude/wrong-type"]
    );
}

#[test]
fn context_other_than_fork_warns() {
    assert_eq!(
        codes(
            &skill("name: my-skill\ndescription: d\ncontext: isolated"),
            CLAUDE
        ),
        ["claude/unknown-context"]
    );
}

#[test]
fn agent_without_fork_warns() {
    assert_eq!(
        codes(
            &skill("name: my-skill\ndescription: d\nagent: Explore"),
            CLAUDE
        ),
        ["claude/agent-without-fork"]
    );
}

#[test]
fn long_description_and_when_to_use_warn_about_the_listing_cap() {
    let text = skill(&format!(
        "name: my-skill\ndescription: {}\nwhen_to_use: {}",
        "d".repeat(1000),
        "w".repeat(537)
    ));
    assert_eq!(codes(&text, CLAUDE), ["claude/listing-truncated"]);
}

#[test]
fn missing_description_warns() {
    assert_eq!(
        codes(&skill("name: my-skill"), CLAUDE),
        ["claude/missing-description"]
    );
}

#[test]
fn uppercase_name_warns() {
    assert_eq!(
        codes(&skill("name: My Skill\ndescription: d"), CLAUDE),
        ["claude/name-charset"]
    );
}

#[test]
fn invalid_yaml_is_an_error() {
    assert_eq!(
        codes(&skill("name: my-skill\ndescription: a: b"), CLAUDE),
        ["claude/invalid-yaml"]
    );
}

#[test]
fn missing_front_matter_is_a_warning() {
    let f = only(&findings("# Title\n", CLAUDE), "claude/missing-frontmatter");
    assert_eq!(f.severity, Severity::Warning);
}

#[test]
fn bracketed_argument_hint_is_a_list_and_the_hint_quotes_it() {
    let f = only(
        &findings(
            &skill("name: my-skill\ndescription: d\nargument-hint: [optional: date]"),
            CLAUDE,
        ),
        "claude/wrong-type",
    );
    assert_eq!(
        f.hint.as_deref(),
        Some("quote the value: argument-hint: \"[optional: date]\"")
    );
}
