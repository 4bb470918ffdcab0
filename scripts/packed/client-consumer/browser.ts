/**
 * A page's script, type-checked with the DOM's types and none of Node's: the client's
 * declarations need nothing a browser does not have.
 */
import { SimplaneApiError, SimplaneClient, type Simulator } from '@simplane/client';

export async function buildFromPicker(input: HTMLInputElement, apiKey: string): Promise<Simulator | string> {
  const simplane = new SimplaneClient({ url: window.location.origin, apiKey });
  const file = input.files?.[0];
  if (file === undefined) return 'no file chosen';
  try {
    return await simplane.simulators.build({ document: file, fileName: file.name, onProgress: ({ stage }) => (document.title = stage) });
  } catch (error) {
    if (error instanceof SimplaneApiError) return `${error.code}: ${error.detail}`;
    throw error;
  }
}
