import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'yaml';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller } from '../support/channel-flows.ts';
import { query, settled } from '../support/sync-checks.ts';
import { resolverOf, shapedLike, type Leaves, type Schema } from '../support/contract-values.ts';
import { contractPath } from '../../src/http/app.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { createMember } from '../../src/db/queries/users.ts';
import { actors, matrix, type Actor } from './role-route-matrix.ts';

/**
 * The role × route matrix (pages.md §4): every operation of the contract, called by every kind of
 * caller with valid-looking parameters that name the first account's rows. A caller the matrix refuses
 * gets no 2xx; no caller ever reads a byte of an account it does not belong to (platform staff aside,
 * on the staff pages). An operation without a row fails the test.
 */
interface Operation {
  id: string;
  method: string;
  path: string;
  pathParams: Array<{ name: string; schema: Schema }>;
  queryParams: Array<{ name: string; schema: Schema; required: boolean }>;
  bodySchema: Schema | undefined;
}

const contract = parse(fs.readFileSync(contractPath, 'utf8'));
const resolve = resolverOf(contract);
const operations: Operation[] = Object.entries(contract.paths as Record<string, Record<string, any>>).flatMap(
  ([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => {
        const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(
          (p: Schema) => resolve(p) as { name: string; in: string; schema: Schema; required?: boolean },
        );
        const json = op.requestBody?.content?.['application/json']?.schema;
        return {
          id: String(op.operationId),
          method: method.toUpperCase(),
          path,
          pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: resolve(p.schema) })),
          queryParams: params
            .filter((p) => p.in === 'query')
            .map((p) => ({ name: p.name, schema: resolve(p.schema), required: Boolean(p.required) })),
          bodySchema: json ? resolve(json) : undefined,
        };
      }),
);

let t: TestProduct;
/** The first account's rows, which every request names. */
const first = {
  accountId: '',
  ownerId: '',
  memberId: '',
  /** A member no actor signs in as: the user every user-id parameter names (staff may disable or delete them). */
  bystanderId: '',
  channelId: '',
  productIds: [] as string[],
  skus: [] as string[],
  batchId: '',
  invitationId: '',
  apiKeyId: '',
};
/** Text that belongs to one account only: ids, emails, the company name, SKUs and titles. */
const markers: Record<'first' | 'second', string[]> = { first: [], second: [] };
const browsers = {} as Record<Actor, Browser>;
const credentials = {} as Record<Exclude<Actor, 'anonymous'>, { email: string; password: string; id: string }>;
/** An id that names no row: orders, returns, drift, runs and rules the first account does not have. */
const nobody = '00000000-0000-4000-8000-00000000abcd';

async function signIn(actor: Actor): Promise<Browser> {
  const browser = t.browser();
  if (actor === 'anonymous') return browser;
  const { email, password } = credentials[actor];
  await browser.signIn(email, password);
  if (actor === 'impersonating') {
    const started = await browser.post(`/api/admin/impersonate/${first.ownerId}`);
    expect(started.status).toBe(200);
  }
  return browser;
}

/** The actor signed in as themselves again if their call (a sign-out, an impersonation) changed who they are. */
async function restore(actor: Actor): Promise<void> {
  const me = await browsers[actor].get('/api/auth/user');
  const expected =
    actor === 'anonymous'
      ? me.status === 401
      : me.status === 200 &&
        me.body.id === (actor === 'impersonating' ? first.ownerId : credentials[actor].id) &&
        me.body.isBeingImpersonated === (actor === 'impersonating');
  if (!expected) browsers[actor] = await signIn(actor);
}

