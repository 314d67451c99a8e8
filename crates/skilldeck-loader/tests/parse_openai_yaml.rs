//! `parse_openai_yaml` against spec §6 / §13.5 and errata §5 (cases 6.a–6.p at the parse level).
use std::path::{Path, PathBuf};

use skilldeck_loader::parse::{OpenAiMetadata, parse_openai_yaml};
use skilldeck_model::{Diagnostic, Product, SkillPolicy, SkillToolDependency};

const SKILL_DIR: &str = "/r/skills/iface";

fn parse(text: &str) -> (OpenAiMetadata, Vec<Diagnostic>) {
    parse_openai_yaml(text, Path::new(SKILL_DIR), None)
}

fn meta(text: &str) -> OpenAiMetadata {
    parse(text).0
}

fn messages(text: &str) -> Vec<String> {
    parse(text).1.into_iter().map(|d| d.message).collect()
}

fn in_skill(relative: &str) -> PathBuf {
    Path::new(SKILL_DIR).join(relative)
}

fn assert_discarded(text: &str) {
    let (metadata, diagnostics) = parse(text);
    assert_eq!(metadata, OpenAiMetadata::default(), "{text}");
    assert_eq!(diagnostics.len(), 1, "{text}");
    assert!(
        diagnostics[0]
            .message
            .starts_with("ignoring /r/skills/iface/agents/openai.yaml: invalid openai.yaml: "),
        "{}",
        diagnostics[0].message
    );
}

// ---- policy (6.a–6.g, 13.5 #53–55) -----------------------------------------------------------

#[test]
fn policy_false_is_stored() {
    let policy = meta("policy:\n  allow_implicit_invocation: false").policy;
    assert_eq!(
        policy,
        Some(SkillPolicy {
            allow_implicit_invocation: Some(false),
            products: vec![],
        })
    );
}

#[test]
fn empty_policy_is_present_with_defaults() {
    assert_eq!(meta("policy: {}").policy, Some(SkillPolicy::default()));
}

#[test]
fn null_policy_is_absent() {
    assert_eq!(meta("policy:").policy, None);
}

#[test]
fn empty_products_list_is_kept_empty() {
    assert_eq!(
        meta("policy:\n  products: []").policy,
        Some(SkillPolicy::default())
    );
}

#[test]
fn products_accept_lowercase_and_capitals() {
    let policy = meta("policy:\n  products: [codex, CHATGPT, atlas]").policy;
    assert_eq!(
        policy.map(|p| p.products),
        Some(vec![Product::Codex, Product::Chatgpt, Product::Atlas])
    );
}

#[test]
fn misspelt_product_discards_the_whole_file() {
    assert_discarded(
        "interface:\n  display_name: Kept?\npolicy: {allow_implicit_invocation: false, products: [Codex]}",
    );
}

#[test]
fn unknown_product_discards_the_whole_file() {
    assert_discarded("policy:\n  products: [claude]");
}

#[test]
fn yaml_syntax_error_discards_the_whole_file() {
    assert_discarded("interface: [unclosed\npolicy:\n  allow_implicit_invocation: false");
}

#[test]
fn string_for_boolean_discards_the_whole_file() {
    assert_discarded("policy:\n  allow_implicit_invocation: 'no'");
}

#[test]
fn list_for_string_discards_the_whole_file() {
    assert_discarded("interface:\n  display_name: [a]");
}

#[test]
fn discard_diagnostic_carries_the_yaml_error_and_path() {
    let (_, diagnostics) = parse("policy:\n  allow_implicit_invocation: 'no'");
    assert_eq!(
        diagnostics[0].message,
        "ignoring /r/skills/iface/agents/openai.yaml: invalid openai.yaml: policy.allow_implicit_invocation: invalid type: string \"no\", expected a boolean at line 2 column 30"
    );
    assert_eq!(
        diagnostics[0].path.as_deref(),
        Some(Path::new("/r/skills/iface/agents/openai.yaml"))
    );
}

// ---- JSON, empty, unknown keys (6.h, 6.i, 6.p) -----------------------------------------------

#[test]
fn json_document_is_accepted() {
    let metadata = meta(
        r#"{"interface": {"display_name": "Json Skill"}, "policy": {"allow_implicit_invocation": false}}"#,
    );
    assert_eq!(
        metadata.interface.and_then(|i| i.display_name).as_deref(),
        Some("Json Skill")
    );
    assert_eq!(
        metadata.policy.and_then(|p| p.allow_implicit_invocation),
        Some(false)
    );
}

