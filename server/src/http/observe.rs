//! Seeing a running server from outside: a request id on every response
//! and in every log line of its request, and Prometheus metrics (served
//! on their own address by `serve --metrics-addr`, never the public one).
//!
//! Metrics go through the `metrics` facade: with no recorder installed
//! (the tests, a server without `--metrics-addr`) recording costs a
//! branch and keeps nothing.

use std::time::Instant;

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tower_http::request_id::{MakeRequestId, RequestId};

use crate::state::AppState;

/// The header that carries a request's id, both ways.
pub static REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The longest request id taken from a request (a load balancer's own).
const MAX_INCOMING_ID: usize = 64;

/// Makes a request's id: 16 random bytes as hex.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomId;

impl MakeRequestId for RandomId {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        let bytes: [u8; 16] = rand::random();
        HeaderValue::from_str(&hex::encode(bytes)).ok().map(RequestId::new)
    }
}

/// Keeps a request id a load balancer set (HAProxy's `unique-id`, nginx's
/// `$request_id`) so that its logs and ours name a request alike, if it is
/// a plain token (letters, digits, `.`, `_`, `-`, `:`, at most 64): any
/// other is dropped, and a new one made, so that no client can write
/// arbitrary text into the logs through it.
pub async fn plain_request_id(mut req: Request, next: Next) -> Response {
    let plain = req.headers().get(&REQUEST_ID).is_some_and(|v| {
        let v = v.as_bytes();
        !v.is_empty()
            && v.len() <= MAX_INCOMING_ID
            && v.iter().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b':'))
    });
    if !plain {
        req.headers_mut().remove(&REQUEST_ID);
    }
    next.run(req).await
}

/// A request's span: its method, path and id, so that every log line
/// written while it is handled names it.
pub fn request_span(req: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    let id = req.headers().get(&REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("");
    tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id = %id)
}

/// The route a response answered, as the metrics name it: the router's
/// pattern (`/submissions/{id}`), never the path itself (one series per
/// submission would grow without end).
#[derive(Debug, Clone)]
pub struct RouteLabel(pub String);

/// The error code a response carries (`HttpError`), for the upload metrics.
#[derive(Debug, Clone, Copy)]
pub struct ErrorCode(pub &'static str);

/// Innermost: names the matched route on the response.
pub async fn label_route(req: Request, next: Next) -> Response {
    let route = req.extensions().get::<MatchedPath>().map(|p| p.as_str().to_owned());
    let mut resp = next.run(req).await;
    if let Some(route) = route {
        resp.extensions_mut().insert(RouteLabel(route));
    }
    resp
}

/// Outermost: counts every response by route, method and status, times
/// it, and counts uploads by outcome (`accepted`, `repeat`, or the error
/// code that refused them).
pub async fn record(req: Request, next: Next) -> Response {
    let (method, start) = (req.method().clone(), Instant::now());
    let resp = next.run(req).await;
    let route = resp.extensions().get::<RouteLabel>().map_or("other", |r| r.0.as_str()).to_owned();
    let status = resp.status();
    let elapsed = start.elapsed().as_secs_f64();
    let labels = [("route", route.clone()), ("method", method.to_string()), ("status", status.as_u16().to_string())];
    metrics::counter!("http_requests_total", &labels).increment(1);
    metrics::histogram!("http_request_duration_seconds", "route" => route.clone(), "method" => method.to_string())
        .record(elapsed);
    let upload = method == Method::POST && matches!(route.as_str(), "/api/v1/submissions" | "/upload");
    if upload {
        let outcome = match (status, resp.extensions().get::<ErrorCode>()) {
            (StatusCode::CREATED, _) => "accepted",
            (StatusCode::OK, _) => "repeat",
            (_, Some(code)) => code.0,
            (s, None) if s.is_redirection() => "accepted",
            (s, None) if s.is_client_error() => "refused",
            _ => "failed",
        };
        metrics::counter!("uploads_total", "outcome" => outcome).increment(1);
    }
    resp
}

/// Installs the process's Prometheus recorder; its handle renders the
/// metrics. Durations are histograms with buckets from 1 ms to 30 s.
pub fn install_recorder() -> anyhow::Result<PrometheusHandle> {
    const BUCKETS: [f64; 14] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &BUCKETS)?
        .install_recorder()?;
    metrics::describe_counter!("http_requests_total", "HTTP responses by route pattern, method and status");
    metrics::describe_histogram!(
        "http_request_duration_seconds",
        "time to the response's headers, by route and method"
    );
    metrics::describe_counter!("uploads_total", "uploads by outcome: accepted, repeat, or the error code");
    metrics::describe_counter!("board_computations_total", "boards computed (once per board version and process)");
    metrics::describe_histogram!("board_computation_seconds", "time to compute a board");
    metrics::describe_counter!(
        "board_pairs_tested_total",
        "pairwise tests run to rank boards (a version tests only the pairs of rows that changed)"
    );
    metrics::describe_counter!(
        "export_compressions_total",
        "whole-board exports serialized and compressed, by export (once per board version and process)"
    );
    metrics::describe_gauge!("db_pool_connections", "database connections by pool and state (open, idle)");
    metrics::describe_gauge!(
        "key_rescoring_pending",
        "submissions still to be scored on a corrected key's newest version"
    );
    Ok(handle)
}

/// The metrics address's router: `GET /metrics` (Prometheus text), with
/// the gauges read at scrape time (the pools, re-scoring progress).
pub fn metrics_router(state: AppState, handle: PrometheusHandle) -> Router {
    Router::new()
        .route(
            "/metrics",
            get(move |State(state): State<AppState>| {
                let handle = handle.clone();
                async move {
                    for (pool, open, idle) in app::services::database::pool_use(&state.db) {
                        metrics::gauge!("db_pool_connections", "pool" => pool, "state" => "open").set(open as f64);
                        metrics::gauge!("db_pool_connections", "pool" => pool, "state" => "idle").set(idle as f64);
                    }
                    match app::services::key_versions::rescoring_pending(&state.db).await {
                        Ok(keys) => {
                            for (key, pending) in keys {
                                metrics::gauge!("key_rescoring_pending", "key" => key).set(pending as f64);
                            }
                        }
                        Err(e) => tracing::warn!(error = %e, "re-scoring progress unreadable for the metrics"),
                    }
                    handle.run_upkeep();
                    let content_type = HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8");
                    ([(header::CONTENT_TYPE, content_type)], handle.render()).into_response()
                }
            }),
        )
        .with_state(state)
}
