//! `cargo bench -p ohm-cli`: the same suites as `ohm bench all`.

fn main() {
    // Cargo passes `--bench`; any other argument filters by suite name.
    let suite = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_else(|| "all".into());
    match ohm_cli::bench::run(
        &suite,
        2000,
        false,
        &ohm_cli::bench::SolverBenchOptions::default(),
        ohm_engine::connections::HSearchLimits::DEFAULT,
    ) {
        Ok(report) => print!("{report}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
