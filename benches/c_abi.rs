//! The C ABI's search and playout loops, called as a C caller calls them: through
//! function pointers the optimiser cannot see through (`black_box`), so
//! nothing is inlined across the boundary. Beside each, the same loop on the
//! Rust API.

use std::hint::black_box;

use kaissa_chaturaji::chaturaji;
use kaissa_chaturaji::ffi::chaturaji::{
    kc_chaturaji_choose, kc_chaturaji_choose_move, kc_chaturaji_chosen_move, kc_chaturaji_move,
    kc_chaturaji_outcome, kc_chaturaji_outcome_info, kc_chaturaji_play, kc_chaturaji_play_chosen,
    kc_chaturaji_play_random, kc_chaturaji_position, kc_chaturaji_position_copy,
    kc_chaturaji_position_free, kc_chaturaji_position_new_start, kc_chaturaji_roll,
    kc_chaturaji_roll_and_choose, kc_chaturaji_rules, kc_chaturaji_rules_default,
    kc_chaturaji_undo_record, KC_CHATURAJI_ONGOING,
};
use kaissa_chaturaji::ffi::kaissa::{
    kc_kaissa_legal_moves, kc_kaissa_list, kc_kaissa_move, kc_kaissa_play, kc_kaissa_pop,
    kc_kaissa_pop_push_index, kc_kaissa_position, kc_kaissa_push, kc_kaissa_push_index,
    kc_kaissa_undo, kc_kaissa_undo_record, kc_kaissa_visit, kc_kaissa_visitor, KC_KAISSA_MAX_MOVES,
};
use kaissa_chaturaji::ffi::kc_status;
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji::random::SplitMix64;

type LegalMoves = unsafe extern "C" fn(
    *const kc_kaissa_position,
    *mut kc_kaissa_move,
    usize,
    *mut usize,
) -> kc_status;
type KaissaPlay = unsafe extern "C" fn(
    *mut kc_kaissa_position,
    kc_kaissa_move,
    *mut kc_kaissa_undo_record,
) -> kc_status;
type KaissaUndo =
    unsafe extern "C" fn(*mut kc_kaissa_position, *const kc_kaissa_undo_record) -> kc_status;
type KaissaPush = unsafe extern "C" fn(*mut kc_kaissa_position, kc_kaissa_move) -> kc_status;
type KaissaPop = unsafe extern "C" fn(*mut kc_kaissa_position) -> kc_status;
type KaissaList = unsafe extern "C" fn(*mut kc_kaissa_position, *mut usize) -> kc_status;
type KaissaPushIndex = unsafe extern "C" fn(*mut kc_kaissa_position, usize) -> kc_status;
type KaissaVisit = unsafe extern "C" fn(
    *mut kc_kaissa_position,
    *const usize,
    usize,
    kc_kaissa_visitor,
    *mut core::ffi::c_void,
    *mut i32,
) -> kc_status;

/// The Kaissa entry points, as opaque pointers.
pub struct KaissaApi {
    legal_moves: LegalMoves,
    play: KaissaPlay,
    undo: KaissaUndo,
    push: KaissaPush,
    pop: KaissaPop,
    list: KaissaList,
    push_index: KaissaPushIndex,
    pop_push_index: KaissaPushIndex,
    visit: KaissaVisit,
}

impl KaissaApi {
    /// The entry points, hidden from the optimiser.
    pub fn new() -> Self {
        KaissaApi {
            legal_moves: black_box(kc_kaissa_legal_moves as LegalMoves),
            play: black_box(kc_kaissa_play as KaissaPlay),
            undo: black_box(kc_kaissa_undo as KaissaUndo),
            push: black_box(kc_kaissa_push as KaissaPush),
            pop: black_box(kc_kaissa_pop as KaissaPop),
            list: black_box(kc_kaissa_list as KaissaList),
            push_index: black_box(kc_kaissa_push_index as KaissaPushIndex),
            pop_push_index: black_box(kc_kaissa_pop_push_index as KaissaPushIndex),
            visit: black_box(kc_kaissa_visit as KaissaVisit),
        }
    }
}

impl Default for KaissaApi {
    fn default() -> Self {
        Self::new()
    }
}

