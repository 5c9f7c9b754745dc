//! The H-search engine room: the store's insert rules, the AND and OR rules, the work queue,
//! and the update after a move.

use alloc::vec::Vec;
use core::mem;

use super::templates::Placements;
use super::{
    each_width, pair_index, CapturedRef, ConnectionId, Connections, Ends, Entry, HSearchLimits,
    Kind, Layer, Layers, PairLists, Parts, PlayedRef, Rule, Stack, Stats, NOT_AN_END,
};
use crate::cellset::{CellSet, Cells};
use crate::point::{Edge, Point};
use crate::{Color, Position};

/// A connection created by this build that still waits in the queue.
const QUEUED: u8 = 0;
/// Combined with every processed connection at both its ends.
const DONE: u8 = 1;
/// Evicted from its list before it was processed.
const DEAD: u8 = 2;

pub(super) fn empty_layer<const W: usize>(
    position: &Position,
    color: Color,
    limits: HSearchLimits,
    [arena_len, or_len, captured_len, played_len]: [usize; 4],
    reuse: Option<Layer<W>>,
) -> Layer<W> {
    let ends = Ends::of(position, color, limits.captured);
    let n = ends.len();
    let (e1, e2) = Edge::of(color);
    let won_by_stones = ends.index(e1.point()) == ends.index(e2.point());
    let (mut pairs, mut partners, mut semi_partners) = reuse
        .map_or((Vec::new(), Vec::new(), Vec::new()), |old| {
            (old.pairs, old.partners, old.semi_partners)
        });
    // A discarded layer's lists are cleared, not freed: they keep their capacity, so a search
    // that plays and takes back stones all the time hardly allocates here (allocation and
    // freeing were a fifth of a search with H-search at every node).
    for lists in &mut pairs {
        lists.full.clear();
        lists.semi.clear();
        lists.or_seen = 0;
        lists.or_queued = false;
    }
    pairs.resize_with(n * n.saturating_sub(1) / 2, PairLists::default);
    for list in partners.iter_mut().chain(semi_partners.iter_mut()) {
        list.clear();
    }
    partners.resize_with(n, Vec::new);
    semi_partners.resize_with(n, Vec::new);
    Layer {
        pairs,
        partners,
        semi_partners,
        ends,
        stats: Stats::default(),
        arena_len,
        or_len,
        captured_len,
        played_len,
        won_by_stones,
        position_hash: position.hash(),
    }
}

pub(super) fn from_scratch(
    connections: &mut Connections,
    position: &Position,
    interrupt: Option<&mut dyn FnMut() -> bool>,
) {
    let (mut parts, layers) = connections.parts();
    each_width!(layers, stack => fresh_build(&mut parts, &mut stack.layer, position, interrupt));
}

/// H-search on `position` into the empty `layer`, from the base connections.
pub(super) fn fresh_build<const W: usize>(
    parts: &mut Parts<'_>,
    layer: &mut Layer<W>,
    position: &Position,
    interrupt: Option<&mut dyn FnMut() -> bool>,
) {
    let board = *position.board();
    let mut builder = Builder::new(parts, layer, interrupt);
    for i in 0..builder.layer.ends.len() {
        let around = board.neighbours_of_set(builder.layer.ends.members[i]);
        builder.add_base(i, around);
    }
    builder.add_templates(position);
    builder.run();
}

/// Puts an empty layer for `position` in place of the store's current one (reusing a spare
/// layer's memory) and returns the old one, which the caller pushes onto the history.
pub(super) fn begin_layer<const W: usize>(
    parts: &Parts<'_>,
    stack: &mut Stack<W>,
    position: &Position,
) -> Layer<W> {
    let fresh = empty_layer(
        position,
        parts.color,
        parts.limits,
        [
            parts.arena.len(),
            parts.or_inputs.len(),
            parts.captured_inputs.len(),
            parts.played.len(),
        ],
        stack.spare.pop(),
    );
    mem::replace(&mut stack.layer, fresh)
}

/// A new layer built from scratch on `position` (several stones added at once), kept as an
/// update is: [`super::Connections::undo`] takes it back.
pub(super) fn renewed(
    connections: &mut Connections,
    position: &Position,
    interrupt: Option<&mut dyn FnMut() -> bool>,
) {
    let (mut parts, layers) = connections.parts();
    each_width!(layers, stack => {
        let old = begin_layer(&parts, stack, position);
        fresh_build(&mut parts, &mut stack.layer, position, interrupt);
        stack.history.push(old);
    });
}

pub(super) fn after_stone(
    connections: &mut Connections,
    position: &Position,
    stone: Point,
    interrupt: Option<&mut dyn FnMut() -> bool>,
) {
    after_stones(connections, position, &[stone], interrupt);
}

/// The update after `stones` were added (see [`Connections::update_stones`]): the previous
/// layer's connections that no new opponent stone breaks are inherited (the connector's
/// stones taken out of their carriers), the new groups get their base connections, and the
/// pairs that lost connections, or whose ends capture new pairs, combine again.
pub(super) fn after_stones(
    connections: &mut Connections,
    position: &Position,
    stones: &[Point],
    interrupt: Option<&mut dyn FnMut() -> bool>,
) {
    let color = connections.color;
    let board = *position.board();
    let mut own_stones = CellSet::EMPTY;
    let mut their_stones = CellSet::EMPTY;
    for &stone in stones {
        let stone_color = if stone.is_cell() && board.contains(stone) {
            position.color_at(stone)
        } else {
            None
        };
        match stone_color {
            Some(c) if c == color => own_stones.insert(stone),
            Some(_) => their_stones.insert(stone),
            None => {
                // Not stones added: nothing to inherit.
                renewed(connections, position, interrupt);
                return;
            }
        }
    }
    let (mut parts, layers) = connections.parts();
    each_width!(layers, stack => inherit(
        &mut parts,
        stack,
        position,
        stones,
        [own_stones.resized(), their_stones.resized()],
        interrupt,
    ));
}

