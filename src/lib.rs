//! Rules of two chess-family war games, for engines, GUIs and research:
//!
//! - **Merchant Kaissa**, the 10x10 game of John Norman's Gor novels, won by
//!   capturing the enemy Home Stone ([`kaissa`]);
//! - **Chaturaji**, four-player Indian chess driven by a stick die, under the
//!   sheet's alliances, partners opposite, or the Ludii ruleset ([`chaturaji`]).
//!
//! The crate generates and checks moves, plays and takes them back, reports
//! outcomes, drives Chaturaji's die, counts perft, and reads and writes a
//! stable text notation, game records and readable (SAN-like) moves. Move
//! generation, legality, play and undo never touch the heap. The rules, as
//! this library plays them, are in the [rules reference](rules_reference).
//!
//! # Features
//!
//! | feature | adds |
//! |---|---|
//! | `agents` | computer players ([`agents`]): random, greedy, MCTS, alpha-beta (Kaissa), expectimax |
//! | `capi` | the C ABI (`kc_*` functions, `ffi`) behind the committed header `include/kaissa_chaturaji.h` |
//! | `serde` | `Serialize`/`Deserialize` for positions, moves and squares, as their canonical text |
//! | `rand_core` | [`random::RandCore`]: any rand_core 0.10 generator drives the die and move choice |
//!
//! None is on by default: a plain dependent gets a Rust library with no
//! build-time code generation and no `extern "C"` symbol.
//!
//! # Merchant Kaissa
//!
//! ```
//! use kaissa_chaturaji::kaissa::{perft, Outcome, Position, Side};
//!
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 40);
//! let undo = pos.play("e2e5".parse()?)?; // moves in text: `e2e5`, `H@c1`
//! assert_eq!(pos.to_move(), Side::Red);
//! assert!(pos.play("e2e6".parse()?).is_err()); // illegal: position untouched
//! pos.undo(undo)?;
//! assert_eq!(pos.readable("d1f4".parse()?)?, "Tf4");
//! assert_eq!(perft(&pos, 2), 1600);
//! assert_eq!(pos.outcome(), Outcome::Ongoing);
//! println!("{}", pos.diagram()); // the board, with a piece legend
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Chaturaji
//!
//! ```
//! use kaissa_chaturaji::chaturaji::{Colour, DiceRoller, Move, Position, Roll, Rules};
//!
//! let mut pos = Position::start(Rules::default()); // the sheet's alliances
//! // Moves exist per roll: 2 boat, 3 horse, 4 elephant, 5 pawn or raja.
//! let four = Roll::new(4).unwrap();
//! assert_eq!(pos.legal_moves(four).as_slice(), &[Move::Pass]);
//! let two = Roll::new(2).unwrap();
//! pos.play(two, "h1f3".parse()?)?;
//! assert_eq!(pos.to_move(), Colour::Black);
//!
//! let mut die = DiceRoller::new(7); // seeded: the same seed, the same game
//! let roll = die.roll();
//! let mv = pos.choose_move(roll, &mut die.rng).expect("the game goes on");
//! pos.play(roll, mv)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # One interface for both games
//!
//! [`game::Game`] puts both games behind one trait in the shape of
//! OpenSpiel's state: players, the actor (a player, chance, or over), legal
//! actions, chance outcomes, apply and undo, returns. A search is written once:
//!
//! ```
//! use kaissa_chaturaji::chaturaji::Rules;
//! use kaissa_chaturaji::game::{self, Actor, Game};
//! use kaissa_chaturaji::random::{RandomSource, SplitMix64};
//!
//! /// Plays a game to its end with uniformly random actions.
//! fn random_game<G: Game>(mut game: G, seed: u64) -> Vec<f64> {
//!     let mut rng = SplitMix64::new(seed);
//!     loop {
//!         let action = match game.actor() {
//!             Actor::Over => return game.returns().to_vec(),
//!             Actor::Chance => {
//!                 let outcomes = game.chance_outcomes();
//!                 outcomes[rng.below(outcomes.len() as u64) as usize].0
//!             }
//!             Actor::Player(_) => {
//!                 let actions = game.legal_actions();
//!                 actions.as_ref()[rng.below(actions.as_ref().len() as u64) as usize]
//!             }
//!         };
//!         game.apply(action).expect("a listed action is legal");
//!     }
//! }
//!
//! assert_eq!(random_game(game::chaturaji(Rules::ludii()), 7).len(), 4);
//! assert_eq!(game::perft(&game::kaissa(), 2), 1600);
//! // Either game behind one type, itself a `Game`:
//! let any = game::AnyGame::from(game::kaissa());
//! assert_eq!(game::perft(&any, 3), 70_656);
//! ```
//!
//! # Words
//!
//! The same job has the same name in both games, and in C, Python and the
//! tools:
//!
//! - **position**: a whole game state, read and written as one line of text
//!   (`Position::from_text`, `Display`); **setup** builds one piece by piece.
//! - **move**: `Move`, text like `e2e5`, `H@c1` (Kaissa's Home Stone
//!   placement), `h1f3`, `g7g8K` or `pass`; **readable**: SAN-like text (`Tf4`).
//! - **roll**: Chaturaji's die face (2 to 5); its moves exist per roll.
//! - **play** / **undo**: make a move, getting an `Undo` record; take it back.
//!   `_unchecked` forms skip the legality check.
//! - **outcome**: ongoing, a win (of a side, an alliance or a colour), a draw.
//! - **rules**: Chaturaji's [`chaturaji::Rules`] (alliances, draw limit, Ludii).
//! - **perft**: the number of move paths of a given depth; in Chaturaji
//!   each face of the die is a branch (the rules reference, §2.11).
//! - **record**: a saved game ([`record`]), PGN-like.
//! - **playouts**: batches of seeded random games on many threads ([`playouts`]).
//! - **action**, **actor**, **returns**: the [`game::Game`] trait's words;
//!   **any game**: [`game::AnyGame`], the one type that holds either game.
//!
//! # Guides
//!
//! - Rust users: [docs/rust.md](https://github.com/kaissa-chaturaji/kaissa-chaturaji/blob/main/docs/rust.md)
//! - C and C++: [docs/c.md](https://github.com/kaissa-chaturaji/kaissa-chaturaji/blob/main/docs/c.md)
//! - Python: [docs/python.md](https://github.com/kaissa-chaturaji/kaissa-chaturaji/blob/main/docs/python.md)
//! - Research (OpenSpiel, PettingZoo, batched environments, Ray):
//!   [docs/research.md](https://github.com/kaissa-chaturaji/kaissa-chaturaji/blob/main/docs/research.md)
//! - Agents, tournaments and the engine:
//!   [docs/agents.md](https://github.com/kaissa-chaturaji/kaissa-chaturaji/blob/main/docs/agents.md)
//! - JavaScript and the browser (the npm package, the board, the page):
//!   [docs/web.md](https://github.com/kaissa-chaturaji/kaissa-chaturaji/blob/main/docs/web.md)
//! - Library decisions (what the rules leave to the library):
//!   [docs/decisions.md](https://github.com/kaissa-chaturaji/kaissa-chaturaji/blob/main/docs/decisions.md)
//! - The rules: [`rules_reference`]; game records: [`record`].
//! - Speed figures: [BENCHMARKS.md](https://github.com/kaissa-chaturaji/kaissa-chaturaji/blob/main/BENCHMARKS.md)

