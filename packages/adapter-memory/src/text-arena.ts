/**
 * Append-only UTF-8 text and bytes kept outside the JavaScript heap, in chunks that grow from 4 KiB to
 * 1 MiB. A Simulation's step log is written once per step and read rarely; held as strings,
 * every step was copied by each young-generation collection it survived, a garbage-collection
 * cost on every creating request. Bytes in chunks are never moved by the collector, and the
 * whole arena is freed at once with its owner.
 */
export class TextArena {
  private static readonly FIRST_CHUNK = 4 * 1024;
  private static readonly LARGEST_CHUNK = 1024 * 1024;

  private readonly chunks: Buffer[] = [];
  private current: Buffer | null = null;
  private used = 0;

  /** The chunk number a run of writes from now on lands in, reserving room for `maxChars` characters and `bytes` bytes. */
  reserve(maxChars: number, bytes = 0): number {
    // Three bytes per UTF-16 unit bounds any string's UTF-8 length.
    const needed = maxChars * 3 + bytes;
    if (this.current === null || this.current.byteLength - this.used < needed) {
      const previous = this.current?.byteLength ?? TextArena.FIRST_CHUNK / 2;
      const size = Math.max(Math.min(previous * 2, TextArena.LARGEST_CHUNK), needed);
      this.current = Buffer.allocUnsafeSlow(size);
      this.chunks.push(this.current);
      this.used = 0;
    }
    return this.chunks.length - 1;
  }

  /** Writes `text` after the last one written (room reserved beforehand) and answers where it ends. */
  write(text: string): number {
    this.used += this.current!.write(text, this.used);
    return this.used;
  }

  /** Copies `bytes` (none for null) after the last write (room reserved beforehand) and answers where they end. */
  writeBytes(bytes: Uint8Array | null): number {
    if (bytes !== null) {
      this.current!.set(bytes, this.used);
      this.used += bytes.byteLength;
    }
    return this.used;
  }

  /** The offset the next write starts at. */
  get offset(): number {
    return this.used;
  }

  read(chunk: number, start: number, end: number): string {
    return this.chunks[chunk]!.toString('utf8', start, end);
  }

  /** A copy of the bytes from `start` to `end` of chunk `chunk`. */
  readBytes(chunk: number, start: number, end: number): Uint8Array {
    return new Uint8Array(this.chunks[chunk]!.subarray(start, end));
  }
}

/** A growable column of 32-bit integers. */
export class IntColumn {
  private values = new Int32Array(16);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length] = value;
    this.length += 1;
  }

  at(index: number): number {
    return this.values[index]!;
  }
}
