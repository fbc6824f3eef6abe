//! One game of the tournament: one loop over [`AnyGame`] for both games,
//! with its forfeits and its game record.

use kaissa_chaturaji::agents::{Agent, Limit, RandomAgent};
use kaissa_chaturaji::chaturaji::{Colour, DiceRoller};
use kaissa_chaturaji::game::{Actor, AnyAction, AnyGame, ChaturajiStep, Game};
use kaissa_chaturaji::kaissa::Side;
use kaissa_chaturaji::record::{
    ChaturajiAction, ChaturajiRecord, GameResult, KaissaRecord, Record, Termination,
};

use crate::peer::Engine;

/// Who moves for a seat: one of our agents, or an engine our rules
/// referee.
pub enum Mover<'a> {
    /// An agent of the library, thinking within `limit` (its spec's
    /// budget).
    Agent {
        /// The agent.
        agent: Box<dyn Agent<AnyGame> + Send>,
        /// Its limit a move.
        limit: Limit,
    },
    /// An engine, thinking `movetime` milliseconds a move.
    Engine {
        /// The engine.
        engine: &'a mut Engine,
        /// Its time a move.
        movetime: u64,
    },
}

impl Mover<'_> {
    /// The move for `game` (at a player node), or why the mover forfeits
    /// the game (an illegal or malformed move, no answer in time).
    fn choose(&mut self, game: &AnyGame) -> Result<AnyAction, String> {
        match self {
            Mover::Agent { agent, limit } => agent
                .think(game, limit, &mut |_| {})
                .best
                .ok_or_else(|| format!("{} chose no move", agent.name())),
            Mover::Engine { engine, movetime } => engine.choose(game, *movetime),
        }
    }
}

/// How a game went: its final state, the plies played (moves, not die
/// rolls), whether the ply cap stopped it, the seat that forfeited it
/// (with the reason) if one did, and its record if one was kept.
pub struct Played {
    pub game: AnyGame,
    pub plies: u32,
    pub capped: bool,
    pub forfeit: Option<(usize, String)>,
    pub record: Option<Record>,
}

/// The movers of a game: `movers[seats[s]]` moves for seat `s` (a mover
/// may hold several seats); the first `opening_plies` moves are random,
/// drawn from `opening_seed`.
pub struct Table<'a, 'm> {
    pub movers: &'a mut [Mover<'m>],
    pub seats: &'a [usize],
    pub opening_plies: u32,
    pub opening_seed: u64,
}

/// An empty record of a game from `start`.
fn new_record(start: &AnyGame) -> Record {
    match start {
        AnyGame::Kaissa(game) => KaissaRecord::new(game.position().clone()).into(),
        AnyGame::Chaturaji(game) => ChaturajiRecord::new(game.position().clone()).into(),
    }
}

/// Writes `action`, about to be played on `game`, into `record`: a
/// Chaturaji roll is written with the move that follows it, a move
/// without a roll is a Ludii promotion decision.
fn write(record: &mut Record, game: &AnyGame, action: AnyAction) -> Result<(), String> {
    let mismatch = || "the record is of the other game".to_string();
    let written = match action {
        AnyAction::Kaissa(mv) => record.as_kaissa_mut().ok_or_else(mismatch)?.play(mv),
        AnyAction::Chaturaji(ChaturajiStep::Move(mv)) => {
            let action = match game.as_chaturaji().and_then(|game| game.pending_roll()) {
                Some(roll) => ChaturajiAction::Ply { roll, mv },
                None => ChaturajiAction::Decision { mv },
            };
            record.as_chaturaji_mut().ok_or_else(mismatch)?.play(action)
        }
        AnyAction::Chaturaji(ChaturajiStep::Roll(_)) => Ok(()),
    };
    written.map_err(|e| e.to_string())
}

