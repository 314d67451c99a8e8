//! Splitting a command string into words.

/// Codex's word splitting: POSIX-shell-like (quotes and backslashes honoured, `#` at the start
/// of a word begins a comment), falling back to plain whitespace splitting when the string cannot
/// be split (an unbalanced quote, a trailing backslash). Operators are ordinary words:
/// `cat a | head` is `cat`, `a`, `|`, `head`.
pub fn tokenize(command: &str) -> Vec<String> {
    shlex::split(command).unwrap_or_else(|| command.split_whitespace().map(str::to_owned).collect())
}

/// Words of an extended-mode command, split into simple commands at the control operators
/// `;`, `&&`, `||`, `|`, `|&`, `&`, newlines and parentheses (outside quotes).
///
/// Quoting follows [`tokenize`]. When the string cannot be split, the whitespace words are cut
/// at words that are exactly an operator.
pub fn split_segments(command: &str) -> Vec<Vec<String>> {
    lex(command).unwrap_or_else(|| {
        let mut segments = vec![Vec::new()];
        for word in command.split_whitespace() {
            if matches!(word, ";" | "&&" | "||" | "|" | "|&" | "&" | "(" | ")") {
                segments.push(Vec::new());
            } else if let Some(last) = segments.last_mut() {
                last.push(word.to_owned());
            }
        }
        segments.retain(|segment| !segment.is_empty());
        segments
    })
}

/// The operator-aware lexer behind [`split_segments`]; `None` on an unbalanced quote or a
/// trailing backslash.
fn lex(command: &str) -> Option<Vec<Vec<String>>> {
    let mut segments: Vec<Vec<String>> = vec![Vec::new()];
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = command.chars().peekable();

    let end_word = |segments: &mut Vec<Vec<String>>, word: &mut String, in_word: &mut bool| {
        if *in_word {
            if let Some(last) = segments.last_mut() {
                last.push(std::mem::take(word));
            }
            *in_word = false;
        }
    };

    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        other => word.push(other),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => match chars.next()? {
                            escaped @ ('$' | '`' | '"' | '\\') => word.push(escaped),
                            '\n' => {}
                            other => {
                                word.push('\\');
                                word.push(other);
                            }
                        },
                        other => word.push(other),
                    }
                }
            }
            '\\' => match chars.next()? {
                '\n' => {}
                escaped => {
                    in_word = true;
                    word.push(escaped);
                }
            },
            '#' if !in_word => {
                for skipped in chars.by_ref() {
                    if skipped == '\n' {
                        break;
                    }
                }
                end_word(&mut segments, &mut word, &mut in_word);
                segments.push(Vec::new());
            }
            ';' | '|' | '&' | '\n' | '(' | ')' => {
                end_word(&mut segments, &mut word, &mut in_word);
                // `&&`, `||`, `|&` are one operator; splitting twice would only add an empty
                // segment, which is dropped below.
                if matches!(c, '&' | '|') && matches!(chars.peek(), Some('&' | '|')) {
                    chars.next();
                }
                segments.push(Vec::new());
            }
            c if c.is_whitespace() => end_word(&mut segments, &mut word, &mut in_word),
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    end_word(&mut segments, &mut word, &mut in_word);
    segments.retain(|segment| !segment.is_empty());
    Some(segments)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codex_tokens_keep_operators_as_words() {
        assert_eq!(tokenize("cat 'a b' | head"), ["cat", "a b", "|", "head"]);
    }

    #[test]
    fn unbalanced_quote_falls_back_to_whitespace() {
        assert_eq!(tokenize("cat \"a b"), ["cat", "\"a", "b"]);
    }

    #[test]
    fn segments_split_at_operators_outside_quotes() {
        assert_eq!(
            split_segments("cd 'a;b' && python x.py | head; echo \"1&2\" & (ls)"),
            vec![
                vec!["cd", "a;b"],
                vec!["python", "x.py"],
                vec!["head"],
                vec!["echo", "1&2"],
                vec!["ls"],
            ]
        );
    }

    #[test]
    fn segments_fall_back_to_whitespace_words() {
        assert_eq!(
            split_segments("cd x && python 'y.py"),
            vec![vec!["cd", "x"], vec!["python", "'y.py"]]
        );
    }
}