/// One move buffer of `KC_KAISSA_MAX_MOVES` per ply of a search `depth` deep.
pub fn kaissa_buffers(depth: u32) -> Vec<Vec<kc_kaissa_move>> {
    let empty = kc_kaissa_move {
        kind: 0,
        from: 0,
        to: 0,
    };
    (0..depth)
        .map(|_| vec![empty; KC_KAISSA_MAX_MOVES])
        .collect()
}

/// Kaissa full perft as a C program runs it: `kc_kaissa_legal_moves` into a
/// buffer per ply, then `kc_kaissa_play` with an undo record and
/// `kc_kaissa_undo` (checked records) for every move, leaves included.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
pub unsafe fn kaissa_perft_records(
    api: &KaissaApi,
    pos: *mut kc_kaissa_position,
    depth: u32,
    buffers: &mut [Vec<kc_kaissa_move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, deeper) = buffers.split_first_mut().expect("a buffer per ply");
    let mut len = 0usize;
    // SAFETY: a live position, a buffer of `moves.len()` moves and a
    // writable length.
    let status = unsafe { (api.legal_moves)(pos, moves.as_mut_ptr(), moves.len(), &mut len) };
    assert_eq!(status, kc_status::KC_OK);
    let mut nodes = 0;
    let mut record = core::mem::MaybeUninit::<kc_kaissa_undo_record>::uninit();
    for &mv in &moves[..len] {
        // SAFETY: a live position and a record on the stack, written by
        // play before undo reads it.
        unsafe {
            let status = (api.play)(pos, mv, record.as_mut_ptr());
            debug_assert_eq!(status, kc_status::KC_OK);
            nodes += if depth == 1 {
                1
            } else {
                kaissa_perft_records(api, pos, depth - 1, deeper)
            };
            let status = (api.undo)(pos, record.as_ptr());
            debug_assert_eq!(status, kc_status::KC_OK);
        }
    }
    nodes
}

/// Kaissa full perft as a C program runs it with make/unmake:
/// `kc_kaissa_legal_moves` into a buffer per ply, then `kc_kaissa_push` and
/// `kc_kaissa_pop` for every move, leaves included.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
pub unsafe fn kaissa_perft_push(
    api: &KaissaApi,
    pos: *mut kc_kaissa_position,
    depth: u32,
    buffers: &mut [Vec<kc_kaissa_move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, deeper) = buffers.split_first_mut().expect("a buffer per ply");
    let mut len = 0usize;
    // SAFETY: a live position, a buffer of `moves.len()` moves and a
    // writable length.
    let status = unsafe { (api.legal_moves)(pos, moves.as_mut_ptr(), moves.len(), &mut len) };
    assert_eq!(status, kc_status::KC_OK);
    let mut nodes = 0;
    for &mv in &moves[..len] {
        // SAFETY: a live position.
        unsafe {
            let status = (api.push)(pos, mv);
            debug_assert_eq!(status, kc_status::KC_OK);
            nodes += if depth == 1 {
                1
            } else {
                kaissa_perft_push(api, pos, depth - 1, deeper)
            };
            let status = (api.pop)(pos);
            debug_assert_eq!(status, kc_status::KC_OK);
        }
    }
    nodes
}

/// Kaissa full perft as a C program runs it with moves by index:
/// `kc_kaissa_list` (the moves stay inside the position), then
/// `kc_kaissa_push_index` and `kc_kaissa_pop` for every index, leaves
/// included. No move buffer: nothing but indexes crosses the boundary.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
pub unsafe fn kaissa_perft_indexed(
    api: &KaissaApi,
    pos: *mut kc_kaissa_position,
    depth: u32,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut len = 0usize;
    // SAFETY: a live position and a writable count.
    let status = unsafe { (api.list)(pos, &mut len) };
    assert_eq!(status, kc_status::KC_OK);
    let mut nodes = 0;
    for index in 0..len {
        // SAFETY: a live position.
        unsafe {
            let status = (api.push_index)(pos, index);
            debug_assert_eq!(status, kc_status::KC_OK);
            nodes += if depth == 1 {
                1
            } else {
                kaissa_perft_indexed(api, pos, depth - 1)
            };
            let status = (api.pop)(pos);
            debug_assert_eq!(status, kc_status::KC_OK);
        }
    }
    nodes
}

