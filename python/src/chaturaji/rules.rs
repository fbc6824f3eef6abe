//! The rules options by name: `sheet`, `opposite`, `ludii` (as the
//! examples' `--rules` option spells them), and the quiet-ply draw limit.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use kaissa_chaturaji::chaturaji::{Alliances, Rules};

/// The draw limit when none is given: the sheet's 200 quiet plies.
pub const DEFAULT_DRAW_LIMIT: Option<u16> = Rules::new().draw_limit;

/// The rules options `name` stands for, with `draw_limit` (plies without a
/// capture after which the game is drawn, `None` for no limit) under the
/// sheet's ruleset. The Ludii ruleset has no such limit and ignores it.
pub fn from_name(name: &str, draw_limit: Option<u16>) -> PyResult<Rules> {
    let sheet = Rules::new().with_draw_limit(draw_limit);
    match name {
        "sheet" => Ok(sheet),
        "opposite" => Ok(sheet.with_alliances(Alliances::Opposite)),
        "ludii" => Ok(Rules::ludii()),
        _ => Err(PyValueError::new_err(format!(
            "rules are 'sheet', 'opposite' or 'ludii', not {:?}",
            name.chars().take(24).collect::<String>()
        ))),
    }
}

/// The name of the rules options (`sheet`, `opposite` or `ludii`).
pub fn name(rules: Rules) -> &'static str {
    if rules.is_ludii() {
        "ludii"
    } else if rules.alliances == Alliances::Opposite {
        "opposite"
    } else {
        "sheet"
    }
}
