//! The connection layer over real sockets: a client that sends its headers
//! slowly, or nothing at all, is closed within 30 s with the default
//! limits; at most `max_connections` are served at once; ordinary
//! requests, keep-alive included, are unaffected.

use std::time::Duration;

use server::http::connections::{ConnectionLimits, serve};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::harness::{Backend, TestApp};

/// Serves the whole app on a free port with `limits`; returns its address
/// and the sender that stops it.
async fn start(app: &TestApp, limits: ConnectionLimits) -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let router = server::build_router(app.state.clone());
    tokio::spawn(serve(listener, router, limits, async {
        let _ = stopped.await;
    }));
    (addr, stop)
}

/// Reads until the server closes the connection; what it sent.
async fn read_to_close(stream: &mut TcpStream) -> String {
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Sends a whole request and reads its response head.
async fn get_healthz(stream: &mut TcpStream) -> String {
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").await.unwrap();
    let mut buf = [0u8; 4096];
    let n = stream.read(&mut buf).await.unwrap();
    String::from_utf8_lossy(&buf[..n]).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_headers_are_closed_within_30_seconds() {
    let Some(app) = TestApp::start(Backend::Sqlite).await else { return };
    let limits = ConnectionLimits::default();
    assert!(limits.header_read_timeout <= Duration::from_secs(30), "the default closes slow clients within 30 s");
    let (addr, stop) = start(&app, limits).await;

    // One header line a second, for ever: closed within 30 s.
    let mut slow = TcpStream::connect(addr).await.unwrap();
    let (mut reader, mut writer) = slow.split();
    let dripping = async {
        writer.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        for i in 0.. {
            tokio::time::sleep(Duration::from_secs(1)).await;
            if writer.write_all(format!("X-Drip-{i}: {i}\r\n").as_bytes()).await.is_err() {
                break;
            }
        }
    };
    let closed = async {
        let mut buf = [0u8; 1024];
        loop {
            match reader.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
        }
    };
    let outcome = tokio::time::timeout(Duration::from_secs(30), async {
        tokio::select! {
            () = closed => "closed",
            () = dripping => "the server kept reading",
        }
    })
    .await;
    assert_eq!(outcome, Ok("closed"), "a slow-header client is closed within 30 s");

    // A client that connects and sends nothing: closed too.
    let mut silent = TcpStream::connect(addr).await.unwrap();
    let silent_closed = tokio::time::timeout(Duration::from_secs(30), read_to_close(&mut silent)).await;
    assert!(silent_closed.is_ok(), "a silent connection is closed within 30 s");

    // Ordinary requests, two on one kept-alive connection, are answered.
    let mut ok = TcpStream::connect(addr).await.unwrap();
    assert!(get_healthz(&mut ok).await.starts_with("HTTP/1.1 200"));
    assert!(get_healthz(&mut ok).await.starts_with("HTTP/1.1 200"), "keep-alive");
    let _ = stop.send(());
    app.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_the_cap_wait_for_a_free_slot() {
    let Some(app) = TestApp::start(Backend::Sqlite).await else { return };
    let limits = ConnectionLimits { max_connections: 2, ..ConnectionLimits::default() };
    let (addr, stop) = start(&app, limits).await;
    let mut first = TcpStream::connect(addr).await.unwrap();
    let mut second = TcpStream::connect(addr).await.unwrap();
    assert!(get_healthz(&mut first).await.starts_with("HTTP/1.1 200"));
    assert!(get_healthz(&mut second).await.starts_with("HTTP/1.1 200"));

    // A third connection is not served while both slots are taken...
    let mut third = TcpStream::connect(addr).await.unwrap();
    third.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").await.unwrap();
    let mut buf = [0u8; 1024];
    let early = tokio::time::timeout(Duration::from_millis(500), third.read(&mut buf)).await;
    assert!(early.is_err(), "no answer while two connections are open");
    // ...and is as soon as one closes.
    drop(first);
    let n = tokio::time::timeout(Duration::from_secs(10), third.read(&mut buf)).await.expect("served").unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    let _ = stop.send(());
    app.finish().await;
}
