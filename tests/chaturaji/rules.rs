//! One scenario per special rule of docs/rules.md §2: each is built from
//! position text, plays a move, and asserts the whole resulting position
//! text (and the outcome where it matters).

use kaissa_chaturaji::chaturaji::{
    Alliances, Colour, ExchangeError, Move, MoveList, Outcome, Position, Roll, Rules, Square,
};

fn rules(alliances: Alliances) -> Rules {
    Rules::default().with_alliances(alliances)
}

fn pos(text: &str) -> Position {
    Position::from_text(text, Rules::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn roll(face: u8) -> Roll {
    Roll::new(face).unwrap()
}

/// Plays `face:move` tokens in order with `play_checked`, checking hash and
/// undo on the way; returns the final position.
fn play(mut p: Position, tokens: &[&str]) -> Position {
    for token in tokens {
        let (face, mv) = token.split_once(':').unwrap();
        let r = roll(face.parse().unwrap());
        let mv: Move = mv.parse().unwrap();
        let before = p.clone();
        let before_text = p.to_string();
        let undo = p
            .play(r, mv)
            .unwrap_or_else(|e| panic!("{token} in {before_text}: {e}"));
        assert_eq!(p.hash(), p.compute_hash());
        let after = p.clone();
        p.undo(undo).unwrap();
        assert_eq!(p, before);
        assert_eq!(p.to_string(), before_text);
        assert_eq!(p.hash(), before.hash());
        p = after;
        assert_eq!(Position::from_text(&p.to_string(), p.rules()).unwrap(), p);
    }
    p
}

fn moves(p: &Position, face: u8) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate_moves(roll(face), &mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[test]
fn pawn_captures_only_pawns_and_boats() {
    // Red pawn e4 marches west: d5 holds a yellow horse (not capturable by
    // a pawn), d3 a black boat (capturable).
    let p = pos("7,rK/8/8/3,yH,4/4,rP,3/3,bB,4/8/gK,7 r rbyg - - 5 20");
    assert_eq!(moves(&p, 5), ["e4d3", "e4d4", "h8g7", "h8g8", "h8h7"]);
    // Black's last piece is taken: Black is out and skipped.
    let p = play(p, &["5:e4d3"]);
    assert_eq!(
        p.to_string(),
        "7,rK/8/8/3,yH,4/8/3,rP,4/8/gK,7 y rxyg - - 0 21"
    );
    assert_eq!(p.outcome(), Outcome::Ongoing);
}

#[test]
fn boat_captures_only_pawns_never_an_ally() {
    // Green boat c3: a5 empty, e5 a yellow elephant (not capturable), a1 an
    // allied red pawn (never), e1 a black pawn (capturable).
    let p = pos("8/8/8/4,yE,3/8/2,gB,5/8/rP,3,bP,3 g rbyg - - 0 10");
    assert_eq!(moves(&p, 2), ["c3a5", "c3e1"]);
    let p = play(p, &["2:c3e1"]);
    assert_eq!(
        p.to_string(),
        "8/8/8/4,yE,3/8/8/8/rP,3,gB,3 r rxyg b - 0 11"
    );
}

#[test]
fn nobody_captures_an_ally() {
    // Opposite alliances: Red's ally is Yellow; the red horse may take the
    // green pawn but not the yellow one.
    let p = Position::from_text(
        "8/8/8/8/8/1,yP,1,gP,4/8/2,rH,5 r rxyg - - 0 3",
        rules(Alliances::Opposite),
    )
    .unwrap();
    assert_eq!(moves(&p, 3), ["c1a2", "c1d3", "c1e2"]);
    // Under the sheet's alliances it is the other way round.
    let p = pos("8/8/8/8/8/1,yP,1,gP,4/8/2,rH,5 r rxyg - - 0 3");
    assert_eq!(moves(&p, 3), ["c1a2", "c1b3", "c1e2"]);
}

#[test]
fn boat_triumph_takes_own_ally_and_enemy_boats() {
    // Block c4 d4 c5 d5: c4 Red's own boat, d4 its ally Green's, c5
    // Yellow's; the red boat f7 jumps to d5.
    let p = pos("8/5,rB,2/8/2,yB,5/2,rB,gB,4/8/8/bK,6,rK r rbyg - - 7 30");
    let p = play(p, &["2:f7d5"]);
    assert_eq!(p.to_string(), "8/8/8/3,rB,4/8/8/8/bK,6,rK b rbxx - - 0 31");
    assert_eq!(p.outcome(), Outcome::Ongoing);
}

#[test]
fn boat_triumph_two_blocks_at_once_wins() {
    let p = pos("8/8/2,yB,bB,yB,3/2,bB,1,yB,3/8/5,rB,2/8/gK,6,rK r rbyg - - 0 40");
    let p = play(p, &["2:f3d5"]);
    assert_eq!(p.to_string(), "8/8/8/3,rB,4/8/8/8/gK,6,rK g rxxg - - 0 41");
    assert_eq!(
        p.outcome(),
        Outcome::AllianceWins([Colour::Red, Colour::Green])
    );
    assert_eq!(p.outcome().word(), "rg-wins");
    for face in 2..=5 {
        assert!(moves(&p, face).is_empty(), "finished games have no moves");
    }
}

#[test]
fn boat_moving_next_to_boats_without_a_full_block_captures_nothing() {
    let p = pos("8/5,rB,2/8/2,yB,5/2,rB,5/8/8/bK,5,gK,rK r rbyg - - 7 30");
    let p = play(p, &["2:f7d5"]);
    assert_eq!(
        p.to_string(),
        "8/8/8/2,yB,rB,4/2,rB,5/8/8/bK,5,gK,rK b rbyg - - 8 31"
    );
}

#[test]
fn special_promotion_to_boat_triggers_no_triumph() {
    // Green has exactly one pawn and one boat; h3 is a special square.
    let p = pos("8/8/8/8/6,bB,rB/6,yB,1/7,gP/gB,7 g rbyg - - 3 50");
    assert_eq!(moves(&p, 5), ["h2g3", "h2h3B", "h2h3E", "h2h3H", "h2h3K"]);
    assert!(!p.is_legal(roll(5), "h2h3".parse().unwrap()));
    let p = play(p, &["5:h2h3B"]);
    assert_eq!(
        p.to_string(),
        "8/8/8/8/6,bB,rB/6,yB,gB/8/gB,7 r rbyg - - 4 51"
    );
}

#[test]
fn special_promotion_four_moves_take_precedence() {
    // g8 is both a special square and an unmarked far-edge square (horse
    // line) for a green pawn whose colour has lost a pawn.
    let start = pos("4,bK,3/6,gP,1/8/yK,7/8/8/8/gB,6,rK g rbyg g - 0 10");
    assert_eq!(moves(&start, 5), ["g7g8B", "g7g8E", "g7g8H", "g7g8K"]);
    let p = play(start.clone(), &["5:g7g8K"]);
    assert_eq!(
        p.to_string(),
        "4,bK,1,gK,1/8/8/yK,7/8/8/8/gB,6,rK r rbyg g - 1 11"
    );
    let p = play(start.clone(), &["5:g7g8E"]);
    assert_eq!(
        p.to_string(),
        "4,bK,1,gE,1/8/8/yK,7/8/8/8/gB,6,rK r rbyg g - 1 11"
    );
    let p = play(start, &["5:g7g8H"]);
    assert_eq!(
        p.to_string(),
        "4,bK,1,gH,1/8/8/yK,7/8/8/8/gB,6,rK r rbyg g - 1 11"
    );
}

#[test]
fn special_promotion_to_raja_on_ally_throne_conquers_nothing() {
    let p = pos("4,bK,2,rB/8/8/yK,1,gK,5/8/8/8/4,rP,3 r rbyg - - 0 10");
    assert_eq!(moves(&p, 5), ["e1d1B", "e1d1E", "e1d1H", "e1d1K"]);
    let p = play(p, &["5:e1d1K"]);
    assert_eq!(
        p.to_string(),
        "4,bK,2,rB/8/8/yK,1,gK,5/8/8/8/3,rK,4 b rbyg - - 1 11"
    );
}

#[test]
fn throne_conquest_one_roll_both_armies_pawns_keep_direction() {
    // Sheet: Red's ally is Green, whose throne is d1.
    let text = "4,bK,3/8/8/yK,4,gH,2/8/2,gP,5/4,rK,3/8 r rbyg - - 10 60";
    let p = play(pos(text), &["5:e2d1"]);
    assert_eq!(
        p.to_string(),
        "4,bK,3/8/8/yK,4,gH,2/8/2,gP,5/8/3,rK,4 b rbyr - - 11 61"
    );
    assert!(!p.seat_in_play(Colour::Green));
    // Black and Yellow pass; Green's seat is skipped, Red moves again.
    let p = play(p, &["4:pass", "4:pass"]);
    assert_eq!(p.to_move(), Colour::Red);
    // One roll serves both armies: a 5 moves the red raja or the green
    // pawn, which still marches north.
    assert_eq!(
        moves(&p, 5),
        ["c3c4", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]
    );
    assert_eq!(
        moves(&p, 3),
        ["f5d4", "f5d6", "f5e3", "f5e7", "f5g3", "f5g7", "f5h4", "f5h6"]
    );
    let p = play(p, &["5:c3c4"]);
    assert_eq!(
        p.to_string(),
        "4,bK,3/8/8/yK,4,gH,2/2,gP,5/8/8/3,rK,4 b rbyr - - 14 64"
    );
}

#[test]
fn conquered_army_keeps_its_promotion_lines_and_lost_pawn_flag() {
    // Green (conquered by Red) has lost a pawn, Red has not: the green pawn
    // promotes on c8, the red pawn waits on a3.
    let start = "4,bK,3/2,gP,5/8/yK,7/8/1,rP,6/8/3,rK,4 r rbyr g - 0 20";
    let p = play(pos(start), &["5:c7c8"]);
    assert_eq!(
        p.to_string(),
        "2,gE,1,bK,3/8/8/yK,7/8/1,rP,6/8/3,rK,4 b rbyr g - 1 21"
    );
    let p = play(pos(start), &["5:b3a3"]);
    assert_eq!(
        p.to_string(),
        "4,bK,3/2,gP,5/8/yK,7/8/rP,7/8/3,rK,4 b rbyr g - 1 21"
    );
}

#[test]
fn enemy_throne_has_no_effect() {
    // Partners opposite: Red's ally is Yellow; d1 is an enemy's throne.
    let text = "4,bK,3/8/8/yK,4,gH,2/8/2,gP,5/4,rK,3/8 r rbyg - - 10 60";
    let p = Position::from_text(text, rules(Alliances::Opposite)).unwrap();
    let p = play(p, &["5:e2d1"]);
    assert_eq!(
        p.to_string(),
        "4,bK,3/8/8/yK,4,gH,2/8/2,gP,5/8/3,rK,4 b rbyg - - 11 61"
    );
    // Sheet: the red raja takes the black raja on its throne e8: Black is
    // out, its raja is kept, nothing else happens.
    let p = play(
        pos("4,bK,3/5,rK,2/8/yK,7/8/8/8/3,gK,4 r rbyg - - 0 10"),
        &["5:f7e8"],
    );
    assert_eq!(
        p.to_string(),
        "4,rK,3/8/8/yK,7/8/8/8/3,gK,4 y rxyg - b 0 11"
    );
}

#[test]
fn conquered_raja_conquers_nothing() {
    // Red's army is commanded by Green; its raja entering d1 changes nothing.
    let p = play(
        pos("4,bK,3/8/8/yK,7/8/8/4,rK,3/7,gK g gbyg - - 0 10"),
        &["5:e2d1"],
    );
    assert_eq!(
        p.to_string(),
        "4,bK,3/8/8/yK,7/8/8/8/3,rK,3,gK b gbyg - - 1 11"
    );
}

#[test]
fn conqueror_without_own_pieces_stays_in_play() {
    let p = pos("4,bK,3/8/8/yK,7/8/2,gP,5/8/3,gK,4 r xbyr - - 0 10");
    assert!(p.seat_in_play(Colour::Red));
    assert_eq!(
        moves(&p, 5),
        ["c3c4", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]
    );
    let p = play(p, &["5:c3c4", "4:pass", "4:pass"]);
    assert_eq!(
        p.to_string(),
        "4,bK,3/8/8/yK,7/2,gP,5/8/8/3,gK,4 r xbyr - - 3 13"
    );
}

#[test]
fn elimination_skips_the_seat_and_alliance_wins() {
    // Black is already out; Red takes Yellow's last piece.
    let p = play(
        pos("8/8/8/yK,rK,6/8/8/8/3,gK,4 r rxyg - b 5 40"),
        &["5:b5a5"],
    );
    assert_eq!(p.to_string(), "8/8/8/rK,7/8/8/8/3,gK,4 g rxxg - by 0 41");
    assert_eq!(p.outcome().word(), "rg-wins");
    // Partners opposite: the same capture ends nothing (Green remains).
    let p = Position::from_text(
        "8/8/8/bK,rK,6/8/8/8/3,gK,4 r rbxg - y 5 40",
        rules(Alliances::Opposite),
    )
    .unwrap();
    let p = play(p, &["5:b5a5"]);
    assert_eq!(p.to_string(), "8/8/8/rK,7/8/8/8/3,gK,4 g rxxg - by 0 41");
    assert_eq!(p.outcome(), Outcome::Ongoing);
}

#[test]
fn quiet_ply_draw() {
    let text = "4,bK,3/8/8/yK,7/8/8/8/3,gK,3,rK r rbyg - - 199 300";
    let p = play(pos(text), &["4:pass"]);
    assert_eq!(
        p.to_string(),
        "4,bK,3/8/8/yK,7/8/8/8/3,gK,3,rK b rbyg - - 200 301"
    );
    assert_eq!(p.outcome(), Outcome::Draw);
    assert_eq!(p.outcome().word(), "draw");
    assert!(moves(&p, 4).is_empty());
    assert!(!p.is_legal(roll(4), Move::Pass));
    // Switched off, the game goes on.
    let off = Rules::default().with_draw_limit(None);
    let p = Position::from_text(&p.to_string(), off).unwrap();
    assert_eq!(p.outcome(), Outcome::Ongoing);
    assert_eq!(moves(&p, 4), ["pass"]);
    // A limit of 10: 9 quiet plies and one more.
    let ten = Rules::default().with_draw_limit(Some(10));
    let mut p = Position::from_text("4,bK,3/8/8/yK,7/8/8/8/3,gK,3,rK r rbyg - - 9 9", ten).unwrap();
    p.play(roll(5), "h1h2".parse().unwrap()).unwrap();
    assert_eq!(p.outcome(), Outcome::Draw);
}

#[test]
fn promotion_to_horse_and_elephant() {
    let text = "4,bK,3/1,gP,gP,5/8/yK,7/8/8/1,rP,6/3,gK,3,rK";
    let p = play(pos(&format!("{text} r rbyg rg - 0 10")), &["5:b2a2"]);
    assert_eq!(
        p.to_string(),
        "4,bK,3/1,gP,gP,5/8/yK,7/8/8/rH,7/3,gK,3,rK b rbyg rg - 1 11"
    );
    let p = play(pos(&format!("{text} g rbyg rg - 0 10")), &["5:b7b8"]);
    assert_eq!(
        p.to_string(),
        "1,gH,2,bK,3/2,gP,5/8/yK,7/8/8/1,rP,6/3,gK,3,rK r rbyg rg - 1 11"
    );
    let p = play(pos(&format!("{text} g rbyg rg - 0 10")), &["5:c7c8"]);
    assert_eq!(
        p.to_string(),
        "2,gE,1,bK,3/1,gP,6/8/yK,7/8/8/1,rP,6/3,gK,3,rK r rbyg rg - 1 11"
    );
    // Without a lost pawn the pawn waits.
    let p = play(pos(&format!("{text} g rbyg r - 0 10")), &["5:c7c8"]);
    assert_eq!(
        p.to_string(),
        "2,gP,1,bK,3/1,gP,6/8/yK,7/8/8/1,rP,6/3,gK,3,rK r rbyg r - 1 11"
    );
    assert_eq!(
        moves(&p, 5).iter().filter(|m| m.starts_with("c8")).count(),
        0
    );
}

#[test]
fn waiting_pawns_released_by_first_pawn_loss() {
    // Green pawns wait on b8 and f8; Black takes the green pawn on d5: both
    // are promoted at once (horse on b8, elephant on f8).
    let p = play(
        pos("1,gP,3,gP,2/8/4,bK,3/yK,2,gP,4/8/8/8/3,gK,3,rK b rbyg - - 5 20"),
        &["5:e6d5"],
    );
    assert_eq!(
        p.to_string(),
        "1,gH,3,gE,2/8/8/yK,2,bK,4/8/8/8/3,gK,3,rK y rbyg g - 0 21"
    );
    // Capturing a waiting pawn releases the others.
    let p = play(
        pos("1,gP,3,gP,2/4,bK,3/8/yK,7/8/8/8/3,gK,3,rK b rbyg - - 5 20"),
        &["5:e7f8"],
    );
    assert_eq!(
        p.to_string(),
        "1,gH,3,bK,2/8/8/yK,7/8/8/8/3,gK,3,rK y rbyg g - 0 21"
    );
}

#[test]
fn stuck_pawn_on_marked_far_square() {
    let p = play(
        pos("4,bK,3/3,gP,4/8/yK,7/8/8/8/6,gK,rK g rbyg g - 0 10"),
        &["5:d7d8"],
    );
    assert_eq!(
        p.to_string(),
        "3,gP,bK,3/8/8/yK,7/8/8/8/6,gK,rK r rbyg g - 1 11"
    );
    let p = play(p, &["4:pass", "4:pass", "4:pass"]);
    assert_eq!(p.to_move(), Colour::Green);
    assert_eq!(moves(&p, 5), ["g1f1", "g1f2", "g1g2", "g1h2"]);
}

#[test]
fn raja_exchange() {
    let text = "8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 0 9";
    let mut p = pos(text);
    assert!(p.exchange_possible());
    assert_eq!(
        p.possible_exchanges().as_slice(),
        [(Colour::Red, Colour::Black)]
    );
    let h4 = Square::parse("h4").unwrap();
    let e8 = Square::parse("e8").unwrap();
    let g5 = Square::parse("g5").unwrap();
    assert_eq!(
        p.apply_exchange((Colour::Red, g5), (Colour::Black, e8)),
        Err(ExchangeError::BadSquare(Colour::Red, g5)),
        "a free throne must be used"
    );
    assert_eq!(p.to_string(), text, "untouched after an error");
    p.apply_exchange((Colour::Black, e8), (Colour::Red, h4))
        .unwrap();
    assert_eq!(
        p.to_string(),
        "4,bK,3/8/8/8/6,rP,rK/8/8/3,gK,3,bP b rbxg - - 0 9"
    );
    assert_eq!(p.hash(), p.compute_hash());
    assert!(!p.exchange_possible());

    // Throne occupied: next to it.
    let mut p = pos("8/8/8/8/6,rP,bP/8/8/3,gK,4 b rbxg - rb 0 9");
    assert_eq!(
        p.raja_return_squares(Colour::Red)
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>(),
        ["g3", "h3", "g5", "h5"]
    );
    assert_eq!(
        p.apply_exchange((Colour::Red, h4), (Colour::Black, e8)),
        Err(ExchangeError::BadSquare(Colour::Red, h4))
    );
    p.apply_exchange((Colour::Red, g5), (Colour::Black, e8))
        .unwrap();
    assert_eq!(
        p.to_string(),
        "4,bK,3/8/8/6,rK,1/6,rP,bP/8/8/3,gK,4 b rbxg - - 0 9"
    );

    // Same alliance.
    let mut p = pos("8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rg 0 9");
    assert!(!p.exchange_possible());
    assert_eq!(
        p.apply_exchange(
            (Colour::Red, h4),
            (Colour::Green, Square::parse("d1").unwrap())
        ),
        Err(ExchangeError::SameAlliance(Colour::Red, Colour::Green))
    );
    // Only one side holds a raja.
    assert!(!pos("8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - r 0 9").exchange_possible());
    // The colour is out: Yellow's raja cannot return.
    let mut p = pos("8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - ry 0 9");
    assert!(!p.exchange_possible());
    assert_eq!(
        p.apply_exchange(
            (Colour::Red, h4),
            (Colour::Yellow, Square::parse("a5").unwrap())
        ),
        Err(ExchangeError::ColourOut(Colour::Yellow))
    );
    // Throne and all squares next to it occupied.
    assert!(!pos("8/8/8/6,bP,bP/6,rP,bP/6,bP,bP/8/3,gK,4 b rbxg - rb 0 9").exchange_possible());
    // Game over.
    assert!(!pos("8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 200 209").exchange_possible());
    // Partners opposite: Red and Black are opponents there too.
    let p = Position::from_text(
        "8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 0 9",
        rules(Alliances::Opposite),
    )
    .unwrap();
    assert_eq!(
        p.possible_exchanges().as_slice(),
        [(Colour::Red, Colour::Black)]
    );
}

#[test]
fn play_undo_restores_text_and_hash() {
    let mut p = Position::start(Rules::default());
    let text = p.to_string();
    let hash = p.hash();
    let u1 = p.play_unchecked("h1f3".parse().unwrap());
    let u2 = p.play_unchecked("g7g6".parse().unwrap());
    assert_ne!(p.hash(), hash);
    p.undo(u2).unwrap();
    p.undo(u1).unwrap();
    assert_eq!(p.to_string(), text);
    assert_eq!(p.hash(), hash);
    assert_eq!(p, Position::start(Rules::default()));
}

#[test]
fn illegal_moves_leave_the_position_untouched() {
    use kaissa_chaturaji::error::IllegalMoveReason as R;
    let mut p = Position::start(Rules::default());
    let cases = [
        (2, "h2f3", R::NotForThisRoll),
        // Black's pawn: the seat to move does not command it.
        (2, "g7f6", R::NoPieceToMove),
        // An empty square.
        (2, "c4c5", R::NoPieceToMove),
        (3, "h2g4", R::CannotReach),
        (2, "pass", R::PassNotAllowed),
        // Only a special promotion takes a piece suffix.
        (2, "h1f3K", R::CannotReach),
    ];
    for (face, mv, reason) in cases {
        let err = p.play(roll(face), mv.parse().unwrap()).unwrap_err();
        assert_eq!(err.reason(), reason, "{mv}");
        assert_eq!(err.move_text(), format!("{face}:{mv}"));
        assert_eq!(p, Position::start(Rules::default()));
    }
    let mut p = pos("4,bK,3/6,gP,1/8/yK,7/8/8/8/gB,6,rK g rbyg g - 0 10");
    let before = p.clone();
    // A special promotion must name the new piece (K, E, H or B).
    let err = p.play(roll(5), "g7g8".parse().unwrap()).unwrap_err();
    assert_eq!(err.reason(), R::CannotReach);
    assert_eq!(p, before);
    assert!(p.play(roll(5), "g7g8H".parse().unwrap()).is_ok());
    // A finished game: no move at all.
    let mut p = pos("8/8/8/8/8/8/8/3,gK,4 g xxxg - - 0 10");
    let err = p.play(roll(4), Move::Pass).unwrap_err();
    assert_eq!(err.reason(), R::GameOver);
}

/// Positions, set-ups, records and moves are plain data that threads may
/// share (checked at compile time).
#[test]
fn public_types_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    use kaissa_chaturaji::chaturaji as ch;
    assert_send_sync::<ch::Position>();
    assert_send_sync::<ch::Setup>();
    assert_send_sync::<ch::Undo>();
    assert_send_sync::<ch::Move>();
    assert_send_sync::<ch::MoveList>();
    assert_send_sync::<ch::Rules>();
    assert_send_sync::<ch::Outcome>();
    assert_send_sync::<ch::DiceRoller>();
    assert_send_sync::<ch::ExchangeError>();
    assert_send_sync::<ch::Diagram<'static>>();
    assert_send_sync::<kaissa_chaturaji::error::UndoError>();
}