#[test]
fn empty_file_is_ignored_silently() {
    assert_eq!(parse(""), (OpenAiMetadata::default(), vec![]));
    assert_eq!(
        parse("# only a comment\n"),
        (OpenAiMetadata::default(), vec![])
    );
}

#[test]
fn unknown_keys_are_ignored() {
    let (metadata, diagnostics) =
        parse("foo: bar\ninterface:\n  bogus: 1\n  display_name: Known\nextra: [1, 2]");
    assert_eq!(
        metadata.interface.and_then(|i| i.display_name).as_deref(),
        Some("Known")
    );
    assert!(diagnostics.is_empty());
}

// ---- interface (6.j–6.m, 13.5 #52, #56–59) ---------------------------------------------------

#[test]
fn full_interface_is_normalised() {
    let interface = meta(
        "interface:\n  display_name: '  Full   Skill '\n  short_description: '  short    desc   '\n  icon_small: ./assets/small.png\n  icon_large: assets/large.svg\n  brand_color: '#3b82F6'\n  default_prompt: |\n    Use $iface-full\n    now\n",
    )
    .interface
    .expect("interface");
    assert_eq!(interface.display_name.as_deref(), Some("Full Skill"));
    assert_eq!(interface.short_description.as_deref(), Some("short desc"));
    assert_eq!(interface.icon_small, Some(in_skill("assets/small.png")));
    assert_eq!(interface.icon_large, Some(in_skill("assets/large.svg")));
    assert_eq!(interface.brand_color.as_deref(), Some("#3b82F6"));
    assert_eq!(
        interface.default_prompt.as_deref(),
        Some("Use $iface-full now")
    );
}

#[test]
fn invalid_fields_are_dropped_one_by_one() {
    let text = format!(
        "interface:\n  display_name: {}\n  brand_color: blue\n  icon_small: icon.png\n  icon_large: ./assets/../logo.svg\n  short_description: ok short",
        "d".repeat(65)
    );
    let (metadata, diagnostics) = parse(&text);
    let interface = metadata.interface.expect("interface");
    assert_eq!(interface.short_description.as_deref(), Some("ok short"));
    assert_eq!(interface.display_name, None);
    assert_eq!(interface.brand_color, None);
    assert_eq!(interface.icon_small, None);
    assert_eq!(interface.icon_large, None);
    let messages: Vec<_> = diagnostics.into_iter().map(|d| d.message).collect();
    assert_eq!(
        messages,
        [
            "ignoring interface.display_name: exceeds maximum length of 64 characters",
            "ignoring interface.icon_small: icon path must be under assets/",
            "ignoring interface.icon_large: icon path must not contain '..'",
            "ignoring interface.brand_color: expected #RRGGBB, got blue",
        ]
    );
}

#[test]
fn limits_are_inclusive_and_colour_is_trimmed() {
    let text = format!(
        "interface:\n  display_name: {}\n  short_description: {}\n  default_prompt: {}\n  brand_color: '#ABCDEF '",
        "d".repeat(64),
        "s".repeat(1025),
        "p".repeat(1024)
    );
    let interface = meta(&text).interface.expect("interface");
    assert_eq!(interface.display_name, Some("d".repeat(64)));
    assert_eq!(interface.short_description, None);
    assert_eq!(interface.default_prompt, Some("p".repeat(1024)));
    assert_eq!(interface.brand_color.as_deref(), Some("#ABCDEF"));
}

#[test]
fn limits_count_characters_not_bytes() {
    let text = format!("interface:\n  display_name: {}", "é".repeat(64));
    assert_eq!(
        meta(&text).interface.and_then(|i| i.display_name),
        Some("é".repeat(64))
    );
}

#[test]
fn overlong_default_prompt_is_dropped_and_others_kept() {
    let text = format!(
        "interface:\n  display_name: Kept\n  default_prompt: {}",
        "p".repeat(1025)
    );
    let interface = meta(&text).interface.expect("interface");
    assert_eq!(interface.default_prompt, None);
    assert_eq!(interface.display_name.as_deref(), Some("Kept"));
}