/// Plays `game` to its end, `max_plies` moves, or a forfeit: the table's
/// movers move (an illegal move forfeits), the seeded `roller` throws the
/// die; with `keep_record`, the game is written down as it goes.
pub fn play(
    mut game: AnyGame,
    table: &mut Table<'_, '_>,
    roller: &mut DiceRoller,
    max_plies: u32,
    keep_record: bool,
) -> Result<Played, String> {
    let mut record = keep_record.then(|| new_record(&game));
    let mut plies = 0;
    let mut opening = RandomAgent::new(table.opening_seed);
    let (capped, forfeit) = loop {
        let action = match game.actor() {
            Actor::Over => break (false, None),
            _ if plies >= max_plies => break (true, None),
            Actor::Chance => {
                // The die's faces are the chance outcomes, each 1/4.
                let outcomes = game.chance_outcomes();
                let face = usize::from(roller.roll().face() - 2);
                let (action, _) = outcomes
                    .as_ref()
                    .get(face)
                    .copied()
                    .ok_or("a chance node without the die's four faces")?;
                action
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
                plies += 1;
                match chosen {
                    Ok(action) if game.legal_actions().as_ref().contains(&action) => action,
                    Ok(action) => break (false, Some((seat, format!("illegal move {action}")))),
                    Err(reason) => break (false, Some((seat, reason))),
                }
            }
        };
        if let Some(record) = &mut record {
            write(record, &game, action)?;
        }
        game.apply(action).map_err(|e| e.to_string())?;
    };
    if forfeit.is_some() {
        plies -= 1;
    }
    Ok(Played {
        game,
        plies,
        capped,
        forfeit,
        record,
    })
}

/// The result a forfeit by `seat` gives `game`: the other side wins
/// (Kaissa), the other alliance (Chaturaji); under the Ludii ruleset,
/// where no one wins by it, the game is abandoned.
fn forfeit_result(game: &AnyGame, seat: usize) -> GameResult {
    match game.rules() {
        None => GameResult::SideWins(if seat == 0 { Side::Red } else { Side::Yellow }),
        Some(rules) if rules.is_ludii() => GameResult::Unfinished,
        Some(rules) => {
            let loser = Colour::from_index(seat);
            let mut winners = Colour::ALL
                .into_iter()
                .filter(|&c| !rules.friends(c, loser));
            match (winners.next(), winners.next()) {
                (Some(a), Some(b)) => GameResult::AllianceWins([a, b]),
                _ => GameResult::Unfinished,
            }
        }
    }
}

/// Completes a game's record: the event, round and seats as tags, and a
/// note for a game the ply cap stopped or a seat forfeited.
pub fn describe(
    played: &mut Played,
    round: usize,
    seats: &[(&str, String)],
    max_plies: u32,
) -> Result<Option<String>, String> {
    let Some(record) = &mut played.record else {
        return Ok(None);
    };
    let mut tags = vec![
        ("Event", "tournament".to_string()),
        ("Site", "kc-tournament".to_string()),
        ("Round", round.to_string()),
    ];
    tags.extend(seats.iter().map(|(seat, agent)| (*seat, agent.clone())));
    for (name, value) in tags {
        record.set_tag(name, &value).map_err(|e| e.to_string())?;
    }
    if played.capped {
        record
            .add_comment(&format!(
                "stopped by the tournament's ply cap ({max_plies} plies): scored as a draw"
            ))
            .map_err(|e| e.to_string())?;
    }
    if let Some((seat, reason)) = &played.forfeit {
        let names = seat_names(played.game.players());
        record
            .add_comment(&format!("{} forfeits: {reason}", names[*seat]))
            .map_err(|e| e.to_string())?;
        let result = forfeit_result(&played.game, *seat);
        let termination = if result == GameResult::Unfinished {
            Termination::Abandoned
        } else {
            Termination::Resignation
        };
        record
            .set_result(result, termination)
            .map_err(|e| e.to_string())?;
    }
    Ok(Some(record.to_string()))
}

/// The seat names of a game with `players` seats, by player index.
pub fn seat_names(players: usize) -> &'static [&'static str] {
    if players == 2 {
        &["Yellow", "Red"]
    } else {
        &["Red", "Black", "Yellow", "Green"]
    }
}
