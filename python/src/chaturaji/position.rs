//! `chaturaji.Position`: a Chaturaji position under its rules options,
//! with a stack of the plies pushed on it.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use kaissa_chaturaji::chaturaji::{self, Colour, Roll};
use kaissa_chaturaji::game::{self, ChaturajiStep};
use kaissa_chaturaji::record::ChaturajiAction;
use kaissa_chaturaji::svg;

use super::moves::{self, colour, Move};
use super::rules;
use crate::common;
use crate::errors;
use crate::outcome::Outcome;
use crate::random;

/// A ply on the stack: the roll it was made for (`None` for a Ludii
/// promotion decision) and the record that takes it back.
pub type Ply = (Option<Roll>, chaturaji::Undo);

/// A Chaturaji position (four players, a stick die) under its rules
/// options, and the stack of plies pushed on it.
///
/// ``Position(text=None, rules="sheet", draw_limit=200)``: the start, or
/// the position ``text`` describes (a ``NotationError``, a ``ValueError``,
/// when it is not one), under ``rules``: ``"sheet"`` (the sheet's
/// alliances, Red with Green against Black with Yellow), ``"opposite"``
/// (partners sitting opposite: Red with Yellow, Black with Green) or
/// ``"ludii"`` (Ludii's free-for-all with scores; the rules reference
/// §2.13). ``draw_limit`` is the number of plies without a capture that
/// draws the game under the sheet's ruleset (``None``: no limit; the
/// Ludii ruleset has none). ``str(pos)`` is the position text.
///
/// Moves exist per roll of the die: ``legal_moves(roll)``,
/// ``push(roll, move)`` with ``roll`` 2 (boat), 3 (horse), 4 (elephant) or
/// 5 (pawn or raja). With no move for the roll, ``pass`` is the one legal
/// move. A Ludii promotion decision (``=K``...) is made without a roll:
/// give ``None`` (or any roll) while one is pending.
///
/// Positions compare equal when their state and rules options agree (the
/// stacks are not compared); they are mutable, so not hashable (see
/// ``zobrist_hash()``).
///
/// >>> pos = Position()
/// >>> [str(m) for m in pos.legal_moves(2)]
/// ['h1f3']
/// >>> pos.push(2, "h1f3")
/// >>> pos.to_move
/// 'black'
/// >>> pos.pop()
/// (2, Move('h1f3'))
/// >>> pos.perft(2)
/// 100
#[pyclass(module = "kaissa_chaturaji.chaturaji", name = "Position")]
#[derive(Debug, Clone)]
pub struct Position {
    /// The current position (it carries its rules options).
    pub pos: chaturaji::Position,
    /// The plies pushed, oldest first.
    pub stack: Vec<Ply>,
}

impl Position {
    /// A position with an empty stack.
    pub fn from_rust(pos: chaturaji::Position) -> Position {
        Position {
            pos,
            stack: Vec::new(),
        }
    }

    /// The position before the first pushed ply.
    pub fn root_position(&self) -> chaturaji::Position {
        let mut root = self.pos.clone();
        for (_, undo) in self.stack.iter().rev() {
            root.undo_unchecked(undo.clone());
        }
        root
    }