/// What the visitor of [`kaissa_perft_visited`] keeps: the plies left to
/// play below the visited move, the leaves counted, and the order to visit
/// in (empty: none, the listing's order; else the identity `0, 1, 2, ...`,
/// as a search passes its move ordering).
struct VisitPerft<'a> {
    api: &'a KaissaApi,
    depth: u32,
    nodes: u64,
    order: &'a [usize],
}

/// The visitor of [`kaissa_perft_visited`], as a C program writes it: a leaf
/// counts one; above, list the position and visit its moves one ply deeper.
unsafe extern "C" fn perft_visitor(
    context: *mut core::ffi::c_void,
    pos: *mut kc_kaissa_position,
    _index: usize,
) -> i32 {
    // SAFETY: the context of `kaissa_perft_visited`, alive during the visit.
    let state = unsafe { &mut *context.cast::<VisitPerft>() };
    if state.depth == 1 {
        state.nodes += 1;
        return 0;
    }
    state.depth -= 1;
    let (api, order) = (state.api, state.order);
    // SAFETY: the position the visit gives, live during the call; the
    // context is passed on (no Rust reference to it is used across).
    unsafe { visit_listed(api, pos, order, context) };
    // SAFETY: as above.
    let state = unsafe { &mut *context.cast::<VisitPerft>() };
    state.depth += 1;
    0
}

/// `kc_kaissa_list`, then `kc_kaissa_visit` of every listed move (in the
/// order of `order`'s first indices when `order` is not empty).
///
/// # Safety
/// `pos` is a live position, `context` a live `VisitPerft`.
unsafe fn visit_listed(
    api: &KaissaApi,
    pos: *mut kc_kaissa_position,
    order: &[usize],
    context: *mut core::ffi::c_void,
) {
    let mut len = 0usize;
    // SAFETY: per the caller.
    unsafe {
        let status = (api.list)(pos, &mut len);
        debug_assert_eq!(status, kc_status::KC_OK);
        let order = if order.is_empty() {
            std::ptr::null()
        } else {
            order[..len].as_ptr()
        };
        let status = (api.visit)(
            pos,
            order,
            len,
            Some(perft_visitor),
            context,
            std::ptr::null_mut(),
        );
        debug_assert_eq!(status, kc_status::KC_OK);
    }
}

/// Kaissa full perft as a C program runs it with `kc_kaissa_visit`: at each
/// interior node `kc_kaissa_list`, then one `kc_kaissa_visit` that plays
/// every listed move, calls the C visitor back in the new position and takes
/// the move back. Every move is played and taken back, leaves included; one
/// call into the library per node and one call out per move.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
pub unsafe fn kaissa_perft_visited(
    api: &KaissaApi,
    pos: *mut kc_kaissa_position,
    depth: u32,
) -> u64 {
    // SAFETY: per the caller.
    unsafe { kaissa_perft_visited_in(api, pos, depth, &[]) }
}

/// [`kaissa_perft_visited`] with an explicit order at every node (the
/// identity, so the count is the same): what a search pays for passing its
/// move ordering to `kc_kaissa_visit`.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
pub unsafe fn kaissa_perft_visited_ordered(
    api: &KaissaApi,
    pos: *mut kc_kaissa_position,
    depth: u32,
) -> u64 {
    let identity: Vec<usize> = (0..KC_KAISSA_MAX_MOVES).collect();
    // SAFETY: per the caller.
    unsafe { kaissa_perft_visited_in(api, pos, depth, &identity) }
}

/// [`kaissa_perft_visited`] in `order` (empty: the listing's order).
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
unsafe fn kaissa_perft_visited_in(
    api: &KaissaApi,
    pos: *mut kc_kaissa_position,
    depth: u32,
    order: &[usize],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut state = VisitPerft {
        api,
        depth,
        nodes: 0,
        order,
    };
    // SAFETY: per the caller; `state` outlives the visit.
    unsafe { visit_listed(api, pos, order, (&mut state as *mut VisitPerft).cast()) };
    state.nodes
}

