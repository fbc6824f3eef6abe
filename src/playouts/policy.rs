//! Move policies: how a playout picks each move among the legal ones.

use core::fmt;
use core::marker::PhantomData;
use std::sync::Arc;

use crate::chaturaji::{self, GamePly};
use crate::game::{Chaturaji, ChaturajiStep, ChaturajiSteps, Game, Kaissa};
use crate::kaissa;
use crate::random::{RandomSource, SplitMix64};

/// The legal moves of a position, which a [`Policy`] chooses among: never
/// empty, in the order of the game's `legal_moves`. A policy answers with
/// a [`Choice`] made from this list (by index, by a test on the moves, or
/// at random), so the move played is always one of them.
///
/// ```
/// use kaissa_chaturaji::game::Game;
/// use kaissa_chaturaji::playouts::{Candidates, Choice, Playouts, Policy};
/// use kaissa_chaturaji::random::RandomSource;
///
/// /// The last legal move, every time.
/// struct Last;
/// impl<G: Game> Policy<G> for Last {
///     fn choose<'a>(
///         &self,
///         _: &G,
///         moves: Candidates<'a, G::Action>,
///         _: &mut dyn RandomSource,
///     ) -> Choice<'a> {
///         moves.last()
///     }
/// }
/// let game = Playouts::kaissa(1).with_policy(Last).with_max_plies(6).game(0);
/// assert_eq!(game.plies, 6);
/// ```
pub struct Candidates<'a, M> {
    moves: &'a [M],
    /// Ties the choices made from this list to it (invariant in `'a`).
    brand: PhantomData<fn(&'a ()) -> &'a ()>,
}

impl<M> Clone for Candidates<'_, M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M> Copy for Candidates<'_, M> {}

impl<M: fmt::Debug> fmt::Debug for Candidates<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Candidates").field(&self.moves).finish()
    }
}

impl<'a, M> Candidates<'a, M> {
    /// The list as candidates, or `None` when it is empty (the game is
    /// over: nothing to choose).
    pub(crate) fn new(moves: &'a [M]) -> Option<Candidates<'a, M>> {
        (!moves.is_empty()).then_some(Candidates {
            moves,
            brand: PhantomData,
        })
    }

    /// The legal moves (at least one).
    #[must_use]
    pub fn moves(self) -> &'a [M] {
        self.moves
    }

    /// The choice of the move at `index` in [`moves`](Self::moves); `None`
    /// past the end.
    #[must_use]
    pub fn pick(self, index: usize) -> Option<Choice<'a>> {
        (index < self.moves.len()).then(|| self.choice(index))
    }

    /// The choice of the first move.
    #[must_use]
    pub fn first(self) -> Choice<'a> {
        self.choice(0)
    }

    /// The choice of the last move.
    #[must_use]
    pub fn last(self) -> Choice<'a> {
        self.choice(self.moves.len().saturating_sub(1))
    }

    /// A move chosen uniformly at random: the one at `rng.below(n)` for `n`
    /// moves (one draw, or more on the generator's rare rejection). The
    /// default policy, [`UniformRandom`], is this.
    ///
    /// ```
    /// use kaissa_chaturaji::game::Game;
    /// use kaissa_chaturaji::playouts::{Candidates, Choice, Playouts, Policy};
    /// use kaissa_chaturaji::random::RandomSource;
    /// struct MyUniform;
    /// impl<G: Game> Policy<G> for MyUniform {
    ///     fn choose<'a>(
    ///         &self,
    ///         _: &G,
    ///         moves: Candidates<'a, G::Action>,
    ///         rng: &mut dyn RandomSource,
    ///     ) -> Choice<'a> {
    ///         moves.uniform(rng)
    ///     }
    /// }
    /// // The same games as the default policy's.
    /// let default = Playouts::kaissa(3).games(5);
    /// assert_eq!(Playouts::kaissa(3).with_policy(MyUniform).games(5), default);
    /// ```
    pub fn uniform(self, rng: &mut (impl RandomSource + ?Sized)) -> Choice<'a> {
        let n = self.moves.len() as u64;
        // `below(n)` is below `n`, which fits a `usize`.
        self.choice(usize::try_from(rng.below(n)).unwrap_or(0))
    }

    /// The first move that passes `test`, or `None` when none does.
    #[must_use]
    pub fn find(self, test: impl FnMut(&M) -> bool) -> Option<Choice<'a>> {
        self.moves.iter().position(test).map(|i| self.choice(i))
    }

    /// A move chosen uniformly at random among those that pass `test`
    /// (`rng.below(k)`-th of the `k` that pass, in list order), or `None`,
    /// without a draw, when none does.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji;
    /// use kaissa_chaturaji::game::{Chaturaji, ChaturajiStep, Kaissa};
    /// use kaissa_chaturaji::playouts::{Candidates, Choice, Playouts, Policy};
    /// use kaissa_chaturaji::random::RandomSource;
    /// /// Anything but a pass, when the roll allows it.
    /// struct NoPass;
    /// impl Policy<Chaturaji> for NoPass {
    ///     fn choose<'a>(
    ///         &self,
    ///         _: &Chaturaji,
    ///         moves: Candidates<'a, ChaturajiStep>,
    ///         rng: &mut dyn RandomSource,
    ///     ) -> Choice<'a> {
    ///         let pass = ChaturajiStep::Move(chaturaji::Move::Pass);
    ///         moves
    ///             .uniform_where(|step| *step != pass, rng)
    ///             .unwrap_or_else(|| moves.first())
    ///     }
    /// }
    /// impl Policy<Kaissa> for NoPass {} // uniform: Kaissa has no pass
    /// let rules = chaturaji::Rules::default();
    /// let stats = Playouts::chaturaji(rules, 4).with_policy(NoPass).games(3);
    /// assert_eq!(stats.games, 3);
    /// ```
    pub fn uniform_where(
        self,
        mut test: impl FnMut(&M) -> bool,
        rng: &mut (impl RandomSource + ?Sized),
    ) -> Option<Choice<'a>> {
        let passing = self.moves.iter().filter(|mv| test(mv)).count();
        if passing == 0 {
            return None;
        }
        let k = usize::try_from(rng.below(passing as u64)).unwrap_or(0);
        self.moves
            .iter()
            .enumerate()
            .filter(|(_, mv)| test(mv))
            .nth(k)
            .map(|(i, _)| self.choice(i))
    }

    fn choice(self, index: usize) -> Choice<'a> {
        Choice {
            index,
            brand: PhantomData,
        }
    }
}

