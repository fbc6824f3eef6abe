//! What a board needs from a position, and the one way to play what the
//! board reports.
//!
//! `dests` (chessground's word) lists each origin and the squares its
//! piece may go to, plus the moves a board cannot show as a step from one
//! square to another: the Home Stone in hand (Kaissa; the origin
//! [`STONE`]), special promotions that need a kind, a forced pass, a
//! pending Ludii promotion decision and the raja exchanges (Chaturaji).
//! A board move (`{from, to, kind, pass}`) is turned into the library's
//! move here, so that a page never writes or reads a move text.

use js_sys::{Array, Map, Object};
use wasm_bindgen::JsValue;

use kaissa_chaturaji::chaturaji::{self, Roll};
use kaissa_chaturaji::kaissa::{self, Side};

use crate::{errors, js};

/// The origin that stands for the Home Stone in hand: its targets are the
/// squares it may be placed on.
pub const STONE: &str = "stone";

/// Origins and their targets, in the order the moves come.
#[derive(Debug, Default)]
struct Targets {
    /// Each origin with its targets, each target once.
    entries: Vec<(String, Vec<String>)>,
}

impl Targets {
    /// Adds the target `to` of `from`.
    fn add(&mut self, from: String, to: String) {
        match self.entries.iter_mut().find(|(origin, _)| *origin == from) {
            Some((_, targets)) => {
                if !targets.contains(&to) {
                    targets.push(to);
                }
            }
            None => self.entries.push((from, vec![to])),
        }
    }

    /// A JavaScript `Map` from origin to an array of targets.
    fn to_map(&self) -> Map {
        let map = Map::new();
        for (from, targets) in &self.entries {
            map.set(&JsValue::from_str(from), &js::strings(targets).into());
        }
        map
    }
}

/// What `dests` returns, before it becomes a JavaScript object.
#[derive(Debug, Default)]
struct Dests {
    /// Origin to targets.
    targets: Targets,
    /// Moves that need a kind: `{from, to, colour, kinds}`.
    promotions: Vec<JsValue>,
    /// Whether the one legal move is a pass.
    pass: bool,
    /// A pending Ludii promotion decision, or `null`.
    decision: Option<JsValue>,
    /// Raja exchanges: `[first, second]` as `exchange` takes them.
    exchanges: Vec<JsValue>,
    /// Whether a roll is needed before anything can move.
    needs_roll: bool,
    /// Kaissa: whose Home Stone is still in hand.
    hand: Option<JsValue>,
}

impl Dests {
    /// The JavaScript object (see `Dests` in the package's `index.d.ts`).
    fn to_object(&self) -> Object {
        let list = |items: &[JsValue]| -> JsValue { items.iter().collect::<Array>().into() };
        js::object(&[
            ("dests", self.targets.to_map().into()),
            ("promotions", list(&self.promotions)),
            ("pass", JsValue::from(self.pass)),
            ("decision", self.decision.clone().unwrap_or(JsValue::NULL)),
            ("exchanges", list(&self.exchanges)),
            ("needsRoll", JsValue::from(self.needs_roll)),
            ("hand", self.hand.clone().unwrap_or(JsValue::NULL)),
        ])
    }
}

/// A board move as JavaScript hands it over: `from` and `to` (square
/// names; `from` may be [`STONE`]), `kind` (a piece letter) and `pass`.
#[derive(Debug, Clone, Default)]
pub struct BoardMove {
    /// The origin, if any.
    pub from: Option<String>,
    /// The target, if any.
    pub to: Option<String>,
    /// The kind chosen, if any.
    pub kind: Option<String>,
    /// Whether it is a pass.
    pub pass: bool,
}

/// A `NotationError` for a board move that names no move at all.
fn malformed(reason: &str) -> JsValue {
    errors::named(
        "NotationError",
        &format!("a board move is {{from, to}}, {{from, to, kind}}, {{kind}} or {{pass: true}}: {reason}"),
        &[("field", JsValue::from_str("move"))],
    )
}

