//! The documentation, checked: `README.md` and every `docs/*.md` must not send a reader nowhere.
//!
//! - **Links.** Every relative link (`[text](target)`, an image, a reference definition, an HTML
//!   `href` or `src`) names a file or folder that exists, relative to the document; a `#anchor`
//!   names a heading of the target (or of the document itself), as GitHub makes a heading's
//!   anchor. Links with a scheme (`https:`, `mailto:`) are not followed.
//! - **Paths.** A name in backticks that looks like a repository path exists. It looks like one
//!   when it is made only of ASCII letters, digits, `_`, `-`, `.` and `/`, does not begin with `/`
//!   (an address on a server, such as `/live`) or `.` (`../` is outside the repository), and either
//!   holds a `/` or ends in one of the [`EXTENSIONS`]. With a `/` it is a path from the repository's
//!   root, a folder when it ends in `/`; a segment in capitals alone (`TARGET` in
//!   `fuzz/regressions/TARGET/`) is a placeholder, and only the path before it is checked. Without
//!   a `/` it is a file's name, which some file of the repository must have. [`NOT_IN_REPOSITORY`]
//!   lists the few names written on purpose that are not in it.
//! - **Length.** The README is the front door: at most [`README_MOST_LINES`] lines.
//!
//! Fenced code blocks are examples, not prose: neither their links nor their names are read. The
//! reading is deliberately simple (paragraphs, code spans, inline links, ATX headings), and its own
//! tests below show that it finds what it must.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

/// The README is read in five minutes.
const README_MOST_LINES: usize = 150;

/// The endings of the files a document may name without their folder.
const EXTENSIONS: &str = "rs js mjs md sh toml json html css txt bin svg png webmanifest lock yml yaml";

/// Names written in backticks on purpose that are not in the repository: what the build, the
/// compiler and the tests make (a path under one of these folders), a file the page makes, and a
/// type of content.
const NOT_IN_REPOSITORY: [&str; 6] =
    ["dist/", "target/", "test-results/", "node_modules/", "walak-pussa-games-DATE.json", "application/wasm"];

/// Folders never searched for a file's name: what is made, not written (`work` and `artifacts`
/// are what fuzzing finds, under `fuzz/`).
const NOT_SEARCHED: [&str; 7] = [".git", "target", "node_modules", "dist", "test-results", "work", "artifacts"];

/// A paragraph of prose: consecutive lines outside fenced code blocks, with no blank line between.
#[derive(Debug, PartialEq)]
struct Paragraph {
    /// The first line's number, from 1.
    line: usize,
    text: String,
}

/// The prose of a Markdown text, paragraph by paragraph, fenced code blocks left out.
fn paragraphs(text: &str) -> Vec<Paragraph> {
    let mut found = Vec::new();
    let mut fence: Option<String> = None;
    let mut current: Option<Paragraph> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker: String = trimmed.chars().take_while(|&c| c == '`' || c == '~').collect();
        let is_fence = marker.len() >= 3 && marker.chars().all(|c| c == marker.chars().next().unwrap());
        if let Some(open) = &fence {
            // A fence closes with at least as many of the same character, and nothing after them.
            if is_fence && marker.starts_with(open.as_str()) && trimmed[marker.len()..].trim().is_empty() {
                fence = None;
            }
            continue;
        }
        if is_fence && line.len() - trimmed.len() < 4 {
            found.extend(current.take());
            fence = Some(marker);
            continue;
        }
        if trimmed.is_empty() {
            found.extend(current.take());
            continue;
        }
        match &mut current {
            Some(paragraph) => {
                paragraph.text.push('\n');
                paragraph.text.push_str(line);
            }
            None => current = Some(Paragraph { line: index + 1, text: line.to_string() }),
        }
    }
    found.extend(current);
    found
}

/// A paragraph read for its code spans: a run of backticks up to the next run of as many.
struct Scanned {
    /// Each span's content, its line breaks as spaces, one space trimmed from each end when both
    /// have one.
    spans: Vec<String>,
    /// The text with every span blanked out, so that a link written in backticks is no link.
    blanked: String,
    /// The text as shown: each span replaced by its content.
    shown: String,
}

