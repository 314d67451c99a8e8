//! `skilldeck catalog`: the fragment a model would see, exactly, plus one newline.

use std::process::ExitCode;

use skilldeck::{CatalogRequest, catalog_texts_from_file, default_catalog_texts};

use crate::args::{CatalogArgs, FormatArg, GlobalArgs};
use crate::commands::{absolute, manager, print_setup_warnings};
use crate::style::print_warnings;

pub fn run(global: &GlobalArgs, args: &CatalogArgs) -> anyhow::Result<ExitCode> {
    let texts = match &args.texts {
        Some(path) => catalog_texts_from_file(&absolute(path)?)?,
        None => default_catalog_texts(),
    };
    let request = CatalogRequest {
        window: args.context_window,
        texts,
        include_usage: !args.no_usage,
    };
    let manager = manager(global)?;
    let catalog = manager.catalog_with(&request);
    print_setup_warnings(&manager);
    if let Some(catalog) = catalog {
        let warnings: Vec<String> = catalog.warnings.iter().map(ToString::to_string).collect();
        print_warnings(&warnings);
        match args.format {
            FormatArg::Codex => outln!("{}", catalog.text)?,
            FormatArg::Agentskills => outln!("{}", catalog.to_agentskills_xml())?,
            FormatArg::Json => outln!("{}", catalog.to_json())?,
        }
    }
    Ok(ExitCode::SUCCESS)
}
