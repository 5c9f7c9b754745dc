//! The H-search engine room: the store's insert rules, the AND and OR rules, the work queue,
//! and the update after a move.

use alloc::vec::Vec;
use core::mem;

use super::templates::Placements;
use super::{
    pair_index, ConnectionId, Connections, Ends, Entry, Kind, Layer, PairLists, Rule, Stats,
    NOT_AN_END,
};
use crate::cellset::CellSet;
use crate::point::{Edge, Point};
use crate::{Color, Position};

/// A connection created by this build that still waits in the queue.
const QUEUED: u8 = 0;
/// Combined with every processed full connection at both its ends (semis start here).
const DONE: u8 = 1;
/// Evicted from its list before it was processed.
const DEAD: u8 = 2;

pub(super) fn empty_layer(
    position: &Position,
    color: Color,
    arena_len: usize,
    or_len: usize,
    reuse: Option<Layer>,
) -> Layer {
    let ends = Ends::of(position, color);
    let n = ends.len();
    let (e1, e2) = Edge::of(color);
    let won_by_stones = ends.index(e1.point()) == ends.index(e2.point());
    let (mut pairs, mut partners) =
        reuse.map_or((Vec::new(), Vec::new()), |old| (old.pairs, old.partners));
    // A discarded layer's lists are cleared, not freed: they keep their capacity, so a search
    // that plays and takes back stones all the time hardly allocates here (allocation and
    // freeing were a fifth of a search with H-search at every node).
    for lists in &mut pairs {
        lists.full.clear();
        lists.semi.clear();
    }
    pairs.resize_with(n * n.saturating_sub(1) / 2, PairLists::default);
    for list in &mut partners {
        list.clear();
    }
    partners.resize_with(n, Vec::new);
    Layer {
        pairs,
        partners,
        ends,
        stats: Stats::default(),
        arena_len,
        or_len,
        won_by_stones,
        position_hash: position.hash(),
    }
}

pub(super) fn from_scratch(
    connections: &mut Connections,
    position: &Position,
    interrupt: Option<&mut dyn FnMut() -> bool>,
) {
    let board = *position.board();
    let mut builder = Builder::new(connections, interrupt);
    for i in 0..builder.layer.ends.len() {
        let mut around = CellSet::EMPTY;
        for m in builder.layer.ends.members[i] {
            around |= board.neighbours(m);
        }
        builder.add_base(i, around);
    }
    builder.add_templates(position);
    builder.run();
}

