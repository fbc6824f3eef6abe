//! The search itself: iterative deepening over a principal-variation
//! alpha-beta search with a quiescence search on captures.

use arrayvec::ArrayVec;

use crate::agents::clock::Instant;
use crate::kaissa::{attacks, Move, PieceKind, Position, Side};

use super::super::kaissa_eval::{evaluate, piece_value, MATE};
use super::ordering::{self, capture_key, Refutations};
use super::see;
use super::tt::Bound;
use super::{AlphaBeta, Limit, StopFlag, Thought, MAX_LINE, MAX_PLY};

/// Above every score.
const INFINITY: i32 = MATE + 1;
/// The half-width of the first aspiration window, in centipawns.
const ASPIRATION: i32 = 40;
/// The futility margin per ply of depth left, in centipawns.
const FUTILITY: i32 = 150;
/// The deepest node at which static exchange pruning skips moves.
const EXCHANGE_PRUNING_DEPTH: i32 = 4;
/// A late quiet move is skipped when the enemy wins more than this times
/// the depth left squared by taking the moved piece.
const QUIET_EXCHANGE_MARGIN: i32 = 20;
/// A capture is skipped when it loses more than this times the depth
/// left by static exchange.
const CAPTURE_EXCHANGE_MARGIN: i32 = 120;
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

/// Whether a null move is sound enough here: both stones are on the board
/// (no placement deadline), and the side to move has at least two pieces
/// besides Spearmen, so that passing is rarely better than every move
/// (zugzwang).
fn null_move_safe(pos: &Position) -> bool {
    let side = pos.to_move();
    if pos.stone_in_hand(side) || pos.stone_in_hand(side.other()) {
        return false;
    }
    let officers = pos.pieces_of(side)
        & !pos.pieces_of_kind(PieceKind::Spearman)
        & !pos.pieces_of_kind(PieceKind::HomeStone);
    officers.count() >= 2
}

/// Whether an enemy piece attacks `side`'s Home Stone on the board (the
/// enemy could take it next move: the search's "check"), by
/// [`Position::is_attacked_by`].
pub(super) fn stone_attacked(pos: &Position, side: Side) -> bool {
    let Some(stone) = pos.stone_square(side) else {
        return false;
    };
    pos.is_attacked_by(side.other(), stone)
}

/// The plies a late quiet move is searched shallower: about
/// `ln(depth) * ln(index) / 2`, at least 1, leaving at least one ply.
fn late_move_reduction(depth: i32, index: usize) -> i32 {
    let r = (f64::from(depth).ln() * (index as f64).ln() / 2.0) as i32;
    r.clamp(1, depth - 2)
}

impl AlphaBeta {
    /// Iterative deepening from `pos` within `limit` (already resolved
    /// against the agent's budget); `progress` hears of each iteration
    /// completed, with its principal variation.
    pub(super) fn run(
        &mut self,
        pos: &Position,
        limit: &Limit,
        progress: &mut dyn FnMut(&Thought<Move>),
    ) -> Thought<Move> {
        let start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.deadline = limit.move_time().map(|time| start + time);
        self.node_limit = limit.nodes;
        self.stop.clone_from(&limit.stop);
        self.history.age();
        self.table.new_search();
        for killers in &mut self.killers {
            *killers = [None, None];
        }
        let mut thought = Thought::default();
        let mut pos = pos.clone();
        let moves = pos.legal_moves();
        match moves.as_slice() {
            [] => return thought,
            [only] => return Thought::chosen(Some(*only)),
            _ => {}
        }
        let max_depth = limit
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        for depth in 1..=max_depth {
            let score = self.root_search(&mut pos, depth as i32, thought.score);
            if self.stopped {
                // A partial iteration searched the previous best move
                // first: a move it found better is better.
                if let Some((mv, score)) = self.root_best {
                    thought.best = Some(mv);
                    thought.score = score;
                }
                break;
            }
            if let Some((mv, _)) = self.root_best {
                thought.best = Some(mv);
            }
            thought.score = score;
            thought.depth = depth;
            if let Some(best) = thought.best {
                thought.nodes = self.nodes;
                thought.elapsed = start.elapsed();
                self.fill_line(&pos, best, depth as usize);
                thought.pv.clone_from(&self.line);
                progress(&thought);
            }
            if score.abs() > MATE_BOUND {
                break;
            }
        }
        if thought.best.is_none() {
            thought.best = moves.first().copied();
        }
        if thought.pv.first() != thought.best.as_ref() {
            thought.pv.clear();
            thought.pv.extend(thought.best);
        }
        thought.nodes = self.nodes;
        thought.elapsed = start.elapsed();
        thought
    }

