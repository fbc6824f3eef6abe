//! The rules side of a table: the library's game, the tokens played, and
//! the server's own plays (the die's rolls and forced moves).
//!
//! Every rule comes from the library: [`AnyGame`] lists and checks the
//! actions, [`ChaturajiAction`] reads and writes the Chaturaji tokens.
//! Tokens are those of the library's `apply` example: `e2e5`, `H@c1`
//! (Kaissa); `2:h1f3`, `4:pass`, `=K`, `exchange:rh4,be8` (Chaturaji).

use kaissa_chaturaji::chaturaji::Roll;
use kaissa_chaturaji::game::{Actor, AnyAction, AnyGame, BoardMove, ChaturajiStep, Game, Variant};
use kaissa_chaturaji::record::ChaturajiAction;
use serde::Serialize;

use crate::table::readable::readable_token;

/// The seat colours of a game, in seat order.
#[must_use]
pub fn seat_colours(variant: Variant) -> &'static [&'static str] {
    if variant == Variant::Kaissa {
        &["yellow", "red"]
    } else {
        &["red", "black", "yellow", "green"]
    }
}

/// A square move of the seat to move's legal list, for the board: the
/// text to send, and the squares it moves between (`from` is `None` for a
/// Home Stone placement).
///
/// It is written as `[from, to]` (`from` null for a placement) straight
/// from the action, beside its text in the legal list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target(pub AnyAction);

impl Serialize for Target {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let squares = self.0.board_move();
        let mut target = serializer.serialize_tuple(2)?;
        target.serialize_element(&squares.as_ref().and_then(|s| s.from.as_deref()))?;
        target.serialize_element(&squares.as_ref().map(|s| s.to.as_str()))?;
        target.end()
    }
}

/// A game being played: the position, the tokens that led to it, and how
/// many times the die was rolled (a pending roll included).
#[derive(Debug, Clone)]
pub struct Table {
    game: AnyGame,
    tokens: Vec<String>,
    readable: Vec<String>,
    rolls: u64,
    last_move: Option<Squares>,
}

/// The squares a move went between, as the page marks them (`from` is
/// `None` for a Home Stone placement).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Squares {
    /// The square moved from.
    pub from: Option<String>,
    /// The square moved to.
    pub to: String,
}

impl From<BoardMove> for Squares {
    fn from(squares: BoardMove) -> Squares {
        Squares {
            from: squares.from,
            to: squares.to,
        }
    }
}

impl Table {
    /// A game of `variant` from the start.
    #[must_use]
    pub fn new(variant: Variant) -> Table {
        Table {
            game: variant.start(),
            tokens: Vec::new(),
            readable: Vec::new(),
            rolls: 0,
            last_move: None,
        }
    }

    /// The library's game.
    #[must_use]
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The squares of the last move that moved on the board (a pass, a
    /// decision or an exchange leaves it as it was).
    #[must_use]
    pub fn last_move(&self) -> Option<&Squares> {
        self.last_move.as_ref()
    }

    /// The tokens played so far, the server's own plays included.
    #[must_use]
    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    /// The readable text of each token, aligned with [`Table::tokens`]
    /// (see [`readable_token`]), made when the token was played.
    #[must_use]
    pub fn readable(&self) -> &[String] {
        &self.readable
    }

    /// How many times the die was rolled (the pending roll included).
    #[must_use]
    pub fn rolls(&self) -> u64 {
        self.rolls
    }

    /// The seat to move (`None` when the game is over or the die is due).
    #[must_use]
    pub fn to_move(&self) -> Option<usize> {
        match self.game.actor() {
            Actor::Player(seat) => Some(seat),
            _ => None,
        }
    }

    /// The face rolled for the seat to move, while it waits for its move.
    #[must_use]
    pub fn pending_roll(&self) -> Option<u8> {
        self.game
            .as_chaturaji()
            .and_then(|game| game.pending_roll())
            .map(Roll::face)
    }

    /// Whether the rules ended the game.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_over()
    }