/// [`after_stones`] in the store's width, once the stones are known to be stones: the
/// connector's `own` and the opponent's `theirs`.
fn inherit<const W: usize>(
    parts: &mut Parts<'_>,
    stack: &mut Stack<W>,
    position: &Position,
    stones: &[Point],
    [own_stones, their_stones]: [Cells<W>; 2],
    interrupt: Option<&mut dyn FnMut() -> bool>,
) {
    let board = *position.board();
    let played = PlayedRef {
        start: parts.played.len() as u32,
        len: stones.len() as u16,
    };
    let old = begin_layer(parts, stack, position);
    parts.played.extend_from_slice(stones);
    let mut builder = Builder::new(parts, &mut stack.layer, interrupt);
    let new_ends = builder.layer.ends.clone();

    let mut changed: Vec<(ConnectionId, usize, usize)> = Vec::new();
    let mut damaged: Vec<(usize, usize)> = Vec::new();
    // Pairs of the old layer in table order (`pair_index` runs over `hi`, then `lo`), so each
    // pair's ends are looked up once, not once per carrier.
    let old_names = &old.ends.names;
    let mut index = 0;
    for hi in 1..old_names.len() {
        let new_hi = new_ends.index(old_names[hi]);
        for lo in 0..hi {
            let lists = &old.pairs[index];
            index += 1;
            if lists.full.is_empty() && lists.semi.is_empty() {
                continue;
            }
            let (Some(i), Some(j)) = (new_ends.index(old_names[lo]), new_hi) else {
                continue; // an end was the opponent's new stone
            };
            if i == j {
                continue; // both ends are now one group
            }
            let renamed = new_ends.names[i] != old_names[lo] || new_ends.names[j] != old_names[hi];
            let target = &mut builder.layer.pairs[pair_index(i, j)];
            target.full.reserve(lists.full.len());
            target.semi.reserve(lists.semi.len());
            target.or_seen = lists.or_seen;
            for (entries, kind) in [(&lists.full, Kind::Full), (&lists.semi, Kind::Semi)] {
                for entry in entries {
                    debug_assert_eq!(builder.get(entry.id).ends, [old_names[lo], old_names[hi]]);
                    if entry.carrier.intersects(&their_stones) {
                        damaged.push((i.min(j), i.max(j)));
                        continue;
                    }
                    if renamed || entry.carrier.intersects(&own_stones) {
                        changed.push((entry.id, i, j));
                        continue;
                    }
                    builder.keep(i, j, kind, *entry);
                }
            }
        }
    }

    // The connector's new groups touch whatever their parts touched, and the cells around
    // the stones: base connections before the inherited ones, so they keep their plain
    // derivation. Survivors went in first and unchecked: whatever comes now evicts what it
    // dominates.
    let mut based = CellSet::EMPTY;
    for stone in own_stones {
        let Some(g) = new_ends.index(stone) else {
            continue;
        };
        if based.contains(new_ends.names[g]) {
            continue;
        }
        based.insert(new_ends.names[g]);
        builder.add_base(g, board.neighbours_of_set(new_ends.members[g]));
    }

    // Own stones: carriers lose them, ends grow into the groups, keys at them fire.
    for (from, i, j) in changed {
        let c = *builder.get(from);
        let carrier = c.carrier.resized() - own_stones;
        let rule = Rule::Inherited {
            from,
            stones: played,
        };
        match c.key {
            Some(key) if !own_stones.contains(key) => {
                builder.add_semi(i, j, carrier, key, rule);
            }
            _ => {
                builder.add_full(i, j, carrier, rule);
            }
        }
    }

    // Templates are laid again: a new own stone brings its own, and a pair that lost a
    // connection to an opponent stone may now keep a template its lost one had dominated
    // (the others are refused as duplicates, or come back as they were in a fresh build).
    builder.add_templates(position);

    // An end that captures a pair it did not capture before may now join carriers that meet
    // there: its connections meet every other again (at both ends), and its pairs' ORs run.
    if builder.limits.captured {
        for i in 0..new_ends.len() {
            let now = new_ends.captured[i];
            if now.is_empty() {
                continue;
            }
            let before = old
                .ends
                .index(new_ends.names[i])
                .filter(|&o| old.ends.names[o] == new_ends.names[i])
                .map_or(CellSet::EMPTY, |o| old.ends.captured[o]);
            if !now.is_subset(&before) {
                builder.revisit_end(i);
            }
        }
    }

    // Opponent stone: a pair that lost a connection may now keep carriers its lost ones had
    // dominated, so its ANDs and ORs run again.
    damaged.sort_unstable();
    damaged.dedup();
    for (i, j) in damaged {
        builder.recombine(i, j);
    }
    builder.run();
    stack.history.push(old);
}

/// Where a carrier of `size` cells goes in a list ordered by size, then by [`Cells`]'s
/// order (compared word by word here: the derived order is a `memcmp` call, a fifth of the
/// build's time when it was used).
fn insertion_point<const W: usize>(list: &[Entry<W>], size: u32, carrier: &Cells<W>) -> usize {
    let after = |e: &Entry<W>| {
        let len = e.carrier.len();
        if len != size {
            return len > size;
        }
        for (a, b) in e.carrier.words().iter().zip(carrier.words()) {
            if a != b {
                return a > b;
            }
        }
        false
    };
    list.iter().position(after).unwrap_or(list.len())
}

/// One pass over a pair's list for a new `carrier`: `None` when a kept carrier is a subset
/// of it (it is refused), else whether some kept carrier holds it (to be evicted). Most new
/// carriers do neither, and then the list is read once.
fn refused_or_evicts<const W: usize>(list: &[Entry<W>], carrier: &Cells<W>) -> Option<bool> {
    let mut evicts = false;
    for e in list {
        if e.carrier.is_subset(carrier) {
            return None;
        }
        evicts |= carrier.is_subset(&e.carrier);
    }
    Some(evicts)
}

/// One side of an AND: a connection between the midpoint and an outer end.
#[derive(Clone, Copy, Debug)]
struct Leg<const W: usize> {
    id: ConnectionId,
    carrier: Cells<W>,
    /// The key of a semi-connection; `None` for a full one.
    key: Option<Point>,
}

/// One semi-connection in the OR rule's search.
#[derive(Clone, Copy, Debug)]
struct OrSemi<const W: usize> {
    carrier: Cells<W>,
    id: ConnectionId,
    /// Not yet combined by an earlier OR of its pair.
    new: bool,
}

