//! Playouts: the same games and statistics for any number of threads, each
//! game replayable alone (with its moves), the seeded game definitions,
//! move policies, the win counts, and the `playouts` example's command
//! line.

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use kaissa_chaturaji::chaturaji::{self, Alliances, Rules};
use kaissa_chaturaji::game::{
    AnyAction, AnyGame, AnyOutcome, Chaturaji, ChaturajiStep, Game, Kaissa,
};
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji::playouts::{
    game_seed, AnyPolicy, Candidates, CaptureFirst, Choice, LengthHistogram, PlayoutResult,
    PlayoutStats, Playouts, Policy, UniformRandom, Winners, LENGTH_BUCKETS,
};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

/// Every rules option the build knows, with a name for messages.
fn chaturaji_rules() -> Vec<(&'static str, Rules)> {
    vec![
        ("sheet", Rules::default()),
        (
            "opposite",
            Rules::default().with_alliances(Alliances::Opposite),
        ),
        ("no draw limit", Rules::default().with_draw_limit(None)),
        ("ludii", Rules::ludii()),
    ]
}

/// The batches the tests run: Kaissa, and Chaturaji under every option.
fn batches(seed: u64) -> Vec<(String, Playouts)> {
    let mut all = vec![("kaissa".to_string(), Playouts::kaissa(seed))];
    for (name, rules) in chaturaji_rules() {
        all.push((
            format!("chaturaji {name}"),
            Playouts::chaturaji(rules, seed).with_max_plies(3_000),
        ));
    }
    all
}

#[test]
fn fixed_batches_do_not_depend_on_threads() {
    for (name, playouts) in batches(17) {
        let one = playouts.clone().with_threads(1).games(40);
        assert_eq!(one.games, 40, "{name}");
        for threads in [2, 3, 8] {
            let many = playouts.clone().with_threads(threads).games(40);
            assert_eq!(many, one, "{name} on {threads} threads");
        }
    }
}

#[test]
fn ply_targets_do_not_depend_on_threads() {
    for (name, playouts) in batches(5) {
        for target in [1, 999, 20_000] {
            let one = playouts.clone().with_threads(1).until_plies(target);
            assert!(one.plies >= target, "{name}");
            for threads in [2, 5] {
                let many = playouts.clone().with_threads(threads).until_plies(target);
                assert_eq!(many, one, "{name}, {target} plies, {threads} threads");
            }
        }
    }
}

#[test]
fn a_ply_target_takes_the_shortest_run_of_games() {
    for (name, playouts) in batches(23) {
        let target = 7_000;
        let stats = playouts.clone().with_threads(3).until_plies(target);
        let lengths: Vec<u64> = (0..stats.games)
            .map(|i| u64::from(playouts.game(i).plies))
            .collect();
        let total: u64 = lengths.iter().sum();
        assert_eq!(total, stats.plies, "{name}");
        assert!(total - lengths[lengths.len() - 1] < target, "{name}");
        assert_eq!(
            stats,
            playouts.games(stats.games),
            "{name}: the same games as a fixed batch"
        );
    }
}

#[test]
fn every_game_replays_alone() {
    for (name, playouts) in batches(99) {
        let stats = playouts.clone().with_threads(2).games(25);
        let mut again = PlayoutStats::default();
        for i in 0..25 {
            let record = playouts.game(i);
            assert_eq!((record.index, record.seed), (i, game_seed(99, i)), "{name}");
            again.add(record.plies, record.outcome.result());
            let replayed = playouts.replay(i);
            assert_eq!(replayed.game, record, "{name} game {i}");
            let moves = replayed
                .actions
                .iter()
                .filter(|action| !is_roll(action))
                .count();
            assert_eq!(moves, record.plies as usize, "{name} game {i}");
            let over = replayed.end.is_over();
            assert_eq!(
                over,
                record.outcome.result() != PlayoutResult::Unfinished,
                "{name} game {i}"
            );
        }
        assert_eq!(again, stats, "{name}");
    }
}

