//! `ChaturajiPosition` (JavaScript `chaturaji.Position`): a Chaturaji
//! position under its rules options, with the plies pushed on it; and
//! `Dice`, the seeded die.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use kaissa_chaturaji::chaturaji::{
    self, Alliances, Colour, DiceRoller, Move, Position, Roll, Rules, Undo,
};
use kaissa_chaturaji::record::{ChaturajiAction, ChaturajiRecord};
use kaissa_chaturaji::svg;

use crate::dests::{self, BoardMove};
use crate::{errors, js, record};

/// A Chaturaji position (four players, a stick die) under its rules
/// options, and the plies pushed on it. Every method that can fail throws
/// and changes nothing.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct ChaturajiPosition {
    /// The current position (it carries its rules options).
    pos: Position,
    /// The plies that `pop` can take back: the roll (`None` for a Ludii
    /// promotion decision) and the undo record.
    stack: Vec<(Option<Roll>, Undo)>,
    /// Where the recorded game starts.
    start: Position,
    /// Every action since `start`, exchanges included (for the record).
    history: Vec<ChaturajiAction>,
}

/// The rules options by name (`sheet`, `opposite`, `ludii`), with the
/// quiet-ply draw limit of the sheet's ruleset.
fn rules_named(name: &str, draw_limit: Option<u16>) -> Result<Rules, JsValue> {
    let sheet = Rules::new().with_draw_limit(draw_limit);
    match name {
        "sheet" => Ok(sheet),
        "opposite" => Ok(sheet.with_alliances(Alliances::Opposite)),
        "ludii" => Ok(Rules::ludii()),
        other => Err(errors::range(&format!(
            "rules are 'sheet', 'opposite' or 'ludii', not {}",
            js::quote(other)
        ))),
    }
}

/// The name of the rules options.
pub fn rules_name(rules: Rules) -> &'static str {
    if rules.is_ludii() {
        "ludii"
    } else if rules.alliances == Alliances::Opposite {
        "opposite"
    } else {
        "sheet"
    }
}

/// A colour by name or letter.
fn colour(name: &str) -> Result<Colour, JsValue> {
    match name {
        "red" | "r" => Ok(Colour::Red),
        "black" | "b" => Ok(Colour::Black),
        "yellow" | "y" => Ok(Colour::Yellow),
        "green" | "g" => Ok(Colour::Green),
        other => Err(errors::range(&format!(
            "a colour is 'red', 'black', 'yellow' or 'green', not {}",
            js::quote(other)
        ))),
    }
}

/// A die face 2 to 5; anything else is a `NotationError` (a roll written
/// `7:h1f3` in a record or for the `apply` tool is one too).
pub fn face(value: f64) -> Result<Roll, JsValue> {
    let face = (value.fract() == 0.0 && (2.0..=5.0).contains(&value))
        .then(|| Roll::new(value as u8))
        .flatten();
    face.ok_or_else(|| {
        errors::named(
            "NotationError",
            &format!("a roll is a die face 2, 3, 4 or 5, not {value}"),
            &[("field", JsValue::from_str("roll"))],
        )
    })
}

/// Move text read, or a `NotationError`.
fn parse(text: &str) -> Result<Move, JsValue> {
    Move::parse(text).map_err(errors::notation)
}

/// Values per colour in the order red, black, yellow, green, as an object
/// keyed by colour names.
fn per_colour(values: [JsValue; 4]) -> Object {
    let mut pairs = Vec::with_capacity(4);
    for colour in Colour::ALL {
        pairs.push((colour.name(), values[colour.index()].clone()));
    }
    js::object(&pairs)
}

