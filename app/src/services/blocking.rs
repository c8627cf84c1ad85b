//! CPU work of a request, run where it costs least: small work on the
//! request's own task (handing it to the blocking pool cost more in thread
//! switches than the work under load), large work on the blocking pool, so
//! that it never holds up the requests sharing its worker thread.

use super::error::{Result, ServiceError};

/// Runs `work` inline when `small`, else on the blocking pool.
pub(crate) async fn run<T: Send + 'static>(small: bool, work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    if small { Ok(work()) } else { tokio::task::spawn_blocking(work).await.map_err(ServiceError::internal) }
}