#[test]
fn games_are_the_games_own_seeded_games() {
    let playouts = Playouts::kaissa(3);
    for i in 0..10 {
        let mut pos = kaissa::Position::start();
        let mut plies = 0;
        let outcome =
            kaissa::play_seeded_game(&mut pos, game_seed(3, i), 10_000, |_, _| plies += 1);
        let record = playouts.game(i);
        assert_eq!(
            (record.plies, record.outcome),
            (plies, AnyOutcome::Kaissa(outcome))
        );
    }
    for (name, rules) in chaturaji_rules() {
        let playouts = Playouts::chaturaji(rules, 3).with_max_plies(2_000);
        for i in 0..10 {
            let mut pos = chaturaji::Position::start(rules);
            let mut plies = 0;
            let outcome =
                chaturaji::play_seeded_game(&mut pos, game_seed(3, i), 2_000, |_, _| plies += 1);
            let record = playouts.game(i);
            assert_eq!(
                (record.plies, record.outcome),
                (plies, AnyOutcome::Chaturaji(outcome)),
                "{name} game {i}"
            );
        }
    }
}

/// The Kaissa seeded game, the straightforward way: the whole list, then
/// `moves[below(n)]`, until there is no move.
fn kaissa_game_by_list(seed: u64, max_plies: u32) -> (Vec<kaissa::Move>, kaissa::Outcome) {
    let mut rng = SplitMix64::new(seed);
    let mut pos = kaissa::Position::start();
    let mut moves = Vec::new();
    while moves.len() < max_plies as usize {
        let list = pos.legal_moves();
        if list.is_empty() {
            break;
        }
        let mv = list[rng.below(list.len() as u64) as usize];
        pos.play(mv).expect("a listed move is legal");
        moves.push(mv);
    }
    (moves, pos.outcome())
}

#[test]
fn kaissa_choice_without_a_list_is_the_choice_from_the_list() {
    for seed in 0..40 {
        let (expected, outcome) = kaissa_game_by_list(seed, 3_000);
        let mut pos = kaissa::Position::start();
        let mut moves = Vec::new();
        let got = kaissa::play_seeded_game(&mut pos, seed, 3_000, |mv, _| moves.push(mv));
        assert_eq!(moves, expected, "seed {seed}");
        assert_eq!(got, outcome, "seed {seed}");
        assert!(outcome.is_over() || moves.len() == 3_000, "seed {seed}");
    }
}

/// Chaturaji positions where every index of every roll's list is tried:
/// the plies of seeded games under each rules option, and positions with
/// special promotions (four moves per square) and conquered armies.
fn chaturaji_positions() -> Vec<chaturaji::Position> {
    let mut out = Vec::new();
    for (_, rules) in chaturaji_rules() {
        for seed in 0..4 {
            let mut pos = chaturaji::Position::start(rules);
            chaturaji::play_seeded_game(&mut pos, seed, 3_000, |_, after| out.push(after.clone()));
        }
    }
    for text in [
        "8/8/8/8/6,bB,rB/6,yB,1/7,gP/gB,7 g rbyg - - 3 50",
        "4,bK,3/6,gP,1/8/yK,7/8/8/8/gB,6,rK g rbyg g - 0 10",
        "4,bK,2,rB/8/8/yK,1,gK,5/8/8/8/4,rP,3 r rbyg - - 0 10",
        "4,bK,3/8/8/yK,4,gH,2/8/2,gP,5/8/3,rK,4 r rbyr - - 11 61",
    ] {
        out.push(chaturaji::Position::from_text(text, Rules::default()).unwrap());
    }
    out
}

#[test]
fn chaturaji_choice_without_a_list_is_the_choice_from_the_list() {
    let mut rng = SplitMix64::new(1);
    for pos in chaturaji_positions() {
        for roll in chaturaji::Roll::ALL {
            let list = pos.legal_moves(roll);
            // A random draw, and every index through a fixed source.
            let before = rng;
            let chosen = pos.choose_move(roll, &mut rng);
            let mut again = before;
            let expected =
                (!list.is_empty()).then(|| list[again.below(list.len() as u64) as usize]);
            assert_eq!(chosen, expected, "{pos} roll {roll}");
            assert_eq!(rng, again, "{pos} roll {roll}: the same words drawn");
            for (i, &mv) in list.iter().enumerate() {
                let mut fixed = Fixed(i as u64, list.len() as u64);
                assert_eq!(
                    pos.choose_move(roll, &mut fixed),
                    Some(mv),
                    "{pos} roll {roll} #{i}"
                );
            }
        }
    }
}