impl ChaturajiPosition {
    /// A position with an empty stack and history.
    pub fn from_rust(pos: Position) -> ChaturajiPosition {
        ChaturajiPosition {
            start: pos.clone(),
            pos,
            stack: Vec::new(),
            history: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The roll to record and the roll to generate with: a face, or none
    /// while a Ludii promotion decision is pending.
    fn roll_for(&self, roll: Option<f64>) -> Result<(Option<Roll>, Roll), JsValue> {
        let deciding = self.pos.pending_promotion().is_some();
        match roll {
            Some(value) => {
                let roll = face(value)?;
                Ok((if deciding { None } else { Some(roll) }, roll))
            }
            None if deciding => Ok((None, Roll::ALL[0])),
            None => Err(errors::named(
                "NotationError",
                "a roll (2, 3, 4 or 5) is needed: no promotion decision is pending",
                &[("field", JsValue::from_str("roll"))],
            )),
        }
    }

    /// Plays `mv` for `roll` after the library checks it, and pushes it.
    pub fn push_move(&mut self, roll: Option<f64>, mv: Move) -> Result<(), JsValue> {
        let (recorded, roll) = self.roll_for(roll)?;
        let undo = self.pos.play(roll, mv).map_err(errors::illegal)?;
        self.stack.push((recorded, undo));
        self.history.push(match recorded {
            Some(roll) => ChaturajiAction::Ply { roll, mv },
            None => ChaturajiAction::Decision { mv },
        });
        Ok(())
    }

    /// Plays `mv` for `roll` after the library checks it, pushes it and
    /// returns what `play` returns (`{action, move, roll, readable}`).
    fn play_move(&mut self, roll: Option<f64>, mv: Move) -> Result<Object, JsValue> {
        let (recorded, face) = self.roll_for(roll)?;
        let readable = self.pos.readable(face, mv).map_err(errors::illegal)?;
        self.push_move(roll, mv)?;
        let action = self.history.last().map(ToString::to_string);
        Ok(dests::played(
            action.as_deref().unwrap_or_default(),
            Some(&mv.to_string()),
            recorded,
            &readable,
        ))
    }

    /// Applies a record action (a ply, a decision or an exchange) and
    /// returns `{action, move, roll, readable}`.
    pub fn apply_action(&mut self, action: ChaturajiAction) -> Result<Object, JsValue> {
        action
            .check_pending_decision(&self.pos)
            .map_err(errors::action)?;
        match action {
            ChaturajiAction::Ply { roll, mv } => self.play_move(Some(f64::from(roll.face())), mv),
            ChaturajiAction::Decision { mv } => self.play_move(None, mv),
            ChaturajiAction::Exchange { first, second } => {
                self.pos
                    .apply_exchange(first, second)
                    .map_err(errors::exchange)?;
                self.stack.clear();
                self.history.push(action);
                let readable = format!(
                    "exchange {}{} {}{}",
                    first.0.letter(),
                    first.1,
                    second.0.letter(),
                    second.1
                );
                Ok(dests::played(&action.to_string(), None, None, &readable))
            }
            _ => Err(errors::named(
                "NotationError",
                "this kind of action is not supported",
                &[],
            )),
        }
    }
}

#[wasm_bindgen(js_class = ChaturajiPosition)]
impl ChaturajiPosition {
    /// The start, or the position `text` describes (`NotationError` when
    /// it is not one), under `rules` (`"sheet"`, `"opposite"`, `"ludii"`)
    /// and the sheet's quiet-ply `drawLimit` (default 200; `null`: none).
    #[wasm_bindgen(constructor)]
    pub fn new(
        text: Option<String>,
        rules: Option<String>,
        draw_limit: JsValue,
    ) -> Result<ChaturajiPosition, JsValue> {
        let draw_limit = if draw_limit.is_undefined() {
            Rules::new().draw_limit
        } else if draw_limit.is_null() {
            None
        } else {
            let n = draw_limit
                .as_f64()
                .ok_or_else(|| errors::range("drawLimit is a number or null"))?;
            Some(js::whole(n, 1, u32::from(u16::MAX), "drawLimit")? as u16)
        };
        let rules = rules_named(rules.as_deref().unwrap_or("sheet"), draw_limit)?;
        let pos = match text {
            None => Position::start(rules),
            Some(text) => Position::from_text(&text, rules).map_err(errors::notation)?,
        };
        Ok(ChaturajiPosition::from_rust(pos))
    }

    /// The position text.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.pos.to_string()
    }

    /// A copy, with the stack.
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> ChaturajiPosition {
        self.clone()
    }

    /// The rules options' name: `"sheet"`, `"opposite"` or `"ludii"`.
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> String {
        rules_name(self.pos.rules()).to_string()
    }

    /// The seat to move: `"red"`, `"black"`, `"yellow"` or `"green"`.
    #[wasm_bindgen(getter, js_name = toMove)]
    pub fn to_move(&self) -> String {
        self.pos.to_move().name().to_string()
    }

    /// Plies played since the start.
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> u32 {
        self.pos.ply()
    }

    /// Plies since the last capture.
    #[wasm_bindgen(getter, js_name = quietPlies)]
    pub fn quiet_plies(&self) -> u32 {
        self.pos.quiet_plies()
    }

    /// The legal moves for `roll` (2 to 5) as move texts: the single
    /// `pass` when the roll allows nothing else, empty when the game is
    /// over; while a Ludii promotion decision is pending, its moves
    /// (`roll` may then be omitted).
    /// The texts come separated by spaces, for JavaScript to split.
    #[wasm_bindgen(js_name = legalMovesText)]
    pub fn legal_moves_text(&self, roll: Option<f64>) -> Result<String, JsValue> {
        let (_, roll) = self.roll_for(roll)?;
        Ok(js::joined(self.pos.legal_moves(roll).iter()))
    }

    /// Whether the move `text` is legal for `roll`.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, roll: Option<f64>, text: &str) -> Result<bool, JsValue> {
        let (_, roll) = self.roll_for(roll)?;
        Ok(self.pos.is_legal(roll, parse(text)?))
    }

