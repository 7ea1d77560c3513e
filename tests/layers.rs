//! The house plans of the library and of the command-line tool, checked: their modules form
//! layers that only point down, and no module imports another that imports it back, however long
//! the way round.
//!
//! The library's layers, lowest first (its own documentation, `src/lib.rs`, says what each holds):
//! `rules`, `playout`, `negamax`, `search`, `solve`, `computer`, `trainer`, `format`, `live`, `wasm`.
//! A file may name its own layer and the layers before it, never one after: so the rules name
//! nothing but the rules.
//!
//! The tool (`src/bin/walak/`, a crate of its own above the library; `main.rs` says what each
//! holds), lowest first: `cli` and `json`, which name nothing of the tool; `usage` and `endgames`;
//! then the commands, `rules`, `bench`, `solve`, `book`, `puzzles`, `play`, `soak`, `serve` and
//! `load`, none of which names another. Within `serve`: `random`, `hub`, `files`, `http` (the accept
//! loop), `logs`, `metrics` and `limits`; `store`, the rooms' interface, and `watch` (what is counted and logged); `memory` and
//! `shared`, the two stores, and `server`; `connection` and `health`. Within `load`:
//! `tally`; `run`; `player`; `bad`.
//!
//! So a plan gives, for a module, its children's layers: a child names only children of lower
//! layers, never one of its own layer (unless it is that child itself) and never the module
//! above it, which stands over all its children and may name any of them. Every reference
//! counts, `use` lines and paths written inline alike; only comments do not. A re-export (`pub
//! use`) is followed to the module that defines the item, so that an item reached through a
//! module's re-export is charged to the module that holds it.
//!
//! The reading is deliberately simple (no macro expansion, no name resolution beyond modules and
//! re-exports), and its own tests below show that it finds what it must.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A house plan: for a module (its path, `""` for the crate root), its children's layers, lowest
/// first. The module stands above all of them.
type Plan = [(&'static str, &'static [&'static [&'static str]])];

/// The library's. The crate root (`lib.rs`) stands above every layer.
const LIBRARY: &Plan = &[(
    "",
    &[
        &["rules"],
        &["playout"],
        &["negamax"],
        &["search"],
        &["solve"],
        &["computer"],
        &["trainer"],
        &["format"],
        &["live"],
        &["wasm"],
    ],
)];

/// The command-line tool's. Its root (`main.rs`) stands above every layer.
const TOOL: &Plan = &[
    (
        "",
        &[
            &["cli", "json"],
            &["usage", "endgames"],
            &["rules", "bench", "solve", "book", "puzzles", "play", "soak", "serve", "load"],
        ],
    ),
    (
        "serve",
        &[
            &["random", "hub", "files", "http", "logs", "metrics", "limits"],
            &["store", "watch"],
            &["memory", "shared", "server"],
            &["connection", "health"],
        ],
    ),
    ("load", &[&["tally"], &["run"], &["player"], &["bad", "flood"]]),
];

/// A module, as the path of names from the crate root (`[]` for the root itself).
type Module = Vec<String>;

/// One reference from a module to a path, as written.
struct Reference {
    /// Where it is written: the file's module, or an inline module within it.
    from: Module,
    path: Vec<String>,
    /// Written as `pub use`: a re-export, which is followed but is no dependency of its own.
    reexport: bool,
    line: usize,
}

/// The crate read from its files: each module's text, and its file, by module path.
struct Crate {
    files: BTreeMap<Module, String>,
    paths: BTreeMap<Module, String>,
}

impl Crate {
    /// The crate whose files are in `src` (its root `lib.rs` or `main.rs`), leaving out the
    /// folder `skip` (another crate's).
    fn read(src: &Path, skip: Option<&str>) -> Crate {
        let mut texts = Vec::new();
        read_dir(src, src, skip, &mut texts);
        let texts: Vec<(&str, &str)> = texts.iter().map(|(file, text)| (file.as_str(), text.as_str())).collect();
        Crate::from_texts(&texts)
    }

    fn from_texts(texts: &[(&str, &str)]) -> Crate {
        let files = texts.iter().map(|(file, text)| (module_of(file), text.to_string())).collect();
        let paths = texts.iter().map(|(file, _)| (module_of(file), file.to_string())).collect();
        Crate { files, paths }
    }

    /// The module's file, for messages.
    fn file_name(&self, module: &Module) -> String {
        self.paths.get(module).cloned().unwrap_or_else(|| module.join("/"))
    }

