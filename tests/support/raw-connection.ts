/**
 * One HTTP/1.1 connection driven by hand: a test writes requests as bytes and reads the answers
 * one by one, as a client that reuses a keep-alive connection (or a reverse proxy reusing an
 * upstream one) does. Waits only on the socket's events.
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private ended = false;
  /** Settles once the server has closed the connection (or it broke). */
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    // A server that closes while the client still sends resets the connection: that is a close too.
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.ended = true;
        this.wake();
        resolve();
      }),
    );
  }

  static open(base: string): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(bytes: string | Buffer): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  /** The next whole answer, or null when the connection closed before one came. */
  async answer(): Promise<RawAnswer | null> {
    for (;;) {
      const parsed = this.take();
      if (parsed !== null) return parsed;
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  destroy(): void {
    this.socket.destroy();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  /** Cuts one answer off the front of what has arrived, when all of it has. */
  private take(): RawAnswer | null {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd === -1) return null;
    const lines = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '')?.[1] ?? -1);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let at = headEnd + 4;
    let body: Buffer;
    if (headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const sizeEnd = this.buffer.indexOf('\r\n', at);
        if (sizeEnd === -1) return null;
        const size = parseInt(this.buffer.subarray(at, sizeEnd).toString('latin1'), 16);
        if (this.buffer.length < sizeEnd + 2 + size + 2) return null;
        parts.push(this.buffer.subarray(sizeEnd + 2, sizeEnd + 2 + size));
        at = sizeEnd + 2 + size + 2;
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (this.buffer.length < at + length) return null;
      body = this.buffer.subarray(at, at + length);
      at += length;
    }
    this.buffer = this.buffer.subarray(at);
    return { status, headers, body: body.toString('utf8') };
  }
}
