//! A raja exchange offered and waiting for the other alliance.

use serde::{Deserialize, Serialize};

/// A raja exchange offered (Chaturaji under the sheet's rules).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExchangeOffer {
    /// The seat offering it.
    pub seat: usize,
    /// Its token (`exchange:rh4,be8`).
    pub exchange: String,
}
