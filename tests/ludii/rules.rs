//! The Ludii ruleset for Chaturaji (docs/rules.md §2.13), rule by rule, on
//! small hand-made positions: turn order, pieceless colours, captures and
//! scores, the promotion decision ply, the end and the ranking, the turn
//! limit, the position and move text, perft at decisions, undo and the
//! API around them.

use kaissa_chaturaji::chaturaji::{
    perft, perft_divide, play_seeded_game, Colour, ExchangeError, Move, Outcome, Piece, PieceKind,
    Position, Roll, Rules, Ruleset, Setup, Square, LUDII_FIELDS, LUDII_START_TEXT,
    LUDII_TURN_LIMIT, START_TEXT,
};
use kaissa_chaturaji::error::{Field, IllegalMoveReason, NotationErrorKind};
use kaissa_chaturaji::random::SplitMix64;

fn ludii(text: &str) -> Position {
    Position::from_text(text, Rules::ludii()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn roll(face: u8) -> Roll {
    Roll::new(face).expect("a face")
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square")
}

fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves for `face`, as sorted texts.
fn moves(pos: &Position, face: u8) -> Vec<String> {
    let mut list: Vec<String> = pos
        .legal_moves(roll(face))
        .iter()
        .map(|m| m.to_string())
        .collect();
    list.sort();
    list
}

/// Plays `tokens` (`<face>:<move>`, or a bare decision `=K` / `pass` while
/// a decision is pending), checked, and checks the position after each.
fn play(pos: &mut Position, tokens: &[&str]) {
    for token in tokens {
        let (face, text) = token.split_once(':').unwrap_or(("2", token));
        let face: u8 = face.parse().expect("a face");
        pos.play(roll(face), mv(text))
            .unwrap_or_else(|e| panic!("{token} in {pos}: {e}"));
        assert_eq!(pos.validate(), Ok(()), "after {token}: {pos}");
        let text = pos.to_string();
        assert_eq!(
            Position::from_text(&text, Rules::ludii()).as_ref(),
            Ok(&*pos)
        );
    }
}

#[test]
fn rules_options() {
    let rules = Rules::ludii();
    assert_eq!(rules.ruleset, Ruleset::Ludii);
    assert!(rules.is_ludii() && !Rules::default().is_ludii());
    assert_eq!(rules.first_mover(), Colour::Green);
    assert_eq!(Rules::default().ruleset, Ruleset::Sheet);
    assert_eq!(
        Rules::default().with_ruleset(Ruleset::Ludii).ruleset,
        Ruleset::Ludii
    );
    for a in Colour::ALL {
        for b in Colour::ALL {
            assert_eq!(rules.friends(a, b), a == b);
        }
    }
    assert_eq!(LUDII_TURN_LIMIT, 5000);
    assert_eq!(
        LUDII_FIELDS,
        [
            Field::Board,
            Field::ToMove,
            Field::Scores,
            Field::Decision,
            Field::Turns
        ]
    );
}

#[test]
fn the_start_green_first() {
    let pos = Position::start(Rules::ludii());
    assert_eq!(pos.to_string(), LUDII_START_TEXT);
    assert_eq!(ludii(LUDII_START_TEXT), pos);
    assert_eq!(pos.to_move(), Colour::Green);
    assert_eq!(pos.scores(), [0; 4]);
    assert_eq!((pos.ply(), pos.ply()), (0, 0));
    assert_eq!(pos.pending_promotion(), None);
    assert_eq!(pos.outcome(), Outcome::Ongoing);
    assert_eq!(pos.ranking(), None);
    assert_eq!(moves(&pos, 2), ["a1c3"]);
    assert_eq!(moves(&pos, 3), ["b1a3", "b1c3"]);
    assert_eq!(moves(&pos, 4), ["pass"]);
    assert_eq!(
        moves(&pos, 5),
        ["a2a3", "b2b3", "c2c3", "d1e1", "d1e2", "d2d3"]
    );
    // The first round touches no other army.
    for (depth, nodes) in [(1, 10), (2, 100), (3, 1000), (4, 10_000)] {
        assert_eq!(perft(&pos, depth), nodes, "depth {depth}");
    }
    // The board is the sheet's.
    assert_eq!(
        START_TEXT.split(' ').next(),
        LUDII_START_TEXT.split(' ').next()
    );
}

#[test]
fn every_colour_every_turn_in_order() {
    let mut pos = Position::start(Rules::ludii());
    let mut seen = Vec::new();
    for _ in 0..8 {
        seen.push(pos.to_move());
        play(&mut pos, &["4:pass"]);
    }
    use Colour::*;
    assert_eq!(seen, [Green, Red, Black, Yellow, Green, Red, Black, Yellow]);
    assert_eq!(pos.ply(), 8);
}

#[test]
fn a_pieceless_colour_rolls_and_passes() {
    // Red and Yellow have nothing left; Red is to move.
    let mut pos = ludii("8/8/8/8/8/8/8/3,gK,3,bK r 3,0,0,2 - 10");
    assert_eq!(pos.outcome(), Outcome::Ongoing);
    for face in 2..=5 {
        assert_eq!(moves(&pos, face), ["pass"]);
        assert!(pos.is_legal(roll(face), Move::Pass));
    }
    play(&mut pos, &["5:pass"]);
    assert_eq!(pos.to_move(), Colour::Black);
    play(&mut pos, &["5:h1g1"]);
    assert_eq!(pos.to_move(), Colour::Yellow);
    assert_eq!(moves(&pos, 5), ["pass"]);
    play(&mut pos, &["5:pass"]);
    assert_eq!(pos.to_move(), Colour::Green);
    assert_eq!(pos.ply(), 13);
}

#[test]
fn any_piece_captures_any_enemy_and_scores_it() {
    // A green pawn takes a red raja (the sheet's pawn could not), which
    // ends the game: Green owns every piece left.
    let mut pos = ludii("8/8/8/8/8/3,rK,4/2,gP,5/8 g 0,0,0,0 - 0");
    assert_eq!(moves(&pos, 5), ["c2c3", "c2d3"]);
    play(&mut pos, &["5:c2d3"]);
    assert_eq!(pos.score(Colour::Green), 5);
    assert_eq!(pos.outcome(), Outcome::ColourWins(Colour::Green));
    assert_eq!(pos.to_move(), Colour::Red);
    assert!(pos.is_over());
    for face in 2..=5 {
        assert!(pos.legal_moves(roll(face)).is_empty());
    }
    assert_eq!(pos.ranking(), Some([2, 2, 2, 1]));
    assert_eq!(pos.outcome().word(), "green-wins");

    // A boat takes an elephant (4); Red is out but Black plays on, and Red
    // still takes its turns.
    let mut pos = ludii("7,bK/8/8/8/8/2,rE,5/8/gB,7 g 0,0,0,0 - 0");
    assert_eq!(moves(&pos, 2), ["a1c3"]);
    play(&mut pos, &["2:a1c3"]);
    assert_eq!(pos.scores(), [0, 0, 0, 4]);
    assert!(pos.is_out(Colour::Red));
    assert_eq!(pos.outcome(), Outcome::Ongoing);
    assert_eq!(pos.to_move(), Colour::Red);
    assert_eq!(pos.to_string(), "7,bK/8/8/8/8/2,gB,5/8/8 r 0,0,0,4 - 1");

    // A horse takes a boat (2), a raja takes a pawn (1): the captured
    // piece's kind counts, for whoever captures.
    let mut pos = ludii("8/8/8/8/8/1,yB,6/6,bK,1/gH,5,rP,1 g 0,0,0,0 - 0");
    play(&mut pos, &["3:a1b3", "5:g1f1", "5:g2f1"]);
    assert_eq!(pos.scores(), [0, 1, 0, 2]);
}

#[test]
fn a_promoted_piece_scores_its_new_kind() {
    // Red's pawn on a7 was promoted to an elephant earlier; Green takes it.
    let mut pos = ludii("8/rE,7/8/8/8/8/8/gE,6,bK g 0,0,0,0 - 30");
    play(&mut pos, &["4:a1a7"]);
    assert_eq!(pos.score(Colour::Green), 4);
}

#[test]
fn no_alliances_triumph_thrones_or_exchange() {
    // Green takes Red (the sheet's ally).
    let mut pos = ludii("8/8/8/8/8/8/1,rP,6/gK,6,bK g 0,0,0,0 - 0");
    play(&mut pos, &["5:a1b2"]);
    assert_eq!(pos.score(Colour::Green), 1);

    // A green boat completes a 2x2 block of boats: nothing happens.
    let mut pos = ludii("8/8/8/4,yB,3/3,rB,bB,3/1,gB,6/8/8 g 0,0,0,0 - 0");
    play(&mut pos, &["2:b3d5"]);
    assert_eq!(pos.pieces_of_kind(PieceKind::Boat).count(), 4);
    assert_eq!(pos.scores(), [0; 4]);

    // A raja on another colour's throne conquers nothing.
    let mut pos = ludii("8/8/8/8/6,gK,1/8/8/7,rB b 0,0,0,0 - 0");
    play(&mut pos, &["5:pass", "5:pass", "5:g4h4"]);
    assert_eq!(pos.commander(Colour::Red), Some(Colour::Red));
    assert_eq!(pos.to_move(), Colour::Red);

    // No exchange, ever.
    let mut pos = Position::start(Rules::ludii());
    assert!(pos.possible_exchanges().is_empty());
    assert!(!pos.exchange_possible());
    assert_eq!(
        pos.apply_exchange((Colour::Red, sq("h4")), (Colour::Black, sq("e8"))),
        Err(ExchangeError::NotInRuleset)
    );
    // No special promotion: a colour with one pawn and one boat moves its
    // pawn as usual.
    let pos = ludii("8/8/8/8/8/8/1,gP,6/gB,6,rK g 0,0,0,0 - 0");
    assert!(!pos.special_promotion_possible(Colour::Green));
    assert_eq!(moves(&pos, 5), ["b2b3"]);
}

#[test]
fn a_pawn_on_its_far_edge_has_no_moves() {
    // On a marked (d8) and an unmarked (c8) square of Green's far edge, and
    // Red's pawn on file a.
    for text in [
        "3,gP,3,bK/8/8/8/8/8/8/8 g 0,0,0,0 - 9",
        "2,gP,4,bK/1,bP,6/8/8/8/8/8/8 g 0,0,0,0 - 9",
        "8/8/8/8/8/rP,7/1,gP,6/7,gK r 0,0,0,0 - 9",
    ] {
        let pos = ludii(text);
        assert_eq!(moves(&pos, 5), ["pass"], "{text}");
    }
}

#[test]
fn promotion_is_a_decision_ply_without_a_roll() {
    // Green has a boat: it may choose raja, elephant or horse.
    let mut pos = ludii("8/2,gP,5/8/8/8/8/8/gB,6,rK g 0,0,0,0 - 7");
    play(&mut pos, &["5:c7c8"]);
    assert_eq!(pos.pending_promotion(), Some(sq("c8")));
    assert_eq!(pos.to_move(), Colour::Green);
    assert_eq!(pos.ply(), 8);
    assert_eq!(pos.to_string(), "2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8");
    assert_eq!(pos.outcome(), Outcome::Ongoing);
    assert_eq!(
        pos.promotion_choices().as_slice(),
        [PieceKind::Raja, PieceKind::Elephant, PieceKind::Horse]
    );
    // The same choices whatever the roll; they are not a chance node.
    for face in 2..=5 {
        assert_eq!(moves(&pos, face), ["=E", "=H", "=K"]);
        assert_eq!(pos.count_legal_moves(roll(face)), 3);
    }
    assert_eq!(pos.decision_moves().len(), 3);
    assert!(!pos.is_legal(roll(5), mv("=B")));
    assert!(!pos.is_legal(roll(5), Move::Pass));
    assert!(!pos.is_legal(roll(2), mv("a1c3")));
    play(&mut pos, &["=H"]);
    assert_eq!(
        pos.piece_at(sq("c8")),
        Some(Piece::new(Colour::Green, PieceKind::Horse))
    );
    assert_eq!(pos.pending_promotion(), None);
    assert_eq!(pos.to_move(), Colour::Red);
    assert_eq!(pos.ply(), 8, "a decision is not a turn");
    assert!(pos.decision_moves().is_empty());
}

#[test]
fn promotion_to_raja_whenever_there_is_none() {
    // Green's raja was lost: the pawn may become one.
    let mut pos = ludii("8/6,gP,1/8/8/8/8/8/gB,gH,gE,4,rK g 0,0,0,0 - 7");
    play(&mut pos, &["5:g7g8"]);
    assert_eq!(pos.promotion_choices().as_slice(), [PieceKind::Raja]);
    play(&mut pos, &["=K"]);
    assert_eq!(pos.pieces(Colour::Green, PieceKind::Raja).count(), 1);
}

#[test]
fn with_every_kind_the_decision_is_pass() {
    let mut pos = ludii("8/2,gP,5/8/8/8/8/8/gB,gH,gE,gK,3,rK g 0,0,0,0 - 7");
    play(&mut pos, &["5:c7c8"]);
    assert!(pos.promotion_choices().is_empty());
    assert_eq!(moves(&pos, 3), ["pass"]);
    assert!(!pos.is_legal(roll(3), mv("=K")));
    play(&mut pos, &["pass"]);
    assert_eq!(
        pos.piece_at(sq("c8")),
        Some(Piece::new(Colour::Green, PieceKind::Pawn))
    );
    assert_eq!(pos.to_move(), Colour::Red);
    assert_eq!(
        pos.to_string(),
        "2,gP,5/8/8/8/8/8/8/gB,gH,gE,gK,3,rK r 0,0,0,0 - 8"
    );
}

#[test]
fn a_capture_onto_the_far_edge_promotes_too() {
    // The capture on d8 (a marked square) scores, then the decision.
    let mut pos = ludii("3,rH,4/2,gP,5/8/8/8/8/8/7,rK g 0,0,0,0 - 7");
    play(&mut pos, &["5:c7d8"]);
    assert_eq!(pos.score(Colour::Green), 3);
    assert_eq!(pos.pending_promotion(), Some(sq("d8")));
    assert_eq!(pos.promotion_choices().len(), 4);
    play(&mut pos, &["=E"]);
    assert_eq!(pos.to_string(), "3,gE,4/8/8/8/8/8/8/7,rK r 0,0,0,3 - 8");
}

#[test]
fn a_move_that_ends_the_game_makes_no_decision() {
    let mut pos = ludii("3,rH,4/2,gP,5/8/8/8/8/8/8 g 0,0,0,0 - 7");
    play(&mut pos, &["5:c7d8"]);
    assert_eq!(pos.pending_promotion(), None);
    assert_eq!(pos.outcome(), Outcome::ColourWins(Colour::Green));
    assert_eq!(pos.to_move(), Colour::Red);
    assert_eq!(pos.to_string(), "3,gP,4/8/8/8/8/8/8/8 r 0,0,0,3 - 8");
}

#[test]
fn the_end_ranks_by_score() {
    // A colour without pieces may win on score.
    let pos = ludii("8/8/8/8/8/8/8/3,gK,4 r 0,0,9,4 - 100");
    assert_eq!(pos.outcome(), Outcome::ColourWins(Colour::Yellow));
    assert_eq!(pos.ranking(), Some([3, 3, 1, 2]));
    assert_eq!(pos.outcome().word(), "yellow-wins");
    // A tie for the highest score: no winner.
    let pos = ludii("8/8/8/8/8/8/8/3,gK,4 r 9,0,9,4 - 100");
    assert_eq!(pos.outcome(), Outcome::TopScoreTie);
    assert_eq!(pos.outcome().word(), "draw");
    assert_eq!(pos.ranking(), Some([1, 4, 1, 3]));
    assert!(pos.is_over());
    assert!(pos.legal_moves(roll(5)).is_empty());
    assert_eq!(perft(&pos, 3), 0);
}

#[test]
fn the_turn_limit_draws_for_all() {
    let mut pos = ludii("8/8/8/8/8/8/8/3,gK,3,bK g 0,0,0,7 - 4999");
    assert_eq!(pos.outcome(), Outcome::Ongoing);
    play(&mut pos, &["4:pass"]);
    assert_eq!(pos.ply(), LUDII_TURN_LIMIT);
    assert_eq!(pos.outcome(), Outcome::Draw);
    assert_eq!(pos.ranking(), Some([1, 1, 1, 1]));
    assert!(pos.legal_moves(roll(5)).is_empty());
    assert_eq!(pos.outcome().word(), "draw");
    // A decision pending at the limit is made first.
    let mut pos = ludii("8/2,gP,5/8/8/8/8/8/gB,6,rK g 0,0,0,0 - 4999");
    play(&mut pos, &["5:c7c8"]);
    assert_eq!(pos.ply(), LUDII_TURN_LIMIT);
    assert_eq!(pos.outcome(), Outcome::Ongoing);
    assert_eq!(pos.decision_moves().len(), 3);
    play(&mut pos, &["=K"]);
    assert_eq!(pos.outcome(), Outcome::Draw);
    // Texts past the limit are finished positions.
    assert_eq!(
        ludii("8/8/8/8/8/8/8/3,gK,3,bK g 0,0,0,0 - 6000").outcome(),
        Outcome::Draw
    );
    // One colour left takes precedence over the limit.
    let mut pos = ludii("8/8/8/8/8/8/8/3,gK,bK,3 g 0,0,0,0 - 4999");
    play(&mut pos, &["5:d1e1"]);
    assert_eq!(pos.outcome(), Outcome::ColourWins(Colour::Green));
}

#[test]
fn no_quiet_ply_draw() {
    let mut pos = ludii("8/8/8/8/8/8/8/3,gK,3,bK g 0,0,0,0 - 0");
    for _ in 0..300 {
        play(&mut pos, &["4:pass"]);
    }
    assert_eq!(pos.outcome(), Outcome::Ongoing);
    assert_eq!(pos.quiet_plies(), 0);
}

#[test]
fn position_text_round_trips_and_rejects() {
    for text in [
        LUDII_START_TEXT,
        "8/2,gP,5/8/8/8/8/8/gB,6,rK y 12,0,345,6 - 4321",
        "2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8",
        "8/8/8/8/8/8/rP,7/7,yK r 1,2,3,4 a2 70000",
    ] {
        let pos = ludii(text);
        assert_eq!(pos.to_string(), text);
        assert_eq!(pos.validate(), Ok(()));
        assert_eq!(pos.to_setup().build(Rules::ludii()), Ok(pos.clone()));
    }
    let board = "8/2,gP,5/8/8/8/8/8/gB,6,rK";
    for (tail, field, kind, offset) in [
        (
            "g 0,0,0 - 1",
            Field::Scores,
            NotationErrorKind::FieldCount,
            7,
        ),
        (
            "g 0,0,0,0,0 - 1",
            Field::Scores,
            NotationErrorKind::UnexpectedCharacter,
            9,
        ),
        (
            "g 00,0,0,0 - 1",
            Field::Scores,
            NotationErrorKind::NotCanonical,
            2,
        ),
        ("g 0,,0,0 - 1", Field::Scores, NotationErrorKind::Empty, 4),
        (
            "g 0,0,0,x - 1",
            Field::Scores,
            NotationErrorKind::UnexpectedCharacter,
            8,
        ),
        (
            "g 0,0,0,-1 - 1",
            Field::Scores,
            NotationErrorKind::UnexpectedCharacter,
            8,
        ),
        (
            "g 0,0,0,99999999999 - 1",
            Field::Scores,
            NotationErrorKind::OutOfRange,
            8,
        ),
        (
            "g 0,0,0,0 c9 1",
            Field::Decision,
            NotationErrorKind::BadSquare,
            10,
        ),
        (
            "g 0,0,0,0 C7 1",
            Field::Decision,
            NotationErrorKind::BadSquare,
            10,
        ),
        (
            "g 0,0,0,0 -- 1",
            Field::Decision,
            NotationErrorKind::UnexpectedCharacter,
            10,
        ),
        (
            "g 0,0,0,0 - 01",
            Field::Turns,
            NotationErrorKind::NotCanonical,
            12,
        ),
        (
            "g 0,0,0,0 - x",
            Field::Turns,
            NotationErrorKind::UnexpectedCharacter,
            12,
        ),
        (
            "x 0,0,0,0 - 1",
            Field::ToMove,
            NotationErrorKind::UnknownPiece,
            0,
        ),
        (
            "g 0,0,0,0",
            Field::Decision,
            NotationErrorKind::FieldCount,
            9,
        ),
        (
            "g 0,0,0,0 - 1 5",
            Field::Text,
            NotationErrorKind::FieldCount,
            13,
        ),
        // The decision square must hold a pawn of the colour to move on its
        // far edge.
        (
            "g 0,0,0,0 c8 1",
            Field::Decision,
            NotationErrorKind::Inconsistent,
            10,
        ),
        (
            "g 0,0,0,0 c7 1",
            Field::Decision,
            NotationErrorKind::Inconsistent,
            10,
        ),
        (
            "r 0,0,0,0 c7 1",
            Field::Decision,
            NotationErrorKind::Inconsistent,
            10,
        ),
    ] {
        let text = format!("{board} {tail}");
        let err = Position::from_text(&text, Rules::ludii()).expect_err(&text);
        assert_eq!(
            (err.field(), err.kind(), err.offset()),
            (field, kind, Some(board.len() + 1 + offset)),
            "{text}: {err}"
        );
    }
    // A decision pending when the colour owns every piece left.
    let err = Position::from_text("2,gP,5/8/8/8/8/8/8/gB,7 g 0,0,0,0 c8 8", Rules::ludii())
        .expect_err("decision after the end");
    assert_eq!(
        (err.field(), err.kind()),
        (Field::Decision, NotationErrorKind::Inconsistent)
    );
    // An empty board.
    let err = Position::from_text("8/8/8/8/8/8/8/8 g 0,0,0,0 - 0", Rules::ludii())
        .expect_err("empty board");
    assert_eq!(err.field(), Field::Board);
    // The other ruleset's text: refused, with the rules that read it.
    let err = Position::from_text(START_TEXT, Rules::ludii()).expect_err("sheet text");
    assert_eq!(
        (err.field(), err.kind(), err.offset()),
        (Field::Text, NotationErrorKind::WrongRules, Some(0))
    );
    assert_eq!(
        err.reason(),
        "a position text of the sheet's rules (7 fields); read it with Rules::default()"
    );
    let err = Position::from_text(LUDII_START_TEXT, Rules::default()).expect_err("Ludii text");
    assert_eq!(
        (err.field(), err.kind(), err.offset()),
        (Field::Text, NotationErrorKind::WrongRules, Some(0))
    );
    assert_eq!(
        err.reason(),
        "a Ludii position text (5 fields); read it with Rules::ludii()"
    );
    // `FromStr` picks the Ludii ruleset by the text's shape.
    assert_eq!(
        LUDII_START_TEXT.parse::<Position>(),
        Ok(Position::start(Rules::ludii()))
    );
    assert_eq!(
        "2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8".parse::<Position>(),
        Ok(ludii("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8"))
    );
}

#[test]
fn decision_move_text() {
    for (text, kind) in [
        ("=K", PieceKind::Raja),
        ("=E", PieceKind::Elephant),
        ("=H", PieceKind::Horse),
        ("=B", PieceKind::Boat),
    ] {
        let m = mv(text);
        assert_eq!(m, Move::Decision { kind });
        assert_eq!(m.to_string(), text);
        assert_eq!((m.from(), m.to()), (None, None));
    }
    for (text, kind, offset) in [
        ("=", NotationErrorKind::Empty, 1),
        ("=P", NotationErrorKind::UnexpectedCharacter, 1),
        ("=k", NotationErrorKind::UnexpectedCharacter, 1),
        ("=Q", NotationErrorKind::UnknownPiece, 1),
        ("=KE", NotationErrorKind::UnexpectedCharacter, 2),
        ("=\u{e9}", NotationErrorKind::UnexpectedCharacter, 1),
    ] {
        let err = Move::parse(text).expect_err(text);
        assert_eq!(
            (err.field(), err.kind(), err.offset()),
            (Field::Move, kind, Some(offset)),
            "{text}"
        );
    }
}

#[test]
fn illegal_moves_say_why() {
    let mut pos = Position::start(Rules::ludii());
    let err = pos.play(roll(5), mv("=K")).expect_err("no decision");
    assert_eq!(err.reason(), IllegalMoveReason::DecisionMismatch);
    let err = pos.play(roll(2), mv("h1f3")).expect_err("red's boat");
    assert_eq!(err.reason(), IllegalMoveReason::NoPieceToMove);
    let err = pos.play(roll(2), mv("b1a3")).expect_err("a horse on a 2");
    assert_eq!(err.reason(), IllegalMoveReason::NotForThisRoll);
    let err = pos.play(roll(3), mv("b1d2")).expect_err("own pawn");
    assert_eq!(err.reason(), IllegalMoveReason::CannotReach);
    assert_eq!(pos, Position::start(Rules::ludii()));

    let mut pos = ludii("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8");
    let before = pos.clone();
    for bad in ["=B", "pass", "a1c3", "c8b8"] {
        let err = pos.play(roll(2), mv(bad)).expect_err(bad);
        assert_eq!(err.reason(), IllegalMoveReason::DecisionMismatch, "{bad}");
    }
    assert_eq!(pos, before);

    let mut pos = ludii("8/8/8/8/8/8/8/3,gK,4 r 0,0,9,4 - 100");
    let err = pos.play(roll(5), Move::Pass).expect_err("over");
    assert_eq!(err.reason(), IllegalMoveReason::GameOver);
}

#[test]
fn undo_restores_rolled_and_decision_plies() {
    let start = ludii("3,rH,4/2,gP,5/8/8/8/8/8/7,rK g 0,0,0,0 - 7");
    let mut pos = start.clone();
    let first = pos.play(roll(5), mv("c7d8")).expect("legal");
    let after_capture = pos.clone();
    let second = pos.play(roll(5), mv("=B")).expect("legal");
    assert_eq!(pos.hash(), pos.compute_hash());
    // The stale record is refused, the last one accepted.
    assert!(pos.undo(first.clone()).is_err());
    pos.undo(second.clone()).expect("the last record");
    assert_eq!(pos, after_capture);
    assert!(pos.undo(second).is_err());
    pos.undo(first).expect("the first record");
    assert_eq!(pos, start);
}

#[test]
fn perft_at_a_decision_is_not_a_chance_node() {
    let pos = ludii("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8");
    assert_eq!(perft(&pos, 1), 3);
    let mut total = 0;
    for choice in pos.decision_moves() {
        let mut after = pos.clone();
        after.play(roll(2), choice).expect("a choice");
        total += perft(&after, 1);
    }
    assert_eq!(perft(&pos, 2), total);
    let divide = perft_divide(&pos, 2);
    assert_eq!(divide.len(), 3);
    assert!(divide.iter().all(|&(roll, _, _)| roll.is_none()));
    assert_eq!(divide.iter().map(|d| d.2).sum::<u64>(), total);
    // Below a rolled move that reaches the far edge, the decision counts
    // its choices once.
    let pos = ludii("8/2,gP,5/8/8/8/8/8/gB,6,rK g 0,0,0,0 - 7");
    let divide = perft_divide(&pos, 2);
    let c7c8: Vec<_> = divide
        .iter()
        .filter(|d| d.1 == mv("c7c8"))
        .map(|d| (d.0, d.2))
        .collect();
    assert_eq!(c7c8, [(Some(roll(5)), 3)]);
    assert_eq!(divide.iter().map(|d| d.2).sum::<u64>(), perft(&pos, 2));
}

#[test]
fn the_hash_covers_scores_and_decisions() {
    let plain = ludii("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 - 8");
    let decision = ludii("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8");
    let scored = ludii("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,1 - 8");
    assert_ne!(plain.hash(), decision.hash());
    assert_ne!(plain.hash(), scored.hash());
    for pos in [&plain, &decision, &scored] {
        assert_eq!(pos.hash(), pos.compute_hash());
    }
    // The turns are not hashed.
    assert_eq!(
        plain.hash(),
        ludii("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 - 9").hash()
    );
}

#[test]
fn setup_builds_ludii_positions() {
    let mut setup = Setup::empty();
    setup
        .put(sq("c8"), Piece::new(Colour::Green, PieceKind::Pawn))
        .put(sq("h1"), Piece::new(Colour::Red, PieceKind::Raja))
        .set_to_move(Colour::Green)
        .set_score(Colour::Yellow, 12)
        .set_pending_promotion(Some(sq("c8")))
        .set_ply(40);
    let pos = setup.build(Rules::ludii()).expect("consistent");
    assert_eq!(pos.to_string(), "2,gP,5/8/8/8/8/8/8/7,rK g 0,0,12,0 c8 40");
    // The command is derived from the board.
    assert_eq!(pos.commander(Colour::Black), None);
    assert_eq!(pos.commander(Colour::Red), Some(Colour::Red));
    // The same set-up is refused by the sheet's rules (scores, decision).
    let err = setup.build(Rules::default()).expect_err("sheet");
    assert_eq!(err.field(), Field::Decision);
    // Inconsistent decisions are refused like the parser's.
    setup.set_pending_promotion(Some(sq("h1")));
    let err = setup.build(Rules::ludii()).expect_err("not a green pawn");
    assert_eq!(
        (err.field(), err.kind(), err.offset()),
        (Field::Decision, NotationErrorKind::Inconsistent, None)
    );
}

#[test]
fn seeded_games_roll_except_for_decisions() {
    let mut decisions = 0;
    let mut games_over = 0;
    for seed in 0..40 {
        let mut pos = Position::start(Rules::ludii());
        let mut last_turns = 0;
        let outcome = play_seeded_game(&mut pos, seed, 20_000, |ply, after| {
            assert_eq!(after.hash(), after.compute_hash());
            match ply.mv {
                Move::Decision { .. } => {
                    decisions += 1;
                    assert_eq!(ply.roll, None);
                }
                _ if ply.roll.is_none() => assert_eq!(ply.mv, Move::Pass),
                _ => {}
            }
            assert_eq!(after.ply() - last_turns, u32::from(ply.roll.is_some()));
            last_turns = after.ply();
        });
        assert!(outcome.is_over(), "seed {seed}: {pos}");
        games_over += 1;
        let mut again = Position::start(Rules::ludii());
        play_seeded_game(&mut again, seed, 20_000, |_, _| {});
        assert_eq!(again, pos, "seed {seed} is reproducible");
    }
    assert!(decisions > 0);
    assert_eq!(games_over, 40);
    // choose_move picks among the decision's moves.
    let pos = ludii("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8");
    let mut rng = SplitMix64::new(1);
    for _ in 0..20 {
        let choice = pos.choose_move(roll(4), &mut rng).expect("a choice");
        assert!(matches!(choice, Move::Decision { .. }));
    }
}

#[test]
fn diagram_shows_scores_and_decision() {
    let pos = ludii("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,12,0 c8 8");
    let text = pos.diagram().to_string();
    assert!(
        text.contains("scores: red=0 black=0 yellow=12 green=0"),
        "{text}"
    );
    assert!(text.contains("promotion of c8 to decide"), "{text}");
    assert!(text.contains("turns 8"), "{text}");
}