    /// The plies pushed as record actions, oldest first.
    pub fn actions(&self) -> impl Iterator<Item = ChaturajiAction> + '_ {
        self.stack.iter().map(|(roll, undo)| match roll {
            Some(roll) => ChaturajiAction::Ply {
                roll: *roll,
                mv: undo.played(),
            },
            None => ChaturajiAction::Decision { mv: undo.played() },
        })
    }

    /// The roll to record and the roll to generate with for `roll` (a
    /// face, or `None` while a Ludii promotion decision is pending).
    fn roll_for(&self, roll: Option<i64>) -> PyResult<(Option<Roll>, Roll)> {
        let deciding = self.pos.pending_promotion().is_some();
        match roll {
            Some(face) => {
                let roll = moves::roll(face)?;
                Ok((if deciding { None } else { Some(roll) }, roll))
            }
            None if deciding => Ok((None, Roll::ALL[0])),
            None => Err(PyValueError::new_err(
                "a roll (2, 3, 4 or 5) is needed: no promotion decision is pending",
            )),
        }
    }

    /// Plays `mv` for `roll` after checking it, and pushes it.
    pub fn push_checked(&mut self, roll: Option<i64>, mv: chaturaji::Move) -> PyResult<()> {
        let (recorded, roll) = self.roll_for(roll)?;
        let undo = self.pos.play(roll, mv).map_err(errors::illegal)?;
        self.stack.push((recorded, undo));
        Ok(())
    }

    /// Applies a record action: a ply, a decision or an exchange.
    pub fn apply_action(&mut self, action: ChaturajiAction) -> PyResult<()> {
        action
            .check_pending_decision(&self.pos)
            .map_err(errors::action)?;
        match action {
            ChaturajiAction::Ply { roll, mv } => {
                self.push_checked(Some(i64::from(roll.face())), mv)
            }
            ChaturajiAction::Decision { mv } => self.push_checked(None, mv),
            ChaturajiAction::Exchange { first, second } => {
                self.pos
                    .apply_exchange(first, second)
                    .map_err(errors::exchange)?;
                self.stack.clear();
                Ok(())
            }
            _ => Err(PyValueError::new_err(
                "this kind of action is not supported",
            )),
        }
    }
}

/// A square of the 8x8 board, by name or index.
fn square(arg: &Bound<'_, PyAny>) -> PyResult<chaturaji::Square> {
    common::square(arg, 64, chaturaji::Square::new)
}

/// A ply as Python sees it: the roll (or `None`) and the move.
fn ply_tuple(roll: Option<Roll>, mv: chaturaji::Move) -> (Option<u8>, Move) {
    (roll.map(Roll::face), Move(mv))
}

/// Colour names and a value per colour, in the order red, black, yellow,
/// green, as a dict.
fn per_colour<'py, T: IntoPyObject<'py> + Copy>(
    py: Python<'py>,
    values: [T; 4],
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for colour in Colour::ALL {
        dict.set_item(colour.name(), values[colour.index()])?;
    }
    Ok(dict)
}

