//! Password hashing with bounded work: argon2id with stated parameters, a
//! fixed number of hashes at once, each in a memory block kept for it, and
//! a bounded queue of waiters (past it the caller is told to come back).
//!
//! New hashes use [`MEMORY_KIB`] KiB (19 MiB), [`PASSES`] passes and one
//! lane: OWASP's first argon2id choice, and what the `argon2` crate's
//! defaults were when the server's first hashes were made, so every
//! stored hash verifies with them. A stored hash is read with the
//! parameters its PHC string carries, up to [`MAX_STORED_MEMORY_KIB`],
//! [`MAX_STORED_PASSES`] passes and [`MAX_STORED_LANES`] lanes (a hash
//! asking more never matches).
//!
//! Memory: [`HASHES_AT_ONCE`] blocks of [`MEMORY_KIB`] KiB, made once and
//! used again, so a flood of logins leaves no more resident than that
//! (a fresh block per hash on ever new blocking threads left hundreds of
//! MiB with the system's allocator). Time: a waiter waits for at most
//! [`MAX_WAITING`] hashes ahead of it; more callers get
//! [`HashError::Busy`] at once.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use tokio::sync::Semaphore;

/// Memory of a new hash, in KiB (19 MiB).
pub const MEMORY_KIB: u32 = 19 * 1024;
/// Passes over the memory of a new hash.
pub const PASSES: u32 = 2;
/// Lanes (parallelism) of a new hash.
pub const LANES: u32 = 1;
/// Bytes of a new hash's output.
pub const OUTPUT_BYTES: usize = 32;

/// The most memory a stored hash may ask to be verified, in KiB.
pub const MAX_STORED_MEMORY_KIB: u32 = 64 * 1024;
/// The most passes a stored hash may ask.
pub const MAX_STORED_PASSES: u32 = 10;
/// The most lanes a stored hash may ask.
pub const MAX_STORED_LANES: u32 = 8;

/// How many password hashes run at once (the machine's two cores).
pub const HASHES_AT_ONCE: usize = 2;
/// How many hashes may wait for one of those; more are refused.
pub const MAX_WAITING: usize = 8;
/// The seconds a refused caller is told to wait (`Retry-After`).
pub const BUSY_RETRY_SECONDS: u64 = 1;

/// Why a hash was not made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HashError {
    /// Too many hashes are running or waiting: try again later.
    Busy,
    /// The hash failed (randomness, a thread), as a message.
    Failed(String),
}

impl std::fmt::Display for HashError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HashError::Busy => write!(f, "too many password checks at once: try again shortly"),
            HashError::Failed(message) => write!(f, "password hashing failed: {message}"),
        }
    }
}

/// The shared state of a [`Hasher`].
#[derive(Debug)]
struct Inner {
    /// One permit per hash running at once.
    permits: Arc<Semaphore>,
    /// Hashes running or waiting.
    admitted: AtomicUsize,
    /// The memory blocks not in use (at most [`HASHES_AT_ONCE`] exist).
    blocks: Mutex<Vec<Vec<Block>>>,
    /// A PHC string of the new hashes' parameters that no password
    /// matches, checked when a name has no account (the same work as a
    /// wrong password).
    decoy: String,
}

/// Password hashing, [`HASHES_AT_ONCE`] at a time; see the module.
#[derive(Debug, Clone)]
pub struct Hasher {
    inner: Arc<Inner>,
}

/// A place in the hasher: released when dropped, wherever that is (the
/// blocking thread that hashes holds it to the end, even when the request
/// that asked was given up).
struct Admission(Arc<Inner>);

