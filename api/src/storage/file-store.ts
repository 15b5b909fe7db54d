/**
 * Where uploaded files live (profile photos today): a folder under DATA_DIR by default, or an S3-compatible
 * object store when OBJECT_STORE_URL is set, so that web processes on several machines serve the same files.
 * Keys are relative paths of lowercase letters, digits, dots, dashes and slashes, chosen by us, never by a user.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config, ObjectStoreSettings } from '../config.ts';
import { EMPTY_PAYLOAD_SHA256, sha256Hex, signedHeaders } from './sigv4.ts';

export interface FileStore {
  /** Stores the bytes under a key never used before. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under the key, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the key's bytes; a key already gone is no error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

function checkedKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Not a file key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in a folder (DATA_DIR/uploads): the embedded default, one machine. */
export function folderFileStore(root: string): FileStore {
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // 'wx': a key is never written twice, so no request can overwrite a file another one stored.
      await fs.writeFile(file, bytes, { flag: 'wx' });
    },
    get: (key) =>
      fs.readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      }),
    remove: (key) => fs.rm(fileOf(key), { force: true }),
  };
}

/** The store refused or could not be reached: what it said, never the keys. */
export class FileStoreError extends Error {}

const OBJECT_STORE_TIMEOUT_MS = 15_000;

/** An S3-compatible object store, spoken to with signed PUT, GET and DELETE of single objects. */
export function objectFileStore(settings: ObjectStoreSettings, now: () => Date = () => new Date()): FileStore {
  const base = settings.url.replace(/\/+$/, '');
  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    const url = new URL(`${base}/${checkedKey(key)}`);
    const headers = signedHeaders(settings, {
      method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payloadSha256: body ? sha256Hex(body) : EMPTY_PAYLOAD_SHA256,
      at: now(),
    });
    delete headers.host;
    try {
      return await fetch(url, {
        method,
        headers,
        ...(body ? { body: new Uint8Array(body) } : {}),
        signal: AbortSignal.timeout(OBJECT_STORE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new FileStoreError(`The object store at ${url.origin} did not answer: ${(error as Error).message}`);
    }
  }
  async function refused(response: Response, doing: string): Promise<FileStoreError> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    return new FileStoreError(`The object store refused to ${doing}: ${response.status}${code ? ` ${code}` : ''}`);
  }
  return {
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, contentType);
      if (!response.ok) throw await refused(response, 'store a file');
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) throw await refused(response, 'read a file');
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await refused(response, 'delete a file');
      await response.body?.cancel();
    },
  };
}

/** The object store when one is configured, else the folder under DATA_DIR. */
export function fileStoreFor(config: Pick<Config, 'dataDir' | 'objectStore'>): FileStore {
  return config.objectStore
    ? objectFileStore(config.objectStore)
    : folderFileStore(path.join(config.dataDir, 'uploads'));
}
