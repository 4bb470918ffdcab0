import { EventEmitter } from 'node:events';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** One client connection and its connection to the server. */
interface Link {
  client: Socket;
  upstream: Socket;
  /** Opened before the current black hole began. */
  established: boolean;
  /** Bytes held back while black-holed, each way, sent on when forwarding resumes. */
  toServer: Buffer[];
  toClient: Buffer[];
}

/**
 * A TCP proxy on loopback in front of a Postgres server that can be switched to a black hole,
 * as after a network partition: connections are still accepted, but nothing is forwarded either
 * way, on new connections and on those already open, until `forward()`; then what was held
 * back is sent on. Tests await its counters through `waitFor`, never a sleep.
 */
export class BlackHoleProxy extends EventEmitter {
  private server: Server | null = null;
  private readonly links = new Set<Link>();
  private holding = false;
  /** Bytes a client sent on a connection opened before the black hole began, held back since. */
  heldOnOpenConnections = 0;
  /** Connections that had bytes held back and were then closed by their client (given up on). */
  abandoned = 0;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {
    super();
  }

  /** Starts listening on a free loopback port. */
  async listen(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string {
    const routed = new URL(url);
    routed.host = `127.0.0.1:${this.port}`;
    return routed.toString();
  }

  /** Stops forwarding: bytes are accepted and held, on open connections and new ones. */
  blackHole(): void {
    this.holding = true;
    for (const link of this.links) link.established = true;
  }

  /** Forwards again, first sending on what was held back. */
  forward(): void {
    this.holding = false;
    for (const link of this.links) {
      for (const chunk of link.toServer.splice(0)) link.upstream.write(chunk);
      for (const chunk of link.toClient.splice(0)) link.client.write(chunk);
      link.established = false;
    }
  }

  /** Resolves once `condition` holds, checked now and whenever a counter changes. */
  waitFor(condition: (proxy: this) => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!condition(this)) return;
        this.off('change', check);
        resolve();
      };
      this.on('change', check);
      check();
    });
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server === null ? Promise.resolve() : new Promise<void>((resolve) => server.close(() => resolve()));
    for (const link of this.links) {
      link.client.destroy();
      link.upstream.destroy();
    }
    await closed;
  }

  private accept(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    const link: Link = { client, upstream, established: false, toServer: [], toClient: [] };
    this.links.add(link);
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    client.on('data', (chunk: Buffer) => {
      if (!this.holding) return void upstream.write(chunk);
      link.toServer.push(chunk);
      if (link.established) {
        this.heldOnOpenConnections += chunk.length;
        this.emit('change');
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (this.holding) link.toClient.push(chunk);
      else client.write(chunk);
    });
    client.on('close', () => {
      this.links.delete(link);
      upstream.destroy();
      if (link.toServer.length > 0) {
        this.abandoned += 1;
        this.emit('change');
      }
    });
    upstream.on('close', () => client.destroy());
  }
}
