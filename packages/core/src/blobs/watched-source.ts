/** A caller's byte source, watched so an error it throws can be told apart from the store's own. */
export interface WatchedSource {
  readonly chunks: AsyncIterable<Uint8Array>;
  /** What the source threw, if it did. */
  failure(): { error: unknown } | undefined;
}

/**
 * An error from the caller's source (a client that went away mid-upload) is the caller's and is
 * rethrown as it is, not turned into `internal_unavailable`, which would blame the store.
 */
export function watchSource(source: AsyncIterable<Uint8Array>): WatchedSource {
  let thrown: { error: unknown } | undefined;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of source) yield chunk;
    } catch (error) {
      thrown = { error };
      throw error;
    }
  }
  return { chunks: chunks(), failure: () => thrown };
}
