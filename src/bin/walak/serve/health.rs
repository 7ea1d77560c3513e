//! What a load balancer and a monitoring system ask the server: `/healthz`, whether this process
//! can serve now (it answers, and reaches where its rooms are kept), and `/metrics`, its counters
//! in Prometheus' text format (docs/hosting.md says what each means). Neither is ever cached.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::metrics::metrics;
use super::server::Server;
use super::store::Store;

/// `GET /healthz`: 200 `{"ok":true,"store":"memory"}`, or 503 with `"ok":false` and the
/// `reason` the store cannot be reached.
pub async fn healthz<S: Store>(State(server): State<Arc<Server<S>>>) -> Response {
    let store = server.store.name();
    let (status, body) = match server.store.reachable().await {
        Ok(()) => (StatusCode::OK, json!({"ok": true, "store": store})),
        Err(reason) => (StatusCode::SERVICE_UNAVAILABLE, json!({"ok": false, "store": store, "reason": reason})),
    };
    (status, [(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-store")], body.to_string())
        .into_response()
}

/// `GET /metrics`: the counters, and the rooms the store holds now.
pub async fn exposition<S: Store>(State(server): State<Arc<Server<S>>>) -> Response {
    let rooms = server.store.count_rooms().await.ok();
    let text = metrics().exposition(server.store.name(), rooms);
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"), (header::CACHE_CONTROL, "no-store")], text)
        .into_response()
}
