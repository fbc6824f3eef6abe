//! `kaissa.Position`: a Merchant Kaissa position with a stack of the moves
//! pushed on it, in the manner of python-chess's `Board`.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use kaissa_chaturaji::kaissa::{self, Side};
use kaissa_chaturaji::{game, svg};

use super::legal::LegalMoves;
use super::moves::{self, Move};
use super::text;
use super::window::HomeStoneWindow;
use crate::common;
use crate::errors;
use crate::outcome::Outcome;
use crate::random;

/// A Merchant Kaissa position (10x10, Yellow against Red) and the stack of
/// moves pushed on it.
///
/// ``Position()`` is the start; ``Position(text)`` reads the position text
/// (``<board> <side> <turn> <hand>``, see the rules reference §3), raising
/// a ``NotationError`` (a ``ValueError``) when it is not one. ``str(pos)``
/// is the text. ``push`` plays a move (a ``Move`` or its text) after
/// checking it, ``pop`` takes the last one back; an illegal or malformed
/// move raises and changes nothing. There is no check in Kaissa: every
/// generated move is legal.
///
/// Positions compare equal when their boards, sides to move, turns and
/// stones in hand agree (the move stacks are not compared); they are
/// mutable, so not hashable: use ``zobrist_hash()`` or ``str(pos)`` as a
/// key. Not safe to change from two threads at once (a second thread gets
/// a ``RuntimeError``); reading, copying and ``perft`` are.
///
/// >>> pos = Position()
/// >>> len(pos.legal_moves)
/// 40
/// >>> pos.push("e2e5")
/// >>> pos.to_move
/// 'red'
/// >>> pos.pop()
/// Move('e2e5')
#[pyclass(module = "kaissa_chaturaji.kaissa", name = "Position")]
#[derive(Debug, Clone)]
pub struct Position {
    /// The current position.
    pub pos: kaissa::Position,
    /// The records of the moves pushed, oldest first.
    pub stack: Vec<kaissa::Undo>,
}

impl Position {
    /// A position with an empty move stack.
    pub fn from_rust(pos: kaissa::Position) -> Position {
        Position {
            pos,
            stack: Vec::new(),
        }
    }

    /// The position before the first pushed move.
    pub fn root_position(&self) -> kaissa::Position {
        let mut root = self.pos.clone();
        for undo in self.stack.iter().rev() {
            root.undo_unchecked(*undo);
        }
        root
    }

    /// The moves pushed, oldest first.
    pub fn pushed(&self) -> impl Iterator<Item = kaissa::Move> + '_ {
        self.stack.iter().map(kaissa::Undo::played)
    }

    /// Plays a move checked by the caller (or by the library) and keeps
    /// its record.
    pub fn push_unchecked(&mut self, mv: kaissa::Move) {
        let undo = self.pos.play_unchecked(mv);
        self.stack.push(undo);
    }
}

/// A side named `yellow`/`y` or `red`/`r`.
fn side(name: &str) -> PyResult<Side> {
    match name {
        "yellow" | "y" => Ok(Side::Yellow),
        "red" | "r" => Ok(Side::Red),
        _ => Err(PyValueError::new_err(format!(
            "a side is 'yellow' or 'red', not {:?}",
            name.chars().take(24).collect::<String>()
        ))),
    }
}

/// A square of the 10x10 board, by name or index.
fn square(arg: &Bound<'_, PyAny>) -> PyResult<kaissa::Square> {
    common::square(arg, kaissa::Square::COUNT, kaissa::Square::new)
}

#[pymethods]
impl Position {
    /// The start position, or the position ``text`` describes.
    #[new]
    #[pyo3(signature = (text = None))]
    fn new(text: Option<&str>) -> PyResult<Position> {
        let pos = match text {
            None => kaissa::Position::start(),
            Some(text) => kaissa::Position::from_text(text).map_err(errors::notation)?,
        };
        Ok(Position::from_rust(pos))
    }

    /// The position text.
    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    /// ``Position('<text>')``.
    fn __repr__(&self) -> String {
        format!("Position('{}')", self.pos)
    }

    /// Equal boards, sides to move, turns and stones in hand.
    fn __eq__(&self, other: PyRef<'_, Position>) -> bool {
        self.pos == other.pos
    }

