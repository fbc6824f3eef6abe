//! `record.Record`: the record of one game of either kind, read from text
//! or built move by move, always consistent with the rules.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use kaissa_chaturaji::record::{
    self as rust, ChaturajiAction, ChaturajiRecord, GameResult, KaissaRecord, Termination,
};

use crate::chaturaji::{self, rules};
use crate::common;
use crate::errors;
use crate::kaissa;

/// The record of one game, Merchant Kaissa or Chaturaji, in the
/// project's record format (``docs/records.md``): tag pairs, the moves
/// (Chaturaji plies with their roll, ``5:g7g8K``; passes, raja exchanges
/// and Ludii decisions included), comments, and a result with its
/// termination.
///
/// ``Record(text)`` reads one record (a ``RecordError``, a ``ValueError``,
/// when it is not one: every move is checked against the rules, and the
/// result against the final position); ``Record.from_position(pos)``
/// makes the record of the moves pushed on a position. ``str(record)``
/// writes it. A record stays consistent whatever is done to it: its
/// result always agrees with its final position.
///
/// >>> from kaissa_chaturaji import kaissa
/// >>> pos = kaissa.Position()
/// >>> pos.push("e2e5"); pos.push("e9e6")
/// >>> record = Record.from_position(pos)
/// >>> record.actions
/// ['e2e5', 'e9e6']
/// >>> Record(str(record)) == record
/// True
#[pyclass(eq, module = "kaissa_chaturaji.record", name = "Record")]
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// The library's record.
    pub record: rust::Record,
}

/// The Kaissa record of a position's pushed moves.
fn kaissa_record(pos: &kaissa::Position) -> PyResult<KaissaRecord> {
    let mut record = KaissaRecord::new(pos.root_position());
    for mv in pos.pushed() {
        record.play(mv).map_err(errors::action)?;
    }
    Ok(record)
}

/// The Chaturaji record of a position's pushed plies.
fn chaturaji_record(pos: &chaturaji::Position) -> PyResult<ChaturajiRecord> {
    let mut record = ChaturajiRecord::new(pos.root_position());
    for action in pos.actions() {
        record.play(action).map_err(errors::action)?;
    }
    Ok(record)
}

/// A Chaturaji action given as its text or as a `(roll, move)` pair
/// (`roll` `None` for a Ludii decision).
fn chaturaji_action(action: &Bound<'_, PyAny>) -> PyResult<ChaturajiAction> {
    if let Ok(text) = action.cast::<PyString>() {
        return text
            .to_cow()?
            .parse::<ChaturajiAction>()
            .map_err(errors::notation);
    }
    if let Ok(pair) = action.cast::<PyTuple>() {
        if pair.len() == 2 {
            let mv = chaturaji::moves::argument(&pair.get_item(1)?)?;
            return match pair.get_item(0)?.extract::<Option<i64>>()? {
                Some(face) => Ok(ChaturajiAction::Ply {
                    roll: chaturaji::moves::roll(face)?,
                    mv,
                }),
                None => Ok(ChaturajiAction::Decision { mv }),
            };
        }
    }
    Err(PyTypeError::new_err(
        "a Chaturaji action is its text ('2:h1f3', '=K', 'exchange:rh4,be8') \
         or a (roll, move) pair",
    ))
}

#[pymethods]
impl Record {
    /// Reads exactly one record of either game from ``text``.
    #[new]
    fn new(text: &str) -> PyResult<Record> {
        let record = text.parse::<rust::Record>().map_err(errors::record)?;
        Ok(Record { record })
    }

    /// The record of the moves pushed on ``position`` (a
    /// ``kaissa.Position`` or a ``chaturaji.Position``), from the position
    /// before the first of them. Its result is what the rules say of the
    /// final position (``*`` while the game goes on).
    #[staticmethod]
    fn from_position(position: &Bound<'_, PyAny>) -> PyResult<Record> {
        let record = if let Ok(pos) = position.cast::<kaissa::Position>() {
            rust::Record::from(kaissa_record(&*pos.try_borrow()?)?)
        } else if let Ok(pos) = position.cast::<chaturaji::Position>() {
            rust::Record::from(chaturaji_record(&*pos.try_borrow()?)?)
        } else {
            return Err(PyTypeError::new_err(
                "expected a kaissa.Position or a chaturaji.Position",
            ));
        };
        Ok(Record { record })
    }

