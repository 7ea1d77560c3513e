//! Reading the arguments, and what a mistake in them is answered with: `walak: ` and clap's
//! message (or the check's own, word for word), then the command's usage, exit status 2. A
//! value refused as impossible in the game exits with 1 and no usage, as a refused move does;
//! `--help` and `--version` print to stdout and exit 0.

use std::error::Error;
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser};

use crate::cli::{Cli, Refused};

/// The arguments after the program's name, as text: one that is not UTF-8 is a usage mistake,
/// not a panic.
pub fn read_args() -> Result<Vec<String>, ExitCode> {
    std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, arg)| {
            arg.into_string().map_err(|arg| {
                eprintln!("walak: argument {} ({}) is not text in UTF-8", i + 1, arg.to_string_lossy());
                ExitCode::from(2)
            })
        })
        .collect()
}

/// The command line read, or the exit status once the mistake (or the help) is printed.
pub fn parse(args: &[String]) -> Result<Cli, ExitCode> {
    let line = std::iter::once("walak").chain(args.iter().map(String::as_str));
    Cli::try_parse_from(line).and_then(Cli::check).map_err(|error| answer(&error, args.first()))
}

fn answer(error: &clap::Error, command: Option<&String>) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            print!("{error}");
            return ExitCode::SUCCESS;
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprintln!("walak: no command given\n\n{}", Cli::command().render_help());
            return ExitCode::from(2);
        }
        _ => {}
    }
    if let Some(refused) = error.source().and_then(|source| source.downcast_ref::<Refused>()) {
        eprintln!("walak: {refused}");
        return ExitCode::from(1);
    }
    let rendered = error.render().to_string();
    let (first, rest) = rendered.split_once('\n').unwrap_or((&rendered, ""));
    let message = match (error.kind(), error.get(ContextKind::InvalidArg), error.source()) {
        // The value checks' messages name the flag and the value already.
        (ErrorKind::ValueValidation, _, Some(source)) => source.to_string(),
        (ErrorKind::ArgumentConflict, Some(ContextValue::String(arg)), _)
            if error.get(ContextKind::PriorArg) == error.get(ContextKind::InvalidArg) =>
        {
            let flag = arg.split(' ').next().unwrap_or(arg);
            format!("{flag} is given more than once")
        }
        _ => first.strip_prefix("error: ").unwrap_or(first).to_string(),
    };
    let mut rest = rest.to_string();
    if !rest.contains("Usage:") {
        rest = format!("\n{}{rest}", usage_of(command));
    }
    eprint!("walak: {message}\n{rest}");
    ExitCode::from(2)
}

/// `Usage: walak COMMAND …` for the command typed (the tool's own when it names none).
fn usage_of(command: Option<&String>) -> String {
    let mut cli = Cli::command();
    cli.build();
    let usage = match command.and_then(|name| cli.find_subcommand_mut(name)) {
        Some(command) => command.render_usage(),
        None => cli.render_usage(),
    };
    format!("{usage}\n")
}
