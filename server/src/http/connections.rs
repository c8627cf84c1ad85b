//! Accepting connections: HTTP/1.1 with a deadline for each request's
//! headers and a cap on open connections.
//!
//! The request timeout (`TimeoutLayer`) starts only once a request's
//! headers are complete, so it cannot stop a client that sends one header
//! line a second, or connects and sends nothing: each such connection
//! would stay open for ever, and a few hundred of them hold the server's
//! sockets. Here every connection must finish each request's headers
//! within [`ConnectionLimits::header_read_timeout`] (also the time an
//! idle keep-alive connection is kept), and at most
//! [`ConnectionLimits::max_connections`] are served at once: past that,
//! new connections wait in the listen backlog until one closes.
//!
//! The server speaks plain HTTP/1.1 (a TLS-terminating proxy in front
//! speaks HTTP/2 to browsers). Every connection sets TCP_NODELAY: a small
//! response written in two pieces (head, body) must not wait on Nagle's
//! algorithm and the client's delayed ACK (that cost a steady ~44 ms per
//! static file under load; see BENCHMARKS.md).

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// Limits on connections, whatever their requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Time allowed for a request's headers (and for an idle keep-alive
    /// connection's next request) before the connection is closed.
    pub header_read_timeout: Duration,
    /// Connections served at once.
    pub max_connections: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self { header_read_timeout: Duration::from_secs(10), max_connections: 1024 }
    }
}

/// Sets TCP_NODELAY on an accepted connection.
fn no_delay(stream: &tokio::net::TcpStream) {
    if let Err(e) = stream.set_nodelay(true) {
        tracing::debug!(error = %e, "cannot set TCP_NODELAY");
    }
}

/// How long open connections may take to finish once shutdown starts.
const DRAIN: Duration = Duration::from_secs(30);

/// Serves `router` on `listener` until `shutdown` completes, then lets open
/// connections finish their requests (up to 30 s).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => slot.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors and the like: wait, do not spin.
                tracing::warn!(error = %e, "cannot accept a connection");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        no_delay(&stream);
        let service = router.clone().map_request(move |mut req: axum::http::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            req
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_read_timeout)
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, %peer, "connection closed with an error");
            }
            drop(slot);
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(DRAIN) => tracing::warn!("open connections did not finish within {DRAIN:?}"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn accepted_connections_do_not_wait_for_nagle() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let client = tokio::spawn(tokio::net::TcpStream::connect(addr));
        let (stream, _) = listener.accept().await.unwrap();
        super::no_delay(&stream);
        assert!(stream.nodelay().unwrap(), "TCP_NODELAY on the server's side of the connection");
        client.await.unwrap().unwrap();
    }
}
