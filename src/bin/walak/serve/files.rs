//! The page's files: looked up inside the page's folder alone, text gzipped once per process,
//! each answer marked with how long a browser may keep it, that it must take its type as sent,
//! and (the page itself) the Content Security Policy and the files it asks for first; and the
//! paths that are not looked up at all.

use std::collections::HashMap;
use std::fs::Metadata;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::header::{
    ACCEPT_LANGUAGE, ALLOW, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_SECURITY_POLICY, CONTENT_TYPE, ETAG,
    IF_MODIFIED_SINCE, IF_NONE_MATCH, LINK, LOCATION, VARY, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use percent_encoding::percent_decode_str;
use tokio::sync::OnceCell;
use tower_http::services::ServeFile;
use tower_service::Service;

/// The longest part of a path looked up; the system's limit for a file name. Longer parts were
/// answered 500 by the file service (the system refuses the name), and no file has such a name.
const LONGEST_PART: usize = 255;

/// A file whose name carries its content's hash never changes: a year, and no asking again.
const FOREVER: &str = "public, max-age=31536000, immutable";
/// Any other file (the page, the service worker, the book…) may change with the next build: kept,
/// but asked for again each time (answered 304 while unchanged).
const ASK_AGAIN: &str = "no-cache";

/// Answers 404 to a path no file can have, and marks every answer: `nosniff`, and how long a
/// browser may keep it unless the answer says so itself (`/live` does).
pub async fn guard(request: Request, next: Next) -> Response {
    let path = request.uri().path();
    if path.split('/').any(|part| part.len() > LONGEST_PART) {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    }
    let cache = if has_content_hash(path) { FOREVER } else { ASK_AGAIN };
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if !headers.contains_key(CACHE_CONTROL) {
        headers.insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    }
    response
}

/// Whether the file's name carries a hash of its content, as the build names them: trunk's 16
/// hexadecimal digits (`walak-pussa-f076751df218a9f1_bg.wasm`, `69f31375e834afb7-loader.js`) or
/// esbuild's 8 base-32 capitals (`main-DB7K5TYB.js`).
fn has_content_hash(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or_default();
    let stem = name.split('.').next().unwrap_or_default();
    stem.split(['-', '_']).any(|part| {
        (part.len() == 16 && part.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
            || (part.len() == 8 && part.bytes().all(|b| b.is_ascii_uppercase() || (b'2'..=b'7').contains(&b)))
    })
}

/// The page's own Content Security Policy, as `index.html` carries it in a meta tag (a unit test
/// keeps the two the same), sent as a header with every HTML file too: a header also covers what
/// the browser does before it reaches the tag. Without `frame-ancestors`, and with no
/// `X-Frame-Options`: embeds are the page in other sites' frames.
const SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
img-src 'self'; font-src 'self'; connect-src 'self'; worker-src 'self'; frame-src 'self'; manifest-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'";

/// Files smaller than this go as they are: gzip would save less than its own header and the
/// `Content-Encoding` it needs.
const SMALLEST_GZIPPED: u64 = 256;

/// The page's folder, and the text files gzipped so far. A build made by the project's own hook
/// carries each text file compressed beside it (`.br` and `.gz`, at their best levels): those are
/// sent when the browser takes them and they are as new as the file. Any other file, in a folder
/// copied or edited by hand, is gzipped once (the first time a browser asks for it), at gzip's
/// best level since that is paid once, and kept in memory until the file changes or goes: one
/// entry per text file of the page, whatever the paths asked for, since only files that exist are
/// kept.
pub struct Page {
    /// The folder's real path (symbolic links resolved): every file served must be inside.
    root: PathBuf,
    gzipped: Mutex<HashMap<PathBuf, Arc<Gzipped>>>,
}

/// One file's gzipped bytes, for the version of it that was modified at `modified` with `len`
/// bytes: compressed by the first request that needs it, while the others wait for it.
struct Gzipped {
    modified: Option<SystemTime>,
    len: u64,
    bytes: OnceCell<Bytes>,
}

/// A file found, the build's compressed copies of it that are as new as it is, and for a page
/// the files it asks for first, as the build listed them.
struct FoundFile {
    path: PathBuf,
    metadata: Metadata,
    precompressed: Precompressed,
    first_requests: Option<HeaderValue>,
}

/// What a path names inside the page's folder.
enum Found {
    /// A file (boxed: the other variant is empty).
    File(Box<FoundFile>),
    /// A folder asked for without its final slash: the browser is sent to the slashed path, where
    /// the folder's `index.html` and its relative links work.
    Folder,
}

impl Page {
    pub fn new(dist: &str) -> Result<Page, String> {
        let root = Path::new(dist).canonicalize().map_err(|error| format!("cannot read {dist}: {error}"))?;
        Ok(Page { root, gzipped: Mutex::default() })
    }

    /// The file `request` names, or 404; 405 for a method other than GET and HEAD.
    pub async fn answer(self: Arc<Page>, request: Request) -> Response {
        if request.method() != Method::GET && request.method() != Method::HEAD {
            return (StatusCode::METHOD_NOT_ALLOWED, [(ALLOW, "GET, HEAD")]).into_response();
        }
        let path = request.uri().path();
        let Some(relative) = relative_path(path) else { return not_found() };
        let slashed = path.ends_with('/');
        let page = self.clone();
        // Read only if the file is a page (`first_requests`).
        let asked = Asked {
            query: request.uri().query().map(str::to_owned),
            accepted: request.headers().get(ACCEPT_LANGUAGE).cloned(),
        };
        let found =
            tokio::task::spawn_blocking(move || find(&page.root, &relative, slashed, &asked)).await.ok().flatten();
        let (file, metadata, precompressed, first_requests) = match found {
            Some(Found::File(found)) => (found.path, found.metadata, found.precompressed, found.first_requests),
            Some(Found::Folder) => {
                let query = request.uri().query().map(|query| format!("?{query}")).unwrap_or_default();
                let location = format!("{path}/{query}");
                return match HeaderValue::try_from(location) {
                    Ok(location) => (StatusCode::TEMPORARY_REDIRECT, [(LOCATION, location)]).into_response(),
                    Err(_) => not_found(),
                };
            }
            None => return not_found(),
        };

        let kind = kind_of(&file);
        let compressible = is_compressible(kind, &metadata);
        let coding = if compressible { choose_coding(request.headers(), &precompressed) } else { None };
        let tag = entity_tag(&metadata, coding);
        let mut headers = HeaderMap::new();
        headers.insert(ETAG, HeaderValue::try_from(tag.as_str()).expect("an entity tag is ASCII"));
        if compressible {
            headers.insert(VARY, HeaderValue::from_static("accept-encoding"));
        }
        if kind == "text/html" {
            headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(SECURITY_POLICY));
        }
        if let Some(links) = first_requests {
            // Which list goes depends on the language the request asks for, yet the answer does
            // not vary by `Accept-Language`: the service worker keeps the page by its address, and
            // a stored answer that varied would no longer match a visit's request (every returning
            // visit would go to the network). A cache that keeps one page for every language may
            // send one language's list to another: a hint, which costs a few kilobytes at most.
            headers.insert(LINK, links);
        }
        if none_match(request.headers(), &tag) {
            return (StatusCode::NOT_MODIFIED, headers).into_response();
        }

        if let Some(coding) = coding {
            let bytes = match coding {
                Coding::Brotli => read(precompressed.brotli).await,
                Coding::Gzip => match precompressed.gzip {
                    Some(copy) => read(Some(copy)).await,
                    None => self.clone().gzipped(file, &metadata).await,
                },
            };
            return match bytes {
                Some(bytes) => {
                    headers.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
                    headers.insert(CONTENT_ENCODING, HeaderValue::from_static(coding.name()));
                    (headers, bytes).into_response()
                }
                None => not_found(),
            };
        }
        // As it is, from the disk: ranges, HEAD and the type as tower-http serves a file. An
        // entity tag compared, a date, the weaker test, is not compared again (RFC 9110).
        let mut request = request;
        if request.headers().contains_key(IF_NONE_MATCH) {
            request.headers_mut().remove(IF_MODIFIED_SINCE);
        }
        let response = match ServeFile::new(&file).call(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        };
        let mut response = response.map(Body::new);
        if response.status().is_success() {
            response.headers_mut().extend(headers);
        }
        response
    }

    /// The file gzipped, compressed now if it was not yet or has changed since.
    async fn gzipped(self: Arc<Page>, file: PathBuf, metadata: &Metadata) -> Option<Bytes> {
        let (modified, len) = (metadata.modified().ok(), metadata.len());
        let entry = {
            let mut cache = self.gzipped.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let entry = cache
                .entry(file.clone())
                .or_insert_with(|| Arc::new(Gzipped { modified, len, bytes: OnceCell::new() }));
            if (entry.modified, entry.len) != (modified, len) {
                *entry = Arc::new(Gzipped { modified, len, bytes: OnceCell::new() });
            }
            entry.clone()
        };
        let bytes = entry.bytes.get_or_try_init(|| async move {
            let compressed = tokio::task::spawn_blocking(move || {
                // A new build in place names its files anew: the old ones' bytes go, rather than
                // pile up for as long as the process runs.
                self.gzipped.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).retain(|path, _| path.is_file());
                gzip(&file)
            });
            match compressed.await {
                Ok(Ok(bytes)) => Ok(Bytes::from(bytes)),
                _ => Err(()),
            }
        });
        bytes.await.ok().cloned()
    }
}