/// The state of one build or update.
struct Builder<'a, 'i, const W: usize> {
    arena: &'a mut Vec<super::Connection>,
    or_inputs: &'a mut Vec<ConnectionId>,
    captured_inputs: &'a mut Vec<[Point; 2]>,
    layer: &'a mut Layer<W>,
    templates: &'a super::templates::Placements,
    color: Color,
    limits: HSearchLimits,
    /// Ids below this were processed by an earlier build.
    first_new: usize,
    /// QUEUED / DONE / DEAD for the ids from `first_new` on.
    state: Vec<u8>,
    queue: Vec<ConnectionId>,
    head: usize,
    /// Connections of earlier builds to combine once more ([`Builder::revisit_end`]).
    revisit: Vec<ConnectionId>,
    /// Pairs (as their two ends) whose semis wait for the OR rule.
    or_queue: Vec<(u16, u16)>,
    /// The OR rule's inputs (reused between calls).
    scratch: Vec<Entry<W>>,
    /// The OR rule's masks (reused between calls): each other semi's share of the first
    /// carrier, and for each cell of the first carrier the other semis that miss it.
    or_keep: Vec<CarrierMask>,
    or_missing: Vec<OtherMask>,
    chosen: Vec<ConnectionId>,
    /// The OR search's semis and its pools of per-depth buffers.
    or_semis: Vec<OrSemi<W>>,
    or_live: Vec<Vec<u16>>,
    or_fulls: Vec<Vec<Cells<W>>>,
    /// Whether two legs of AND may share cells at all (captured pairs, or a shared cell
    /// as a semi's key): without, a shared cell rejects a pair of legs on the spot.
    may_share: bool,
    /// The OR rule's other semis for one new semi (reused between calls).
    or_others: Vec<Entry<W>>,
    /// The pair of the two edges, if both are ends and different.
    edge_pair: Option<usize>,
    won: bool,
    /// Asked every [`INTERRUPT_INTERVAL`] units of work whether to stop now (the search's
    /// stop flag and clock): the build then ends as if its budget were spent.
    interrupt: Option<&'i mut dyn FnMut() -> bool>,
}

/// Units of work between two calls of a build's interrupt check: about a millisecond.
const INTERRUPT_INTERVAL: u64 = 1024;

impl<'a, 'i, const W: usize> Builder<'a, 'i, W> {
    fn new(
        parts: &'a mut Parts<'_>,
        layer: &'a mut Layer<W>,
        interrupt: Option<&'i mut dyn FnMut() -> bool>,
    ) -> Builder<'a, 'i, W> {
        let (e1, e2) = Edge::of(parts.color);
        let ends = &layer.ends;
        let edge_pair = match (ends.index(e1.point()), ends.index(e2.point())) {
            (Some(i), Some(j)) if i != j => Some(pair_index(i, j)),
            _ => None,
        };
        Builder {
            first_new: parts.arena.len(),
            arena: parts.arena,
            or_inputs: parts.or_inputs,
            captured_inputs: parts.captured_inputs,
            layer,
            templates: parts.templates,
            color: parts.color,
            limits: parts.limits,
            state: Vec::new(),
            queue: Vec::new(),
            head: 0,
            revisit: Vec::new(),
            or_queue: Vec::new(),
            scratch: Vec::new(),
            or_keep: Vec::new(),
            or_missing: Vec::new(),
            chosen: Vec::new(),
            or_semis: Vec::new(),
            or_live: Vec::new(),
            or_fulls: Vec::new(),
            may_share: parts.limits.captured || parts.limits.semi_and,
            or_others: Vec::new(),
            edge_pair,
            won: false,
            interrupt,
        }
    }

    fn get(&self, id: ConnectionId) -> &super::Connection {
        &self.arena[id.index()]
    }

    fn halted(&self) -> bool {
        self.layer.stats.exhausted || (self.won && self.limits.stop_when_won)
    }

    /// Counts one unit of work; false once the budget is spent.
    #[inline]
    fn spend(&mut self) -> bool {
        let stats = &mut self.layer.stats;
        stats.work += 1;
        if stats.work > self.limits.budget {
            stats.exhausted = true;
        }
        if stats.work % INTERRUPT_INTERVAL == 0 {
            if let Some(interrupt) = self.interrupt.as_mut() {
                if interrupt() {
                    stats.exhausted = true;
                    stats.interrupted = true;
                }
            }
        }
        !stats.exhausted
    }

    fn processed(&self, id: ConnectionId) -> bool {
        id.index() < self.first_new || self.state[id.index() - self.first_new] == DONE
    }

    fn kill(&mut self, id: ConnectionId) {
        if id.index() >= self.first_new {
            self.state[id.index() - self.first_new] = DEAD;
        }
    }

    fn name(&self, end: usize) -> Point {
        self.layer.ends.names[end]
    }

    fn push_connection(
        &mut self,
        i: usize,
        j: usize,
        kind: Kind,
        carrier: Cells<W>,
        key: Option<Point>,
        rule: Rule,
    ) -> ConnectionId {
        let (a, b) = (self.name(i), self.name(j));
        let ends = if a < b { [a, b] } else { [b, a] };
        let id = ConnectionId(self.arena.len() as u32);
        self.arena.push(super::Connection {
            kind,
            ends,
            carrier: carrier.resized(),
            key,
            rule,
        });
        let queued = kind == Kind::Full || self.limits.semi_and;
        self.state.push(if queued { QUEUED } else { DONE });
        if queued {
            self.queue.push(id);
        }
        id
    }

    /// Base connections of end `i` with every end among `around`.
    fn add_base(&mut self, i: usize, around: CellSet) {
        for q in around {
            let j = self.layer.ends.end_of[q.index()];
            if j != NOT_AN_END && usize::from(j) != i {
                self.add_full(i, usize::from(j), Cells::EMPTY, Rule::Base);
            }
        }
    }

    /// The edge templates that apply to `position`, as base full connections.
    fn add_templates(&mut self, position: &Position) {
        if !self.limits.edge_templates {
            return;
        }
        let color = self.color;
        let templates = self.templates;
        for placement in &templates.placements {
            let ends = &self.layer.ends;
            let (Some(i), Some(j)) = (ends.index(placement.stone), ends.index(placement.edge))
            else {
                continue;
            };
            if i == j {
                continue;
            }
            if let Some(carrier) = Placements::applies(placement, position, color) {
                let rule = Rule::Template {
                    template: placement.template,
                };
                self.add_full(i, j, carrier.resized(), rule);
            }
        }
    }

    /// Copies a connection of the previous layer that the move left intact.
    fn keep(&mut self, i: usize, j: usize, kind: Kind, entry: Entry<W>) {
        let lists = &mut self.layer.pairs[pair_index(i, j)];
        match kind {
            Kind::Full => {
                if lists.full.is_empty() {
                    lists.full_common = entry.carrier;
                    self.layer.partners[i].push(j as u16);
                    self.layer.partners[j].push(i as u16);
                } else {
                    lists.full_common &= entry.carrier;
                }
                lists.full.push(entry);
            }
            Kind::Semi => {
                if lists.semi.is_empty() {
                    lists.semi_common = entry.carrier;
                    if self.limits.semi_and {
                        self.layer.semi_partners[i].push(j as u16);
                        self.layer.semi_partners[j].push(i as u16);
                    }
                } else {
                    lists.semi_common &= entry.carrier;
                }
                lists.semi.push(entry);
            }
        }
    }

    /// Takes out of `pair`'s full (or semi) list every connection whose carrier holds
    /// `carrier` (a new one dominates it).
    fn evict_supersets(&mut self, pair: usize, semis: bool, carrier: &Cells<W>) {
        let mut k = 0;
        while let Some(&e) = self.layer.pairs[pair].list(semis).get(k) {
            if carrier.is_subset(&e.carrier) {
                self.layer.pairs[pair].list_mut(semis).remove(k);
                self.kill(e.id);
            } else {
                k += 1;
            }
        }
    }

