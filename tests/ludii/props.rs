//! Property tests for the Ludii ruleset (docs/rules.md §2.13), driven by random
//! playouts.
//!
//! A playout is a list of `(roll, move, bias)` choices: the first index picks
//! the die face, the second one of the legal moves, and the bias narrows the
//! choice first to captures (0) or to pawn moves (1, so that pawns reach
//! their far edge and promotion decisions happen). Every choice is an index,
//! so a failure shrinks to a short game.
//!
//! At every ply [`check_position`] checks the position against an
//! independent model of the Ludii ruleset (docs/rules.md §2.13) written in this file ([`Model`]): the legal
//! moves of every roll (or the decision's choices), `count_legal_moves`,
//! `is_legal`, the outcome and the ranking; then `validate`, the hash, the
//! text round trip, the set-up round trip, and play/undo of every legal move,
//! whose result must be the model's. At some plies perft at depth 2 must
//! equal the sum of its divide and the sum over the moves of perft at depth
//! 1 after them.

use crate::chaturaji_steps::{BOAT, KING, KNIGHT, MARCH, ROOK};
use kaissa_chaturaji::chaturaji::{
    perft, perft_divide, Colour, Move, MoveList, Outcome, Piece, PieceKind, Position, Roll, Rules,
    Square, LUDII_START_TEXT,
};
use kaissa_chaturaji::error::NotationErrorKind;
use proptest::prelude::*;
use proptest::sample::Index;

// ---------------------------------------------------------------------------
// The Ludii ruleset again, independently of the library.

fn at(file: i8, rank: i8) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn value(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Boat => 2,
        PieceKind::Horse => 3,
        PieceKind::Elephant => 4,
        PieceKind::Raja => 5,
    }
}

/// The far edge of `colour`: file a Red, rank 1 Black, file h Yellow, rank
/// 8 Green.
fn on_far_edge(colour: Colour, square: usize) -> bool {
    let (file, rank) = (square % 8, square / 8);
    match colour {
        Colour::Red => file == 0,
        Colour::Black => rank == 0,
        Colour::Yellow => file == 7,
        Colour::Green => rank == 7,
    }
}

/// A Ludii position as plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Model {
    board: [Option<Piece>; 64],
    to_move: Colour,
    scores: [u32; 4],
    decision: Option<usize>,
    turns: u32,
}

impl Model {
    fn of(pos: &Position) -> Model {
        let mut board = [None; 64];
        for (i, slot) in board.iter_mut().enumerate() {
            *slot = pos.piece_at(Square::new(i as u8).unwrap());
        }
        Model {
            board,
            to_move: pos.to_move(),
            scores: pos.scores(),
            decision: pos.pending_promotion().map(Square::index),
            turns: pos.ply(),
        }
    }

    fn colours_left(&self) -> usize {
        Colour::ALL
            .iter()
            .filter(|&&c| self.board.iter().flatten().any(|p| p.colour == c))
            .count()
    }