/// The seeded Chaturaji game the reference way, through the public API:
/// the die (`roll_with`), `choose_move` (the list-free choice, itself
/// checked against the list above) and `play_unchecked`; each ply's seat,
/// roll and move with the position after it.
fn chaturaji_game_by_reference(
    start: &chaturaji::Position,
    seed: u64,
    max_plies: u32,
) -> Vec<ChaturajiPly> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = start.clone();
    let mut plies = Vec::new();
    while plies.len() < max_plies as usize && !pos.is_over() {
        let seat = pos.to_move();
        let roll = chaturaji::roll_with(&mut rng);
        let mv = pos
            .choose_move(roll, &mut rng)
            .expect("a game that goes on has a move");
        pos.play_unchecked(mv);
        plies.push((seat, Some(roll), mv, pos.clone()));
    }
    plies
}

/// A ply of a Chaturaji game and the position after it.
type ChaturajiPly = (
    chaturaji::Colour,
    Option<chaturaji::Roll>,
    chaturaji::Move,
    chaturaji::Position,
);

/// `play_seeded_game` under the sheet's rules (its own fast loop) plays the
/// reference game ply by ply: the same seats, rolls, moves and positions
/// (board, counters and hash), from the start under each sheet option and
/// from positions with special promotions, boat triumphs and conquests.
#[test]
fn chaturaji_seeded_games_are_the_reference_games() {
    let mut starts = Vec::new();
    for (name, rules) in chaturaji_rules() {
        if !rules.is_ludii() {
            starts.push((name.to_string(), chaturaji::Position::start(rules), 150));
        }
    }
    for text in [
        "8/8/8/8/6,bB,rB/6,yB,1/7,gP/gB,7 g rbyg - - 3 50",
        "4,bK,3/6,gP,1/8/yK,7/8/8/8/gB,6,rK g rbyg g - 0 10",
        "4,bK,2,rB/8/8/yK,1,gK,5/8/8/8/4,rP,3 r rbyg - - 0 10",
        "4,bK,3/8/8/yK,4,gH,2/8/2,gP,5/8/3,rK,4 r rbyr - - 11 61",
        "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/5,gK,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,3,rP,rB r rbyg - - 0 8",
    ] {
        let pos = chaturaji::Position::from_text(text, Rules::default()).unwrap();
        starts.push((text.to_string(), pos, 60));
    }
    let mut plies_seen = 0;
    for (name, start, seeds) in starts {
        for seed in 0..seeds {
            let expected = chaturaji_game_by_reference(&start, seed, 3_000);
            let mut pos = start.clone();
            let mut got: Vec<ChaturajiPly> = Vec::new();
            let outcome = chaturaji::play_seeded_game(&mut pos, seed, 3_000, |ply, after| {
                assert_eq!(after.hash(), after.compute_hash(), "{name} seed {seed}");
                got.push((ply.seat, ply.roll, ply.mv, after.clone()));
            });
            assert_eq!(got.len(), expected.len(), "{name} seed {seed}: length");
            for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
                assert_eq!(g, e, "{name} seed {seed} ply {i}");
            }
            assert_eq!(outcome, pos.outcome(), "{name} seed {seed}");
            plies_seen += got.len();
        }
    }
    assert!(plies_seen > 100_000, "{plies_seen} plies compared");
}

/// A source whose `below(n)` is always `index` (given the list length `n`).
struct Fixed(u64, u64);

impl RandomSource for Fixed {
    fn next_u64(&mut self) -> u64 {
        // below(n) takes the high word of x * n: this x gives `index`.
        let (index, n) = (self.0 as u128, self.1 as u128);
        (((index << 64) + (1u128 << 63)) / n.max(1)) as u64
    }
}

#[test]
fn game_seeds_are_the_master_generators_words() {
    for master in [0, 1, u64::MAX, 0x1234_5678_9abc_def0] {
        let mut rng = SplitMix64::new(master);
        for i in 0..50 {
            assert_eq!(game_seed(master, i), rng.next_u64());
        }
    }
}