/// A compressed copy of a text file that the build wrote beside it: `name.br`, `name.gz`.
#[derive(Default)]
struct Precompressed {
    brotli: Option<PathBuf>,
    gzip: Option<PathBuf>,
}

/// How a file goes out: brotli (smaller by a fifth or so) where the browser takes it and the
/// build left a copy, else gzip.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Coding {
    Brotli,
    Gzip,
}

impl Coding {
    fn name(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
        }
    }
}

/// The coding to send a text file in: brotli if the browser takes it and there is a copy, else
/// gzip (a copy, or compressed here) if it takes that; `None`: the file as it is.
fn choose_coding(headers: &HeaderMap, precompressed: &Precompressed) -> Option<Coding> {
    if precompressed.brotli.is_some() && accepts(headers, &["br"]) {
        Some(Coding::Brotli)
    } else if accepts(headers, &["gzip", "x-gzip"]) {
        Some(Coding::Gzip)
    } else {
        None
    }
}

/// A compressed copy's bytes; `None` if it could not be read (gone since it was found).
async fn read(copy: Option<PathBuf>) -> Option<Bytes> {
    tokio::fs::read(copy?).await.ok().map(Bytes::from)
}

/// A URL's path as a path below the page's folder: decoded, with no part that climbs out of it
/// (`..`) or names another drive or root. `None` if it has one.
fn relative_path(path: &str) -> Option<PathBuf> {
    let decoded = percent_decode_str(path).decode_utf8().ok()?;
    let mut relative = PathBuf::new();
    for part in decoded.split('/').filter(|part| !part.is_empty() && *part != ".") {
        let plain = Path::new(part).components().all(|component| matches!(component, std::path::Component::Normal(_)));
        if part == ".." || part.contains(['\\', '\0', ':']) || !plain {
            return None;
        }
        relative.push(part);
    }
    Some(relative)
}