    /// Puts the principal variation from `pos` into `self.line`: `best`,
    /// then the table's moves, each legal, at most `limit` (and
    /// [`MAX_LINE`]) moves, none through a position met before on it.
    fn fill_line(&mut self, pos: &Position, best: Move, limit: usize) {
        self.line.clear();
        let mut pos = pos.clone();
        let mut seen = ArrayVec::<u64, MAX_LINE>::new();
        seen.push(pos.hash());
        let mut next = Some(best);
        while let Some(mv) = next {
            if self.line.len() >= limit.min(MAX_LINE) || !pos.is_legal(mv) {
                break;
            }
            let _ = pos.play_unchecked(mv);
            self.line.push(mv);
            if pos.is_over() || seen.contains(&pos.hash()) || seen.is_full() {
                break;
            }
            seen.push(pos.hash());
            next = self.table.probe(pos.hash(), 0).and_then(|hit| hit.mv);
        }
    }

    /// One iteration at the root: within an aspiration window around the
    /// last iteration's score `guess` from depth 4 on (widened and
    /// searched again when the score falls outside), else full width.
    fn root_search(&mut self, pos: &mut Position, depth: i32, guess: i32) -> i32 {
        let mut margin = ASPIRATION;
        let use_window = depth >= 4 && guess.abs() < MATE_BOUND;
        let (mut alpha, mut beta) = if use_window {
            (guess - margin, guess + margin)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            self.root_best = None;
            let score = self.negamax(pos, depth, alpha, beta, 0, false);
            if self.stopped || (score > alpha && score < beta) {
                return score;
            }
            // Four times wider on the side that failed, then unbounded.
            margin *= 4;
            if score <= alpha {
                alpha = if margin > 1000 {
                    -INFINITY
                } else {
                    guess - margin
                };
            } else {
                beta = if margin > 1000 {
                    INFINITY
                } else {
                    guess + margin
                };
            }
        }
    }

