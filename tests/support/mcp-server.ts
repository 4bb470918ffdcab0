/**
 * A control plane on the memory adapters served over a real loopback socket, with the catalog's
 * pet store and customer directory uploaded, and MCP clients of the official SDK connected to
 * its endpoints, as an agent would connect: the tests of tests/mcp share it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createNodeListener } from '@simplane/host-node';

export const KEY = 'mcp-test-key-0000000001';
export const OTHER_KEY = 'mcp-test-key-0000000002';
const catalog = (name: string) => readFileSync(new URL(`../../packages/composition/catalog/${name}`, import.meta.url));

export interface McpServer {
  plane: ControlPlane;
  server: Server;
  base: string;
  close(): Promise<void>;
}

/** Starts the server and builds `pets:v1` and `customers:soap`. */
export async function startMcpServer(): Promise<McpServer> {
  const plane = composeControlPlane(
    parseConfig({
      log_level: 'silent',
      build_workers: 0,
      catalog: false,
      simulation_sweep_interval_ms: 0,
      organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [KEY] }, { name: 'other', api_keys: [OTHER_KEY] }] }],
    }),
  );
  const server = createServer(createNodeListener(plane.handle)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const [file, reference] of [['petstore.openapi.yaml', 'pets:v1'], ['customers.wsdl', 'customers:soap']] as const) {
    const upload = new FormData();
    upload.append('spec', new Blob([catalog(file)]), file);
    upload.append('request', JSON.stringify({ references: [reference] }));
    const answer = await fetch(`${base}/v1/simulators`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: upload });
    if (answer.status !== 202) throw new Error(`upload of ${file} answered ${answer.status}: ${await answer.text()}`);
  }
  await plane.scheduler.idle();
  return {
    plane,
    server,
    base,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await plane.close();
    },
  };
}

/** A control-plane call with the workspace's key. */
export async function api(base: string, method: string, path: string, body?: unknown, key = KEY): Promise<{ status: number; json: any }> {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, json: text === '' ? null : JSON.parse(text) };
}

/** A Simulation of `reference` with no sample records, and its token. */
export async function simulation(base: string, reference: string, key = KEY): Promise<{ id: string; token: string }> {
  const created = await api(base, 'POST', '/v1/simulations', { simulator_id: reference, seed: 'mcp', sample_records: 0 }, key);
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.json)}`);
  return created.json;
}

/** An MCP client of the official SDK connected to `url` with `headers` on every request. */
export async function connect(url: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'simplane-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** The text of a tool result's first content block. */
export function textOf(result: unknown): string {
  const content = (result as { content: Array<{ type: string; text?: string }> }).content;
  return content[0]?.text ?? '';
}
