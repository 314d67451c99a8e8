//! `skilldeck catalog`: the fragment a model would see, exactly, plus one newline.

use std::process::ExitCode;

use skilldeck::{CatalogFormat, CatalogRequest, CatalogTexts};

use crate::args::{CatalogArgs, FormatArg, GlobalArgs};
use crate::commands::{absolute, manager, print_setup_warnings};
use crate::style::print_warnings;

pub fn run(global: &GlobalArgs, args: &CatalogArgs) -> anyhow::Result<ExitCode> {
    let texts = match &args.texts {
        Some(path) => CatalogTexts::from_toml_file(&absolute(path)?)?,
        None => CatalogTexts::skilldeck(),
    };
    let request = CatalogRequest {
        window: args.context_window,
        texts,
        include_usage: !args.no_usage,
        format: match args.format {
            FormatArg::Codex => CatalogFormat::Codex,
            FormatArg::Agentskills => CatalogFormat::AgentSkills,
            FormatArg::Json => CatalogFormat::Json,
        },
    };
    let manager = manager(global)?;
    let catalog = manager.catalog_with(&request);
    print_setup_warnings(&manager);
    if let Some(catalog) = catalog {
        print_warnings(&catalog.warnings);
        println!("{}", catalog.text);
    }
    Ok(ExitCode::SUCCESS)
}