/// The file `relative` names, if its real path, symbolic links resolved, is inside `root`: a link
/// to a file of the page is followed, a link out of the folder is not found.
fn find(root: &Path, relative: &Path, slashed: bool, asked: &Asked) -> Option<Found> {
    let inside = |path: PathBuf| path.canonicalize().ok().filter(|real| real.starts_with(root));
    let mut file = inside(root.join(relative))?;
    let mut metadata = file.metadata().ok()?;
    if metadata.is_dir() {
        if !slashed {
            return Some(Found::Folder);
        }
        file = inside(file.join("index.html"))?;
        metadata = file.metadata().ok()?;
    } else if slashed {
        return None;
    }
    if !metadata.is_file() {
        return None;
    }
    // Copies are looked for only beside a file that goes compressed.
    let precompressed = if is_compressible(kind_of(&file), &metadata) {
        Precompressed {
            brotli: written_beside(root, &file, &metadata, "br"),
            gzip: written_beside(root, &file, &metadata, "gz"),
        }
    } else {
        Precompressed::default()
    };
    let first_requests =
        if kind_of(&file) == "text/html" { first_requests(root, &file, &metadata, asked) } else { None };
    Some(Found::File(Box::new(FoundFile { path: file, metadata, precompressed, first_requests })))
}

