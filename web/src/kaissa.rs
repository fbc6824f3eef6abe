//! `KaissaPosition` (JavaScript `kaissa.Position`): a Merchant Kaissa
//! position and the stack of the moves pushed on it.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use kaissa_chaturaji::kaissa::{self, Move, Position, Side, Undo};
use kaissa_chaturaji::record::KaissaRecord;
use kaissa_chaturaji::svg;

use crate::dests::{self, BoardMove};
use crate::{errors, js, record};

/// A Merchant Kaissa position (10x10, Yellow against Red) and the stack of
/// moves pushed on it. Every method that can fail throws and changes
/// nothing.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct KaissaPosition {
    /// The current position.
    pos: Position,
    /// The records of the moves pushed, oldest first.
    stack: Vec<Undo>,
}

/// A side named `yellow`/`y` or `red`/`r`; `undefined` is the side to move.
fn side(name: Option<String>, to_move: Side) -> Result<Side, JsValue> {
    match name.as_deref() {
        None => Ok(to_move),
        Some("yellow" | "y") => Ok(Side::Yellow),
        Some("red" | "r") => Ok(Side::Red),
        Some(other) => Err(errors::range(&format!(
            "a side is 'yellow' or 'red', not {}",
            js::quote(other)
        ))),
    }
}

/// Move text read, or a `NotationError`.
fn parse(text: &str) -> Result<Move, JsValue> {
    text.parse::<Move>().map_err(errors::notation)
}

impl KaissaPosition {
    /// A position with an empty stack.
    pub fn from_rust(pos: Position) -> KaissaPosition {
        KaissaPosition {
            pos,
            stack: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Plays a move the library checks, and pushes it.
    pub fn push_move(&mut self, mv: Move) -> Result<(), JsValue> {
        let undo = self.pos.play(mv).map_err(errors::illegal)?;
        self.stack.push(undo);
        Ok(())
    }

    /// Plays a move the library checks, pushes it and returns what
    /// `play` returns (`{action, move, roll, readable}`).
    fn play_move(&mut self, mv: Move) -> Result<Object, JsValue> {
        let readable = self.pos.readable(mv).map_err(errors::illegal)?;
        self.push_move(mv)?;
        let text = mv.to_string();
        Ok(dests::played(&text, Some(&text), None, &readable))
    }

    /// The position before the first pushed move.
    fn root_position(&self) -> Position {
        let mut root = self.pos.clone();
        for undo in self.stack.iter().rev() {
            root.undo_unchecked(*undo);
        }
        root
    }
}

#[wasm_bindgen(js_class = KaissaPosition)]
impl KaissaPosition {
    /// The start position, or the position `text` describes
    /// (`NotationError` when it is not one).
    #[wasm_bindgen(constructor)]
    pub fn new(text: Option<String>) -> Result<KaissaPosition, JsValue> {
        let pos = match text {
            None => Position::start(),
            Some(text) => Position::from_text(&text).map_err(errors::notation)?,
        };
        Ok(KaissaPosition::from_rust(pos))
    }

    /// The position text.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.pos.to_string()
    }

    /// A copy, with the move stack.
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> KaissaPosition {
        self.clone()
    }

    /// The side to move: `"yellow"` or `"red"`.
    #[wasm_bindgen(getter, js_name = toMove)]
    pub fn to_move(&self) -> String {
        self.pos.to_move().name().to_string()
    }

    /// The side to move's turn number (from 1).
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> u32 {
        self.pos.turn()
    }

    /// Plies played since the start of the game.
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> u32 {
        self.pos.ply()
    }

    /// The legal moves as numbers (empty when the game is over): `from *
    /// 100 + to` for a move, `10000 + to` for a Home Stone placement, with
    /// squares numbered `rank * 10 + file` from 0 at a1. JavaScript turns
    /// them into move texts it keeps (much faster than a string each).
    #[wasm_bindgen(js_name = legalMoveCodes)]
    pub fn legal_move_codes(&self) -> Vec<u16> {
        self.pos
            .legal_moves()
            .iter()
            .map(|mv| match *mv {
                Move::Normal { from, to } => u16::from(from.index()) * 100 + u16::from(to.index()),
                Move::Place { to } => 10_000 + u16::from(to.index()),
            })
            .collect()
    }

    /// The number of legal moves.
    #[wasm_bindgen(js_name = countLegalMoves)]
    pub fn count_legal_moves(&self) -> usize {
        self.pos.count_legal_moves()
    }

    /// Whether the move `text` is legal here (`NotationError` when it is
    /// malformed).
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, text: &str) -> Result<bool, JsValue> {
        Ok(self.pos.is_legal(parse(text)?))
    }