/// A move chosen from [`Candidates`]: what a [`Policy`] answers. Made only
/// by the candidates' methods, so it always names one of their moves.
///
/// ```
/// use kaissa_chaturaji::game::Game;
/// use kaissa_chaturaji::playouts::{Candidates, Choice, Policy};
/// use kaissa_chaturaji::random::RandomSource;
/// struct Second;
/// impl<G: Game> Policy<G> for Second {
///     fn choose<'a>(
///         &self,
///         _: &G,
///         moves: Candidates<'a, G::Action>,
///         _: &mut dyn RandomSource,
///     ) -> Choice<'a> {
///         let choice = moves.pick(1).unwrap_or_else(|| moves.first());
///         debug_assert!(choice.index() < moves.moves().len());
///         choice
///     }
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Choice<'a> {
    index: usize,
    brand: PhantomData<fn(&'a ()) -> &'a ()>,
}

impl Choice<'_> {
    /// The chosen move's index in [`Candidates::moves`].
    #[must_use]
    pub fn index(self) -> usize {
        self.index
    }
}

/// What a sealed trait method takes: a type no other crate can name, so
/// only this crate's policies answer [`Policy::is_uniform_random`].
mod sealed {
    /// The seal.
    #[derive(Debug, Clone, Copy)]
    pub struct Seal;
}
use sealed::Seal;