    /// Plays the move `text` for `roll` and pushes the ply:
    /// `NotationError` when malformed or for a roll other than 2-5,
    /// `IllegalMoveError` when not legal.
    pub fn push(&mut self, roll: Option<f64>, text: &str) -> Result<(), JsValue> {
        let mv = parse(text)?;
        self.push_move(roll, mv)
    }

    /// Applies an action as the records and the `apply` tool write it:
    /// `"2:h1f3"`, `"4:pass"`, `"=K"`, `"exchange:rh4,be8"`; returns
    /// `{action, move, roll, readable}`.
    #[wasm_bindgen(js_name = pushAction)]
    pub fn push_action(&mut self, text: &str) -> Result<Object, JsValue> {
        let action = text.parse::<ChaturajiAction>().map_err(errors::notation)?;
        self.apply_action(action)
    }

    /// What a board needs for `roll` (`Dests` in the package's
    /// `index.d.ts`): each origin square with its targets, the special
    /// promotions and their kinds, whether the one move is a pass, the
    /// raja exchanges; without a roll only the exchanges (`needsRoll`);
    /// while a Ludii promotion decision is pending, its choices whatever
    /// the roll.
    pub fn dests(&self, roll: Option<f64>) -> Result<Object, JsValue> {
        let roll = match roll {
            Some(value) => Some(face(value)?),
            None => None,
        };
        Ok(dests::chaturaji(&self.pos, roll))
    }

    /// Plays the move a board reports for `roll` (omitted for a Ludii
    /// decision): `from` to `to`, with `kind` for a special promotion;
    /// `kind` alone for a Ludii decision; `pass` for a pass. Returns
    /// `{action, move, roll, readable}`.
    #[wasm_bindgen(js_name = playBoard)]
    pub fn play_board(
        &mut self,
        from: Option<String>,
        to: Option<String>,
        kind: Option<String>,
        pass: bool,
        roll: Option<f64>,
    ) -> Result<Object, JsValue> {
        let mv = dests::chaturaji_move(&BoardMove {
            from,
            to,
            kind,
            pass,
        })?;
        self.play_move(roll, mv)
    }