impl Drop for Admission {
    fn drop(&mut self) {
        self.0.admitted.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The parameters of a new hash.
fn new_params() -> Result<Params, String> {
    Params::new(MEMORY_KIB, PASSES, LANES, Some(OUTPUT_BYTES)).map_err(|e| e.to_string())
}

/// `bytes` random bytes.
fn random<const N: usize>() -> Result<[u8; N], String> {
    let mut bytes = [0u8; N];
    getrandom::getrandom(&mut bytes).map_err(|e| e.to_string())?;
    Ok(bytes)
}

impl Hasher {
    /// A hasher; no memory is taken before the first hash.
    ///
    /// # Errors
    ///
    /// When no randomness is available.
    pub fn new() -> Result<Hasher, String> {
        // The decoy's output is random: no password hashes to it, and
        // checking one costs what checking a real hash does.
        let salt = SaltString::encode_b64(&random::<16>()?).map_err(|e| e.to_string())?;
        let output = Output::new(&random::<OUTPUT_BYTES>()?).map_err(|e| e.to_string())?;
        let decoy = phc(&salt, &output)?;
        Ok(Hasher {
            inner: Arc::new(Inner {
                permits: Arc::new(Semaphore::new(HASHES_AT_ONCE)),
                admitted: AtomicUsize::new(0),
                blocks: Mutex::new(Vec::new()),
                decoy,
            }),
        })
    }

    /// Hashes running or waiting now.
    #[must_use]
    pub fn in_use(&self) -> usize {
        self.inner.admitted.load(Ordering::SeqCst)
    }

    /// Runs `work` with a memory block, after waiting for a permit:
    /// [`HashError::Busy`] at once when the queue is full.
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Vec<Block>) -> T + Send + 'static,
    ) -> Result<T, HashError> {
        let before = self.inner.admitted.fetch_add(1, Ordering::SeqCst);
        let admission = Admission(self.inner.clone());
        if before >= HASHES_AT_ONCE + MAX_WAITING {
            return Err(HashError::Busy);
        }
        let inner = self.inner.clone();
        // Waiting here ends with the request; the hash itself, once
        // started, runs to its end and only then gives its permit back
        // (the permit goes with it, and back however it ends).
        let permit = inner
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| HashError::Failed(e.to_string()))?;
        tokio::task::spawn_blocking(move || {
            let _held = (admission, permit);
            let mut block = inner
                .blocks
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .pop()
                .unwrap_or_default();
            let out = work(&mut block);
            // A block grown for a stored hash of more memory goes back to
            // the usual size.
            let usual = MEMORY_KIB as usize;
            if block.len() > usual {
                block.truncate(usual);
                block.shrink_to_fit();
            }
            inner
                .blocks
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(block);
            out
        })
        .await
        .map_err(|e| HashError::Failed(e.to_string()))
    }

    /// The argon2id PHC string of `password`, with a fresh salt.
    ///
    /// # Errors
    ///
    /// [`HashError::Busy`] when the queue is full; a failure otherwise.
    pub async fn hash(&self, password: &str) -> Result<String, HashError> {
        let password = password.to_string();
        let salt = random::<16>().map_err(HashError::Failed)?;
        self.run(move |block| hash_with(&password, &salt, block))
            .await?
            .map_err(HashError::Failed)
    }

    /// Whether `password` matches the stored `hash` (`None`: no account,
    /// checked against the decoy and never matching).
    ///
    /// # Errors
    ///
    /// [`HashError::Busy`] when the queue is full; a failure otherwise.
    pub async fn verify(&self, password: &str, hash: Option<String>) -> Result<bool, HashError> {
        let real = hash.is_some();
        let hash = hash.unwrap_or_else(|| self.inner.decoy.clone());
        let password = password.to_string();
        let matches = self
            .run(move |block| verify_with(&password, &hash, block))
            .await?;
        Ok(real && matches)
    }
}

/// The PHC string of a new hash's parameters with `salt` and `output`.
fn phc(salt: &SaltString, output: &Output) -> Result<String, String> {
    let params = new_params()?;
    let hash = PasswordHash {
        algorithm: argon2::ARGON2ID_IDENT,
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|e| e.to_string())?,
        salt: Some(salt.as_salt()),
        hash: Some(*output),
    };
    Ok(hash.to_string())
}

/// Makes `block` at least `count` blocks long.
fn room(block: &mut Vec<Block>, count: usize) {
    if block.len() < count {
        block.resize(count, Block::new());
    }
}

