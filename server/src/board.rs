//! What a page needs to draw a position without knowing the rules: the
//! pieces by square and, for Kaissa, which Home Stones are in hand.

use kaissa_chaturaji::game::AnyGame;
use kaissa_chaturaji::kaissa::Side;
use serde_json::{json, Map, Value};

/// `{"pieces": {"<square>": "<piece>"}, "hand": {"yellow", "red"} | null}`:
/// Kaissa pieces as their letters (`U`, `u`), Chaturaji pieces as colour
/// and kind letters (`gK`), as the playable page's board draws them.
#[must_use]
pub fn board(game: &AnyGame) -> Value {
    let mut pieces = Map::new();
    match game {
        AnyGame::Kaissa(game) => {
            let position = game.position();
            for square in position.occupied() {
                if let Some(piece) = position.piece_at(square) {
                    pieces.insert(square.to_string(), json!(piece.letter().to_string()));
                }
            }
            json!({
                "pieces": pieces,
                "hand": {
                    "yellow": position.stone_in_hand(Side::Yellow),
                    "red": position.stone_in_hand(Side::Red),
                },
            })
        }
        AnyGame::Chaturaji(game) => {
            let position = game.position();
            for square in position.occupied() {
                if let Some(piece) = position.piece_at(square) {
                    pieces.insert(square.to_string(), json!(piece.to_string()));
                }
            }
            json!({ "pieces": pieces, "hand": null })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions() {
        let kaissa = board(&AnyGame::kaissa());
        assert_eq!(kaissa["pieces"].as_object().unwrap().len(), 40);
        assert_eq!(kaissa["hand"]["yellow"], true);
        let chaturaji = board(&AnyGame::chaturaji(Default::default()));
        assert_eq!(chaturaji["pieces"].as_object().unwrap().len(), 32);
        assert_eq!(chaturaji["pieces"]["h4"], "rK");
    }
}
