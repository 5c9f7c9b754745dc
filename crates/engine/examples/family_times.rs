//! The library generator family by family: time, patterns proven and how many are not in the
//! committed library, by claim (`family_times [NAME_PART]`). Variables: `ELSEWHERE=1` tries
//! stones on the next ring's other positions in the interior families
//! (`KnownNeighbours::stones_elsewhere`), `EMPTY=N` their most empty neighbours.
use ohm_engine::inferior::local::{families, generate_family};
use ohm_engine::inferior::Library;
use std::collections::{BTreeMap, HashSet};
use std::time::Instant;

fn main() {
    let part = std::env::args().nth(1).unwrap_or_default();
    let committed: HashSet<_> = Library::builtin().patterns().iter().copied().collect();
    for mut family in families().into_iter().filter(|f| f.name.contains(&part)) {
        if let Some(scope) = family.known_neighbours.as_mut() {
            if std::env::var_os("ELSEWHERE").is_some() {
                scope.stones_elsewhere = true;
            }
            if let Some(most) = std::env::var("EMPTY").ok().and_then(|e| e.parse().ok()) {
                scope.most_empty = most;
            }
        }
        let start = Instant::now();
        let proven = generate_family(&family);
        let mut new = BTreeMap::new();
        for p in proven.iter().filter(|p| !committed.contains(*p)) {
            *new.entry(p.claim.name()).or_insert(0) += 1;
        }
        println!(
            "{:45} {:6.1} s {:5} patterns; not in the library: {new:?}",
            family.name,
            start.elapsed().as_secs_f64(),
            proven.len()
        );
    }
}
