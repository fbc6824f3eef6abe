//! Perft on several threads gives the single-threaded counts and divides,
//! for both games, any number of threads and positions of every kind.

use kaissa_chaturaji::chaturaji::{self, Alliances, Rules};
use kaissa_chaturaji::game::{self, AnyGame, Chaturaji, ChaturajiStep, Kaissa};
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji::threads::{resolve, MAX_THREADS};

/// Kaissa positions: the start, an opening, a middlegame with both stones
/// placed, one inside the Home Stone window, an endgame and a won one.
const KAISSA: [&str; 6] = [
    kaissa::START_TEXT,
    "ibstqutsbi/arppp1ppra/10/5p4/10/10/10/R2P6/A1P1PPPPRA/IBSTQUTSBI y 3 Hh",
    "hb1tqut1bi/ar2ppp1sr/2p1s2p2/3p1t3a/10/10/1APPPP1A2/6P3/1R5PR1/HBSTQUTSBI r 12 -",
    "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 8 Hh",
    "4h5/2u7/10/3p6/6s3/10/5P4/1T8/2B7/4H4A y 30 -",
    "4h5/10/10/10/10/10/10/10/10/4U5 y 12 -",
];

const THREADS: [usize; 4] = [1, 2, 3, 7];

#[test]
fn kaissa_counts_do_not_depend_on_threads() {
    for text in KAISSA {
        let pos: kaissa::Position = text.parse().unwrap();
        for depth in 0..=3 {
            let expected = kaissa::perft(&pos, depth);
            // Kaissa's own divide lists every move with 1 at depth 0; the
            // generic one lists nothing there, as Chaturaji's does.
            let divide: Vec<_> = kaissa::perft_divide(&pos, depth)
                .into_iter()
                .filter(|_| depth > 0)
                .map(|(mv, nodes)| (None, mv, nodes))
                .collect();
            let game = Kaissa::new(pos.clone());
            for threads in THREADS {
                assert_eq!(
                    game::perft_threaded(&game, depth, threads),
                    expected,
                    "{text} depth {depth} on {threads} threads"
                );
                assert_eq!(
                    game::perft_threaded(&AnyGame::from(game.clone()), depth, threads),
                    expected,
                    "{text} depth {depth} on {threads} threads"
                );
                assert_eq!(
                    game::perft_divide_threaded(&game, depth, threads),
                    divide,
                    "{text} depth {depth} on {threads} threads"
                );
            }
        }
    }
}

#[test]
fn kaissa_deeper_counts_split_below_the_root() {
    // Depth 4 splits the tree one ply below the root for many threads.
    let pos = kaissa::Position::start();
    let expected = kaissa::perft(&pos, 4);
    for threads in [2, 64] {
        assert_eq!(game::perft_threaded(&game::kaissa(), 4, threads), expected);
    }
}

/// Chaturaji positions under every rules option: the start, a middlegame
/// (40 seeded plies) and a finished game, and a pending Ludii promotion
/// decision.
fn chaturaji_positions() -> Vec<(String, chaturaji::Position)> {
    let mut out = Vec::new();
    for rules in [
        Rules::default(),
        Rules::default().with_alliances(Alliances::Opposite),
        Rules::default().with_draw_limit(None),
        Rules::ludii(),
    ] {
        let start = chaturaji::Position::start(rules);
        let mut middle = start.clone();
        chaturaji::play_seeded_game(&mut middle, 7, 40, |_, _| {});
        let mut finished = start.clone();
        chaturaji::play_seeded_game(&mut finished, 7, 100_000, |_, _| {});
        for (name, pos) in [("start", start), ("middle", middle), ("finished", finished)] {
            out.push((format!("{rules:?} {name}"), pos));
        }
    }
    // A pending promotion decision (the position of the example of
    // `chaturaji::perft_divide`).
    let decision = "3,gP,4/8/8/8/8/8/8/1,gH,gE,gK,gB,2,rK g 0,0,0,0 d8 12";
    let pos = chaturaji::Position::from_text(decision, Rules::ludii()).unwrap();
    assert!(pos.pending_promotion().is_some());
    out.push(("ludii decision".into(), pos));
    out
}

#[test]
fn chaturaji_counts_do_not_depend_on_threads() {
    for (name, pos) in chaturaji_positions() {
        for depth in 0..=4 {
            let expected = chaturaji::perft(&pos, depth);
            let divide: Vec<_> = chaturaji::perft_divide(&pos, depth)
                .into_iter()
                .map(|(roll, mv, nodes)| {
                    (
                        roll.map(ChaturajiStep::Roll),
                        ChaturajiStep::Move(mv),
                        nodes,
                    )
                })
                .collect();
            let game = Chaturaji::new(pos.clone());
            for threads in THREADS {
                assert_eq!(
                    game::perft_threaded(&game, depth, threads),
                    expected,
                    "{name} depth {depth} on {threads} threads"
                );
                assert_eq!(
                    game::perft_threaded(&AnyGame::from(game.clone()), depth, threads),
                    expected,
                    "{name} depth {depth} on {threads} threads"
                );
                assert_eq!(
                    game::perft_divide_threaded(&game, depth, threads),
                    divide,
                    "{name} depth {depth} on {threads} threads"
                );
            }
        }
    }
}

#[test]
fn chaturaji_reference_counts_on_threads() {
    // docs/rules.md: perft(start, 5) = 111900 (sheet) and 113800 (opposite).
    let sheet = game::chaturaji(Rules::default());
    let opposite = game::chaturaji(Rules::default().with_alliances(Alliances::Opposite));
    for threads in [2, 5, 40] {
        assert_eq!(game::perft_threaded(&sheet, 5, threads), 111_900);
        assert_eq!(game::perft_threaded(&opposite, 5, threads), 113_800);
    }
}

#[test]
fn thread_counts_resolve() {
    assert!(resolve(0) >= 1);
    assert_eq!(resolve(1), 1);
    assert_eq!(resolve(MAX_THREADS + 1), MAX_THREADS);
    // Far more threads than tasks is fine (and capped).
    assert_eq!(game::perft_threaded(&game::kaissa(), 3, usize::MAX), 70_656);
}
