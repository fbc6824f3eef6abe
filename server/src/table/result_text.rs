//! A finished game's result in words, for the pages: the outcome word and
//! the termination word put as a sentence ("Yellow wins by resignation",
//! "Red wins: the Home Stone is captured", "Drawn by agreement").

/// The winners an outcome word names, in words: `Yellow`, `Red and
/// Green`; `None` for `draw`, `ongoing` or an unknown word.
fn winners(outcome: &str) -> Option<(&'static str, bool)> {
    Some(match outcome {
        "yellow-wins" => ("Yellow", false),
        "red-wins" => ("Red", false),
        "black-wins" => ("Black", false),
        "green-wins" => ("Green", false),
        "rg-wins" => ("Red and Green", true),
        "by-wins" => ("Black and Yellow", true),
        "ry-wins" => ("Red and Yellow", true),
        "bg-wins" => ("Black and Green", true),
        _ => return None,
    })
}

/// The result of a game in words, from its outcome word (`yellow-wins`,
/// `draw`, `ongoing`, ...) and termination word (`resignation`,
/// `home-stone-captured`, ...); `None` while the game has no termination.
#[must_use]
pub fn result_text(outcome: &str, termination: Option<&str>) -> Option<String> {
    let termination = termination?;
    if termination == "abandoned" {
        return Some("Aborted".into());
    }
    let Some((who, plural)) = winners(outcome) else {
        let how = match termination {
            "agreement" => " by agreement",
            "no-legal-moves" => ": the side to move has no legal move",
            "turn-limit" => ": the turn limit is reached",
            "quiet-plies" => ": no capture within the draw limit",
            "ranking" => ": the top scores tie",
            _ => "",
        };
        return Some(if outcome == "draw" {
            format!("Drawn{how}")
        } else {
            format!("Game over ({termination})")
        });
    };
    let win = if plural { "win" } else { "wins" };
    let how = match termination {
        "resignation" => " by resignation".to_string(),
        "time-forfeit" => " on time".to_string(),
        "home-stone-captured" => ": the Home Stone is captured".to_string(),
        "default-loss" => ": the Home Stone was not placed in time".to_string(),
        "opponents-out" => ": both opponents are out".to_string(),
        "ranking" => " on score".to_string(),
        "" => String::new(),
        other => format!(" ({other})"),
    };
    Some(format!("{who} {win}{how}"))
}

#[cfg(test)]
mod tests {
    use super::result_text;

    #[test]
    fn words_per_termination() {
        let text = |o, t| result_text(o, Some(t)).unwrap();
        assert_eq!(
            text("yellow-wins", "resignation"),
            "Yellow wins by resignation"
        );
        assert_eq!(
            text("red-wins", "home-stone-captured"),
            "Red wins: the Home Stone is captured"
        );
        assert_eq!(
            text("by-wins", "opponents-out"),
            "Black and Yellow win: both opponents are out"
        );
        assert_eq!(text("draw", "agreement"), "Drawn by agreement");
        assert_eq!(text("ongoing", "abandoned"), "Aborted");
        assert_eq!(text("red-wins", "time-forfeit"), "Red wins on time");
        assert_eq!(
            text("draw", "quiet-plies"),
            "Drawn: no capture within the draw limit"
        );
        assert_eq!(result_text("ongoing", None), None);
    }
}
