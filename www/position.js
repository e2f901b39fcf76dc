// Positions on the page: the normalised `.mine` text the worker hands back, as a grid of
// cell characters, and the export formats. User text is never parsed here: the worker (the
// core) reads it and reports errors with line and column.

/** A position: width, height, mines and one `.mine` character per cell, row-major. */
export class Position {
  constructor(width, height, mines, cells) {
    this.width = width;
    this.height = height;
    this.mines = mines;
    this.cells = cells;
  }

  /** From normalised `.mine` text (as parsePosition or a game's export returns it). */
  static fromMineText(text) {
    const lines = text.trim().split('\n');
    const [width, height, mines] = lines[0].split('x').map(Number);
    const cells = lines.slice(1, 1 + height).join('').split('');
    return new Position(width, height, mines, cells);
  }

  /** A board of hidden cells. */
  static empty(width, height, mines) {
    return new Position(width, height, mines, new Array(width * height).fill('H'));
  }

  cell(x, y) {
    return this.cells[y * this.width + x];
  }

  withCell(x, y, ch) {
    const cells = this.cells.slice();
    cells[y * this.width + x] = ch;
    return new Position(this.width, this.height, this.mines, cells);
  }

  withMines(mines) {
    return new Position(this.width, this.height, mines, this.cells);
  }

  /** The `.mine` text of what the player knows: known mines (`M`) are written as hidden. */
  toMineText({ keepMines = false } = {}) {
    let out = `${this.width}x${this.height}x${this.mines}\n`;
    for (let y = 0; y < this.height; y++) {
      const row = this.cells.slice(y * this.width, (y + 1) * this.width);
      out += (keepMines ? row : row.map((c) => (c === 'M' ? 'H' : c))).join('') + '\n';
    }
    return out;
  }
}

/**
 * The data-state of a cell character: hidden, flag, 0-8 or mine. Besides the `.mine` letters, a
 * lost game's view has `*` (the mine that ended it), `X` (other mines) and `W` (wrong flags).
 */
export function cellState(ch) {
  if (ch === 'F' || ch === 'W') return 'flag';
  if (ch >= '0' && ch <= '8') return ch;
  if (ch === 'X' || ch === '*') return 'mine';
  return 'hidden';
}

/**
 * The MBF (Minesweeper Board Format) bytes of a layout: width, height, mine count (16-bit
 * big-endian), then x, y of each mine. Only defined when every mine is known and the board is
 * at most 255x255.
 */
export function toMbf(width, height, minePositions) {
  if (width > 255 || height > 255) throw new Error('MBF holds boards up to 255x255 only');
  const bytes = new Uint8Array(4 + 2 * minePositions.length);
  bytes[0] = width;
  bytes[1] = height;
  bytes[2] = minePositions.length >> 8;
  bytes[3] = minePositions.length & 0xff;
  minePositions.forEach(([x, y], i) => {
    bytes[4 + 2 * i] = x;
    bytes[5 + 2 * i] = y;
  });
  return bytes;
}
