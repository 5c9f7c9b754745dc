//! The generated pattern library: the committed file is the generator's output, every pattern
//! re-proves, and every claim holds on small boards by brute force wherever a pattern matches.

use ohm_engine::inferior::local::{self, Claim};
use ohm_engine::inferior::matcher::{Library, LIBRARY};

/// The committed `library.txt` is exactly what the generator proves today. Set `OHM_BLESS=1`
/// to rewrite it after changing the generator (`ohm patterns` prints the counts).
#[test]
fn the_committed_library_is_the_generators_output() {
    let generated = local::library_text(&local::generate_on_threads());
    if std::env::var_os("OHM_BLESS").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/inferior/library.txt");
        std::fs::write(path, &generated).expect("write library.txt");
        return;
    }
    assert!(
        generated == LIBRARY,
        "library.txt differs from the generator's output: run OHM_BLESS=1 cargo test -p ohm-engine --test library"
    );
}

#[test]
fn every_library_pattern_reproves_and_parses_whole() {
    let library = Library::parse(LIBRARY);
    let lines = LIBRARY
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .count();
    assert_eq!(library.patterns().len(), lines);
    for p in library.patterns() {
        assert!(p.holds(), "{}", p.to_line());
    }
    for claim in [
        Claim::Dead,
        Claim::Captured,
        Claim::Dominated,
        Claim::Vulnerable,
        Claim::Reversible,
    ] {
        assert!(
            library.patterns().iter().any(|p| p.claim == claim),
            "no {claim:?} pattern"
        );
    }
}