/// Kaissa full perft by index going from sibling to sibling:
/// `kc_kaissa_list`, then `kc_kaissa_push_index(0)`, then
/// `kc_kaissa_pop_push_index(i)` for the next indexes (one call takes the
/// previous move back and plays the next), then `kc_kaissa_pop`. Every move
/// is still played and taken back, leaves included.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
pub unsafe fn kaissa_perft_siblings(
    api: &KaissaApi,
    pos: *mut kc_kaissa_position,
    depth: u32,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut len = 0usize;
    // SAFETY: a live position and a writable count.
    let status = unsafe { (api.list)(pos, &mut len) };
    assert_eq!(status, kc_status::KC_OK);
    if len == 0 {
        return 0;
    }
    let mut nodes = 0;
    for index in 0..len {
        // SAFETY: a live position.
        unsafe {
            let status = if index == 0 {
                (api.push_index)(pos, 0)
            } else {
                (api.pop_push_index)(pos, index)
            };
            debug_assert_eq!(status, kc_status::KC_OK);
            nodes += if depth == 1 {
                1
            } else {
                kaissa_perft_siblings(api, pos, depth - 1)
            };
        }
    }
    // SAFETY: a live position.
    let status = unsafe { (api.pop)(pos) };
    debug_assert_eq!(status, kc_status::KC_OK);
    nodes
}

/// `play_unchecked` behind a call the optimiser cannot see through.
#[inline(never)]
fn play_called(pos: &mut kaissa::Position, mv: kaissa::Move) -> kaissa::Undo {
    pos.play_unchecked(mv)
}

/// `undo_unchecked` behind a call the optimiser cannot see through.
#[inline(never)]
fn undo_called(pos: &mut kaissa::Position, undo: kaissa::Undo) {
    pos.undo_unchecked(undo)
}

/// The two calls of [`kaissa_perft_rust_calls`], as opaque pointers.
pub struct RustCalls {
    play: fn(&mut kaissa::Position, kaissa::Move) -> kaissa::Undo,
    undo: fn(&mut kaissa::Position, kaissa::Undo),
}

impl RustCalls {
    /// The calls, hidden from the optimiser.
    pub fn new() -> Self {
        RustCalls {
            play: black_box(play_called as fn(&mut kaissa::Position, kaissa::Move) -> kaissa::Undo),
            undo: black_box(undo_called as fn(&mut kaissa::Position, kaissa::Undo)),
        }
    }
}

impl Default for RustCalls {
    fn default() -> Self {
        Self::new()
    }
}

/// Kaissa full perft on the Rust API with the make and the unmake of every
/// move each behind a call the optimiser cannot see through (an
/// `#[inline(never)]` function called through a pointer, as a C caller calls
/// the C ABI), and nothing else: no handle, no check, no conversion, the
/// undo record kept by the caller. What two calls per move cost by
/// themselves, so the ceiling of any loop of one play call and one undo call
/// per move, the C ABI's included (see BENCHMARKS.md).
pub fn kaissa_perft_rust_calls(calls: &RustCalls, pos: &mut kaissa::Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = kaissa::MoveList::new();
    pos.generate_moves(&mut moves);
    let mut nodes = 0;
    for &mv in &moves {
        let undo = (calls.play)(pos, mv);
        nodes += if depth == 1 {
            1
        } else {
            kaissa_perft_rust_calls(calls, pos, depth - 1)
        };
        (calls.undo)(pos, undo);
    }
    nodes
}

/// The Chaturaji playouts: most plies per game.
pub const MAX_PLIES: u32 = 10_000;

type Outcome =
    unsafe extern "C" fn(*const kc_chaturaji_position, *mut kc_chaturaji_outcome_info) -> kc_status;
type Roll = unsafe extern "C" fn(*mut u64, *mut u8) -> kc_status;
type Choose = unsafe extern "C" fn(
    *const kc_chaturaji_position,
    u8,
    *mut u64,
    *mut kc_chaturaji_chosen_move,
) -> kc_status;
type RollChoose = unsafe extern "C" fn(
    *const kc_chaturaji_position,
    *mut u64,
    *mut kc_chaturaji_chosen_move,
) -> kc_status;
type PlayChosen = unsafe extern "C" fn(
    *mut kc_chaturaji_position,
    *const kc_chaturaji_chosen_move,
    *mut kc_chaturaji_undo_record,
) -> kc_status;
type ChooseMove = unsafe extern "C" fn(
    *const kc_chaturaji_position,
    u8,
    *mut u64,
    *mut kc_chaturaji_move,
) -> kc_status;
type ChaturajiPlay = unsafe extern "C" fn(
    *mut kc_chaturaji_position,
    u8,
    kc_chaturaji_move,
    *mut kc_chaturaji_undo_record,
) -> kc_status;
type PlayRandom = unsafe extern "C" fn(
    *mut kc_chaturaji_position,
    *mut u64,
    *mut u8,
    *mut kc_chaturaji_move,
) -> kc_status;

