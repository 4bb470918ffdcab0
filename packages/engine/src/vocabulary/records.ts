import { STATE_FIELD_WORDS } from './states.js';
import { TIME_SUFFIXES } from './times.js';

/**
 * The words the compiler reads a record's server-owned fields by (behaviour/plan-records.ts).
 * Names are compared squashed (lower case, without `_` or `-`) unless a list says otherwise.
 */

/**
 * Times a server stamps when it makes a record: GitHub's `created_at`, Stripe's `created`,
 * Twilio's `date_created`, Google's `createTime`, Salesforce's `CreatedDate`, Kubernetes'
 * `creationTimestamp`, and the moment a record of a resource is made under another verb
 * (`placed_at` of an order, `submitted_at` of a form).
 */
export const CREATION_TIMES: ReadonlySet<string> = new Set([
  'createdat', 'created', 'creationdate', 'datecreated', 'insertedat', 'createtime', 'createdtime', 'creationtime',
  'createdon', 'createddate', 'creationtimestamp', 'createdtimestamp', 'placedat', 'submittedat', 'orderedat',
  'requestedat', 'registeredat', 'receivedat', 'createdate', 'creationdatetime', 'createddatetime', 'launchtime',
]);

/** Times a server stamps on every write. */
export const UPDATE_TIMES: ReadonlySet<string> = new Set([
  'updatedat', 'updated', 'modifiedat', 'lastmodified', 'dateupdated', 'updatetime', 'updatedtime', 'modifiedtime',
  'updatedon', 'modifiedon', 'lastmodifieddate', 'lastmodifiedat', 'lastmodifiedtime', 'lastupdated', 'lastupdatedat',
  'updateddate', 'modifieddate',
]);

/** String formats of e-mail and HTTP dates, by the form they are written in (Twilio's `date-time-rfc-2822`, Azure's `date-time-rfc1123`). */
export const MAIL_DATE_FORMATS: Readonly<Record<string, 'rfc2822' | 'rfc1123'>> = {
  'date-time-rfc-2822': 'rfc2822', 'date-time-rfc2822': 'rfc2822', 'date-time-rfc1123': 'rfc1123', 'date-time-rfc-1123': 'rfc1123', 'date-time-rfc7231': 'rfc1123',
};

/** Words (split, not squashed) that say a field holds a time rather than name what happened: the `at` of `closed_at`, and a zone's `utc`. */
export const TIME_WORDS: ReadonlySet<string> = new Set([...TIME_SUFFIXES, 'utc']);

/** Last words of a field holding a record's state: `status`, `state`, `TableStatus`, `order_state`. */
export const STATE_FIELDS: ReadonlySet<string> = new Set(STATE_FIELD_WORDS);

/** Words of a state a record ends in, not one it starts in (`canceled`, `payment_failed`). */
export const END_STATE_WORDS: ReadonlySet<string> = new Set([
  'abandoned', 'archived', 'canceled', 'cancelled', 'closed', 'complete', 'completed', 'declined', 'deleted', 'delivered', 'done', 'expired',
  'failed', 'failure', 'finished', 'lost', 'refunded', 'rejected', 'removed', 'resolved', 'revoked', 'succeeded', 'terminated', 'void', 'voided',
]);

/** Words of a record's ends and of work done to it, beyond the end states: a new record is none of them (`merged`, `locked`, `paid`). */
export const DONE_WORDS: ReadonlySet<string> = new Set([
  ...END_STATE_WORDS, 'merged', 'locked', 'paid', 'shipped', 'captured', 'confirmed', 'approved', 'finalized', 'finalised', 'settled', 'disputed',
  'suspended', 'dismissed', 'ended', 'stopped', 'paused', 'frozen', 'blocked', 'banned',
]);

/**
 * Squashed states a record is ready in. A Simulation's clock does not run on its own, so a
 * record whose real counterpart passes through `CREATING` or `PENDING` to `ACTIVE` starts ready,
 * as a client waiting for it expects to find it.
 */
export const READY_STATES: ReadonlySet<string> = new Set(['inservice', 'active', 'available', 'ready', 'enabled', 'running']);

/**
 * Squashed states a record is in before anyone has worked on it: a draft, a new or open one,
 * one waiting for its turn or for its client's confirmation.
 */
export const FIRST_STATES: ReadonlySet<string> = new Set([
  'draft', 'new', 'created', 'open', 'pending', 'queued', 'scheduled', 'submitted', 'requested', 'initiated', 'notstarted', 'todo',
  'unconfirmed', 'requiresconfirmation', 'awaitingconfirmation', 'pendingconfirmation',
]);

/** Last words of a field naming who made a record (GitHub's `user` of an issue): the server fills it, so it is never left null. */
export const MAKER_WORDS: ReadonlySet<string> = new Set(['user', 'author', 'creator', 'owner', 'sender', 'actor', 'reporter', 'submitter', 'uploader', 'requester', 'by']);