#[test]
fn results_and_lengths_add_up() {
    for (name, playouts) in batches(8) {
        let stats = playouts.games(60);
        let results = stats.unfinished + stats.draws + stats.wins();
        assert_eq!(results, 60, "{name}");
        assert_eq!(stats.lengths.counts().iter().sum::<u64>(), 60, "{name}");
        let (lo, hi) = (
            stats.lengths.quantile(0.0).unwrap(),
            stats.lengths.quantile(1.0).unwrap(),
        );
        assert!(lo >= stats.min_length && hi >= stats.max_length, "{name}");
        assert!(stats.min_length as f64 <= stats.mean_length(), "{name}");
        assert!(stats.mean_length() <= stats.max_length as f64, "{name}");
    }
    // Kaissa games are won by one side; Chaturaji's by one alliance.
    let kaissa = Playouts::kaissa(8).games(60);
    for (winners, n) in kaissa.winners() {
        assert!(n > 0 && winners.as_side().is_some(), "{winners:?}");
    }
    let sheet = Playouts::chaturaji(Rules::default(), 8).games(60);
    for (winners, n) in sheet.winners() {
        assert!(
            n > 0 && [0b1001, 0b0110].contains(&winners.bits()),
            "{winners:?}"
        );
    }
    let rg = [chaturaji::Colour::Red, chaturaji::Colour::Green];
    assert_eq!(
        sheet.wins_of(Winners::alliance(rg)),
        sheet.wins_of_alliance(rg)
    );
}

/// Each batch's figures as the library gave them before the policies and
/// the per-seat win counts came: games, plies, unfinished, draws, the wins
/// by the winners' bits, the shortest and the longest game. The default
/// policy must keep playing exactly these games.
type Pinned = (
    &'static str,
    u64,
    u64,
    u64,
    u64,
    &'static [(u8, u64)],
    u32,
    u32,
);
const PINNED: [Pinned; 10] = [
    (
        "kaissa games 30",
        30,
        4853,
        0,
        0,
        &[(1, 15), (2, 15)],
        18,
        325,
    ),
    (
        "sheet games 30",
        30,
        18504,
        0,
        12,
        &[(6, 9), (9, 9)],
        262,
        1083,
    ),
    (
        "opposite games 30",
        30,
        19363,
        0,
        14,
        &[(5, 6), (10, 10)],
        311,
        1161,
    ),
    (
        "no draw limit games 30",
        30,
        24239,
        0,
        0,
        &[(6, 19), (9, 11)],
        262,
        1862,
    ),
    (
        "ludii games 30",
        30,
        34197,
        3,
        0,
        &[(1, 4), (2, 10), (4, 7), (8, 6)],
        215,
        3000,
    ),
    (
        "kaissa until 20000",
        100,
        20291,
        0,
        0,
        &[(1, 43), (2, 57)],
        18,
        737,
    ),
    (
        "sheet until 20000",
        33,
        20678,
        0,
        15,
        &[(6, 9), (9, 9)],
        262,
        1083,
    ),
    (
        "opposite until 20000",
        32,
        20351,
        0,
        14,
        &[(5, 6), (10, 12)],
        311,
        1161,
    ),
    (
        "no draw limit until 20000",
        25,
        20318,
        0,
        0,
        &[(6, 17), (9, 8)],
        262,
        1862,
    ),
    (
        "ludii until 20000",
        20,
        20148,
        1,
        0,
        &[(1, 4), (2, 8), (4, 5), (8, 2)],
        215,
        3000,
    ),
];

/// A batch's figures as `PINNED` lists them.
type Figures = (u64, u64, u64, u64, Vec<(u8, u64)>, u32, u32);

fn pinned_form(stats: &PlayoutStats) -> Figures {
    let wins = stats.winners().map(|(w, n)| (w.bits(), n)).collect();
    (
        stats.games,
        stats.plies,
        stats.unfinished,
        stats.draws,
        wins,
        stats.min_length,
        stats.max_length,
    )
}

#[test]
fn the_default_policy_plays_the_games_it_always_played() {
    let mut batches = batches(2024);
    batches[0].1 = Playouts::kaissa(2024);
    let mut got = Vec::new();
    for (_, playouts) in &batches {
        got.push(pinned_form(&playouts.games(30)));
    }
    for (_, playouts) in &batches {
        let stats = playouts.clone().with_threads(2).until_plies(20_000);
        got.push(pinned_form(&stats));
    }
    for ((name, games, plies, unfinished, draws, wins, min, max), got) in PINNED.iter().zip(got) {
        let expected = (
            *games,
            *plies,
            *unfinished,
            *draws,
            wins.to_vec(),
            *min,
            *max,
        );
        assert_eq!(got, expected, "{name}");
    }
    // And one game alone.
    for ((name, playouts), (plies, word)) in batches.iter().zip([
        (98, "red-wins"),
        (538, "rg-wins"),
        (902, "ry-wins"),
        (538, "rg-wins"),
        (998, "yellow-wins"),
    ]) {
        let game = playouts.game(7);
        assert_eq!(game.seed, 11_000_608_607_208_515_474, "{name}");
        assert_eq!((game.plies, game.outcome.word()), (plies, word), "{name}");
    }
}

