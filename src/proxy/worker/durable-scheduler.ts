// The proxy's Scheduler (background/scheduler.ts) inside its Durable Object: the same
// WakeScheduler, kept in time by the object's one alarm instead of a timer. workerd gives no
// timer a life beyond the request that made it, and an idle object is evicted, so every wake
// asked for is a row in the object's SQLite and the alarm is always set to the earliest row:
// after an eviction the alarm wakes the object, restore() hands the rows back, and the work runs.
// A row is deleted only once a run that started after it has ended, so work cut off by an
// eviction runs again.
import { WakeScheduler, type ScheduledWork, type Scheduler } from '../background/scheduler.js';

export class DurableScheduler implements Scheduler {
  readonly #storage: DurableObjectStorage;
  readonly #inner: WakeScheduler;
  /** Per name of work under way, the last row its run covers. */
  readonly #covered = new Map<string, number>();
  readonly #names = new Set<string>();

  constructor(storage: DurableObjectStorage, log: (line: string) => void) {
    this.#storage = storage;
    storage.sql.exec('CREATE TABLE IF NOT EXISTS scheduled_wakes (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, due_at INTEGER NOT NULL)');
    this.#inner = new WakeScheduler({ alarm: { set: () => this.#setAlarm() }, log });
  }

  register(name: string, work: ScheduledWork): void {
    this.#names.add(name);
    this.#inner.register(name, async (signal) => {
      const covered = this.#storage.sql.exec<{ id: number }>('SELECT COALESCE(MAX(id), 0) AS id FROM scheduled_wakes WHERE name = ?', name).one().id;
      this.#covered.set(name, covered);
      try {
        await work(signal);
      } finally {
        this.#covered.delete(name);
        this.#storage.sql.exec('DELETE FROM scheduled_wakes WHERE name = ? AND id <= ?', name, covered);
      }
    });
  }

  wakeAt(name: string, at: number): void {
    // A row as early, not covered by a run under way, says it already: kicks do not pile up rows.
    this.#storage.sql.exec(
      `INSERT INTO scheduled_wakes (name, due_at) SELECT ?, ?
       WHERE NOT EXISTS (SELECT 1 FROM scheduled_wakes WHERE name = ? AND due_at <= ? AND id > ?)`,
      name, at, name, at, this.#covered.get(name) ?? 0,
    );
    this.#inner.wakeAt(name, at);
    this.#setAlarm();
  }

  /** Hands the stored wakes back after the object was (re)created; rows of work no longer registered go. */
  restore(): void {
    const rows = this.#storage.sql.exec<{ name: string; at: number }>('SELECT name, MIN(due_at) AS at FROM scheduled_wakes GROUP BY name').toArray();
    for (const { name, at } of rows) {
      if (this.#names.has(name)) this.#inner.wakeAt(name, at);
      else this.#storage.sql.exec('DELETE FROM scheduled_wakes WHERE name = ?', name);
    }
    this.#setAlarm();
  }

  /** What the alarm does: runs what is due, waits for it, and sets the alarm to what is left. */
  async drain(): Promise<void> {
    await this.#inner.drain();
    this.#setAlarm();
  }

  nextWake(): number | undefined {
    return this.#inner.nextWake();
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  #setAlarm(): void {
    const next = this.#storage.sql.exec<{ at: number | null }>('SELECT MIN(due_at) AS at FROM scheduled_wakes').one().at;
    // Not awaited: the object's output gate holds its answers until the alarm is stored.
    if (next === null) void this.#storage.deleteAlarm();
    else void this.#storage.setAlarm(next);
  }
}
