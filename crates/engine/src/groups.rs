//! Groups of same-coloured stones as a union-find over points, with undo.
//!
//! Each player's stones are joined with the player's two edges, so "Black has won" is simply
//! `find(north) == find(south)`. Union by size without path compression keeps `find` at
//! O(log n) and makes every union a single parent write that an undo log can revert, which is
//! what search needs (play, look, undo) and why there is no path compression.

use alloc::vec::Vec;

use crate::point::{Point, POINT_COUNT};

#[derive(Clone, Debug)]
pub struct Groups {
    parent: [u16; POINT_COUNT],
    size: [u16; POINT_COUNT],
    /// Unions made so far, as (absorbed root, surviving root), for undo.
    log: Vec<(u16, u16)>,
}

impl Default for Groups {
    fn default() -> Self {
        Groups::new()
    }
}

impl Groups {
    pub fn new() -> Groups {
        let mut parent = [0; POINT_COUNT];
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u16;
        }
        Groups {
            parent,
            size: [1; POINT_COUNT],
            log: Vec::new(),
        }
    }

    /// The representative of `point`'s group.
    #[inline]
    pub fn find(&self, point: Point) -> Point {
        let mut i = point.index();
        while self.parent[i] as usize != i {
            i = self.parent[i] as usize;
        }
        Point::from_index(i).expect("roots are points")
    }

    #[inline]
    pub fn same(&self, a: Point, b: Point) -> bool {
        self.find(a) == self.find(b)
    }

    /// Joins the groups of `a` and `b`; returns whether they were separate.
    pub fn union(&mut self, a: Point, b: Point) -> bool {
        let (mut ra, mut rb) = (self.find(a).index(), self.find(b).index());
        if ra == rb {
            return false;
        }
        if self.size[ra] < self.size[rb] {
            core::mem::swap(&mut ra, &mut rb);
        }
        // rb joins ra.
        self.parent[rb] = ra as u16;
        self.size[ra] += self.size[rb];
        self.log.push((rb as u16, ra as u16));
        true
    }

    /// A checkpoint for [`Groups::rollback`].
    #[must_use]
    pub fn checkpoint(&self) -> usize {
        self.log.len()
    }

    /// Reverts every union made after `checkpoint`, newest first.
    pub fn rollback(&mut self, checkpoint: usize) {
        while self.log.len() > checkpoint {
            let (child, root) = self.log.pop().expect("len > checkpoint");
            self.parent[child as usize] = child;
            self.size[root as usize] -= self.size[child as usize];
        }
    }
}
