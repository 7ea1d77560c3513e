//! The definitions of the commands and flags, read as the tool reads them: consistent in clap's
//! eyes, every command listed in the help, and `docs/cli.md` in step with them (each of its
//! command lines accepted, each command and flag shown). Here rather than in `tests/cli.rs`, which
//! runs the tool as a user does: the tool's own tests already compile these definitions, which
//! take clap a while to build.

use std::collections::BTreeSet;
use std::path::PathBuf;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};

use super::Cli;

#[test]
fn the_definitions_are_consistent() {
    Cli::command().debug_assert();
}

#[test]
fn the_help_lists_every_command() {
    let help = Cli::command().render_help().to_string();
    for command in Cli::command().get_subcommands() {
        assert!(help.contains(&format!("\n  {} ", command.get_name())), "{} is listed: {help}", command.get_name());
    }
}

// docs/cli.md, checked against the tool.

fn cli_doc() -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/cli.md")).expect("docs/cli.md")
}

/// The words the shell would pass for a command line: split at spaces outside quotes, quotes
/// removed; the command ends at a comment (`#` at the start of a word), a pipe or a redirection.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') => word.get_or_insert_with(String::new).extend(chars.next()),
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, '\\') => word.get_or_insert_with(String::new).extend(chars.next()),
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, '#') if word.is_none() => break,
            (None, '|' | '>' | '<' | ';' | '&') => break,
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

/// Every line of a fenced code block that begins with `walak `, with its line number.
fn command_lines(markdown: &str) -> Vec<(usize, Vec<String>)> {
    let mut in_code = false;
    let mut found = Vec::new();
    for (n, line) in markdown.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if in_code && line.starts_with("walak ") {
            found.push((n + 1, shell_words(line)));
        }
    }
    found
}

#[test]
fn shell_words_are_read_as_the_shell_reads_them() {
    let words = |line: &str| shell_words(line).join("|");
    assert_eq!(words("walak solve 35141541   # a drawn position"), "walak|solve|35141541");
    assert_eq!(words(r#"walak trace "" 8"#), "walak|trace||8");
    assert_eq!(words(r#"walak a 'b c' "d \"e\"" f#g"#), r#"walak|a|b c|d "e"|f#g"#);
    assert_eq!(words("walak book --plies 8 > www/book.txt.new"), "walak|book|--plies|8");
    assert_eq!(words("walak soak --games 8 | head"), "walak|soak|--games|8");
    let markdown = "walak state 1\n```sh\nwalak state 2\n  walak state 3\n# walak state 4\n```\nwalak state 5\n";
    assert_eq!(command_lines(markdown), vec![(3, shell_words("walak state 2"))]);
}

#[test]
fn every_command_line_in_the_docs_is_accepted() {
    let lines = command_lines(&cli_doc());
    assert!(lines.len() >= 30, "docs/cli.md shows {} command lines", lines.len());
    let refused: Vec<String> = lines
        .iter()
        .filter_map(|(n, words)| {
            let error = Cli::try_parse_from(words).and_then(Cli::check).err()?;
            let help = matches!(error.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion);
            (!help).then(|| format!("line {n}: {}\n{error}", words.join(" ")))
        })
        .collect();
    assert!(refused.is_empty(), "docs/cli.md shows command lines the tool refuses:\n{}", refused.join("\n"));
}

#[test]
fn the_docs_show_every_command_and_flag() {
    let doc = cli_doc();
    let shown: BTreeSet<String> =
        command_lines(&doc).into_iter().filter_map(|(_, words)| words.get(1).cloned()).collect();
    // What every command shares, before the first command's section.
    let shared = &doc[..doc.find("\n## `walak ").expect("docs/cli.md has a section per command")];
    let mut missing = Vec::new();
    for command in Cli::command().get_subcommands() {
        let name = command.get_name();
        if !shown.contains(name) {
            missing.push(format!("an example of walak {name}"));
        }
        let heading = format!("\n## `walak {name}`");
        let Some(start) = doc.find(&heading) else {
            missing.push(format!("a section {heading:?}"));
            continue;
        };
        let section = &doc[start + heading.len()..];
        let section = &section[..section.find("\n## ").unwrap_or(section.len())];
        for flag in command.get_arguments().filter_map(|arg| arg.get_long()) {
            if !section.contains(&format!("--{flag}")) && !shared.contains(&format!("`--{flag}")) {
                missing.push(format!("walak {name} --{flag}"));
            }
        }
    }
    assert!(missing.is_empty(), "docs/cli.md lacks:\n{}", missing.join("\n"));
}