/// The library's [`CaptureFirst`], counting the choices it makes and
/// checking that a die is thrown unless a decision is pending.
#[derive(Default)]
struct CountedCaptureFirst {
    choices: AtomicU64,
}

impl Policy<Kaissa> for CountedCaptureFirst {
    fn choose<'a>(
        &self,
        game: &Kaissa,
        moves: Candidates<'a, kaissa::Move>,
        rng: &mut dyn RandomSource,
    ) -> Choice<'a> {
        self.choices.fetch_add(1, Ordering::Relaxed);
        CaptureFirst.choose(game, moves, rng)
    }
}

impl Policy<Chaturaji> for CountedCaptureFirst {
    fn choose<'a>(
        &self,
        game: &Chaturaji,
        moves: Candidates<'a, ChaturajiStep>,
        rng: &mut dyn RandomSource,
    ) -> Choice<'a> {
        self.choices.fetch_add(1, Ordering::Relaxed);
        assert_eq!(
            game.pending_roll().is_none(),
            game.position().pending_promotion().is_some(),
            "a roll unless a decision is pending"
        );
        CaptureFirst.choose(game, moves, rng)
    }
}

#[test]
fn a_custom_policy_is_used_and_deterministic() {
    for (name, playouts) in batches(31) {
        let policy = Arc::new(CountedCaptureFirst::default());
        let greedy = playouts.clone().with_policy(Arc::clone(&policy));
        let stats = greedy.games(20);
        assert_eq!(stats.games, 20, "{name}");
        // One choice per ply played.
        assert_eq!(
            policy.choices.load(Ordering::Relaxed),
            stats.plies,
            "{name}"
        );
        // The same games for the same seed, on any number of threads, and
        // each game alone.
        assert_eq!(greedy.clone().with_threads(3).games(20), stats, "{name}");
        let alone: u64 = (0..20).map(|i| u64::from(greedy.game(i).plies)).sum();
        assert_eq!(alone, stats.plies, "{name}");
        let until = greedy.clone().with_threads(2).until_plies(9_000);
        assert_eq!(until, greedy.until_plies(9_000), "{name}");
        // Not the default's games: captures come sooner.
        assert_ne!(stats, playouts.games(20), "{name}");
    }
}

/// The default policy written by hand: the general loop, not the fast one.
struct ByHand;

impl<G: Game> Policy<G> for ByHand {}

#[test]
fn the_general_loop_with_uniform_choices_plays_the_default_games() {
    for (name, playouts) in batches(12) {
        let by_hand = playouts.clone().with_policy(ByHand);
        assert_eq!(by_hand.games(25), playouts.games(25), "{name}");
        for i in [0, 3, 9] {
            assert_eq!(by_hand.replay(i), playouts.replay(i), "{name} game {i}");
        }
        // Through a trait object, chosen at run time.
        let boxed: Box<dyn AnyPolicy> = Box::new(UniformRandom);
        let boxed = playouts.clone().with_policy(boxed);
        assert_eq!(boxed.games(10), playouts.games(10), "{name}");
    }
}

#[test]
fn wins_per_side_colour_and_alliance_add_up() {
    use chaturaji::Colour::{Black, Green, Red, Yellow};
    use kaissa::Side;
    for policy in [false, true] {
        let with = |p: Playouts| -> PlayoutStats {
            if policy {
                p.with_policy(CountedCaptureFirst::default()).games(40)
            } else {
                p.games(40)
            }
        };
        let kaissa = with(Playouts::kaissa(6));
        let sides = kaissa.wins_of_side(Side::Yellow) + kaissa.wins_of_side(Side::Red);
        assert_eq!(sides + kaissa.draws + kaissa.unfinished, kaissa.games);
        assert_eq!(sides, kaissa.wins());
        assert_eq!(kaissa.wins_of_colour(Red), 0, "no colour wins Kaissa");
        for (rules, pairs) in [
            (Rules::default(), [[Red, Green], [Black, Yellow]]),
            (
                Rules::default().with_alliances(Alliances::Opposite),
                [[Red, Yellow], [Black, Green]],
            ),
        ] {
            let stats = with(Playouts::chaturaji(rules, 6).with_max_plies(3_000));
            let [a, b] = pairs.map(|pair| stats.wins_of_alliance(pair));
            assert_eq!(a + b + stats.draws + stats.unfinished, stats.games);
            for pair in pairs {
                for colour in pair {
                    assert_eq!(stats.wins_of_colour(colour), stats.wins_of_alliance(pair));
                }
                let reversed = [pair[1], pair[0]];
                assert_eq!(
                    stats.wins_of_alliance(reversed),
                    stats.wins_of_alliance(pair)
                );
            }
            assert_eq!(
                stats.wins_of_side(Side::Yellow),
                0,
                "no side wins Chaturaji"
            );
        }
        let ludii = with(Playouts::chaturaji(Rules::ludii(), 6).with_max_plies(3_000));
        let colours: u64 = chaturaji::Colour::ALL
            .into_iter()
            .map(|c| ludii.wins_of_colour(c))
            .sum();
        assert_eq!(colours + ludii.draws + ludii.unfinished, ludii.games);
        for c in chaturaji::Colour::ALL {
            assert_eq!(ludii.wins_of(Winners::colour(c)), ludii.wins_of_colour(c));
        }
        let listed: u64 = ludii.winners().map(|(_, n)| n).sum();
        assert_eq!(listed, ludii.wins());
    }
}

