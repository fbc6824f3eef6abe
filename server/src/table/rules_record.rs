//! A table's moves as the library's game record, and the termination the
//! rules give it.

use kaissa_chaturaji::chaturaji;
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji::record::{ChaturajiAction, ChaturajiRecord, KaissaRecord, Record};

use crate::table::game::Table;

/// The record of the tokens of `table`, without tags or players' result.
///
/// # Errors
///
/// When a token does not replay (a damaged store).
pub fn moves_record(table: &Table) -> Result<Record, String> {
    let Some(rules) = table.game().rules() else {
        let mut record = KaissaRecord::new(kaissa::Position::start());
        for token in table.tokens() {
            let mv: kaissa::Move = token.parse().map_err(|e| format!("{token}: {e}"))?;
            record.play(mv).map_err(|e| format!("{token}: {e}"))?;
        }
        return Ok(record.into());
    };
    {
        let mut record = ChaturajiRecord::new(chaturaji::Position::start(rules));
        for token in table.tokens() {
            let action: ChaturajiAction = token.parse().map_err(|e| format!("{token}: {e}"))?;
            record.play(action).map_err(|e| format!("{token}: {e}"))?;
        }
        Ok(record.into())
    }
}

/// The termination word the rules give a finished game (`ongoing` games
/// give `unfinished`).
#[must_use]
pub fn rules_termination(table: &Table) -> String {
    moves_record(table)
        .map(|record| record.termination().word().to_string())
        .unwrap_or_else(|_| "unfinished".into())
}
