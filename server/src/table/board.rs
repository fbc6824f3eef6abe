//! What a page needs to draw a position without knowing the rules: the
//! pieces by square and, for Kaissa, which Home Stones are in hand.

use kaissa_chaturaji::chaturaji::{self, Colour};
use kaissa_chaturaji::game::AnyGame;
use kaissa_chaturaji::kaissa::Side;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
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

/// The same board as [`board`] writes it, written straight into the
/// serialiser with no JSON value built in between: what every event
/// carries (its keys in square order rather than sorted; JSON objects have
/// no order).
#[derive(Debug, Clone, PartialEq)]
pub struct BoardView(pub AnyGame);

/// A value written as its `Display` text.
struct Text<T>(T);

impl<T: std::fmt::Display> Serialize for Text<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// The pieces of a game by square.
struct Pieces<'a>(&'a AnyGame);

impl Serialize for Pieces<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        match self.0 {
            AnyGame::Kaissa(game) => {
                let position = game.position();
                for square in position.occupied() {
                    if let Some(piece) = position.piece_at(square) {
                        map.serialize_entry(&Text(square), &Text(piece.letter()))?;
                    }
                }
            }
            AnyGame::Chaturaji(game) => {
                let position = game.position();
                for square in position.occupied() {
                    if let Some(piece) = position.piece_at(square) {
                        map.serialize_entry(&Text(square), &Text(piece))?;
                    }
                }
            }
        }
        map.end()
    }
}

/// Chaturaji's marked squares and thrones.
struct Marks<'a>(&'a kaissa_chaturaji::game::Chaturaji);

impl Serialize for Marks<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Marked;
        impl Serialize for Marked {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(chaturaji::MARKED_SQUARES.iter().map(Text))
            }
        }
        struct Thrones(bool);
        impl Serialize for Thrones {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(None)?;
                if self.0 {
                    for colour in Colour::ALL {
                        map.serialize_entry(colour.name(), &Text(colour.throne()))?;
                    }
                }
                map.end()
            }
        }
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("marked", &Marked)?;
        map.serialize_entry("thrones", &Thrones(!self.0.rules().is_ludii()))?;
        map.end()
    }
}

impl Serialize for BoardView {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("pieces", &Pieces(&self.0))?;
        match &self.0 {
            AnyGame::Kaissa(game) => {
                let position = game.position();
                let mut hand = Map::new();
                hand.insert("yellow".into(), json!(position.stone_in_hand(Side::Yellow)));
                hand.insert("red".into(), json!(position.stone_in_hand(Side::Red)));
                map.serialize_entry("hand", &hand)?;
            }
            AnyGame::Chaturaji(game) => {
                map.serialize_entry("hand", &Value::Null)?;
                map.serialize_entry("marks", &Marks(game))?;
            }
        }
        map.end()
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

    /// The streamed view writes what the JSON value holds, along random
    /// games of every kind.
    #[test]
    fn the_streamed_view_is_the_value() {
        use kaissa_chaturaji::chaturaji::Rules;
        use kaissa_chaturaji::game::{Actor, Game};
        for start in [
            AnyGame::kaissa(),
            AnyGame::chaturaji(Rules::default()),
            AnyGame::chaturaji(Rules::ludii()),
        ] {
            let mut game = start;
            let mut seed = 0x2545_f491_4f6c_dd1d_u64;
            for _ in 0..120 {
                assert_eq!(
                    serde_json::to_value(BoardView(game.clone())).unwrap(),
                    board(&game)
                );
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let step = match game.actor() {
                    Actor::Over => break,
                    Actor::Chance => {
                        let faces = game.chance_outcomes();
                        faces[(seed % faces.len() as u64) as usize].0
                    }
                    Actor::Player(_) => {
                        let actions = game.legal_actions();
                        actions[(seed % actions.len() as u64) as usize]
                    }
                };
                let _undo = game.apply(step);
            }
        }
    }
}
