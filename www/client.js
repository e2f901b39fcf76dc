// The page's side of the worker: numbered requests, promises for their answers, superseding
// of stale requests and the "thinking" spinner.
import { Request, Reply, SUPERSEDABLE, message } from './protocol.js';

/** How long a request may run before the spinner shows, in milliseconds. */
const SPINNER_DELAY_MS = 100;
/**
 * A wasm call cannot be interrupted from JS. When a newer request supersedes one that has been
 * out this long, a restartable client terminates its worker and starts a fresh one (the work
 * is dropped for real), then re-sends the requests still wanted.
 */
export const RESTART_AFTER_MS = 300;

/** An error from the worker, with the core's message. */
export class WorkerError extends Error {}

/** A request dropped because a newer one of the same kind was sent; callers ignore it. */
export class Superseded extends Error {
  constructor() {
    super('superseded by a newer request');
  }
}

export class SolverClient {
  /**
   * @param {object} hooks {onBusy(busy: boolean)} called when the spinner should show or hide;
   *   {onRestart()} called after a restart; {onError(error)} called when the worker fails after
   *   it started (an uncaught error: the worker is taken as dead, and every request waiting
   *   for it is rejected with that error).
   * @param {object} options {restartable}: keep no state in the worker, so that it may be
   *   terminated and replaced when a long request is superseded (see RESTART_AFTER_MS);
   *   {name}: the worker's name (its `self.name`, shown by the browser's tools).
   */
  constructor(hooks = {}, { restartable = false, name } = {}) {
    this.hooks = hooks;
    this.restartable = restartable;
    this.name = name;
    this.nextId = 1;
    this.waiting = new Map();
    this.latestOfKind = new Map();
    this.spinnerTimer = null;
    this.restarts = 0;
    this.startWorker();
    this.ready = this.workerReady;
  }

  startWorker() {
    this.isReady = false;
    /** Messages held until the new worker has loaded the wasm. */
    this.outbox = [];
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: this.name });
    this.workerReady = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.worker.onerror = (event) => {
        if (!this.isReady) {
          reject(new Error(event.message || 'the worker failed to start'));
          return;
        }
        if (!this.hooks.onError) return;
        // Handled here: not reported again as the page's own error.
        event.preventDefault();
        const error = new WorkerError(`the worker stopped: ${event.message || 'an unknown error'}`);
        for (const id of [...this.waiting.keys()]) this.settle(id, (w) => w.reject(error));
        this.hooks.onError(error);
      };
    });
    this.worker.onmessage = (event) => this.receive(event.data);
  }

  /** Sends a request; resolves with its result, rejects with WorkerError or Superseded. */
  request(kind, payload, { onProgress } = {}) {
    const id = this.nextId++;
    let restart = false;
    if (SUPERSEDABLE.has(kind)) {
      // The page only wants the newest answer of this kind: settle the older one now.
      const older = this.latestOfKind.get(kind);
      if (older !== undefined) {
        const sentAt = this.waiting.get(older)?.sentAt;
        restart = this.restartable && sentAt !== undefined && performance.now() - sentAt > RESTART_AFTER_MS;
        this.settle(older, (w) => w.reject(new Superseded()));
      }
      this.latestOfKind.set(kind, id);
    }
    const promise = new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, onProgress, kind, payload, sentAt: performance.now() });
    });
    if (restart) this.restart();
    else this.post(message(id, kind, payload));
    this.updateSpinner();
    return promise;
  }

  post(msg) {
    if (this.isReady) this.worker.postMessage(msg);
    else this.outbox.push(msg);
  }

  /**
   * Drops the worker and whatever it is computing, starts a fresh one and re-sends every
   * request still waiting for an answer (the new one included), oldest first.
   */
  restart() {
    this.worker.terminate();
    this.restarts++;
    this.startWorker();
    for (const [id, w] of this.waiting) this.post(message(id, w.kind, w.payload));
    this.hooks.onRestart?.(this.restarts);
  }

  /** Whether some request is waiting for its answer. */
  busy() {
    return this.waiting.size > 0;
  }

  /** Stops the worker for good: every request waiting is rejected as superseded. */
  terminate() {
    this.worker.terminate();
    for (const id of [...this.waiting.keys()]) this.settle(id, (w) => w.reject(new Superseded()));
  }

  /** Asks the worker to stop its bulk run or its rollouts (the requests sent so far). */
  cancelBulk() {
    this.worker.postMessage(message(0, Request.CANCEL));
  }

  receive(msg) {
    if (msg.kind === Reply.READY) {
      this.isReady = true;
      for (const queued of this.outbox.splice(0)) this.worker.postMessage(queued);
      this.resolveReady(msg.payload.features ?? {});
      return;
    }
    const entry = this.waiting.get(msg.id);
    if (!entry) return; // Already settled as superseded.
    switch (msg.kind) {
      case Reply.PROGRESS:
        entry.onProgress?.(msg.payload);
        break;
      case Reply.RESULT:
        this.settle(msg.id, (w) => w.resolve(msg.payload));
        break;
      case Reply.ERROR:
        this.settle(msg.id, (w) => w.reject(new WorkerError(msg.payload.message)));
        break;
      case Reply.SUPERSEDED:
        this.settle(msg.id, (w) => w.reject(new Superseded()));
        break;
      default:
        this.settle(msg.id, (w) => w.reject(new WorkerError(`unexpected reply ${msg.kind}`)));
    }
  }

  settle(id, how) {
    const entry = this.waiting.get(id);
    if (!entry) return;
    this.waiting.delete(id);
    if (this.latestOfKind.get(entry.kind) === id) this.latestOfKind.delete(entry.kind);
    how(entry);
    this.updateSpinner();
  }

  /** The spinner shows only when some request has been waiting longer than the delay. */
  updateSpinner() {
    const busy = [...this.waiting.values()].some((w) => w.kind !== Request.BULK);
    if (!busy) {
      clearTimeout(this.spinnerTimer);
      this.spinnerTimer = null;
      this.hooks.onBusy?.(false);
    } else if (this.spinnerTimer === null) {
      this.spinnerTimer = setTimeout(() => this.hooks.onBusy?.(true), SPINNER_DELAY_MS);
    }
  }
}