/// Whether `action` is a die face.
fn is_roll(action: &AnyAction) -> bool {
    matches!(
        action,
        AnyAction::Chaturaji(kaissa_chaturaji::game::ChaturajiStep::Roll(_))
    )
}

/// Plays `actions` from `start` with the checked `apply` (so every move is
/// legal) and returns the game reached.
fn replay_moves(start: &AnyGame, actions: &[AnyAction]) -> AnyGame {
    let mut game = start.clone();
    for &action in actions {
        if !is_roll(&action) {
            assert!(matches!(
                game.actor(),
                kaissa_chaturaji::game::Actor::Player(_)
            ));
        }
        game.apply(action).expect("a played move is legal");
    }
    game
}

#[test]
fn move_lists_replay_to_the_final_position() {
    for (name, playouts) in batches(41) {
        let greedy = playouts.clone().with_policy(CountedCaptureFirst::default());
        for i in 0..6 {
            for replay in [playouts.replay(i), greedy.replay(i)] {
                let moves = replay.actions.iter().filter(|a| !is_roll(a)).count();
                assert_eq!(moves, replay.game.plies as usize, "{name}");
                let end = replay_moves(playouts.start(), &replay.actions);
                assert_eq!(end, replay.end, "{name} game {i}");
            }
            assert_eq!(greedy.replay(i).game, greedy.game(i), "{name} game {i}");
        }
    }
}

#[test]
fn candidates_choose_only_their_moves() {
    /// Tries every way to choose, then chooses at random.
    struct Tries;
    impl Policy<Kaissa> for Tries {
        fn choose<'a>(
            &self,
            _: &Kaissa,
            moves: Candidates<'a, kaissa::Move>,
            rng: &mut dyn RandomSource,
        ) -> Choice<'a> {
            let n = moves.moves().len();
            assert!(n > 0);
            assert_eq!(moves.pick(n), None);
            assert_eq!(moves.pick(n - 1), Some(moves.last()));
            assert_eq!(moves.first().index(), 0);
            assert_eq!(moves.find(|_| false), None);
            assert_eq!(moves.uniform_where(|_| false, rng), None);
            let placement = moves.find(|mv| mv.from().is_none());
            let any_placement = moves.uniform_where(|mv| mv.from().is_none(), rng);
            assert_eq!(placement.is_some(), any_placement.is_some());
            if let Some(choice) = any_placement {
                assert!(moves.moves()[choice.index()].from().is_none());
            }
            moves.uniform(rng)
        }
    }
    impl Policy<Chaturaji> for Tries {}
    let stats = Playouts::kaissa(3)
        .with_policy(Tries)
        .with_max_plies(400)
        .games(5);
    assert_eq!(stats.games, 5);
}

#[test]
fn stats_read_well() {
    let stats = Playouts::kaissa(8).games(20);
    let text = stats.to_string();
    assert!(text.starts_with("20 games, "), "{text}");
    assert!(
        text.contains("yellow-wins ") && text.contains("red-wins "),
        "{text}"
    );
    let debug = format!("{stats:?}");
    assert!(debug.contains("Winners(yellow)"), "{debug}");
    let sheet = Playouts::chaturaji(Rules::default(), 8)
        .games(20)
        .to_string();
    assert!(
        sheet.contains("rg-wins ") && sheet.contains("by-wins "),
        "{sheet}"
    );
    assert_eq!(
        PlayoutResult::Win(Winners::colour(chaturaji::Colour::Black)).to_string(),
        "black-wins"
    );
    assert_eq!(PlayoutResult::Unfinished.to_string(), "unfinished");
}