    /// Counts a node; true when a limit says stop.
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.stopped {
            return true;
        }
        if self.node_limit.is_some_and(|limit| self.nodes >= limit) {
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
    /// `cut`: the node is expected to fail high (a null-window search
    /// that the node above expects to refute its move).
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
        cut: bool,
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
            if ply > 0 && hit.depth >= depth && hit.decides(alpha, beta) {
                return hit.score;
            }
        }
        let tt_move = hit.and_then(|hit| hit.mv);
        let pv = beta - alpha > 1;
        // The static evaluation, for the pruning near the leaves and the
        // null move.
        let frontier = !pv && depth <= 2;
        let static_eval = evaluate(pos);
        self.evals[ply] = static_eval;
        if frontier && beta.abs() < MATE_BOUND && static_eval - FUTILITY * depth >= beta {
            // So far above beta that a shallow search will not come down.
            return static_eval - FUTILITY * depth;
        }
        if !pv
            && ply > 0
            && depth >= 3
            && !self.passed[ply]
            && beta.abs() < MATE_BOUND
            && null_move_safe(pos)
            && static_eval >= beta
        {
            // Give the enemy a free move: if the side to move still
            // holds beta at a reduced depth, a real move will too.
            let saved = (pos.to_move, pos.turn, pos.hash);
            pos.pass_turn();
            self.passed[ply + 1] = true;
            let reduced = depth - 1 - (2 + depth / 4);
            let score = -self.negamax(pos, reduced, -beta, -beta + 1, ply + 1, !cut);
            self.passed[ply + 1] = false;
            (pos.to_move, pos.turn, pos.hash) = saved;
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return beta;
            }
        }
        let side = pos.to_move().index();
        // Generate and key the moves into this ply's buffer.
        let first = Refutations {
            tt_move,
            killers: self.killers[ply],
        };
        let mut list = self.keyed_moves(pos, ply, &first);
        if list.is_empty() {
            self.lists[ply] = list;
            // No legal move: a draw (the decided cases were caught above).
            return 0;
        }
        // Move-count pruning: near the leaves, off the
        // principal variation, with the side's own stone safe.
        let prunable = !pv && ply > 0 && depth <= 3 && !stone_attacked(pos, pos.to_move());
        let improving = ply >= 2 && self.evals[ply] > self.evals[ply - 2];
        let move_limit = (3 + depth * depth) * if improving { 2 } else { 1 };
        let exchange_prunable = !pv && ply > 0 && depth <= EXCHANGE_PRUNING_DEPTH;
        let mut late_quiets = 0;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for index in 0..list.len() {
            let mv = ordering::pick(&mut list, index);
            let order = list[index].1;
            let late_quiet = ordering::is_late_quiet(order) && !matches!(mv, Move::Place { .. });
            if frontier
                && index > 0
                && alpha.abs() < MATE_BOUND
                && static_eval + FUTILITY * depth <= alpha
                && late_quiet
            {
                // A quiet move this close to the leaves will not lift a
                // score this far below alpha.
                continue;
            }
            let quiet = capture_key(pos, mv).is_none();
            // Static exchange pruning near the leaves: a late quiet move
            // that leaves its piece to be won, or a capture that loses
            // material once the square is fought over.
            let exchange_prunable = exchange_prunable && index > 0 && best_score > -MATE_BOUND;
            let losing_capture = exchange_prunable
                && tt_move != Some(mv)
                && match (mv, pos.piece_at(mv.to())) {
                    (Move::Normal { from, to }, Some(victim)) => {
                        victim.kind != PieceKind::HomeStone
                            && see::exchange(pos, from, to, victim.kind)
                                < -CAPTURE_EXCHANGE_MARGIN * depth
                    }
                    _ => false,
                };
            // Too late in the list to be worth a search (unless it turns out to threaten the stone).
            let prune =
                prunable && late_quiet && best_score > -MATE_BOUND && late_quiets >= move_limit;
            // Late quiet moves are searched shallower first, a ply more
            // at a node expected to fail high.
            let reduction = if depth >= 3 && index >= 3 && late_quiet {
                (late_move_reduction(depth, index) + i32::from(cut)).min(depth - 2)
            } else {
                0
            };
            let undo = pos.play_unchecked(mv);
            let prune = prune
                || losing_capture
                || (exchange_prunable
                    && late_quiet
                    && see::capture_gain(pos, mv.to()) > QUIET_EXCHANGE_MARGIN * depth * depth);
            // A move that threatens the enemy stone is neither pruned nor
            // reduced.
            let checks = (prune || reduction > 0) && stone_attacked(pos, pos.to_move());
            if prune && !checks {
                pos.undo_unchecked(undo);
                continue;
            }
            if late_quiet {
                late_quiets += 1;
            }
            let reduction = if checks { 0 } else { reduction };
            let next = depth - 1;
            let score = if index == 0 {
                -self.negamax(pos, next, -beta, -alpha, ply + 1, !pv && !cut)
            } else {
                // A null window first: most moves only need to be shown
                // no better than the best so far; late quiet ones at a
                // reduced depth first.
                let mut probe = -self.negamax(
                    pos,
                    next - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    reduction > 0 || !cut,
                );
                if reduction > 0 && probe > alpha && !self.stopped {
                    probe = -self.negamax(pos, next, -alpha - 1, -alpha, ply + 1, !cut);
                }
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(pos, next, -beta, -alpha, ply + 1, false)
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
                if quiet {
                    self.reward_cutoff(side, mv, depth, ply);
                }
                break;
            }
        }
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        self.table
            .store(key, ply, best_move, best_score, depth, bound);
        best_score
    }

    /// The legal moves of `pos`, each with its ordering key, in the
    /// buffer of `ply` (taken out: put it back when done with it).
    fn keyed_moves(&mut self, pos: &Position, ply: usize, first: &Refutations) -> Vec<(Move, i32)> {
        let mut list = core::mem::take(&mut self.lists[ply]);
        list.clear();
        pos.for_each_move(|mv| {
            let key = ordering::key(pos, mv, first, &self.history);
            list.push((mv, key));
        });
        list
    }

    /// Remembers the quiet move `mv` of `side` that cut off at `depth`
    /// and `ply`: as a killer and in the history.
    fn reward_cutoff(&mut self, side: usize, mv: Move, depth: i32, ply: usize) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        self.history.credit(side, mv, depth);
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
        let side = pos.to_move();
        let stand = evaluate(pos);
        if stand >= beta || ply >= MAX_PLY - 1 || pos.must_place() {
            // (On its last placement turn a side has no capture.)
            return stand;
        }
        alpha = alpha.max(stand);
        let mut list = core::mem::take(&mut self.lists[ply]);
        list.clear();
        let occupied = pos.occupied();
        let enemy = pos.pieces_of(side.other());
        for kind in PieceKind::ALL {
            if kind == PieceKind::HomeStone {
                continue;
            }
            for from in pos.pieces(side, kind) {
                for to in attacks(kind, side, from, occupied) & enemy {
                    // (Every square of `enemy` holds a piece.)
                    let Some(victim) = pos.piece_at(to).map(|piece| piece.kind) else {
                        continue;
                    };
                    if victim == PieceKind::HomeStone {
                        self.lists[ply] = list;
                        return MATE - (ply as i32 + 1);
                    }
                    if piece_value(victim) < piece_value(kind)
                        && see::exchange(pos, from, to, victim) < 0
                    {
                        // Taking loses material once the square is
                        // fought over: no quiet position lies that way.
                        continue;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::{AlphaBeta, Limit};

    #[test]
    fn threats_on_the_stone_are_seen() {
        // Yellow's Builder on i1 attacks Red's stone on i10.
        let pos: Position = "8h1/10/10/10/10/10/10/10/10/4H3B1 y 20 -".parse().unwrap();
        assert!(stone_attacked(&pos, Side::Red));
        assert!(!stone_attacked(&pos, Side::Yellow));
        // A Red Spearman on d2 takes diagonally forward (towards rank 1):
        // e1 is attacked, from d2 a Yellow Spearman would not be.
        let red: Position = "4h5/10/10/10/10/10/10/10/3p6/4H5 y 20 -".parse().unwrap();
        assert!(stone_attacked(&red, Side::Yellow));
        let yellow: Position = "4h5/10/10/10/10/10/10/10/3P6/4H5 y 20 -".parse().unwrap();
        assert!(!stone_attacked(&yellow, Side::Yellow));
    }

    /// A middlegame position with many quiet moves on both sides.
    fn middlegame() -> Position {
        "hb1tqut1bi/ar2ppp1sr/2p1s2p2/3p1t3a/10/10/1APPPP1A2/6P3/1R5PR1/HBSTQUTSBI r 12 -"
            .parse()
            .unwrap()
    }

    #[test]
    fn the_search_is_deterministic() {
        let pos = middlegame();
        let first = AlphaBeta::default().search(&pos, &Limit::depth(5));
        let second = AlphaBeta::default().search(&pos, &Limit::depth(5));
        assert_eq!(first, second);
        assert_eq!(first.depth, 5);
        assert!(pos.is_legal(first.best.unwrap()));
    }
}
