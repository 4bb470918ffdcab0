import { copyBytes, type BlobStore, type ChunkedSnapshot, type KeptMessage, type Snapshot, type StateChange, type StepEntry, type StepLog, type StepView } from '@simplane/core';
import type { Database } from '../sql/database.js';
import { StepBatcher } from './step-batcher.js';

/** A step as its row holds it: JSON texts, the bodies' bytes as they were, the changes as JSON.stringify wrote them. */
interface EncodedStep {
  simulationId: string;
  step: number;
  view: string;
  request: string | null;
  requestBody: Uint8Array | null;
  response: string | null;
  responseBody: Uint8Array | null;
  changes: string;
}

/** The columns of one step, with their types: a batch's VALUES rows are typed by these casts. */
const STEP_COLUMNS = [
  ['simulation_id', 'text'],
  ['step', 'integer'],
  ['view', 'json'],
  ['request', 'json'],
  ['request_body', 'bytea'],
  ['response', 'json'],
  ['response_body', 'bytea'],
  ['changes', 'text'],
] as const;
const COLUMN_LIST = STEP_COLUMNS.map(([column]) => column).join(', ');

/** A Simulation's head: the highest of its last step and its last snapshot (a fork starts from a snapshot). */
const headOf = (simulationId: string) => `GREATEST(
  COALESCE((SELECT max(step) FROM steps WHERE simulation_id = ${simulationId}), 0),
  COALESCE((SELECT max(step) FROM snapshots WHERE simulation_id = ${simulationId}), 0))`;

/** `count` rows of `$n::type` parameters, each led by its position in the batch when `ordered`. */
function valuesRows(count: number, ordered: boolean): string {
  const width = STEP_COLUMNS.length + (ordered ? 1 : 0);
  return Array.from({ length: count }, (_, i) => {
    const casts = [...(ordered ? ['int'] : []), ...STEP_COLUMNS.map(([, type]) => type)];
    return `(${casts.map((type, c) => `$${i * width + c + 1}::${type}`).join(', ')})`;
  }).join(', ');
}

/**
 * Appends steps of different Simulations: each is stored when its step is its Simulation's
 * head plus one. The primary key decides between processes: a step another writer stored
 * first is left alone (DO NOTHING) and its entry loses. Rows go in key order, so two
 * processes' batches wait for one another in one order and never deadlock. Answers the
 * Simulations stored to.
 */
function distinctStatement(count: number): string {
  return `INSERT INTO steps (${COLUMN_LIST})
    SELECT * FROM (VALUES ${valuesRows(count, false)}) AS i (${COLUMN_LIST})
    WHERE i.step = 1 + ${headOf('i.simulation_id')}
    ORDER BY i.simulation_id, i.step
    ON CONFLICT (simulation_id, step) DO NOTHING
    RETURNING simulation_id`;
}

/**
 * Appends steps, several of one Simulation among them, each judged as if appended alone, in
 * order: `walk` goes through each Simulation's entries taking one whose step is the head plus
 * one, which moves the head. The primary key decides between processes, as above. Answers the
 * positions (`ord`) of the entries stored. (Planning it costs more than the plain insert, so
 * it is kept for the batches that need it.)
 */
function walkStatement(count: number): string {
  return `WITH RECURSIVE
    input (ord, ${COLUMN_LIST}) AS (VALUES ${valuesRows(count, true)}),
    ranked AS (SELECT ord, simulation_id, step, row_number() OVER (PARTITION BY simulation_id ORDER BY ord) AS rank FROM input),
    heads AS (SELECT s.simulation_id, ${headOf('s.simulation_id')} AS head FROM (SELECT DISTINCT simulation_id FROM input) AS s),
    walk (simulation_id, rank, ord, step, won, head) AS (
      SELECT r.simulation_id, r.rank, r.ord, r.step, r.step = h.head + 1, CASE WHEN r.step = h.head + 1 THEN r.step ELSE h.head END
      FROM ranked AS r JOIN heads AS h ON h.simulation_id = r.simulation_id WHERE r.rank = 1
      UNION ALL
      SELECT r.simulation_id, r.rank, r.ord, r.step, r.step = w.head + 1, CASE WHEN r.step = w.head + 1 THEN r.step ELSE w.head END
      FROM walk AS w JOIN ranked AS r ON r.simulation_id = w.simulation_id AND r.rank = w.rank + 1
    ),
    stored AS (
      INSERT INTO steps (${COLUMN_LIST})
      SELECT ${STEP_COLUMNS.map(([column]) => `i.${column}`).join(', ')} FROM input AS i JOIN walk AS w ON w.ord = i.ord WHERE w.won
      ORDER BY i.simulation_id, i.step
      ON CONFLICT (simulation_id, step) DO NOTHING
      RETURNING simulation_id, step
    )
  SELECT w.ord FROM walk AS w JOIN stored AS s ON s.simulation_id = w.simulation_id AND s.step = w.step WHERE w.won`;
}

