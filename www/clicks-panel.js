// Analyze's Clicks option: with Analyze on and #clicks pressed, the analyst worker's chord
// hints (Request.CLICKS, the core's player/click_hints.rs) are marked on the board: each
// revealed number where flagging its unflagged certain mines and chording saves clicks over
// clicking its safe neighbours one by one gets the class `chord-gain` and data-gain (the
// clicks saved, drawn as "+2"), and the efficient play style's next click gets `next-click`
// (data-next: reveal, flag or chord). #clicks-summary says the same in words. A module of its
// own so that analysis-panel.js only asks for it.
import { Request } from './protocol.js';
import { $, setPressed } from './controls.js';

const CLASSES = ['chord-gain', 'next-click'];

/** The Clicks option. `app` is the page's controller: {state, view, analyst, guarded(action), storeSettings(), analysis}. */
export function createClicksPanel(app) {
  const { state, view } = app;

  function clicksOn() {
    return $('clicks').getAttribute('aria-pressed') === 'true';
  }

  /** Removes the marks and the summary. */
  function clear() {
    for (const el of view.root.querySelectorAll('.chord-gain, .next-click')) {
      el.classList.remove(...CLASSES);
      delete el.dataset.gain;
      delete el.dataset.next;
    }
    $('clicks-summary').textContent = '';
  }

  /** Asks for the shown position's chord hints (Analyze and Clicks on) and marks them. */
  async function request() {
    if (!clicksOn() || !app.analysis.analyzeOn()) return;
    const version = state.version;
    const hints = await app.guarded(() => app.analyst.request(Request.CLICKS, {
      position: state.position.toMineText(),
      options: {},
    }));
    if (!hints || version !== state.version || !clicksOn() || !app.analysis.analyzeOn()) return;
    clear();
    for (const chord of hints.chords) {
      const el = view.element(chord.x, chord.y);
      if (!el) continue;
      el.classList.add('chord-gain');
      el.dataset.gain = String(chord.gain);
    }
    if (hints.next) {
      const el = view.element(hints.next.x, hints.next.y);
      el?.classList.add('next-click');
      if (el) el.dataset.next = hints.next.action;
    }
    $('clicks-summary').textContent = summary(hints);
    // For tests: which position the marks are for.
    document.body.dataset.clicked = String(version);
  }

  /** The toggle: it turns Analyze on with it, since the hints need the analysis. */
  function wire() {
    $('clicks').addEventListener('click', () => {
      const on = !clicksOn();
      setPressed($('clicks'), on);
      app.storeSettings();
      if (!on) clear();
      else if (!app.analysis.analyzeOn()) $('analyze').click();
      else request();
    });
  }

  return { clicksOn, clear, request, wire };
}

/** The hints in words: each chord with its gain, then the efficient style's next click. */
function summary(hints) {
  const chords = hints.chords.length === 0
    ? 'No chord saves clicks here'
    : `Chords that save clicks: ${hints.chords.map((c) => `(${c.x}, ${c.y}) +${c.gain}`).join(', ')}`;
  const next = hints.next ? `${hints.next.action} (${hints.next.x}, ${hints.next.y})` : 'none';
  return `${chords} · next click of the efficient style: ${next}`;
}
