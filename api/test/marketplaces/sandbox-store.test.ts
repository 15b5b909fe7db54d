/**
 * A sandbox's state on disk: a file per seller and one for what sellers share, so a change to one
 * seller rewrites that seller's file only; owners survive a restart; the single file of earlier
 * versions is taken over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/shared/sandbox-kit.ts';
import {
  defaultOwnerLimits,
  openAccess,
  ownerOfToken,
  OWNER_TOKEN_HEADER,
  signOwnerToken,
  type SandboxAccess,
} from '../../src/sandbox/shared/sandbox-access.ts';
import { amazonSandbox } from '../../src/sandbox/amazon/amazon-sandbox.ts';
import { walmartSandbox } from '../../src/sandbox/walmart/walmart-sandbox.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-store-'));
  dirs.push(dir);
  return dir;
};

const key = Buffer.alloc(32, 7);
const scoped: SandboxAccess = {
  mode: 'scoped',
  limits: defaultOwnerLimits,
  ownerOf: (req) => ownerOfToken(key, req.get(OWNER_TOKEN_HEADER)),
};

/** The Walmart sandbox on a port of its own, its state in `dataDir`. */
async function start(dataDir: string, access: SandboxAccess = openAccess) {
  const app = express();
  const server = http.createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/walmart`;
  const sandbox = createSandbox(walmartSandbox, { baseUrl, dataDir, profile: 'fast', access });
  app.use('/sandbox/walmart', sandbox.router);
  const control = async (method: string, route: string, body?: unknown, owner?: string) => {
    const response = await fetch(`${baseUrl}/_control${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(owner ? { [OWNER_TOKEN_HEADER]: signOwnerToken(key, owner) } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  return {
    sandbox,
    control,
    async stop() {
      sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const sellerFile = (dataDir: string, kind: string, sellerId: string) =>
  path.join(dataDir, 'sandbox', kind, 'sellers', `${encodeURIComponent(sellerId)}.json`);

describe('the sandbox state on disk', () => {
  it('a change to one seller rewrites that seller’s file only', async () => {
    const dataDir = tempDir();
    const walmart = await start(dataDir);
    try {
      const small = (await walmart.control('POST', '/sellers', { products: 3 })).body;
      const large = (await walmart.control('POST', '/sellers', { products: 2_000 })).body;
      await walmart.sandbox.flush();
      const largeBefore = fs.statSync(sellerFile(dataDir, 'walmart', large.sellerId));
      const smallBefore = fs.readFileSync(sellerFile(dataDir, 'walmart', small.sellerId), 'utf8');
      const sku = Object.keys(walmart.sandbox.context.state().sellers[small.sellerId]!.items)[0]!;

      expect(
        (
          await walmart.control('PATCH', `/sellers/${small.sellerId}/items/${encodeURIComponent(sku)}`, {
            quantity: 77,
          })
        ).status,
      ).toBe(200);
      await walmart.sandbox.flush();

      expect(fs.readFileSync(sellerFile(dataDir, 'walmart', small.sellerId), 'utf8')).not.toBe(smallBefore);
      expect(fs.readFileSync(sellerFile(dataDir, 'walmart', small.sellerId), 'utf8')).toContain('"quantity":77');
      const largeAfter = fs.statSync(sellerFile(dataDir, 'walmart', large.sellerId));
      expect(largeAfter.mtimeMs).toBe(largeBefore.mtimeMs);
      expect(largeAfter.ino).toBe(largeBefore.ino);
      // What sellers share holds no catalogue.
      expect(fs.statSync(path.join(dataDir, 'sandbox', 'walmart', 'shared.json')).size).toBeLessThan(1_000);
    } finally {
      await walmart.stop();
    }
  });

  it('keeps each seller and the account that made it across a restart; a reset removes the files', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir, scoped);
    const made = (await first.control('POST', '/sellers', { products: 2 }, 'account-a')).body;
    await first.stop();

    const second = await start(dataDir, scoped);
    try {
      expect((await second.control('GET', `/sellers/${made.sellerId}/faults`, undefined, 'account-a')).status).toBe(
        200,
      );
      expect((await second.control('GET', `/sellers/${made.sellerId}/faults`, undefined, 'account-b')).status).toBe(
        404,
      );
      expect((await second.control('POST', '/reset', undefined, 'account-a')).status).toBe(200);
      await second.sandbox.flush();
      expect(fs.existsSync(sellerFile(dataDir, 'walmart', made.sellerId))).toBe(false);
    } finally {
      await second.stop();
    }
  });

  it('takes over the single state file of earlier versions', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    const made = (await first.control('POST', '/sellers', { products: 2 })).body;
    const state = structuredClone(first.sandbox.context.state());
    await first.stop();
    fs.rmSync(path.join(dataDir, 'sandbox', 'walmart'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'sandbox', 'walmart.json'), JSON.stringify(state));

    const second = await start(dataDir);
    try {
      expect(second.sandbox.context.state().sellers[made.sellerId]).toEqual(state.sellers[made.sellerId]);
      await second.sandbox.flush();
      expect(fs.existsSync(path.join(dataDir, 'sandbox', 'walmart.json'))).toBe(false);
      expect(fs.existsSync(sellerFile(dataDir, 'walmart', made.sellerId))).toBe(true);
    } finally {
      await second.stop();
    }
  });

  it('keeps a seller’s entries of shared collections with that seller (Amazon’s feeds and documents)', async () => {
    const dataDir = tempDir();
    const sandbox = createSandbox(amazonSandbox, {
      baseUrl: 'http://localhost/sandbox/amazon',
      dataDir,
      profile: 'fast',
      access: openAccess,
    });
    const state = sandbox.context.state();
    const { sellerId } = amazonSandbox.createSeller(state, [], sandbox.context);
    state.documents['doc-1'] = {
      documentId: 'doc-1',
      sellerId,
      kind: 'input',
      contentType: 'application/json',
      content: { big: 'x'.repeat(5_000) },
    };
    sandbox.context.changed(sellerId);
    sandbox.close();
    expect(fs.readFileSync(sellerFile(dataDir, 'amazon', sellerId), 'utf8')).toContain('doc-1');
    expect(fs.readFileSync(path.join(dataDir, 'sandbox', 'amazon', 'shared.json'), 'utf8')).not.toContain('doc-1');
    const again = createSandbox(amazonSandbox, {
      baseUrl: 'http://localhost/sandbox/amazon',
      dataDir,
      profile: 'fast',
      access: openAccess,
    });
    expect(again.context.state().documents['doc-1']).toMatchObject({ sellerId, kind: 'input' });
    again.close();
  });
});
