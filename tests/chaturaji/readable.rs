//! Chaturaji's readable notation: every legal move for every roll of many
//! positions prints to a text that reads back to it; texts are distinct;
//! the short form reads whenever it names one move; bad input is refused
//! with the reason.

use kaissa_chaturaji::chaturaji::{Move, Position, Roll, Rules};
use kaissa_chaturaji::error::IllegalMoveReason;
use kaissa_chaturaji::random::{RandomSource, SplitMix64};
use kaissa_chaturaji::readable::ReadableMoveError;

/// Positions of seeded random games under the sheet's rules and the Ludii
/// ruleset: every ninth, and under Ludii also every one with a promotion
/// decision pending.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for rules in [Rules::default(), Rules::ludii()] {
        for seed in 0..80 {
            let mut rng = SplitMix64::new(seed);
            let mut pos = Position::start(rules);
            for ply in 0..800 {
                let roll = Roll::ALL[rng.below(4) as usize];
                let Some(mv) = pos.choose_move(roll, &mut rng) else {
                    break;
                };
                if ply % 9 == 0 || pos.pending_promotion().is_some() {
                    out.push(pos.clone());
                }
                pos.play_unchecked(mv);
            }
        }
    }
    out
}

#[test]
fn every_legal_move_round_trips_and_the_short_form_reads_when_unique() {
    let (mut count, mut short_unique, mut short_ambiguous) = (0, 0, 0);
    let mut decisions = 0;
    for pos in positions() {
        for roll in Roll::ALL {
            let moves = pos.legal_moves(roll);
            let texts: Vec<String> = moves
                .iter()
                .map(|&mv| pos.readable(roll, mv).unwrap())
                .collect();
            for (&mv, text) in moves.iter().zip(&texts) {
                assert_eq!(
                    pos.parse_readable(roll, text),
                    Ok(mv),
                    "{roll}:{text} in {pos}"
                );
                assert_eq!(
                    pos.parse_readable(roll, &mv.to_string()),
                    Ok(mv),
                    "{roll}:{mv}"
                );
                count += 1;
                if let Move::Decision { kind } = mv {
                    // A Ludii promotion decision reads as its move text.
                    assert_eq!(text, &format!("={}", kind.letter()));
                    decisions += 1;
                }
                let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
                    continue;
                };
                let piece = pos.piece_at(from).unwrap();
                let suffix = match mv {
                    Move::Promotion { kind, .. } => format!("={}", kind.letter()),
                    _ => String::new(),
                };
                let short = format!("{piece}{to}{suffix}");
                let same = moves
                    .iter()
                    .filter(|m| {
                        m.to() == Some(to)
                            && m.from().and_then(|f| pos.piece_at(f)) == Some(piece)
                            && match (m, mv) {
                                (
                                    Move::Promotion { kind: a, .. },
                                    Move::Promotion { kind: b, .. },
                                ) => a == &b,
                                _ => true,
                            }
                    })
                    .count();
                match pos.parse_readable(roll, &short) {
                    Ok(read) => {
                        assert_eq!((read, same), (mv, 1), "{short} in {pos}");
                        short_unique += 1;
                    }
                    Err(ReadableMoveError::Ambiguous { candidates }) => {
                        assert_eq!(candidates.len(), same, "{short} in {pos}");
                        short_ambiguous += 1;
                    }
                    Err(other) => panic!("{short} in {pos}: {other}"),
                }
            }
            let mut sorted = texts.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), texts.len(), "duplicates for {roll} in {pos}");
        }
    }
    assert!(count > 20_000, "{count}");
    assert!(
        decisions > 0,
        "no Ludii promotion decision was read and written"
    );
    assert!(
        short_unique > 10_000 && short_ambiguous > 0,
        "{short_unique} {short_ambiguous}"
    );
}

fn at(text: &str) -> Position {
    Position::from_text(text, Rules::default()).unwrap()
}

fn roll(face: u8) -> Roll {
    Roll::new(face).unwrap()
}

fn readable(pos: &Position, face: u8, mv: &str) -> String {
    pos.readable(roll(face), mv.parse().unwrap()).unwrap()
}

