//! `Outcome`: how a game stands, for both games, as plain words.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use kaissa_chaturaji::chaturaji::{self, Colour};
use kaissa_chaturaji::kaissa::{self, DrawReason, WinReason};

/// How a game stands: going on, won, or drawn.
///
/// ``word`` is the outcome word of the project's tools (``"ongoing"``,
/// ``"draw"``, ``"yellow-wins"``, ``"rg-wins"``, ``"green-wins"``);
/// ``winners`` names the winning side or colours (``("yellow",)``,
/// ``("red", "green")``, empty for a draw or a game going on); ``reason``
/// is why the game ended, in the words of a record's ``Termination`` tag
/// (``"home-stone-captured"``, ``"default-loss"``, ``"no-legal-moves"``,
/// ``"turn-limit"``, ``"opponents-out"``, ``"quiet-plies"``,
/// ``"ranking"``), or ``None`` while it goes on. ``str(outcome)`` is the
/// word. Outcomes compare equal when all three agree.
#[pyclass(frozen, eq, hash, module = "kaissa_chaturaji", name = "Outcome")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The outcome word.
    word: &'static str,
    /// The winners' names.
    winners: Vec<&'static str>,
    /// Why the game ended (`None` while it goes on).
    reason: Option<&'static str>,
}

impl Outcome {
    /// A Kaissa position's outcome.
    pub fn kaissa(outcome: kaissa::Outcome) -> Outcome {
        let (winners, reason) = match outcome {
            kaissa::Outcome::Ongoing => (Vec::new(), None),
            kaissa::Outcome::Win { winner, reason } => {
                let reason = match reason {
                    WinReason::HomeStoneCaptured => "home-stone-captured",
                    WinReason::DefaultLoss => "default-loss",
                    WinReason::Resignation => "resignation",
                    _ => "other",
                };
                (vec![winner.name()], Some(reason))
            }
            kaissa::Outcome::Draw { reason } => {
                let reason = match reason {
                    DrawReason::NoLegalMoves => "no-legal-moves",
                    DrawReason::Agreement => "agreement",
                    DrawReason::TurnLimit => "turn-limit",
                    _ => "other",
                };
                (Vec::new(), Some(reason))
            }
            _ => (Vec::new(), Some("other")),
        };
        Outcome {
            word: outcome.word(),
            winners,
            reason,
        }
    }

    /// A Chaturaji position's outcome (under its rules: a draw is by the
    /// quiet-ply rule under the sheet's, by the turn limit under Ludii's).
    pub fn chaturaji(outcome: chaturaji::Outcome, ludii: bool) -> Outcome {
        let name = Colour::name;
        let (winners, reason) = match outcome {
            chaturaji::Outcome::Ongoing => (Vec::new(), None),
            chaturaji::Outcome::AllianceWins([a, b]) => {
                (vec![name(a), name(b)], Some("opponents-out"))
            }
            chaturaji::Outcome::Draw if ludii => (Vec::new(), Some("turn-limit")),
            chaturaji::Outcome::Draw => (Vec::new(), Some("quiet-plies")),
            chaturaji::Outcome::ColourWins(colour) => (vec![name(colour)], Some("ranking")),
            chaturaji::Outcome::TopScoreTie => (Vec::new(), Some("ranking")),
            _ => (Vec::new(), Some("other")),
        };
        Outcome {
            word: outcome.word(),
            winners,
            reason,
        }
    }
}

#[pymethods]
impl Outcome {
    /// The outcome word: ``"ongoing"``, ``"draw"`` or ``"<winner>-wins"``.
    #[getter]
    fn word(&self) -> &'static str {
        self.word
    }

    /// The winning side (Kaissa), alliance or colour (Chaturaji), as a
    /// tuple of names; empty unless somebody won.
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.winners)
    }

    /// Who won, as the outcome word names it (python-chess's ``winner``,
    /// in words): ``"yellow"`` or ``"red"`` (Kaissa), an alliance's two
    /// colour letters in ``rbyg`` order such as ``"rg"`` (Chaturaji) or a
    /// colour such as ``"green"`` (the Ludii ruleset); ``None`` for a draw
    /// or a game going on.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.word.strip_suffix("-wins")
    }

    /// Why the game ended (a ``Termination`` word of the record format),
    /// or ``None`` while it goes on.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        self.reason
    }

    /// Whether the game is over (won or drawn).
    #[getter]
    fn is_over(&self) -> bool {
        self.reason.is_some()
    }

    /// The outcome word.
    fn __str__(&self) -> &'static str {
        self.word
    }

    /// ``Outcome('yellow-wins', reason='home-stone-captured')``.
    fn __repr__(&self) -> String {
        match self.reason {
            Some(reason) => format!("Outcome('{}', reason='{reason}')", self.word),
            None => format!("Outcome('{}')", self.word),
        }
    }
}