beforeAll(async () => {
  t = await startTestProduct({ sync: { intervalMinutes: 3, schedule: false } });
  const tag = crypto.randomUUID().slice(0, 8);
  const owner = await t.createUser({ companyName: `Alpha Goods ${tag}`, email: `alpha-owner-${tag}@example.com` });
  first.accountId = owner.accountId;
  first.ownerId = owner.userId;
  // Team management is the Business plan's: the team's operations run for real.
  await t.database.handle.db.execute(sql`update accounts set plan = 'business' where id = ${owner.accountId}`);
  const passwordHash = await hashPassword('member secret 1');
  const addMember = async (email: string) =>
    (await createMember(t.database.handle.db, {
      accountId: owner.accountId,
      email,
      passwordHash,
      firstName: 'Mira',
      lastName: 'Member',
      accountRole: 'member',
      at: new Date(),
    }))!;
  first.memberId = await addMember(`alpha-member-${tag}@example.com`);
  first.bystanderId = await addMember(`alpha-bystander-${tag}@example.com`);
  const second = await t.createUser({ companyName: `Beta Traders ${tag}`, email: `beta-owner-${tag}@example.com` });
  const admin = await t.createUser({ role: 'admin' });
  const viewer = await t.createUser({ role: 'admin' });
  const superUser = await t.createUser({ role: 'super_user' });
  Object.assign(credentials, {
    other: { ...second, id: second.userId },
    member: { email: `alpha-member-${tag}@example.com`, password: 'member secret 1', id: first.memberId },
    owner: { ...owner, id: owner.userId },
    admin: { ...admin, id: admin.userId },
    impersonating: { ...viewer, id: viewer.userId },
    super: { ...superUser, id: superUser.userId },
  });
  for (const actor of actors) browsers[actor] = await signIn(actor);

  const channel = await connectWithSandboxSeller(browsers.owner, 'amazon', 3);
  first.channelId = channel.id;
  await settled(t, first.accountId);
  const products = await query<{ id: string; sku: string; title: string }>(
    t,
    sql`select id, sku, title from products where account_id = ${first.accountId} order by sku`,
  );
  expect(products.length).toBe(3);
  first.productIds = products.map((p) => p.id);
  first.skus = products.map((p) => p.sku);
  const edit = await browsers.owner.post('/api/listings/bulk-edit', {
    selection: { productIds: first.productIds },
    quantity: { mode: 'amount', value: 1 },
  });
  expect(edit.status).toBe(201);
  first.batchId = edit.body.batchId;
  const invited = await browsers.owner.post('/api/team/invitations', { email: `alpha-invitee-${tag}@example.com` });
  expect(invited.status).toBe(201);
  first.invitationId = invited.body.id;
  const key = await browsers.owner.post('/api/api-keys', { name: 'Matrix script' });
  expect(key.status).toBe(201);
  first.apiKeyId = key.body.key.id;
  await settled(t, first.accountId);

  markers.first = [
    first.accountId,
    first.ownerId,
    first.memberId,
    first.bystanderId,
    first.channelId,
    first.batchId,
    first.invitationId,
    first.apiKeyId,
    ...first.productIds,
    ...products.map((p) => p.title).filter((title) => title.length >= 12),
    `alpha-owner-${tag}`,
    `alpha-member-${tag}`,
    `Alpha Goods ${tag}`,
  ];
  markers.second = [second.accountId, second.userId, `beta-owner-${tag}`, `Beta Traders ${tag}`];
}, 180_000);
afterAll(() => t?.stop());

/** The first account's id for a field or parameter of this name; an id of a kind it has none of names nothing. */
function idFor(name: string): string {
  const byName: Record<string, string> = {
    channelId: first.channelId,
    channelIds: first.channelId,
    productIds: first.productIds[0]!,
    userId: first.bystanderId,
    batchId: first.batchId,
    invitationId: first.invitationId,
    keyId: first.apiKeyId,
    accountId: first.accountId,
  };
  return byName[name] ?? nobody;
}

const textFor = (name: string): string =>
  ({
    email: 'matrix-nobody@example.com',
    password: 'a long enough secret 9',
    newPassword: 'a long enough secret 9',
    currentPassword: 'not the password 1',
    sku: first.skus[0]!,
    csv: `sku,price,quantity\n${first.skus[0]},5.00,1\n`,
    token: 'not-a-token',
  })[name] ?? 'matrix';

const leaves: Leaves = { uuid: (name) => fc.constant(idFor(name)), text: (name) => fc.constant(textFor(name)) };

/** A value for a path or query parameter: the first account's id, a SKU, an enum's first value, a date. */
function parameterValue(name: string, schema: Schema): string {
  if (schema.enum) return String(schema.enum[0]);
  if (schema.format === 'uuid') return idFor(name);
  if (schema.type === 'array') return parameterValue(name, resolve(schema.items ?? {}));
  if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  if (schema.type === 'boolean') return 'true';
  return name === 'sku' ? first.skus[0]! : textFor(name);
}

/** Bodies chosen rather than sampled: a production connection would call the real marketplace. */
const bodies: Record<string, unknown> = {
  connectChannel: {
    kind: 'walmart',
    environment: 'sandbox',
    credentials: { clientId: 'matrix', clientSecret: 'matrix' },
  },
};