    /// Records can be changed, hence are unhashable.
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    /// The game: ``"kaissa"`` or ``"chaturaji"``.
    #[getter]
    fn game(&self) -> &'static str {
        self.record.game()
    }

    /// The Chaturaji rules options' name (``"sheet"``, ``"opposite"``,
    /// ``"ludii"``), or ``None`` for Kaissa.
    #[getter]
    fn rules(&self) -> Option<&'static str> {
        self.record
            .as_chaturaji()
            .map(|record| rules::name(record.options()))
    }

    /// The free tags (event, site, date, players, ...), as a new dict.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in self.record.tags().iter() {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// The result: ``"*"``, ``"draw"`` or ``"<winner>-wins"``.
    #[getter]
    fn result(&self) -> String {
        self.record.result().to_string()
    }

    /// How the game ended: ``"unfinished"``, ``"resignation"``,
    /// ``"home-stone-captured"``, ``"ranking"``...
    #[getter]
    fn termination(&self) -> &'static str {
        self.record.termination().word()
    }

    /// The actions (moves, plies with their roll, exchanges, decisions) as
    /// their texts, in order.
    #[getter]
    fn actions(&self) -> Vec<String> {
        (0..self.record.action_count())
            .filter_map(|i| self.record.action_text(i))
            .collect()
    }

    /// The comments, as ``(index, text)`` pairs: a comment with index
    /// ``i`` follows the first ``i`` actions.
    #[getter]
    fn comments(&self) -> Vec<(usize, String)> {
        self.record.comments().to_vec()
    }

    /// The number of actions.
    fn __len__(&self) -> usize {
        self.record.action_count()
    }

    /// The start position (a new object, with an empty move stack).
    fn start_position(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(match &self.record {
            rust::Record::Kaissa(r) => {
                Py::new(py, kaissa::Position::from_rust(r.start().clone()))?.into_any()
            }
            rust::Record::Chaturaji(r) => {
                Py::new(py, chaturaji::Position::from_rust(r.start().clone()))?.into_any()
            }
        })
    }

    /// The final position, with the record's moves on its move stack (so
    /// ``pop`` takes them back; a Chaturaji raja exchange empties the
    /// stack, as on any position).
    fn final_position(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(match &self.record {
            rust::Record::Kaissa(r) => {
                let mut pos = kaissa::Position::from_rust(r.start().clone());
                for &mv in r.actions() {
                    pos.push_unchecked(mv);
                }
                Py::new(py, pos)?.into_any()
            }
            rust::Record::Chaturaji(r) => {
                let mut pos = chaturaji::Position::from_rust(r.start().clone());
                for &action in r.actions() {
                    pos.apply_action(action)?;
                }
                Py::new(py, pos)?.into_any()
            }
        })
    }

    /// Every position of the game: the start, then the position after
    /// each action (new objects with empty move stacks).
    fn positions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        match &self.record {
            rust::Record::Kaissa(r) => {
                for pos in r.positions() {
                    list.append(Py::new(py, kaissa::Position::from_rust(pos))?)?;
                }
            }
            rust::Record::Chaturaji(r) => {
                for pos in r.positions() {
                    list.append(Py::new(py, chaturaji::Position::from_rust(pos))?)?;
                }
            }
        }
        Ok(list)
    }

    /// Adds an action after the last one: for Kaissa a ``kaissa.Move`` or
    /// its text; for Chaturaji a ply ``"5:e7e6"`` or ``(5, move)``, a Ludii
    /// decision ``"=K"`` or ``(None, move)``, or an exchange
    /// ``"exchange:rh4,be8"``. An illegal action raises (``IllegalMoveError``,
    /// ``ExchangeError``) and changes nothing; the result follows the rules.
    fn play(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        match &mut self.record {
            rust::Record::Kaissa(r) => {
                let mv = kaissa::moves::argument(action)?;
                r.play(mv).map_err(errors::action)
            }
            rust::Record::Chaturaji(r) => {
                let action = chaturaji_action(action)?;
                r.play(action).map_err(errors::action)
            }
        }
    }

    /// Adds a comment after the last action (any text without control
    /// characters but tabs and new lines).
    fn add_comment(&mut self, text: &str) -> PyResult<()> {
        self.record.add_comment(text).map_err(errors::text)
    }

    /// States the result (``"yellow-wins"``, ``"rg-wins"``, ``"draw"``,
    /// ``"*"``...) and how the game ended (``"resignation"``,
    /// ``"agreement"``, ``"abandoned"``, ``"unfinished"``, or the rules'
    /// own ending, which the final position must show). Raises
    /// ``RecordError`` and changes nothing when they do not fit.
    fn set_result(&mut self, result: &str, termination: &str) -> PyResult<()> {
        let termination = Termination::from_word(termination).ok_or_else(|| {
            errors::result_word(format!(
                "{:?} is not a termination",
                termination.chars().take(24).collect::<String>()
            ))
        })?;
        let bad_result = || {
            errors::result_word(format!(
                "{:?} is not a result of this game",
                result.chars().take(24).collect::<String>()
            ))
        };
        let result: GameResult = self.record.parse_result(result).ok_or_else(bad_result)?;
        self.record
            .set_result(result, termination)
            .map_err(errors::result)
    }

    /// Sets a free tag (``Event``, ``Site``, ``Date`` as ``YYYY.MM.DD``,
    /// the players, or any name of letters, digits and ``_``). The tags the
    /// record derives from its data (``Game``, ``Rules``, ``Result``...)
    /// are refused with a ``RecordError``.
    fn set_tag(&mut self, name: &str, value: &str) -> PyResult<()> {
        self.record.set_tag(name, value).map_err(errors::text)
    }

    /// Removes a free tag and returns its value (``None`` if it was not
    /// set).
    fn remove_tag(&mut self, name: &str) -> PyResult<Option<String>> {
        Ok(self.record.remove_tag(name))
    }

    /// The final position as an SVG picture, the last move highlighted.
    #[pyo3(signature = (*, size = 48, coordinates = true))]
    fn svg(&self, size: i64, coordinates: bool) -> String {
        self.record.svg(&common::svg_options(size, coordinates))
    }

    /// The SVG picture, for Jupyter and other rich displays.
    fn _repr_svg_(&self) -> String {
        self.svg(48, true)
    }

    /// The record's text.
    fn __str__(&self) -> String {
        self.record.to_string()
    }

    /// ``<Record kaissa, 34 actions, result '*'>``.
    fn __repr__(&self) -> String {
        format!(
            "<Record {}, {} actions, result '{}'>",
            self.record.game(),
            self.record.action_count(),
            self.record.result()
        )
    }

    /// Pickles as the record's text.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((
            slf.get_type().into_any(),
            (slf.try_borrow()?.record.to_string(),),
        ))
    }
}