#[test]
fn the_forms() {
    let start = Position::default();
    assert_eq!(readable(&start, 2, "h1f3"), "rB h1-f3");
    assert_eq!(readable(&start, 5, "h4g5"), "rK h4-g5");
    assert_eq!(readable(&start, 5, "g2f2"), "rP g2-f2");
    assert_eq!(readable(&start, 4, "pass"), "pass");
    let capture = at("8/7,bP/8/8/8/7,rE/8/8 r rbxx - - 0 0");
    assert_eq!(readable(&capture, 4, "h3h7"), "rE h3xh7");
    let promotion = at("8/1,gP,6/8/8/8/8/8/3,gK,3,bP g xbxg g - 0 9");
    assert_eq!(readable(&promotion, 5, "b7b8"), "gP b7-b8=H");
    let waiting = at("8/1,gP,6/8/8/8/8/8/3,gK,3,bP g xbxg - - 0 9");
    assert_eq!(readable(&waiting, 5, "b7b8"), "gP b7-b8");
    let special = at("4,bK,3/8/8/8/8/7,gP/8/gB,7 g xbxg - - 0 9");
    assert_eq!(readable(&special, 5, "h3h4K"), "gP h3-h4=K");
    assert_eq!(readable(&special, 5, "h3h4B"), "gP h3-h4=B");
    assert_eq!(
        special
            .parse_readable(roll(5), "Ph4=E")
            .unwrap()
            .to_string(),
        "h3h4E"
    );
    assert!(matches!(
        special.parse_readable(roll(5), "gP h3-h4"),
        Err(ReadableMoveError::Ambiguous { candidates }) if candidates.len() == 4
    ));
    assert_eq!(
        promotion
            .parse_readable(roll(5), "gP b7-b8")
            .unwrap()
            .to_string(),
        "b7b8"
    );
    assert!(matches!(
        promotion.parse_readable(roll(5), "gP b7-b8=E"),
        Err(ReadableMoveError::WrongMarker { .. })
    ));
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    let start = Position::default();
    let error = |face, text: &str| start.parse_readable(roll(face), text).unwrap_err();
    assert_eq!(error(3, "gE b1-c3").to_string(), "b1 holds gH, not gE");
    assert_eq!(error(3, "e1-e3").to_string(), "e1 is empty");
    assert!(
        matches!(error(5, "rH h2-f3"), ReadableMoveError::Illegal(e) if e.reason() == IllegalMoveReason::NotForThisRoll)
    );
    assert!(
        matches!(error(3, "gH b1-c3"), ReadableMoveError::Illegal(e) if e.reason() == IllegalMoveReason::NoPieceToMove)
    );
    assert!(
        matches!(error(2, "pass"), ReadableMoveError::Illegal(e) if e.reason() == IllegalMoveReason::PassNotAllowed)
    );
    assert!(matches!(
        error(3, "rH h2xf3"),
        ReadableMoveError::WrongMarker { .. }
    ));
    assert_eq!(
        error(3, "rEf3").to_string(),
        "no rE commanded by red can move to f3 with a 3"
    );
    let horses = at("4,bK,3/8/8/8/8/8/8/rH,1,rH,5 r rbxx - - 0 0");
    assert_eq!(
        horses
            .parse_readable(roll(3), "rHb3")
            .unwrap_err()
            .to_string(),
        "ambiguous: it could be rH a1-b3 or rH c1-b3"
    );
    let over = at("8/8/8/8/8/8/8/rH,6,gK r rxxg - - 0 0");
    assert_eq!(
        over.parse_readable(roll(3), "rH a1-b3"),
        Err(ReadableMoveError::GameOver)
    );
    for (text, offset) in [
        ("", 0),
        ("c3", 0),
        ("gX b1c3", 1),
        ("rH h2-f9", 6),
        ("rH h2-f3!", 8),
    ] {
        match error(3, text) {
            ReadableMoveError::Malformed { offset: at, .. } => assert_eq!(at, offset, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

mod no_panic {
    use kaissa_chaturaji::chaturaji::{Position, Roll};
    use proptest::prelude::*;

    proptest! {
        /// Any text is read or refused, never a panic; what is read is legal.
        #[test]
        fn any_text(
            text in "[ -~é☼]{0,12}",
            readable_like in "[rbygKEHBPx= a-h1-8-]{0,10}",
            face in 2u8..=5,
        ) {
            let pos = Position::default();
            let roll = Roll::new(face).unwrap();
            let _ = pos.parse_readable(roll, &text);
            if let Ok(mv) = pos.parse_readable(roll, &readable_like) {
                prop_assert!(pos.is_legal(roll, mv));
            }
        }
    }
}