/** The request: every id the first account's, the body of the operation's shape (one sample, the same each run). */
function requestOf(op: Operation): { path: string; body: unknown } {
  let path = op.path;
  for (const p of op.pathParams)
    path = path.replace(`{${p.name}}`, encodeURIComponent(parameterValue(p.name, p.schema)));
  const named = op.queryParams.filter((p) => p.required || p.schema.format === 'uuid');
  const search = new URLSearchParams(named.map((p) => [p.name, parameterValue(p.name, p.schema)]));
  if (search.size) path += `?${search}`;
  const body =
    op.id in bodies
      ? bodies[op.id]
      : op.bodySchema
        ? fc.sample(shapedLike(op.bodySchema, resolve, leaves), { numRuns: 1, seed: 27 })[0]
        : undefined;
  return { path, body };
}

/** The answer's text; a stream (the sync events) is read for its first moment only. */
async function call(browser: Browser, op: Operation, path: string, body: unknown) {
  if (op.id !== 'streamSyncEvents') {
    const answer = await browser.request(op.method, path, body);
    return { status: answer.status, text: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body) };
  }
  const abort = new AbortController();
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(browser.baseUrl + path, { headers: cookie ? { cookie } : {}, signal: abort.signal });
  const reader = response.body?.getReader();
  const firstChunk = reader
    ? await Promise.race([reader.read(), new Promise<undefined>((done) => setTimeout(done, 1_000, undefined))])
    : undefined;
  abort.abort();
  return { status: response.status, text: firstChunk?.value ? new TextDecoder().decode(firstChunk.value) : '' };
}

/** Whose data an actor must never read: anyone's but their own account's (staff on staff pages read all). */
function foreignMarkers(actor: Actor, staffPage: boolean): string[] {
  if (staffPage && (actor === 'admin' || actor === 'super')) return [];
  if (actor === 'member' || actor === 'owner' || actor === 'impersonating') return markers.second;
  if (actor === 'other') return markers.first;
  return [...markers.first, ...markers.second];
}

/** Reads every actor the matrix allows must be answered, with their own account's rows where they have some. */
const readsAnswered = new Set([
  'getCurrentUser',
  'listChannels',
  'listSyncRuns',
  'getDashboard',
  'listCatalogue',
  'listOrders',
  'getBilling',
  'getTeam',
  'listUsers',
  'listAllChannels',
  'listPricingRules',
]);

describe('the role × route matrix', () => {
  it('has a row for every operation of the contract, and no row for an operation it lacks', () => {
    const ids = operations.map((op) => op.id);
    expect(
      ids.filter((id) => !(id in matrix)),
      'operations without a row in role-route-matrix.ts',
    ).toEqual([]);
    expect(Object.keys(matrix).filter((id) => !ids.includes(id))).toEqual([]);
  });

  // Calls that remove what others name run last, so the operations before them find the rows.
  const removing = ['deleteUser', 'removeTeamMember', 'revokeTeamInvitation', 'disconnectChannel'];
  const inOrder = [...operations].sort((a, b) => Number(removing.includes(a.id)) - Number(removing.includes(b.id)));
  for (const op of inOrder) {
    it(`${op.id}: ${op.method} ${op.path}`, async () => {
      const row = matrix[op.id];
      if (!row) throw new Error(`${op.id} has no row in role-route-matrix.ts`);
      const { path, body } = requestOf(op);
      // Refused callers first, so a caller who may change the rows does so after every refusal was tried.
      const order = [...actors].sort((a, b) => Number(row.may[a] !== 'no') - Number(row.may[b] !== 'no'));
      for (const actor of order) {
        const { status, text } = await call(browsers[actor], op, path, body);
        const said = `${actor}: ${op.method} ${path} ${JSON.stringify(body) ?? ''} → ${status} ${text.slice(0, 300)}`;
        expect(status, said).toBeLessThan(500);
        if (row.may[actor] === 'no') expect(status >= 200 && status < 300, `unexpected 2xx. ${said}`).toBe(false);
        for (const marker of foreignMarkers(actor, row.staff ?? false)) expect(text, said).not.toContain(marker);
        if (readsAnswered.has(op.id) && row.may[actor] !== 'no') {
          expect(status, said).toBe(200);
          if (op.id === 'listChannels' && ['member', 'owner', 'impersonating'].includes(actor))
            expect(text, said).toContain(first.channelId);
        }
        await restore(actor);
      }
    });
  }
});