/// How the C loop plays a ply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Way {
    /// `kc_chaturaji_roll`, `kc_chaturaji_choose`, `kc_chaturaji_play_chosen`.
    Chosen,
    /// `kc_chaturaji_roll_and_choose`, `kc_chaturaji_play_chosen`.
    RollChoose,
    /// `kc_chaturaji_roll_and_choose`, `kc_chaturaji_play_chosen`, with no
    /// `kc_chaturaji_outcome` call: the game ends when the choice reports
    /// `KC_ERR_GAME_OVER` (see [`rust_playout_lean`]).
    RollChooseLean,
    /// `kc_chaturaji_roll`, `kc_chaturaji_choose_move`, `kc_chaturaji_play`.
    Checked,
    /// `kc_chaturaji_play_random`.
    Random,
}

/// The Chaturaji entry points, as opaque pointers.
pub struct ChaturajiApi {
    outcome: Outcome,
    roll: Roll,
    choose: Choose,
    roll_choose: RollChoose,
    play_chosen: PlayChosen,
    choose_move: ChooseMove,
    play: ChaturajiPlay,
    play_random: PlayRandom,
}

impl ChaturajiApi {
    /// The entry points, hidden from the optimiser.
    pub fn new() -> Self {
        ChaturajiApi {
            outcome: black_box(kc_chaturaji_outcome as Outcome),
            roll: black_box(kc_chaturaji_roll as Roll),
            choose: black_box(kc_chaturaji_choose as Choose),
            roll_choose: black_box(kc_chaturaji_roll_and_choose as RollChoose),
            play_chosen: black_box(kc_chaturaji_play_chosen as PlayChosen),
            choose_move: black_box(kc_chaturaji_choose_move as ChooseMove),
            play: black_box(kc_chaturaji_play as ChaturajiPlay),
            play_random: black_box(kc_chaturaji_play_random as PlayRandom),
        }
    }
}

impl Default for ChaturajiApi {
    fn default() -> Self {
        Self::new()
    }
}

/// Two C positions at the start under the default rules, freed when
/// dropped: the start a C playout copies from and the position it plays on.
pub struct ChaturajiHandles {
    /// The start position.
    pub start: *mut kc_chaturaji_position,
    /// The position the games are played on.
    pub pos: *mut kc_chaturaji_position,
}

impl ChaturajiHandles {
    /// Makes both positions (panics if the C ABI refuses: a bench set-up).
    pub fn new() -> Self {
        let mut rules = kc_chaturaji_rules {
            alliances: 0,
            draw_limit: 0,
            ruleset: 0,
        };
        let mut handles = ChaturajiHandles {
            start: std::ptr::null_mut(),
            pos: std::ptr::null_mut(),
        };
        // SAFETY: local outputs.
        unsafe {
            assert_eq!(kc_chaturaji_rules_default(&mut rules), kc_status::KC_OK);
            for handle in [&mut handles.start, &mut handles.pos] {
                assert_eq!(
                    kc_chaturaji_position_new_start(&rules, handle),
                    kc_status::KC_OK
                );
            }
        }
        handles
    }
}

