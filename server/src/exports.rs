//! The process cache of the leaderboard's whole-board exports (the JSON
//! and the CSVs of `/api/v1/leaderboard`): each is serialized and
//! compressed (gzip and brotli) once per board version and process, off
//! the async workers, then served from here as it is. At 100,000
//! submissions the JSON is tens of megabytes: compressing it at every
//! request took half a second of CPU each.
//!
//! Requests that find an export missing share one computation, which runs
//! to the end even when they all hang up. Only the current version's
//! exports are kept: making one of a version drops those of older ones.

use std::fmt;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::body::Bytes;
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared};

/// A content coding an export is kept in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Identity,
    Gzip,
    Brotli,
}

impl Coding {
    /// Its `Content-Encoding` (`None` for identity, which is sent without one).
    pub fn content_encoding(self) -> Option<&'static str> {
        match self {
            Self::Identity => None,
            Self::Gzip => Some("gzip"),
            Self::Brotli => Some("br"),
        }
    }
}

/// One export in every coding it is sent in.
#[derive(Debug)]
pub struct Encoded {
    identity: Bytes,
    gzip: Bytes,
    brotli: Bytes,
}

/// Brotli's quality (0-11): at 4 a 59 MB board JSON is a fifth smaller
/// than with gzip's default level and takes less time; each step above
/// costs far more time than it saves bytes (BENCHMARKS.md).
const BROTLI_QUALITY: i32 = 4;
/// Brotli's window (log2 of its size): 4 MB, the most browsers accept.
const BROTLI_WINDOW: i32 = 22;

impl Encoded {
    /// `body` and its gzip and brotli forms, compressed side by side (two
    /// threads: this runs on a blocking thread, never an async worker).
    pub fn compress(body: Vec<u8>) -> std::io::Result<Self> {
        let (gzip, brotli) = std::thread::scope(|s| {
            let gzip = s.spawn(|| gzip(&body));
            let brotli = brotli(&body);
            (gzip.join().unwrap_or_else(|_| Err(std::io::Error::other("gzip panicked"))), brotli)
        });
        Ok(Self { identity: Bytes::from(body), gzip: Bytes::from(gzip?), brotli: Bytes::from(brotli?) })
    }

    /// The export in `coding`.
    pub fn get(&self, coding: Coding) -> &Bytes {
        match coding {
            Coding::Identity => &self.identity,
            Coding::Gzip => &self.gzip,
            Coding::Brotli => &self.brotli,
        }
    }
}

fn gzip(body: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(body.len() / 8), flate2::Compression::default());
    encoder.write_all(body)?;
    encoder.finish()
}

fn brotli(body: &[u8]) -> std::io::Result<Vec<u8>> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: BROTLI_QUALITY,
        lgwin: BROTLI_WINDOW,
        size_hint: body.len(),
        ..Default::default()
    };
    let mut out = Vec::with_capacity(body.len() / 8);
    brotli::BrotliCompress(&mut &body[..], &mut out, &params)?;
    Ok(out)
}

/// Why an export could not be made (logged by the caller; the cache
/// forgets the failed attempt).
pub type MakeError = Arc<anyhow::Error>;

/// An export being made or made: every request for it awaits this one
/// future, whose work runs on a blocking thread to its end regardless.
type Making = Shared<BoxFuture<'static, Result<Arc<Encoded>, MakeError>>>;

/// Export names a process keeps, with room for a version being replaced.
const EXPORT_CACHE_CAPACITY: u64 = 16;

/// The exports by name and board version (see the module's comment).
#[derive(Clone)]
pub struct ExportCache {
    exports: moka::sync::Cache<(&'static str, String), Making>,
    /// Exports made (serialized and compressed) since the process started.
    made: Arc<AtomicU64>,
}

impl Default for ExportCache {
    fn default() -> Self {
        Self { exports: moka::sync::Cache::new(EXPORT_CACHE_CAPACITY), made: Arc::default() }
    }
}

impl fmt::Debug for ExportCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExportCache").field("exports", &self.exports.entry_count()).field("made", &self.made()).finish()
    }
}

impl ExportCache {
    /// Export `name` of board `version`: the one made already, the one
    /// being made, or `make`'s body, made now and compressed on a blocking
    /// thread. Must be called inside the tokio runtime.
    pub async fn get_or_make(
        &self,
        name: &'static str,
        version: &str,
        make: impl Future<Output = anyhow::Result<Vec<u8>>> + Send + 'static,
    ) -> Result<Arc<Encoded>, MakeError> {
        let key = (name, version.to_owned());
        let making = self.exports.get_with(key.clone(), || {
            let made = Arc::clone(&self.made);
            // Spawned now, it runs whether or not anyone still waits; the
            // compression on a blocking thread.
            let task = tokio::spawn(async move {
                let body = make.await?;
                let encoded = tokio::task::spawn_blocking(move || Encoded::compress(body)).await??;
                made.fetch_add(1, Ordering::Relaxed);
                metrics::counter!("export_compressions_total", "export" => name).increment(1);
                Ok::<_, anyhow::Error>(Arc::new(encoded))
            });
            async move {
                match task.await {
                    Ok(made) => made.map_err(Arc::new),
                    Err(e) => Err(Arc::new(anyhow::Error::new(e))),
                }
            }
            .boxed()
            .shared()
        });
        let made = making.await;
        match &made {
            Ok(_) => self.keep_only(version),
            Err(_) => self.exports.invalidate(&key),
        }
        made
    }

