//! The reasons the server refuses a frame for, one list (`walak::live::reason::REASONS`, which the
//! library's own tests hold to every `kind()` it returns), checked against what tells them to
//! people: the protocol's documentation and the page's words in every language.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;
use std::path::Path;

use walak::live::reason::REASONS;

fn read(path: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn server() -> BTreeSet<&'static str> {
    REASONS.iter().copied().collect()
}

/// The names in backticks of `text`, leaving out what is said in parentheses.
fn code_spans(text: &str) -> BTreeSet<String> {
    let (mut plain, mut depth) = (String::new(), 0usize);
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

/// The reasons docs/live-protocol.md lists: the sentence "`reason` is one of: …".
fn documented() -> BTreeSet<String> {
    let doc = read("docs/live-protocol.md");
    let start = doc.find("`reason` is one of:").expect("docs/live-protocol.md lists the reasons");
    let rest = &doc[start + "`reason` is one of:".len()..];
    let end = rest.find("`message`").expect("the list of reasons ends before `message` is told");
    code_spans(&rest[..end])
}

/// What `www/live/live-words.js` words each reason with: its own message key, or the one for
/// the frames the server could not read.
fn page_words() -> Vec<(String, String)> {
    let words = read("www/live/live-words.js");
    let block = |start: &str, end: &str| -> String {
        let from = words.find(start).unwrap_or_else(|| panic!("live-words.js has {start}"));
        let rest = &words[from + start.len()..];
        rest[..rest.find(end).expect("the block ends")].to_string()
    };
    let mut found = Vec::new();
    for line in block("const REASONS = {", "};").lines() {
        let Some((reason, key)) = line.trim().trim_end_matches(',').split_once(':') else { continue };
        found.push((reason.trim().trim_matches('"').to_string(), key.trim().trim_matches('"').to_string()));
    }
    for reason in block("const UNREADABLE = new Set([", "]);").split(',') {
        let reason = reason.trim().trim_matches('"');
        if !reason.is_empty() {
            found.push((reason.to_string(), "live.refused.unreadable".to_string()));
        }
    }
    found
}

/// The languages' tables, as `www/i18n/languages.js` lists them: each code and its table's text.
fn tables() -> Vec<(String, String)> {
    let languages = read("www/i18n/languages.js");
    let codes: Vec<String> =
        languages.split("code: \"").skip(1).map(|rest| rest[..rest.find('"').unwrap()].to_string()).collect();
    assert!(codes.len() >= 2 && codes.contains(&"en".to_string()), "languages.js lists {codes:?}");
    codes.into_iter().map(|code| (code.clone(), read(&format!("www/i18n/{code}.js")))).collect()
}

#[test]
fn the_protocol_documents_every_reason_and_no_other() {
    let documented = documented();
    let server = server();
    let missing: Vec<_> = server.iter().filter(|reason| !documented.contains(**reason)).collect();
    assert!(missing.is_empty(), "docs/live-protocol.md does not list {missing:?}");
    let unsent: Vec<_> = documented.iter().filter(|reason| !server.contains(reason.as_str())).collect();
    assert!(unsent.is_empty(), "docs/live-protocol.md lists {unsent:?}, which the server never sends");
}

#[test]
fn the_page_words_every_reason_in_every_language() {
    let words = page_words();
    let worded: BTreeSet<&str> = words.iter().map(|(reason, _)| reason.as_str()).collect();
    let server = server();
    let missing: Vec<_> = server.iter().filter(|reason| !worded.contains(**reason)).collect();
    assert!(missing.is_empty(), "www/live/live-words.js does not word {missing:?}");
    let unsent: Vec<_> = worded.iter().filter(|reason| !server.contains(**reason)).collect();
    assert!(unsent.is_empty(), "www/live/live-words.js words {unsent:?}, which the server never sends");
    for (code, table) in tables() {
        for (reason, key) in &words {
            assert!(table.contains(&format!("\"{key}\":")), "www/i18n/{code}.js has no {key}, for {reason}");
        }
    }
}

#[test]
fn the_readings_find_what_they_must() {
    let spans = code_spans("`stale` (sent twice, or `create`/`join` first), `full`, and `bad_field`.");
    assert_eq!(spans, ["bad_field", "full", "stale"].map(String::from).into());
    assert!(documented().contains("no_such_room"));
    assert!(page_words().contains(&("not_json".to_string(), "live.refused.unreadable".to_string())));
    assert!(page_words().contains(&("flood".to_string(), "live.refused.flood".to_string())));
}