    fn outcome(&self) -> Outcome {
        if self.decision.is_some() {
            return Outcome::Ongoing;
        }
        if self.colours_left() <= 1 {
            let best = *self.scores.iter().max().unwrap();
            let top: Vec<Colour> = Colour::ALL
                .into_iter()
                .filter(|c| self.scores[c.index()] == best)
                .collect();
            return if top.len() == 1 {
                Outcome::ColourWins(top[0])
            } else {
                Outcome::TopScoreTie
            };
        }
        if self.turns >= 5000 {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }

    /// The kinds the decision may choose.
    fn choices(&self) -> Vec<PieceKind> {
        [
            PieceKind::Raja,
            PieceKind::Elephant,
            PieceKind::Horse,
            PieceKind::Boat,
        ]
        .into_iter()
        .filter(|&k| {
            !self
                .board
                .iter()
                .flatten()
                .any(|p| p.colour == self.to_move && p.kind == k)
        })
        .collect()
    }

    /// The legal moves for `face`, as `(from, to)` pairs, or the decision's
    /// kinds; `None` in a finished game.
    fn moves(&self, face: u8) -> Option<Vec<Move>> {
        if self.outcome().is_over() {
            return None;
        }
        if self.decision.is_some() {
            let kinds = self.choices();
            if kinds.is_empty() {
                return Some(vec![Move::Pass]);
            }
            return Some(
                kinds
                    .into_iter()
                    .map(|kind| Move::Decision { kind })
                    .collect(),
            );
        }
        let me = self.to_move;
        let mut out = Vec::new();
        for from in 0..64 {
            let Some(piece) = self.board[from] else {
                continue;
            };
            if piece.colour != me || piece.kind.face() != face {
                continue;
            }
            let (f, r) = ((from % 8) as i8, (from / 8) as i8);
            let open = |to: usize| !matches!(self.board[to], Some(p) if p.colour == me);
            let mut targets = Vec::new();
            match piece.kind {
                PieceKind::Raja => {
                    targets.extend(KING.iter().filter_map(|&(df, dr)| at(f + df, r + dr)))
                }
                PieceKind::Horse => {
                    targets.extend(KNIGHT.iter().filter_map(|&(df, dr)| at(f + df, r + dr)))
                }
                PieceKind::Boat => {
                    targets.extend(BOAT.iter().filter_map(|&(df, dr)| at(f + df, r + dr)))
                }
                PieceKind::Elephant => {
                    for (df, dr) in ROOK {
                        let mut step = 1;
                        while let Some(to) = at(f + df * step, r + dr * step) {
                            targets.push(to);
                            if self.board[to].is_some() {
                                break;
                            }
                            step += 1;
                        }
                    }
                }
                PieceKind::Pawn => {
                    let (df, dr) = MARCH[me.index()];
                    if let Some(to) = at(f + df, r + dr) {
                        if self.board[to].is_none() {
                            out.push(Move::Normal {
                                from: Square::new(from as u8).unwrap(),
                                to: Square::new(to as u8).unwrap(),
                            });
                        }
                    }
                    let sides = if df == 0 {
                        [(1, dr), (-1, dr)]
                    } else {
                        [(df, 1), (df, -1)]
                    };
                    for (sf, sr) in sides {
                        if let Some(to) = at(f + sf, r + sr) {
                            if self.board[to].is_some_and(|p| p.colour != me) {
                                targets.push(to);
                            }
                        }
                    }
                }
            }
            for to in targets {
                if open(to) {
                    out.push(Move::Normal {
                        from: Square::new(from as u8).unwrap(),
                        to: Square::new(to as u8).unwrap(),
                    });
                }
            }
        }
        if out.is_empty() {
            out.push(Move::Pass);
        }
        Some(out)
    }

    /// The position after `mv` (a legal move).
    fn after(&self, mv: Move) -> Model {
        let mut next = self.clone();
        let me = self.to_move;
        if let Some(square) = self.decision {
            if let Move::Decision { kind } = mv {
                next.board[square] = Some(Piece::new(me, kind));
            }
            next.decision = None;
            next.to_move = me.next();
            return next;
        }
        next.turns += 1;
        next.to_move = me.next();
        if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
            let piece = next.board[from.index()].take().unwrap();
            if let Some(victim) = next.board[to.index()] {
                next.scores[me.index()] += value(victim.kind);
            }
            next.board[to.index()] = Some(piece);
            if piece.kind == PieceKind::Pawn
                && on_far_edge(me, to.index())
                && next.colours_left() > 1
            {
                next.decision = Some(to.index());
                next.to_move = me;
            }
        }
        next
    }
}