#[test]
fn interface_with_only_invalid_fields_collapses() {
    assert_eq!(meta("interface:\n  brand_color: blue").interface, None);
    assert_eq!(
        meta("interface:\n  brand_color: blue\n  icon_small: /abs/icon.png").interface,
        None
    );
    assert_eq!(meta("interface: {}").interface, None);
}

#[test]
fn only_invalid_colour_logs_but_is_not_an_error() {
    assert_eq!(
        messages("interface:\n  brand_color: blue"),
        ["ignoring interface.brand_color: expected #RRGGBB, got blue"]
    );
}

#[test]
fn brand_color_needs_exactly_six_hex_digits() {
    for bad in [
        "'#12345'",
        "'#1234567'",
        "'#GGGGGG'",
        "'123456#'",
        "'#12345é'",
    ] {
        assert_eq!(
            meta(&format!("interface:\n  brand_color: {bad}")).interface,
            None,
            "{bad}"
        );
    }
}

#[test]
fn blank_brand_color_is_empty() {
    assert_eq!(
        messages("interface:\n  brand_color: '  '"),
        ["ignoring interface.brand_color: value is empty"]
    );
}

#[test]
fn blank_text_field_is_empty() {
    assert_eq!(
        messages("interface:\n  display_name: ' '"),
        ["ignoring interface.display_name: value is empty"]
    );
}

#[test]
fn scalar_fields_take_their_source_text() {
    let interface = meta("interface:\n  display_name: 1.50\n  short_description: true")
        .interface
        .expect("interface");
    assert_eq!(interface.display_name.as_deref(), Some("1.50"));
    assert_eq!(interface.short_description.as_deref(), Some("true"));
}

#[test]
fn both_icon_spellings_under_assets_are_accepted() {
    let interface =
        meta("interface:\n  icon_small: assets/icon.png\n  icon_large: ./assets/logo.svg")
            .interface
            .expect("interface");
    assert_eq!(interface.icon_small, Some(in_skill("assets/icon.png")));
    assert_eq!(interface.icon_large, Some(in_skill("assets/logo.svg")));
}

#[test]
fn empty_icon_path_is_dropped_silently() {
    let (metadata, diagnostics) = parse("interface:\n  icon_small: ''\n  display_name: x");
    assert_eq!(metadata.interface.and_then(|i| i.icon_small), None);
    assert!(diagnostics.is_empty());
}

#[test]
fn absolute_icon_path_is_dropped() {
    assert_eq!(
        messages("interface:\n  icon_small: /abs/icon.png"),
        [
            "ignoring interface.icon_small: icon must be a relative assets path (not /r/skills/iface/assets)"
        ]
    );
}

#[test]
fn icon_path_must_begin_with_assets() {
    assert_eq!(
        messages("interface:\n  icon_small: img/assets/icon.png"),
        ["ignoring interface.icon_small: icon path must be under assets/"]
    );
}

#[test]
fn plugin_icons_may_climb_into_plugin_assets() {
    let skill_dir = Path::new("/p/plug/skills/x");
    let (metadata, diagnostics) = parse_openai_yaml(
        "interface:\n  icon_small: ../../assets/logo.svg\n  icon_large: ../../assets/logo.svg",
        skill_dir,
        Some(Path::new("/p/plug")),
    );
    let interface = metadata.interface.expect("interface");
    assert_eq!(
        interface.icon_small.as_deref(),
        Some(Path::new("/p/plug/assets/logo.svg"))
    );
    assert_eq!(
        interface.icon_large.as_deref(),
        Some(Path::new("/p/plug/assets/logo.svg"))
    );
    assert!(diagnostics.is_empty());
}

#[test]
fn plugin_icons_outside_plugin_assets_are_dropped() {
    let (metadata, diagnostics) = parse_openai_yaml(
        "interface:\n  icon_small: ../../other/logo.svg",
        Path::new("/p/plug/skills/x"),
        Some(Path::new("/p/plug")),
    );
    assert_eq!(metadata.interface, None);
    assert_eq!(
        diagnostics[0].message,
        "ignoring interface.icon_small: icon path with '..' must resolve under plugin assets/"
    );
}

#[test]
fn plugin_root_does_not_change_plain_icon_rules() {
    let (metadata, _) = parse_openai_yaml(
        "interface:\n  icon_small: assets/a.png\n  icon_large: icon.png",
        Path::new("/p/plug/skills/x"),
        Some(Path::new("/p/plug")),
    );
    let interface = metadata.interface.expect("interface");
    assert_eq!(
        interface.icon_small.as_deref(),
        Some(Path::new("/p/plug/skills/x/assets/a.png"))
    );
    assert_eq!(interface.icon_large, None);
}

