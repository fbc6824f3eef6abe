//! The games of the tournament: one generic loop over the `Game` trait,
//! and the two games' records.

use kaissa_chaturaji::agents::{Agent, RandomAgent};
use kaissa_chaturaji::chaturaji::{Colour, DiceRoller, Rules};
use kaissa_chaturaji::game::{self, Actor, Chaturaji, ChaturajiStep, Game, Kaissa};
use kaissa_chaturaji::record::{ChaturajiAction, ChaturajiRecord, GameRecord, KaissaRecord};

/// How a game went: its final state, the plies played (moves, not die
/// rolls), and whether the ply cap stopped it.
pub struct Played<G> {
    pub game: G,
    pub plies: u32,
    pub capped: bool,
}

/// The agents of a game: `agents[seats[s]]` moves for seat `s` (an agent
/// may hold several seats); the first `opening_plies` moves are random,
/// drawn from `opening_seed`.
pub struct Table<'a, G: Game> {
    pub agents: &'a mut [Box<dyn Agent<G> + Send>],
    pub seats: &'a [usize],
    pub opening_plies: u32,
    pub opening_seed: u64,
}

/// Plays `game` to its end or `max_plies` moves: the table's agents move,
/// the seeded `roller` throws the die; `on_action` sees each action
/// before it is applied. An agent that passes its turn or chooses an
/// illegal action is an error.
pub fn play<G: Game>(
    mut game: G,
    table: &mut Table<'_, G>,
    roller: &mut DiceRoller,
    max_plies: u32,
    mut on_action: impl FnMut(&G, G::Action),
) -> Result<Played<G>, String> {
    let mut plies = 0;
    let mut opening = RandomAgent::new(table.opening_seed);
    loop {
        match game.actor() {
            Actor::Over => {
                return Ok(Played {
                    game,
                    plies,
                    capped: false,
                })
            }
            _ if plies >= max_plies => {
                return Ok(Played {
                    game,
                    plies,
                    capped: true,
                })
            }
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
                let agent: &mut dyn Agent<G> = if plies < table.opening_plies {
                    &mut opening
                } else {
                    table
                        .seats
                        .get(seat)
                        .and_then(|&index| table.agents.get_mut(index))
                        .ok_or_else(|| format!("no agent for seat {seat}"))?
                };
                let action = agent
                    .choose(&game)
                    .ok_or_else(|| format!("{} chose no move at ply {plies}", agent.name()))?;
                on_action(&game, action);
                game.apply(action)
                    .map_err(|e| format!("{} chose an illegal move: {e}", agent.name()))?;
                plies += 1;
            }
        }
    }
}

/// A record's event, round and seats, and the cap's note.
fn describe<R: kaissa_chaturaji::record::RecordedGame>(
    record: &mut GameRecord<R>,
    round: usize,
    seats: &[(&str, String)],
    capped: Option<u32>,
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
    Ok(())
}

/// Plays a Kaissa game; with `record`, also writes it as a game record.
pub fn kaissa_game(
    table: &mut Table<'_, Kaissa>,
    roller: &mut DiceRoller,
    max_plies: u32,
    record: Option<(usize, &[(&str, String)])>,
) -> Result<(Played<Kaissa>, Option<String>), String> {
    let start = game::kaissa();
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
    describe(&mut text, round, seats, played.capped.then_some(max_plies))?;
    Ok((played, Some(text.to_string())))
}

/// Plays a Chaturaji game under `rules`; with `record`, also writes it as
/// a game record (a rolled ply `<face>:<move>`, a Ludii decision alone).
pub fn chaturaji_game(
    rules: Rules,
    table: &mut Table<'_, Chaturaji>,
    roller: &mut DiceRoller,
    max_plies: u32,
    record: Option<(usize, &[(&str, String)])>,
) -> Result<(Played<Chaturaji>, Option<String>), String> {
    let start = game::chaturaji(rules);
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
    describe(&mut text, round, seats, played.capped.then_some(max_plies))?;
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