impl Default for ChaturajiHandles {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for ChaturajiHandles {
    fn drop(&mut self) {
        // SAFETY: made by `new`, freed once each (NULL is accepted).
        unsafe {
            kc_chaturaji_position_free(self.start);
            kc_chaturaji_position_free(self.pos);
        }
    }
}

/// One seeded game on the Rust API (`outcome`, `roll_with`, `choose_move`,
/// `play_unchecked`); its plies.
pub fn rust_playout(start: &chaturaji::Position, seed: u64) -> u32 {
    let mut pos = start.clone();
    let mut rng = SplitMix64::new(seed);
    let mut plies = 0;
    while plies < MAX_PLIES && pos.outcome() == chaturaji::Outcome::Ongoing {
        let roll = chaturaji::roll_with(&mut rng);
        let Some(mv) = pos.choose_move(roll, &mut rng) else {
            break;
        };
        let _ = pos.play_unchecked(mv);
        plies += 1;
    }
    plies
}

/// [`rust_playout`] without the `outcome` call before each ply: the game
/// ends when `choose_move` finds it over (the same games, the same plies).
pub fn rust_playout_lean(start: &chaturaji::Position, seed: u64) -> u32 {
    let mut pos = start.clone();
    let mut rng = SplitMix64::new(seed);
    let mut plies = 0;
    while plies < MAX_PLIES {
        let roll = chaturaji::roll_with(&mut rng);
        let Some(mv) = pos.choose_move(roll, &mut rng) else {
            break;
        };
        let _ = pos.play_unchecked(mv);
        plies += 1;
    }
    plies
}

/// The same seeded game from a copy of `start` into `pos`, through the C
/// ABI, played `way` (with `kc_chaturaji_outcome` before every ply); its
/// plies.
///
/// # Safety
/// `start` and `pos` are live, distinct positions; nobody else uses `pos`
/// during the call.
pub unsafe fn c_playout(
    api: &ChaturajiApi,
    start: *const kc_chaturaji_position,
    pos: *mut kc_chaturaji_position,
    seed: u64,
    way: Way,
) -> u32 {
    // SAFETY: live, distinct positions (the caller's) and local outputs.
    unsafe {
        let mut ok = kc_chaturaji_position_copy(start, pos) == kc_status::KC_OK;
        let mut rng = seed;
        let mut plies = 0;
        let mut outcome = kc_chaturaji_outcome_info {
            result: 0,
            winners: [0; 2],
        };
        let mut chosen = core::mem::MaybeUninit::<kc_chaturaji_chosen_move>::uninit();
        let mut mv = core::mem::MaybeUninit::<kc_chaturaji_move>::uninit();
        let mut roll = 0u8;
        while plies < MAX_PLIES {
            if way == Way::RollChooseLean {
                match (api.roll_choose)(pos, &mut rng, chosen.as_mut_ptr()) {
                    kc_status::KC_OK => {}
                    kc_status::KC_ERR_GAME_OVER => break,
                    _ => ok = false,
                }
                ok &= (api.play_chosen)(pos, chosen.as_ptr(), core::ptr::null_mut())
                    == kc_status::KC_OK;
                plies += 1;
                continue;
            }
            ok &= (api.outcome)(pos, &mut outcome) == kc_status::KC_OK;
            if outcome.result != KC_CHATURAJI_ONGOING {
                break;
            }
            match way {
                Way::Checked => {
                    ok &= (api.roll)(&mut rng, &mut roll) == kc_status::KC_OK;
                    ok &=
                        (api.choose_move)(pos, roll, &mut rng, mv.as_mut_ptr()) == kc_status::KC_OK;
                    ok &= (api.play)(pos, roll, mv.assume_init(), core::ptr::null_mut())
                        == kc_status::KC_OK;
                }
                Way::Chosen => {
                    ok &= (api.roll)(&mut rng, &mut roll) == kc_status::KC_OK;
                    ok &=
                        (api.choose)(pos, roll, &mut rng, chosen.as_mut_ptr()) == kc_status::KC_OK;
                    ok &= (api.play_chosen)(pos, chosen.as_ptr(), core::ptr::null_mut())
                        == kc_status::KC_OK;
                }
                Way::RollChoose => {
                    ok &= (api.roll_choose)(pos, &mut rng, chosen.as_mut_ptr()) == kc_status::KC_OK;
                    ok &= (api.play_chosen)(pos, chosen.as_ptr(), core::ptr::null_mut())
                        == kc_status::KC_OK;
                }
                Way::RollChooseLean => unreachable!("handled above"),
                Way::Random => {
                    let null = core::ptr::null_mut();
                    ok &= (api.play_random)(pos, &mut rng, null, null.cast()) == kc_status::KC_OK;
                }
            }
            plies += 1;
        }
        assert!(ok, "a C call failed");
        plies
    }
}
