//! Bots at tables: the library's agents, one choice per turn, on the
//! blocking thread pool so that searching never stalls the server.

use kaissa_chaturaji::agents::{Agent, AgentSpec, Limit};
use kaissa_chaturaji::game::AnyGame;

/// The move text the agent of `spec` chooses in `game` (seeded by
/// `seed`) when it thinks within its own budget, or the reason it
/// cannot.
pub async fn choose(spec: &str, game: AnyGame, seed: u64) -> Result<String, String> {
    let spec: AgentSpec = spec
        .parse()
        .map_err(|e: kaissa_chaturaji::agents::SpecError| e.to_string())?;
    tokio::task::spawn_blocking(move || {
        let mut agent = spec.any_agent(&game, seed).map_err(|e| e.to_string())?;
        // The agent's own budget (bounded when the seat was created).
        agent
            .think(&game, &Limit::default(), &mut |_| {})
            .best
            .map(|action| action.to_string())
            .ok_or_else(|| "the bot found no move".to_string())
    })
    .await
    .map_err(|e| format!("the bot failed: {e}"))?
}
