import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import { insertChannel } from '../../src/db/queries/channels.ts';
import { defaultChannelRules, type ChannelKind, type ChannelRole } from '../../src/db/schema/index.ts';
import { CredentialVault } from '../../src/modules/channel-access/credential-vault.ts';
import type { Browser } from '../support/browser.ts';

let t: TestProduct;
let seller: Browser;
let rival: Browser;
let staff: Browser;
let sellerAccount: string;
let rivalAccount: string;
const vault = new CredentialVault(crypto.randomBytes(32));

const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

async function connect(accountId: string, kind: ChannelKind, role: ChannelRole) {
  const id = crypto.randomUUID();
  return insertChannel(t.database.handle.db, {
    id,
    accountId,
    kind,
    role,
    environment: 'sandbox',
    externalSellerId: `${kind}-${id.slice(0, 8)}`,
    displayName: `${kind} store`,
    credentialsCiphertext: vault.seal({ secret: 's3cret' }, { accountId, channelId: id }),
    rules: defaultChannelRules,
  });
}

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId: sellerAccount } = await t.signedInSeller());
  // Staff list channels under their account's name, which is its first user's email.
  ({ browser: rival, accountId: rivalAccount } = await t.signedInSeller({ email: 'rival@example.com' }));
  ({ browser: staff } = await t.signedInUser({ role: 'admin' }));
});
afterAll(() => t?.stop());

describe('channel settings', () => {
  it('lists the account own channels, main first, never with credentials', async () => {
    const shopify = await connect(sellerAccount, 'shopify', 'main');
    await connect(sellerAccount, 'amazon', 'target');
    const answer = await seller.get('/api/channels');
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((c: { kind: string; role: string }) => [c.kind, c.role])).toEqual([
      ['shopify', 'main'],
      ['amazon', 'target'],
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('s3cret');
    expect(JSON.stringify(answer.body)).not.toContain('v1.');
    expect(answer.body.items[0]).toMatchObject({
      id: shopify.id,
      status: 'active',
      rules: defaultChannelRules,
      environment: 'sandbox',
    });
  });

  it('keeps accounts apart: another seller can neither see nor change them', async () => {
    const [channel] = (await seller.get('/api/channels')).body.items;
    expect((await rival.get('/api/channels')).body.items).toEqual([]);
    for (const [method, path, body] of [
      ['POST', `/api/channels/${channel.id}/make-main`, undefined],
      ['PATCH', `/api/channels/${channel.id}/rules`, { bufferUnits: 5 }],
      ['POST', `/api/channels/${channel.id}/pause`, undefined],
      ['DELETE', `/api/channels/${channel.id}`, undefined],
    ] as const) {
      const answer = await rival.request(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await seller.get('/api/channels')).body.items[0]).toMatchObject({
      id: channel.id,
      status: 'active',
      role: 'main',
    });
  });

  it('makes another channel main; the former main becomes a target; one main per account, even in the database', async () => {
    const { items } = (await seller.get('/api/channels')).body;
    const amazon = items.find((c: { kind: string }) => c.kind === 'amazon');
    const answer = await seller.post(`/api/channels/${amazon.id}/make-main`);
    expect(answer).toMatchObject({ status: 200, body: { id: amazon.id, role: 'main' } });
    const after = (await seller.get('/api/channels')).body.items;
    expect(after.filter((c: { role: string }) => c.role === 'main')).toHaveLength(1);
    expect(after[0].id).toBe(amazon.id);
    await expect(connect(sellerAccount, 'walmart', 'main')).rejects.toThrow();
    const audit = await rows<{ action: string; target_id: string }>(
      `select action, target_id from audit_log where action = 'channel.made_main'`,
    );
    expect(audit).toEqual([{ action: 'channel.made_main', target_id: amazon.id }]);
  });

  it('changes rules, refusing values out of range', async () => {
    const [main] = (await seller.get('/api/channels')).body.items;
    const changed = await seller.patch(`/api/channels/${main.id}/rules`, {
      stockPercent: 80,
      bufferUnits: 2,
      maxQuantity: 50,
    });
    expect(changed.body.rules).toEqual({ ...defaultChannelRules, stockPercent: 80, bufferUnits: 2, maxQuantity: 50 });
    expect((await seller.patch(`/api/channels/${main.id}/rules`, { stockPercent: 120 })).status).toBe(400);
    expect((await seller.patch(`/api/channels/${main.id}/rules`, { bufferUnits: -1 })).status).toBe(400);
    expect((await seller.patch(`/api/channels/${main.id}/rules`, {})).status).toBe(400);
    const audit = await rows<{ before: { stockPercent: number }; after: { stockPercent: number } }>(
      `select before, after from audit_log where action = 'channel.rules_changed'`,
    );
    expect(audit).toEqual([
      {
        before: defaultChannelRules,
        after: { ...defaultChannelRules, stockPercent: 80, bufferUnits: 2, maxQuantity: 50 },
      },
    ]);
  });

  it('pauses and resumes a channel', async () => {
    const target = (await seller.get('/api/channels')).body.items.find((c: { role: string }) => c.role === 'target');
    expect((await seller.post(`/api/channels/${target.id}/pause`)).body).toMatchObject({
      status: 'paused',
      statusReason: 'Paused by a user',
    });
    expect((await seller.post(`/api/channels/${target.id}/make-main`)).status).toBe(409);
    expect((await seller.post(`/api/channels/${target.id}/resume`)).body).toMatchObject({
      status: 'active',
      statusReason: null,
    });
  });

  it('disconnects a target, deleting its credentials; the main goes last', async () => {
    const [main, target] = (await seller.get('/api/channels')).body.items;
    const refused = await seller.request('DELETE', `/api/channels/${main.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Make another channel main/);
    const gone = await seller.request('DELETE', `/api/channels/${target.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toMatch(/credentials are deleted/);
    const stored = await rows<{ status: string; credentials_ciphertext: string | null }>(
      `select status, credentials_ciphertext from channels where id = '${target.id}'`,
    );
    expect(stored).toEqual([{ status: 'disconnected', credentials_ciphertext: null }]);
    expect((await seller.get('/api/channels')).body.items.map((c: { id: string }) => c.id)).toEqual([main.id]);
    expect((await seller.request('DELETE', `/api/channels/${main.id}`)).status).toBe(200);
  });

  it('Channel Management lists every account channel for staff only', async () => {
    await connect(rivalAccount, 'ebay', 'main');
    const all = await staff.get('/api/admin/channels');
    expect(all.status).toBe(200);
    expect(
      all.body.items.map((i: { accountName: string; channel: { kind: string } }) => [i.accountName, i.channel.kind]),
    ).toContainEqual(['rival@example.com', 'ebay']);
    expect((await seller.get('/api/admin/channels')).status).toBe(403);
  });
});