    /// Drops the exports of every version older than `version` (tens of
    /// megabytes each: now, not at the cache's next maintenance); a newer
    /// one, perhaps being made, stays.
    fn keep_only(&self, version: &str) {
        let stale: Vec<_> = self
            .exports
            .iter()
            .filter(|(key, _)| app::domain::board::version_is_older(&key.1, version))
            .map(|(key, _)| key)
            .collect();
        if !stale.is_empty() {
            for key in stale {
                self.exports.invalidate(&*key);
            }
            self.exports.run_pending_tasks();
        }
    }

    /// How many exports this process has made (serialized and compressed).
    pub fn made(&self) -> u64 {
        self.made.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;
    use std::time::Duration;

    use super::*;

    fn body(text: &str) -> impl Future<Output = anyhow::Result<Vec<u8>>> + Send + 'static {
        let text = text.to_owned();
        async move { Ok(text.into_bytes()) }
    }

    fn kept(cache: &ExportCache) -> Vec<(&'static str, String)> {
        cache.exports.run_pending_tasks();
        let mut keys: Vec<_> = cache.exports.iter().map(|(k, _)| (*k).clone()).collect();
        keys.sort();
        keys
    }

    #[test]
    fn every_coding_decodes_to_the_body() {
        let text = "{\"rows\": [".to_owned() + &"{\"model\": \"Cedar-70B\", \"accuracy\": 0.6},".repeat(1000) + "]}";
        let encoded = Encoded::compress(text.clone().into_bytes()).unwrap();
        assert_eq!(encoded.get(Coding::Identity).as_ref(), text.as_bytes());
        let mut gunzipped = String::new();
        flate2::read::GzDecoder::new(&encoded.get(Coding::Gzip)[..]).read_to_string(&mut gunzipped).unwrap();
        assert_eq!(gunzipped, text);
        let mut unbrotlied = String::new();
        brotli::Decompressor::new(&encoded.get(Coding::Brotli)[..], 4096).read_to_string(&mut unbrotlied).unwrap();
        assert_eq!(unbrotlied, text);
        assert!(encoded.get(Coding::Brotli).len() < text.len() / 10, "compressed");
    }

    /// Requests that all find the export missing: one export made.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_version_is_made_once_however_many_ask() {
        let cache = ExportCache::default();
        let calls = Arc::new(AtomicU64::new(0));
        let requests: Vec<_> = (0..8)
            .map(|_| {
                let (cache, calls) = (cache.clone(), Arc::clone(&calls));
                tokio::spawn(async move {
                    let make = async move {
                        calls.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        Ok(b"board".to_vec())
                    };
                    cache.get_or_make("leaderboard.json", "7", make).await.unwrap()
                })
            })
            .collect();
        for request in requests {
            assert_eq!(request.await.unwrap().get(Coding::Identity).as_ref(), b"board");
        }
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert_eq!(cache.made(), 1);
        cache.get_or_make("leaderboard.json", "7", body("again")).await.unwrap();
        assert_eq!(cache.made(), 1, "served from the cache");
    }

    /// The first request hangs up while its export is being made: the work
    /// goes on and the next request gets it without making it again.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_hang_up_does_not_waste_the_work() {
        let cache = ExportCache::default();
        let first = {
            let cache = cache.clone();
            tokio::spawn(async move {
                let slow = async {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    Ok(b"slow".to_vec())
                };
                cache.get_or_make("leaderboard.csv", "1", slow).await.map(|_| ())
            })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        first.abort();
        let second = cache.get_or_make("leaderboard.csv", "1", body("second")).await.unwrap();
        assert_eq!(second.get(Coding::Identity).as_ref(), b"slow");
        assert_eq!(cache.made(), 1);
    }

    #[tokio::test]
    async fn only_the_current_version_is_kept() {
        let cache = ExportCache::default();
        cache.get_or_make("leaderboard.json", "1", body("one")).await.unwrap();
        cache.get_or_make("leaderboard.csv", "1", body("csv")).await.unwrap();
        assert_eq!(kept(&cache), [("leaderboard.csv", "1".into()), ("leaderboard.json", "1".into())]);
        let two = cache.get_or_make("leaderboard.json", "2", body("two")).await.unwrap();
        assert_eq!(two.get(Coding::Identity).as_ref(), b"two");
        assert_eq!(kept(&cache), [("leaderboard.json", "2".into())], "the other version's exports are gone");
        // A request that still held the older board does not drop the newer export.
        cache.get_or_make("leaderboard.csv", "1", body("late")).await.unwrap();
        assert!(kept(&cache).contains(&("leaderboard.json", "2".into())), "the newer one stays");
    }

    #[tokio::test]
    async fn a_failure_is_not_kept() {
        let cache = ExportCache::default();
        let failed = cache.get_or_make("leaderboard.json", "1", async { Err(anyhow::anyhow!("no board")) }).await;
        assert!(failed.is_err());
        let made = cache.get_or_make("leaderboard.json", "1", body("board")).await.unwrap();
        assert_eq!(made.get(Coding::Identity).as_ref(), b"board");
    }
}
