//! A slow, plainly written reference for Chaturaji move generation and
//! play (mailbox loops over the 8x8 board, no bitboards), written from the
//! rules text and compared with the library on positions reached by seeded
//! random play, for every roll and both alliance options.

// Plain index loops over the board are the point of this reference.

use kaissa_chaturaji::chaturaji::{
    Alliances, Colour, Move, MoveList, PieceKind, Position, Roll, Rules, Square,
};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

// Colours 0 red, 1 black, 2 yellow, 3 green. Kinds as letters.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Ref {
    board: [[Option<(usize, char)>; 8]; 8], // [file][rank]
    to_move: usize,
    command: [Option<usize>; 4],
    lost: [bool; 4],
    captured: [u32; 4],
    quiet: u32,
    ply: u32,
    opposite: bool,
    limit: Option<u32>,
}

const THRONE: [(i32, i32); 4] = [(7, 3), (4, 7), (0, 4), (3, 0)];
const DIR: [(i32, i32); 4] = [(-1, 0), (0, -1), (1, 0), (0, 1)];
const SPECIAL: [&str; 16] = [
    "a1", "b1", "c1", "d1", "h1", "h2", "h3", "h4", "e8", "f8", "g8", "h8", "a5", "a6", "a7", "a8",
];

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

impl Ref {
    fn from(pos: &Position) -> Ref {
        let mut board = [[None; 8]; 8];
        for f in 0..8 {
            for r in 0..8 {
                let sq = Square::from_coords(f as i8, r as i8).unwrap();
                board[f][r] = pos
                    .piece_at(sq)
                    .map(|p| (p.colour.index(), p.kind.letter()));
            }
        }
        let idx = |c: Colour| c.index();
        Ref {
            board,
            to_move: pos.to_move().index(),
            command: Colour::ALL.map(|c| pos.commander(c).map(idx)),
            lost: Colour::ALL.map(|c| pos.lost_pawn(c)),
            captured: Colour::ALL.map(|c| pos.captured_rajas(c) as u32),
            quiet: pos.quiet_plies(),
            ply: pos.ply(),
            opposite: pos.rules().alliances == Alliances::Opposite,
            limit: pos.rules().draw_limit.map(u32::from),
        }
    }

    fn ally(&self, c: usize) -> usize {
        if self.opposite {
            (c + 2) % 4
        } else {
            [3, 2, 1, 0][c]
        }
    }

    fn at(&self, f: i32, r: i32) -> Option<(usize, char)> {
        self.board[f as usize][r as usize]
    }

    fn has_pieces(&self, c: usize) -> bool {
        (0..8).any(|f| (0..8).any(|r| matches!(self.at(f, r), Some((pc, _)) if pc == c)))
    }

    fn finished(&self) -> bool {
        let alive = |c: usize| self.has_pieces(c);
        let a = alive(0) || alive(self.ally(0));
        let b = alive(1) || alive(self.ally(1));
        if !a || !b {
            return true;
        }
        matches!(self.limit, Some(l) if self.quiet >= l)
    }

    fn enemy(&self, a: usize, b: usize) -> bool {
        a != b && self.ally(a) != b
    }

