//! Kaissa's short algebraic notation: every legal move of many positions
//! prints to a text that reads back to it, texts are distinct within a
//! position, disambiguation is just enough, and bad input is refused with
//! the reason.

use kaissa_chaturaji::kaissa::{Move, Position};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};
use kaissa_chaturaji::readable::ReadableMoveError;

/// Positions of seeded random games (every 7th position of each game).
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..60 {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Position::start();
        for ply in 0..400 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 7 == 0 {
                out.push(pos.clone());
            }
            pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
        out.push(pos);
    }
    out
}

#[test]
fn every_legal_move_round_trips_and_is_distinct() {
    let mut count = 0;
    let mut disambiguated = 0;
    for pos in positions() {
        let moves = pos.legal_moves();
        let mut texts: Vec<String> = Vec::new();
        for &mv in &moves {
            let san = pos.readable(mv).unwrap();
            assert_eq!(pos.parse_readable(&san), Ok(mv), "{san} in {pos}");
            // The coordinate form with the piece letter reads too.
            if let Move::Normal { from, to } = mv {
                let letter = pos.piece_at(from).unwrap().kind.letter();
                assert_eq!(pos.parse_readable(&format!("{letter}{from}{to}")), Ok(mv));
            }
            // Just enough disambiguation: without it, the move is ambiguous.
            let body = san.trim_end_matches('#');
            let piece = usize::from(body.starts_with(|c: char| c.is_ascii_uppercase()));
            let target = body.len() - mv.to().to_string().len();
            let core = body[..target].trim_end_matches('x');
            if core.len() > piece && piece == 1 && mv.from().is_some() {
                disambiguated += 1;
                let bare = format!("{}{}", &body[..piece], &body[target..]);
                assert!(
                    matches!(
                        pos.parse_readable(&bare),
                        Err(ReadableMoveError::Ambiguous { .. })
                    ),
                    "{san} ({bare}) in {pos}"
                );
            }
            texts.push(san);
            count += 1;
        }
        let mut sorted = texts.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), texts.len(), "duplicate texts in {pos}");
    }
    assert!(count > 50_000, "{count} moves");
    assert!(disambiguated > 100, "{disambiguated} disambiguated moves");
}

fn readable(position: &str, mv: &str) -> String {
    let pos: Position = position.parse().unwrap();
    pos.readable(mv.parse().unwrap()).unwrap()
}

#[test]
fn the_forms_players_know() {
    let start = Position::start().to_string();
    assert_eq!(readable(&start, "d1f4"), "Tf4");
    assert_eq!(readable(&start, "e2e5"), "e5");
    assert_eq!(readable(&start, "a2c4"), "Ac4");
    assert_eq!(readable(&start, "b2c3"), "Rc3");
    // File, rank, both.
    let two_tarnsmen = "4h5/10/10/10/10/10/10/10/10/T3H1T3 y 11 -";
    assert_eq!(readable(two_tarnsmen, "a1d3"), "Tad3");
    assert_eq!(readable(two_tarnsmen, "g1d3"), "Tgd3");
    let two_builders = "4h5/10/10/10/10/B9/10/10/10/B3H5 y 12 -";
    assert_eq!(readable(two_builders, "a1a3"), "B1a3");
    assert_eq!(readable(two_builders, "a5a3"), "B5a3");
    assert_eq!(readable(two_builders, "a1b1"), "Bb1");
    let three_ubars = "4h5/10/10/10/10/U9/10/10/10/U1U1H5 y 12 -";
    assert_eq!(readable(three_ubars, "a1a3"), "Ua1a3");
    assert_eq!(readable(three_ubars, "a5a3"), "U5a3");
    // A Spearman's capture names its file; the Home Stone's capture wins.
    let capture = "4h5/10/10/10/10/4r5/3P6/10/10/4H5 y 12 -";
    assert_eq!(readable(capture, "d4e5"), "dxe5");
    assert_eq!(readable(capture, "d4d5"), "d5");
    let winning = "7h2/10/10/10/10/10/10/10/10/4H2B2 y 12 -";
    assert_eq!(readable(winning, "h1h10"), "Bxh10#");
    assert_eq!(readable(winning, "e1e2"), "He2");
    let placing = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 8 Hh";
    assert_eq!(readable(placing, "H@a1"), "H@a1");
}

fn error(position: &str, text: &str) -> ReadableMoveError {
    let pos: Position = position.parse().unwrap();
    pos.parse_readable(text).unwrap_err()
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    let start = Position::start().to_string();
    let two_tarnsmen = "4h5/10/10/10/10/10/10/10/10/T3H1T3 y 11 -";
    assert_eq!(
        error(two_tarnsmen, "Td3").to_string(),
        "ambiguous: it could be Tad3 or Tgd3"
    );
    assert_eq!(
        error(&start, "Tf5").to_string(),
        "no Yellow Tarnsman can move to f5"
    );
    assert_eq!(
        error(&start, "Tef4").to_string(),
        "no Yellow Tarnsman from the e-file can move to f4"
    );
    assert_eq!(
        error(two_tarnsmen, "Q5").to_string(),
        "offset 0: \"Q5\" is not a square a1..j10"
    );
    assert_eq!(
        error(two_tarnsmen, "Qe5").to_string(),
        "Yellow has no Ubara"
    );
    assert!(matches!(
        error(&start, "Txf4"),
        ReadableMoveError::WrongMarker { .. }
    ));
    assert!(matches!(
        error(&start, "Tf4#"),
        ReadableMoveError::WrongMarker { .. }
    ));
    assert!(matches!(
        error(&start, "H@a1"),
        ReadableMoveError::Illegal(_)
    ));
    let must_place = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 10 Hh";
    assert_eq!(
        error(must_place, "e5").to_string(),
        "Yellow must place the Home Stone on this turn (H@<square>)"
    );
    let over = "4h5/10/10/10/10/10/10/10/10/4U5 y 12 -";
    assert_eq!(error(over, "Ue2"), ReadableMoveError::GameOver);
    for (text, offset) in [("", 0), ("u5", 0), ("Te11", 1), ("T:f4", 1), ("e2e2e5", 1)] {
        match error(&start, text) {
            ReadableMoveError::Malformed { offset: at, .. } => assert_eq!(at, offset, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

mod no_panic {
    use kaissa_chaturaji::kaissa::Position;
    use proptest::prelude::*;

    proptest! {
        /// Any text is read or refused, never a panic.
        #[test]
        fn any_text(text in "[ -~é☼]{0,12}", san_like in "[UQTSBIPRAHx@#a-j0-9]{0,8}") {
            let pos = Position::start();
            let _ = pos.parse_readable(&text);
            if let Ok(mv) = pos.parse_readable(&san_like) {
                prop_assert!(pos.is_legal(mv));
            }
        }
    }
}
