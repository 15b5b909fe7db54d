import fs from 'node:fs';
import path from 'node:path';

export type SandboxState = { sellers: Record<string, unknown> };

/** One seller's file: its record, the account that made it, and its entries of the collections kept per seller. */
interface SellerFile {
  sellerId: string;
  owner: string | null;
  seller: unknown;
  entries: Record<string, Record<string, unknown>>;
}

/** A file to write (its text) or to remove (undefined). */
type Write = [file: string, text: string | undefined];

/**
 * A sandbox's state on disk: a file per seller (`sellers/{id}.json`) and one for what sellers
 * share (`shared.json`: tokens, destinations, keys). A change rewrites the files of the sellers it
 * touched and the shared one, written asynchronously a moment later, so a busy seller never makes
 * every other seller's catalogue be serialised again.
 *
 * `perSeller` names top-level collections of the state whose entries belong to a seller (they carry
 * its `sellerId`, as Amazon's feeds and documents do): they are kept in that seller's file.
 */
export class SandboxStore<State extends SandboxState> {
  private readonly dirtySellers = new Set<string>();
  private sharedDirty = false;
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> | undefined;
  /** The single file of earlier versions, removed once its state is saved in this layout. */
  private legacyFile: string | undefined;

  constructor(
    private readonly dir: string | undefined,
    private readonly perSeller: readonly string[],
    private readonly current: () => { state: State; owners: Map<string, string> },
  ) {}

  /** The state found on disk (or the legacy single file of earlier versions), else `empty`. */
  load(empty: () => State, legacyFile: string | undefined): { state: State; owners: Map<string, string> } {
    const owners = new Map<string, string>();
    if (!this.dir) return { state: empty(), owners };
    const sharedFile = path.join(this.dir, 'shared.json');
    if (!fs.existsSync(sharedFile)) {
      const legacy = legacyFile && readJson<State>(legacyFile);
      if (!legacy) return { state: empty(), owners };
      // Written again in the new layout at the first save; the old file goes then.
      for (const id of Object.keys(legacy.sellers)) this.dirtySellers.add(id);
      this.sharedDirty = true;
      this.legacyFile = legacyFile;
      this.schedule();
      return { state: legacy, owners };
    }
    const state = { ...empty(), ...(readJson<Partial<State>>(sharedFile) ?? {}), sellers: {} } as State;
    for (const collection of this.perSeller) (state as Record<string, unknown>)[collection] = {};
    const sellersDir = path.join(this.dir, 'sellers');
    for (const name of fs.existsSync(sellersDir) ? fs.readdirSync(sellersDir) : []) {
      if (!name.endsWith('.json')) continue;
      const saved = readJson<SellerFile>(path.join(sellersDir, name));
      if (!saved) continue;
      state.sellers[saved.sellerId] = saved.seller;
      if (saved.owner) owners.set(saved.sellerId, saved.owner);
      for (const [collection, entries] of Object.entries(saved.entries ?? {}))
        Object.assign((state as Record<string, Record<string, unknown>>)[collection] ?? {}, entries);
    }
    return { state, owners };
  }

  /** A seller's data changed (or, without one, only what sellers share): saved a moment later. */
  changed(sellerId?: string): void {
    if (!this.dir) return;
    if (sellerId !== undefined) this.dirtySellers.add(sellerId);
    this.sharedDirty = true;
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.save();
    }, 200);
  }

  /** Waits for what is being written now (tests read the files after it). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      await this.save();
    }
    await this.saving;
  }

  /** Writes what is left, synchronously: the process is closing the sandbox. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const [file, text] of this.takeWrites()) {
      if (text === undefined) fs.rmSync(file, { force: true });
      else {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(`${file}.tmp`, text);
        fs.renameSync(`${file}.tmp`, file);
      }
    }
    this.removeLegacy();
  }

  private async save(): Promise<void> {
    // One save at a time; changes made while it writes are picked up by the next one.
    while (this.saving) await this.saving;
    const writes = this.takeWrites();
    if (writes.length === 0) return;
    this.saving = (async () => {
      for (const [file, text] of writes) {
        if (text === undefined) await fs.promises.rm(file, { force: true });
        else {
          await fs.promises.mkdir(path.dirname(file), { recursive: true });
          await fs.promises.writeFile(`${file}.tmp`, text);
          await fs.promises.rename(`${file}.tmp`, file);
        }
      }
      this.removeLegacy();
    })()
      .catch((error: unknown) => console.error(`sandbox state not saved in ${this.dir}:`, error))
      .finally(() => {
        this.saving = undefined;
      });
    await this.saving;
  }

  /** The files the marked changes call for, serialised now (a seller at a time: small pieces). */
  private takeWrites(): Write[] {
    if (!this.dir) return [];
    const { state, owners } = this.current();
    const writes: Write[] = [];
    for (const sellerId of this.dirtySellers) {
      const file = path.join(this.dir, 'sellers', `${encodeURIComponent(sellerId)}.json`);
      const seller = state.sellers[sellerId];
      if (seller === undefined) {
        writes.push([file, undefined]);
        continue;
      }
      const saved: SellerFile = {
        sellerId,
        owner: owners.get(sellerId) ?? null,
        seller,
        entries: this.entriesOf(state, sellerId),
      };
      writes.push([file, JSON.stringify(saved)]);
    }
    this.dirtySellers.clear();
    if (this.sharedDirty) {
      const shared: Record<string, unknown> = { ...state };
      delete shared.sellers;
      for (const collection of this.perSeller) delete shared[collection];
      writes.push([path.join(this.dir, 'shared.json'), JSON.stringify(shared)]);
      this.sharedDirty = false;
    }
    return writes;
  }

  private entriesOf(state: State, sellerId: string): SellerFile['entries'] {
    const entries: SellerFile['entries'] = {};
    for (const collection of this.perSeller) {
      const all = (state as unknown as Record<string, Record<string, { sellerId?: unknown }>>)[collection] ?? {};
      entries[collection] = Object.fromEntries(Object.entries(all).filter(([, entry]) => entry?.sellerId === sellerId));
    }
    return entries;
  }

  private removeLegacy(): void {
    if (!this.legacyFile) return;
    fs.rmSync(this.legacyFile, { force: true });
    this.legacyFile = undefined;
  }
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}