    /// Adds a full connection unless a kept one's carrier is a subset (or the store's policy
    /// refuses it); evicts the supersets and the semis that hold it.
    fn add_full(&mut self, i: usize, j: usize, carrier: Cells<W>, rule: Rule) -> bool {
        let pair = pair_index(i, j);
        let lists = &mut self.layer.pairs[pair];
        let Some(evicts) = refused_or_evicts(&lists.full, &carrier) else {
            return false;
        };
        let size = carrier.len();
        if !evicts && !lists.full.is_empty() {
            if self.limits.full_intersection {
                let common = lists
                    .full
                    .iter()
                    .fold(lists.full[0].carrier, |c, e| c & e.carrier);
                if common.is_subset(&carrier) {
                    return false; // takes no cell out of the pair's common cells
                }
            }
            if lists.full.len() >= self.limits.max_full as usize {
                match lists.full.last() {
                    Some(last) if last.carrier.len() > size => {
                        let dropped = lists.full.pop().expect("not empty").id;
                        self.kill(dropped);
                    }
                    _ => return false,
                }
            }
        }
        let was_empty = self.layer.pairs[pair].full.is_empty();
        if evicts {
            self.evict_supersets(pair, false, &carrier);
        }
        // A semi carrier holding a full carrier of the same pair is a full connection.
        self.evict_supersets(pair, true, &carrier);
        let id = self.push_connection(i, j, Kind::Full, carrier, None, rule);
        let lists = &mut self.layer.pairs[pair];
        let at = insertion_point(&lists.full, size, &carrier);
        lists.full_common = if lists.full.is_empty() {
            carrier
        } else {
            lists.full_common & carrier
        };
        lists.full.insert(
            at,
            Entry {
                carrier,
                id,
                key: None,
            },
        );
        if was_empty {
            self.layer.partners[i].push(j as u16);
            self.layer.partners[j].push(i as u16);
        }
        if Some(pair) == self.edge_pair {
            self.won = true;
        }
        true
    }

    /// Adds a semi-connection keyed at `key` and queues its pair for the OR rule.
    fn add_semi(&mut self, i: usize, j: usize, carrier: Cells<W>, key: Point, rule: Rule) -> bool {
        let pair = pair_index(i, j);
        let lists = &mut self.layer.pairs[pair];
        if lists.full.iter().any(|e| e.carrier.is_subset(&carrier)) {
            return false;
        }
        let Some(evicts) = refused_or_evicts(&lists.semi, &carrier) else {
            return false;
        };
        let size = carrier.len();
        if !evicts && lists.semi.len() >= self.limits.max_semi as usize {
            match lists.semi.last() {
                Some(last) if last.carrier.len() > size => {
                    let dropped = lists.semi.pop().expect("not empty").id;
                    self.kill(dropped);
                }
                _ => return false,
            }
        }
        let was_empty = self.layer.pairs[pair].semi.is_empty();
        if evicts {
            self.evict_supersets(pair, true, &carrier);
        }
        let id = self.push_connection(i, j, Kind::Semi, carrier, Some(key), rule);
        let lists = &mut self.layer.pairs[pair];
        let at = insertion_point(&lists.semi, size, &carrier);
        lists.semi_common = if lists.semi.is_empty() {
            carrier
        } else {
            lists.semi_common & carrier
        };
        lists.semi.insert(
            at,
            Entry {
                carrier,
                id,
                key: Some(key),
            },
        );
        if was_empty && self.limits.semi_and {
            self.layer.semi_partners[i].push(j as u16);
            self.layer.semi_partners[j].push(i as u16);
        }
        if self.limits.or_search {
            // One search per pair once the AND queue is empty, not one per semi.
            self.queue_or(i, j);
        } else if self.layer.pairs[pair].semi.len() >= 2 {
            // The bounded OR at once, as each semi comes: under the count limits the lists
            // then keep the carriers OR makes early (batching them after AND lost, e.g.,
            // White's edge semi keyed at b6 of the second tutorial puzzle after c5).
            self.or_pair(i, j);
        }
        true
    }

    fn queue_or(&mut self, i: usize, j: usize) {
        let lists = &mut self.layer.pairs[pair_index(i, j)];
        if !lists.or_queued && lists.semi.len() >= 2 {
            lists.or_queued = true;
            self.or_queue.push((i as u16, j as u16));
        }
    }

    /// The captured cells of the ends `i` and `j` usable in one connection between them.
    fn captured_between(&self, i: usize, j: usize) -> Cells<W> {
        if !self.limits.captured {
            return Cells::EMPTY;
        }
        let ends = &self.layer.ends;
        let mut cells: Cells<W> = (ends.captured[i] | ends.captured[j]).resized();
        if cells.is_empty() {
            return cells;
        }
        // An empty end is never inside its own connection's carrier.
        for k in [i, j] {
            if ends.empty[k] {
                cells.remove(ends.names[k]);
            }
        }
        cells
    }

    /// Records the captured pairs of ends `i` and `j` that hold the cells `needed` (all of
    /// them must lie in [`Builder::captured_between`]) and returns their cells, or `None` when
    /// the pairs overlap (one intrusion could not be answered in both) or hold an end.
    fn record_captured(
        &mut self,
        i: usize,
        j: usize,
        needed: Cells<W>,
    ) -> Option<(Cells<W>, CapturedRef)> {
        let start = self.captured_inputs.len();
        let mut cells = Cells::EMPTY;
        for c in needed {
            if cells.contains(c) {
                continue;
            }
            let ends = &self.layer.ends;
            let pair = [i, j]
                .into_iter()
                .flat_map(|k| ends.captured_pairs(k).iter())
                .find(|p| p.contains(&c))
                .copied();
            let Some(pair) = pair else {
                self.captured_inputs.truncate(start);
                return None;
            };
            let pair_cells = Cells::<W>::single(pair[0]).with(pair[1]);
            let blocked = [i, j]
                .into_iter()
                .any(|k| ends.empty[k] && pair_cells.contains(ends.names[k]));
            if cells.intersects(&pair_cells) || blocked {
                self.captured_inputs.truncate(start);
                return None;
            }
            cells |= pair_cells;
            self.captured_inputs.push(pair);
        }
        let run = CapturedRef {
            start: start as u32,
            len: (self.captured_inputs.len() - start) as u32,
        };
        Some((cells, run))
    }

    /// Drops the captured pairs a refused connection recorded.
    fn forget_captured(&mut self, run: CapturedRef) {
        if run.len > 0 {
            self.captured_inputs.truncate(run.start as usize);
        }
    }

