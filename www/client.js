// The page's side of the worker: numbered requests, promises for their answers, superseding
// of stale requests and the "thinking" spinner.
import { Request, Reply, SUPERSEDABLE, message } from './protocol.js';

/** How long a request may run before the spinner shows, in milliseconds. */
const SPINNER_DELAY_MS = 100;

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
   * @param {object} hooks {onBusy(busy: boolean)} called when the spinner should show or hide.
   */
  constructor(hooks = {}) {
    this.hooks = hooks;
    this.nextId = 1;
    this.waiting = new Map();
    this.latestOfKind = new Map();
    this.spinnerTimer = null;
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.worker.onerror = (event) => reject(new Error(event.message || 'the worker failed to start'));
    });
    this.worker.onmessage = (event) => this.receive(event.data);
  }

  /** Sends a request; resolves with its result, rejects with WorkerError or Superseded. */
  request(kind, payload, { onProgress } = {}) {
    const id = this.nextId++;
    if (SUPERSEDABLE.has(kind)) {
      // The page only wants the newest answer of this kind: settle the older one now.
      const older = this.latestOfKind.get(kind);
      if (older !== undefined) this.settle(older, (w) => w.reject(new Superseded()));
      this.latestOfKind.set(kind, id);
    }
    const promise = new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, onProgress, kind });
    });
    this.worker.postMessage(message(id, kind, payload));
    this.updateSpinner();
    return promise;
  }

  /** Asks the worker to stop its bulk run. */
  cancelBulk() {
    this.worker.postMessage(message(0, Request.CANCEL));
  }

  receive(msg) {
    if (msg.kind === Reply.READY) {
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
