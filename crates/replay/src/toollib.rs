//! Driving ms_toollib: its readers for the four formats, its replay of the mouse events
//! (`analyse`) and its comments (`analyse_for_features`), behind one guard against its panics.
//!
//! ms_toollib reads and replays with plain indexing, `assert!` and `unwrap` (a mine at row 0 of
//! an `.avf`, an event off the board, a mouse code it does not know all panic), and its
//! readers cannot be checked from outside without writing them again. So every call into it
//! goes through [`guarded`], which catches the panic and turns it into an error. On wasm32 a
//! panic aborts instead (there is no unwinding), so the page runs this reader in a module of its
//! own that the worker throws away after a failure (see `www/worker.js`).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

use ms_toollib::videos::{
    AvfVideo, BaseVideo, ErrReadVideoReason, EvfVideo, MvfVideo, NewSomeVideo2, RmvVideo,
};

use crate::error::{ReplayError, ReplayErrorKind};
use crate::format::ReplayFormat;

/// One replay as ms_toollib holds it after reading.
pub(crate) type Video = BaseVideo<Vec<Vec<i32>>>;

/// Serialises the swaps of the panic hook, so that two threads reading at once cannot leave
/// the quiet hook installed for good.
static HOOK: Mutex<()> = Mutex::new(());

/// Runs `f`, turning a panic into `None` without printing it: a panic of ms_toollib on a
/// damaged file is an answer ("cannot read it"), not a crash to report. The panic hook is
/// process-wide, so a panic on another thread while `f` runs is not printed either.
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    let _lock = HOOK.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = catch_unwind(AssertUnwindSafe(f));
    std::panic::set_hook(previous);
    result.ok()
}

/// Reads the bytes as `format` with ms_toollib's reader (no replay of the events yet).
pub(crate) fn parse(format: ReplayFormat, bytes: &[u8]) -> Result<Video, ReplayError> {
    let raw = bytes.to_vec();
    let parsed = guarded(|| match format {
        ReplayFormat::Avf => {
            let mut video = AvfVideo::new(raw, "");
            video.parse().map(|()| video.data)
        }
        ReplayFormat::Rmv => {
            let mut video = RmvVideo::new(raw, "");
            video.parse().map(|()| video.data)
        }
        ReplayFormat::Mvf => {
            let mut video = MvfVideo::new(raw, "");
            video.parse().map(|()| video.data)
        }
        ReplayFormat::Evf => {
            let mut video = EvfVideo::new(raw, "");
            video.parse().map(|()| video.data)
        }
    });
    let fail = |kind| Err(ReplayError::new(Some(format), kind));
    match parsed {
        None => fail(ReplayErrorKind::ReaderFailed),
        Some(Ok(video)) => Ok(video),
        Some(Err(reason)) => fail(match reason {
            ErrReadVideoReason::FileIsTooShort => ReplayErrorKind::Truncated,
            ErrReadVideoReason::FileIsEmpty if bytes.is_empty() => ReplayErrorKind::Empty,
            // ms_toollib's readers say "empty" when the first byte is missing and "too short"
            // when a later one is: both are a file that ends early.
            ErrReadVideoReason::FileIsEmpty => ReplayErrorKind::Truncated,
            ErrReadVideoReason::FileIsNotRmv | ErrReadVideoReason::VersionBackward => {
                ReplayErrorKind::WrongFormat
            }
            other => ReplayErrorKind::Invalid {
                reason: format!("{other:?}"),
            },
        }),
    }
}

/// Replays the mouse events (ms_toollib's `analyse`): each event's board before and after,
/// its click counts, and the game's figures. `None` when it panics.
pub(crate) fn analyse(video: &mut Video) -> Option<()> {
    guarded(|| video.analyse())
}

/// Metasweeper's comments on the moves ("high risk guess", "needless guess"), written into
/// each event's `comments`. `None` when it panics.
pub(crate) fn comment(video: &mut Video) -> Option<()> {
    guarded(|| video.analyse_for_features(&vec!["high_risk_guess", "needless_guess"]))
}