    fn is_module(&self, module: &[String]) -> bool {
        self.files.contains_key(module)
    }

    /// Every reference of a module's file to a module of the crate.
    fn references(&self, module: &Module) -> Vec<Reference> {
        let text = &self.files[module];
        let mut found = Vec::new();
        let mut inner: Module = module.clone();
        let mut statement = String::new();
        let mut statement_line = 0;
        for (n, raw) in text.lines().enumerate() {
            let line = strip_comment(raw);
            let trimmed = line.trim();
            // An inline module (`mod tests { … }`, always last in this crate's files): what follows is
            // inside it, so its `super` is the file's own module.
            if let Some(name) = inline_module(trimmed) {
                inner = module.clone();
                inner.push(name);
                continue;
            }
            if statement.is_empty()
                && (trimmed.starts_with("use ")
                    || trimmed.starts_with("pub use ")
                    || trimmed.starts_with("pub(crate) use "))
            {
                statement_line = n + 1;
            }
            if statement_line != 0 {
                statement.push(' ');
                statement.push_str(trimmed);
                if trimmed.ends_with(';') {
                    let reexport = statement.trim_start().starts_with("pub");
                    let body = statement.split_once("use ").map_or("", |(_, rest)| rest).trim_end_matches(';');
                    for path in use_paths(body) {
                        found.push(Reference { from: inner.clone(), path, reexport, line: statement_line });
                    }
                    statement.clear();
                    statement_line = 0;
                }
                continue;
            }
            for path in inline_paths(line) {
                found.push(Reference { from: inner.clone(), path, reexport: false, line: n + 1 });
            }
        }
        found
    }

    /// The module a path names, or that defines the item it names (following re-exports); `None`
    /// for a path outside the crate.
    fn resolve(&self, from: &Module, path: &[String], depth: usize) -> Option<Module> {
        let (mut at, rest): (Module, &[String]) = match path.first().map(String::as_str) {
            Some("crate") => (vec![], &path[1..]),
            Some("self") => (from.clone(), &path[1..]),
            Some("super") => {
                let mut at = from.clone();
                let mut rest = path;
                while rest.first().map(String::as_str) == Some("super") {
                    at.pop();
                    rest = &rest[1..];
                }
                (at, rest)
            }
            // A path from a child module declared here (`use table::Table;` in a `mod.rs`).
            Some(first) if self.is_module(&[from.as_slice(), &[first.to_string()]].concat()) => (from.clone(), path),
            _ => return None,
        };
        // The file module the path reaches (an inline module such as `tests` lives in its file).
        while !self.is_module(&at) {
            at.pop();
        }
        let mut rest = rest;
        while let Some(next) = rest.first() {
            let child = [at.as_slice(), std::slice::from_ref(next)].concat();
            if !self.is_module(&child) {
                break;
            }
            at = child;
            rest = &rest[1..];
        }
        // An item re-exported by that module is charged to the module the re-export names.
        if let (Some(item), true) = (rest.first(), depth < 8) {
            for reference in self.references(&at).iter().filter(|r| r.reexport) {
                if reference.path.last() == Some(item) {
                    if let Some(source) = self.resolve(&reference.from, &reference.path, depth + 1) {
                        return Some(source);
                    }
                }
            }
        }
        Some(at)
    }

    /// Every dependency between two different modules: (from, to, line of `from`, re-export).
    fn dependencies(&self) -> Vec<(Module, Module, usize, bool)> {
        let mut found = Vec::new();
        for module in self.files.keys() {
            for reference in self.references(module) {
                let Some(to) = self.resolve(&reference.from, &reference.path, 0) else { continue };
                if &to != module && !to.is_empty() {
                    found.push((module.clone(), to, reference.line, reference.reexport));
                }
            }
        }
        found
    }

    /// References that point up the layers of `plan`, or across one, as readable lines.
    fn upward(&self, plan: &Plan) -> Vec<String> {
        self.dependencies()
            .into_iter()
            .filter(|(from, to, _, _)| plan.iter().any(|(parent, layers)| breaks(&path_of(parent), layers, from, to)))
            .map(|(from, to, line, _)| format!("{} (line {line}) names {}", self.file_name(&from), to.join("::")))
            .collect()
    }

    /// The children of the modules `plan` gives layers for that are in none of them.
    fn unplaced(&self, plan: &Plan) -> Vec<String> {
        let mut found = BTreeSet::new();
        for (parent, layers) in plan {
            let parent = path_of(parent);
            for module in self.files.keys().filter(|m| m.len() > parent.len() && m.starts_with(&parent)) {
                let child = &module[parent.len()];
                if rank(layers, child).is_none() {
                    found.insert([parent.as_slice(), std::slice::from_ref(child)].concat().join("::"));
                }
            }
        }
        found.into_iter().collect()
    }

