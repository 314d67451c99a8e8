//! Colour for people: only when stdout (or stderr) is a terminal and `NO_COLOR` is unset or empty.

use std::io::IsTerminal;

/// Whether to colour a stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    enabled: bool,
}

impl Style {
    /// Colour for stdout.
    pub fn stdout() -> Style {
        Style::decide(std::io::stdout().is_terminal())
    }

    /// Colour for stderr.
    pub fn stderr() -> Style {
        Style::decide(std::io::stderr().is_terminal())
    }

    fn decide(is_terminal: bool) -> Style {
        // https://no-color.org: any non-empty value disables colour.
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        Style {
            enabled: is_terminal && !no_color,
        }
    }

    /// No colour at all.
    #[cfg(test)]
    pub fn plain() -> Style {
        Style { enabled: false }
    }

    fn paint(self, code: &str, text: &str) -> String {
        if self.enabled {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    /// Headings.
    pub fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }

    /// Secondary information (paths, disabled skills).
    pub fn dim(self, text: &str) -> String {
        self.paint("2", text)
    }

    /// Errors.
    pub fn red(self, text: &str) -> String {
        self.paint("31", text)
    }

    /// Warnings.
    pub fn yellow(self, text: &str) -> String {
        self.paint("33", text)
    }

    /// Good news.
    pub fn green(self, text: &str) -> String {
        self.paint("32", text)
    }
}

/// Prints one `warning: …` line per warning on stderr.
pub fn print_warnings<S: AsRef<str>>(warnings: &[S]) {
    let style = Style::stderr();
    for warning in warnings {
        eprintln!("{} {}", style.yellow("warning:"), warning.as_ref());
    }
}

/// Pads `text` with spaces to `width` characters (by `char` count, which is what a terminal
/// shows for the names and scopes we print).
pub fn pad(text: &str, width: usize) -> String {
    let len = text.chars().count();
    if len >= width {
        text.to_owned()
    } else {
        format!("{text}{}", " ".repeat(width - len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_style_adds_no_escape_codes() {
        assert_eq!(Style::plain().red("x"), "x");
    }

    #[test]
    fn pad_counts_characters_not_bytes() {
        assert_eq!(pad("é", 3), "é  ");
        assert_eq!(pad("long", 2), "long");
    }
}