fn scan(text: &str) -> Scanned {
    let chars: Vec<char> = text.chars().collect();
    let mut scanned = Scanned { spans: Vec::new(), blanked: String::new(), shown: String::new() };
    let mut at = 0;
    while at < chars.len() {
        if chars[at] != '`' {
            scanned.blanked.push(chars[at]);
            scanned.shown.push(chars[at]);
            at += 1;
            continue;
        }
        let run = chars[at..].iter().take_while(|&&c| c == '`').count();
        let body = at + run;
        let mut close = None;
        let mut look = body;
        while look < chars.len() {
            let other = chars[look..].iter().take_while(|&&c| c == '`').count();
            if other == run {
                close = Some(look);
                break;
            }
            look += other.max(1);
        }
        let Some(end) = close else {
            // No closing run: the backticks are text.
            scanned.blanked.extend(&chars[at..body]);
            scanned.shown.extend(&chars[at..body]);
            at = body;
            continue;
        };
        let content: String = chars[body..end].iter().map(|&c| if c == '\n' { ' ' } else { c }).collect();
        let content = match content.strip_prefix(' ').and_then(|c| c.strip_suffix(' ')) {
            Some(inner) if !inner.trim().is_empty() => inner.to_string(),
            _ => content,
        };
        scanned.blanked.push_str(&" ".repeat(end + run - at));
        scanned.shown.push_str(&content);
        scanned.spans.push(content);
        at = end + run;
    }
    scanned
}

fn code_spans(text: &str) -> Vec<String> {
    scan(text).spans
}

/// Every link target of a paragraph outside its code spans: inline links and images
/// (`[text](target "title")`), reference definitions (`[name]: target`), and HTML `href` and `src`.
fn links(text: &str) -> Vec<String> {
    let rest = scan(text).blanked;
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = rest[from..].find("](") {
        let start = from + at + 2;
        let mut depth = 0;
        let mut end = rest.len();
        for (offset, c) in rest[start..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' if depth == 0 => {
                    end = start + offset;
                    break;
                }
                ')' => depth -= 1,
                _ => {}
            }
        }
        let inside = rest[start..end].trim();
        let target = match inside.strip_prefix('<') {
            Some(angled) => angled.split('>').next().unwrap_or(""),
            None => inside.split_whitespace().next().unwrap_or(""),
        };
        found.push(target.to_string());
        from = end;
    }
    for line in rest.lines() {
        let line = line.trim_start();
        if let Some(label_end) = line.strip_prefix('[').and_then(|l| l.find("]:")) {
            let target = line[label_end + 3..].split_whitespace().next().unwrap_or("");
            found.push(target.trim_start_matches('<').trim_end_matches('>').to_string());
        }
    }
    for attribute in ["href=\"", "src=\""] {
        let mut from = 0;
        while let Some(at) = rest[from..].find(attribute) {
            let start = from + at + attribute.len();
            let end = rest[start..].find('"').map_or(rest.len(), |e| start + e);
            found.push(rest[start..end].to_string());
            from = end;
        }
    }
    found.retain(|target| !target.is_empty());
    found
}

/// Whether a link leaves the repository: it has a scheme (`https:`, `mailto:`) or a host (`//`).
fn is_external(target: &str) -> bool {
    if target.starts_with("//") {
        return true;
    }
    match target.find(':') {
        Some(colon) => {
            let scheme = &target[..colon];
            !scheme.is_empty()
                && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
        }
        None => false,
    }
}

/// The anchor GitHub gives a heading: its text as shown, lowercased, with everything but letters,
/// digits, `_`, `-` and spaces dropped, and each space a `-`.
fn slug(heading: &str) -> String {
    // The text as shown: code spans keep their content, links their text, emphasis loses its marks.
    link_texts(&scan(heading).shown)
        .chars()
        .filter(|&c| c != '*')
        .flat_map(char::to_lowercase)
        .filter(|&c| c.is_alphanumeric() || c == '_' || c == '-' || c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// `[text](target)` as its text, an image as its description.
fn link_texts(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|c| open + c) else { break };
        let Some(end) = rest[close..].find(')').map(|e| close + e) else { break };
        let before = rest[..open].strip_suffix('!').unwrap_or(&rest[..open]);
        out.push_str(before);
        out.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The anchors of a document's headings (ATX headings outside code blocks), a repeated one
/// numbered as GitHub numbers it: `name`, `name-1`, `name-2`.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for paragraph in paragraphs(text) {
        for line in paragraph.text.lines() {
            let Some(heading) = heading(line) else { continue };
            let base = slug(heading);
            let mut anchor = base.clone();
            let mut n = 0;
            while found.contains(&anchor) {
                n += 1;
                anchor = format!("{base}-{n}");
            }
            found.insert(anchor);
        }
    }
    found
}

/// The text of an ATX heading (`## Text ##`), or None for another line.
fn heading(line: &str) -> Option<&str> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let line = line.trim_start_matches(' ');
    let level = line.chars().take_while(|&c| c == '#').count();
    if !(1..=6).contains(&level) {
        return None;
    }
    let rest = &line[level..];
    if !(rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\t')) {
        return None;
    }
    let rest = rest.trim();
    // A closing run of #, after a space, is not part of the text.
    let text = match rest.trim_end_matches('#') {
        stripped if stripped.is_empty() || stripped.ends_with(' ') => stripped.trim_end(),
        _ => rest,
    };
    Some(text)
}

