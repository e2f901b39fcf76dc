//! Nothing: this crate only holds the criterion benchmarks of `mineseer-core`
//! (`cargo bench -p mineseer-bench --bench probability`, `noguess`, `values`, `endgame`), whose
//! sources and data are in `crates/core/benches/`. A crate of their own keeps criterion out of
//! every `cargo test` build.
