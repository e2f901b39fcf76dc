// The messages between the page and the worker, defined once. Every message is
// {id, kind, payload}: the page numbers its requests, and the worker answers with the same id.

/** Kinds the page sends to the worker. */
export const Request = Object.freeze({
  /** Analyse a position: payload {position, options}. Superseded by a newer one. */
  ANALYZE: 'analyze',
  /** Solve a position's endgame: payload {position, options}. Superseded by a newer one. */
  ENDGAME: 'endgame',
  /** Read a position: payload {position}; answers its normalised form. */
  PARSE: 'parse',
  /** A game operation: payload {op, ...}; answers the game's state. Never superseded. */
  GAME: 'game',
  /** The auto-player's next move on the current game: payload {options}. */
  NEXT_MOVE: 'next-move',
  /** Play many games with the auto-player: payload {preset, width, height, mines, rule, seed, games}. */
  BULK: 'bulk',
  /** Stop the running bulk run: payload {}. */
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
export const SUPERSEDABLE = new Set([Request.ANALYZE, Request.ENDGAME, Request.NEXT_MOVE]);

/** Builds a message. */
export function message(id, kind, payload = {}) {
  return { id, kind, payload };
}
