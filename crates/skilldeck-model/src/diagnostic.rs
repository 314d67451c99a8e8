use std::borrow::Cow;
use std::fmt;
use std::path::PathBuf;

/// How serious a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Something was refused; the input needs fixing.
    Error,
    /// Something was skipped or changed; the result may surprise.
    Warning,
    /// Worth knowing, nothing lost.
    Info,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        })
    }
}

/// A finding for people, never for the model: a skipped directory, a limit that was hit, an
/// ignored config entry, a mention that selected nothing.
///
/// `code` is stable (`scan.limit`, `mention.ambiguous`, …) so tools can match on it; `message`
/// is our own wording and may improve.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// Stable, dotted identifier of the kind of finding.
    pub code: Cow<'static, str>,
    /// One sentence for a person.
    pub message: String,
    /// The file or directory concerned, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<PathBuf>,
}

impl Diagnostic {
    /// A warning with a stable code and a message.
    pub fn warning(code: impl Into<Cow<'static, str>>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            code: code.into(),
            message: message.into(),
            path: None,
        }
    }

    /// An informational finding with a stable code and a message.
    pub fn info(code: impl Into<Cow<'static, str>>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Info,
            ..Diagnostic::warning(code, message)
        }
    }

    /// An error-level finding with a stable code and a message.
    pub fn error(code: impl Into<Cow<'static, str>>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            ..Diagnostic::warning(code, message)
        }
    }

    /// The same finding, about `path`.
    #[must_use]
    pub fn at(mut self, path: impl Into<PathBuf>) -> Diagnostic {
        self.path = Some(path.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(path) => write!(f, "{}: {}", path.display(), self.message),
            None => f.write_str(&self.message),
        }
    }
}
