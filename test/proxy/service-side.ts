// The service side of the proxy's test stacks, the Node proxy's (stack.ts) and the Worker's
// (worker/worker-stack.ts): a real service in this process on a SQLite file in a temporary
// folder, its consumer and petitions made with the admin commands, a counting relay in front of
// it (relay.ts), and the part of the proxy's config both proxies get.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import { Sqlite } from '../../src/sqlite.js';
import { startService } from '../../src/service/index.js';
import { CountingRelay } from './relay.js';

export interface ServiceSideOptions {
  autoGrant?: boolean;
  petitionCount?: number;
  seedPerPetition?: number;
  /** More settings for each petition's entry in the config (opt-ins, webhooks), by its id. */
  petitionConfig?: (id: number) => Record<string, unknown>;
}

export class ServiceSide {
  readonly dir: string;
  readonly dbPath: string;
  readonly relay = new CountingRelay();
  service: Awaited<ReturnType<typeof startService>> | undefined;
  servicePort = 0;
  credentials!: { api_key: string; secret: string };
  petitionIds: number[] = [];
  readonly #side: ServiceSideOptions;

  constructor(folderPrefix: string, options: ServiceSideOptions) {
    this.dir = mkdtempSync(join(tmpdir(), folderPrefix));
    this.dbPath = join(this.dir, 'service.sqlite');
    this.#side = options;
  }

  /** The consumer and the petitions, then the service and the relay in front of it. */
  protected async startServiceSide(consumerName: string): Promise<void> {
    const admin = await openAdmin(this.dbPath);
    this.credentials = await admin.createConsumer(consumerName);
    for (let i = 0; i < (this.#side.petitionCount ?? 1); i++) {
      const { petition_id } = await admin.createPetition(`Petition ${i + 1}`);
      if (this.#side.seedPerPetition) await admin.seed(petition_id, this.#side.seedPerPetition);
      this.petitionIds.push(petition_id);
    }
    await admin.close();
    await this.startService();
    await this.relay.start();
  }

  /** The config both proxies get, calling the service through the relay; each adds its own. */
  protected proxyConfig(publicUrl: string): Record<string, unknown> {
    return {
      upstream: `http://127.0.0.1:${this.relay.port}/v1`,
      publicUrl,
      allowedOrigins: ['https://www.example.org'],
      petitions: this.petitionIds.map((id) => ({
        id,
        source: `https://www.example.org/petition-${id}`,
        sourceDescription: 'campaign website',
        requesterEmail: 'team@example.org',
        // Off (the documented 0) for the tests of everything else: they post signatures as a
        // server would; test/proxy/proof/ turns it on and solves real challenges.
        proofOfWork: 0,
        ...this.#side.petitionConfig?.(id),
      })),
      operator: { name: 'Example Petitions', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
      rateLimit: { signaturesPerIpPerMinute: 1000 },
    };
  }

  /** The emails of the signatures the service holds for the petition, one per row. */
  serviceEmails(petitionId = this.petitionIds[0]!): string[] {
    const db = new Sqlite(this.dbPath, { readonly: true });
    try {
      return (db.prepare('SELECT email FROM signatures WHERE petition_id = ?').all(petitionId) as Array<{ email: string }>).map((row) => row.email);
    } finally {
      db.close();
    }
  }

  async startService(): Promise<void> {
    this.service = await startService({
      dbPath: this.dbPath,
      port: this.servicePort,
      autoGrant: this.#side.autoGrant ?? true,
      allowPrivateCallbacks: true,
      rateLimitPerMinute: 100_000,
      retryBaseMs: 50,
      log: () => undefined,
    });
    this.servicePort = this.service.port;
    this.relay.targetPort = this.service.port;
  }

  async stopService(): Promise<void> {
    await this.service?.close();
    this.service = undefined;
  }

  /** After the proxy: the service, the relay, and the folder. */
  protected async closeServiceSide(): Promise<void> {
    await this.service?.close();
    await this.relay.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
