//! What the CLI's integration tests share: running the built binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `mineseer` with `args` and `stdin`: its exit code (-1 when killed by a signal),
/// stdout and stderr.
pub fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mineseer"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A run that fails on its arguments exits without reading its input; the pipe is then
    // closed before everything is written, which is not the test's failure.
    if let Err(err) = child.stdin.take().expect("piped").write_all(stdin) {
        assert_eq!(
            err.kind(),
            std::io::ErrorKind::BrokenPipe,
            "stdin is writable: {err}"
        );
    }
    let out = child.wait_with_output().expect("the binary finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
