// Runs before the first paint (a classic script in <head>, not a module): gives the board its
// size from the link or the saved settings, so that drawing it later shifts nothing below it.
// It only sets CSS custom properties on <html>; www/board-view.js sets the same ones on the
// board itself once it draws. Keep it tiny: it delays the first paint by its own load.
(function reserveBoard() {
  const PRESETS = { beginner: [9, 9], intermediate: [16, 16], expert: [30, 16] };
  let cols = 30;
  let rows = 16;
  try {
    const saved = JSON.parse(localStorage.getItem('mineseer.settings') || '{}') || {};
    if (saved.preset in PRESETS) [cols, rows] = PRESETS[saved.preset];
    else if (saved.preset === 'custom' && saved.width > 0 && saved.height > 0) [cols, rows] = [saved.width, saved.height];
    const zoom = Number(localStorage.getItem('mineseer.zoom'));
    if (zoom > 0) document.documentElement.style.setProperty('--zoom-cell', `${zoom}px`);
  } catch {
    // No storage (private mode): the defaults.
  }
  const link = new URLSearchParams(location.hash.replace(/^#/, ''));
  const size = (link.get('pos') || '').match(/^\s*(\d+)x(\d+)x/);
  if (size) [cols, rows] = [Number(size[1]), Number(size[2])];
  else if (link.get('preset') in PRESETS) [cols, rows] = PRESETS[link.get('preset')];
  else if (Number(link.get('w')) > 0 && Number(link.get('h')) > 0) [cols, rows] = [Number(link.get('w')), Number(link.get('h'))];
  const clamp = (n) => Math.max(1, Math.min(200, Math.floor(n) || 1));
  document.documentElement.style.setProperty('--cols', String(clamp(cols)));
  document.documentElement.style.setProperty('--rows', String(clamp(rows)));
})();