    /// Plays the move `text` for `roll` (as `push`) and returns `{action,
    /// move, roll, readable}`.
    #[wasm_bindgen(js_name = playText)]
    pub fn play_text(&mut self, text: &str, roll: Option<f64>) -> Result<Object, JsValue> {
        let mv = parse(text)?;
        self.play_move(roll, mv)
    }

    /// The squares of the last ply `pop` can take back (`[from, to]`), or
    /// `null` (none, a pass or a decision).
    #[wasm_bindgen(js_name = lastMove)]
    pub fn last_move(&self) -> JsValue {
        self.stack.last().map_or(JsValue::NULL, |(_, undo)| {
            dests::chaturaji_squares(undo.played())
        })
    }

    /// Takes back the last ply and returns `{roll, move}` (`roll` is
    /// `null` for a Ludii decision); `UndoError` when there is none (an
    /// exchange cannot be taken back, nor what came before it).
    pub fn pop(&mut self) -> Result<Object, JsValue> {
        let (roll, undo) = self
            .stack
            .pop()
            .ok_or_else(|| errors::undo("pop from an empty move stack"))?;
        let mv = undo.played();
        self.pos.undo_unchecked(undo);
        self.history.pop();
        Ok(ply_object(roll, mv))
    }

    /// The plies `pop` can take back, oldest first, as `{roll, move}`.
    #[wasm_bindgen(js_name = moveStack)]
    pub fn move_stack(&self) -> Array {
        self.stack
            .iter()
            .map(|(roll, undo)| -> JsValue { ply_object(*roll, undo.played()).into() })
            .collect()
    }

    /// Every action since the recorded start, exchanges included, as
    /// action texts (`"2:h1f3"`, `"=K"`, `"exchange:rh4,be8"`).
    pub fn history(&self) -> Array {
        js::strings(self.history.iter().map(ToString::to_string))
    }

    /// The move `text` for `roll` in readable notation (`gH b1-c3`,
    /// `rE h3xh7`, `pass`, `=H`).
    pub fn readable(&self, roll: Option<f64>, text: &str) -> Result<String, JsValue> {
        let (_, roll) = self.roll_for(roll)?;
        let mv = parse(text)?;
        self.pos.readable(roll, mv).map_err(errors::illegal)
    }

    /// The move text of the legal move for `roll` a readable text names.
    #[wasm_bindgen(js_name = parseReadable)]
    pub fn parse_readable(&self, roll: Option<f64>, text: &str) -> Result<String, JsValue> {
        let (_, roll) = self.roll_for(roll)?;
        self.pos
            .parse_readable(roll, text)
            .map(|mv| mv.to_string())
            .map_err(errors::readable)
    }

    /// Plays the move for `roll` a readable text names; returns its text.
    #[wasm_bindgen(js_name = pushReadable)]
    pub fn push_readable(&mut self, roll: Option<f64>, text: &str) -> Result<String, JsValue> {
        let (_, face) = self.roll_for(roll)?;
        let mv = self
            .pos
            .parse_readable(face, text)
            .map_err(errors::readable)?;
        self.push_move(roll, mv)?;
        Ok(mv.to_string())
    }

    /// The piece on `square` as colour and kind letters (`"gK"`), or
    /// `undefined`.
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(&self, square: &str) -> Result<Option<String>, JsValue> {
        let square = square
            .parse::<chaturaji::Square>()
            .map_err(errors::notation)?;
        Ok(self.pos.piece_at(square).map(|p| p.to_string()))
    }

    /// Every piece on the board: an object from square names to pieces
    /// (`"gK"`).
    pub fn pieces(&self) -> Object {
        let pieces: Vec<(String, JsValue)> = self
            .pos
            .occupied()
            .iter()
            .filter_map(|square| {
                let piece = self.pos.piece_at(square)?;
                Some((square.to_string(), JsValue::from_str(&piece.to_string())))
            })
            .collect();
        let refs: Vec<(&str, JsValue)> = pieces
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect();
        js::object(&refs)
    }

