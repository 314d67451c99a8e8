//! Other presentations of the same decisions: agentskills.io XML and JSON for tools.

use crate::Catalog;

impl Catalog {
    /// The listed skills as agentskills.io's `<available_skills>` block, with the descriptions
    /// as listed and the absolute (walked) `SKILL.md` path as location; text is XML-escaped.
    pub fn to_agentskills_xml(&self) -> String {
        let mut xml = String::from("<available_skills>\n");
        for line in &self.lines {
            xml.push_str("  <skill>\n    <name>");
            escape_into(&mut xml, &line.name);
            xml.push_str("</name>\n    <description>");
            escape_into(&mut xml, &line.description);
            xml.push_str("</description>\n    <location>");
            escape_into(&mut xml, &line.location);
            xml.push_str("</location>\n  </skill>\n");
        }
        xml.push_str("</available_skills>");
        xml
    }

    /// Report, warnings, roots, listed lines and left-out skills as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|error| {
            // Every field is a plain string or number, so serialization cannot fail; keep the
            // output a JSON value anyway.
            serde_json::json!({ "error": error.to_string() }).to_string()
        })
    }
}

/// Escapes `&`, `<`, `>`, `"` and `'`.
fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_special_characters_are_escaped() {
        let mut out = String::new();
        escape_into(&mut out, r#"a<b>&"c"'d'"#);
        assert_eq!(out, "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;");
    }
}
