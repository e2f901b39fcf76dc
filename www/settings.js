// Settings kept in localStorage, and the shareable link (the part after #).

const KEY = 'mineseer.settings';

export const PRESETS = {
  beginner: { width: 9, height: 9, mines: 10 },
  intermediate: { width: 16, height: 16, mines: 40 },
  expert: { width: 30, height: 16, mines: 99 },
};

const DEFAULTS = {
  preset: 'expert',
  width: 30,
  height: 16,
  mines: 99,
  rule: 'opening',
  mode: 'normal',
  analyze: false,
  endgame: false,
  display: 'mine',
  theme: '',
  speed: 6,
  clicks: false,
  playStyle: 'normal',
};

/** The saved settings, with defaults for anything missing or malformed. */
export function loadSettings() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') ?? {};
  } catch {
    saved = {};
  }
  const out = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS)) {
    if (typeof saved[key] === typeof DEFAULTS[key]) out[key] = saved[key];
  }
  return out;
}

export function saveSettings(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage may be full or disabled (private mode); the page works without it.
  }
}

/** Largest position (in characters of .mine text) put into a shared link. */
const MAX_LINK_POSITION = 4000;

/** The link's hash for a game (preset or size, rule, mode, seed) and, when small, a position. */
export function shareHash({ preset, width, height, mines, rule, mode, seed, position }) {
  const params = new URLSearchParams();
  if (preset && preset !== 'custom') params.set('preset', preset);
  else {
    params.set('w', String(width));
    params.set('h', String(height));
    params.set('m', String(mines));
  }
  params.set('rule', rule);
  if (mode && mode !== 'normal') params.set('mode', mode);
  if (seed) params.set('seed', seed);
  if (position && position.length <= MAX_LINK_POSITION) params.set('pos', position);
  return '#' + params.toString();
}

/** Reads a link's hash; unknown or malformed parts are ignored. */
export function readHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const out = {};
  const preset = params.get('preset');
  if (preset && preset in PRESETS) out.preset = preset;
  const w = Number(params.get('w'));
  const h = Number(params.get('h'));
  const m = Number(params.get('m'));
  if (Number.isInteger(w) && Number.isInteger(h) && Number.isInteger(m) && w > 0 && h > 0 && m >= 0) {
    Object.assign(out, { preset: 'custom', width: w, height: h, mines: m });
  }
  const rule = params.get('rule');
  if (['safe', 'opening', 'none', 'noguess'].includes(rule)) out.rule = rule;
  const mode = params.get('mode');
  if (['normal', 'hardcore', 'fair'].includes(mode)) out.mode = mode;
  const seed = params.get('seed');
  if (seed && /^\d{1,20}$/.test(seed)) out.seed = seed;
  const pos = params.get('pos');
  if (pos) out.position = pos;
  return out;
}