    fn special_possible(&self, c: usize) -> bool {
        let mut pieces = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                if let Some((pc, k)) = self.at(f, r) {
                    if pc == c {
                        pieces.push(k);
                    }
                }
            }
        }
        pieces.len() == 2 && pieces.contains(&'P') && pieces.contains(&'B')
    }

    fn moves(&self, face: u8) -> Vec<String> {
        let mut out = Vec::new();
        if self.finished() {
            return out;
        }
        let seat = self.to_move;
        for f in 0..8 {
            for r in 0..8 {
                let (c, k) = match self.at(f, r) {
                    Some(p) => p,
                    None => continue,
                };
                if self.command[c] != Some(seat) {
                    continue;
                }
                let face_of = match k {
                    'K' | 'P' => 5,
                    'E' => 4,
                    'H' => 3,
                    _ => 2,
                };
                if face_of != face {
                    continue;
                }
                let mut targets: Vec<(i32, i32)> = Vec::new();
                let free_or_enemy = |tf: i32, tr: i32| match self.at(tf, tr) {
                    None => true,
                    Some((tc, _)) => self.enemy(c, tc),
                };
                match k {
                    'K' => {
                        for df in -1..=1 {
                            for dr in -1..=1 {
                                let (tf, tr) = (f + df, r + dr);
                                if (df, dr) != (0, 0) && on_board(tf, tr) && free_or_enemy(tf, tr) {
                                    targets.push((tf, tr));
                                }
                            }
                        }
                    }
                    'E' => {
                        for (df, dr) in DIR {
                            let (mut tf, mut tr) = (f + df, r + dr);
                            while on_board(tf, tr) {
                                if self.at(tf, tr).is_none() {
                                    targets.push((tf, tr));
                                } else {
                                    if free_or_enemy(tf, tr) {
                                        targets.push((tf, tr));
                                    }
                                    break;
                                }
                                tf += df;
                                tr += dr;
                            }
                        }
                    }
                    'H' => {
                        for (df, dr) in [
                            (1, 2),
                            (2, 1),
                            (2, -1),
                            (1, -2),
                            (-1, -2),
                            (-2, -1),
                            (-2, 1),
                            (-1, 2),
                        ] {
                            let (tf, tr) = (f + df, r + dr);
                            if on_board(tf, tr) && free_or_enemy(tf, tr) {
                                targets.push((tf, tr));
                            }
                        }
                    }
                    'B' => {
                        for (df, dr) in [(2, 2), (2, -2), (-2, 2), (-2, -2)] {
                            let (tf, tr) = (f + df, r + dr);
                            if !on_board(tf, tr) {
                                continue;
                            }
                            match self.at(tf, tr) {
                                None => targets.push((tf, tr)),
                                Some((tc, 'P')) if self.enemy(c, tc) => targets.push((tf, tr)),
                                _ => {}
                            }
                        }
                    }
                    _ => {
                        let (df, dr) = DIR[c];
                        if on_board(f + df, r + dr) && self.at(f + df, r + dr).is_none() {
                            targets.push((f + df, r + dr));
                        }
                        let diagonals = if df == 0 {
                            [(1, dr), (-1, dr)]
                        } else {
                            [(df, 1), (df, -1)]
                        };
                        for (ddf, ddr) in diagonals {
                            let (tf, tr) = (f + ddf, r + ddr);
                            if !on_board(tf, tr) {
                                continue;
                            }
                            if let Some((tc, tk)) = self.at(tf, tr) {
                                if self.enemy(c, tc) && (tk == 'P' || tk == 'B') {
                                    targets.push((tf, tr));
                                }
                            }
                        }
                    }
                }
                for (tf, tr) in targets {
                    let text = format!("{}{}", name(f, r), name(tf, tr));
                    if k == 'P'
                        && self.special_possible(c)
                        && SPECIAL.contains(&name(tf, tr).as_str())
                    {
                        for suffix in ["K", "E", "H", "B"] {
                            out.push(format!("{text}{suffix}"));
                        }
                    } else {
                        out.push(text);
                    }
                }
            }
        }
        if out.is_empty() {
            out.push("pass".to_string());
        }
        out.sort();
        out
    }

    fn far_edge(c: usize, f: i32, r: i32) -> Option<i32> {
        // Returns the coordinate along the edge when (f, r) is on c's far edge.
        match c {
            0 if f == 0 => Some(r),
            1 if r == 0 => Some(f),
            2 if f == 7 => Some(r),
            3 if r == 7 => Some(f),
            _ => None,
        }
    }

    fn promote_kind(line: i32) -> Option<char> {
        match line {
            1 | 6 => Some('H'),
            2 | 5 => Some('E'),
            _ => None,
        }
    }

    /// Plays `text`; returns the events it caused as flags:
    /// 1 capture, 2 triumph, 4 conquest, 8 promotion, 16 special promotion,
    /// 32 waiting pawns released, 64 elimination, 128 raja captured.
    fn play(&mut self, text: &str) -> u32 {
        let mut events = 0;
        let seat = self.to_move;
        let mut capture = false;
        if text != "pass" {
            let b = text.as_bytes();
            let (f, r) = ((b[0] - b'a') as i32, (b[1] - b'1') as i32);
            let (tf, tr) = ((b[2] - b'a') as i32, (b[3] - b'1') as i32);
            let suffix = b.get(4).map(|&x| x as char);
            let (c, k) = self.at(f, r).unwrap();
            let mut newly_lost = Vec::new();
            if let Some((vc, vk)) = self.at(tf, tr) {
                capture = true;
                events |= 1;
                if vk == 'K' {
                    events |= 128;
                    self.captured[vc] += 1;
                }
                if vk == 'P' && !self.lost[vc] {
                    self.lost[vc] = true;
                    newly_lost.push(vc);
                }
            }
            self.board[f as usize][r as usize] = None;
            let mut new_kind = k;
            if let Some(s) = suffix {
                events |= 16;
                new_kind = s;
            } else if k == 'P' && self.lost[c] {
                if let Some(line) = Ref::far_edge(c, tf, tr) {
                    if let Some(pk) = Ref::promote_kind(line) {
                        events |= 8;
                        new_kind = pk;
                    }
                }
            }
            self.board[tf as usize][tr as usize] = Some((c, new_kind));
            if k == 'B' {
                let mut victims = Vec::new();
                for (bf, br) in [(tf - 1, tr - 1), (tf - 1, tr), (tf, tr - 1), (tf, tr)] {
                    let cells = [(bf, br), (bf + 1, br), (bf, br + 1), (bf + 1, br + 1)];
                    if cells
                        .iter()
                        .all(|&(x, y)| on_board(x, y) && matches!(self.at(x, y), Some((_, 'B'))))
                    {
                        for cell in cells {
                            if cell != (tf, tr) {
                                victims.push(cell);
                            }
                        }
                    }
                }
                for (x, y) in victims {
                    if self.at(x, y).is_some() {
                        capture = true;
                        events |= 2;
                    }
                    self.board[x as usize][y as usize] = None;
                }
            }
            if k == 'K' && suffix.is_none() {
                let a = self.ally(c);
                if (tf, tr) == THRONE[a] && self.command[c] == Some(c) && self.command[a] == Some(a)
                {
                    self.command[a] = Some(c);
                    events |= 4;
                }
            }
            for v in newly_lost {
                for x in 0..8 {
                    for y in 0..8 {
                        if self.at(x, y) == Some((v, 'P')) {
                            if let Some(line) = Ref::far_edge(v, x, y) {
                                if let Some(pk) = Ref::promote_kind(line) {
                                    events |= 32;
                                    self.board[x as usize][y as usize] = Some((v, pk));
                                }
                            }
                        }
                    }
                }
            }
            for col in 0..4 {
                if !self.has_pieces(col) && self.command[col].is_some() {
                    events |= 64;
                    self.command[col] = None;
                }
            }
        }
        self.quiet = if capture { 0 } else { self.quiet + 1 };
        self.ply += 1;
        for step in 1..=4 {
            let s = (seat + step) % 4;
            if self.command.contains(&Some(s)) {
                self.to_move = s;
                break;
            }
        }
        events
    }
}

