//! A game that would never end is drawn at the server's turn limit, and
//! its record says so.

mod common;

use std::collections::VecDeque;

use common::shuffle;
use kaissa_chaturaji_server::live::game::{Action, Extra, Live, MAX_TOKENS};
use kaissa_chaturaji_server::table::clock::ClockState;
use kaissa_chaturaji_server::table::game::Table;
use kaissa_chaturaji_server::table::seats::Seat;
use kaissa_chaturaji_server::table::status::Status;

#[test]
fn an_endless_game_is_drawn_at_the_turn_limit() {
    let mut live = Live {
        id: "0123456789abcdef".into(),
        seats: (0..2)
            .map(|_| Seat {
                kind: kaissa_chaturaji_server::table::seats::SeatKind::Human,
                join_hash: None,
                token_hash: Some("x".into()),
                name: None,
                moved: true,
                account: None,
            })
            .collect(),
        clock: None,
        clock_state: ClockState::default(),
        status: Status::Playing,
        ending: None,
        version: 0,
        seeds: vec![Some("aa".into()); 2],
        commitment: String::new(),
        server_seed: "00".into(),
        extra: Extra::default(),
        created_ms: 0,
        table: Table::new(kaissa_chaturaji::game::Variant::Kaissa),
        chat_times: vec![VecDeque::new(); 2],
    };
    let mut backs = [None, None];
    for ply in 0..MAX_TOKENS {
        assert_eq!(live.status, Status::Playing, "ended early at ply {ply}");
        let seat = ply % 2;
        let text = shuffle(&live.table.legal(), &mut backs[seat]);
        let version = live.version;
        live.act(
            Action::Move {
                seat,
                text,
                version,
            },
            0,
        )
        .unwrap();
        live.version += 1;
    }
    assert_eq!(live.status, Status::Over);
    assert_eq!(live.outcome_word(), "draw");
    let record = kaissa_chaturaji_server::live::record::build(&live).unwrap();
    assert!(record.contains("[Ending \"turn-limit\"]"), "{record}");
    assert!(record.contains("[Outcome \"draw\"]"), "{record}");
    let parsed: kaissa_chaturaji::record::Record = record.parse().unwrap();
    assert_eq!(parsed.action_count(), MAX_TOKENS);
}