/// What a name in backticks asks of the repository, by the rule at the top of this file.
#[derive(Debug, PartialEq)]
enum Named<'a> {
    /// Not a repository path, or one written on purpose that is not in the repository.
    Nothing,
    /// A path from the repository's root; a folder when it ends in `/`.
    Path(&'a str),
    /// A file's name, which some file of the repository has.
    FileName(&'a str),
}

fn named(span: &str) -> Named<'_> {
    let path_like = !span.is_empty()
        && span.chars().all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c))
        && !span.starts_with('/')
        && !span.starts_with('.');
    if !path_like {
        return Named::Nothing;
    }
    if NOT_IN_REPOSITORY.iter().any(|name| span == *name || (name.ends_with('/') && span.starts_with(name))) {
        return Named::Nothing;
    }
    if span.contains('/') {
        // The path up to a placeholder (a segment in capitals alone), as a folder.
        let mut end = span.len();
        let mut offset = 0;
        for segment in span.split('/') {
            let placeholder = !segment.is_empty()
                && segment.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
                && segment.chars().any(|c| c.is_ascii_uppercase());
            if placeholder {
                end = offset;
                break;
            }
            offset += segment.len() + 1;
        }
        return if end == 0 { Named::Nothing } else { Named::Path(&span[..end]) };
    }
    match span.rsplit_once('.') {
        Some((stem, extension)) if !stem.is_empty() && EXTENSIONS.split(' ').any(|e| e == extension) => {
            Named::FileName(span)
        }
        _ => Named::Nothing,
    }
}

/// `path` with `.` and `..` worked out, without asking the file system.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The documents checked: the README and every Markdown file of `docs/`, with their text.
fn documents(root: &Path) -> Vec<(PathBuf, String)> {
    let mut paths = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .expect("the docs folder can be read")
        .map(|entry| entry.expect("a docs entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    paths.extend(docs);
    paths
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{} cannot be read: {e}", path.display()));
            (path, text)
        })
        .collect()
}

