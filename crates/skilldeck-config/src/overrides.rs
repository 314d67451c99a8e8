//! Session overrides: `-c key=value` arguments, parsed the way Codex parses them.

use toml::{Table, Value};

use crate::ConfigError;

/// One `-c key=value`: a dotted key and a TOML value.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionOverride {
    /// Dotted path into the config tree (`skills.include_instructions`).
    pub key: String,
    /// The value. Text that is not valid TOML is kept as a string (`-c model=o3`).
    pub value: Value,
}

/// The `-c` arguments of one session, in command-line order. Together they form one config
/// layer that sits above the user's `config.toml`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SessionOverrides {
    items: Vec<SessionOverride>,
}

impl SessionOverrides {
    /// No overrides.
    pub fn new() -> SessionOverrides {
        SessionOverrides::default()
    }

    /// Parses `key=value` arguments. Only the first `=` splits, so values may contain `=`.
    pub fn parse<I, S>(args: I) -> Result<SessionOverrides, ConfigError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut overrides = SessionOverrides::new();
        for arg in args {
            overrides.push_arg(arg.as_ref())?;
        }
        Ok(overrides)
    }

    /// Parses and appends one `key=value` argument.
    pub fn push_arg(&mut self, raw: &str) -> Result<(), ConfigError> {
        let malformed = |reason| ConfigError::MalformedOverride {
            raw: raw.to_owned(),
            reason,
        };
        let (key, value) = raw
            .split_once('=')
            .ok_or_else(|| malformed("expected key=value"))?;
        let key = key.trim();
        if key.is_empty() {
            return Err(malformed("the key is empty"));
        }
        self.items.push(SessionOverride {
            key: key.to_owned(),
            value: parse_value(value.trim()),
        });
        Ok(())
    }

    /// Appends an already typed override.
    pub fn push(&mut self, key: impl Into<String>, value: Value) {
        self.items.push(SessionOverride {
            key: key.into(),
            value,
        });
    }

    /// The overrides in order.
    pub fn iter(&self) -> impl Iterator<Item = &SessionOverride> {
        self.items.iter()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The layer these overrides form: each one applied in order onto an empty table, a later
    /// override replacing what an earlier one set at the same key.
    pub(crate) fn to_table(&self) -> Table {
        let mut root = Value::Table(Table::new());
        for item in &self.items {
            apply(&mut root, &item.key, item.value.clone());
        }
        match root {
            Value::Table(table) => table,
            _ => Table::new(),
        }
    }
}

/// TOML when it parses as a TOML value, else the text itself with surrounding quotes removed.
fn parse_value(raw: &str) -> Value {
    let wrapped = format!("_x_ = {raw}");
    toml::from_str::<Table>(&wrapped)
        .ok()
        .and_then(|mut table| table.remove("_x_"))
        .unwrap_or_else(|| Value::String(raw.trim_matches(['"', '\'']).to_owned()))
}

/// Sets `value` at the dotted `key`, creating tables on the way and replacing any non-table
/// value that stands where a table is needed.
fn apply(root: &mut Value, key: &str, value: Value) {
    let mut current = root;
    let mut parts = key.split('.').peekable();
    while let Some(part) = parts.next() {
        if !current.is_table() {
            *current = Value::Table(Table::new());
        }
        let Value::Table(table) = current else {
            return;
        };
        if parts.peek().is_none() {
            table.insert(part.to_owned(), value);
            return;
        }
        current = table
            .entry(part.to_owned())
            .or_insert_with(|| Value::Table(Table::new()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(args: &[&str]) -> Table {
        SessionOverrides::parse(args).unwrap().to_table()
    }

    #[test]
    fn values_are_toml() {
        let table = layer(&["skills.include_instructions=false"]);
        assert_eq!(
            table["skills"]["include_instructions"],
            Value::Boolean(false)
        );
    }

    #[test]
    fn text_that_is_not_toml_is_a_string() {
        let table = layer(&["model=o3", "quoted='half"]);
        assert_eq!(table["model"], Value::String("o3".into()));
        assert_eq!(table["quoted"], Value::String("half".into()));
    }

    #[test]
    fn only_the_first_equals_sign_splits() {
        let table = layer(&["a = x=y"]);
        assert_eq!(table["a"], Value::String("x=y".into()));
    }

    #[test]
    fn a_later_override_replaces_an_earlier_one_and_tables_are_created() {
        let table = layer(&["a=1", "a.b=2"]);
        assert_eq!(table["a"]["b"], Value::Integer(2));
    }

    #[test]
    fn an_argument_without_equals_sign_is_rejected() {
        let error = SessionOverrides::parse(["skills"]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "invalid -c override `skills`: expected key=value"
        );
    }

    #[test]
    fn an_empty_key_is_rejected() {
        assert!(SessionOverrides::parse([" =1"]).is_err());
    }
}