/// `IllegalMoveError` for a board move the position does not allow.
fn not_allowed(text: &str, reason: &str) -> JsValue {
    errors::named(
        "IllegalMoveError",
        &format!("illegal move {}: {reason}", js::quote(text)),
        &[
            ("moveText", JsValue::from_str(text)),
            ("reason", JsValue::from_str(reason)),
        ],
    )
}

/// What `play` returns: `{action, move, roll, readable}`.
pub fn played(action: &str, mv: Option<&str>, roll: Option<Roll>, readable: &str) -> Object {
    js::object(&[
        ("action", JsValue::from_str(action)),
        ("move", js::optional(mv.map(str::to_string))),
        (
            "roll",
            roll.map_or(JsValue::NULL, |r| JsValue::from(r.face())),
        ),
        ("readable", JsValue::from_str(readable)),
    ])
}

/// Merchant Kaissa's dests: every legal move, the placements under
/// [`STONE`], and which stones are still in hand.
pub fn kaissa(pos: &kaissa::Position) -> Object {
    let mut dests = Dests::default();
    for mv in pos.legal_moves().iter() {
        match *mv {
            kaissa::Move::Normal { from, to } => {
                dests.targets.add(from.to_string(), to.to_string())
            }
            kaissa::Move::Place { to } => dests.targets.add(STONE.to_string(), to.to_string()),
        }
    }
    dests.hand = Some(
        js::object(&[
            (
                "yellow",
                JsValue::from(pos.home_stone_window(Side::Yellow).in_hand),
            ),
            (
                "red",
                JsValue::from(pos.home_stone_window(Side::Red).in_hand),
            ),
        ])
        .into(),
    );
    dests.to_object()
}

/// The Kaissa move a board move names (the position checks it when it is
/// played): a step `from` `to`, or a placement from [`STONE`].
pub fn kaissa_move(board: &BoardMove) -> Result<kaissa::Move, JsValue> {
    if board.pass {
        return Err(not_allowed("pass", "Merchant Kaissa has no pass"));
    }
    if let Some(kind) = &board.kind {
        return Err(not_allowed(
            kind,
            "a Merchant Kaissa move takes no piece kind (there is no promotion)",
        ));
    }
    let (Some(from), Some(to)) = (&board.from, &board.to) else {
        return Err(malformed("from and to are needed"));
    };
    let to = to.parse::<kaissa::Square>().map_err(errors::notation)?;
    if from == STONE {
        return Ok(kaissa::Move::Place { to });
    }
    let from = from.parse::<kaissa::Square>().map_err(errors::notation)?;
    Ok(kaissa::Move::Normal { from, to })
}

/// The colour of the piece on `square`, as its name.
fn colour_on(pos: &chaturaji::Position, square: chaturaji::Square) -> JsValue {
    pos.piece_at(square)
        .map_or(JsValue::NULL, |p| JsValue::from_str(p.colour.name()))
}