    /// Runs the queue: every connection meets every processed one at both its ends; when
    /// none is left, the OR rule runs on the pairs that got new semis.
    fn run(&mut self) {
        loop {
            if self.halted() {
                break;
            }
            if let Some(id) = self.revisit.pop() {
                self.combine_everywhere(id);
                continue;
            }
            if self.head < self.queue.len() {
                let id = self.queue[self.head];
                self.head += 1;
                let slot = id.index() - self.first_new;
                if self.state[slot] == QUEUED {
                    self.state[slot] = DONE;
                    self.combine_everywhere(id);
                }
                continue;
            }
            // The AND queue is empty: the OR rule on every pair that got semis meanwhile,
            // all of them at once (one search per pair, not one per semi).
            let Some((i, j)) = self.or_queue.pop() else {
                break;
            };
            self.or_pair(usize::from(i), usize::from(j));
        }
    }

    /// AND of connection `id` with every processed connection at both its ends.
    fn combine_everywhere(&mut self, id: ConnectionId) {
        let c = *self.get(id);
        let ends = &self.layer.ends;
        let (Some(i), Some(j)) = (ends.index(c.ends[0]), ends.index(c.ends[1])) else {
            return;
        };
        let leg = Leg {
            id,
            carrier: c.carrier.resized(),
            key: c.key,
        };
        self.and_at(leg, i, j);
        if !self.halted() {
            self.and_at(leg, j, i);
        }
    }

    /// Whether AND may go through end `u`.
    fn midpoint_allowed(&self, u: usize) -> bool {
        self.limits.and_over_edges || !self.name(u).is_edge()
    }

    /// Whether no connection of `pair`'s full (or `semis`) list can AND with `leg` through
    /// the midpoint (empty or not) into a connection between `v` and `w`: the cells every
    /// carrier of the list holds already meet the leg's carrier in more cells than the
    /// rule allows (none; through a group, one becoming the key of a semi-connection; the
    /// semi's key aside; the captured cells of `v` and `w` aside).
    #[inline]
    fn list_cannot_meet(
        &self,
        leg: &Leg<W>,
        u_empty: bool,
        pair: usize,
        semis: bool,
        v: usize,
        w: usize,
    ) -> bool {
        let lists = &self.layer.pairs[pair];
        if lists.list(semis).is_empty() {
            return true;
        }
        let common = lists.common(semis);
        let mut shared = common & leg.carrier;
        if shared.is_empty() {
            return false;
        }
        if !self.may_share {
            return true;
        }
        if let Some(k) = leg.key {
            shared.remove(k);
        }
        let allowed = if semis || (!u_empty && leg.key.is_none() && self.limits.semi_and) {
            1 // a semi's own key, or the key of a semi made of two fulls through a group
        } else {
            0
        };
        if shared.len() <= allowed {
            return false;
        }
        (shared - self.captured_between(v, w)).len() > allowed
    }

    /// AND of `leg` = `(v, A, u)` with every processed connection `(u, B, w)`.
    fn and_at(&mut self, leg: Leg<W>, u: usize, v: usize) {
        if !self.midpoint_allowed(u) {
            return;
        }
        let u_empty = self.layer.ends.empty[u];
        if leg.key.is_some() && (u_empty || !self.limits.semi_and) {
            return; // a semi and anything through an empty cell needs two moves
        }
        let a = leg.carrier;
        // Full partners, then (through a group, for a full leg) semi partners.
        for semis in [false, true] {
            if semis && (u_empty || leg.key.is_some() || !self.limits.semi_and) {
                break;
            }
            let partner_count = self.layer.partners_of(u, semis).len();
            for k in 0..partner_count {
                let w = usize::from(self.layer.partners_of(u, semis)[k]);
                if w == v || (self.layer.ends.empty[w] && a.contains(self.layer.ends.names[w])) {
                    continue;
                }
                let pair = pair_index(u, w);
                if self.list_cannot_meet(&leg, u_empty, pair, semis, v, w) {
                    continue;
                }
                let count = self.layer.pairs[pair].list(semis).len();
                for e in 0..count {
                    let lists = &self.layer.pairs[pair];
                    let Some(&Entry { carrier, id, key }) = lists.list(semis).get(e) else {
                        break; // the list shrank under an eviction
                    };
                    if !self.processed(id) {
                        continue;
                    }
                    let other = Leg { id, carrier, key };
                    self.and_legs(v, leg, u, other, w);
                    if self.halted() {
                        return;
                    }
                }
            }
        }
    }

    /// AND of `(v, left, u)` and `(u, right, w)`: whatever connection they make between `v`
    /// and `w`, into the store. Inlined into the loops for the usual rejection (carriers
    /// that meet, when no rule lets them); the rule itself is [`Builder::and_legs_combine`].
    #[inline]
    fn and_legs(&mut self, v: usize, left: Leg<W>, u: usize, right: Leg<W>, w: usize) {
        if !self.spend() {
            return;
        }
        self.layer.stats.and_tried += 1;
        if !self.may_share && left.carrier.intersects(&right.carrier) {
            return;
        }
        self.and_legs_combine(v, left, u, right, w);
    }

    #[inline(never)]
    fn and_legs_combine(&mut self, v: usize, left: Leg<W>, u: usize, right: Leg<W>, w: usize) {
        let mut shared = left.carrier & right.carrier;
        let ends = &self.layer.ends;
        let (v_name, w_name, u_name) = (ends.names[v], ends.names[w], ends.names[u]);
        if (ends.empty[v] && right.carrier.contains(v_name))
            || (ends.empty[w] && left.carrier.contains(w_name))
        {
            return;
        }
        let u_empty = ends.empty[u];
        let key = left.key.or(right.key);
        if let Some(k) = key {
            shared.remove(k); // the semi's key: once played, it belongs to both
        }
        let union = left.carrier | right.carrier;
        // Shared cells the ends capture join the carrier; one other shared cell, through a
        // group and between two full connections, becomes the key of a semi-connection.
        let mut captured = CapturedRef::default();
        let mut extra = Cells::EMPTY;
        let mut new_key = key;
        if !shared.is_empty() {
            let capturable = shared & self.captured_between(v, w);
            let rest = shared - capturable;
            let single = !u_empty && key.is_none() && self.limits.semi_and && rest.len() == 1;
            if !(rest.is_empty() || single) {
                return;
            }
            if !capturable.is_empty() {
                let Some((cells, run)) = self.record_captured(v, w, capturable) else {
                    return;
                };
                if cells.intersects(&rest) {
                    self.captured_inputs.truncate(run.start as usize);
                    return;
                }
                extra = cells;
                captured = run;
            }
            if single {
                new_key = rest.first();
            }
        }
        let rule = Rule::And {
            left: left.id,
            right: right.id,
            via: u_name,
            captured,
        };
        let added = if u_empty {
            self.add_semi(v, w, union | extra | u_name, u_name, rule)
        } else if let Some(k) = new_key {
            self.add_semi(v, w, union | extra, k, rule)
        } else {
            self.add_full(v, w, union | extra, rule)
        };
        if !added {
            self.forget_captured(captured);
        } else if u_empty || new_key.is_some() {
            self.layer.stats.and_semi += 1;
        } else {
            self.layer.stats.and_full += 1;
        }
    }