/// The `Link` header the build wrote beside a page (`index.html.links`): the files the page asks
/// for first, named to the browser with the page's answer so that it asks for them at once rather
/// than once it has read them in the page (a first visit on a slow phone was playable about 0.1 s
/// sooner: docs/measurements.md). In the first language `asked` for (`languages_asked`) that has a
/// list of its own (`index.html.si.links`: its words' files too), that one. None if there is
/// none, it is older than the page, or it is no header.
fn first_requests(root: &Path, file: &Path, metadata: &Metadata, asked: &Asked) -> Option<HeaderValue> {
    let languages = languages_asked(asked.query.as_deref(), asked.accepted.as_ref());
    let own = languages.iter().map_while(|code| (code != ENGLISH).then(|| format!("{code}.links")));
    let written = own.filter_map(|extension| written_beside(root, file, metadata, &extension)).next();
    let links = std::fs::read_to_string(written.or_else(|| written_beside(root, file, metadata, "links"))?).ok()?;
    HeaderValue::try_from(links.trim()).ok()
}

/// The page's own language, whose words are in the page: its first requests are the plain list.
const ENGLISH: &str = "en";

/// What of a request says which language it wants: its query (`lang=`) and `Accept-Language`.
struct Asked {
    query: Option<String>,
    accepted: Option<HeaderValue>,
}

/// The languages a request for the page may start it in, most wanted first, as the page chooses
/// (`startingLanguage`, www/i18n/languages.js): the address's `lang`, then the browser's
/// languages by their weight. A page's first visit has no language chosen before, which only the
/// page knows. Each is a primary language code, once (`pa` only in Gurmukhi, as the page offers it);
/// whether the page offers it is for the build's lists to say (`first_requests`). A wrong guess
/// costs the browser a few kilobytes it did not need.
fn languages_asked(query: Option<&str>, accepted: Option<&HeaderValue>) -> Vec<String> {
    let asked = query
        .into_iter()
        .flat_map(|query| query.split('&'))
        .filter_map(|pair| pair.strip_prefix("lang="))
        .filter(|code| is_language_code(code))
        .map(str::to_owned);
    let mut weighed: Vec<(f32, String)> = accepted
        .and_then(|value| value.to_str().ok())
        .into_iter()
        .flat_map(|value| value.split(','))
        .filter_map(|entry| {
            let mut parts = entry.split(';').map(str::trim);
            let tag = parts.next()?.to_ascii_lowercase();
            let weight = parts.find_map(|part| part.strip_prefix("q=")).map_or(Some(1.0), |q| q.parse::<f32>().ok())?;
            let mut subtags = tag.split(['-', '_']);
            let code = subtags.next()?.to_owned();
            // Punjabi in Shahmukhi (Pakistan) is another script than the page's.
            let shahmukhi = code == "pa" && subtags.any(|subtag| subtag == "arab" || subtag == "pk");
            (weight > 0.0 && is_language_code(&code) && !shahmukhi).then_some((weight, code))
        })
        .collect();
    // Stable: equal weights keep the browser's order.
    weighed.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut languages: Vec<String> = Vec::new();
    for code in asked.chain(weighed.into_iter().map(|(_, code)| code)) {
        if !languages.contains(&code) {
            languages.push(code);
        }
    }
    languages
}

/// Two or three small letters: a language's code, safe in a file's name.
fn is_language_code(code: &str) -> bool {
    (2..=3).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_lowercase())
}

