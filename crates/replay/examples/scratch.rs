use mineseer_core::clicks::game_stats;
use mineseer_replay::*;
fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap();
        let t = std::time::Instant::now();
        match read_replay(&bytes, Some(&path), &ReadConfig { comments: true }) {
            Ok(r) => {
                let s = game_stats(&r.record);
                println!(
                    "{path}: {:?} {}x{} {} mines moves {} origin {:?}",
                    r.format,
                    r.record.width(),
                    r.record.height(),
                    r.record.n_mines(),
                    r.record.moves().len(),
                    r.record.origin()
                );
                println!("  reported {:?} off {}", r.reported, r.clicks_off_board);
                println!(
                    "  ours {:?} bbbv {} solved {} time {} clicks {:?}",
                    s.result, s.board.bbbv, s.bbbv_solved, s.time_ms, s.clicks
                );
                println!("  comments {:?}  in {:?}", r.comments, t.elapsed());
            }
            Err(e) => println!("{path}: ERR {e} {:?}", e.kind()),
        }
    }
}