    /// Runs AND into the pair again over every midpoint, then OR over all its semis. Every
    /// AND into `{i, j}` joins some `(i, A, u)` to some `(u, B, j)`: `i`'s full partners `u`
    /// with both of `{u, j}`'s lists, and `i`'s semi partners with `{u, j}`'s fulls.
    fn recombine(&mut self, i: usize, j: usize) {
        for semis in [false, true] {
            if semis && !self.limits.semi_and {
                break;
            }
            let count = self.layer.partners_of(i, semis).len();
            for k in 0..count {
                let u = usize::from(self.layer.partners_of(i, semis)[k]);
                if u == j || !self.midpoint_allowed(u) {
                    continue;
                }
                let left_pair = pair_index(i, u);
                let left_count = self.layer.pairs[left_pair].list(semis).len();
                for l in 0..left_count {
                    let lists = &self.layer.pairs[left_pair];
                    let Some(&Entry { carrier, id, key }) = lists.list(semis).get(l) else {
                        break;
                    };
                    if !self.processed(id) {
                        continue;
                    }
                    let leg = Leg { id, carrier, key };
                    self.and_into(leg, u, i, j);
                    if self.halted() {
                        return;
                    }
                }
            }
        }
        let pair = pair_index(i, j);
        self.layer.pairs[pair].or_seen = 0;
        self.queue_or(i, j);
    }

    /// AND of `leg` = `(x, A, u)` with every processed connection `(u, B, y)` of the one pair
    /// `{u, y}`.
    fn and_into(&mut self, leg: Leg<W>, u: usize, x: usize, y: usize) {
        let u_empty = self.layer.ends.empty[u];
        if leg.key.is_some() && u_empty {
            return;
        }
        let pair = pair_index(u, y);
        for semis in [false, true] {
            if semis && (u_empty || leg.key.is_some() || !self.limits.semi_and) {
                break;
            }
            if self.list_cannot_meet(&leg, u_empty, pair, semis, x, y) {
                continue;
            }
            let count = self.layer.pairs[pair].list(semis).len();
            for r in 0..count {
                let lists = &self.layer.pairs[pair];
                let Some(&Entry { carrier, id, key }) = lists.list(semis).get(r) else {
                    break;
                };
                if !self.processed(id) {
                    continue;
                }
                let other = Leg { id, carrier, key };
                self.and_legs(x, leg, u, other, y);
                if self.halted() {
                    return;
                }
            }
        }
    }

    /// After end `i` captured new pairs: its connections meet everything at their ends again,
    /// and its pairs' ORs run over all their semis.
    fn revisit_end(&mut self, i: usize) {
        for j in 0..self.layer.ends.len() {
            if j == i {
                continue;
            }
            let pair = pair_index(i, j);
            let lists = &self.layer.pairs[pair];
            for e in lists.full.iter().chain(lists.semi.iter()) {
                if self.processed(e.id) {
                    self.revisit.push(e.id);
                }
            }
            if !self.layer.pairs[pair].semi.is_empty() {
                self.layer.pairs[pair].or_seen = 0;
                self.queue_or(i, j);
            }
        }
    }

    /// The OR rule on the pair `{i, j}`'s semis: those not combined before with all the others.
    fn or_pair(&mut self, i: usize, j: usize) {
        let pair = pair_index(i, j);
        let lists = &mut self.layer.pairs[pair];
        lists.or_queued = false;
        let seen = lists.or_seen;
        lists.or_seen = self.arena.len() as u32;
        if lists.semi.len() < 2 || !lists.semi.iter().any(|e| e.id.0 >= seen) {
            return;
        }
        // No OR at all while every semi carrier of the pair shares a cell the ends do not
        // capture (the usual case).
        let common = lists
            .semi
            .iter()
            .fold(lists.semi[0].carrier, |c, e| c & e.carrier);
        let capturable = self.captured_between(i, j);
        if !common.is_subset(&capturable) {
            return;
        }
        if self.limits.or_search {
            self.or_search_pair(i, j, seen, capturable);
        } else {
            let mut semis = mem::take(&mut self.scratch);
            let mut others = mem::take(&mut self.or_others);
            semis.clear();
            semis.extend_from_slice(&self.layer.pairs[pair].semi);
            for (k, first) in semis.iter().enumerate() {
                if first.id.0 < seen {
                    continue;
                }
                // Each new semi with the others (old ones, and new ones not yet first).
                others.clear();
                others.extend(
                    semis
                        .iter()
                        .enumerate()
                        .filter(|&(m, e)| m != k && (e.id.0 < seen || m > k))
                        .map(|(_, e)| *e),
                );
                self.or_rule(i, j, *first, &others, capturable);
                if self.halted() {
                    break;
                }
            }
            self.scratch = semis;
            self.or_others = others;
        }
    }

