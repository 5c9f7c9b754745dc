//! Criterion benchmarks of H-search: one colour's full build and the incremental update after
//! a move, on the fixed positions of `ohm bench hsearch` (which also runs them as wasm).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use ohm_engine::bench::midgame_positions;
use ohm_engine::connections::{Connections, HSearchLimits};
use ohm_engine::{Board, Move, Position};

fn builds(c: &mut Criterion) {
    let limits = HSearchLimits::DEFAULT;
    let mut group = c.benchmark_group("hsearch build");
    for n in [9u8, 11, 13] {
        let empty = Position::new(Board::square(n).unwrap());
        group.bench_function(format!("empty {n}x{n}"), |b| {
            b.iter(|| Connections::build(&empty, empty.to_move(), limits))
        });
    }
    for (n, stones, seed) in [(11u8, 30, 0x04E5_EA11), (13, 40, 0x04E5_EA13)] {
        let positions = midgame_positions(Board::square(n).unwrap(), 10, stones, seed);
        group.bench_function(format!("10 midgame {n}x{n}"), |b| {
            b.iter(|| {
                for p in &positions {
                    std::hint::black_box(Connections::build(p, p.to_move(), limits));
                }
            })
        });
    }
    group.finish();
}

fn updates(c: &mut Criterion) {
    let limits = HSearchLimits::DEFAULT;
    let position = midgame_positions(Board::square(11).unwrap(), 1, 30, 0x04E5_EA11).remove(0);
    let cell = position.empty_cells().first().unwrap();
    let base = Connections::build(&position, position.to_move(), limits);
    let mut after = position.clone();
    after.play_unchecked(after.to_move(), Move::Cell(cell));
    c.bench_function("hsearch update 11x11 midgame", |b| {
        b.iter_batched(
            || base.clone(),
            |mut vcs| {
                vcs.update(&after, cell);
                vcs
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, builds, updates);
criterion_main!(benches);