/// How the playouts choose each move in a game of type `G` (a
/// [`Kaissa`] or a [`Chaturaji`] game, chosen the way an `agents::Agent`
/// chooses):
/// given the game at a player node, its legal actions (for the face
/// rolled, in Chaturaji) and the game's random source, a [`Choice`] among
/// them. A batch may be of either game, so [`Playouts`](super::Playouts)
/// takes an [`AnyPolicy`]: a policy of both games. A policy that does not
/// care which game it plays is one generic impl (`impl<G: Game> Policy<G>
/// for …`); an empty impl chooses uniformly at random, like
/// [`UniformRandom`], the default.
///
/// The random source is the game's own generator (SplitMix64 seeded with
/// the game's [`game_seed`](super::game_seed)), which also throws the
/// Chaturaji die, so a policy that draws its randomness from it, and
/// otherwise reads only its arguments, plays the same games for the same
/// seed, on any number of threads (the batch shares one policy between its
/// threads: hence `Sync`). The actions are those of `docs/rules.md`: a
/// Chaturaji list holds the single pass when the roll allows nothing else,
/// and while a promotion decision is pending (Ludii ruleset) the
/// decision's moves, for which no die is thrown
/// ([`Chaturaji::pending_roll`] is `None`).
///
/// [`UniformRandom`] plays through the library's fast playout loops; any
/// other policy through a general loop that builds every action list
/// (still without allocating), which plays at about half (Chaturaji) to
/// two thirds (Kaissa) of the default's plies per second before the
/// policy's own work. [`CaptureFirst`](super::CaptureFirst) is one such
/// policy.
///
/// The agents of the `agents` feature (`agents::Agent`) keep their own
/// state and random source (`&mut self`), so they play one game at a time
/// rather than a shared, seeded batch; this trait is the batch's form of
/// the same choice, in the same terms (a [`Game`] and its actions).
///
/// ```
/// use kaissa_chaturaji::game::Game;
/// use kaissa_chaturaji::playouts::{Candidates, Choice, Playouts, Policy};
/// use kaissa_chaturaji::random::RandomSource;
///
/// /// The first listed action, in either game.
/// struct First;
/// impl<G: Game> Policy<G> for First {
///     fn choose<'a>(
///         &self,
///         _: &G,
///         actions: Candidates<'a, G::Action>,
///         _: &mut dyn RandomSource,
///     ) -> Choice<'a> {
///         actions.first()
///     }
/// }
/// let game = Playouts::kaissa(1).with_policy(First).with_max_plies(6).game(0);
/// assert_eq!(game.plies, 6);
/// ```
pub trait Policy<G: Game>: Sync {
    /// The action to play in `game` (at a player node), among its legal
    /// `actions`, drawing any randomness from `rng`. Uniformly at random
    /// unless overridden.
    fn choose<'a>(
        &self,
        game: &G,
        actions: Candidates<'a, G::Action>,
        rng: &mut dyn RandomSource,
    ) -> Choice<'a> {
        let _ = game;
        actions.uniform(rng)
    }

    /// Whether this is [`UniformRandom`] (then the fast loops play), which
    /// only this crate can answer: the argument's type cannot be named
    /// elsewhere.
    #[doc(hidden)]
    fn is_uniform_random(&self, seal: Seal) -> bool {
        let _ = seal;
        false
    }
}

/// A policy of both games: what a batch of playouts takes (its games may
/// be of either kind). Every type that is a [`Policy`] of [`Kaissa`] and
/// of [`Chaturaji`] is one; `Box<dyn AnyPolicy>` chooses one at run time.
pub trait AnyPolicy: Policy<Kaissa> + Policy<Chaturaji> {}

impl<P: Policy<Kaissa> + Policy<Chaturaji> + ?Sized> AnyPolicy for P {}

/// The default policy: every legal move with the same chance, drawn as
/// `moves[rng.below(n)]`, so each game is the game's own seeded random
/// game ([`kaissa::play_seeded_game`], [`chaturaji::play_seeded_game`]),
/// played by the library's fast loops.
///
/// ```
/// use kaissa_chaturaji::kaissa;
/// use kaissa_chaturaji::playouts::{Playouts, UniformRandom};
/// let playouts = Playouts::kaissa(2);
/// assert_eq!(*playouts.policy(), UniformRandom);
/// let mut pos = kaissa::Position::start();
/// let mut plies = 0;
/// kaissa::play_seeded_game(&mut pos, playouts.game_seed(0), playouts.max_plies(), |_, _| plies += 1);
/// assert_eq!(playouts.game(0).plies, plies);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct UniformRandom;

impl<G: Game> Policy<G> for UniformRandom {
    #[inline]
    fn is_uniform_random(&self, _: Seal) -> bool {
        true
    }
}

/// `Policy` for a pointer to a policy (`&P`, `Box<P>`, `Arc<P>`): every
/// method forwards to the policy pointed to.
macro_rules! forward_policy {
    ($($pointer:ty where $($bound:path),+;)+) => {$(
        impl<G: Game, P: Policy<G> + ?Sized $(+ $bound)+> Policy<G> for $pointer {
            fn choose<'a>(
                &self,
                game: &G,
                actions: Candidates<'a, G::Action>,
                rng: &mut dyn RandomSource,
            ) -> Choice<'a> {
                (**self).choose(game, actions, rng)
            }

            #[inline]
            fn is_uniform_random(&self, seal: Seal) -> bool {
                (**self).is_uniform_random(seal)
            }
        }
    )+};
}

forward_policy! {
    &P where Sync;
    Box<P> where Sync;
    Arc<P> where Send;
}

/// Whether `policy` is [`UniformRandom`] for `G` (or a reference to it, or
/// a box): then the fast loops play.
#[inline]
pub(crate) fn is_uniform_random<G: Game, P: Policy<G> + ?Sized>(policy: &P) -> bool {
    policy.is_uniform_random(Seal)
}