    /// OR of `first` with subsets of at most [`HSearchLimits::max_or`] of `others` whose
    /// carriers, with `first`'s, share no cell the ends do not capture.
    ///
    /// Every set the search meets lies inside `first`'s carrier, so it runs on bit masks over
    /// that carrier's cells (bit `b` for its `b`-th cell) instead of on the layer's cell
    /// sets: one or two machine words per test instead of three to six. Only the union of
    /// the chosen carriers, needed when a combination concludes, stays a cell set.
    ///
    /// The search branches as a hitting-set search does: the lowest cell still common to the
    /// chosen carriers must leave the intersection, so the next semi is one that misses it,
    /// and a semi tried at a branch is excluded from the branches after it (each set is met
    /// once). Trying every semi that removes *some* common cell, in list order, met the same
    /// minimal sets through far more combinations.
    #[inline(never)]
    fn or_rule(
        &mut self,
        i: usize,
        j: usize,
        first: Entry<W>,
        others: &[Entry<W>],
        capturable: Cells<W>,
    ) {
        if self.limits.max_or < 2 {
            return;
        }
        let mut cells = [Point::NORTH; CarrierMask::BITS as usize];
        let mut count = 0;
        for cell in first.carrier {
            if count == cells.len() {
                // A carrier wider than the mask: no OR from it (sound: fewer connections).
                return;
            }
            cells[count] = cell;
            count += 1;
        }
        let cells = &cells[..count];
        // Bit `b` stands for the carrier's `b`-th cell in point order: the cell at bit `t`
        // of word `w` has rank `before[w]` plus the carrier's cells below it in that word.
        let words = first.carrier.words();
        let mut before = [0u32; W];
        let mut rank = 0;
        for (w, &word) in words.iter().enumerate() {
            before[w] = rank;
            rank += word.count_ones();
        }
        let bits_of = |cells: &Cells<W>| -> CarrierMask {
            let mut mask = 0;
            for (w, (&held, &of)) in cells.words().iter().zip(words).enumerate() {
                let mut rest = held & of;
                while rest != 0 {
                    let below = of & ((1u64 << rest.trailing_zeros()) - 1);
                    mask |= 1 << (before[w] + below.count_ones());
                    rest &= rest - 1;
                }
            }
            mask
        };
        let all = CarrierMask::checked_shl(1, count as u32).map_or(CarrierMask::MAX, |bit| bit - 1);
        // Carriers of one pair mostly share their cells: a set's mask from the few it lacks.
        let mask_of = |set: &Cells<W>| -> CarrierMask { all & !bits_of(&(first.carrier - *set)) };
        let captured = bits_of(&capturable);
        // Beyond the mask's width the others' tail is left out (sound: fewer connections;
        // only unlimited stores have that many semis to a pair).
        let others = &others[..others.len().min(OtherMask::BITS as usize)];
        // keep[k]: the cells of `first` that `others[k]` holds too. missing[b]: the others
        // that do not hold `first`'s `b`-th cell.
        let mut keep = mem::take(&mut self.or_keep);
        keep.clear();
        keep.extend(others.iter().map(|o| mask_of(&o.carrier)));
        // A cell of `first` every other carrier holds, not captured: no OR at all (the
        // usual case, so the per-cell masks wait).
        let shared = keep.iter().fold(all & !captured, |c, &held| c & held);
        let mut missing = mem::take(&mut self.or_missing);
        if shared == 0 {
            missing.clear();
            missing.resize(count, 0);
            for (k, &held) in keep.iter().enumerate() {
                let mut lacks = all & !held;
                while lacks != 0 {
                    missing[lacks.trailing_zeros() as usize] |= 1 << k;
                    lacks &= lacks - 1;
                }
            }
            self.chosen.clear();
            self.chosen.push(first.id);
            let search = OrSearch {
                others,
                cells,
                keep: &keep,
                missing: &missing,
                captured,
            };
            self.or_step((i, j), &search, 0, all, first.carrier);
        }
        self.or_keep = keep;
        self.or_missing = missing;
    }

    /// One branch of the OR rule's search: `common` is what the chosen carriers share (as a
    /// mask over the first carrier), `union` their union, `excluded` the others tried at
    /// earlier branches.
    fn or_step(
        &mut self,
        (i, j): (usize, usize),
        search: &OrSearch<'_, W>,
        excluded: OtherMask,
        common: CarrierMask,
        union: Cells<W>,
    ) {
        let pair = pair_index(i, j);
        // Whether the semi this call adds is the combination's last (`chosen` holds the ones
        // before it).
        let last = self.chosen.len() as u32 + 1 >= self.limits.max_or;
        let open = common & !search.captured;
        // The cell to take out of the intersection next: the lowest one not captured; once
        // only captured ones are left (a carrier with their pairs is stored already), the
        // lowest of those, for a carrier without.
        let target = if open != 0 { open } else { common };
        let mut candidates = search.missing[target.trailing_zeros() as usize] & !excluded;
        // A cell not captured that no semi left can take out: nothing below concludes. (The
        // last semi must clear every such cell itself.)
        let mut rest = open & open.wrapping_sub(1);
        let mut clears_all = candidates;
        while rest != 0 && candidates != 0 {
            let lacking = search.missing[rest.trailing_zeros() as usize] & !excluded;
            if lacking == 0 {
                return;
            }
            clears_all &= lacking;
            rest &= rest - 1;
        }
        if last && open != 0 {
            candidates = clears_all;
        }
        let mut tried = excluded;
        while candidates != 0 {
            let k = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            tried |= 1 << k;
            if !self.spend() {
                return;
            }
            self.layer.stats.or_tried += 1;
            let other = &search.others[k];
            let narrower = common & search.keep[k];
            let wider = union | other.carrier;
            let full = &self.layer.pairs[pair].full;
            if full.iter().any(|e| e.carrier.is_subset(&wider)) {
                continue; // could never be minimal
            }
            self.chosen.push(other.id);
            if narrower & !search.captured == 0 {
                let common_cells = search.cells_of(narrower);
                self.or_conclude(i, j, wider, common_cells);
            }
            // Common cells the ends capture make a carrier with their pairs; emptying them
            // with more semis may make one without.
            if narrower != 0 && (self.chosen.len() as u32) < self.limits.max_or {
                self.or_step((i, j), search, tried, narrower, wider);
            }
            self.chosen.pop();
            if self.halted() {
                return;
            }
        }
    }

    /// Stores the OR of the semis in `self.chosen` (their carriers' union `union`, their
    /// common cells `common`, all captured by the ends). Returns the carrier, if stored.
    fn or_conclude(
        &mut self,
        i: usize,
        j: usize,
        union: Cells<W>,
        common: Cells<W>,
    ) -> Option<Cells<W>> {
        let (extra, captured) = if common.is_empty() {
            (Cells::EMPTY, CapturedRef::default())
        } else {
            self.record_captured(i, j, common)?
        };
        let start = self.or_inputs.len();
        self.or_inputs.extend_from_slice(&self.chosen);
        let rule = Rule::Or {
            start: start as u32,
            len: self.chosen.len() as u32,
            captured,
        };
        let carrier = union | extra;
        if self.add_full(i, j, carrier, rule) {
            self.layer.stats.or_full += 1;
            Some(carrier)
        } else {
            self.or_inputs.truncate(start);
            self.forget_captured(captured);
            None
        }
    }