/// What the build wrote beside `file` (`file.EXTENSION`: a compressed copy, the page's first
/// requests), if it is inside the page's folder and at least as new as the file: a file edited
/// after the build goes compressed from its new text, never as its old copy.
fn written_beside(root: &Path, file: &Path, metadata: &Metadata, extension: &str) -> Option<PathBuf> {
    let mut name = file.file_name()?.to_os_string();
    name.push(".");
    name.push(extension);
    let copy = file.with_file_name(name).canonicalize().ok().filter(|real| real.starts_with(root))?;
    let copied = copy.metadata().ok().filter(Metadata::is_file)?;
    (copied.modified().ok()? >= metadata.modified().ok()?).then_some(copy)
}

/// The file's type, by its name.
fn kind_of(file: &Path) -> &'static str {
    mime_guess::from_path(file).first_raw().unwrap_or("application/octet-stream")
}

/// Whether a file goes compressed: text, large enough for compression to pay.
fn is_compressible(kind: &str, metadata: &Metadata) -> bool {
    is_text(kind) && metadata.len() >= SMALLEST_GZIPPED
}

/// Whether a type is text, which gzip shrinks: the page's HTML, scripts, styles, engine (wasm),
/// book and pictures (SVG). Not the endgame table, which the build gzips itself, nor anything
/// compressed already.
fn is_text(kind: &str) -> bool {
    kind.starts_with("text/")
        || kind.ends_with("+json")
        || kind.ends_with("+xml")
        || matches!(kind, "application/javascript" | "application/json" | "application/wasm" | "application/xml")
}

/// Whether the request's `Accept-Encoding` takes one of `codings` (every browser's takes gzip and
/// brotli), by name or as `*`.
fn accepts(headers: &HeaderMap, codings: &[&str]) -> bool {
    let mut any = false;
    for value in headers.get_all(axum::http::header::ACCEPT_ENCODING).iter().filter_map(|value| value.to_str().ok()) {
        for item in value.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or_default().trim();
            let weight = parts
                .find_map(|part| part.trim().strip_prefix("q=").or_else(|| part.trim().strip_prefix("Q=")))
                .map_or(1.0, |weight| weight.trim().parse::<f32>().unwrap_or(0.0));
            if codings.iter().any(|name| coding.eq_ignore_ascii_case(name)) {
                return weight > 0.0;
            }
            if coding == "*" {
                any = weight > 0.0;
            }
        }
    }
    any
}

/// The file's entity tag: its modification time and size, as most servers make it, so that no
/// request reads the file to tell whether it changed; each coding a tag of its own.
fn entity_tag(metadata: &Metadata, coding: Option<Coding>) -> String {
    let modified = metadata.modified().ok().and_then(|time| time.duration_since(UNIX_EPOCH).ok());
    let nanos = modified.map_or(0, |time| time.as_nanos());
    let coding = coding.map(|coding| format!("-{}", coding.name())).unwrap_or_default();
    format!("\"{nanos:x}-{:x}{coding}\"", metadata.len())
}

/// Whether `If-None-Match` names `tag` (or any version, `*`): the browser's copy is current.
fn none_match(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|listed| listed.trim())
        .any(|listed| listed == "*" || listed.trim_start_matches("W/") == tag)
}

