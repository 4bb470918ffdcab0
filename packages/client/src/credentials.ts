import type { Caller } from './caller.js';
import { items, pages } from './paging.js';
import type { CreateCredentialBody, Credential, CredentialPage, PageQuery, UpdateCredentialBody } from './types.js';

/** Credentials for the real systems builds learn from; their values go in and never come back. */
export class Credentials {
  constructor(private readonly caller: Caller) {}

  create(body: CreateCredentialBody): Promise<Credential> {
    return this.caller.answer(this.caller.api.POST('/v1/credentials', { body }));
  }

  pages(query: PageQuery = {}): AsyncGenerator<CredentialPage, void, undefined> {
    const { cursor, ...rest } = query;
    return pages((at) => this.caller.answer(this.caller.api.GET('/v1/credentials', { params: { query: { ...rest, cursor: at } } })), cursor);
  }

  list(query: PageQuery = {}): AsyncGenerator<Credential, void, undefined> {
    return items(this.pages(query), 'credentials');
  }

  get(id: string): Promise<Credential> {
    return this.caller.answer(this.caller.api.GET('/v1/credentials/{id}', { params: { path: { id } } }));
  }

  update(id: string, body: UpdateCredentialBody): Promise<Credential> {
    return this.caller.answer(this.caller.api.PATCH('/v1/credentials/{id}', { params: { path: { id } }, body }));
  }

  async delete(id: string): Promise<void> {
    await this.caller.answer(this.caller.api.DELETE('/v1/credentials/{id}', { params: { path: { id } } }));
  }
}
