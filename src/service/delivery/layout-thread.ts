// The main thread's side of the delivery PDF's layout thread (delivery-layout-worker.ts): one
// request at a time, each answered by the bytes it made; a thread that fails or exits rejects
// what waits, and every later request.
import { Worker } from 'node:worker_threads';
import type { LayoutReply, LayoutRequest } from './delivery-layout-worker.js';

function startWorker(): Worker {
  if (import.meta.url.endsWith('.js')) return new Worker(new URL('./delivery-layout-worker.js', import.meta.url));
  // Run from the TypeScript sources (the tests): Node 20 does not pass the loader's hooks on to
  // a worker, so the worker registers them itself before it loads its module.
  const loader = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./delivery-layout-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(loader)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry)}))`, { eval: true });
}

export class LayoutThread {
  readonly #worker = startWorker();
  #waiting: { resolve: (reply: LayoutReply) => void; reject: (error: Error) => void } | null = null;
  #failure: Error | null = null;

  constructor() {
    this.#worker.on('message', (reply: LayoutReply) => {
      const waiting = this.#waiting;
      this.#waiting = null;
      waiting?.resolve(reply);
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(Object.assign(new Error(`the layout thread exited (${code})`), { code: 'LAYOUT_THREAD_EXIT' })));
  }

  ask(request: LayoutRequest): Promise<LayoutReply> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#worker.postMessage(request);
    });
  }

  async stop(): Promise<void> {
    await this.#worker.terminate();
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.reject(this.#failure);
  }
}