/// Chaturaji's dests for `roll` (`None`: before the die is thrown), or
/// for the pending Ludii promotion decision whatever the roll.
pub fn chaturaji(pos: &chaturaji::Position, roll: Option<Roll>) -> Object {
    let mut dests = Dests::default();
    if pos.is_over() {
        return dests.to_object();
    }
    if let Some(square) = pos.pending_promotion() {
        let moves = pos.legal_moves(Roll::ALL[0]);
        let kinds = moves.iter().filter_map(|mv| match *mv {
            chaturaji::Move::Decision { kind } => Some(kind.letter().to_string()),
            _ => None,
        });
        let keep = moves.contains(&chaturaji::Move::Pass);
        dests.decision = Some(
            js::object(&[
                ("square", JsValue::from_str(&square.to_string())),
                ("colour", colour_on(pos, square)),
                ("kinds", js::strings(kinds).into()),
                ("keep", JsValue::from(keep)),
            ])
            .into(),
        );
        return dests.to_object();
    }
    // Empty under the Ludii ruleset, which has no raja exchange
    // (docs/rules.md §2.13).
    for (a, b) in pos.possible_exchanges() {
        for sa in pos.raja_return_squares(a).iter() {
            for sb in pos.raja_return_squares(b).iter() {
                let pair =
                    js::strings([format!("{}{sa}", a.letter()), format!("{}{sb}", b.letter())]);
                dests.exchanges.push(pair.into());
            }
        }
    }
    let Some(roll) = roll else {
        dests.needs_roll = true;
        return dests.to_object();
    };
    let mut promotions: Vec<(chaturaji::Square, chaturaji::Square, Vec<String>)> = Vec::new();
    for mv in pos.legal_moves(roll).iter() {
        match *mv {
            chaturaji::Move::Normal { from, to } => {
                dests.targets.add(from.to_string(), to.to_string());
            }
            chaturaji::Move::Promotion { from, to, kind } => {
                dests.targets.add(from.to_string(), to.to_string());
                let letter = kind.letter().to_string();
                match promotions
                    .iter_mut()
                    .find(|(f, t, _)| *f == from && *t == to)
                {
                    Some((_, _, kinds)) => kinds.push(letter),
                    None => promotions.push((from, to, vec![letter])),
                }
            }
            chaturaji::Move::Pass => dests.pass = true,
            _ => {}
        }
    }
    dests.promotions = promotions
        .into_iter()
        .map(|(from, to, kinds)| {
            js::object(&[
                ("from", JsValue::from_str(&from.to_string())),
                ("to", JsValue::from_str(&to.to_string())),
                ("colour", colour_on(pos, from)),
                ("kinds", js::strings(kinds).into()),
            ])
            .into()
        })
        .collect();
    dests.to_object()
}

/// The Chaturaji move a board move names (the position checks it when it
/// is played): a step, a special promotion with its kind, a Ludii
/// decision (`{kind}`) or a pass.
pub fn chaturaji_move(board: &BoardMove) -> Result<chaturaji::Move, JsValue> {
    let kind = match &board.kind {
        None => None,
        Some(letter) => {
            let mut chars = letter.chars();
            let kind = match (chars.next(), chars.next()) {
                (Some(c), None) => chaturaji::PieceKind::from_letter(c),
                _ => None,
            };
            Some(kind.ok_or_else(|| {
                malformed(&format!(
                    "a kind is K, E, H or B, not {}",
                    js::quote(letter)
                ))
            })?)
        }
    };
    match (&board.from, &board.to, kind, board.pass) {
        (None, None, None, true) => Ok(chaturaji::Move::Pass),
        (None, None, Some(kind), false) => Ok(chaturaji::Move::Decision { kind }),
        (Some(from), Some(to), kind, false) => {
            let from = from
                .parse::<chaturaji::Square>()
                .map_err(errors::notation)?;
            let to = to.parse::<chaturaji::Square>().map_err(errors::notation)?;
            Ok(match kind {
                Some(kind) => chaturaji::Move::Promotion { from, to, kind },
                None => chaturaji::Move::Normal { from, to },
            })
        }
        (_, _, _, true) => Err(malformed("a pass names nothing else")),
        _ => Err(malformed("from and to come together")),
    }
}

/// The squares a Kaissa move touches, for marking it: `[from, to]`, or
/// `[to]` for a placement.
pub fn kaissa_squares(mv: kaissa::Move) -> Array {
    match mv {
        kaissa::Move::Normal { from, to } => js::strings([from.to_string(), to.to_string()]),
        kaissa::Move::Place { to } => js::strings([to.to_string()]),
    }
}

/// The squares a Chaturaji move touches: `[from, to]`, or `null` for a
/// pass or a decision.
pub fn chaturaji_squares(mv: chaturaji::Move) -> JsValue {
    match (mv.from(), mv.to()) {
        (Some(from), Some(to)) => js::strings([from.to_string(), to.to_string()]).into(),
        _ => JsValue::NULL,
    }
}
