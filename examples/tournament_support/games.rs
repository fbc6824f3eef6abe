//! The games of the tournament: one generic loop over the `Game` trait,
//! with forfeits, and the two games' records.

use kaissa_chaturaji::agents::{Agent, RandomAgent};
use kaissa_chaturaji::chaturaji::{Colour, DiceRoller, Rules};
use kaissa_chaturaji::game::{Actor, Chaturaji, ChaturajiStep, Game, Kaissa};
use kaissa_chaturaji::kaissa::Side;
use kaissa_chaturaji::record::{
    ChaturajiAction, ChaturajiRecord, GameRecord, GameResult, KaissaRecord, Termination,
};

/// Who moves for a seat: one of our agents, or an engine our rules
/// referee.
pub trait Mover<G: Game> {
    /// The move for `game` (at a player node), or why the mover forfeits
    /// the game (an illegal or malformed move, no answer in time).
    fn choose(&mut self, game: &G) -> Result<G::Action, String>;
}

/// One of our agents as a mover.
pub struct AgentMover<G: Game>(pub Box<dyn Agent<G> + Send>);

impl<G: Game> Mover<G> for AgentMover<G> {
    fn choose(&mut self, game: &G) -> Result<G::Action, String> {
        self.0
            .choose(game)
            .ok_or_else(|| format!("{} chose no move", self.0.name()))
    }
}

/// How a game went: its final state, the plies played (moves, not die
/// rolls), whether the ply cap stopped it, and the seat that forfeited it
/// (with the reason), if one did.
pub struct Played<G> {
    pub game: G,
    pub plies: u32,
    pub capped: bool,
    pub forfeit: Option<(usize, String)>,
}

/// The movers of a game: `movers[seats[s]]` moves for seat `s` (a mover
/// may hold several seats); the first `opening_plies` moves are random,
/// drawn from `opening_seed`.
pub struct Table<'a, 'm, G: Game> {
    pub movers: &'a mut [Box<dyn Mover<G> + 'm>],
    pub seats: &'a [usize],
    pub opening_plies: u32,
    pub opening_seed: u64,
}

/// Plays `game` to its end, `max_plies` moves, or a forfeit: the table's
/// movers move (an illegal move forfeits), the seeded `roller` throws the
/// die; `on_action` sees each action before it is applied.
pub fn play<G: Game>(
    mut game: G,
    table: &mut Table<'_, '_, G>,
    roller: &mut DiceRoller,
    max_plies: u32,
    mut on_action: impl FnMut(&G, G::Action),
) -> Result<Played<G>, String> {
    let mut plies = 0;
    let mut opening = RandomAgent::new(table.opening_seed);
    let ended = |game, plies, capped, forfeit| {
        Ok(Played {
            game,
            plies,
            capped,
            forfeit,
        })
    };
    loop {
        match game.actor() {
            Actor::Over => return ended(game, plies, false, None),
            _ if plies >= max_plies => return ended(game, plies, true, None),
            Actor::Chance => {
                // The die's faces are the chance outcomes, each 1/4.
                let outcomes = game.chance_outcomes();
                let face = usize::from(roller.roll().face() - 2);
                let (action, _) = outcomes
                    .get(face.min(outcomes.len().saturating_sub(1)))
                    .copied()
                    .ok_or("a chance node without outcomes")?;
                on_action(&game, action);
                game.apply(action).map_err(|e| e.to_string())?;
            }
            Actor::Player(seat) => {
                let chosen = if plies < table.opening_plies {
                    opening.choose(&game).ok_or("no opening move".to_string())
                } else {
                    let mover = table
                        .seats
                        .get(seat)
                        .and_then(|&index| table.movers.get_mut(index))
                        .ok_or_else(|| format!("no mover for seat {seat}"))?;
                    mover.choose(&game)
                };
                let action = match chosen {
                    Ok(action) if game.legal_actions().as_ref().contains(&action) => action,
                    Ok(action) => {
                        let reason = format!("illegal move {action}");
                        return ended(game, plies, false, Some((seat, reason)));
                    }
                    Err(reason) => return ended(game, plies, false, Some((seat, reason))),
                };
                on_action(&game, action);
                game.apply(action).map_err(|e| e.to_string())?;
                plies += 1;
            }
        }
    }
}