// ---------------------------------------------------------------------------
// The checks.

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn check_position(pos: &Position, deep: bool) {
    let model = Model::of(pos);
    assert_eq!(pos.validate(), Ok(()), "{pos}");
    assert_eq!(pos.hash(), pos.compute_hash(), "{pos}");
    let text = pos.to_string();
    let parsed = Position::from_text(&text, Rules::ludii()).expect("round trip");
    assert_eq!(&parsed, pos);
    assert_eq!(parsed.to_string(), text);
    // `FromStr` tells the Ludii form by its shape; the sheet's rules refuse
    // it, saying which rules read it.
    assert_eq!(text.parse::<Position>().as_ref(), Ok(pos));
    let err = Position::from_text(&text, Rules::default()).expect_err(&text);
    assert_eq!(err.kind(), NotationErrorKind::WrongRules, "{err}");
    assert_eq!(pos.to_setup().build(Rules::ludii()).as_ref(), Ok(pos));
    assert_eq!(pos.outcome(), model.outcome(), "{pos}");
    assert_eq!(pos.is_over(), model.outcome().is_over());
    assert_eq!(pos.ranking().is_some(), pos.is_over());
    if let Some(ranks) = pos.ranking() {
        for a in Colour::ALL {
            for b in Colour::ALL {
                if let Outcome::Draw = pos.outcome() {
                    assert_eq!(ranks[a.index()], 1);
                } else if model.scores[a.index()] > model.scores[b.index()] {
                    assert!(ranks[a.index()] < ranks[b.index()]);
                }
            }
        }
    }
    let mut moves = MoveList::new();
    for roll in Roll::ALL {
        pos.generate_moves(roll, &mut moves);
        let expected = model.moves(roll.face()).unwrap_or_default();
        assert_eq!(
            sorted(moves.iter().copied()),
            sorted(expected),
            "{pos} roll {roll}"
        );
        assert_eq!(pos.count_legal_moves(roll), moves.len());
        for &mv in moves.iter() {
            assert!(pos.is_legal(roll, mv), "{pos}: {roll}:{mv}");
            let mut after = pos.clone();
            let undo = after.play(roll, mv).expect("legal");
            assert_eq!(Model::of(&after), model.after(mv), "{pos}: {roll}:{mv}");
            assert_eq!(after.hash(), after.compute_hash());
            after.undo(undo).expect("its own record");
            assert_eq!(&after, pos);
        }
        // A few moves that are not legal.
        for mv in [
            Move::Pass,
            Move::Decision {
                kind: PieceKind::Boat,
            },
            Move::Decision {
                kind: PieceKind::Raja,
            },
        ] {
            assert_eq!(pos.is_legal(roll, mv), moves.contains(&mv), "{pos}: {mv}");
        }
    }
    if pos.pending_promotion().is_some() {
        assert_eq!(
            sorted(pos.decision_moves()),
            sorted(model.moves(2).unwrap_or_default())
        );
    } else {
        assert!(pos.decision_moves().is_empty());
    }
    if deep {
        let nodes = perft(pos, 2);
        let divide = perft_divide(pos, 2);
        assert_eq!(divide.iter().map(|d| d.2).sum::<u64>(), nodes);
        let mut by_move = 0;
        for &(roll, mv, count) in &divide {
            assert_eq!(roll.is_none(), pos.pending_promotion().is_some());
            let mut after = pos.clone();
            after.play(roll.unwrap_or(Roll::ALL[0]), mv).expect("legal");
            assert_eq!(perft(&after, 1), count);
            by_move += count;
        }
        assert_eq!(by_move, nodes);
    }
}

type Choice = (Index, Index, u8);

fn choose(pos: &Position, moves: &MoveList, index: &Index, bias: u8) -> Move {
    let preferred: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|mv| {
            let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
                return false;
            };
            match bias {
                0 => pos.piece_at(to).is_some(),
                1 => pos.piece_at(from).map(|p| p.kind) == Some(PieceKind::Pawn),
                _ => false,
            }
        })
        .collect();
    if preferred.is_empty() {
        moves[index.index(moves.len())]
    } else {
        preferred[index.index(preferred.len())]
    }
}

