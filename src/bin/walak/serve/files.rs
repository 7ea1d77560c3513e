//! What goes with the page's files: how long a browser may keep each, that it must take their
//! types as sent, and which paths are not looked up at all.

use axum::extract::Request;
use axum::http::header::{CACHE_CONTROL, X_CONTENT_TYPE_OPTIONS};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

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

#[cfg(test)]
mod tests {
    use super::has_content_hash;

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
