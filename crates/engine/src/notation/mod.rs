//! Game records and notation.
