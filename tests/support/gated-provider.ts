import type { BuildOutcome, BuildProvider, BuildRequest } from '@simplane/core';

/**
 * Wraps a real BuildProvider so a test decides when each build may proceed: a build waits at
 * the gate until released, or until its signal aborts (cancel, time limit). Everything past the
 * gate is the real engine.
 */
export class GatedProvider implements BuildProvider {
  readonly started: string[] = [];
  private readonly waiting: Array<{ name: string; release: () => void }> = [];
  private active = 0;
  maxActive = 0;

  constructor(private readonly inner: BuildProvider) {}

  async build(request: BuildRequest): Promise<BuildOutcome> {
    const name = new TextDecoder().decode(request.spec).match(/title: (\S+)/)?.[1] ?? '?';
    this.started.push(name);
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      await new Promise<void>((resolve) => {
        const entry = { name, release: resolve };
        this.waiting.push(entry);
        request.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      return await this.inner.build(request);
    } finally {
      this.active -= 1;
    }
  }

  get activeCount(): number {
    return this.active;
  }

  /** Lets the oldest waiting build through. */
  releaseOne(): string | undefined {
    const next = this.waiting.shift();
    next?.release();
    return next?.name;
  }

  releaseAll(): void {
    while (this.waiting.length > 0) this.releaseOne();
  }
}

/** Waits until `check` holds, polling the event loop; fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A small valid OpenAPI 3.0 document whose title names it. */
export function tinyDocument(title: string, extraPaths = ''): string {
  return `openapi: 3.0.3
info:
  title: ${title}
  version: 1.0.0
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Thing' }
    post:
      operationId: createThing
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Thing' }
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
  /things/{thingId}:
    get:
      operationId: getThing
      parameters:
        - { name: thingId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
${extraPaths}components:
  schemas:
    Thing:
      type: object
      required: [id, name]
      properties:
        id: { type: string }
        name: { type: string }
`;
}