    /// The cycles among modules, re-exports aside: each as the modules along it.
    fn cycles(&self) -> Vec<Vec<Module>> {
        let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
        for (from, to, _, reexport) in self.dependencies() {
            if !reexport {
                edges.entry(from).or_default().insert(to);
            }
        }
        let mut cycles = Vec::new();
        let mut done = BTreeSet::new();
        for start in self.files.keys() {
            let mut path = vec![start.clone()];
            find_cycle(&edges, &mut path, &mut done, &mut cycles);
        }
        cycles
    }
}

/// `"serve"` → `[serve]`; `""` → `[]`.
fn path_of(module: &str) -> Module {
    module.split("::").filter(|name| !name.is_empty()).map(String::from).collect()
}

/// The layer of `child` among `layers`.
fn rank(layers: &[&[&str]], child: &str) -> Option<usize> {
    layers.iter().position(|layer| layer.contains(&child))
}

/// Whether `from` naming `to` goes against the layers of `parent`'s children: from inside one
/// child, up to `parent` itself, or to another child of the same layer or a higher one.
fn breaks(parent: &Module, layers: &[&[&str]], from: &Module, to: &Module) -> bool {
    let inside = |module: &Module| module.len() > parent.len() && module.starts_with(parent);
    if !inside(from) {
        return false;
    }
    if to == parent {
        return true;
    }
    if !inside(to) || to[parent.len()] == from[parent.len()] {
        return false;
    }
    match (rank(layers, &from[parent.len()]), rank(layers, &to[parent.len()])) {
        (Some(a), Some(b)) => b >= a,
        // A child in no layer is reported as such.
        _ => false,
    }
}

/// Depth-first search from the last module of `path`, recording each cycle found once.
fn find_cycle(
    edges: &BTreeMap<Module, BTreeSet<Module>>,
    path: &mut Vec<Module>,
    done: &mut BTreeSet<Module>,
    cycles: &mut Vec<Vec<Module>>,
) {
    let here = path.last().expect("the path has a start").clone();
    if done.contains(&here) {
        return;
    }
    for next in edges.get(&here).into_iter().flatten() {
        if let Some(i) = path.iter().position(|m| m == next) {
            cycles.push(path[i..].to_vec());
            continue;
        }
        path.push(next.clone());
        find_cycle(edges, path, done, cycles);
        path.pop();
    }
    done.insert(here);
}

/// Every `.rs` file under `dir`, by its path from `root`, leaving out the folder `skip`.
fn read_dir(root: &Path, dir: &Path, skip: Option<&str>, files: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).expect("the sources can be read") {
        let path = entry.expect("the sources can be listed").path();
        let relative = path.strip_prefix(root).expect("under the root").to_string_lossy().replace('\\', "/");
        if Some(relative.as_str()) == skip {
            continue;
        }
        if path.is_dir() {
            read_dir(root, &path, skip, files);
        } else if relative.ends_with(".rs") {
            files.push((relative, std::fs::read_to_string(&path).expect("a source file can be read")));
        }
    }
}

/// `rules/board.rs` → `[rules, board]`; `rules/mod.rs` → `[rules]`; `lib.rs` and `main.rs` → `[]`.
fn module_of(file: &str) -> Module {
    let mut parts: Module = file.trim_end_matches(".rs").split('/').map(String::from).collect();
    let root = parts.len() == 1 && matches!(parts[0].as_str(), "lib" | "main");
    if root || parts.last().map(String::as_str) == Some("mod") {
        parts.pop();
    }
    parts
}