/// Every file name in the repository, leaving out what is made rather than written.
fn file_names(dir: &Path, names: &mut BTreeSet<String>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() {
            if !NOT_SEARCHED.contains(&name.as_str()) {
                file_names(&path, names);
            }
        } else {
            names.insert(name);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `file:line` for a message, the file relative to the repository.
fn place(root: &Path, path: &Path, line: usize) -> String {
    format!("{}:{line}", path.strip_prefix(root).unwrap_or(path).display())
}

#[test]
fn every_relative_link_reaches_a_file_and_a_heading() {
    let root = root();
    let mut broken = Vec::new();
    for (path, text) in documents(&root) {
        let folder = path.parent().expect("a document is in a folder");
        for paragraph in paragraphs(&text) {
            for target in links(&paragraph.text) {
                if is_external(&target) {
                    continue;
                }
                let (file, anchor) = match target.split_once('#') {
                    Some((file, anchor)) => (file, Some(anchor)),
                    None => (target.as_str(), None),
                };
                let at = place(&root, &path, paragraph.line);
                let linked = if file.is_empty() { path.clone() } else { normal(&folder.join(file)) };
                if !linked.exists() {
                    broken.push(format!(
                        "{at}: {target}: there is no {}",
                        place(&root, &linked, 0).trim_end_matches(":0")
                    ));
                    continue;
                }
                let Some(anchor) = anchor else { continue };
                if linked.extension().and_then(|e| e.to_str()) != Some("md") {
                    broken.push(format!("{at}: {target}: an anchor in a file that is not Markdown"));
                    continue;
                }
                let headings = anchors(&fs::read_to_string(&linked).expect("a linked document can be read"));
                if !headings.contains(anchor) {
                    broken.push(format!("{at}: {target}: no heading has the anchor #{anchor}"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "links that lead nowhere:\n{}", broken.join("\n"));
}

#[test]
fn every_file_and_folder_named_in_backticks_exists() {
    let root = root();
    let mut names = BTreeSet::new();
    file_names(&root, &mut names);
    let mut missing = Vec::new();
    for (path, text) in documents(&root) {
        for paragraph in paragraphs(&text) {
            for span in code_spans(&paragraph.text) {
                let at = place(&root, &path, paragraph.line);
                match named(&span) {
                    Named::Nothing => {}
                    Named::Path(named) => {
                        let full = root.join(named);
                        let found = if named.ends_with('/') { full.is_dir() } else { full.exists() };
                        if !found {
                            missing.push(format!("{at}: `{span}` is not in the repository"));
                        }
                    }
                    Named::FileName(name) => {
                        if !names.contains(name) {
                            missing.push(format!("{at}: `{span}`: no file of the repository has this name"));
                        }
                    }
                }
            }
        }
    }
    assert!(missing.is_empty(), "names of files that do not exist:\n{}", missing.join("\n"));
}

#[test]
fn the_readme_is_read_in_five_minutes() {
    let text = fs::read_to_string(root().join("README.md")).expect("the README can be read");
    let lines = text.lines().count();
    assert!(
        lines <= README_MOST_LINES,
        "README.md has {lines} lines, more than {README_MOST_LINES}: move the detail to docs/"
    );
}

// ── The reading itself ─────────────────────────────────────────────────────────────────────────

#[test]
fn prose_is_read_by_paragraph_and_fenced_code_is_left_out() {
    let text = "# Title\n\nOne line\nand the next.\n\n```sh\n`not/read` [x](nowhere)\n```\n~~~~\n```\nstill code\n~~~~\nAfter.\n";
    let found = paragraphs(text);
    let texts: Vec<(usize, &str)> = found.iter().map(|p| (p.line, p.text.as_str())).collect();
    assert_eq!(texts, [(1, "# Title"), (3, "One line\nand the next."), (13, "After.")]);
    // Indented four spaces, three backticks are not a fence.
    assert_eq!(paragraphs("    ```\nx")[0].text, "    ```\nx");
}

#[test]
fn code_spans_are_found_across_lines_and_with_longer_runs() {
    assert_eq!(code_spans("see `src/rules/` and `www/board/view.js`."), ["src/rules/", "www/board/view.js"]);
    assert_eq!(code_spans("runs of `walak bench\n--games 4`"), ["walak bench --games 4"]);
    assert_eq!(code_spans("``a ` b`` and `` `x` ``"), ["a ` b", "`x`"]);
    assert_eq!(code_spans("a lone ` backtick"), Vec::<String>::new());
}

#[test]
fn links_are_found_outside_code_spans() {
    let text = "[a](docs/rules.md) ![pic](docs/x.png \"title\") [b](<docs/a b.md>) [c](https://x.org/(y))\n\
                `[not](a-link)` <a href=\"api.md#errors\">x</a> <img src=\"pic.png\">\n[ref]: testing.md#fuzzing";
    assert_eq!(
        links(text),
        [
            "docs/rules.md",
            "docs/x.png",
            "docs/a b.md",
            "https://x.org/(y)",
            "testing.md#fuzzing",
            "api.md#errors",
            "pic.png"
        ]
    );
    assert!(is_external("https://example.org/") && is_external("mailto:a@b.c") && is_external("//cdn.example"));
    assert!(!is_external("docs/rules.md") && !is_external("#the-stages") && !is_external("rules.md#a:b"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(slug("The computer's engine: size against speed"), "the-computers-engine-size-against-speed");
    assert_eq!(slug("`walak serve`"), "walak-serve");
    assert_eq!(slug("Links and embeds — for authors"), "links-and-embeds--for-authors");
    assert_eq!(slug("**Bold** and [a link](x.md) in `src/solve/`"), "bold-and-a-link-in-srcsolve");
    assert_eq!(slug("snake_case and 10 × 20"), "snake_case-and-10--20");
    let text = "# Top\n## Figures ##\n```\n# Not a heading\n```\n## Figures\n#Not either\n    # Nor this\n";
    let found: Vec<String> = anchors(text).into_iter().collect();
    assert_eq!(found, ["figures", "figures-1", "top"]);
}

#[test]
fn names_in_backticks_are_read_as_paths_by_the_rule() {
    assert_eq!(named("www/board/view.js"), Named::Path("www/board/view.js"));
    assert_eq!(named("src/solve/"), Named::Path("src/solve/"));
    assert_eq!(named("fuzz/regressions/TARGET/"), Named::Path("fuzz/regressions/"));
    assert_eq!(named("lesson.rs"), Named::FileName("lesson.rs"));
    assert_eq!(named("Cargo.toml"), Named::FileName("Cargo.toml"));
    for not_a_path in [
        "/live",
        "../shared/vectors/",
        "dist/",
        "dist/index.html",
        "target/release/walak",
        "walak serve",
        "ws://HOST:PORT/live",
        "walak::Link",
        "e.message",
        "www/i18n/<code>.js",
        "OLD/x",
        "+6",
        "walak-pussa.game",
    ] {
        assert_eq!(named(not_a_path), Named::Nothing, "{not_a_path}");
    }
}

#[test]
fn relative_paths_are_worked_out_without_the_file_system() {
    assert_eq!(normal(Path::new("docs/../README.md")), PathBuf::from("README.md"));
    assert_eq!(normal(Path::new("docs/./rules.md")), PathBuf::from("docs/rules.md"));
}
