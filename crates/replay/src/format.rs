//! The four replay formats, told apart by their first bytes.
//!
//! | format | program | how its file starts |
//! |---|---|---|
//! | `.rmv` | Viennasweeper | `*rmv` and a format version 1 or 2 |
//! | `.mvf` | Minesweeper Clone 0.97 | the bytes `11 4D` (`\x11M`, then "Minesweeper Clone") |
//! | `.evf` | Metasweeper | a format version 0 to 4, a flags byte (v4: two), then height and width |
//! | `.avf` | Minesweeper Arbiter | a version byte, four random bytes, then a level 3 to 6 |
//!
//! The first two are real magic; the other two are only plausible headers, so a file that
//! fits none of them is read as its extension says (and its reader says what is wrong), and a
//! file that fits one is read as that format whatever its name.

use std::fmt;

/// A replay format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReplayFormat {
    /// Minesweeper Arbiter.
    Avf,
    /// Viennasweeper (RMV, versions 1 and 2).
    Rmv,
    /// Minesweeper Clone (0.97 only, as ms_toollib reads it).
    Mvf,
    /// Metasweeper (EVF, versions 0 to 4).
    Evf,
}

impl ReplayFormat {
    /// Every format.
    pub const ALL: [ReplayFormat; 4] = [
        ReplayFormat::Avf,
        ReplayFormat::Rmv,
        ReplayFormat::Mvf,
        ReplayFormat::Evf,
    ];

    /// The file extension, lower case without the dot: `avf`, `rmv`, `mvf` or `evf`.
    pub fn extension(self) -> &'static str {
        match self {
            ReplayFormat::Avf => "avf",
            ReplayFormat::Rmv => "rmv",
            ReplayFormat::Mvf => "mvf",
            ReplayFormat::Evf => "evf",
        }
    }

    /// The program that writes it.
    pub fn program(self) -> &'static str {
        match self {
            ReplayFormat::Avf => "Minesweeper Arbiter",
            ReplayFormat::Rmv => "Viennasweeper",
            ReplayFormat::Mvf => "Minesweeper Clone",
            ReplayFormat::Evf => "Metasweeper",
        }
    }

    /// The format of a file name's extension (any case), if it is a replay's.
    pub fn from_file_name(name: &str) -> Option<ReplayFormat> {
        let (_, extension) = name.rsplit_once('.')?;
        ReplayFormat::ALL
            .into_iter()
            .find(|f| f.extension().eq_ignore_ascii_case(extension))
    }

    /// The format the bytes look like, if any (see the module overview). Where the bytes
    /// fit both headers without magic (EVF and AVF), `hint` (the name's) decides.
    pub fn sniff(bytes: &[u8], hint: Option<ReplayFormat>) -> Option<ReplayFormat> {
        if bytes.starts_with(b"*rmv") {
            return Some(ReplayFormat::Rmv);
        }
        if bytes.starts_with(&[0x11, 0x4D]) {
            return Some(ReplayFormat::Mvf);
        }
        match (looks_like_evf(bytes), looks_like_avf(bytes)) {
            (true, true) if hint == Some(ReplayFormat::Avf) => Some(ReplayFormat::Avf),
            (true, _) => Some(ReplayFormat::Evf),
            (false, true) => Some(ReplayFormat::Avf),
            (false, false) => None,
        }
    }
}

/// The board size a header states, where it can be read without the rest (EVF, AVF custom):
/// checked before the reader allocates the board.
pub(crate) fn header_size(format: ReplayFormat, bytes: &[u8]) -> Option<(usize, usize)> {
    match format {
        ReplayFormat::Evf => {
            let at = if bytes.first() == Some(&4) { 3 } else { 2 };
            let (height, width) = (*bytes.get(at)?, *bytes.get(at + 1)?);
            Some((usize::from(width), usize::from(height)))
        }
        ReplayFormat::Avf if bytes.get(5) == Some(&6) => {
            let (width, height) = (*bytes.get(6)?, *bytes.get(7)?);
            Some((usize::from(width) + 1, usize::from(height) + 1))
        }
        _ => None,
    }
}

impl fmt::Display for ReplayFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} replay (.{})", self.program(), self.extension())
    }
}

/// An EVF header: version 0 to 4, flags (version 4 has a second flags byte), then a height
/// and a width that are not zero.
fn looks_like_evf(bytes: &[u8]) -> bool {
    let Some(&version) = bytes.first() else {
        return false;
    };
    let size_at = match version {
        0..=3 => 2,
        4 => 3,
        _ => return false,
    };
    matches!(bytes.get(size_at..size_at + 2), Some([h, w]) if *h > 0 && *w > 0)
}

/// An AVF header: a version byte, four random bytes, the level (3 beginner, 4 intermediate,
/// 5 expert, 6 custom), and for the standard levels the first mine's row and column, 1-based.
fn looks_like_avf(bytes: &[u8]) -> bool {
    match bytes.get(5) {
        Some(3..=5) => matches!(bytes.get(6..8), Some([r, c]) if *r > 0 && *c > 0),
        Some(6) => bytes.len() > 10,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_in_any_case() {
        assert_eq!(
            ReplayFormat::from_file_name("a.b.AVF"),
            Some(ReplayFormat::Avf)
        );
        assert_eq!(
            ReplayFormat::from_file_name("x.evf"),
            Some(ReplayFormat::Evf)
        );
        assert_eq!(ReplayFormat::from_file_name("x.json"), None);
        assert_eq!(ReplayFormat::from_file_name("avf"), None);
    }

    #[test]
    fn magic_bytes() {
        assert_eq!(
            ReplayFormat::sniff(b"*rmv\0\x01", None),
            Some(ReplayFormat::Rmv)
        );
        assert_eq!(
            ReplayFormat::sniff(b"\x11MMinesweeper Clone", None),
            Some(ReplayFormat::Mvf)
        );
        assert_eq!(ReplayFormat::sniff(b"", None), None);
        assert_eq!(ReplayFormat::sniff(b"{\"format\":", None), None);
        assert_eq!(ReplayFormat::sniff(b"8x8x10\n", None), None);
    }
}