/// The line without its comment (`//` outside a string literal; a `'"'` is no string).
fn strip_comment(line: &str) -> &str {
    let mut in_string = false;
    let bytes = line.as_bytes();
    for i in 0..bytes.len() {
        match bytes[i] {
            b'"' if !in_string && i > 0 && bytes[i - 1] == b'\'' && bytes.get(i + 1) == Some(&b'\'') => {}
            b'"' if i == 0 || bytes[i - 1] != b'\\' => in_string = !in_string,
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
    }
    line
}

/// The name of an inline module opened on this line: `mod tests {`.
fn inline_module(line: &str) -> Option<String> {
    let rest = line.strip_prefix("pub ").unwrap_or(line).strip_prefix("mod ")?;
    let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    rest[name.len()..].trim_start().starts_with('{').then_some(name)
}

/// The paths a `use` statement's tree names (its body, without `use` and `;`).
fn use_paths(body: &str) -> Vec<Vec<String>> {
    let tokens = tokens(body);
    let mut found = Vec::new();
    let mut at = 0;
    use_tree(&tokens, &mut at, &[], &mut found);
    found
}

fn use_tree(tokens: &[String], at: &mut usize, prefix: &[String], found: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    loop {
        match tokens.get(*at).map(String::as_str) {
            Some("{") => {
                *at += 1;
                while tokens.get(*at).map(String::as_str) != Some("}") && *at < tokens.len() {
                    use_tree(tokens, at, &path, found);
                    if tokens.get(*at).map(String::as_str) == Some(",") {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            Some("*") => {
                *at += 1;
                found.push(path);
                return;
            }
            Some("self") if !path.is_empty() => {
                *at += 1;
                found.push(path);
                return;
            }
            Some(name) if name != "," && name != "}" && name != "::" => {
                path.push(name.to_string());
                *at += 1;
                if tokens.get(*at).map(String::as_str) == Some("::") {
                    *at += 1;
                    continue;
                }
                if tokens.get(*at).map(String::as_str) == Some("as") {
                    *at += 2;
                }
                found.push(path);
                return;
            }
            _ => return,
        }
    }
}

fn tokens(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ':' if chars.peek() == Some(&':') => {
                chars.next();
                tokens.push("::".into());
            }
            '{' | '}' | ',' | '*' => tokens.push(c.to_string()),
            c if c.is_alphanumeric() || c == '_' => {
                let mut word = c.to_string();
                while let Some(&next) = chars.peek().filter(|n| n.is_alphanumeric() || **n == '_') {
                    word.push(next);
                    chars.next();
                }
                tokens.push(word);
            }
            _ => {}
        }
    }
    tokens
}

/// Paths written inline that start at `crate`, `self` or `super`: `crate::rules::sowing::MAX_LAPS`.
fn inline_paths(line: &str) -> Vec<Vec<String>> {
    let tokens = tokens(line);
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let starts = matches!(tokens[i].as_str(), "crate" | "self" | "super")
            && tokens.get(i + 1).map(String::as_str) == Some("::")
            && (i == 0 || tokens[i - 1] != "::");
        if !starts {
            i += 1;
            continue;
        }
        let mut path = vec![tokens[i].clone()];
        i += 1;
        while tokens.get(i).map(String::as_str) == Some("::") {
            match tokens.get(i + 1) {
                Some(name) if name != "{" && name != "*" => {
                    path.push(name.clone());
                    i += 2;
                }
                _ => break,
            }
        }
        found.push(path);
    }
    found
}

fn the_library() -> Crate {
    // The command-line tool in src/bin/ is a crate of its own, above the library.
    Crate::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), Some("bin"))
}

fn the_tool() -> Crate {
    Crate::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bin/walak"), None)
}

/// Every module is in its plan, and names only its own layer and those below.
fn check_layers(krate: &Crate, plan: &Plan, plan_is: &str) {
    let unplaced = krate.unplaced(plan);
    assert!(unplaced.is_empty(), "modules in no layer (add them to {plan_is}): {unplaced:?}");
    let upward = krate.upward(plan);
    assert!(upward.is_empty(), "references up the layers, or across one:\n{}", upward.join("\n"));
}

fn check_no_cycles(krate: &Crate) {
    let cycles = krate.cycles();
    let shown: Vec<String> = cycles
        .iter()
        .map(|c| c.iter().map(|m| krate.file_name(m)).collect::<Vec<_>>().join(" → ") + " → back")
        .collect();
    assert!(cycles.is_empty(), "import cycles:\n{}", shown.join("\n"));
}

#[test]
fn every_module_names_only_its_own_layer_and_those_below() {
    check_layers(&the_library(), LIBRARY, "LIBRARY and to lib.rs's plan");
}

#[test]
fn the_rules_name_nothing_outside_the_rules() {
    let krate = the_library();
    let outside: Vec<String> = krate
        .dependencies()
        .into_iter()
        .filter(|(from, to, _, _)| from.first().map(String::as_str) == Some("rules") && to.first() != from.first())
        .map(|(from, to, line, _)| format!("{} (line {line}) names {}", krate.file_name(&from), to.join("::")))
        .collect();
    assert!(outside.is_empty(), "the rules must stand alone:\n{}", outside.join("\n"));
}