#[test]
fn capped_games_count_as_unfinished() {
    let stats = Playouts::kaissa(2).with_max_plies(7).games(9);
    assert_eq!(
        (stats.unfinished, stats.plies, stats.max_length),
        (9, 63, 7)
    );
    let stats = Playouts::chaturaji(Rules::default().with_draw_limit(None), 2)
        .with_max_plies(5)
        .until_plies(12);
    assert_eq!((stats.games, stats.plies, stats.unfinished), (3, 15, 3));
}

#[test]
fn unreachable_targets_play_no_games() {
    let none = Playouts::kaissa(1).with_max_plies(0).until_plies(1);
    assert_eq!(none, PlayoutStats::default());
    let won: kaissa::Position = "4h5/10/10/10/10/10/10/10/10/4U5 y 12 -".parse().unwrap();
    let playouts = Playouts::new(won, 1);
    assert_eq!(playouts.until_plies(5), PlayoutStats::default());
    let stats = playouts.games(3);
    assert_eq!(
        (
            stats.games,
            stats.plies,
            stats.wins_of_side(kaissa::Side::Red)
        ),
        (3, 0, 3)
    );
    assert_eq!(playouts.until_plies(0), PlayoutStats::default());
    assert_eq!(Playouts::kaissa(1).games(0), PlayoutStats::default());
}

#[test]
fn settings_read_back() {
    let playouts = Playouts::chaturaji(Rules::ludii(), 5)
        .with_seed(6)
        .with_threads(3)
        .with_max_plies(77);
    assert_eq!(
        (playouts.seed(), playouts.threads(), playouts.max_plies()),
        (6, 3, 77)
    );
    assert_eq!(*playouts.policy(), UniformRandom);
    assert_eq!(playouts.game_seed(4), game_seed(6, 4));
    let start = chaturaji::Position::start(Rules::ludii());
    assert_eq!(playouts.start(), &AnyGame::from(start));
}

#[test]
fn histogram_buckets_tile_the_lengths() {
    let mut next = 0u32;
    for bucket in 0..LENGTH_BUCKETS {
        let (lo, hi) = LengthHistogram::bucket_bounds(bucket);
        assert_eq!(lo, next, "bucket {bucket}");
        assert!(hi >= lo);
        assert!(hi - lo <= lo / 8, "bucket {bucket} is narrow");
        assert_eq!(LengthHistogram::bucket_of(lo), bucket);
        assert_eq!(LengthHistogram::bucket_of(hi), bucket);
        next = hi.wrapping_add(1);
    }
    assert_eq!(next, 0, "the last bucket ends at u32::MAX");
    assert_eq!(
        LengthHistogram::bucket_bounds(LENGTH_BUCKETS + 5),
        LengthHistogram::bucket_bounds(LENGTH_BUCKETS - 1)
    );
    let stats = PlayoutStats::default();
    assert_eq!(stats.lengths.quantile(0.5), None);
    assert_eq!(stats.mean_length(), 0.0);
}

/// Whether this test was built in the release profile.
fn release() -> bool {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent()?.parent()?.file_name().map(|n| n == "release"))
        .unwrap_or(false)
}

/// The `playouts` example, built here (once per test run, in this test's
/// profile) so that a run of this test target alone never uses a stale
/// binary left by an earlier build: `cargo build` is quick when the
/// example is up to date.
fn example() -> Command {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    let path = BUILT.get_or_init(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut build = Command::new(cargo);
        build.current_dir(env!("CARGO_MANIFEST_DIR")).args([
            "build",
            "--quiet",
            "--example",
            "playouts",
        ]);
        if release() {
            build.arg("--release");
        }
        let status = build.status().expect("cargo runs");
        assert!(status.success(), "cargo build --example playouts failed");
        PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .expect("target directory")
            .join(if release() { "release" } else { "debug" })
            .join("examples")
            .join(format!("playouts{}", std::env::consts::EXE_SUFFIX))
    });
    Command::new(path)
}