    /// The OR rule over any set of the pair's semis (Pawlewicz et al.): a depth-first search
    /// over sets of excluded cells. At each node it knows the semis and full carriers that
    /// avoid the excluded cells; if the semis there can be ORed (their carriers share nothing
    /// the ends do not capture) and no full carrier avoids the excluded cells, their OR is a
    /// new one. Then, while some full carrier avoids the excluded cells and holds a cell not
    /// yet forbidden, one such cell is excluded in a child node and forbidden afterwards. A
    /// set of semis ORable avoiding some cells thus always has a full carrier avoiding them.
    fn or_search_pair(&mut self, i: usize, j: usize, seen: u32, capturable: Cells<W>) {
        let pair = pair_index(i, j);
        let mut semis = mem::take(&mut self.or_semis);
        semis.clear();
        semis.extend(self.layer.pairs[pair].semi.iter().map(|e| OrSemi {
            carrier: e.carrier,
            id: e.id,
            new: e.id.0 >= seen,
        }));
        let mut live = self.or_live.pop().unwrap_or_default();
        live.clear();
        live.extend(0..semis.len() as u16);
        let mut fulls = self.or_fulls.pop().unwrap_or_default();
        fulls.clear();
        fulls.extend(self.layer.pairs[pair].full.iter().map(|e| e.carrier));
        self.or_search_node(i, j, &semis, &live, &mut fulls, Cells::EMPTY, capturable);
        self.or_live.push(live);
        self.or_fulls.push(fulls);
        self.or_semis = semis;
    }

    /// One node of [`Builder::or_search_pair`]: `live` indexes the semis avoiding the
    /// excluded cells, `fulls` the full carriers avoiding them (extended with the ones found
    /// below), `forbidden` the cells no child may exclude.
    #[allow(clippy::too_many_arguments)]
    fn or_search_node(
        &mut self,
        i: usize,
        j: usize,
        semis: &[OrSemi<W>],
        live: &[u16],
        fulls: &mut Vec<Cells<W>>,
        mut forbidden: Cells<W>,
        capturable: Cells<W>,
    ) {
        if !self.spend() {
            return;
        }
        self.layer.stats.or_tried += 1;
        let mut common = Cells::EMPTY;
        let mut common_new: Option<Cells<W>> = None;
        for (n, &s) in live.iter().enumerate() {
            let semi = &semis[usize::from(s)];
            common = if n == 0 {
                semi.carrier
            } else {
                common & semi.carrier
            };
            if semi.new {
                common_new = Some(common_new.map_or(semi.carrier, |c| c & semi.carrier));
            }
        }
        // Without a new semi nothing here is new; without an ORable set nothing at all.
        let Some(common_new) = common_new else {
            return;
        };
        if live.len() < 2 || !common.is_subset(&capturable) {
            return;
        }
        if fulls.is_empty() {
            match self.or_greedy(i, j, semis, live, capturable) {
                Some(carrier) => fulls.push(carrier),
                None => return,
            }
        }
        // A child excluding a cell every new semi holds would see old semis only.
        forbidden |= common_new;
        // Buffers for the children, taken from the pool (a search allocates once per depth).
        let mut child = self.or_live.pop().unwrap_or_default();
        let mut child_fulls = self.or_fulls.pop().unwrap_or_default();
        while !self.halted() {
            let Some(smallest) = fulls.iter().map(|f| *f - forbidden).min_by_key(Cells::len) else {
                break;
            };
            let Some(cell) = smallest.first() else {
                break; // a full carrier within the forbidden cells avoids every exclusion
            };
            forbidden.insert(cell);
            child.clear();
            child.extend(
                live.iter()
                    .copied()
                    .filter(|&s| !semis[usize::from(s)].carrier.contains(cell)),
            );
            child_fulls.clear();
            child_fulls.extend(fulls.iter().copied().filter(|f| !f.contains(cell)));
            let before = child_fulls.len();
            let child_capturable = if capturable.contains(cell) {
                Cells::EMPTY
            } else {
                capturable
            };
            self.or_search_node(
                i,
                j,
                semis,
                &child,
                &mut child_fulls,
                forbidden,
                child_capturable,
            );
            fulls.extend_from_slice(&child_fulls[before..]);
        }
        self.or_live.push(child);
        self.or_fulls.push(child_fulls);
    }

    /// Stores the OR of a small set of the semis `live` (whose carriers share only captured
    /// cells): smallest carriers first, each taken when it narrows the common cells, until
    /// they are captured; then the ones not needed are dropped again. Returns the carrier
    /// (stored, or refused by the store's policy but valid all the same).
    fn or_greedy(
        &mut self,
        i: usize,
        j: usize,
        semis: &[OrSemi<W>],
        live: &[u16],
        capturable: Cells<W>,
    ) -> Option<Cells<W>> {
        let mut picked: Vec<usize> = Vec::new();
        let mut common: Option<Cells<W>> = None;
        for &s in live {
            let carrier = semis[usize::from(s)].carrier;
            if common.is_some_and(|c| c.is_subset(&carrier)) {
                continue;
            }
            picked.push(usize::from(s));
            let narrower = common.map_or(carrier, |c| c & carrier);
            common = Some(narrower);
            if narrower.is_subset(&capturable) {
                break;
            }
        }
        // Drop the semis the others do without, largest first.
        let mut k = picked.len();
        while k > 0 {
            k -= 1;
            let without = picked.iter().enumerate().filter(|&(m, _)| m != k).fold(
                None,
                |c: Option<Cells<W>>, (_, &s)| {
                    Some(c.map_or(semis[s].carrier, |c| c & semis[s].carrier))
                },
            );
            if picked.len() > 2 && without.is_some_and(|c| c.is_subset(&capturable)) {
                picked.remove(k);
            }
        }
        let mut union = Cells::EMPTY;
        let mut common = None;
        self.chosen.clear();
        for &s in &picked {
            union |= semis[s].carrier;
            common = Some(common.map_or(semis[s].carrier, |c: Cells<W>| c & semis[s].carrier));
            self.chosen.push(semis[s].id);
        }
        let common = common?;
        if !common.is_subset(&capturable) {
            return None;
        }
        let stored = self.or_conclude(i, j, union, common);
        // A carrier the store refuses still proves the pair connected avoiding its cells.
        Some(stored.unwrap_or(union | common))
    }
}

/// A set of cells of the first semi's carrier in the bounded OR rule: bit `b` for the
/// carrier's `b`-th cell.
type CarrierMask = u128;

/// A set of the other semis in the bounded OR rule: bit `k` for `others[k]`.
type OtherMask = u128;

/// What one bounded OR rule search works on ([`Builder::or_rule`]).
struct OrSearch<'s, const W: usize> {
    /// The semis the first one may combine with.
    others: &'s [Entry<W>],
    /// The first semi's carrier, cell by cell (the masks' bits).
    cells: &'s [Point],
    /// The cells of the first carrier each of `others` holds.
    keep: &'s [CarrierMask],
    /// For each cell of the first carrier, the others that do not hold it.
    missing: &'s [OtherMask],
    /// The cells of the first carrier the ends capture.
    captured: CarrierMask,
}

impl<const W: usize> OrSearch<'_, W> {
    fn cells_of(&self, mut mask: CarrierMask) -> Cells<W> {
        let mut set = Cells::EMPTY;
        while mask != 0 {
            set.insert(self.cells[mask.trailing_zeros() as usize]);
            mask &= mask - 1;
        }
        set
    }
}
