import pg from 'pg';

/** Wait before connecting again after the listening connection broke; doubled up to the maximum. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * The connection a process listens on (`LISTEN`): one of its own beside the pool, since a pooled
 * connection changes hands. When it breaks it is opened again, with its channels, after a
 * growing wait; notices sent meanwhile are lost, which listeners allow for.
 */
export class PgNotices {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private retryMs = FIRST_RETRY_MS;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly config: pg.ClientConfig) {}

  async listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
    const listeners = this.channels.get(channel) ?? new Set();
    const first = listeners.size === 0;
    listeners.add(onNotice);
    this.channels.set(channel, listeners);
    try {
      const client = await this.connect();
      if (first) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      listeners.delete(onNotice);
      throw error;
    }
    return async () => {
      listeners.delete(onNotice);
      if (listeners.size > 0 || this.channels.get(channel) !== listeners) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client !== undefined) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client(this.config);
    client.on('notification', (message) => {
      for (const listener of this.channels.get(message.channel) ?? []) listener(message.payload ?? '');
    });
    // A broken connection is replaced; until then notices are lost.
    client.on('error', () => this.broken(client));
    client.on('end', () => this.broken(client));
    await client.connect();
    for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    return client;
  }

  private broken(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    this.reopen();
  }

  private reopen(): void {
    if (this.closed || this.retry !== undefined || this.channels.size === 0) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect().catch(() => {
        this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
        this.reopen();
      });
    }, this.retryMs);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