pub(super) fn after_stone(
    connections: &mut Connections,
    position: &Position,
    stone: Point,
    interrupt: Option<&mut dyn FnMut() -> bool>,
) {
    let color = connections.color;
    let fresh = empty_layer(
        position,
        color,
        connections.arena.len(),
        connections.or_inputs.len(),
        connections.spare.take(),
    );
    let old = mem::replace(&mut connections.layer, fresh);
    let stone_color = if stone.is_cell() && connections.board.contains(stone) {
        position.color_at(stone)
    } else {
        None
    };
    let Some(stone_color) = stone_color else {
        // Not a single new stone: nothing to inherit.
        from_scratch(connections, position, interrupt);
        connections.history.push(old);
        return;
    };
    let own = stone_color == color;
    let board = *position.board();
    let mut builder = Builder::new(connections, interrupt);
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
            for (entries, kind) in [(&lists.full, Kind::Full), (&lists.semi, Kind::Semi)] {
                for entry in entries {
                    debug_assert_eq!(builder.get(entry.id).ends, [old_names[lo], old_names[hi]]);
                    if !own && entry.carrier.contains(stone) {
                        damaged.push((i.min(j), i.max(j)));
                        continue;
                    }
                    if own && (renamed || entry.carrier.contains(stone)) {
                        changed.push((entry.id, i, j));
                        continue;
                    }
                    builder.keep(i, j, kind, *entry);
                }
            }
        }
    }

    // The connector's new group touches whatever its parts touched, and the cells around the
    // stone: base connections before the inherited ones, so they keep their plain derivation.
    // Survivors went in first and unchecked: whatever comes now evicts what it dominates.
    let group = new_ends.index(stone);
    if let Some(g) = group.filter(|_| own) {
        let mut around = CellSet::EMPTY;
        for m in new_ends.members[g] {
            around |= board.neighbours(m);
        }
        builder.add_base(g, around);
    }

    // Own stone: carriers lose the stone, ends grow into the group, keys at the stone fire.
    for (from, i, j) in changed {
        let c = *builder.get(from);
        let carrier = c.carrier.without(stone);
        let rule = Rule::Inherited { from, stone };
        match c.key {
            Some(key) if key != stone => {
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

    // Opponent stone: a pair that lost a connection may now keep carriers its lost ones had
    // dominated, so its ANDs and ORs run again.
    damaged.sort_unstable();
    damaged.dedup();
    for (i, j) in damaged {
        builder.recombine(i, j);
    }
    builder.run();
    connections.history.push(old);
}

/// Where a carrier of `size` cells goes in a list ordered by size, then by [`CellSet`]'s
/// order (compared word by word here: the derived order is a `memcmp` call, a fifth of the
/// build's time when it was used).
fn insertion_point(list: &[Entry], size: u32, carrier: &CellSet) -> usize {
    let after = |e: &Entry| {
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

/// The state of one build or update.
struct Builder<'a, 'i> {
    arena: &'a mut Vec<super::Connection>,
    or_inputs: &'a mut Vec<ConnectionId>,
    layer: &'a mut Layer,
    templates: &'a super::templates::Placements,
    color: Color,
    limits: super::HSearchLimits,
    /// Ids below this were processed by an earlier build.
    first_new: usize,
    /// QUEUED / DONE / DEAD for the ids from `first_new` on.
    state: Vec<u8>,
    queue: Vec<ConnectionId>,
    head: usize,
    /// The OR rule's inputs (reused between calls).
    scratch: Vec<Entry>,
    /// The OR rule's suffix intersections (reused between calls).
    suffix: Vec<CellSet>,
    chosen: Vec<ConnectionId>,
    /// The pair of the two edges, if both are ends and different.
    edge_pair: Option<usize>,
    won: bool,
    /// Asked every [`INTERRUPT_INTERVAL`] units of work whether to stop now (the search's
    /// stop flag and clock): the build then ends as if its budget were spent.
    interrupt: Option<&'i mut dyn FnMut() -> bool>,
}

/// Units of work between two calls of a build's interrupt check: about a millisecond.
const INTERRUPT_INTERVAL: u64 = 1024;

impl<'a, 'i> Builder<'a, 'i> {
    fn new(
        connections: &'a mut Connections,
        interrupt: Option<&'i mut dyn FnMut() -> bool>,
    ) -> Builder<'a, 'i> {
        let (e1, e2) = Edge::of(connections.color);
        let ends = &connections.layer.ends;
        let edge_pair = match (ends.index(e1.point()), ends.index(e2.point())) {
            (Some(i), Some(j)) if i != j => Some(pair_index(i, j)),
            _ => None,
        };
        Builder {
            first_new: connections.arena.len(),
            arena: &mut connections.arena,
            or_inputs: &mut connections.or_inputs,
            layer: &mut connections.layer,
            templates: &connections.templates,
            color: connections.color,
            limits: connections.limits,
            state: Vec::new(),
            queue: Vec::new(),
            head: 0,
            scratch: Vec::new(),
            suffix: Vec::new(),
            chosen: Vec::new(),
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

    fn name(&self, end: usize) -> Point {
        self.layer.ends.names[end]
    }

    fn push_connection(
        &mut self,
        i: usize,
        j: usize,
        kind: Kind,
        carrier: CellSet,
        key: Option<Point>,
        rule: Rule,
    ) -> ConnectionId {
        let (a, b) = (self.name(i), self.name(j));
        let ends = if a < b { [a, b] } else { [b, a] };
        let id = ConnectionId(self.arena.len() as u32);
        self.arena.push(super::Connection {
            kind,
            ends,
            carrier,
            key,
            rule,
        });
        self.state
            .push(if kind == Kind::Full { QUEUED } else { DONE });
        id
    }

    /// Base connections of end `i` with every end among `around`.
    fn add_base(&mut self, i: usize, around: CellSet) {
        for q in around {
            let j = self.layer.ends.end_of[q.index()];
            if j != NOT_AN_END && usize::from(j) != i {
                self.add_full(i, usize::from(j), CellSet::EMPTY, Rule::Base);
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
                self.add_full(i, j, carrier, rule);
            }
        }
    }

    /// Copies a connection of the previous layer that the move left intact.
    fn keep(&mut self, i: usize, j: usize, kind: Kind, entry: Entry) {
        let lists = &mut self.layer.pairs[pair_index(i, j)];
        match kind {
            Kind::Full => {
                if lists.full.is_empty() {
                    self.layer.partners[i].push(j as u16);
                    self.layer.partners[j].push(i as u16);
                }
                lists.full.push(entry);
            }
            Kind::Semi => lists.semi.push(entry),
        }
    }

    /// Adds a full connection unless a kept one's carrier is a subset; evicts the supersets.
    fn add_full(&mut self, i: usize, j: usize, carrier: CellSet, rule: Rule) -> bool {
        let pair = pair_index(i, j);
        let lists = &mut self.layer.pairs[pair];
        if lists.full.iter().any(|e| e.carrier.is_subset(&carrier)) {
            return false;
        }
        let evicts = lists.full.iter().any(|e| carrier.is_subset(&e.carrier));
        let size = carrier.len();
        if !evicts && lists.full.len() >= self.limits.max_full as usize {
            match lists.full.last() {
                Some(last) if last.carrier.len() > size => {
                    let dropped = lists.full.pop().expect("not empty").id;
                    if dropped.index() >= self.first_new {
                        self.state[dropped.index() - self.first_new] = DEAD;
                    }
                }
                _ => return false,
            }
        }
        let was_empty = lists.full.is_empty();
        let lists = &mut self.layer.pairs[pair];
        let mut k = 0;
        while k < lists.full.len() {
            if carrier.is_subset(&lists.full[k].carrier) {
                let gone = lists.full.remove(k).id;
                if gone.index() >= self.first_new {
                    self.state[gone.index() - self.first_new] = DEAD;
                }
            } else {
                k += 1;
            }
        }
        // A semi carrier holding a full carrier of the same pair is a full connection.
        lists.semi.retain(|e| !carrier.is_subset(&e.carrier));
        let id = self.push_connection(i, j, Kind::Full, carrier, None, rule);
        let lists = &mut self.layer.pairs[pair];
        let at = insertion_point(&lists.full, size, &carrier);
        lists.full.insert(at, Entry { carrier, id });
        if was_empty {
            self.layer.partners[i].push(j as u16);
            self.layer.partners[j].push(i as u16);
        }
        self.queue.push(id);
        if Some(pair) == self.edge_pair {
            self.won = true;
        }
        true
    }

    /// Adds a semi-connection keyed at `key`, then tries the OR rule with it.
    fn add_semi(&mut self, i: usize, j: usize, carrier: CellSet, key: Point, rule: Rule) -> bool {
        let pair = pair_index(i, j);
        let lists = &mut self.layer.pairs[pair];
        if lists.full.iter().any(|e| e.carrier.is_subset(&carrier))
            || lists.semi.iter().any(|e| e.carrier.is_subset(&carrier))
        {
            return false;
        }
        let evicts = lists.semi.iter().any(|e| carrier.is_subset(&e.carrier));
        let size = carrier.len();
        if !evicts && lists.semi.len() >= self.limits.max_semi as usize {
            match lists.semi.last() {
                Some(last) if last.carrier.len() > size => {
                    lists.semi.pop();
                }
                _ => return false,
            }
        }
        lists.semi.retain(|e| !carrier.is_subset(&e.carrier));
        let id = self.push_connection(i, j, Kind::Semi, carrier, Some(key), rule);
        let lists = &mut self.layer.pairs[pair];
        let at = insertion_point(&lists.semi, size, &carrier);
        let entry = Entry { carrier, id };
        lists.semi.insert(at, entry);
        // No OR at all while every semi carrier of the pair shares a cell (the usual case).
        let shared = lists
            .semi
            .iter()
            .fold(carrier, |common, e| common & e.carrier);
        if !shared.is_empty() {
            return true;
        }

        let mut others = mem::take(&mut self.scratch);
        others.clear();
        others.extend(lists.semi.iter().filter(|e| e.id != id));
        self.or_rule(i, j, entry, &others);
        self.scratch = others;
        true
    }

    /// OR of `first` with subsets of `others` (each must shrink the common intersection).
    fn or_rule(&mut self, i: usize, j: usize, first: Entry, others: &[Entry]) {
        if self.limits.max_or < 2 {
            return;
        }
        // suffix[k]: what `first` shares with every one of `others[k..]`. A combination drawn
        // from `others[k..]` keeps at least these cells in common, so when they are not
        // empty no OR can come from there (most pairs' semis all share a cell).
        let mut suffix = mem::take(&mut self.suffix);
        suffix.clear();
        suffix.resize(others.len() + 1, first.carrier);
        for k in (0..others.len()).rev() {
            suffix[k] = suffix[k + 1] & others[k].carrier;
        }
        if suffix[0].is_empty() {
            self.chosen.clear();
            self.chosen.push(first.id);
            self.or_step((i, j), others, &suffix, 0, first.carrier, first.carrier);
        }
        self.suffix = suffix;
    }

    fn or_step(
        &mut self,
        (i, j): (usize, usize),
        others: &[Entry],
        suffix: &[CellSet],
        start: usize,
        union: CellSet,
        common: CellSet,
    ) {
        let pair = pair_index(i, j);
        for (k, other) in others.iter().enumerate().skip(start) {
            if common.intersects(&suffix[k]) {
                return; // nothing from here on can empty the intersection
            }
            if common.is_subset(&other.carrier) {
                continue; // adds cells without removing any from the intersection
            }
            let narrower = common & other.carrier;
            if !self.spend() {
                return;
            }
            self.layer.stats.or_tried += 1;
            let wider = union | other.carrier;
            let full = &self.layer.pairs[pair].full;
            if full.iter().any(|e| e.carrier.is_subset(&wider)) {
                continue; // could never be minimal
            }
            self.chosen.push(other.id);
            if narrower.is_empty() {
                let start = self.or_inputs.len();
                self.or_inputs.extend_from_slice(&self.chosen);
                let rule = Rule::Or {
                    start: start as u32,
                    len: self.chosen.len() as u32,
                };
                if self.add_full(i, j, wider, rule) {
                    self.layer.stats.or_full += 1;
                } else {
                    self.or_inputs.truncate(start);
                }
            } else if (self.chosen.len() as u32) < self.limits.max_or {
                self.or_step((i, j), others, suffix, k + 1, wider, narrower);
            }
            self.chosen.pop();
            if self.halted() {
                return;
            }
        }
    }

    /// Runs the queue: every full connection meets every processed one at both its ends.
    fn run(&mut self) {
        while self.head < self.queue.len() && !self.halted() {
            let id = self.queue[self.head];
            self.head += 1;
            let slot = id.index() - self.first_new;
            if self.state[slot] != QUEUED {
                continue;
            }
            self.state[slot] = DONE;
            let c = *self.get(id);
            let ends = &self.layer.ends;
            let (Some(i), Some(j)) = (ends.index(c.ends[0]), ends.index(c.ends[1])) else {
                continue;
            };
            self.and_at(id, c.carrier, i, j);
            if self.halted() {
                break;
            }
            self.and_at(id, c.carrier, j, i);
        }
    }

    /// AND of full connection `id` = `(v, a, u)` with every processed `(u, b, w)`.
    fn and_at(&mut self, id: ConnectionId, a: CellSet, u: usize, v: usize) {
        let ends = &self.layer.ends;
        let (u_name, u_empty) = (ends.names[u], ends.empty[u]);
        let (v_name, v_empty) = (ends.names[v], ends.empty[v]);
        if u_name.is_edge() && !self.limits.and_over_edges {
            return;
        }
        let partner_count = self.layer.partners[u].len();
        for k in 0..partner_count {
            let w = usize::from(self.layer.partners[u][k]);
            if w == v || (self.layer.ends.empty[w] && a.contains(self.layer.ends.names[w])) {
                continue;
            }
            let pair = pair_index(u, w);
            let count = self.layer.pairs[pair].full.len();
            for e in 0..count {
                let Entry {
                    carrier: b,
                    id: other,
                } = self.layer.pairs[pair].full[e];
                if !self.processed(other) {
                    continue;
                }
                if !self.spend() {
                    return;
                }
                self.layer.stats.and_tried += 1;
                if a.intersects(&b) || (v_empty && b.contains(v_name)) {
                    continue;
                }
                let rule = Rule::And {
                    left: id,
                    right: other,
                    via: u_name,
                };
                if u_empty {
                    if self.add_semi(v, w, a | b | u_name, u_name, rule) {
                        self.layer.stats.and_semi += 1;
                    }
                } else if self.add_full(v, w, a | b, rule) {
                    self.layer.stats.and_full += 1;
                }
                if self.halted() {
                    return;
                }
            }
        }
    }

    /// Runs AND into the pair again over every midpoint, then OR over its semis.
    fn recombine(&mut self, i: usize, j: usize) {
        let pair = pair_index(i, j);
        for k in 0..self.layer.partners[i].len() {
            let u = usize::from(self.layer.partners[i][k]);
            if u == j || self.layer.pairs[pair_index(u, j)].full.is_empty() {
                continue;
            }
            let (left_pair, right_pair) = (pair_index(i, u), pair_index(u, j));
            let ends = &self.layer.ends;
            let (u_name, u_empty) = (ends.names[u], ends.empty[u]);
            if u_name.is_edge() && !self.limits.and_over_edges {
                continue;
            }
            let (i_name, i_empty) = (ends.names[i], ends.empty[i]);
            let (j_name, j_empty) = (ends.names[j], ends.empty[j]);
            for l in 0..self.layer.pairs[left_pair].full.len() {
                let left = self.layer.pairs[left_pair].full[l];
                if !self.processed(left.id) || (j_empty && left.carrier.contains(j_name)) {
                    continue;
                }
                for r in 0..self.layer.pairs[right_pair].full.len() {
                    let right = self.layer.pairs[right_pair].full[r];
                    if !self.processed(right.id) {
                        continue;
                    }
                    if !self.spend() {
                        return;
                    }
                    self.layer.stats.and_tried += 1;
                    if left.carrier.intersects(&right.carrier)
                        || (i_empty && right.carrier.contains(i_name))
                    {
                        continue;
                    }
                    let rule = Rule::And {
                        left: left.id,
                        right: right.id,
                        via: u_name,
                    };
                    let union = left.carrier | right.carrier;
                    if u_empty {
                        if self.add_semi(i, j, union | u_name, u_name, rule) {
                            self.layer.stats.and_semi += 1;
                        }
                    } else if self.add_full(i, j, union, rule) {
                        self.layer.stats.and_full += 1;
                    }
                }
            }
        }
        let semis = self.layer.pairs[pair].semi.clone();
        for (k, first) in semis.iter().enumerate() {
            self.or_rule(i, j, *first, &semis[k + 1..]);
        }
    }
}