    /// The scores by colour name (Ludii ruleset; 0 under the sheet's).
    pub fn scores(&self) -> Object {
        per_colour(self.pos.scores().map(JsValue::from))
    }

    /// The final ranking by colour name (1 is best; ties share a rank), or
    /// `null` while the game goes on.
    pub fn ranking(&self) -> JsValue {
        self.pos.ranking().map_or(JsValue::NULL, |ranks| {
            per_colour(ranks.map(JsValue::from)).into()
        })
    }

    /// The square of the pawn whose promotion the colour to move must now
    /// decide (Ludii ruleset), or `undefined`.
    #[wasm_bindgen(js_name = pendingPromotion)]
    pub fn pending_promotion(&self) -> Option<String> {
        self.pos.pending_promotion().map(|s| s.to_string())
    }

    /// The kinds the pending Ludii promotion decision may choose, as
    /// letters (`["K", "E", "B"]`).
    #[wasm_bindgen(js_name = promotionChoices)]
    pub fn promotion_choices(&self) -> Array {
        js::strings(
            self.pos
                .promotion_choices()
                .iter()
                .map(|kind| kind.letter().to_string()),
        )
    }

    /// The seat commanding `colour`'s army, or `undefined` when it has no
    /// piece left.
    pub fn commander(&self, colour: &str) -> Result<Option<String>, JsValue> {
        Ok(self
            .pos
            .commander(self::colour(colour)?)
            .map(|c| c.name().to_string()))
    }

    /// Whether `colour` has no piece left.
    #[wasm_bindgen(js_name = isOut)]
    pub fn is_out(&self, colour: &str) -> Result<bool, JsValue> {
        Ok(self.pos.is_out(self::colour(colour)?))
    }

    /// The raja exchanges possible now, as pairs of colour names.
    #[wasm_bindgen(js_name = possibleExchanges)]
    pub fn possible_exchanges(&self) -> Array {
        self.pos
            .possible_exchanges()
            .iter()
            .map(|(a, b)| -> JsValue {
                Array::of2(&JsValue::from_str(a.name()), &JsValue::from_str(b.name())).into()
            })
            .collect()
    }

    /// Where `colour`'s captured raja may return in an exchange.
    #[wasm_bindgen(js_name = rajaReturnSquares)]
    pub fn raja_return_squares(&self, colour: &str) -> Result<Array, JsValue> {
        let squares = self.pos.raja_return_squares(self::colour(colour)?);
        Ok(js::strings(squares.iter().map(|s| s.to_string())))
    }

    /// Applies a raja exchange: `first` and `second` are
    /// `"<colour letter><square>"` (`exchange("rh4", "be8")`). The plies
    /// before it can no longer be popped. `ExchangeError` when it is not
    /// possible. Returns `{action, move, roll, readable}` (`move` and
    /// `roll` are `undefined` and `null`: an exchange is not a move).
    pub fn exchange(&mut self, first: &str, second: &str) -> Result<Object, JsValue> {
        self.push_action(&format!("exchange:{first},{second}"))
    }

    /// How the game stands: `{word, winners, reason, isOver}`.
    pub fn outcome(&self) -> Object {
        record::chaturaji_outcome(self.pos.outcome(), self.pos.rules().is_ludii())
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.pos.is_over()
    }

    /// Perft over chance nodes, as the Rust `chaturaji::perft`.
    pub fn perft(&self, depth: f64) -> Result<f64, JsValue> {
        Ok(chaturaji::perft(&self.pos, js::depth(depth)?) as f64)
    }

    /// Perft split by root ply: an array of `[roll, moveText, nodes]`
    /// (`roll` is `null` for the moves of a pending decision).
    #[wasm_bindgen(js_name = perftDivide)]
    pub fn perft_divide(&self, depth: f64) -> Result<Array, JsValue> {
        let divide = chaturaji::perft_divide(&self.pos, js::depth(depth)?);
        Ok(divide
            .into_iter()
            .map(|(roll, mv, n)| -> JsValue {
                let roll = roll.map_or(JsValue::NULL, |r| JsValue::from(r.face()));
                Array::of3(
                    &roll,
                    &JsValue::from_str(&mv.to_string()),
                    &JsValue::from(n as f64),
                )
                .into()
            })
            .collect())
    }

