// The game's win chance, guess by guess, drawn as a line (as chess sites draw an engine's
// evaluation across a game): one point for the start and one before every guess, filled
// where the chance is exact and hollow where it is estimated, the estimates' 95 % intervals
// as a band around the line. Built as SVG from the points of `reviewWinChances` (the keys of
// `mineseer review --win-chances`).

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 30, right: 8, top: 8, bottom: 8 };

function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

const pct = (p) => `${Math.round(p * 100)} %`;

/** A chance in words: "38 % (exact 3/8)" or "≈ 38 % (35-41 %)". */
export function chanceWords(chance) {
  if (chance.kind === 'exact') return `${pct(chance.win)} (exact${chance.exact ? ` ${chance.exact}` : ''})`;
  return `≈ ${pct(chance.win)} (${Math.round(chance.lo * 100)}-${Math.round(chance.hi * 100)} %)`;
}

/** What a point says: where it is and the win chance before the move. */
export function pointWords(point) {
  const where = point.move === null ? 'start' : `before move ${point.move}`;
  let words = `${where}: ${chanceWords(point.win_before)}`;
  if (point.win_move) words += `; the move played ${chanceWords(point.win_move)}`;
  return words;
}

/**
 * The chart of `points` as an <svg>: `onPick(point)` is called when a point is clicked. Each
 * point carries data-kind, data-win and (estimates) data-lo and data-hi.
 */
export function winLineChart(points, onPick) {
  const n = points.length;
  const x = (i) => PAD.left + (n === 1 ? 0.5 : i / (n - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (p) => PAD.top + (1 - p) * (HEIGHT - PAD.top - PAD.bottom);
  const chances = points.map((p) => p.win_before);
  const grid = [0, 0.5, 1].flatMap((p) => [
    svg('line', { class: 'win-line-grid', x1: PAD.left, x2: WIDTH - PAD.right, y1: y(p), y2: y(p) }),
    svg('text', { class: 'win-line-label', x: PAD.left - 4, y: y(p) + 3, 'text-anchor': 'end' }, [`${p * 100}%`]),
  ]);
  const upper = chances.map((c, i) => `${x(i)},${y(c.kind === 'exact' ? c.win : c.hi)}`);
  const lower = chances.map((c, i) => `${x(i)},${y(c.kind === 'exact' ? c.win : c.lo)}`).reverse();
  const band = svg('polygon', { class: 'win-line-band', points: [...upper, ...lower].join(' ') });
  const line = svg('polyline', { class: 'win-line-path', points: chances.map((c, i) => `${x(i)},${y(c.win)}`).join(' ') });
  const dots = points.map((point, i) => {
    const c = point.win_before;
    const dot = svg('circle', {
      class: `win-line-point ${c.kind}`, cx: x(i), cy: y(c.win), r: 3.5,
      'data-kind': c.kind, 'data-win': c.win, 'data-move': point.move ?? 'start',
    }, [svg('title', {}, [pointWords(point)])]);
    if (c.kind === 'estimate') {
      dot.setAttribute('data-lo', String(c.lo));
      dot.setAttribute('data-hi', String(c.hi));
    }
    dot.addEventListener('click', () => onPick(point));
    return dot;
  });
  const summary = points.map(pointWords).join('; ');
  return svg('svg', {
    class: 'win-line', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': `Win chance guess by guess: ${summary}`,
  }, [...grid, band, line, ...dots]);
}