/// Runs the example; its status, standard output and standard error.
fn run(args: &[&str]) -> (bool, String, String) {
    let out = example().args(args).output().expect("the example runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The `plies <n> games <g>` part of the last line, checking its shape.
fn plies_and_games(stdout: &str) -> (u64, u64) {
    let last = stdout.lines().last().expect("some output");
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 8, "{last}");
    assert_eq!(
        [words[0], words[2], words[4], words[6]],
        ["plies", "games", "seconds", "plies_per_second"]
    );
    assert!(words[5].parse::<f64>().is_ok() && words[7].parse::<f64>().is_ok());
    (words[1].parse().unwrap(), words[3].parse().unwrap())
}

#[test]
fn the_example_prints_the_same_games_for_any_thread_count() {
    for args in [
        vec!["kaissa", "20000", "4"],
        vec!["chaturaji", "30000", "4"],
        vec!["chaturaji", "--rules", "opposite", "30000", "4"],
        vec!["chaturaji", "--alliances", "opposite", "30000", "4"],
        vec!["chaturaji", "--rules", "ludii", "30000", "4"],
    ] {
        let mut seen = Vec::new();
        for threads in ["1", "3"] {
            let mut with = args.clone();
            with.splice(1..1, ["--threads", threads]);
            let (ok, stdout, stderr) = run(&with);
            assert!(ok, "{with:?}: {stderr}");
            seen.push(plies_and_games(&stdout));
        }
        assert_eq!(seen[0], seen[1], "{args:?}");
        let (plies, games) = seen[0];
        assert!(plies >= 20_000 && games > 0);
        let playouts = if args[0] == "kaissa" {
            Playouts::kaissa(4)
        } else if args[2] == "ludii" {
            Playouts::chaturaji(Rules::ludii(), 4)
        } else if args.len() > 3 {
            Playouts::chaturaji(Rules::default().with_alliances(Alliances::Opposite), 4)
        } else {
            Playouts::chaturaji(Rules::default(), 4)
        };
        let target = args[args.len() - 2].parse().unwrap();
        let stats = playouts.until_plies(target);
        assert_eq!((stats.plies, stats.games), (plies, games), "{args:?}");
    }
}

#[test]
fn the_example_explains_bad_input() {
    let (ok, stdout, _) = run(&["--help"]);
    assert!(ok && stdout.contains("usage: playouts"));
    for (args, words) in [
        (vec![], "missing the game"),
        (vec!["chess", "10", "1"], "unknown game"),
        (vec!["kaissa", "10"], "<plies> <seed>"),
        (vec!["kaissa", "ten", "1"], "<plies>"),
        (vec!["kaissa", "10", "-1"], "<seed>"),
        (vec!["kaissa", "--threads", "0", "10", "1"], "--threads"),
        (vec!["kaissa", "--threads"], "needs a value"),
        (
            vec!["kaissa", "--rules", "sheet", "10", "1"],
            "chaturaji only",
        ),
        (
            vec!["chaturaji", "--rules", "free", "10", "1"],
            "expected sheet",
        ),
        (
            vec!["chaturaji", "--frobnicate", "10", "1"],
            "unknown option",
        ),
        (
            vec!["kaissa", "--max-plies", "0", "10", "1"],
            "no game can play",
        ),
        (
            vec!["kaissa", "--policy", "best", "10", "1"],
            "expected uniform or capture-first",
        ),
    ] {
        let (ok, _, stderr) = run(&args);
        assert!(!ok, "{args:?} should fail");
        assert!(stderr.contains(words), "{args:?}: {stderr}");
    }
}

#[test]
fn the_example_plays_the_capture_first_policy() {
    for (args, playouts) in [
        (vec!["kaissa", "20000", "4"], Playouts::kaissa(4)),
        (
            vec!["chaturaji", "--rules", "ludii", "30000", "4"],
            Playouts::chaturaji(Rules::ludii(), 4),
        ),
    ] {
        let mut with = args.clone();
        with.splice(1..1, ["--policy", "capture-first", "--threads", "2"]);
        let (ok, stdout, stderr) = run(&with);
        assert!(ok, "{with:?}: {stderr}");
        assert!(stdout.contains("capture-first policy"), "{stdout}");
        let target = args[args.len() - 2].parse().unwrap();
        let stats = playouts
            .with_policy(CountedCaptureFirst::default())
            .until_plies(target);
        assert_eq!(
            plies_and_games(&stdout),
            (stats.plies, stats.games),
            "{args:?}"
        );
    }
}