/** Words of what is done to an amount after it is set, beyond the ends (`amount_received`); not what sets it (`amount_requested`). */
export const AMOUNT_DONE_WORDS: ReadonlySet<string> = new Set(['received', 'reversed', 'returned', 'credited', 'collected', 'redeemed', 'used', 'spent']);

/** Words of an end that completes a total of another word: a payment intent that `succeeded` has received its amount. */
export const COMPLETED_BY: Readonly<Record<string, string>> = { received: 'succeeded', collected: 'succeeded', paid: 'succeeded' };

/** Squashed option values, most telling first, that say a client who chose nothing gets them (Stripe's `capture_method: automatic`). */
export const UNCHOSEN_OPTIONS: readonly string[] = ['default', 'automatic', 'auto', 'standard', 'normal'];

/**
 * Last words of fields never taken from another record: what makes a record itself (its id,
 * kind, state, times and links) and what a client writes about it alone (its description,
 * metadata).
 */
export const RECORD_OWN_WORDS: ReadonlySet<string> = new Set([
  'id', 'object', 'type', 'kind', 'status', 'state', 'livemode', 'metadata', 'description', 'url', 'uri', 'href', 'self', 'link', 'links', 'etag', 'version',
  'at', 'on', 'date', 'time', 'timestamp',
]);

/** Last words of a field that names its record to people. */
export const NAMING_WORDS: ReadonlySet<string> = new Set(['name', 'title', 'label']);

/** Ids that name the caller rather than a record: Zoom's `/users/me`, Discord's `@me`; compared in lower case. */
export const SELF_ALIASES: readonly string[] = ['me', '@me', 'self', 'myself', 'current'];

/** The second name an `...IdOrKey` path parameter may give a record, by its last word, and the fields that hold it. */
export const ALTERNATE_KEYS: Readonly<Record<string, readonly string[]>> = {
  key: ['key'], name: ['name'], slug: ['slug'], code: ['code'], username: ['username', 'login'], login: ['login', 'username'], email: ['email'], handle: ['handle'],
};

/** Fields that name a record within its owner, where a compound route's last key is named otherwise (`/repos/{owner}/{repo}` reads a repository by its `name`), in order of preference. */
export const COMPOUND_KEY_FIELDS: readonly string[] = ['name', 'slug', 'key', 'handle'];

/** Squashed names of a record's fields that hold a secret or token the server makes for it. */
export const SECRET_FIELDS: readonly string[] = ['clientsecret', 'secret', 'signingsecret', 'webhooksecret', 'secretkey', 'accesstoken', 'refreshtoken', 'authtoken', 'apitoken', 'apikey', 'token'];

/** Squashed names of header and query parameters that carry the caller's credential: Slack's `token`, Google's `key`. */
export const CREDENTIAL_PARAMETERS: readonly string[] = ['token', 'accesstoken', 'apitoken', 'authtoken', 'apikey', 'key'];

/** Squashed names of the field a create's answer names the new record by when it answers only a reference (`itemId`), besides `<record>id`. */
export const REFERENCE_FIELDS: readonly string[] = ['id', 'itemid', 'newid'];

/**
 * Body fields (squashed) a write keeps out of a record that does not declare them: credentials a
 * client sends with it (Plaid's `secret`, Slack's `token` form field; a `token` only by itself,
 * since a `device_token` or `page_token` is data) and fields that direct the request rather than
 * describe the record (Stripe's `expand[]`, AWS's `DryRun` and `ClientToken`, idempotency keys).
 */
export const WITHHELD_FIELDS: readonly string[] = ['token', 'expand', 'dryrun', 'clienttoken', 'clientrequesttoken', 'idempotencykey', 'idempotencytoken'];
/** Endings (squashed) of the names of credentials a write keeps out of a record that does not declare them: `password`, `api_key`, `client_secret`. */
export const WITHHELD_ENDINGS: readonly string[] = ['password', 'passwd', 'secret', 'accesstoken', 'refreshtoken', 'apikey', 'apitoken', 'authtoken', 'privatekey'];

/** "Defaults to `true`" in a description, as Stripe writes the default of its charge's `capture`. */
export const DEFAULTS_TO_TRUE = /\bdefaults? to `?true\b/i;

/** Operation ids that say a PUT creates what it names (`Vaults_CreateOrUpdate`, `upsertItem`, `PutObject`). */
export const CREATING_PUT = /create|upsert|put/i;

/** Descriptions that say an update changes only the fields it is given. */
export const PARTIAL_UPDATE = /\b(partial(ly)? updat|only (the )?(given|provided|specified|supplied|included|passed|present) (fields|properties|parameters|values)|(fields|properties|parameters|values) (that are )?not (provided|given|specified|supplied|included|passed) (are|will be|remain)( left)? (unchanged|untouched|as they are)|left unchanged)/i;