#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "agents")]
#[cfg_attr(docsrs, doc(cfg(feature = "agents")))]
pub mod agents;
pub mod chaturaji;
pub mod error;
#[cfg(feature = "capi")]
#[cfg_attr(docsrs, doc(cfg(feature = "capi")))]
pub mod ffi;
pub mod game;
pub mod geometry;
pub mod kaissa;
pub mod playouts;
pub mod random;
pub mod readable;
pub mod record;
pub mod svg;

/// The rules of both games and the text notation, written for players and
/// implementers (the repository's `docs/rules.md`): what each piece does,
/// the Home Stone window, every Chaturaji special rule, and the notation.
/// The rest of the crate's documentation refers to it as "the rules
/// reference" (§1 Merchant Kaissa, §2 Chaturaji, §3 notation).
pub mod rules_reference {
    #![doc = include_str!("../docs/rules.md")]
}
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde_support;
pub mod threads;

// The Rust code of the README and of the guides under docs/ runs as doc
// tests, without being part of the rendered documentation.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
#[cfg(doctest)]
#[doc = include_str!("../docs/rust.md")]
struct RustGuideDoctests;
#[cfg(doctest)]
#[doc = include_str!("../docs/agents.md")]
struct AgentsGuideDoctests;

pub use error::{IllegalMoveError, NotationError};
