//! The gammas of [`super::Gammas::LEARNED`], written by `examples/policy_train.rs`.
use super::{Gammas, EDGE_CLASSES, NEAR_CODES, PLACES};

pub(super) const LEARNED: Gammas = Gammas {
    near: &[1.0; NEAR_CODES],
    ring: &[],
    rare_ring: 1.0,
    last: [1.0; PLACES],
    own_last: [1.0; PLACES],
    save: [1.0; 2],
    edges: [1.0; EDGE_CLASSES],
};