/** Each statement's text by batch size, made once: a batch's text is kilobytes, and the same few sizes recur. */
const distinctTexts = new Map<number, string>();
const walkTexts = new Map<number, string>();
const textOf = (texts: Map<number, string>, make: (count: number) => string, count: number): string => {
  let text = texts.get(count);
  if (text === undefined) texts.set(count, (text = make(count)));
  return text;
};

/** Appends `steps` in one statement and answers, for each, whether it was stored. */
async function appendSteps(db: Database, steps: readonly EncodedStep[]): Promise<boolean[]> {
  const columns = (s: EncodedStep) => [s.simulationId, s.step, s.view, s.request, s.requestBody, s.response, s.responseBody, s.changes];
  if (new Set(steps.map((s) => s.simulationId)).size === steps.length) {
    const { rows } = await db.query<{ simulation_id: string }>(textOf(distinctTexts, distinctStatement, steps.length), steps.flatMap(columns));
    const stored = new Set(rows.map((r) => r.simulation_id));
    return steps.map((s) => stored.has(s.simulationId));
  }
  const { rows } = await db.query<{ ord: number }>(textOf(walkTexts, walkStatement, steps.length), steps.flatMap((s, ord) => [ord, ...columns(s)]));
  const stored = new Set(rows.map((r) => r.ord));
  return steps.map((_, ord) => stored.has(ord));
}

/** An entry as its row holds it; throws, for this entry alone, when a value has no JSON text. */
function encodeStep(simulationId: string, entry: StepEntry): EncodedStep {
  return {
    simulationId,
    step: entry.view.step,
    view: JSON.stringify(entry.view),
    request: headText(entry.request),
    requestBody: entry.request?.body ?? null,
    response: headText(entry.response),
    responseBody: entry.response?.body ?? null,
    changes: JSON.stringify(entry.changes),
  };
}

/** Every field of a message but its body's bytes, which go in a bytea column of their own. */
type MessageHead = Omit<KeptMessage, 'body'>;

function headText(message: KeptMessage | null): string | null {
  if (message === null) return null;
  const head: MessageHead = { method: message.method, path: message.path, query: message.query, status: message.status, headers: message.headers, body_bytes: message.body_bytes };
  return JSON.stringify(head);
}

function messageOf(head: MessageHead | null, body: Uint8Array | null): KeptMessage | null {
  if (head === null) return null;
  const { body_bytes, ...rest } = head;
  return { ...rest, body: body === null ? null : copyBytes(body), body_bytes };
}

/** Step rows read in one query when they are exported. */
const EXPORT_PAGE = 500;

function entryOf(row: StepRow): StepEntry {
  return {
    view: row.view,
    request: messageOf(row.request, row.request_body),
    response: messageOf(row.response, row.response_body),
    changes: JSON.parse(row.changes) as StateChange[],
  };
}

interface StepRow {
  view: StepView;
  request: MessageHead | null;
  request_body: Uint8Array | null;
  response: MessageHead | null;
  response_body: Uint8Array | null;
  changes: string;
}

/**
 * Step logs in Postgres, snapshots in a BlobStore. A step is a row keyed by (Simulation, step):
 * the key is what lets exactly one of two writers have a step number. Snapshots can be
 * megabytes, so their bytes go to the BlobStore under `snapshots/<simulationId>/<step>` and
 * the `snapshots` table only indexes them. Appends are group-committed (step-batcher.ts): those
 * that arrive while one is being written go to the database together, in one statement.
 */
export class PostgresStepLog implements StepLog {
  private readonly appends: StepBatcher<EncodedStep>;

  constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
  ) {
    this.appends = new StepBatcher((steps) => appendSteps(db, steps), (step) => step.simulationId);
  }

  async append(simulationId: string, entry: StepEntry): Promise<boolean> {
    return this.appends.add(encodeStep(simulationId, entry));
  }

  async head(simulationId: string): Promise<number> {
    const { rows } = await this.db.query<{ head: number }>(`SELECT ${headOf('$1')} AS head`, [simulationId]);
    return rows[0]!.head;
  }

  async heads(simulationIds: readonly string[]): Promise<Map<string, number>> {
    if (simulationIds.length === 0) return new Map();
    const { rows } = await this.db.query<{ id: string; head: number }>(
      `SELECT ids.id, ${headOf('ids.id')} AS head FROM (SELECT value COLLATE "C" AS id FROM json_array_elements_text($1::json)) AS ids`,
      [JSON.stringify(simulationIds)],
    );
    return new Map(rows.map((r) => [r.id, r.head]));
  }

  async list(simulationId: string, page: { afterStep: number; limit: number }): Promise<StepView[]> {
    const { rows } = await this.db.query<{ view: StepView }>('SELECT view FROM steps WHERE simulation_id = $1 AND step > $2 ORDER BY step LIMIT $3', [
      simulationId,
      page.afterStep,
      page.limit,
    ]);
    return rows.map((r) => r.view);
  }

  async get(simulationId: string, step: number): Promise<StepEntry | null> {
    const { rows } = await this.db.query<StepRow>(
      'SELECT view, request, request_body, response, response_body, changes FROM steps WHERE simulation_id = $1 AND step = $2',
      [simulationId, step],
    );
    const row = rows[0];
    return row === undefined ? null : entryOf(row);
  }

  async changes(simulationId: string, from: number, to: number): Promise<Array<{ step: number; changes: StateChange[] }>> {
    const rows = await this.changeRows(simulationId, from, to);
    return rows.map((r) => ({ step: r.step, changes: JSON.parse(r.changes) as StateChange[] }));
  }

  async changesJson(simulationId: string, from: number, to: number): Promise<string[]> {
    // Stored as JSON.stringify wrote them: one line each, as SimulationState.withChanges needs.
    return (await this.changeRows(simulationId, from, to)).map((r) => r.changes);
  }

  async putSnapshot(simulationId: string, snapshot: Snapshot | ChunkedSnapshot): Promise<void> {
    // The bytes first: an index row never names a blob that was not written.
    const key = snapshotKey(simulationId, snapshot.step);
    if ('chunks' in snapshot) await this.blobs.putStream(key, each(snapshot.chunks));
    else await this.blobs.put(key, snapshot.bytes);
    await this.db.query(
      'INSERT INTO snapshots (simulation_id, step, blob_key) VALUES ($1, $2, $3) ON CONFLICT (simulation_id, step) DO UPDATE SET blob_key = excluded.blob_key',
      [simulationId, snapshot.step, key],
    );
  }

  async latestSnapshot(simulationId: string, atOrBefore: number): Promise<Snapshot | null> {
    // A blob gone from under its index row (a crash while deleting) is passed over for the next older one.
    for (let below = atOrBefore; ; ) {
      const { rows } = await this.db.query<{ step: number; blob_key: string }>(
        'SELECT step, blob_key FROM snapshots WHERE simulation_id = $1 AND step <= $2 ORDER BY step DESC LIMIT 1',
        [simulationId, below],
      );
      const row = rows[0];
      if (row === undefined) return null;
      const bytes = await this.blobs.get(row.blob_key);
      if (bytes !== null) return { step: row.step, bytes };
      below = row.step - 1;
    }
  }

  async deleteAll(simulationId: string): Promise<void> {
    // The rows in one statement, then the blobs they named: a crash between leaves unreferenced blobs, never a log half gone.
    const { rows } = await this.db.query<{ blob_key: string }>(
      'WITH gone AS (DELETE FROM steps WHERE simulation_id = $1) DELETE FROM snapshots WHERE simulation_id = $1 RETURNING blob_key',
      [simulationId],
    );
    await Promise.all(rows.map((r) => this.blobs.delete(r.blob_key)));
  }

  /**
   * Every stored step, in order of Simulation and step, then every snapshot's index row: what a
   * step log kept elsewhere needs to take this one over. Read a page at a time.
   */
  async *exportAll(): AsyncGenerator<{ simulationId: string; entry: StepEntry } | { simulationId: string; snapshot: { step: number; key: string } }> {
    for (let after = { id: '', step: 0 }; ; ) {
      const { rows } = await this.db.query<StepRow & { simulation_id: string; step: number }>(
        `SELECT simulation_id, step, view, request, request_body, response, response_body, changes FROM steps
         WHERE (simulation_id, step) > ($1, $2) ORDER BY simulation_id, step LIMIT ${EXPORT_PAGE}`,
        [after.id, after.step],
      );
      for (const row of rows) yield { simulationId: row.simulation_id, entry: entryOf(row) };
      const last = rows.at(-1);
      if (last === undefined || rows.length < EXPORT_PAGE) break;
      after = { id: last.simulation_id, step: last.step };
    }
    const { rows } = await this.db.query<{ simulation_id: string; step: number; blob_key: string }>('SELECT simulation_id, step, blob_key FROM snapshots ORDER BY simulation_id, step');
    for (const row of rows) yield { simulationId: row.simulation_id, snapshot: { step: row.step, key: row.blob_key } };
  }

  /** Forgets every step and snapshot row, leaving the snapshots' blobs: for a log that has taken them over (`exportAll`). */
  async forgetRows(): Promise<void> {
    await this.db.query('DELETE FROM steps');
    await this.db.query('DELETE FROM snapshots');
  }

  private async changeRows(simulationId: string, from: number, to: number): Promise<Array<{ step: number; changes: string }>> {
    const { rows } = await this.db.query<{ step: number; changes: string }>(
      'SELECT step, changes FROM steps WHERE simulation_id = $1 AND step > $2 AND step <= $3 ORDER BY step',
      [simulationId, from, to],
    );
    return rows;
  }
}

/** Where a snapshot's bytes are kept in the BlobStore. */
function snapshotKey(simulationId: string, step: number): string {
  return `snapshots/${simulationId}/${step}`;
}

/** The chunks of a snapshot as the stream a blob store takes. */
async function* each(chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}
