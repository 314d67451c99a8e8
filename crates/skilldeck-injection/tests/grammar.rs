//! The mention grammar: spec §13.8 items 92–99 and errata 9.a, plus a reference scanner.

use proptest::prelude::*;
use skilldeck_injection::{Mentions, extract_mentions};

fn plain(text: &str) -> Vec<String> {
    extract_mentions(text).plain_names
}

#[test]
fn mention_ends_at_punctuation_and_whitespace() {
    for text in [
        "use $notion-research-doc please",
        "($notion-research-doc)",
        "$notion-research-doc.",
    ] {
        assert_eq!(plain(text), ["notion-research-doc"], "{text}");
    }
}

#[test]
fn longer_runs_are_other_names() {
    assert_eq!(plain("$notion-research-docs"), ["notion-research-docs"]);
    assert_eq!(
        plain("$notion-research-doc_extra"),
        ["notion-research-doc_extra"]
    );
}

#[test]
fn mention_at_end_of_text_and_later_repeat() {
    assert_eq!(plain("x $alpha-skill"), ["alpha-skill"]);
    assert_eq!(
        plain("$alpha-skillx then $alpha-skill "),
        ["alpha-skillx", "alpha-skill"]
    );
}

#[test]
fn long_run_of_sigils_mentions_nothing() {
    let text = format!("{} not-a-mention", "$".repeat(256));
    assert_eq!(extract_mentions(&text), Mentions::default());
}

#[test]
fn plain_and_linked_mentions_fill_their_sets() {
    let m = extract_mentions("use $alpha and [$beta](/tmp/beta)");
    assert_eq!(m.names, ["alpha", "beta"]);
    assert_eq!(m.plain_names, ["alpha"]);
    assert_eq!(m.paths, ["/tmp/beta"]);
}

#[test]
fn environment_variable_names_are_ignored_in_any_case() {
    assert_eq!(extract_mentions("use $PATH and $alpha").names, ["alpha"]);
    assert_eq!(
        extract_mentions("$XDG_CONFIG_HOME and $beta").names,
        ["beta"]
    );
    assert_eq!(
        plain(
            "$HOME $home $Path $user $Shell $pwd $TMPDIR $temp $tmp $lang $term $xdg_config_home $ok"
        ),
        ["ok"]
    );
}

#[test]
fn linked_environment_variable_drops_name_and_path() {
    assert_eq!(
        extract_mentions("use [$HOME](/tmp/skill)"),
        Mentions::default()
    );
}

#[test]
fn markdown_link_without_sigil_is_not_a_mention() {
    assert_eq!(extract_mentions("[beta](/tmp/beta)"), Mentions::default());
    assert_eq!(
        extract_mentions("[my skill](skills/x/SKILL.md)"),
        Mentions::default()
    );
}

#[test]
fn failed_links_fall_back_to_plain_mentions() {
    for text in [
        "[$beta] /tmp/beta",
        "[$beta]()",
        "[$beta](   )",
        "[$beta](/tmp/beta",
    ] {
        let m = extract_mentions(text);
        assert_eq!(m.plain_names, ["beta"], "{text}");
        assert!(m.paths.is_empty(), "{text}");
    }
}

#[test]
fn whitespace_before_parenthesis_is_allowed_and_path_trimmed() {
    let m = extract_mentions("use [$beta]   ( /tmp/beta )");
    assert_eq!(m.paths, ["/tmp/beta"]);
    assert!(m.plain_names.is_empty());
    let m = extract_mentions("[$beta]\n\t(/tmp/beta)");
    assert_eq!(m.paths, ["/tmp/beta"]);
}

#[test]
fn name_charset_is_alnum_underscore_colon_dash() {
    assert_eq!(plain("$alpha.skill"), ["alpha"]);
    assert_eq!(plain("$beta_extra"), ["beta_extra"]);
    assert_eq!(plain("$slack:search"), ["slack:search"]);
    assert_eq!(plain("$pdf: convert"), ["pdf:"]);
    assert_eq!(plain("$café"), ["caf"]);
}

#[test]
fn no_boundary_is_needed_before_the_sigil() {
    assert_eq!(plain("cost$theta US$5 $$iota"), ["theta", "5", "iota"]);
}

#[test]
fn no_escaping_or_code_span_rules() {
    assert_eq!(
        plain("(`$rho`) \\$sigma ```$fenced```"),
        ["rho", "sigma", "fenced"]
    );
}

#[test]
fn braces_and_space_after_sigil_mention_nothing() {
    assert!(plain("${psi} $ kappa").is_empty());
}

#[test]
fn link_path_runs_to_first_closing_parenthesis() {
    let m = extract_mentions("[$a](/x/(y)/SKILL.md)");
    assert_eq!(m.paths, ["/x/(y"]);
}

