// The controls that the controller and several panels read: elements by id, the pressed state
// of toggle buttons, whole numbers typed in fields, and the New game form's board size and
// seed (the bulk run plays with them too). A module of its own so that the panels share them
// without importing the controller (main.js), which imports the panels.
import { PRESETS } from './settings.js';

export const $ = (id) => document.getElementById(id);

export function setPressed(button, on) {
  button.setAttribute('aria-pressed', on ? 'true' : 'false');
}

export function clampInt(text, lo, hi, fallback) {
  const n = Number.parseInt(text, 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.max(lo, Math.min(hi, n));
}

/** The board size chosen in the New game form: a preset, or the custom width, height and mines. */
export function currentSize() {
  const preset = $('preset').value;
  if (preset in PRESETS) return { preset, ...PRESETS[preset] };
  return {
    preset: 'custom',
    width: clampInt($('custom-width').value, 1, 200, 30),
    height: clampInt($('custom-height').value, 1, 200, 16),
    mines: clampInt($('custom-mines').value, 0, 40000, 99),
  };
}

export function randomSeed() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  // 53 bits stay exact in a JS number and in the text of the link.
  return String((words[0] & 0x1fffff) * 2 ** 32 + words[1]);
}
