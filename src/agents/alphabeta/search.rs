//! The search itself: iterative deepening over a principal-variation
//! alpha-beta search with a quiescence search on captures.

use std::time::Instant;

use crate::kaissa::{attacks, Move, PieceKind, Position};

use super::super::kaissa_eval::{evaluate, piece_value, MATE};
use super::ordering::{self, capture_key};
use super::tt::Bound;
use super::{AlphaBeta, SearchReport, StopFlag, MAX_PLY};

/// Above every score.
const INFINITY: i32 = MATE + 1;
/// Scores beyond this are mates (a won or lost game within the search).
const MATE_BOUND: i32 = MATE - 1000;

/// The score of a position that is over before any move is looked at
/// (for the side to move), or `None`.
fn decided_score(pos: &Position, ply: usize) -> Option<i32> {
    let side = pos.to_move();
    if pos.stone_captured(side) || (pos.must_place() && pos.placement_squares().is_empty()) {
        Some(-(MATE - ply as i32))
    } else if pos.turn_limit_reached() {
        Some(0)
    } else {
        None
    }
}

impl AlphaBeta {
    /// Iterative deepening from `pos` within the limits.
    pub(super) fn run(&mut self, pos: &Position) -> SearchReport {
        let start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.deadline = self.config.time.map(|time| start + time);
        self.history.age();
        for killers in &mut self.killers {
            *killers = [None, None];
        }
        let mut report = SearchReport {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        let mut pos = pos.clone();
        let moves = pos.legal_moves();
        match moves.as_slice() {
            [] => return report,
            [only] => {
                report.best = Some(*only);
                return report;
            }
            _ => {}
        }
        let max_depth = self.config.depth.clamp(1, MAX_PLY as u32 - 1);
        for depth in 1..=max_depth {
            self.root_best = None;
            let score = self.negamax(&mut pos, depth as i32, -INFINITY, INFINITY, 0);
            if self.stopped {
                // A partial iteration searched the previous best move
                // first: a move it found better is better.
                if let Some((mv, score)) = self.root_best {
                    report.best = Some(mv);
                    report.score = score;
                }
                break;
            }
            if let Some((mv, _)) = self.root_best {
                report.best = Some(mv);
            }
            report.score = score;
            report.depth = depth;
            if score.abs() > MATE_BOUND {
                break;
            }
        }
        if report.best.is_none() {
            report.best = moves.first().copied();
        }
        report.nodes = self.nodes;
        report
    }

    /// Counts a node; true when a limit says stop.
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.stopped {
            return true;
        }
        if self.config.nodes.is_some_and(|limit| self.nodes >= limit) {
            self.stopped = true;
        } else if self.nodes & 1023 == 0 {
            if let Some(deadline) = self.deadline {
                self.stopped = Instant::now() >= deadline;
            }
            self.stopped |= self.stop.as_ref().is_some_and(StopFlag::is_raised);
        }
        self.stopped
    }

    /// The alpha-beta search of `pos` to `depth` plies, then quiescence.
    ///
    /// Longer than the house limit on purpose: it is the search's hot
    /// recursion (table probe, move ordering, the move loop and the table
    /// store), and each step reads the state the previous one left.
    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if let Some(score) = decided_score(pos, ply) {
            self.nodes += 1;
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiescence(pos, alpha, beta, ply);
        }
        if ply > 0 && self.out_of_budget() {
            return 0;
        }
        if ply == 0 {
            self.nodes += 1;
        }
        let key = pos.hash();
        let original_alpha = alpha;
        let hit = self.table.probe(key, ply);
        if let Some(hit) = hit {
            if ply > 0 && hit.depth >= depth {
                let usable = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if usable {
                    return hit.score;
                }
            }
        }
        let tt_move = hit.and_then(|hit| hit.mv);
        // Generate and key the moves into this ply's buffer.
        let mut list = core::mem::take(&mut self.lists[ply]);
        list.clear();
        let killers = self.killers[ply];
        pos.for_each_move(|mv| {
            let key = ordering::key(pos, mv, tt_move, &killers, &self.history);
            list.push((mv, key));
        });
        if list.is_empty() {
            self.lists[ply] = list;
            // No legal move: a draw (the decided cases were caught above).
            return 0;
        }
        let side = pos.to_move().index();
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for index in 0..list.len() {
            let mv = ordering::pick(&mut list, index);
            let undo = pos.play_unchecked(mv);
            let score = if index == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // A null window first: most moves only need to be shown
                // no better than the best so far.
                let probe = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1);
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            pos.undo_unchecked(undo);
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if ply == 0 {
                    self.root_best = Some((mv, score));
                }
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if capture_key(pos, mv).is_none() {
                    let killers = &mut self.killers[ply];
                    if killers[0] != Some(mv) {
                        killers[1] = killers[0];
                        killers[0] = Some(mv);
                    }
                    self.history.credit(side, mv, depth);
                }
                break;
            }
        }
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(key, ply, best_move, best_score, depth, bound);
        best_score
    }

    /// Captures only, until the position is quiet: the side to move may
    /// also stand on the static evaluation.
    fn quiescence(&mut self, pos: &mut Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(score) = decided_score(pos, ply) {
            self.nodes += 1;
            return score;
        }
        if self.out_of_budget() {
            return 0;
        }
        let stand = evaluate(pos);
        if stand >= beta || ply >= MAX_PLY - 1 || pos.must_place() {
            // (On its last placement turn a side has no capture.)
            return stand;
        }
        alpha = alpha.max(stand);
        let mut list = core::mem::take(&mut self.lists[ply]);
        list.clear();
        let side = pos.to_move();
        let occupied = pos.occupied();
        let enemy = pos.pieces_of(side.other());
        for kind in PieceKind::ALL {
            if kind == PieceKind::HomeStone {
                continue;
            }
            for from in pos.pieces(side, kind) {
                for to in attacks(kind, side, from, occupied) & enemy {
                    let victim = pos.piece_at(to).map_or(PieceKind::Spearman, |p| p.kind);
                    if victim == PieceKind::HomeStone {
                        self.lists[ply] = list;
                        return MATE - (ply as i32 + 1);
                    }
                    let key = piece_value(victim) * 16 - piece_value(kind) / 16;
                    list.push((Move::Normal { from, to }, key));
                }
            }
        }
        let mut best = stand;
        for index in 0..list.len() {
            let mv = ordering::pick(&mut list, index);
            let undo = pos.play_unchecked(mv);
            let score = -self.quiescence(pos, -beta, -alpha, ply + 1);
            pos.undo_unchecked(undo);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        best
    }
}