// ---- dependencies (6.n, 6.o, 13.5 #51) -------------------------------------------------------

fn tool(kind: &str, value: &str) -> SkillToolDependency {
    SkillToolDependency {
        kind: kind.to_owned(),
        value: value.to_owned(),
        ..SkillToolDependency::default()
    }
}

#[test]
fn invalid_tools_are_dropped_one_by_one() {
    let text = "dependencies:\n  tools:\n    - type: mcp\n      value: github\n      description: '  GitHub   MCP '\n      transport: streamable_http\n      url: https://example.invalid/mcp\n    - {type: env_var, value: API_TOKEN}\n    - {type: cli}\n    - {value: no-type}\n    - {type: cli, value: gh, command: gh}\n    - {type: '', value: empty-type}\n";
    let (metadata, diagnostics) = parse(text);
    let tools = metadata.dependencies.expect("dependencies").tools;
    assert_eq!(
        tools,
        [
            SkillToolDependency {
                description: Some("GitHub MCP".to_owned()),
                transport: Some("streamable_http".to_owned()),
                url: Some("https://example.invalid/mcp".to_owned()),
                ..tool("mcp", "github")
            },
            tool("env_var", "API_TOKEN"),
            SkillToolDependency {
                command: Some("gh".to_owned()),
                ..tool("cli", "gh")
            },
        ]
    );
    let messages: Vec<_> = diagnostics.into_iter().map(|d| d.message).collect();
    assert_eq!(
        messages,
        [
            "ignoring dependencies.tools.value: value is missing",
            "ignoring dependencies.tools.type: value is missing",
            "ignoring dependencies.tools.type: value is empty",
        ]
    );
}

#[test]
fn json_dependencies_keep_order() {
    let text = r#"{"dependencies": {"tools": [
        {"type": "mcp", "value": "a", "transport": "streamable_http", "url": "https://x"},
        {"type": "cli", "value": "b"},
        {"type": "mcp", "value": "c", "transport": "stdio", "command": "run-c"}]}}"#;
    let tools = meta(text).dependencies.expect("dependencies").tools;
    let values: Vec<_> = tools.iter().map(|t| t.value.as_str()).collect();
    assert_eq!(values, ["a", "b", "c"]);
    assert_eq!(tools[1], tool("cli", "b"));
}

#[test]
fn only_invalid_tools_leave_no_dependencies() {
    assert_eq!(
        meta("dependencies:\n  tools:\n    - {type: cli}\n    - {value: x}").dependencies,
        None
    );
    assert_eq!(meta("dependencies: {}").dependencies, None);
}

#[test]
fn dependency_limits_apply_per_field() {
    let text = format!(
        "dependencies:\n  tools:\n    - {{type: {}, value: a}}\n    - {{type: t, value: {}}}\n    - {{type: t, value: ok, transport: {}, url: {}}}",
        "t".repeat(65),
        "v".repeat(1025),
        "x".repeat(65),
        "u".repeat(1024)
    );
    let (metadata, diagnostics) = parse(&text);
    let tools = metadata.dependencies.expect("dependencies").tools;
    assert_eq!(
        tools,
        [SkillToolDependency {
            url: Some("u".repeat(1024)),
            ..tool("t", "ok")
        }]
    );
    let messages: Vec<_> = diagnostics.into_iter().map(|d| d.message).collect();
    assert_eq!(
        messages,
        [
            "ignoring dependencies.tools.type: exceeds maximum length of 64 characters",
            "ignoring dependencies.tools.value: exceeds maximum length of 1024 characters",
            "ignoring dependencies.tools.transport: exceeds maximum length of 64 characters",
        ]
    );
}

#[test]
fn all_three_sections_load_together() {
    let metadata = meta(
        "interface:\n  display_name: D\ndependencies:\n  tools:\n    - {type: cli, value: gh}\npolicy:\n  allow_implicit_invocation: true",
    );
    assert!(metadata.interface.is_some());
    assert!(metadata.dependencies.is_some());
    assert_eq!(
        metadata.policy.and_then(|p| p.allow_implicit_invocation),
        Some(true)
    );
}
