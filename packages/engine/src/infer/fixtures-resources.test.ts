import { describe, expect, it } from 'vitest';
import type { Artifact } from '../artifact/artifact.js';
import { matchRequest } from '../artifact/route-index.js';
import { compileArtifact, fixture } from '../testing/fixtures.js';
import { unhinted } from '../testing/unhinted.js';

/** operation id → [behaviour, resource, readOnly] */
function understood(artifact: Artifact): Record<string, [string, string | null, boolean]> {
  return Object.fromEntries(artifact.operations.map((o) => [o.id, [o.behaviour, o.resource, o.readOnly]]));
}

function resource(artifact: Artifact, name: string) {
  const found = artifact.resources.find((r) => r.name === name);
  if (!found) throw new Error(`no resource ${name} in ${artifact.resources.map((r) => r.name).join(', ')}`);
  return found;
}

describe('resources and behaviours inferred from realistic documents', () => {
  it('petstore 3.0 (YAML): a collection with allOf items, a query path that is static', async () => {
    const { artifact } = await compileArtifact(fixture('petstore-3.0.yaml'));
    expect(understood(artifact)).toEqual({
      findPets: ['list', 'pets', true],
      addPet: ['create', 'pets', false],
      findPetsByStatus: ['static', null, true],
      findPetById: ['read', 'pets', true],
      deletePet: ['delete', 'pets', false],
    });
    expect(resource(artifact, 'pets')).toMatchObject({ kind: 'collection', collectionPath: '/pets', itemPath: '/pets/{id}', idParameter: 'id', idField: 'id', itemSchema: { $ref: '#/schemas/Pet' } });
    expect(matchRequest(artifact, 'GET', '/api/pets/findByStatus')).toEqual({ operation: 'findPetsByStatus', params: {} });
    expect(matchRequest(artifact, 'GET', '/api/pets/12')).toEqual({ operation: 'findPetById', params: { id: '12' } });
    expect(artifact.errorFormats['default']).toEqual({ mediaType: 'application/json', schema: { $ref: '#/schemas/Error' } });
  });

  it('shop 3.1 (JSON): users, nested orders and order items, an action with its target state', async () => {
    const { artifact, outcome } = await compileArtifact(fixture('shop-3.1.json'));
    expect(artifact.resources.map((r) => [r.name, r.parent, r.parentParameter, r.scopeParameters])).toEqual([
      ['users', null, null, []],
      ['users.orders', 'users', 'userId', ['userId']],
      ['users.orders.items', 'users.orders', 'orderId', ['userId', 'orderId']],
    ]);
    expect(resource(artifact, 'users')).toMatchObject({ idField: 'userId', operations: { list: 'listUsers', create: 'createUser', read: 'getUser', replace: 'replaceUser', delete: 'deleteUser' } });
    expect(resource(artifact, 'users.orders')).toMatchObject({ idParameter: 'orderId', idField: 'id', actions: ['cancelUserOrder'] });
    const cancel = artifact.operations.find((o) => o.id === 'cancelUserOrder');
    expect(cancel).toMatchObject({ behaviour: 'action', resource: 'users.orders', readOnly: false, action: { name: 'cancel', stateField: 'status', targetState: 'cancelled' } });
    const listUsers = artifact.operations.find((o) => o.id === 'listUsers');
    expect(listUsers?.list).toEqual({
      paging: 'page',
      parameters: { limit: 'per_page', offset: null, page: 'page', cursor: null, sort: 'sort' },
      filters: [{ parameter: 'email', field: 'email' }],
      itemsField: 'items',
      nextCursorField: null,
      hasMoreField: null,
      totalField: 'total',
      next: { offered: true, cursor: 'offset', holds: 'cursor', end: 'null', linkHeader: null },
    });
    expect(artifact.operations.find((o) => o.id === 'listUserOrders')?.list).toMatchObject({ paging: 'offset', filters: [{ parameter: 'status', field: 'status' }] });
    expect(artifact.basePaths).toEqual(['/v2']);
    expect(outcome.warnings.map((w) => w.code)).toEqual(['webhooks_ignored']);
    expect(artifact.schemas['User']).toMatchObject({ properties: { name: { type: ['string', 'null'] } } });
    expect(Object.keys(artifact.operations.find((o) => o.id === 'updateUserOrder')?.requestBody?.content ?? {})).toEqual(['application/merge-patch+json']);
  });

  it('bank 3.0: actions by sub-path and by colon verb, a read-only search, problem+json errors', async () => {
    const { artifact } = await compileArtifact(fixture('bank-3.0.yaml'));
    expect(understood(artifact)).toMatchObject({
      freezeAccount: ['action', 'accounts', false],
      closeAccount: ['action', 'accounts', false],
      getAccountBalance: ['static', null, true],
      createTransfer: ['create', 'transfers', false],
      searchTransfers: ['list', 'transfers', true],
      reverseTransfer: ['action', 'transfers', false],
      health: ['static', null, true],
    });
    const actions = Object.fromEntries(artifact.operations.filter((o) => o.action).map((o) => [o.id, o.action]));
    expect(actions).toEqual({
      freezeAccount: { name: 'freeze', stateField: 'status', targetState: 'frozen' },
      closeAccount: { name: 'close', stateField: 'status', targetState: 'closed' },
      reverseTransfer: { name: 'reverse', stateField: 'state', targetState: 'reversed' },
    });
    expect(matchRequest(artifact, 'POST', '/banking/v1/transfers/tr_1:reverse')).toEqual({ operation: 'reverseTransfer', params: { transferId: 'tr_1' } });
    expect(artifact.errorFormats).toMatchObject({
      '401': { mediaType: 'application/problem+json', schema: { $ref: '#/schemas/Problem' } },
      '422': { mediaType: 'application/problem+json', schema: { $ref: '#/schemas/ValidationProblem' } },
    });
    expect(artifact.operations.find((o) => o.id === 'listAccounts')?.list).toMatchObject({ paging: 'page', parameters: { page: 'page', limit: 'page_size' }, itemsField: 'accounts', totalField: 'total_count' });
    expect(artifact.schemas['Account']).toMatchObject({ properties: { balance: { type: 'integer', exclusiveMinimum: 0 } } });
  });

  it('blog 2.0: body and formData parameters, basePath, nested comments, circular definitions', async () => {
    const { artifact } = await compileArtifact(fixture('blog-2.0.json'));
    expect(artifact.spec).toEqual({ kind: 'openapi', version: '2.0', title: 'Blog', apiVersion: '0.9' });
    expect(artifact.basePaths).toEqual(['/api/v2']);
    expect(resource(artifact, 'posts.comments')).toMatchObject({ parent: 'posts', parentParameter: 'postId', itemPath: '/posts/{postId}/comments/{commentId}', idField: 'id' });
    const op = (id: string) => artifact.operations.find((o) => o.id === id);
    expect(op('createPost')?.requestBody).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/schemas/PostInput' }, examples: [] } } });
    expect(unhinted(op('addComment')?.requestBody?.content)).toEqual({
      'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { body: { type: 'string' }, parent: { type: 'integer' } }, required: ['body'] }, examples: [] },
    });
    expect(op('uploadAttachment')?.requestBody?.content['multipart/form-data']?.schema).toMatchObject({ properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] });
    expect(op('listPosts')?.parameters.find((p) => p.name === 'tags')).toMatchObject({ in: 'query', style: 'form', explode: true, schema: { type: 'array', items: { type: 'string' } } });
    expect(op('getPost')?.parameters).toEqual([{ name: 'postId', in: 'path', required: true, schema: { type: 'integer', format: 'int64' }, style: 'simple', explode: false }]);
    expect(op('getPost')?.responses['200']?.content['application/json']?.examples).toEqual([{ name: 'example', value: { id: 7, title: 'Hello', author: 'ada', published: false } }]);
    expect(op('getPost')?.security).toEqual([['basic'], ['token']]);
    expect(artifact.schemas['Comment']).toMatchObject({ properties: { replies: { type: 'array', items: { $ref: '#/schemas/Comment' } } } });
    expect(artifact.schemas['Post']).toMatchObject({ properties: { summary: { type: ['string', 'null'] } } });
    expect(understood(artifact)['publishPost']).toEqual(['action', 'posts', false]);
    expect(understood(artifact)['uploadAttachment']).toEqual(['create', 'posts.attachments', false]);
  });

  it('petstore 2.0 (YAML): PUT on the collection replaces, POST on an item updates, upload is an action', async () => {
    const { artifact, outcome } = await compileArtifact(fixture('petstore-2.0.yaml'));
    expect(understood(artifact)).toEqual({
      updatePet: ['replace', 'pet', false],
      addPet: ['create', 'pet', false],
      findPetsByStatus: ['static', null, true],
      getPetById: ['read', 'pet', true],
      updatePetWithForm: ['update', 'pet', false],
      deletePet: ['delete', 'pet', false],
      uploadFile: ['action', 'pet', false],
    });
    expect(Object.keys(artifact.operations.find((o) => o.id === 'addPet')?.requestBody?.content ?? {})).toEqual(['application/json', 'application/xml']);
    expect(artifact.securitySchemes).toEqual({ api_key: { type: 'apiKey', in: 'header', name: 'api_key' }, petstore_auth: { type: 'bearer', source: 'oauth2' } });
    expect(outcome.warnings.map((w) => w.code)).toEqual(Array(4).fill('response_success_missing'));
  });

  it('SaaS 3.1: singletons /me, /settings and a nested billing singleton; login writes, health does not', async () => {
    const { artifact } = await compileArtifact(fixture('saas-3.1.yaml'));
    expect(artifact.resources.filter((r) => r.kind === 'singleton').map((r) => [r.name, r.parent, r.collectionPath])).toEqual([
      ['me', null, '/me'],
      ['organizations.billing', 'organizations', '/organizations/{orgId}/billing'],
      ['settings', null, '/settings'],
    ]);
    expect(understood(artifact)).toMatchObject({
      getMe: ['read', 'me', true],
      updateMe: ['update', 'me', false],
      putSettings: ['replace', 'settings', false],
      inviteMember: ['create', 'organizations.members', false],
      putBilling: ['replace', 'organizations.billing', false],
      login: ['static', null, false],
      health: ['static', null, true],
    });
    expect(artifact.operations.find((o) => o.id === 'login')?.security).toEqual([]);
    expect(artifact.operations.find((o) => o.id === 'getMe')?.security).toEqual([['bearer']]);
  });

  it('cursor-paged 3.0: starting_after cursors, has_more envelopes, Stripe-style POST updates', async () => {
    const { artifact, outcome } = await compileArtifact(fixture('events-cursor-3.0.json'));
    expect(artifact.operations.find((o) => o.id === 'ListEvents')?.list).toMatchObject({ paging: 'cursor', parameters: { cursor: 'starting_after', limit: 'limit' }, itemsField: 'data', hasMoreField: 'has_more', filters: [{ parameter: 'type', field: 'type' }] });
    expect(artifact.operations.find((o) => o.id === 'ListCustomers')?.list).toMatchObject({ nextCursorField: 'next_cursor', hasMoreField: 'has_more' });
    expect(understood(artifact)).toMatchObject({ UpdateCustomer: ['update', 'customers', false], DeleteCustomer: ['delete', 'customers', false], GetEvent: ['read', 'events', true] });
    expect(outcome.warnings).toEqual([expect.objectContaining({ code: 'format_unknown', location: 'components.schemas.Event.properties.created.format' })]);
  });

  it('zoo 3.0: circular schemas stay named, path item and parameter refs resolve, odd refs are hoisted', async () => {
    const { artifact } = await compileArtifact(fixture('zoo-circular-3.0.yaml'));
    expect(understood(artifact)).toEqual({
      listAnimals: ['list', 'animals', true],
      createAnimal: ['create', 'animals', false],
      getAnimal: ['read', 'animals', true],
      getEnclosureTree: ['static', null, true],
    });
    expect(resource(artifact, 'animals')).toMatchObject({ idField: 'id', idParameter: 'animalId' });
    expect(artifact.operations.find((o) => o.id === 'getAnimal')?.parameters.map((p) => p.name)).toEqual(['animalId']);
    expect(artifact.schemas['Animal']).toEqual({ oneOf: [{ $ref: '#/schemas/Cat' }, { $ref: '#/schemas/Dog' }], discriminator: { propertyName: 'kind', mapping: { cat: '#/schemas/Cat', dog: '#/schemas/Dog' } } });
    expect(artifact.schemas['Area']).toMatchObject({ properties: { subareas: { items: { $ref: '#/schemas/Area' } }, size: { $ref: '#/schemas/_ref.paths._enclosures_enclosureId_tree.get.parameters.0.schema' } } });
    expect(artifact.schemas['_ref.paths._enclosures_enclosureId_tree.get.parameters.0.schema']).toEqual({ type: 'string' });
  });

  it('examples 3.0: media, named and referenced examples, headers, warnings for what cannot be used', async () => {
    const { artifact, outcome } = await compileArtifact(fixture('examples-3.0.yaml'));
    const op = (id: string) => artifact.operations.find((o) => o.id === id);
    expect(op('createRecipe')?.requestBody?.content['application/json']?.examples).toEqual([
      { name: 'quick', value: { title: 'Toast', minutes: 3 } },
      { name: 'fromLibrary', value: { title: 'Pasta', minutes: 12, cuisine: 'italian' } },
    ]);
    expect(op('createRecipe')?.responses['201']?.content['application/json']?.examples).toEqual([{ name: 'created', value: { id: 'r9', title: 'Toast', minutes: 3 } }]);
    expect(op('listRecipes')?.responses['200']?.headers).toEqual({ 'X-Total-Count': { required: true, schema: { type: 'integer' } } });
    expect(artifact.schemas['Recipe']).toMatchObject({ properties: { id: { examples: ['r1'] } } });
    expect(outcome.warnings.map((w) => w.code)).toEqual(['format_unknown', 'example_external_ignored', 'response_schema_missing']);
    expect(understood(artifact)['getRecipePhoto']).toEqual(['static', null, true]);
  });

  it('security 3.0: every scheme type, alternatives, open and optional operations', async () => {
    const { artifact, outcome } = await compileArtifact(fixture('security-3.0.json'));
    expect(artifact.securitySchemes).toEqual({
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
      basicAuth: { type: 'basic' },
      bearerAuth: { type: 'bearer', source: 'http' },
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'SESSIONID' },
      oidc: { type: 'bearer', source: 'openIdConnect' },
      digestAuth: { type: 'http', scheme: 'Digest', challenge: expect.stringMatching(/^Digest realm="simulation", qop="auth", algorithm=MD5, nonce="[0-9a-f]{32}"$/), params: ['username', 'realm', 'nonce', 'uri', 'response'] },
    });
    const security = Object.fromEntries(artifact.operations.map((o) => [o.id, o.security]));
    expect(security).toEqual({
      listKeys: [['apiKeyHeader'], ['apiKeyQuery']],
      getSession: [['cookieAuth']],
      endSession: [['basicAuth', 'cookieAuth']],
      getPublic: [],
      getOptional: [[], ['oidc']],
      getDigest: [['digestAuth'], []],
      getDefault: [['bearerAuth']],
    });
    expect(outcome.warnings.map((w) => w.code)).toEqual(['security_scheme_undefined']);
  });

  it('coupons 3.1: an inferred expiry rule, a redeem action and a code as the id', async () => {
    const { artifact } = await compileArtifact(fixture('coupons-3.1.json'));
    expect(resource(artifact, 'coupons')).toMatchObject({
      idField: 'code',
      idParameter: 'code',
      lifecycle: [{ name: 'expired-at-expiresAt', source: 'inferred', type: 'expiry', at: 'expiresAt', set: { state: 'expired' }, delete: false }],
    });
    expect(artifact.operations.find((o) => o.id === 'redeemCoupon')?.action).toEqual({ name: 'redeem', stateField: 'state', targetState: 'redeemed' });
    expect(artifact.operations.find((o) => o.id === 'listCoupons')?.list).toMatchObject({ itemsField: 'results', nextCursorField: 'nextPageToken' });
  });

  it('files 3.1: literal sub-paths stay static, deeper item paths become nested resources', async () => {
    const { artifact } = await compileArtifact(fixture('files-routes-3.1.yaml'));
    expect(understood(artifact)).toEqual({
      listFiles: ['list', 'files', true],
      listRecentFiles: ['static', null, true],
      getFile: ['read', 'files', true],
      // `/files/{fileId}.json`: a format extension names the representation; the same file is read.
      getFileJson: ['read', 'files', true],
      getFileVersion: ['read', 'files.versions', true],
      getMonthlyReport: ['static', null, true],
      getRoot: ['static', null, true],
    });
    expect(resource(artifact, 'files.versions')).toMatchObject({ collectionPath: null, itemPath: '/files/{fileId}/versions/{version}', parent: 'files', parentParameter: 'fileId' });
    // The plain template stays the resource's read.
    expect(resource(artifact, 'files')).toMatchObject({ itemPath: '/files/{fileId}', operations: { read: 'getFile' } });
  });
});
