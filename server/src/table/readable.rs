//! The readable text of a token, as the pages list moves: the library's
//! readable move (`Tf4`, `H@c1`; `rH h2-f3` for Chaturaji), made from the
//! position before the move.
//!
//! A Chaturaji ply keeps its face in front (`3:rH h2-f3`); a pass keeps its
//! face too (`4:pass`); a promotion decision (`=K`) and a raja exchange
//! (`exchange:rh4,be8`) read as their tokens.

use kaissa_chaturaji::game::AnyGame;
use kaissa_chaturaji::record::ChaturajiAction;

/// The readable text of `token` played in `before` (the game before it);
/// the token itself when the library has no readable form for it.
#[must_use]
pub fn readable_token(before: &AnyGame, token: &str) -> String {
    match before {
        AnyGame::Kaissa(game) => token
            .parse()
            .ok()
            .and_then(|mv| game.position().readable(mv).ok())
            .unwrap_or_else(|| token.to_string()),
        AnyGame::Chaturaji(game) => match token.parse::<ChaturajiAction>() {
            Ok(ChaturajiAction::Ply { roll, mv }) => game
                .position()
                .readable(roll, mv)
                .map(|text| format!("{}:{text}", roll.face()))
                .unwrap_or_else(|_| token.to_string()),
            _ => token.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::readable_token;
    use kaissa_chaturaji::game::Variant;

    #[test]
    fn kaissa_and_chaturaji_tokens() {
        let kaissa = Variant::Kaissa.start();
        assert_eq!(readable_token(&kaissa, "d1f4"), "Tf4");
        assert_eq!(readable_token(&kaissa, "e2e5"), "e5");
        assert_eq!(readable_token(&kaissa, "zz"), "zz");
    }
}
