//! Proof and disproof numbers in negamax form.
//!
//! Every node carries a pair for the player to move there: `phi`, the least work believed
//! to prove that the mover wins, and `delta`, the least work believed to prove that the mover
//! loses. A node whose mover wins has `phi = 0, delta = INFINITY`; one whose mover loses has
//! `phi = INFINITY, delta = 0`. A node's pair comes from its children's (whose mover is the
//! opponent): the mover wins through any child the opponent loses, so `phi` is the least
//! child `delta`; the mover loses only when every child is an opponent win, so `delta` adds
//! up the children's `phi`.

/// Work numbers saturate here; `INFINITY` marks a solved side.
pub const INFINITY: u32 = u32::MAX;

/// The largest finite bound: sums saturate below [`INFINITY`].
pub const MAX_FINITE: u32 = INFINITY - 1;

/// The (phi, delta) pair of a node, for the player to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    pub phi: u32,
    pub delta: u32,
}

impl Bounds {
    /// The mover wins.
    pub const WIN: Bounds = Bounds {
        phi: 0,
        delta: INFINITY,
    };
    /// The mover loses.
    pub const LOSS: Bounds = Bounds {
        phi: INFINITY,
        delta: 0,
    };
    /// A node nobody has looked at.
    pub const UNKNOWN: Bounds = Bounds { phi: 1, delta: 1 };
    /// No threshold at all: search until solved (or stopped).
    pub const UNLIMITED: Bounds = Bounds {
        phi: INFINITY,
        delta: INFINITY,
    };

    #[must_use]
    pub const fn new(phi: u32, delta: u32) -> Bounds {
        Bounds { phi, delta }
    }

    #[must_use]
    pub const fn is_win(self) -> bool {
        self.phi == 0
    }

    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.delta == 0
    }

    #[must_use]
    pub const fn is_solved(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// Both of `self`'s numbers are above `other`'s: a node whose pair is `other` may still
    /// be searched under the thresholds `self`.
    #[must_use]
    pub const fn exceeds(self, other: Bounds) -> bool {
        self.phi > other.phi && self.delta > other.delta
    }
}

/// `a + b`, saturating at [`MAX_FINITE`] unless either is [`INFINITY`].
#[must_use]
pub const fn add(a: u32, b: u32) -> u32 {
    if a == INFINITY || b == INFINITY {
        INFINITY
    } else {
        let s = a.saturating_add(b);
        if s > MAX_FINITE {
            MAX_FINITE
        } else {
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_pairs_are_recognised() {
        assert!(Bounds::WIN.is_win() && Bounds::WIN.is_solved() && !Bounds::WIN.is_loss());
        assert!(Bounds::LOSS.is_loss() && Bounds::LOSS.is_solved() && !Bounds::LOSS.is_win());
        assert!(!Bounds::UNKNOWN.is_solved());
    }

    #[test]
    fn sums_saturate_below_infinity() {
        assert_eq!(add(MAX_FINITE, 5), MAX_FINITE);
        assert_eq!(add(INFINITY, 0), INFINITY);
        assert_eq!(add(2, 3), 5);
    }

    #[test]
    fn thresholds_compare_both_numbers() {
        assert!(Bounds::new(3, 3).exceeds(Bounds::new(2, 2)));
        assert!(!Bounds::new(3, 3).exceeds(Bounds::new(3, 2)));
        assert!(Bounds::UNLIMITED.exceeds(Bounds::new(MAX_FINITE, MAX_FINITE)));
        assert!(!Bounds::UNLIMITED.exceeds(Bounds::WIN));
    }
}
