// One running service among several on a PostgreSQL database: it has an id, and says it is alive
// every second (service_instances.seen_at). What an instance claims to send (callback-delivery.ts,
// confirmation-mailer.ts) is left to it while it is seen; once it has not been seen for
// INSTANCE_TIMEOUT_MS (instance-store.ts: killed, its machine gone), its claims lapse and another instance sends.
import { randomUUID } from 'node:crypto';
import type { Store } from '../store.js';

const HEARTBEAT_MS = 1000;

export class ServiceInstance {
  readonly id = randomUUID();
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly store: Store) {}

  /** Says this instance is alive now, and every HEARTBEAT_MS from now on. */
  async start(): Promise<void> {
    await this.beat();
    this.#timer = setInterval(() => void this.beat().catch(() => {}), HEARTBEAT_MS);
    this.#timer.unref();
  }

  /** Its claims lapse at once: another instance need not wait for the timeout. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.store.forgetInstance.run(this.id).catch(() => {});
  }

  private async beat(): Promise<void> {
    await this.store.instanceSeen.run({ id: this.id, now: Date.now() });
  }
}
