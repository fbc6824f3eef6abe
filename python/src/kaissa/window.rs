//! `kaissa.HomeStoneWindow`: where a side stands with its Home Stone
//! placement (the rules reference, §1: turns 8, 9 and 10).

use pyo3::prelude::*;

use kaissa_chaturaji::kaissa;

/// Where one side stands with its Home Stone placement, from
/// ``Position.home_stone_window(side)``. A side places its stone (``H@c1``)
/// on an empty square of its own back rank on its turn 8, 9 or 10; on turn
/// 10 it must, and loses by default when it cannot.
///
/// Attributes: ``side`` (``"yellow"`` or ``"red"``), ``first_turn`` (8),
/// ``last_turn`` (10), ``next_turn`` (the side's own next turn number),
/// ``in_hand`` (the stone is still in hand), ``open_now`` (the side may
/// place on this very move), ``last_chance`` (it is to move at turn 10 with
/// the stone in hand) and ``squares`` (the square names it may place on
/// now, empty unless the window is open).
#[pyclass(
    frozen,
    eq,
    module = "kaissa_chaturaji.kaissa",
    name = "HomeStoneWindow"
)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HomeStoneWindow {
    /// The side described.
    #[pyo3(get)]
    side: &'static str,
    /// The first turn of the window: 8.
    #[pyo3(get)]
    first_turn: u32,
    /// The last turn of the window: 10.
    #[pyo3(get)]
    last_turn: u32,
    /// The side's own next turn number (its current one when it is to move).
    #[pyo3(get)]
    next_turn: u32,
    /// Whether its stone is still in hand.
    #[pyo3(get)]
    in_hand: bool,
    /// Whether it may place its stone on this very move.
    #[pyo3(get)]
    open_now: bool,
    /// Whether it is to move at turn 10 with its stone in hand.
    #[pyo3(get)]
    last_chance: bool,
    /// The squares it may place its stone on now.
    #[pyo3(get)]
    squares: Vec<String>,
}

impl HomeStoneWindow {
    /// The window the library computed.
    pub fn new(window: kaissa::HomeStoneWindow) -> HomeStoneWindow {
        HomeStoneWindow {
            side: window.side.name(),
            first_turn: window.first_turn,
            last_turn: window.last_turn,
            next_turn: window.next_turn,
            in_hand: window.in_hand,
            open_now: window.open_now,
            last_chance: window.last_chance,
            squares: window.squares.iter().map(|s| s.to_string()).collect(),
        }
    }
}

#[pymethods]
impl HomeStoneWindow {
    /// All the fields, for reading at a glance.
    fn __repr__(&self) -> String {
        format!(
            "HomeStoneWindow(side='{}', first_turn={}, last_turn={}, next_turn={}, \
             in_hand={}, open_now={}, last_chance={}, squares=[{}])",
            self.side,
            self.first_turn,
            self.last_turn,
            self.next_turn,
            py_bool(self.in_hand),
            py_bool(self.open_now),
            py_bool(self.last_chance),
            self.squares
                .iter()
                .map(|s| format!("'{s}'"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// `True` or `False`.
fn py_bool(value: bool) -> &'static str {
    if value {
        "True"
    } else {
        "False"
    }
}
