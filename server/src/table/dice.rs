//! The verifiable die: a committed server seed, one seed per seat, and an
//! HMAC-SHA-256 per roll.
//!
//! The server draws 32 random bytes (the server seed) when a game is
//! created and publishes only their SHA-256 (the commitment). Each seat
//! has a seed: the `client_seed` it joined with, or one the server draws
//! and publishes. The k-th roll of the game (k = 0, 1, 2, …) is
//! `2 + (HMAC-SHA-256(key = server_seed, message =
//! "<id>:<k>:<seed0>:<seed1>:…")[0] mod 4)`, every seed in lowercase hex.
//! Once the game is over the server seed is published, and anyone can
//! check the commitment and recompute every roll ([`roll`], [`commitment`]).

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// How many random bytes a server seed has.
pub const SERVER_SEED_BYTES: usize = 32;

/// How many random bytes a seed the server draws for a seat has.
pub const SEAT_SEED_BYTES: usize = 16;

/// The longest client seed accepted, in hex digits.
pub const MAX_CLIENT_SEED_HEX: usize = 128;

/// Lowercase hex of `bytes`.
#[must_use]
pub fn to_hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        let _ = write!(text, "{byte:02x}");
    }
    text
}

/// The bytes of a hex text (either case), or `None` when it is not hex or
/// has an odd length.
#[must_use]
pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// `n` random bytes from the operating system, as lowercase hex.
///
/// # Errors
///
/// When the operating system's random source fails.
pub fn random_hex(n: usize) -> Result<String, getrandom::Error> {
    let mut bytes = vec![0u8; n];
    getrandom::getrandom(&mut bytes)?;
    Ok(to_hex(&bytes))
}

/// A client seed as the die uses it: lowercase hex of 1 to
/// [`MAX_CLIENT_SEED_HEX`] digits, with an even count; `None` otherwise.
#[must_use]
pub fn normalize_client_seed(text: &str) -> Option<String> {
    if text.is_empty() || text.len() > MAX_CLIENT_SEED_HEX {
        return None;
    }
    from_hex(text).map(|bytes| to_hex(&bytes))
}

/// The commitment to a server seed: hex(SHA-256(server seed bytes)).
#[must_use]
pub fn commitment(server_seed: &[u8]) -> String {
    to_hex(&Sha256::digest(server_seed))
}

/// The k-th roll (a face 2 to 5) of game `id` with these seat seeds
/// (lowercase hex, in seat order).
#[must_use]
pub fn roll(server_seed: &[u8], id: &str, k: u64, seeds: &[String]) -> u8 {
    let mut message = format!("{id}:{k}");
    for seed in seeds {
        message.push(':');
        message.push_str(seed);
    }
    // HMAC takes a key of any length.
    let mut mac = Hmac::<Sha256>::new_from_slice(server_seed).expect("HMAC takes any key length");
    mac.update(message.as_bytes());
    let digest = mac.finalize().into_bytes();
    2 + digest[0] % 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip_and_rejects() {
        assert_eq!(to_hex(&[0, 0xab, 0x10]), "00ab10");
        assert_eq!(from_hex("00AB10"), Some(vec![0, 0xab, 0x10]));
        assert_eq!(from_hex("abc"), None);
        assert_eq!(from_hex("zz"), None);
        assert_eq!(normalize_client_seed("ABcd").as_deref(), Some("abcd"));
        assert_eq!(normalize_client_seed(""), None);
        assert_eq!(normalize_client_seed(&"a".repeat(130)), None);
    }

    #[test]
    fn roll_matches_an_independent_hmac() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        let mut mac = Hmac::<Sha256>::new_from_slice(b"Jefe").unwrap();
        mac.update(b"what do ya want for nothing?");
        let digest = mac.finalize().into_bytes();
        assert_eq!(
            to_hex(&digest),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        // The roll of a message is 2 + its digest's first byte mod 4.
        let seeds = ["aa".to_string(), "bb".to_string()];
        let mut mac = Hmac::<Sha256>::new_from_slice(b"key").unwrap();
        mac.update(b"g1:7:aa:bb");
        let first = mac.finalize().into_bytes()[0];
        assert_eq!(roll(b"key", "g1", 7, &seeds), 2 + first % 4);
    }

    #[test]
    fn rolls_are_faces_and_vary() {
        let seeds: Vec<String> = (0..4).map(|i| format!("{i:02x}")).collect();
        let faces: Vec<u8> = (0..200).map(|k| roll(b"server", "id", k, &seeds)).collect();
        assert!(faces.iter().all(|f| (2..=5).contains(f)));
        for face in 2..=5 {
            assert!(faces.contains(&face), "face {face} never rolled in 200");
        }
    }

    #[test]
    fn commitment_is_sha256() {
        assert_eq!(
            commitment(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
