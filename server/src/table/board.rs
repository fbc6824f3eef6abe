//! What a page needs to draw a position without knowing the rules: the
//! pieces by square and, for Kaissa, which Home Stones are in hand.

use kaissa_chaturaji::chaturaji::{self, Colour};
use kaissa_chaturaji::game::AnyGame;
use kaissa_chaturaji::kaissa::Side;
use serde_json::{json, Map, Value};

/// `{"pieces": {"<square>": "<piece>"}, "hand": {"yellow", "red"} | null}`:
/// Kaissa pieces as their letters (`U`, `u`), Chaturaji pieces as colour
/// and kind letters (`gK`), as the playable page's board draws them; for
/// Chaturaji also `"marks": {"marked": [<square>], "thrones": {<colour>:
/// <square>}}` (no thrones under the Ludii ruleset).
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
            let marked: Vec<String> = chaturaji::MARKED_SQUARES
                .iter()
                .map(ToString::to_string)
                .collect();
            let mut thrones = Map::new();
            if !game.rules().is_ludii() {
                for colour in Colour::ALL {
                    thrones.insert(colour.name().into(), json!(colour.throne().to_string()));
                }
            }
            json!({
                "pieces": pieces,
                "hand": null,
                "marks": { "marked": marked, "thrones": thrones },
            })
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
        assert_eq!(chaturaji["marks"]["thrones"]["red"], "h4");
        assert_eq!(chaturaji["marks"]["marked"].as_array().unwrap().len(), 16);
    }
}