    /// Plays the move `text` and pushes it: `NotationError` when it is
    /// malformed, `IllegalMoveError` when it is not legal.
    pub fn push(&mut self, text: &str) -> Result<(), JsValue> {
        let mv = parse(text)?;
        self.push_move(mv)
    }

    /// What a board needs (`Dests` in the package's `index.d.ts`): each
    /// origin square with its targets, the Home Stone's squares under the
    /// origin `"stone"`, and whose stone is still in hand.
    pub fn dests(&self) -> Object {
        dests::kaissa(&self.pos)
    }

    /// Plays the move a board reports: `from` (a square, or `"stone"`
    /// for the Home Stone in hand) to `to`; `kind` and `pass` name no
    /// Kaissa move. Returns `{action, move, roll, readable}`.
    #[wasm_bindgen(js_name = playBoard)]
    pub fn play_board(
        &mut self,
        from: Option<String>,
        to: Option<String>,
        kind: Option<String>,
        pass: bool,
    ) -> Result<Object, JsValue> {
        let mv = dests::kaissa_move(&BoardMove {
            from,
            to,
            kind,
            pass,
        })?;
        self.play_move(mv)
    }

    /// Plays the move `text` (as `push`) and returns `{action, move,
    /// roll, readable}`.
    #[wasm_bindgen(js_name = playText)]
    pub fn play_text(&mut self, text: &str) -> Result<Object, JsValue> {
        let mv = parse(text)?;
        self.play_move(mv)
    }

    /// The squares of the last pushed move (`[from, to]`, `[to]` for a
    /// placement), or `null`.
    #[wasm_bindgen(js_name = lastMove)]
    pub fn last_move(&self) -> JsValue {
        self.stack.last().map_or(JsValue::NULL, |undo| {
            dests::kaissa_squares(undo.played()).into()
        })
    }

    /// Takes back the last pushed move and returns its text (`UndoError`
    /// when the stack is empty).
    pub fn pop(&mut self) -> Result<String, JsValue> {
        let undo = self
            .stack
            .pop()
            .ok_or_else(|| errors::undo("pop from an empty move stack"))?;
        self.pos.undo_unchecked(undo);
        Ok(undo.played().to_string())
    }

    /// The last pushed move's text, or `undefined`.
    pub fn peek(&self) -> Option<String> {
        self.stack.last().map(|undo| undo.played().to_string())
    }

    /// The moves pushed, oldest first, as move texts.
    #[wasm_bindgen(js_name = moveStack)]
    pub fn move_stack(&self) -> Array {
        js::strings(self.stack.iter().map(|undo| undo.played().to_string()))
    }

    /// The position before the first pushed move, with an empty stack.
    pub fn root(&self) -> KaissaPosition {
        KaissaPosition::from_rust(self.root_position())
    }

    /// The move `text` in readable notation, like chess SAN (`e5`,
    /// `dxe5`, `Tf4`, `H@c1`, `Bxh10#`); `IllegalMoveError` when it is
    /// not legal.
    pub fn readable(&self, text: &str) -> Result<String, JsValue> {
        let mv = parse(text)?;
        self.pos.readable(mv).map_err(errors::illegal)
    }

    /// The move text of the legal move a readable text names
    /// (`ReadableMoveError` when it names none or several).
    #[wasm_bindgen(js_name = parseReadable)]
    pub fn parse_readable(&self, text: &str) -> Result<String, JsValue> {
        self.pos
            .parse_readable(text)
            .map(|mv| mv.to_string())
            .map_err(errors::readable)
    }

    /// Plays the move a readable text names, pushes it and returns its
    /// move text.
    #[wasm_bindgen(js_name = pushReadable)]
    pub fn push_readable(&mut self, text: &str) -> Result<String, JsValue> {
        let mv = self.pos.parse_readable(text).map_err(errors::readable)?;
        self.push_move(mv)?;
        Ok(mv.to_string())
    }

    /// The piece on `square` as its letter (upper case Yellow, lower case
    /// Red), or `undefined` when it is empty.
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(&self, square: &str) -> Result<Option<String>, JsValue> {
        let square = square.parse::<kaissa::Square>().map_err(errors::notation)?;
        Ok(self.pos.piece_at(square).map(|p| p.letter().to_string()))
    }

    /// Every piece on the board: an object from square names to letters.
    pub fn pieces(&self) -> Object {
        let pieces: Vec<(String, JsValue)> = self
            .pos
            .occupied()
            .iter()
            .filter_map(|square| {
                let piece = self.pos.piece_at(square)?;
                Some((
                    square.to_string(),
                    JsValue::from_str(&piece.letter().to_string()),
                ))
            })
            .collect();
        let refs: Vec<(&str, JsValue)> = pieces
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect();
        js::object(&refs)
    }

