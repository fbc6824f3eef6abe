//! The tokens of `position ... moves T...`, as the `apply` example takes
//! them: Kaissa move texts (`e2e5`, `H@c1`); Chaturaji plies with their
//! face (`2:h1f3`, `4:pass`), Ludii promotion decisions (`=K`) and raja
//! exchanges (`exchange:rh4,be8`).

use kaissa_chaturaji::game::{AnyGame, Game};
use kaissa_chaturaji::record::{ChaturajiAction, ChaturajiRecord};

use crate::quote;

/// Plays `token` on `game`; on an error (a malformed or illegal token,
/// named in the message) `game` is unchanged.
///
/// ```
/// use kaissa_chaturaji::chaturaji::Rules;
/// use kaissa_chaturaji::game::AnyGame;
/// use kaissa_chaturaji_engine::tokens::play;
/// let mut game = AnyGame::kaissa();
/// play(&mut game, "e2e5")?;
/// assert!(play(&mut game, "e2e5").is_err());
/// let mut game = AnyGame::chaturaji(Rules::default());
/// play(&mut game, "2:h1f3")?;
/// assert!(play(&mut game, "h1f3").is_err());
/// # Ok::<(), String>(())
/// ```
pub fn play(game: &mut AnyGame, token: &str) -> Result<(), String> {
    let named = |reason: String| format!("move \"{}\": {reason}", quote(token));
    let next = match game {
        AnyGame::Kaissa(_) => {
            let action = game.parse_action(token).map_err(|e| named(e.to_string()))?;
            let mut next = game.clone();
            next.apply(action)
                .map_err(|e| named(e.reason().to_string()))?;
            next
        }
        AnyGame::Chaturaji(chaturaji) => {
            let action: ChaturajiAction = token.parse().map_err(|e| {
                named(format!(
                    "{e} (expected <face>:<move>, =K or exchange:<colour><square>,<colour><square>)"
                ))
            })?;
            let mut record = ChaturajiRecord::new(chaturaji.position().clone());
            record.play(action).map_err(|e| named(e.to_string()))?;
            AnyGame::from(record.final_game().clone())
        }
    };
    *game = next;
    Ok(())
}