    /// Positions are mutable, hence unhashable (see ``zobrist_hash``).
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    /// A copy: with the move stack (so ``pop`` works on it) unless
    /// ``stack`` is false.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> Position {
        if stack {
            self.clone()
        } else {
            Position::from_rust(self.pos.clone())
        }
    }

    /// A copy with the move stack.
    fn __copy__(&self) -> Position {
        self.clone()
    }

    /// A copy with the move stack (nothing inside needs deep copying).
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        self.clone()
    }

    /// Pickles as the position before the first pushed move and the moves
    /// pushed since.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (String,), Vec<String>)> {
        let this = slf.try_borrow()?;
        let moves = this.pushed().map(|mv| mv.to_string()).collect();
        Ok((
            slf.get_type().into_any(),
            (this.root_position().to_string(),),
            moves,
        ))
    }

    /// Pushes the pickled moves again: all of them, or, when one is
    /// malformed or illegal, none (the error is raised and the position
    /// is unchanged).
    fn __setstate__(&mut self, moves: Vec<String>) -> PyResult<()> {
        let mut pos = self.pos.clone();
        let mut stack = Vec::with_capacity(self.stack.len() + moves.len());
        stack.extend_from_slice(&self.stack);
        for text in moves {
            let mv = moves::parse(&text)?;
            stack.push(pos.play(mv).map_err(errors::illegal)?);
        }
        self.pos = pos;
        self.stack = stack;
        Ok(())
    }

    /// The side to move: ``"yellow"`` or ``"red"``.
    #[getter]
    fn to_move(&self) -> &'static str {
        self.pos.to_move().name()
    }

    /// The side to move, ``"yellow"`` or ``"red"`` (python-chess's
    /// ``turn``; the same as ``to_move``).
    #[getter]
    fn turn(&self) -> &'static str {
        self.pos.to_move().name()
    }

    /// The turn number of the rules (the side to move's N-th move, from 1;
    /// python-chess's ``fullmove_number``).
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.turn()
    }

    /// Plies played since the start of the game (0 at the start).
    #[getter]
    fn ply(&self) -> u32 {
        self.pos.ply()
    }

    /// The moves pushed, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.pushed().map(Move).collect()
    }

    /// The piece on ``square`` (a name such as ``"e2"`` or an index
    /// ``rank * 10 + file``) as its letter (upper case Yellow, lower case
    /// Red), or ``None`` when the square is empty.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let square = self::square(square)?;
        Ok(self.pos.piece_at(square).map(|p| p.letter().to_string()))
    }

    /// Every piece on the board: a dict from square names to piece letters.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        for square in self.pos.occupied().iter() {
            if let Some(piece) = self.pos.piece_at(square) {
                map.set_item(square.to_string(), piece.letter().to_string())?;
            }
        }
        Ok(map)
    }

    /// Whether ``side``'s Home Stone is still in hand.
    fn stone_in_hand(&self, side: &str) -> PyResult<bool> {
        Ok(self.pos.stone_in_hand(self::side(side)?))
    }

    /// The square of ``side``'s Home Stone, or ``None`` when it is in hand
    /// or captured.
    fn stone_square(&self, side: &str) -> PyResult<Option<String>> {
        Ok(self
            .pos
            .stone_square(self::side(side)?)
            .map(|s| s.to_string()))
    }

    /// Whether ``side``'s Home Stone has been captured.
    fn stone_captured(&self, side: &str) -> PyResult<bool> {
        Ok(self.pos.stone_captured(self::side(side)?))
    }

    /// The Home Stone placement window of ``side`` (the side to move by
    /// default).
    #[pyo3(signature = (side = None))]
    fn home_stone_window(&self, side: Option<&str>) -> PyResult<HomeStoneWindow> {
        let side = match side {
            Some(name) => self::side(name)?,
            None => self.pos.to_move(),
        };
        Ok(HomeStoneWindow::new(self.pos.home_stone_window(side)))
    }

    /// The legal moves, as python-chess's ``board.legal_moves``: a live
    /// ``LegalMoves`` view (sized, iterable, answering ``in`` and
    /// ``count()``); calling it, ``legal_moves()``, gives them as a list
    /// (empty when the game is over).
    #[getter]
    fn legal_moves(slf: Bound<'_, Self>) -> LegalMoves {
        LegalMoves::new(slf.unbind())
    }

    /// The number of legal moves (without making the list).
    fn count_legal_moves(&self) -> usize {
        self.pos.count_legal_moves()
    }

    /// Whether ``move`` (a ``Move`` or its text) is legal here. Malformed
    /// text raises a ``NotationError``.
    #[pyo3(signature = (r#move))]
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.pos.is_legal(moves::argument(r#move)?))
    }

    /// Plays ``move`` (a ``Move`` or its text) and pushes it on the move
    /// stack. An illegal move raises an ``IllegalMoveError``, malformed
    /// text a ``NotationError`` (both ``ValueError``); the position is
    /// then unchanged.
    #[pyo3(signature = (r#move))]
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = moves::argument(r#move)?;
        let undo = self.pos.play(mv).map_err(errors::illegal)?;
        self.stack.push(undo);
        Ok(())
    }

    /// Takes back the last pushed move and returns it (``IndexError`` when
    /// the stack is empty).
    fn pop(&mut self) -> PyResult<Move> {
        let undo = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.pos.undo_unchecked(undo);
        Ok(Move(undo.played()))
    }

    /// The last pushed move (``IndexError`` when the stack is empty).
    fn peek(&self) -> PyResult<Move> {
        self.stack
            .last()
            .map(|undo| Move(undo.played()))
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
    }

    /// The position before the first pushed move (with an empty stack).
    fn root(&self) -> Position {
        Position::from_rust(self.root_position())
    }

    /// ``move`` (a ``Move`` or its text) in readable notation, like chess
    /// SAN: ``e5``, ``dxe5``, ``Tf4``, ``Tad3``, ``H@c1``, ``Bxh10#`` (``#``
    /// marks the capture of the Home Stone). Raises ``IllegalMoveError``
    /// when the move is not legal here.
    #[pyo3(signature = (r#move))]
    fn readable(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let mv = moves::argument(r#move)?;
        self.pos.readable(mv).map_err(errors::illegal)
    }

    /// The legal move a readable text names (``ReadableMoveError`` when it
    /// names none or several, or is malformed).
    fn parse_readable(&self, text: &str) -> PyResult<Move> {
        self.pos
            .parse_readable(text)
            .map(Move)
            .map_err(errors::readable)
    }

    /// Plays the move a readable text names, pushes it and returns it.
    fn push_readable(&mut self, text: &str) -> PyResult<Move> {
        let mv = self.pos.parse_readable(text).map_err(errors::readable)?;
        self.push_unchecked(mv);
        Ok(Move(mv))
    }

    /// The position text, as python-chess's ``fen()`` (Kaissa's text is
    /// not a FEN, but it does the FEN's job; the same as ``str(pos)``).
    fn fen(&self) -> String {
        self.pos.to_string()
    }

    /// Replaces the position with the one ``text`` describes and empties
    /// the move stack (python-chess's ``set_fen``). Bad text raises a
    /// ``NotationError`` and changes nothing.
    fn set_fen(&mut self, text: &str) -> PyResult<()> {
        self.pos = kaissa::Position::from_text(text).map_err(errors::notation)?;
        self.stack.clear();
        Ok(())
    }

    /// ``move`` in the readable, SAN-like notation (python-chess's
    /// ``san``; the same as ``readable``).
    #[pyo3(signature = (r#move))]
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        self.readable(r#move)
    }

    /// The legal move a readable text names (python-chess's
    /// ``parse_san``; the same as ``parse_readable``).
    fn parse_san(&self, text: &str) -> PyResult<Move> {
        self.parse_readable(text)
    }

    /// Plays the move a readable text names, pushes it and returns it
    /// (python-chess's ``push_san``; the same as ``push_readable``).
    fn push_san(&mut self, text: &str) -> PyResult<Move> {
        self.push_readable(text)
    }

    /// Plays the move of a move text (``e2e5``, ``H@c1``: the project's
    /// counterpart of UCI), pushes it and returns it (python-chess's
    /// ``push_uci``). Malformed text raises a ``NotationError``, an illegal
    /// move an ``IllegalMoveError``; the position is then unchanged.
    fn push_uci(&mut self, text: &str) -> PyResult<Move> {
        let mv = moves::parse(text)?;
        let undo = self.pos.play(mv).map_err(errors::illegal)?;
        self.stack.push(undo);
        Ok(Move(mv))
    }

    /// The result as python-chess writes it: ``"1-0"`` (Yellow won),
    /// ``"0-1"`` (Red won), ``"1/2-1/2"`` (drawn) or ``"*"`` (going on).
    fn result(&self) -> &'static str {
        match self.pos.outcome() {
            kaissa::Outcome::Ongoing => "*",
            kaissa::Outcome::Win {
                winner: Side::Yellow,
                ..
            } => "1-0",
            kaissa::Outcome::Win { .. } => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// The squares of the pieces of ``side`` (``"yellow"`` or ``"red"``)
    /// that attack ``square`` (a name or an index), as a list of names: the
    /// pieces that could capture there if an enemy piece stood on it (the
    /// Home Stone attacks nothing; a Spearman only diagonally forward).
    fn attackers(&self, side: &str, square: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let (side, square) = (self::side(side)?, self::square(square)?);
        Ok(self
            .pos
            .attackers(side, square)
            .iter()
            .map(|s| s.to_string())
            .collect())
    }

    /// Whether a piece of ``side`` attacks ``square`` (see ``attackers``).
    fn is_attacked_by(&self, side: &str, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self
            .pos
            .is_attacked_by(self::side(side)?, self::square(square)?))
    }

    /// The board as text, rank 10 at the top (python-chess's
    /// ``unicode()``): one character a square separated by spaces, the
    /// piece letters (upper case Yellow, lower case Red; Kaissa's pieces
    /// have no chess figurines) and ``empty_square`` for an empty square.
    /// With ``borders``, a frame with the file letters and rank numbers.
    #[pyo3(signature = (*, empty_square = "\u{b7}", borders = false))]
    fn unicode(&self, empty_square: &str, borders: bool) -> String {
        text::unicode(&self.pos, empty_square, borders)
    }

    /// How the game stands: going on, won (Home Stone captured, or a loss
    /// by default) or drawn (no legal move, or the turn limit).
    fn outcome(&self) -> Outcome {
        Outcome::kaissa(self.pos.outcome())
    }

    /// Whether the game is over (no legal move is left).
    fn is_game_over(&self) -> bool {
        self.pos.is_over()
    }

    /// The number of leaf nodes of the game tree ``depth`` plies deep
    /// (``perft(0) == 1``). ``threads`` shares the work (0: every core);
    /// the count is the same. The interpreter is released meanwhile, so
    /// other Python threads run (and Ctrl-C waits for the count).
    #[pyo3(signature = (depth, *, threads = 1))]
    fn perft(slf: PyRef<'_, Self>, depth: i64, threads: i64) -> PyResult<u64> {
        let (depth, threads) = (common::depth(depth)?, common::threads(threads)?);
        let pos = slf.pos.clone();
        let py = slf.py();
        drop(slf);
        Ok(py.detach(move || game::perft_threaded(&game::Kaissa::new(pos), depth, threads)))
    }

    /// Perft split by root move: a list of ``(move, nodes)`` pairs, one
    /// per legal move (as the Rust ``perft_divide``: at depth 0, as at
    /// depth 1, every move counts 1).
    #[pyo3(signature = (depth, *, threads = 1))]
    fn perft_divide(slf: PyRef<'_, Self>, depth: i64, threads: i64) -> PyResult<Vec<(Move, u64)>> {
        let (depth, threads) = (common::depth(depth)?, common::threads(threads)?);
        let pos = slf.pos.clone();
        let py = slf.py();
        drop(slf);
        let divide = py.detach(move || {
            if depth == 0 {
                // As at depth 1: each root move counts 1.
                return kaissa::perft_divide(&pos, 0);
            }
            game::perft_divide_threaded(&game::Kaissa::new(pos), depth, threads)
                .into_iter()
                .map(|(_, mv, nodes)| (mv, nodes))
                .collect()
        });
        Ok(divide.into_iter().map(|(mv, n)| (Move(mv), n)).collect())
    }

    /// A legal move chosen uniformly at random with ``rng`` (a
    /// ``SplitMix64``), or ``None`` when the game is over. The same
    /// generator state gives the same move as the Rust ``choose_move``.
    fn choose_move(&self, rng: &Bound<'_, PyAny>) -> PyResult<Option<Move>> {
        random::with_rng(rng, |rng| self.pos.choose_move(rng).map(Move))
    }

    /// Plays a seeded random game from here (the library's
    /// ``play_seeded_game``: the same seed, the same game) until it is
    /// over or ``max_plies`` moves were played; the moves are pushed on
    /// the stack. Returns the outcome.
    #[pyo3(signature = (seed, max_plies = 10_000))]
    fn play_seeded_game(&mut self, seed: u64, max_plies: u32) -> Outcome {
        let mut scratch = self.pos.clone();
        let mut played = Vec::new();
        let outcome = kaissa::play_seeded_game(&mut scratch, seed, max_plies, |mv, _| {
            played.push(mv);
        });
        for mv in played {
            self.push_unchecked(mv);
        }
        Outcome::kaissa(outcome)
    }

    /// The Zobrist hash of the position (equal positions, equal hashes).
    fn zobrist_hash(&self) -> u64 {
        self.pos.hash()
    }

    /// A text drawing of the board, with a piece legend.
    fn diagram(&self) -> String {
        self.pos.diagram().to_string()
    }

    /// The board as an SVG picture: squares of ``size`` pixels (8 to
    /// 1000), coordinates around it unless ``coordinates`` is false, the
    /// last pushed move highlighted unless ``last_move`` is false.
    #[pyo3(signature = (*, size = 48, coordinates = true, last_move = true))]
    fn svg(&self, size: i64, coordinates: bool, last_move: bool) -> String {
        let last = if last_move {
            self.stack.last().map(kaissa::Undo::played)
        } else {
            None
        };
        svg::kaissa(&self.pos, last, &common::svg_options(size, coordinates))
    }

    /// The SVG picture, for Jupyter and other rich displays.
    fn _repr_svg_(&self) -> String {
        self.svg(48, true, true)
    }
}
