//! Where the actions of a game move on the board, by square name: what a
//! board shows as a piece's targets (chessground's "dests") and how it
//! turns a click on two squares back into an action, with no move text
//! read.

use std::collections::BTreeMap;

use crate::game::{AnyAction, AnyGame, ChaturajiStep, Game};

/// The squares an action moves between: `from` is `None` for a Home
/// Stone placement (the stone comes from the hand).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardMove {
    /// The square moved from, by name (`e2`); `None` for a placement.
    pub from: Option<String>,
    /// The square moved to, by name (`e5`).
    pub to: String,
}

impl AnyAction {
    /// The squares this action moves between, or `None` for an action
    /// that moves nothing on the board: a die face, a pass, a Ludii
    /// promotion decision.
    ///
    /// ```
    /// use kaissa_chaturaji::game::{AnyAction, AnyGame, BoardMove, Game};
    /// let game = AnyGame::kaissa();
    /// let e2e5 = game.legal_actions().into_iter().find(|a| a.to_string() == "e2e5").unwrap();
    /// assert_eq!(e2e5.board_move(), Some(BoardMove { from: Some("e2".into()), to: "e5".into() }));
    /// ```
    #[must_use]
    pub fn board_move(&self) -> Option<BoardMove> {
        match self {
            AnyAction::Kaissa(mv) => Some(BoardMove {
                from: mv.from().map(|square| square.to_string()),
                to: mv.to().to_string(),
            }),
            AnyAction::Chaturaji(ChaturajiStep::Move(mv)) => Some(BoardMove {
                from: Some(mv.from()?.to_string()),
                to: mv.to()?.to_string(),
            }),
            AnyAction::Chaturaji(ChaturajiStep::Roll(_)) => None,
        }
    }
}

impl AnyGame {
    /// The board's targets of the actions legal now: for each square a
    /// piece may leave, the squares it may reach, in name order; the key
    /// `None` holds a placement's squares. Empty at a chance node and once
    /// the game is over.
    ///
    /// ```
    /// use kaissa_chaturaji::game::AnyGame;
    /// let dests = AnyGame::kaissa().dests();
    /// assert!(dests[&Some("e2".to_string())].contains(&"e5".to_string()));
    /// ```
    #[must_use]
    pub fn dests(&self) -> BTreeMap<Option<String>, Vec<String>> {
        let mut dests: BTreeMap<Option<String>, Vec<String>> = BTreeMap::new();
        for action in self.legal_actions() {
            if let Some(BoardMove { from, to }) = action.board_move() {
                let targets = dests.entry(from).or_default();
                if !targets.contains(&to) {
                    targets.push(to);
                }
            }
        }
        for targets in dests.values_mut() {
            targets.sort();
        }
        dests
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chaturaji::Rules;
    use crate::game::Actor;

    /// Every legal action of a few random games: its board move is the
    /// from and to of its own text, as the move notation writes them.
    #[test]
    fn board_moves_agree_with_the_move_texts() {
        for start in [
            AnyGame::kaissa(),
            AnyGame::chaturaji(Rules::default()),
            AnyGame::chaturaji(Rules::ludii()),
        ] {
            let mut game = start;
            let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
            for _ in 0..300 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                match game.actor() {
                    Actor::Over => break,
                    Actor::Chance => {
                        assert!(game.dests().is_empty());
                        let faces = game.chance_outcomes();
                        let (face, _) = faces[(seed >> 33) as usize % faces.len()];
                        assert_eq!(face.board_move(), None);
                        let _undo = game.apply(face);
                    }
                    Actor::Player(_) => {
                        let actions = game.legal_actions();
                        let dests = game.dests();
                        for action in &actions {
                            let text = action.to_string();
                            match action.board_move() {
                                Some(BoardMove { from, to }) => {
                                    let written = match &from {
                                        Some(from) => format!("{from}{to}"),
                                        None => format!("@{to}"),
                                    };
                                    assert!(text.contains(&written), "{text} vs {written}");
                                    assert!(dests[&from].contains(&to));
                                }
                                None => assert!(text == "pass" || text.starts_with('='), "{text}"),
                            }
                        }
                        let reached: usize = dests.values().map(Vec::len).sum();
                        assert!(reached <= actions.len());
                        let action = actions[(seed >> 33) as usize % actions.len()];
                        let _undo = game.apply(action);
                    }
                }
            }
        }
    }
}