fn fast_moves(pos: &Position, roll: Roll) -> Vec<String> {
    let mut list = MoveList::new();
    pos.generate_moves(roll, &mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

const SEEDS: [&str; 6] = [
    "8/2,yB,3,bB,1/8/3,yB,4/3,rB,bB,3/2,gB,3,rB,1/8/gK,1,yK,2,bK,1,rK r rbyg - - 0 0",
    "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 0 0",
    "8/3,bP,bK,3/2,rB,bB,yB,3/yK,1,gB,1,rB,1,rP,1/1,yB,1,bB,1,gB,2/2,yP,1,gP,1,rK,1/8/3,gK,4 r rbyg - - 0 0",
    "8/6,gP,1/1,rP,6/4,gB,3/3,rB,4/2,yB,3,yP,1/2,bP,2,bB,2/8 r rbyg - - 0 0",
    "5,gP,2/1,gP,gP,gP,2,yP,1/6,yP,1/yK,3,bK,3/1,rP,2,gH,2,rK/1,rP,3,bH,2/1,rP,3,bP,bP,1/3,gK,yH,3 r rbyg by - 0 0",
    "8/3,yK,bP,3/8/1,bK,2,yP,3/2,rP,3,gK,1/3,gP,4/2,rK,5/8 r rbyg - - 0 0",
];

/// Checks one position: move lists for every roll, and every move's
/// result (text, hash, undo).
fn check_position(pos: &mut Position, stats: &mut [usize; 10]) {
    let reference = Ref::from(pos);
    assert_eq!(
        Position::from_text(&pos.to_string(), pos.rules()).as_ref(),
        Ok(&*pos)
    );
    for roll in Roll::ALL {
        let fast = fast_moves(pos, roll);
        let slow = reference.moves(roll.face());
        assert_eq!(fast, slow, "position {pos} roll {roll}");
        for text in &fast {
            let mv: Move = text.parse().unwrap();
            assert!(pos.is_legal(roll, mv), "{pos} {roll}:{mv}");
            let before = pos.clone();
            let undo = pos.play_unchecked(mv);
            stats[1] += 1;
            let mut expected = reference.clone();
            let events = expected.play(text);
            for bit in 0..8 {
                if events & (1 << bit) != 0 {
                    stats[2 + bit] += 1;
                }
            }
            assert_eq!(
                Ref::from(pos),
                expected,
                "after {roll}:{text} from {before}"
            );
            assert_eq!(
                pos.hash(),
                pos.compute_hash(),
                "hash after {text} from {before}"
            );
            pos.undo(undo).unwrap();
            assert_eq!(*pos, before);
        }
    }
    stats[0] += 1;
}

/// Returns [positions, moves played, then per event of `Ref::play`].
fn walk(alliances: Alliances, games_per_seed: u64, max_plies: u32) -> [usize; 10] {
    let rules = Rules::default().with_alliances(alliances);
    let mut stats = [0usize; 10];
    for (i, text) in SEEDS.iter().enumerate() {
        let start = Position::from_text(text, rules).unwrap();
        for g in 0..games_per_seed {
            let mut rng = SplitMix64::new(1000 * i as u64 + g + 77 * alliances as u64);
            let mut pos = start.clone();
            for _ in 0..max_plies {
                if pos.is_over() {
                    break;
                }
                check_position(&mut pos, &mut stats);
                let roll = Roll::ALL[rng.below(4) as usize];
                let mv = pos.choose_move(roll, &mut rng).unwrap();
                pos.play_unchecked(mv);
            }
            check_position(&mut pos, &mut stats);
        }
    }
    stats
}

/// Random games per seed position in the reference walks: 6, or 12 with
/// `KC_FULL_PROPTESTS` (`tests/common/cases.rs`).
fn games_per_seed() -> u64 {
    u64::from(crate::cases::cases(6, 12))
}

#[test]
fn reference_agrees_sheet() {
    let stats = walk(Alliances::Sheet, games_per_seed(), 250);
    println!("{stats:?}");
    assert!(stats[0] > 2000, "{stats:?}");
    assert!(
        stats[2..].iter().all(|&n| n > 0),
        "every event must be reached: {stats:?}"
    );
}

#[test]
fn reference_agrees_opposite() {
    let stats = walk(Alliances::Opposite, games_per_seed(), 250);
    println!("{stats:?}");
    assert!(stats[0] > 2000, "{stats:?}");
    assert!(
        stats[2..].iter().all(|&n| n > 0),
        "every event must be reached: {stats:?}"
    );
}

/// is_legal agrees with generation over every from/to pair (with and
/// without each suffix) and pass.
#[test]
fn is_legal_matches_generation() {
    for alliances in [Alliances::Sheet, Alliances::Opposite] {
        let rules = Rules::default().with_alliances(alliances);
        for (i, text) in SEEDS.iter().enumerate() {
            let mut pos = Position::from_text(text, rules).unwrap();
            let mut rng = SplitMix64::new(i as u64 + 5);
            for ply in 0..120 {
                if pos.is_over() {
                    break;
                }
                if ply % 8 == 0 {
                    for roll in Roll::ALL {
                        let legal = fast_moves(&pos, roll);
                        let mut found = Vec::new();
                        if pos.is_legal(roll, Move::Pass) {
                            found.push("pass".to_string());
                        }
                        for from in Square::all() {
                            for to in Square::all() {
                                if from == to {
                                    continue;
                                }
                                let mut candidates = vec![Move::Normal { from, to }];
                                for kind in PieceKind::ALL {
                                    candidates.push(Move::Promotion { from, to, kind });
                                }
                                for mv in candidates {
                                    if pos.is_legal(roll, mv) {
                                        found.push(mv.to_string());
                                    }
                                }
                            }
                        }
                        found.sort();
                        assert_eq!(found, legal, "{pos} roll {roll}");
                    }
                }
                let roll = Roll::ALL[rng.below(4) as usize];
                let mv = pos.choose_move(roll, &mut rng).unwrap();
                pos.play_unchecked(mv);
            }
        }
    }
}