/// Plays `choices` from `text`; checks every position (perft every `every`
/// plies) and returns how many decisions were made.
fn playout(text: &str, choices: &[Choice], every: usize) -> usize {
    let mut pos = Position::from_text(text, Rules::ludii()).expect("a start text");
    let mut decisions = 0;
    for (n, (roll, index, bias)) in choices.iter().enumerate() {
        check_position(&pos, n % every == 0);
        let roll = Roll::ALL[roll.index(4)];
        let moves = pos.legal_moves(roll);
        if moves.is_empty() {
            break;
        }
        let mv = choose(&pos, &moves, index, *bias);
        decisions += usize::from(matches!(mv, Move::Decision { .. }));
        pos.play(roll, mv).expect("a legal move");
    }
    check_position(&pos, true);
    decisions
}

fn choices(min: usize, max: usize) -> impl Strategy<Value = Vec<Choice>> {
    proptest::collection::vec((any::<Index>(), any::<Index>(), 0u8..4), min..max)
}

/// Positions near the rare rules: decisions pending or one step away, the
/// end one capture away, the turn limit one ply away.
const SEEDS: [&str; 6] = [
    "8/2,gP,5/8/8/8/8/8/gB,6,rK g 0,0,0,0 - 7",
    "2,gP,5/8/8/8/8/8/8/gB,gH,gE,gK,3,rK g 0,0,0,0 c8 8",
    "3,rH,4/2,gP,5/8/8/8/8/8/8 g 0,0,0,0 - 7",
    "8/8/8/8/8/8/1,bP,rP,5/1,yP,5,gK y 3,1,4,1 - 4997",
    "bB,bP,6/1,yP,6/8/8/8/8/6,gP,rP/6,rK,gE b 0,5,0,2 - 120",
    "8/1,rP,6/yP,7/8/8/7,gP/bP,6,yP/8 r 7,7,0,0 - 400",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases::cases(8, 16), ..ProptestConfig::default() })]

    /// Long playouts from the start: captures, eliminations, decisions and
    /// game ends.
    #[test]
    fn playouts_from_start_agree_with_the_model(choices in choices(200, 500)) {
        playout(LUDII_START_TEXT, &choices, 25);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases::cases(32, 96), ..ProptestConfig::default() })]

    /// Short playouts from positions next to the rare rules.
    #[test]
    fn playouts_from_seeds_agree_with_the_model(
        seed in proptest::sample::select(SEEDS.to_vec()),
        choices in choices(0, 30),
    ) {
        playout(seed, &choices, 3);
    }
}

/// Perft by the model alone: chance nodes over the four faces, a decision
/// counted once.
fn model_perft(model: &Model, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let faces: &[u8] = if model.decision.is_some() {
        &[2]
    } else {
        &[2, 3, 4, 5]
    };
    let mut total = 0;
    for &face in faces {
        for mv in model.moves(face).unwrap_or_default() {
            total += model_perft(&model.after(mv), depth - 1);
        }
    }
    total
}

/// The library's perft against the model's, from the start and from
/// positions with decisions near.
#[test]
fn perft_agrees_with_the_model() {
    let start = Position::start(Rules::ludii());
    assert_eq!(model_perft(&Model::of(&start), 5), 114_900);
    assert_eq!(perft(&start, 5), 114_900);
    for seed in SEEDS {
        let pos = Position::from_text(seed, Rules::ludii()).expect("a seed");
        for depth in 1..=4 {
            assert_eq!(
                perft(&pos, depth),
                model_perft(&Model::of(&pos), depth),
                "{seed} depth {depth}"
            );
        }
    }
}

/// The playouts above do reach promotion decisions (a guard against a
/// strategy that never exercises them).
#[test]
fn playouts_make_decisions() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new(Config::default());
    let mut decisions = 0;
    for _ in 0..8 {
        let tree = choices(400, 401).new_tree(&mut runner).expect("a value");
        decisions += playout(LUDII_START_TEXT, &tree.current(), 1000);
    }
    assert!(decisions > 0, "no promotion decision in 8 long playouts");
}