fn gzip(file: &Path) -> std::io::Result<Vec<u8>> {
    let mut text = Vec::new();
    std::fs::File::open(file)?.read_to_end(&mut text)?;
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(text.len() / 3), flate2::Compression::best());
    std::io::Write::write_all(&mut encoder, &text)?;
    encoder.finish()
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "no such file").into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_policy_is_the_pages_own() {
        let index = include_str!("../../../../index.html");
        let meta = index.split(r#"http-equiv="Content-Security-Policy""#).nth(1).expect("index.html has a policy");
        let policy = meta.split(r#"content=""#).nth(1).and_then(|rest| rest.split('"').next()).unwrap();
        assert_eq!(policy, SECURITY_POLICY);
    }

    #[test]
    fn the_languages_asked_are_the_address_s_then_the_browser_s_by_weight() {
        let asked = |query: Option<&str>, accepted: &str| {
            languages_asked(query, Some(&HeaderValue::from_str(accepted).unwrap()))
        };
        assert_eq!(asked(None, "si-LK,si;q=0.9,en-US;q=0.8,en;q=0.7"), ["si", "en"]);
        assert_eq!(asked(Some("lang=ur&theme=dark"), "si-LK, ur"), ["ur", "si"]);
        assert_eq!(asked(None, "en;q=0.5, ml, th;q=0.8"), ["ml", "th", "en"]);
        // Punjabi only in the page's script; nothing refused, nothing unreadable, no path in a name.
        assert_eq!(asked(None, "pa-PK, pa-Arab, th, pa-Guru-IN, pa"), ["th", "pa"]);
        assert_eq!(asked(Some("lang=../x&lang=SI"), "*, sl;q=0, x-klingon, th;q=abc, ur;q=0.1"), ["ur"]);
        assert!(languages_asked(None, None).is_empty());
    }

    #[test]
    fn paths_stay_inside_the_folder() {
        assert_eq!(relative_path("/"), Some(PathBuf::new()));
        assert_eq!(relative_path("/www/./style.css"), Some(PathBuf::from("www/style.css")));
        assert_eq!(relative_path("/www%2Fbook.txt"), Some(PathBuf::from("www/book.txt")));
        for outside in ["/../etc/passwd", "/www/%2e%2e/%2e%2e/etc/passwd", "/c:/x", "/a\\..\\b", "/%00", "/%ff"] {
            assert_eq!(relative_path(outside), None, "{outside}");
        }
    }

    #[test]
    fn codings_are_taken_as_browsers_ask_for_them() {
        let headers = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(axum::http::header::ACCEPT_ENCODING, value.parse().unwrap());
            headers
        };
        let gzip = |value: &str| accepts(&headers(value), &["gzip", "x-gzip"]);
        assert!(gzip("gzip, deflate, br, zstd"));
        assert!(gzip("br;q=1.0, gzip;q=0.8, *;q=0.1"));
        assert!(gzip("*"));
        assert!(!gzip("gzip;q=0"));
        assert!(!gzip("br"));
        assert!(!gzip("identity"));
        assert!(!accepts(&HeaderMap::new(), &["gzip"]));

        // Brotli only where the build left a copy; gzip otherwise, a copy or not.
        let copies = Precompressed { brotli: Some(PathBuf::from("a.js.br")), gzip: None };
        assert_eq!(choose_coding(&headers("gzip, deflate, br, zstd"), &copies), Some(Coding::Brotli));
        assert_eq!(choose_coding(&headers("gzip, br;q=0"), &copies), Some(Coding::Gzip));
        assert_eq!(choose_coding(&headers("gzip, deflate, br"), &Precompressed::default()), Some(Coding::Gzip));
        assert_eq!(choose_coding(&headers("identity"), &copies), None);
        assert!(is_text("application/wasm") && is_text("image/svg+xml") && is_text("text/javascript"));
        assert!(!is_text("application/gzip") && !is_text("application/octet-stream") && !is_text("image/png"));
    }

    #[test]
    fn the_builds_hashed_names_are_known() {
        for hashed in [
            "/walak-pussa-f076751df218a9f1.js",
            "/walak-pussa-f076751df218a9f1_bg.wasm",
            "/69f31375e834afb7-loader.js",
            "/www/computer-aec4d9948fe095fa.wasm",
            "/www/main-DB7K5TYB.js",
            "/www/style-YZVOAIVI.css",
            "/www/ml-YLENA2CL.js.map",
        ] {
            assert!(has_content_hash(hashed), "{hashed}");
        }
        for plain in [
            "/",
            "/index.html",
            "/service-worker.js",
            "/live",
            "/www/book.txt",
            "/www/endgames.bin.gz",
            "/www/favicon.svg",
        ] {
            assert!(!has_content_hash(plain), "{plain}");
        }
    }
}
