//! Placeholder, replaced by `examples/policy_train.rs --first-ring`.
#[rustfmt::skip]
pub(super) const FIRST_RING: [f32; crate::policy::NEAR_CODES] = [1.0; crate::policy::NEAR_CODES];
