//! How a finished game ended.

use serde::{Deserialize, Serialize};

/// How a finished game ended: the outcome word and the termination word.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// `draw`, `yellow-wins`, `rg-wins`, … (`ongoing` for an aborted game).
    pub outcome: String,
    /// `resignation`, `agreement`, `abandoned`, `time-forfeit`, or the
    /// rules' termination (`home-stone-captured`, `opponents-out`, …).
    pub termination: String,
}
