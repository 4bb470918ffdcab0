/** What `simplane mock` tells a person once its Simulation is served. */
import type { OperationSummary } from '@simplane/core';
import type { TryCredentials } from './mock-credentials.js';

/** Where SOAP operations sit in an operation list: they take no route of their own. */
const SOAP_PATH = '/#SOAP=';

/**
 * One `curl` line that answers something: a list, else a read, else any GET, that needs no
 * path parameter, with the credentials its document asks for; for a WSDL, its `?wsdl`; else
 * the first operation, its parameters left as the document names them. Quoted for a POSIX shell.
 */
export function tryLine(url: string, operations: readonly OperationSummary[], token: string | null, needs: (operation: OperationSummary) => TryCredentials): string {
  const plainGets = operations.filter((op) => op.method === 'GET' && !op.path.includes('{') && !op.path.startsWith(SOAP_PATH));
  const chosen = plainGets.find((op) => op.behaviour === 'list') ?? plainGets.find((op) => op.behaviour === 'read') ?? plainGets[0];
  if (chosen === undefined && operations.some((op) => op.path.startsWith(SOAP_PATH))) return curl(`${url}/?wsdl`, token, null);
  const operation = chosen ?? operations[0];
  if (operation === undefined) return curl(`${url}/`, token, null);
  const credentials = needs(operation);
  const query = credentials.query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return curl(`${url}${operation.path}${query === '' ? '' : `?${query}`}`, token, { method: operation.method, headers: credentials.headers });
}

function curl(target: string, token: string | null, request: { method: string; headers: Array<[string, string]> } | null): string {
  const parts = ['curl'];
  if (request !== null && request.method !== 'GET') parts.push(`-X ${request.method}`);
  if (token !== null) parts.push(`-H ${quote(`Simulation-Token: ${token}`)}`);
  for (const [name, value] of request?.headers ?? []) parts.push(`-H ${quote(`${name}: ${value}`)}`);
  parts.push(quote(target));
  return parts.join(' ');
}

/** Single quotes unless the text needs none (`?` is a glob and `&` ends a command in a shell). */
function quote(text: string): string {
  return /^[A-Za-z0-9_./:=-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

export interface ServedSimulation {
  simulationId: string;
  simulatorId: string;
  seed: string;
  step: number;
}

/** The lines printed once a Simulation is served: what is served, the key, where state is kept, and one request to try. */
export function servedLines(served: ServedSimulation, apiKey: string, url: string, state: string, tryIt: string): string[] {
  return [
    `Simulation     ${served.simulationId} of Simulator ${served.simulatorId} (seed ${served.seed}, step ${served.step})`,
    `Control plane  ${url}/v1 with API key ${apiKey}`,
    `State          ${state}`,
    `Try            ${tryIt}`,
  ];
}
