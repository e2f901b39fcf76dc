// The messages between the page and the worker, defined once. Every message is
// {id, kind, payload}: the page numbers its requests, and the worker answers with the same id.

/** Kinds the page sends to the worker. */
export const Request = Object.freeze({
  /** Analyse a position: payload {position, options}. Superseded by a newer one (as are ENDGAME and PARSE). */
  ANALYZE: 'analyze',
  /** Solve a position's endgame: payload {position, options}. Superseded by a newer one. */
  ENDGAME: 'endgame',
  /**
   * Read a position: payload {position, check}; answers its normalised form. With `check`, the
   * position is also analysed (with analysisOptions) and refused when it has no consistent
   * layout, so a bad load leaves the board as it was; the analysis is kept for the ANALYZE that
   * follows.
   */
  PARSE: 'parse',
  /**
   * A game operation: payload {op, ...}; answers the game's state. Never superseded. The
   * worker times each click with its own clock for the game's record. Ops: new, mbf, record
   * (load a parsed record: payload {record}), reveal, flag, chord, step, state, export,
   * getRecord (the record object, null before the first click), stats (3BV, clicks, time).
   */
  GAME: 'game',
  /** The auto-player's next move on the current game: payload {options}. */
  NEXT_MOVE: 'next-move',
  /** Play many games with the auto-player: payload {preset, width, height, mines, rule, seed, games}. */
  BULK: 'bulk',
  /**
   * Review a recorded game: payload {record} (a parsed mineseer-game object); answers
   * {review, counters, positions, ms}: the review (the CLI's `review --json` keys), its
   * counters (as COUNTERS answers them), the game's view
   * before each move and after the last, and the milliseconds the review took. Superseded by
   * a newer one.
   */
  REVIEW: 'review',
  /**
   * A recorded game's win chance at the start and before every guess: payload {record};
   * PROGRESS {done, total} after each point; answers [{move, win_before, win_move, win_best}]
   * (each chance {kind: "exact"|"estimate", win, exact?, lo?, hi?}), as `mineseer review
   * --win-chances` gives them. Seconds of work: the page runs it on a worker of its own.
   */
  WIN_CHANCES: 'win-chances',
  /**
   * The endgame estimate's plan of a position (where the exact search is too large): payload
   * {position, options} (options: {seed, candidates, level}, see ESTIMATE_OPTIONS); answers
   * {policy, certain, player: {x, y}, candidates: [{x, y, kind, safety}]}. The worker keeps
   * the estimate it built for the ROLLOUTS and ESTIMATE_SUMMARY of the same position.
   */
  ESTIMATE_PLAN: 'estimate-plan',
  /**
   * Play a share of the estimate's layouts: payload {position, options, first, stride,
   * maxLayouts, budgetMs}: layouts first, first + stride, ..., at most maxLayouts of them,
   * for at most budgetMs of the worker's clock, in short slices so that a CANCEL gets
   * through. PROGRESS {counts, played} after each slice; answers the same, with
   * {cancelled}. Counts are by set of winning candidates (2^K numbers): add them up over the
   * workers and ask ESTIMATE_SUMMARY.
   */
  ROLLOUTS: 'rollouts',
  /**
   * The estimate's figures from counts added up over the workers: payload {position,
   * options, counts}; answers {policy, rollouts, seed, win, win_lo, win_hi, best,
   * about_equal, certain, candidates}. Answered between two slices of a running ROLLOUTS.
   */
  ESTIMATE_SUMMARY: 'estimate-summary',
  /**
   * Read a replay of Arbiter (.avf), Viennasweeper (.rmv), Minesweeper Clone (.mvf) or
   * Metasweeper (.evf): payload {bytes (Uint8Array), name}; answers {record, replay}: our
   * mineseer-game record and what the replay's program says (its figures beside ours, its
   * comments on the moves). The reader is a wasm module of its own, loaded on the first replay.
   */
  REPLAY: 'replay',
  /**
   * A certain cell with its proof: payload {position, options: {near: {x, y} | null, index}};
   * answers `mineseer hint --json`'s object ({kind: "certain" | "guess" | "over", cell,
   * certainty, level, proof, uses_count, p, text}). `index` counts presses on one position:
   * 0 is the best hint, 1 the next, and so on round. Superseded by a newer one.
   */
  HINT: 'hint',
  /**
   * The players' counters of a recorded game: payload {record}; answers `counters` of
   * `mineseer review --json` ({zini, hzini, zini_of_clicks, clicks, result, rows: [{key, name,
   * unit, ours, program, missing}]}). From the review's module, loaded on the first request.
   */
  COUNTERS: 'counters',
  /**
   * The chord hints of a position (Analyze's Clicks): payload {position, options}; answers
   * `mineseer analyze --clicks --json`'s `clicks` ({chords: [{x, y, opens, flags, gain}],
   * next: {x, y, action, kind, ...} | null}). Superseded by a newer one.
   */
  CLICKS: 'clicks',
  /** Stop the running bulk run or rollouts: payload {}. */
  CANCEL: 'cancel',
});

/** Kinds the worker sends to the page. */
export const Reply = Object.freeze({
  /** The wasm module is loaded; the page may send work. id is 0. */
  READY: 'ready',
  /** The answer to a request. */
  RESULT: 'result',
  /** A request failed; payload {message}. */
  ERROR: 'error',
  /** A progress report of a long request (bulk run). */
  PROGRESS: 'progress',
  /** A request was dropped because a newer one of the same kind came. */
  SUPERSEDED: 'superseded',
});

/** Request kinds where only the newest pending request matters. */
export const SUPERSEDABLE = new Set([
  Request.ANALYZE, Request.ENDGAME, Request.NEXT_MOVE, Request.PARSE, Request.REVIEW, Request.ESTIMATE_SUMMARY,
  Request.HINT, Request.CLICKS,
]);

/** Builds a message. */
export function message(id, kind, payload = {}) {
  return { id, kind, payload };
}

/**
 * Boards larger than this (in cells) are analysed without exact fractions and without number
 * chances (and so without dead tiles and the zero % display): on a 200x200 board the fractions
 * have thousands of digits and the number chances take tens of seconds in wasm.
 */
export const DETAILED_ANALYSIS_MAX_CELLS = 2500;

/**
 * The budget of the page's endgame search, in layout visits (each pass of the search over a set
 * of layouts counts its size). Nodes alone do not bound its time: a few late expert positions
 * take minutes. At this budget the search stops after about 6 s in Chromium
 * (`node tests/measure-endgame.mjs`; docs/journal/endgame.md, "The page's endgame budget"), and
 * what it found by then is shown as such.
 */
export const ENDGAME_MAX_VISITS = 150_000_000;

/**
 * The layout visits the Endgame may add, once the position is solved, to value every hidden
 * cell (its win chance if revealed now, shown on hover). The bench's late positions of up to
 * 5,000 layouts need under 10 million; its hardest 20,000-layout ones need over 100 million,
 * five times their search, so this caps the extra wait at about a second
 * (docs/journal/endgame.md, "Every move's win chance").
 */
export const ENDGAME_MOVE_VALUES_MAX_VISITS = 20_000_000;

/** The options of the page's analysis of a board with this many cells. */
export function analysisOptions(cells) {
  return {
    exact: cells <= DETAILED_ANALYSIS_MAX_CELLS,
    numberChances: cells <= DETAILED_ANALYSIS_MAX_CELLS,
  };
}
