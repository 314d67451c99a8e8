//! `agents/openai.yaml` text → validated interface, dependencies and policy (fail-open).
//!
//! Beyond "no panic": a resolved icon never points outside the skill's or the plugin's
//! `assets/` directory, whatever `..` tricks the file plays.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use skilldeck_loader::parse::parse_openai_yaml;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let plugin = Path::new("/plugins/acme");
    let skill_dir = Path::new("/plugins/acme/skills/pdf");
    for plugin_root in [None, Some(plugin)] {
        let (metadata, _diagnostics) = parse_openai_yaml(&text, skill_dir, plugin_root);
        let Some(interface) = metadata.interface else {
            continue;
        };
        for icon in [&interface.icon_small, &interface.icon_large]
            .into_iter()
            .flatten()
        {
            let inside_skill = icon.starts_with(skill_dir.join("assets"));
            let inside_plugin =
                plugin_root.is_some_and(|root| icon.starts_with(root.join("assets")));
            assert!(
                inside_skill || inside_plugin,
                "icon escapes assets/: {}",
                icon.display()
            );
            assert!(
                !icon
                    .components()
                    .any(|c| c == std::path::Component::ParentDir),
                "icon keeps a `..`: {}",
                icon.display()
            );
        }
    }
});