    /// The outcome word of the position (`ongoing`, `draw`, `red-wins`, …).
    #[must_use]
    pub fn outcome_word(&self) -> &'static str {
        self.game.outcome().word()
    }

    /// The texts the seat to move may send now: its legal actions' texts
    /// (for the face already rolled), then the raja exchanges possible.
    #[must_use]
    pub fn legal(&self) -> Vec<String> {
        if self.to_move().is_none() {
            return Vec::new();
        }
        let mut texts: Vec<String> = self
            .game
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect();
        texts.extend(self.exchanges());
        texts
    }

    /// The board squares of each action of the legal list, in its order
    /// (the library's [`AnyAction::board_move`]): `Some` for a move on the
    /// board, `None` for a pass or a decision; the exchanges that follow
    /// the actions in [`Table::legal`] have none. Empty when no seat is to
    /// move.
    #[must_use]
    pub fn targets(&self) -> Vec<Option<Target>> {
        if self.to_move().is_none() {
            return Vec::new();
        }
        self.game
            .legal_actions()
            .iter()
            .map(|&action| action.board_move().map(|_| Target(action)))
            .collect()
    }

    /// The exchange tokens possible now (Chaturaji under the sheet's rules).
    fn exchanges(&self) -> Vec<String> {
        let Some(game) = self.game.as_chaturaji() else {
            return Vec::new();
        };
        let position = game.position();
        let mut out = Vec::new();
        for (a, b) in position.possible_exchanges() {
            for sa in position.raja_return_squares(a) {
                for sb in position.raja_return_squares(b) {
                    out.push(format!("exchange:{}{sa},{}{sb}", a.letter(), b.letter()));
                }
            }
        }
        out
    }

    /// Plays `text` for the seat to move: a move text of its legal list
    /// (`e2e5`, `h1f3`, `=K`), a Chaturaji ply with its face (`2:h1f3`,
    /// the face rolled), or an exchange. Returns the token stored.
    ///
    /// # Errors
    ///
    /// A malformed or illegal text, with the reason; nothing changes.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        if self.to_move().is_none() {
            return Err("no move is expected now".into());
        }
        let before = self.game.clone();
        let token = match &mut self.game {
            AnyGame::Kaissa(_) => {
                let action = self
                    .game
                    .parse_action(text)
                    .map_err(|e| format!("malformed move {text:?}: {e}"))?;
                self.game
                    .apply(action)
                    .map_err(|e| format!("illegal move {text:?}: {}", e.reason()))?;
                self.last_move = action.board_move().map(Squares::from);
                action.to_string()
            }
            AnyGame::Chaturaji(game) => {
                let roll = game.pending_roll();
                let action = if text.contains(':') {
                    text.parse::<ChaturajiAction>()
                        .map_err(|e| format!("malformed move {text:?}: {e}"))?
                } else {
                    match text.parse::<ChaturajiStep>() {
                        Ok(ChaturajiStep::Move(mv)) => match roll {
                            Some(roll) => ChaturajiAction::Ply { roll, mv },
                            None => ChaturajiAction::Decision { mv },
                        },
                        Ok(ChaturajiStep::Roll(_)) => {
                            return Err(format!("{text:?} is a die face: the server rolls the die"))
                        }
                        Err(e) => return Err(format!("malformed move {text:?}: {e}")),
                    }
                };
                match action {
                    ChaturajiAction::Ply { roll: face, mv } => {
                        if Some(face) != roll {
                            return Err(match roll {
                                Some(r) => format!(
                                    "illegal move {text:?}: the die shows {}, not {}",
                                    r.face(),
                                    face.face()
                                ),
                                None => format!(
                                    "illegal move {text:?}: a promotion decision is pending (no roll)"
                                ),
                            });
                        }
                        game.apply(ChaturajiStep::Move(mv))
                            .map_err(|e| format!("illegal move {text:?}: {}", e.reason()))?;
                        if let Some(squares) =
                            AnyAction::Chaturaji(ChaturajiStep::Move(mv)).board_move()
                        {
                            self.last_move = Some(squares.into());
                        }
                    }
                    ChaturajiAction::Decision { mv } => {
                        if roll.is_some() {
                            return Err(format!(
                                "illegal move {text:?}: no promotion decision is pending"
                            ));
                        }
                        game.apply(ChaturajiStep::Move(mv))
                            .map_err(|e| format!("illegal move {text:?}: {}", e.reason()))?;
                    }
                    ChaturajiAction::Exchange { first, second } => {
                        game.apply_exchange(first, second)
                            .map_err(|e| format!("exchange {text:?} not possible: {e}"))?;
                    }
                    _ => return Err(format!("{text:?} is not a move the server takes")),
                }
                action.to_string()
            }
        };
        self.readable.push(readable_token(&before, &token));
        self.tokens.push(token.clone());
        Ok(token)
    }

    /// The server's own plays: while the die is due, rolls it (`roll`
    /// gives the k-th face); while the seat to move has a single legal
    /// action and it is `pass` (a forced pass, or a Ludii decision with
    /// nothing to choose), plays it. Returns the tokens it played.
    pub fn advance(&mut self, mut roll: impl FnMut(u64) -> u8) -> Vec<String> {
        let mut played = Vec::new();
        loop {
            match self.game.actor() {
                Actor::Chance => {
                    let face = roll(self.rolls);
                    let step = ChaturajiStep::Roll(Roll::new(face).expect("the die shows 2 to 5"));
                    self.game
                        .apply(AnyAction::Chaturaji(step))
                        .expect("a roll is legal at a chance node");
                    self.rolls += 1;
                }
                Actor::Player(_) => {
                    let actions = self.game.legal_actions();
                    let forced = actions.len() == 1
                        && actions[0].to_string() == "pass"
                        && self.exchanges().is_empty();
                    if !forced {
                        return played;
                    }
                    let token = self.play("pass").expect("a forced pass is legal");
                    played.push(token);
                }
                Actor::Over => return played,
            }
        }
    }

    /// Plays a stored token again (loading a game): rolls first when the
    /// die is due, as the live game did, and checks the token's face
    /// against that roll.
    ///
    /// # Errors
    ///
    /// When the token is not legal there (a damaged store).
    pub fn replay(&mut self, token: &str, mut roll: impl FnMut(u64) -> u8) -> Result<(), String> {
        if self.game.actor() == Actor::Chance {
            let face = roll(self.rolls);
            let step = ChaturajiStep::Roll(Roll::new(face).expect("the die shows 2 to 5"));
            self.game
                .apply(AnyAction::Chaturaji(step))
                .map_err(|e| e.to_string())?;
            self.rolls += 1;
        }
        let stored = self.play(token)?;
        if stored != token {
            return Err(format!("stored token {token:?} reads as {stored:?}"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kaissa_moves_and_illegal_ones() {
        let mut table = Table::new(Variant::Kaissa);
        assert_eq!(table.to_move(), Some(0));
        assert!(table.legal().contains(&"e2e5".to_string()));
        assert_eq!(table.play("e2e5").unwrap(), "e2e5");
        assert_eq!(table.to_move(), Some(1));
        assert!(table.play("e2e5").is_err());
        assert!(table.play("zz").is_err());
        assert_eq!(table.tokens(), ["e2e5"]);
        assert_eq!(table.readable(), ["e5"]);
        assert!(table.advance(|_| 2).is_empty());
    }

    #[test]
    fn chaturaji_rolls_forced_passes_and_faces() {
        let mut table = Table::new(Variant::Chaturaji);
        assert_eq!(table.to_move(), None);
        // A 4 at the start: Red's elephant cannot move, a forced pass.
        let mut faces = [4u8, 2].into_iter();
        let auto = table.advance(|_| faces.next().unwrap());
        assert_eq!(auto, ["4:pass"]);
        assert_eq!(table.pending_roll(), Some(2));
        assert_eq!(table.rolls(), 2);
        let seat = table.to_move().unwrap();
        assert_eq!(seat, 1);
        let legal = table.legal();
        assert!(!legal.is_empty() && legal.iter().all(|t| !t.contains(':')));
        assert!(table.play(&format!("3:{}", legal[0])).is_err());
        let token = table.play(&format!("2:{}", legal[0])).unwrap();
        assert_eq!(token, format!("2:{}", legal[0]));
        // Replaying the tokens with the same rolls gives the same game.
        let mut again = Table::new(Variant::Chaturaji);
        let rolls = [4u8, 2];
        for t in table.tokens().to_vec() {
            again.replay(&t, |k| rolls[k as usize]).unwrap();
        }
        assert_eq!(again.game(), table.game());
        assert_eq!(again.readable(), table.readable());
        assert_eq!(table.readable()[0], "4:pass");
        assert!(
            table.readable()[1].starts_with("2:b"),
            "{:?}",
            table.readable()
        );
        assert!(again.replay("5:a1a2", |_| 5).is_err());
    }

    #[test]
    fn bad_words() {
        let mut table = Table::new(Variant::Chaturaji);
        assert!(table.play("h1f3").is_err()); // the die is not rolled yet
        table.advance(|_| 2);
        assert!(table.play("2").is_err());
    }
}