#[test]
fn sigils_inside_a_link_path_are_not_mentions() {
    let m = extract_mentions("[$a]($b/SKILL.md)");
    assert_eq!(m.paths, ["$b/SKILL.md"]);
    assert!(m.plain_names.is_empty());
}

#[test]
fn app_mcp_and_plugin_links_record_the_path_but_not_the_name() {
    let m =
        extract_mentions("[$slack](app://slack) [$db](mcp://db) [$p](plugin://p) [$s](skill://x)");
    assert_eq!(m.names, ["s"]);
    assert_eq!(
        m.paths,
        ["app://slack", "mcp://db", "plugin://p", "skill://x"]
    );
}

#[test]
fn repeated_mentions_are_recorded_once_in_first_order() {
    let m = extract_mentions("$b $a $b [$c](/p) [$c](/p)");
    assert_eq!(m.plain_names, ["b", "a"]);
    assert_eq!(m.names, ["b", "a", "c"]);
    assert_eq!(m.paths, ["/p"]);
}

#[test]
fn hostile_input_is_scanned_completely() {
    let text = "$$$[$".repeat(10_000) + "$end";
    assert_eq!(plain(&text), ["end"]);
    let text = "[$name](path ".repeat(10_000) + ")";
    let m = extract_mentions(&text);
    assert_eq!(m.paths.len(), 1);
    assert!(m.paths[0].starts_with("path [$name](path"));
}

// ---------------------------------------------------------------------------------------------
// Reference scanner: written independently (string slicing, naive searches), quadratic at worst,
// used only on short random inputs.

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == ':' || c == '-'
}

fn is_env(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    [
        "PATH",
        "HOME",
        "USER",
        "SHELL",
        "PWD",
        "TMPDIR",
        "TEMP",
        "TMP",
        "LANG",
        "TERM",
        "XDG_CONFIG_HOME",
    ]
    .contains(&upper.as_str())
}

/// `(name, path, bytes consumed)` of a link starting at `rest`.
fn reference_link(rest: &str) -> Option<(&str, &str, usize)> {
    let after_open = rest.strip_prefix("[$")?;
    let name_len = after_open
        .find(|c: char| !is_name_char(c))
        .unwrap_or(after_open.len());
    if name_len == 0 {
        return None;
    }
    let name = &after_open[..name_len];
    let after_name = after_open[name_len..].strip_prefix(']')?;
    let after_ws = after_name.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let inside = after_ws.strip_prefix('(')?;
    let close = inside.find(')')?;
    let path = inside[..close].trim();
    if path.is_empty() {
        return None;
    }
    let consumed = rest.len() - inside.len() + close + 1;
    Some((name, path, consumed))
}

fn reference_scan(text: &str) -> Mentions {
    fn push(list: &mut Vec<String>, item: &str) {
        if !list.iter().any(|x| x == item) {
            list.push(item.to_owned());
        }
    }
    let mut out = Mentions::default();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        if let Some((name, path, consumed)) = reference_link(rest) {
            if !is_env(name) {
                let foreign = ["app://", "mcp://", "plugin://"]
                    .iter()
                    .any(|p| path.starts_with(p));
                if !foreign {
                    push(&mut out.names, name);
                }
                push(&mut out.paths, path);
            }
            i += consumed;
            continue;
        }
        if let Some(after) = rest.strip_prefix('$') {
            let len = after
                .find(|c: char| !is_name_char(c))
                .unwrap_or(after.len());
            if len > 0 {
                let name = &after[..len];
                if !is_env(name) {
                    push(&mut out.names, name);
                    push(&mut out.plain_names, name);
                }
                i += 1 + len;
                continue;
            }
        }
        i += rest.chars().next().map_or(1, char::len_utf8);
    }
    out
}

fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "$",
        "$",
        "[",
        "[$",
        "]",
        "(",
        ")",
        " ",
        "\t",
        "\n",
        "a",
        "Zz",
        "9",
        "_",
        "-",
        ":",
        ".",
        "/",
        "\\",
        "é",
        "日本",
        "🙂",
        "home",
        "PATH",
        "SKILL.md",
        "app://",
        "mcp://",
        "plugin://",
        "skill://",
        "/r/a/SKILL.md",
        "`",
        "{",
        "}",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn scanner_agrees_with_reference(pieces in prop::collection::vec(piece(), 0..48)) {
        let text: String = pieces.concat();
        prop_assert_eq!(extract_mentions(&text), reference_scan(&text));
    }

    #[test]
    fn arbitrary_text_never_panics_and_agrees(text in any::<String>()) {
        prop_assert_eq!(extract_mentions(&text), reference_scan(&text));
    }
}