/// Hashes `password` with `salt` in `block`: the PHC string.
fn hash_with(password: &str, salt: &[u8; 16], block: &mut Vec<Block>) -> Result<String, String> {
    let params = new_params()?;
    room(block, params.block_count());
    let mut out = [0u8; OUTPUT_BYTES];
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
        .hash_password_into_with_memory(password.as_bytes(), salt, &mut out, &mut block[..])
        .map_err(|e| e.to_string())?;
    let salt = SaltString::encode_b64(salt).map_err(|e| e.to_string())?;
    let output = Output::new(&out).map_err(|e| e.to_string())?;
    phc(&salt, &output)
}

/// Whether `password` matches the PHC string `stored`, computed in
/// `block` with the parameters `stored` carries (bounded).
fn verify_with(password: &str, stored: &str, block: &mut Vec<Block>) -> bool {
    let Ok(parsed) = PasswordHash::new(stored) else {
        return false;
    };
    let Ok(algorithm) = Algorithm::try_from(parsed.algorithm) else {
        return false;
    };
    let version = match parsed.version.map(Version::try_from).transpose() {
        Ok(version) => version.unwrap_or_default(),
        Err(_) => return false,
    };
    let Ok(params) = Params::try_from(&parsed) else {
        return false;
    };
    if params.m_cost() > MAX_STORED_MEMORY_KIB
        || params.t_cost() > MAX_STORED_PASSES
        || params.p_cost() > MAX_STORED_LANES
    {
        return false;
    }
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        return false;
    };
    let mut salt_bytes = [0u8; 64];
    let Ok(salt) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    room(block, params.block_count());
    let mut out = vec![0u8; expected.len()];
    let computed = Argon2::new(algorithm, version, params).hash_password_into_with_memory(
        password.as_bytes(),
        salt,
        &mut out,
        &mut block[..],
    );
    // `Output`'s comparison takes the same time wherever the bytes differ.
    computed.is_ok() && Output::new(&out).is_ok_and(|out| out == expected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::PasswordHasher;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let hasher = Hasher::new().unwrap();
        let hash = hasher.hash("correct horse").await.unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert_eq!(
            hasher.verify("correct horse", Some(hash.clone())).await,
            Ok(true)
        );
        assert_eq!(hasher.verify("wrong horse", Some(hash)).await, Ok(false));
        assert_eq!(hasher.verify("correct horse", None).await, Ok(false));
        assert!(hasher
            .inner
            .decoy
            .starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert_eq!(hasher.in_use(), 0);
    }

    #[tokio::test]
    async fn hashes_of_other_parameters_still_verify() {
        // The crate's defaults made the server's first hashes; a smaller
        // stored hash verifies with its own parameters.
        let salt = SaltString::encode_b64(b"0123456789abcdef").unwrap();
        let hasher = Hasher::new().unwrap();
        for params in [Params::default(), Params::new(1024, 1, 2, None).unwrap()] {
            let old = Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
                .hash_password(b"old password", &salt)
                .unwrap()
                .to_string();
            assert_eq!(
                hasher.verify("old password", Some(old.clone())).await,
                Ok(true)
            );
            assert_eq!(hasher.verify("other password", Some(old)).await, Ok(false));
        }
        // One asking too much memory is never checked.
        let greedy = "$argon2id$v=19$m=4194304,t=1,p=1$MDEyMzQ1Njc4OWFiY2RlZg$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
        assert_eq!(hasher.verify("x", Some(greedy.into())).await, Ok(false));
        assert_eq!(
            hasher.verify("x", Some("not a hash".into())).await,
            Ok(false)
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn past_the_queue_callers_are_refused_at_once() {
        let hasher = Hasher::new().unwrap();
        let calls: Vec<_> = (0..HASHES_AT_ONCE + MAX_WAITING + 6)
            .map(|_| {
                let hasher = hasher.clone();
                tokio::spawn(async move { hasher.verify("password", None).await })
            })
            .collect();
        let mut busy = 0;
        for call in calls {
            match call.await.unwrap() {
                Err(HashError::Busy) => busy += 1,
                other => assert_eq!(other, Ok(false)),
            }
        }
        assert!(busy >= 6, "{busy} refused");
        assert_eq!(hasher.in_use(), 0);
        assert!(hasher.inner.blocks.lock().unwrap().len() <= HASHES_AT_ONCE);
    }
}
