//! The search tree of [`Mcts`](super::Mcts): nodes in one arena (a `Vec`
//! addressed by index), each node's children side by side.

use crate::game::Actor;

/// What stands at a node, learnt when the search first enters it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Never entered: its hash and actor are not known yet.
    Unknown,
    /// Player `i` chooses.
    Player(u8),
    /// Nature draws.
    Chance,
    /// The game is over.
    Over,
}

impl Kind {
    /// The kind of a node whose actor is `actor`.
    pub(super) fn of(actor: Actor) -> Kind {
        match actor {
            Actor::Player(i) => Kind::Player(i as u8),
            Actor::Chance => Kind::Chance,
            Actor::Over => Kind::Over,
        }
    }
}

/// A node: the action from its parent, the game's hash there, its
/// children (`count` nodes from `first`; none until it is expanded), and
/// its statistics: how often the search went through it and the sum of the
/// values it brought back for the player who chose it (the parent's
/// actor), each in `0.0..=1.0`, and its prior: what its action captures
/// ([`AgentGame::capture_value`](super::AgentGame::capture_value)),
/// [`WINS`] when it wins the game at once (for a chance outcome: its
/// probability).
#[derive(Debug, Clone, Copy)]
pub(super) struct Node<A> {
    pub(super) action: Option<A>,
    pub(super) prior: f32,
    pub(super) hash: u64,
    pub(super) first: u32,
    pub(super) count: u32,
    pub(super) visits: u32,
    pub(super) sum: f32,
    pub(super) kind: Kind,
}

/// The prior of a child whose action wins the game at once: the search
/// goes down to it whenever it comes to its parent.
pub(super) const WINS: f32 = f32::INFINITY;

impl<A> Node<A> {
    /// A node not entered yet, reached by `action`.
    pub(super) fn leaf(action: Option<A>) -> Node<A> {
        Node {
            action,
            prior: 0.0,
            hash: 0,
            first: 0,
            count: 0,
            visits: 0,
            sum: 0.0,
            kind: Kind::Unknown,
        }
    }

    /// The children's index range.
    pub(super) fn children(&self) -> core::ops::Range<usize> {
        let first = self.first as usize;
        first..first + self.count as usize
    }

    /// The mean value brought back through this node (0.5 before any
    /// visit).
    pub(super) fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            f64::from(self.sum) / f64::from(self.visits)
        }
    }
}

/// Sorts `children` by prior, highest first, equal priors in the order
/// they come (shuffle them first for a random order among equals): an
/// insertion sort, which allocates nothing and costs little when, as
/// usual, only a few children capture.
pub(super) fn sort_by_prior<A: Copy>(children: &mut [Node<A>]) {
    for index in 1..children.len() {
        let node = children[index];
        let mut at = index;
        while at > 0 && children[at - 1].prior < node.prior {
            children[at] = children[at - 1];
            at -= 1;
        }
        children[at] = node;
    }
}

/// Copies the subtree under `nodes[root]` into `into` (emptied first), in
/// breadth-first order so that every node's children stay side by side,
/// with the root at index 0. Nothing is allocated when `into` has room
/// for the subtree (its capacity is that of `nodes`).
pub(super) fn copy_subtree<A: Copy>(nodes: &[Node<A>], root: usize, into: &mut Vec<Node<A>>) {
    into.clear();
    into.push(nodes[root]);
    let mut next = 0;
    while next < into.len() {
        let range = into[next].children();
        if !range.is_empty() {
            let first = into.len();
            into.extend_from_slice(&nodes[range]);
            into[next].first = first as u32;
        }
        next += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subtree_keeps_its_shape() {
        // 0 -> [1, 2]; 1 -> [3, 4]; 2 -> [5]; 4 -> [6]
        let mut nodes: Vec<Node<u8>> = (0..7).map(|i| Node::leaf(Some(i))).collect();
        let mut link = |parent: usize, first: u32, count: u32| {
            nodes[parent].first = first;
            nodes[parent].count = count;
        };
        link(0, 1, 2);
        link(1, 3, 2);
        link(2, 5, 1);
        link(4, 6, 1);
        let mut copy = Vec::new();
        copy_subtree(&nodes, 1, &mut copy);
        let actions: Vec<u8> = copy.iter().map(|n| n.action.unwrap()).collect();
        assert_eq!(actions, [1, 3, 4, 6]);
        assert_eq!(copy[0].children(), 1..3);
        assert_eq!(copy[2].children(), 3..4);
        assert_eq!(copy[1].count, 0);
    }

    #[test]
    fn children_sort_by_prior_and_keep_the_order_of_equals() {
        let priors = [0.0, 3.0, 0.0, WINS, 3.0, 1.0];
        let mut nodes: Vec<Node<u8>> = (0..6)
            .map(|i| {
                let mut node = Node::leaf(Some(i));
                node.prior = priors[usize::from(i)];
                node
            })
            .collect();
        sort_by_prior(&mut nodes);
        let actions: Vec<u8> = nodes.iter().map(|n| n.action.unwrap()).collect();
        assert_eq!(actions, [3, 1, 4, 5, 0, 2]);
    }
}