/// Plays the Kaissa game of `seed` from `position` with `policy`: at most
/// `max_plies` plies, `on_ply` after each. The default policy takes the
/// fast loop of [`kaissa::play_seeded_game`].
#[inline]
pub(crate) fn kaissa_game<P: Policy<Kaissa> + ?Sized>(
    policy: &P,
    position: &mut kaissa::Position,
    seed: u64,
    max_plies: u32,
    mut on_ply: impl FnMut(kaissa::Move),
) -> kaissa::Outcome {
    if is_uniform_random::<Kaissa, P>(policy) {
        return kaissa::play_seeded_game(position, seed, max_plies, |mv, _| on_ply(mv));
    }
    let mut rng = SplitMix64::new(seed);
    let mut game = Kaissa::new(position.clone());
    let mut moves = kaissa::MoveList::new();
    for _ in 0..max_plies {
        game.generate_actions(&mut moves);
        // No move: the game is over.
        let Some(candidates) = Candidates::new(&moves) else {
            break;
        };
        let choice = policy.choose(&game, candidates, &mut rng);
        // A choice names one of the candidates: always found.
        let Some(&mv) = moves.get(choice.index()) else {
            break;
        };
        game.apply_unchecked(mv);
        on_ply(mv);
    }
    *position = game.into_position();
    position.outcome()
}

/// Plays the Chaturaji game of `seed` from `position` with `policy`, as
/// [`kaissa_game`] for Kaissa: each ply throws the die (but for a Ludii
/// promotion decision), then lets the policy choose.
#[inline]
pub(crate) fn chaturaji_game<P: Policy<Chaturaji> + ?Sized>(
    policy: &P,
    position: &mut chaturaji::Position,
    seed: u64,
    max_plies: u32,
    mut on_ply: impl FnMut(GamePly),
) -> chaturaji::Outcome {
    if is_uniform_random::<Chaturaji, P>(policy) {
        return chaturaji::play_seeded_game(position, seed, max_plies, |ply, _| on_ply(ply));
    }
    let mut rng = SplitMix64::new(seed);
    let mut game = Chaturaji::new(position.clone());
    let mut steps = ChaturajiSteps::new();
    for _ in 0..max_plies {
        // The same draws as the seeded game's: the die unless a decision
        // is pending, then the choice.
        let seat = game.position().to_move();
        let roll = game
            .position()
            .pending_promotion()
            .is_none()
            .then(|| chaturaji::roll_with(&mut rng));
        if let Some(roll) = roll {
            game.apply_unchecked(ChaturajiStep::Roll(roll));
        }
        game.generate_actions(&mut steps);
        // No move: the game is over.
        let Some(candidates) = Candidates::new(&steps) else {
            break;
        };
        let choice = policy.choose(&game, candidates, &mut rng);
        // A player node lists moves only.
        let Some(&step @ ChaturajiStep::Move(mv)) = steps.get(choice.index()) else {
            break;
        };
        game.apply_unchecked(step);
        on_ply(GamePly { seat, roll, mv });
    }
    *position = game.into_position();
    position.outcome()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default policy, written out: not the fast loops' policy.
    struct ByHand;
    impl<G: Game> Policy<G> for ByHand {}

    #[test]
    fn only_the_default_policy_takes_the_fast_loops() {
        assert!(is_uniform_random::<Kaissa, _>(&UniformRandom));
        assert!(is_uniform_random::<Chaturaji, _>(&&UniformRandom));
        let boxed: Box<dyn AnyPolicy> = Box::new(UniformRandom);
        assert!(is_uniform_random::<Kaissa, _>(&boxed));
        assert!(is_uniform_random::<Chaturaji, _>(&Arc::new(UniformRandom)));
        assert!(!is_uniform_random::<Kaissa, _>(&ByHand));
        let boxed: Box<dyn AnyPolicy> = Box::new(ByHand);
        assert!(!is_uniform_random::<Chaturaji, _>(&boxed));
    }

    #[test]
    fn no_candidates_without_a_move() {
        let none: [u8; 0] = [];
        assert!(Candidates::new(&none).is_none());
        let three = [7u8, 8, 9];
        let candidates = Candidates::new(&three).expect("three moves");
        assert_eq!(candidates.last().index(), 2);
        assert_eq!(candidates.find(|&m| m == 8).map(Choice::index), Some(1));
        let mut rng = SplitMix64::new(1);
        for _ in 0..100 {
            assert!(candidates.uniform(&mut rng).index() < 3);
            let odd = candidates.uniform_where(|m| m % 2 == 1, &mut rng);
            assert!(matches!(odd.map(Choice::index), Some(0 | 2)));
        }
    }
}