#[test]
fn no_module_imports_another_that_imports_it_back() {
    check_no_cycles(&the_library());
}

#[test]
fn every_module_of_the_tool_names_only_its_own_layer_and_those_below() {
    check_layers(&the_tool(), TOOL, "TOOL and to main.rs's plan");
}

#[test]
fn no_module_of_the_tool_imports_another_that_imports_it_back() {
    check_no_cycles(&the_tool());
}

#[test]
fn the_tools_arguments_name_nothing_of_the_tool() {
    // The arguments are the lowest layer: read first, by clap, with nothing of the tool.
    let krate = the_tool();
    let named: Vec<String> = krate
        .dependencies()
        .into_iter()
        .filter(|(from, ..)| from == &module_of("cli.rs"))
        .map(|(_, to, line, _)| format!("cli.rs (line {line}) names {}", to.join("::")))
        .collect();
    assert!(named.is_empty(), "{}", named.join("\n"));
}

#[test]
fn the_check_sees_every_kind_of_reference() {
    // Paths inline and in use trees, relative ones from a mod.rs, and re-exports followed.
    let krate = Crate::from_texts(&[
        ("lib.rs", "pub mod rules;\npub mod format;\npub use rules::game::Game;\n"),
        ("rules/mod.rs", "pub mod game;\npub mod board;\npub use board::Seeds;\n"),
        (
            "rules/board.rs",
            "pub type Seeds = [u8; 14];\n// crate::format::view in a comment is no reference\nconst Q: char = '\"'; // crate::format::view\n",
        ),
        (
            "rules/game.rs",
            "use super::Seeds;\nuse crate::{Game as G, format::{view::{self}}};\nfn f() { crate::format::link::read(); }\n",
        ),
        ("format/mod.rs", "pub mod view;\npub mod link;\n"),
        ("format/view.rs", "use crate::Game;\n"),
        ("format/link.rs", "use crate::rules::board::{self, Seeds};\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n"),
    ]);
    let from_game: BTreeSet<String> = krate
        .dependencies()
        .into_iter()
        .filter(|(from, ..)| from == &module_of("rules/game.rs"))
        .map(|(_, to, _, _)| to.join("::"))
        .collect();
    assert_eq!(from_game, ["format::link", "format::view", "rules::board"].map(String::from).into());
    assert_eq!(krate.upward(LIBRARY).len(), 2, "{:?}", krate.upward(LIBRARY));
    let cycles = krate.cycles();
    assert_eq!(cycles.len(), 1, "rules::game → format::view → rules::game");
    let mut cycle = cycles[0].clone();
    cycle.sort();
    assert_eq!(cycle, [module_of("format/view.rs"), module_of("rules/game.rs")]);
}

#[test]
fn the_check_sees_nested_layers_and_modules_in_none() {
    // A tool whose store imports a store that imports it back, whose connection reads its
    // parent's clock, and whose commands name each other.
    let tool = Crate::from_texts(&[
        ("main.rs", "mod cli;\nmod serve;\nmod solve;\nmod play;\nuse cli::Cli;\n"),
        ("cli.rs", "use clap::Parser;\n"),
        ("solve.rs", "use crate::cli::SolveArgs;\n"),
        ("play.rs", "use crate::solve::run;\n"),
        (
            "serve/mod.rs",
            "mod store;\nmod memory;\nmod connection;\nmod stray;\nuse memory::Memory;\npub fn now() {}\n",
        ),
        ("serve/store.rs", "use super::memory::Memory;\n"),
        ("serve/memory.rs", "use super::store::{apply, Store};\nuse crate::cli::ServeArgs;\n"),
        ("serve/connection.rs", "use super::store::Store;\nfn f() { super::now(); }\n"),
        ("serve/stray.rs", ""),
    ]);
    const PLAN: &Plan =
        &[("", &[&["cli"], &["solve", "play", "serve"]]), ("serve", &[&["store"], &["memory"], &["connection"]])];
    let upward = tool.upward(PLAN);
    assert_eq!(
        upward,
        [
            "play.rs (line 1) names solve",
            "serve/connection.rs (line 2) names serve",
            "serve/store.rs (line 1) names serve::memory",
        ],
        "{upward:?}"
    );
    assert_eq!(tool.unplaced(PLAN), ["serve::stray"]);
    let cycles = tool.cycles();
    assert_eq!(cycles.len(), 1, "serve::store → serve::memory → serve::store: {cycles:?}");
}