/// A record's event, round and seats, and the cap's or forfeit's note.
fn describe<R: kaissa_chaturaji::record::RecordedGame>(
    record: &mut GameRecord<R>,
    round: usize,
    seats: &[(&str, String)],
    capped: Option<u32>,
    forfeit: Option<(&str, &str, GameResult)>,
) -> Result<(), String> {
    let mut tags = vec![
        ("Event", "tournament".to_string()),
        ("Site", "examples/tournament".to_string()),
        ("Round", round.to_string()),
    ];
    tags.extend(seats.iter().map(|(seat, agent)| (*seat, agent.clone())));
    for (name, value) in tags {
        record.set_tag(name, &value).map_err(|e| e.to_string())?;
    }
    if let Some(cap) = capped {
        record
            .add_comment(&format!(
                "stopped by the tournament's ply cap ({cap} plies): scored as a draw"
            ))
            .map_err(|e| e.to_string())?;
    }
    if let Some((seat, reason, result)) = forfeit {
        record
            .add_comment(&format!("{seat} forfeits: {reason}"))
            .map_err(|e| e.to_string())?;
        let termination = if result == GameResult::Unfinished {
            Termination::Abandoned
        } else {
            Termination::Resignation
        };
        record
            .set_result(result, termination)
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Plays a Kaissa game from `start`; with `record`, also writes it as a
/// game record.
pub fn kaissa_game(
    start: Kaissa,
    table: &mut Table<'_, '_, Kaissa>,
    roller: &mut DiceRoller,
    max_plies: u32,
    record: Option<(usize, &[(&str, String)])>,
) -> Result<(Played<Kaissa>, Option<String>), String> {
    let mut text = KaissaRecord::new(start.position().clone());
    let mut error = None;
    let played = play(start, table, roller, max_plies, |_, mv| {
        if record.is_some() {
            if let Err(e) = text.play(mv) {
                error.get_or_insert(e.to_string());
            }
        }
    })?;
    let Some((round, seats)) = record else {
        return Ok((played, None));
    };
    if let Some(error) = error {
        return Err(error);
    }
    let forfeit = played.forfeit.as_ref().map(|(seat, reason)| {
        let winner = if *seat == 0 { Side::Red } else { Side::Yellow };
        (
            seat_names(2)[*seat],
            reason.as_str(),
            GameResult::SideWins(winner),
        )
    });
    let capped = played.capped.then_some(max_plies);
    describe(&mut text, round, seats, capped, forfeit)?;
    Ok((played, Some(text.to_string())))
}

/// Plays a Chaturaji game from `start` under `rules`; with `record`, also
/// writes it as a game record (a rolled ply `<face>:<move>`, a Ludii
/// decision alone).
pub fn chaturaji_game(
    start: Chaturaji,
    rules: Rules,
    table: &mut Table<'_, '_, Chaturaji>,
    roller: &mut DiceRoller,
    max_plies: u32,
    record: Option<(usize, &[(&str, String)])>,
) -> Result<(Played<Chaturaji>, Option<String>), String> {
    let mut text = ChaturajiRecord::new(start.position().clone());
    let mut error = None;
    let played = play(start, table, roller, max_plies, |game, step| {
        let ChaturajiStep::Move(mv) = step else {
            return; // the roll is written with its move
        };
        if record.is_some() {
            let action = match game.pending_roll() {
                Some(roll) => ChaturajiAction::Ply { roll, mv },
                None => ChaturajiAction::Decision { mv },
            };
            if let Err(e) = text.play(action) {
                error.get_or_insert(e.to_string());
            }
        }
    })?;
    let Some((round, seats)) = record else {
        return Ok((played, None));
    };
    if let Some(error) = error {
        return Err(error);
    }
    let forfeit = played.forfeit.as_ref().map(|(seat, reason)| {
        let result = if rules.is_ludii() {
            GameResult::Unfinished
        } else {
            let loser = Colour::from_index(*seat);
            let mut winners = Colour::ALL
                .into_iter()
                .filter(|&c| !rules.friends(c, loser));
            match (winners.next(), winners.next()) {
                (Some(a), Some(b)) => GameResult::AllianceWins([a, b]),
                _ => GameResult::Unfinished,
            }
        };
        (seat_names(4)[*seat], reason.as_str(), result)
    });
    let capped = played.capped.then_some(max_plies);
    describe(&mut text, round, seats, capped, forfeit)?;
    Ok((played, Some(text.to_string())))
}

/// The seat names of a game with `players` seats, by player index.
pub fn seat_names(players: usize) -> &'static [&'static str] {
    if players == 2 {
        &["Yellow", "Red"]
    } else {
        &["Red", "Black", "Yellow", "Green"]
    }
}

/// The alliance (0: Red's, 1: the other) of each Chaturaji seat.
pub fn alliance_of(rules: Rules, seat: usize) -> usize {
    usize::from(!rules.friends(Colour::from_index(seat), Colour::Red))
}