    /// Plays a seeded random game from here (the library's
    /// `play_seeded_game`) until it is over or `maxPlies` plies were
    /// played, pushing the plies; returns the outcome.
    #[wasm_bindgen(js_name = playSeededGame)]
    pub fn play_seeded_game(&mut self, seed: JsValue, max_plies: f64) -> Result<Object, JsValue> {
        let seed = js::seed(&seed)?;
        let max_plies = js::whole(max_plies, 0, 1_000_000, "maxPlies")?;
        let mut scratch = self.pos.clone();
        let mut plies = Vec::new();
        chaturaji::play_seeded_game(&mut scratch, seed, max_plies, |ply, _| {
            plies.push((ply.roll, ply.mv));
        });
        for (roll, mv) in plies {
            let undo = self.pos.play_unchecked(mv);
            self.stack.push((roll, undo));
            self.history.push(match roll {
                Some(roll) => ChaturajiAction::Ply { roll, mv },
                None => ChaturajiAction::Decision { mv },
            });
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

    /// The board as SVG (see `KaissaPosition.svg`).
    pub fn svg(
        &self,
        size: Option<f64>,
        coordinates: Option<bool>,
        last_move: Option<bool>,
    ) -> String {
        let last = if last_move.unwrap_or(true) {
            self.stack.last().map(|(_, undo)| undo.played())
        } else {
            None
        };
        svg::chaturaji(&self.pos, last, &record::svg_options(size, coordinates))
    }

    /// The game record of every action since the recorded start, with
    /// `tags` added.
    #[wasm_bindgen(js_name = toRecord)]
    pub fn to_record(&self, tags: JsValue) -> Result<String, JsValue> {
        let mut record = ChaturajiRecord::new(self.start.clone());
        for action in &self.history {
            record.play(*action).map_err(errors::action)?;
        }
        record::set_tags(&tags, |name, value| {
            record.set_tag(name, value).map_err(errors::text)
        })?;
        Ok(record.to_string())
    }
}

/// `{roll, move}` for a ply.
fn ply_object(roll: Option<Roll>, mv: Move) -> Object {
    js::object(&[
        (
            "roll",
            roll.map_or(JsValue::NULL, |r| JsValue::from(r.face())),
        ),
        ("move", JsValue::from_str(&mv.to_string())),
    ])
}

/// The seeded die: each face 2 to 5 with probability 1/4, the same faces
/// for the same seed as the library's `DiceRoller`.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Dice {
    /// The library's roller.
    roller: DiceRoller,
}

#[wasm_bindgen]
impl Dice {
    /// A die seeded with `seed` (a whole number or a BigInt; default 0).
    #[wasm_bindgen(constructor)]
    pub fn new(seed: JsValue) -> Result<Dice, JsValue> {
        Ok(Dice {
            roller: DiceRoller::new(js::seed(&seed)?),
        })
    }

    /// Throws the die: 2, 3, 4 or 5.
    pub fn roll(&mut self) -> u8 {
        self.roller.roll().face()
    }
}

/// The board's marks for a picture: `{marked, thrones}`, the 16 marked
/// squares (drawn with diagonals) and the throne of each colour (the
/// square its raja starts on; the Ludii ruleset has none).
#[wasm_bindgen(js_name = chaturajiBoardMarks)]
pub fn board_marks() -> Object {
    let thrones: Vec<(&str, JsValue)> = Colour::ALL
        .iter()
        .map(|c| (c.name(), JsValue::from_str(&c.throne().to_string())))
        .collect();
    js::object(&[
        (
            "marked",
            js::strings(chaturaji::MARKED_SQUARES.iter().map(|s| s.to_string())).into(),
        ),
        ("thrones", js::object(&thrones).into()),
    ])
}