#[pymethods]
impl Position {
    /// The start position, or the position ``text`` describes, under
    /// ``rules`` (``"sheet"``, ``"opposite"`` or ``"ludii"``).
    #[new]
    #[pyo3(
        signature = (text = None, rules = "sheet", draw_limit = Some(200)),
        text_signature = "(text=None, rules='sheet', draw_limit=200)"
    )]
    fn new(text: Option<&str>, rules: &str, draw_limit: Option<u16>) -> PyResult<Position> {
        let rules = rules::from_name(rules, draw_limit)?;
        let pos = match text {
            None => chaturaji::Position::start(rules),
            Some(text) => chaturaji::Position::from_text(text, rules).map_err(errors::notation)?,
        };
        Ok(Position::from_rust(pos))
    }

    /// The position text.
    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    /// ``Position('<text>', rules='sheet')`` (with ``draw_limit`` when it
    /// is not the default).
    fn __repr__(&self) -> String {
        let rules = self.pos.rules();
        let limit = rules.draw_limit;
        if rules.is_ludii() || limit == rules::DEFAULT_DRAW_LIMIT {
            format!("Position('{}', rules='{}')", self.pos, rules::name(rules))
        } else {
            let limit = limit.map_or_else(|| "None".to_string(), |n| n.to_string());
            format!(
                "Position('{}', rules='{}', draw_limit={limit})",
                self.pos,
                rules::name(rules)
            )
        }
    }

    /// Equal state and rules options.
    fn __eq__(&self, other: PyRef<'_, Position>) -> bool {
        self.pos == other.pos
    }

    /// Positions are mutable, hence unhashable (see ``zobrist_hash``).
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    /// A copy: with the stack (so ``pop`` works on it) unless ``stack`` is
    /// false.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> Position {
        if stack {
            self.clone()
        } else {
            Position::from_rust(self.pos.clone())
        }
    }

    /// A copy with the stack.
    fn __copy__(&self) -> Position {
        self.clone()
    }

    /// A copy with the stack (nothing inside needs deep copying).
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        self.clone()
    }

    /// Pickles as the position before the first pushed ply, the rules
    /// options and the plies pushed since.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (String, &'static str, Option<u16>),
        Vec<String>,
    )> {
        let this = slf.try_borrow()?;
        let rules = this.pos.rules();
        let actions = this.actions().map(|a| a.to_string()).collect();
        Ok((
            slf.get_type().into_any(),
            (
                this.root_position().to_string(),
                rules::name(rules),
                rules.draw_limit,
            ),
            actions,
        ))
    }

    /// Pushes the pickled plies again: all of them, or, when one is
    /// malformed or illegal, none (the error is raised and the position
    /// is unchanged).
    fn __setstate__(&mut self, actions: Vec<String>) -> PyResult<()> {
        let mut scratch = self.clone();
        for text in actions {
            scratch.push_action(&text)?;
        }
        *self = scratch;
        Ok(())
    }

    /// The rules options' name: ``"sheet"``, ``"opposite"`` or ``"ludii"``.
    #[getter]
    fn rules(&self) -> &'static str {
        rules::name(self.pos.rules())
    }

    /// Plies without a capture that draw the game (sheet's ruleset), or
    /// ``None`` (no limit; always under the Ludii ruleset).
    #[getter]
    fn draw_limit(&self) -> Option<u16> {
        let rules = self.pos.rules();
        if rules.is_ludii() {
            None
        } else {
            rules.draw_limit
        }
    }

    /// The seat to move: ``"red"``, ``"black"``, ``"yellow"`` or
    /// ``"green"``.
    #[getter]
    fn to_move(&self) -> &'static str {
        self.pos.to_move().name()
    }

    /// Plies played since the start (Ludii: rolled plies; promotion
    /// decisions are not counted).
    #[getter]
    fn ply(&self) -> u32 {
        self.pos.ply()
    }

    /// Plies since the last capture.
    #[getter]
    fn quiet_plies(&self) -> u32 {
        self.pos.quiet_plies()
    }

    /// The plies pushed, oldest first, as ``(roll, move)`` pairs (``roll``
    /// is ``None`` for a Ludii promotion decision).
    #[getter]
    fn move_stack(&self) -> Vec<(Option<u8>, Move)> {
        self.stack
            .iter()
            .map(|(roll, undo)| ply_tuple(*roll, undo.played()))
            .collect()
    }

    /// The scores (Ludii ruleset; 0 under the sheet's): a dict from colour
    /// names to ints.
    #[getter]
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        per_colour(py, self.pos.scores())
    }

    /// The square of the pawn whose promotion the colour to move must now
    /// decide (Ludii ruleset), or ``None``.
    #[getter]
    fn pending_promotion(&self) -> Option<String> {
        self.pos.pending_promotion().map(|s| s.to_string())
    }

    /// The seat commanding ``colour``'s army (its own, or its ally's once
    /// its throne was conquered), or ``None`` when ``colour`` has no piece
    /// left.
    fn commander(&self, colour: &str) -> PyResult<Option<&'static str>> {
        Ok(self.pos.commander(self::colour(colour)?).map(Colour::name))
    }

    /// Whether ``colour`` has lost a pawn to capture (so its pawns promote).
    fn lost_pawn(&self, colour: &str) -> PyResult<bool> {
        Ok(self.pos.lost_pawn(self::colour(colour)?))
    }

    /// How many rajas of ``colour`` were captured and not exchanged back.
    fn captured_rajas(&self, colour: &str) -> PyResult<u8> {
        Ok(self.pos.captured_rajas(self::colour(colour)?))
    }

    /// Whether ``colour`` has no piece left on the board.
    fn is_out(&self, colour: &str) -> PyResult<bool> {
        Ok(self.pos.is_out(self::colour(colour)?))
    }

    /// Whether the seat ``colour`` commands at least one piece (a seat not
    /// in play is skipped).
    fn seat_in_play(&self, colour: &str) -> PyResult<bool> {
        Ok(self.pos.seat_in_play(self::colour(colour)?))
    }

    /// The squares of the pieces of ``colour`` that attack ``square`` (a
    /// name or an index), as a list of names: the pieces whose movement
    /// reaches the square as a capture, whatever the die, the command and
    /// the sheet's capture limits (see the Rust ``Position::attackers``).
    fn attackers(&self, colour: &str, square: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let (colour, square) = (self::colour(colour)?, self::square(square)?);
        Ok(self
            .pos
            .attackers(colour, square)
            .iter()
            .map(|s| s.to_string())
            .collect())
    }

    /// Whether a piece of ``colour`` attacks ``square`` (see ``attackers``).
    fn is_attacked_by(&self, colour: &str, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self
            .pos
            .is_attacked_by(self::colour(colour)?, self::square(square)?))
    }

    /// The score of ``colour`` (Ludii ruleset; 0 under the sheet's).
    fn score(&self, colour: &str) -> PyResult<u32> {
        Ok(self.pos.score(self::colour(colour)?))
    }

    /// The piece on ``square`` (a name such as ``"h1"`` or an index
    /// ``rank * 8 + file``) as colour and kind letters (``"gK"``), or
    /// ``None`` when the square is empty.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let square = self::square(square)?;
        Ok(self.pos.piece_at(square).map(|p| p.to_string()))
    }

    /// Every piece on the board: a dict from square names to pieces
    /// (``"gK"``).
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        for square in self.pos.occupied().iter() {
            if let Some(piece) = self.pos.piece_at(square) {
                map.set_item(square.to_string(), piece.to_string())?;
            }
        }
        Ok(map)
    }

    /// The legal moves for ``roll`` (2 to 5): the single ``pass`` when the
    /// roll allows no other move, empty when the game is over. While a
    /// Ludii promotion decision is pending, the decision's moves (``roll``
    /// may then be ``None``).
    #[pyo3(signature = (roll = None))]
    fn legal_moves<'py>(&self, py: Python<'py>, roll: Option<i64>) -> PyResult<Bound<'py, PyList>> {
        let (_, roll) = self.roll_for(roll)?;
        let list = PyList::empty(py);
        for &mv in self.pos.legal_moves(roll).iter() {
            list.append(moves::to_object(py, mv)?)?;
        }
        Ok(list)
    }

    /// The number of legal moves for ``roll`` (without making the list).
    #[pyo3(signature = (roll = None))]
    fn count_legal_moves(&self, roll: Option<i64>) -> PyResult<usize> {
        let (_, roll) = self.roll_for(roll)?;
        Ok(self.pos.count_legal_moves(roll))
    }

    /// Whether ``move`` (a ``Move`` or its text) is legal for ``roll``.
    /// Malformed text raises a ``NotationError``.
    #[pyo3(signature = (roll, r#move))]
    fn is_legal(&self, roll: Option<i64>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (_, roll) = self.roll_for(roll)?;
        Ok(self.pos.is_legal(roll, moves::argument(r#move)?))
    }

    /// Plays ``move`` (a ``Move`` or its text) for ``roll`` and pushes the
    /// ply. An illegal move raises an ``IllegalMoveError``, malformed text
    /// a ``NotationError``, a roll other than 2-5 a ``ValueError``; the
    /// position is then unchanged.
    #[pyo3(signature = (roll, r#move))]
    fn push(&mut self, roll: Option<i64>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = moves::argument(r#move)?;
        self.push_checked(roll, mv)
    }

    /// Applies an action in the record and ``apply`` tool notation: a ply
    /// ``"<face>:<move>"`` (``"2:h1f3"``, ``"4:pass"``), a Ludii decision
    /// (``"=K"``, or ``"pass"`` for a decision with no choice), or a raja
    /// exchange ``"exchange:rh4,be8"`` (see ``exchange``).
    fn push_action(&mut self, text: &str) -> PyResult<()> {
        let action = text.parse::<ChaturajiAction>().map_err(errors::notation)?;
        self.apply_action(action)
    }

    /// Takes back the last pushed ply and returns it as ``(roll, move)``
    /// (``IndexError`` when the stack is empty).
    fn pop(&mut self) -> PyResult<(Option<u8>, Move)> {
        let (roll, undo) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        let mv = undo.played();
        self.pos.undo_unchecked(undo);
        Ok(ply_tuple(roll, mv))
    }

    /// The last pushed ply as ``(roll, move)`` (``IndexError`` when the
    /// stack is empty).
    fn peek(&self) -> PyResult<(Option<u8>, Move)> {
        self.stack
            .last()
            .map(|(roll, undo)| ply_tuple(*roll, undo.played()))
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
    }

    /// The position before the first pushed ply (with an empty stack).
    fn root(&self) -> Position {
        Position::from_rust(self.root_position())
    }

    /// ``move`` for ``roll`` in readable notation: colour and piece, then
    /// from and to (``gH b1-c3``, ``rE h3xh7``, ``gP b7-b8=H``, ``pass``,
    /// ``=H``). Raises ``IllegalMoveError`` when the move is not legal.
    #[pyo3(signature = (roll, r#move))]
    fn readable(&self, roll: Option<i64>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let (_, roll) = self.roll_for(roll)?;
        let mv = moves::argument(r#move)?;
        self.pos.readable(roll, mv).map_err(errors::illegal)
    }

    /// The legal move for ``roll`` a readable text names
    /// (``ReadableMoveError`` when it names none or several, or is
    /// malformed).
    fn parse_readable(&self, roll: Option<i64>, text: &str) -> PyResult<Move> {
        let (_, roll) = self.roll_for(roll)?;
        self.pos
            .parse_readable(roll, text)
            .map(Move)
            .map_err(errors::readable)
    }

    /// Plays the move for ``roll`` a readable text names, pushes the ply
    /// and returns the move.
    fn push_readable(&mut self, roll: Option<i64>, text: &str) -> PyResult<Move> {
        let (recorded, face) = self.roll_for(roll)?;
        let mv = self
            .pos
            .parse_readable(face, text)
            .map_err(errors::readable)?;
        let undo = self.pos.play(face, mv).map_err(errors::illegal)?;
        self.stack.push((recorded, undo));
        Ok(Move(mv))
    }

    /// The kinds the pending Ludii promotion decision may choose, as
    /// letters (``["K", "E", "B"]``); empty when none is pending, and when
    /// the colour has a piece of each kind (its only choice is then
    /// ``pass``).
    fn promotion_choices(&self) -> Vec<String> {
        self.pos
            .promotion_choices()
            .iter()
            .map(|kind| kind.letter().to_string())
            .collect()
    }

    /// The moves of the pending Ludii promotion decision (empty when none
    /// is pending).
    fn decision_moves(&self) -> Vec<Move> {
        self.pos
            .decision_moves()
            .iter()
            .map(|&mv| Move(mv))
            .collect()
    }

    /// The final ranking, a dict from colour names to ranks (1 is the
    /// best; ties share a rank), or ``None`` while the game goes on: a
    /// property, as ``scores``.
    #[getter]
    fn ranking<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.pos
            .ranking()
            .map(|ranks| per_colour(py, ranks))
            .transpose()
    }

    /// The raja exchanges possible now, as pairs of colour names (one of
    /// each alliance); always empty under the Ludii ruleset.
    fn possible_exchanges(&self) -> Vec<(&'static str, &'static str)> {
        self.pos
            .possible_exchanges()
            .iter()
            .map(|(a, b)| (a.name(), b.name()))
            .collect()
    }

    /// Where ``colour``'s captured raja may return in an exchange: its
    /// throne when free, else the free squares next to it.
    fn raja_return_squares(&self, colour: &str) -> PyResult<Vec<String>> {
        let squares = self.pos.raja_return_squares(self::colour(colour)?);
        Ok(squares.iter().map(|s| s.to_string()).collect())
    }

    /// Applies a raja exchange: ``first`` and ``second`` are
    /// ``"<colour letter><square>"`` (``pos.exchange("rh4", "be8")``: the
    /// Red raja returns to h4, the Black raja to e8). An exchange is not a
    /// move: like the library's undo records, the plies pushed before it
    /// can no longer be taken back, so the stack is emptied. Raises
    /// ``ExchangeError`` (nothing changed) when it is not possible.
    fn exchange(&mut self, first: &str, second: &str) -> PyResult<()> {
        self.push_action(&format!("exchange:{first},{second}"))
    }

    /// How the game stands: going on, won (by an alliance, or under the
    /// Ludii ruleset by a colour) or drawn.
    fn outcome(&self) -> Outcome {
        Outcome::chaturaji(self.pos.outcome(), self.pos.rules().is_ludii())
    }

    /// Whether the game is over (no legal move for any roll).
    fn is_game_over(&self) -> bool {
        self.pos.is_over()
    }

    /// Perft over chance nodes, as the Rust ``chaturaji::perft``: the sum,
    /// over the four faces and the legal moves for each, of the perft of
    /// the position after the move one level down (``perft(0) == 1``; a
    /// pending Ludii decision sums over its moves once). ``threads`` shares
    /// the work (0: every core); the interpreter is released meanwhile
    /// (Ctrl-C waits for the count).
    #[pyo3(signature = (depth, *, threads = 1))]
    fn perft(slf: PyRef<'_, Self>, depth: i64, threads: i64) -> PyResult<u64> {
        let (depth, threads) = (common::depth(depth)?, common::threads(threads)?);
        let pos = slf.pos.clone();
        let py = slf.py();
        drop(slf);
        Ok(py.detach(move || game::perft_threaded(&game::Chaturaji::new(pos), depth, threads)))
    }

    /// Perft split by root ply: a list of ``(roll, move, nodes)`` (``roll``
    /// is ``None`` for the moves of a pending Ludii decision).
    #[pyo3(signature = (depth, *, threads = 1))]
    fn perft_divide(
        slf: PyRef<'_, Self>,
        depth: i64,
        threads: i64,
    ) -> PyResult<Vec<(Option<u8>, Move, u64)>> {
        let (depth, threads) = (common::depth(depth)?, common::threads(threads)?);
        let pos = slf.pos.clone();
        let py = slf.py();
        drop(slf);
        let divide = py.detach(move || {
            game::perft_divide_threaded(&game::Chaturaji::new(pos), depth, threads)
        });
        // A chance root (the roll) comes with each move; a player node
        // lists moves only.
        Ok(divide
            .into_iter()
            .filter_map(|(roll, step, n)| {
                let roll = match roll {
                    Some(ChaturajiStep::Roll(roll)) => Some(roll.face()),
                    _ => None,
                };
                match step {
                    ChaturajiStep::Move(mv) => Some((roll, Move(mv), n)),
                    ChaturajiStep::Roll(_) => None,
                }
            })
            .collect())
    }

    /// A legal move for ``roll`` chosen uniformly at random with ``rng`` (a
    /// ``SplitMix64`` or a ``DiceRoller``), or ``None`` when the game is
    /// over: the same choice as the Rust ``choose_move``.
    fn choose_move(&self, roll: Option<i64>, rng: &Bound<'_, PyAny>) -> PyResult<Option<Move>> {
        let (_, roll) = self.roll_for(roll)?;
        random::with_rng(rng, |rng| self.pos.choose_move(roll, rng).map(Move))
    }

    /// Plays a seeded random game from here (the library's
    /// ``play_seeded_game``: one generator for the die and the choices; the
    /// same seed, the same game) until it is over or ``max_plies`` plies
    /// were played; the plies are pushed on the stack. Returns the outcome.
    #[pyo3(signature = (seed, max_plies = 10_000))]
    fn play_seeded_game(&mut self, seed: u64, max_plies: u32) -> Outcome {
        let mut scratch = self.pos.clone();
        let mut plies = Vec::new();
        chaturaji::play_seeded_game(&mut scratch, seed, max_plies, |ply, _| {
            plies.push((ply.roll, ply.mv));
        });
        for (roll, mv) in plies {
            let undo = self.pos.play_unchecked(mv);
            self.stack.push((roll, undo));
        }
        self.outcome()
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
    /// 1000), coordinates unless ``coordinates`` is false, the last pushed
    /// move highlighted unless ``last_move`` is false.
    #[pyo3(signature = (*, size = 48, coordinates = true, last_move = true))]
    fn svg(&self, size: i64, coordinates: bool, last_move: bool) -> String {
        let last = if last_move {
            self.stack.last().map(|(_, undo)| undo.played())
        } else {
            None
        };
        svg::chaturaji(&self.pos, last, &common::svg_options(size, coordinates))
    }

    /// The SVG picture, for Jupyter and other rich displays.
    fn _repr_svg_(&self) -> String {
        self.svg(48, true, true)
    }
}