    /// The Home Stone placement window of `side` (`"yellow"` or `"red"`;
    /// the side to move when omitted): `{side, firstTurn, lastTurn,
    /// nextTurn, inHand, openNow, lastChance, squares}`.
    #[wasm_bindgen(js_name = homeStoneWindow)]
    pub fn home_stone_window(&self, side: Option<String>) -> Result<Object, JsValue> {
        let side = self::side(side, self.pos.to_move())?;
        let window = self.pos.home_stone_window(side);
        let squares = js::strings(window.squares.iter().map(|s| s.to_string()));
        Ok(js::object(&[
            ("side", JsValue::from_str(window.side.name())),
            ("firstTurn", JsValue::from(window.first_turn)),
            ("lastTurn", JsValue::from(window.last_turn)),
            ("nextTurn", JsValue::from(window.next_turn)),
            ("inHand", JsValue::from(window.in_hand)),
            ("openNow", JsValue::from(window.open_now)),
            ("lastChance", JsValue::from(window.last_chance)),
            ("squares", squares.into()),
        ]))
    }

    /// The square of `side`'s Home Stone, or `undefined` when it is in
    /// hand or captured.
    #[wasm_bindgen(js_name = stoneSquare)]
    pub fn stone_square(&self, side: &str) -> Result<Option<String>, JsValue> {
        let side = self::side(Some(side.to_string()), self.pos.to_move())?;
        Ok(self.pos.stone_square(side).map(|s| s.to_string()))
    }

    /// How the game stands: `{word, winners, reason, isOver}` (see the
    /// package's `index.d.ts`).
    pub fn outcome(&self) -> Object {
        crate::record::kaissa_outcome(self.pos.outcome())
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.pos.is_over()
    }

    /// The number of leaf nodes of the game tree `depth` plies deep.
    pub fn perft(&self, depth: f64) -> Result<f64, JsValue> {
        Ok(kaissa::perft(&self.pos, js::depth(depth)?) as f64)
    }

    /// Perft split by root move: an array of `[moveText, nodes]`.
    #[wasm_bindgen(js_name = perftDivide)]
    pub fn perft_divide(&self, depth: f64) -> Result<Array, JsValue> {
        let divide = kaissa::perft_divide(&self.pos, js::depth(depth)?);
        Ok(divide
            .into_iter()
            .map(|(mv, n)| -> JsValue {
                Array::of2(
                    &JsValue::from_str(&mv.to_string()),
                    &JsValue::from(n as f64),
                )
                .into()
            })
            .collect())
    }

    /// Plays a seeded random game from here (the library's
    /// `play_seeded_game`) until it is over or `maxPlies` moves were
    /// played, pushing the moves; returns the outcome.
    #[wasm_bindgen(js_name = playSeededGame)]
    pub fn play_seeded_game(&mut self, seed: JsValue, max_plies: f64) -> Result<Object, JsValue> {
        let seed = js::seed(&seed)?;
        let max_plies = js::whole(max_plies, 0, 1_000_000, "maxPlies")?;
        let mut scratch = self.pos.clone();
        let mut played = Vec::new();
        kaissa::play_seeded_game(&mut scratch, seed, max_plies, |mv, _| played.push(mv));
        for mv in played {
            let undo = self.pos.play_unchecked(mv);
            self.stack.push(undo);
        }
        Ok(self.outcome())
    }

    /// The Zobrist hash (a BigInt).
    pub fn hash(&self) -> u64 {
        self.pos.hash()
    }

    /// A text drawing of the board, with a piece legend.
    pub fn diagram(&self) -> String {
        self.pos.diagram().to_string()
    }

    /// The board as SVG: squares of `size` pixels (8 to 1000, default
    /// 48), coordinates unless `coordinates` is false, the last pushed
    /// move highlighted unless `lastMove` is false.
    pub fn svg(
        &self,
        size: Option<f64>,
        coordinates: Option<bool>,
        last_move: Option<bool>,
    ) -> String {
        let last = if last_move.unwrap_or(true) {
            self.stack.last().map(Undo::played)
        } else {
            None
        };
        svg::kaissa(&self.pos, last, &record::svg_options(size, coordinates))
    }

    /// The game record of the moves pushed (from the position before the
    /// first), with `tags` (an object of tag names to strings) added.
    #[wasm_bindgen(js_name = toRecord)]
    pub fn to_record(&self, tags: JsValue) -> Result<String, JsValue> {
        let mut record = KaissaRecord::new(self.root_position());
        for undo in &self.stack {
            record.play(undo.played()).map_err(errors::action)?;
        }
        record::set_tags(&tags, |name, value| {
            record.set_tag(name, value).map_err(errors::text)
        })?;
        Ok(record.to_string())
    }
}
