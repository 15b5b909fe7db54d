import crypto from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import { generateCatalogue } from './catalogue-generator.ts';
import { answerControl } from './control-answer.ts';
import { ORDER_LINES_MESSAGE, orderLinesOk } from './return-control.ts';
import type { SandboxAccess, ScopedAccess } from './sandbox-access.ts';
import type { FaultBoard } from './sandbox-faults.ts';
import type { RequestLog } from './request-log.ts';
import { type ItemEdit, type SandboxContext, type SandboxDefinition } from './sandbox-definition.ts';

/** What the control API acts on: the sandbox's state, its sellers' owners, faults and log. */
export interface ControlledSandbox<State extends { sellers: Record<string, unknown> }> {
  definition: SandboxDefinition<State>;
  context: SandboxContext<State>;
  access: SandboxAccess;
  faults: FaultBoard;
  log: RequestLog;
  /** The account that made each seller (scoped access); sellers made by the open control API have none. */
  owners: Map<string, string>;
  /** Forgets these sellers: their data, faults, requests and owner. */
  removeSellers(sellerIds: string[]): void;
  /** Back to an empty sandbox: every seller, fault and logged request gone. */
  resetEverything(): void;
}

const OWNER_LOCAL = 'sandboxOwner';
const ownerOf = (res: Response) => res.locals[OWNER_LOCAL] as string | undefined;

/** A hand edit's body `{ quantity?, price?, title? }`, or the reason it is refused. */
function readItemEdit(body: unknown): ItemEdit | string {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return 'Send a JSON object { quantity?, price?, title? }';
  const { quantity, price, title, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length)
    return `Unknown field ${Object.keys(rest).join(', ')}: an edit takes quantity, price and title`;
  if (quantity === undefined && price === undefined && title === undefined)
    return 'Give at least one of quantity, price and title';
  const edit: ItemEdit = {};
  if (quantity !== undefined) {
    if (!Number.isInteger(quantity) || (quantity as number) < 0 || (quantity as number) > 1_000_000_000)
      return 'quantity must be a whole number from 0 to 1000000000';
    edit.quantity = quantity as number;
  }
  if (price !== undefined) {
    const text =
      typeof price === 'number' && Number.isFinite(price)
        ? String(price)
        : typeof price === 'string'
          ? price.trim()
          : '';
    if (!/^\d+(\.\d{1,2})?$/.test(text) || !(Number(text) > 0))
      return 'price must be a decimal above 0 with at most two decimals, as a string ("12.50") or a number';
    edit.price = Number(text).toFixed(2);
  }
  if (title !== undefined) {
    if (typeof title !== 'string' || !title.trim() || title.length > 500)
      return 'title must be a non-empty string of at most 500 characters';
    edit.title = title;
  }
  return edit;
}

/** How many products a new seller is asked for, or why the request is refused. */
function productsAsked(sandbox: ControlledSandbox<never>, body: Record<string, unknown> | undefined): number | string {
  const products = Number(body?.products ?? 25);
  const most = sandbox.access.mode === 'scoped' ? sandbox.access.limits.productsPerSeller : 100_000;
  if (!Number.isInteger(products) || products < 0 || products > most)
    return `products must be a whole number from 0 to ${most}`;
  return products;
}

type AnySandbox = ControlledSandbox<{ sellers: Record<string, unknown> }>;

/**
 * The control API under `_control` (not logged, never faulted): sellers with generated catalogues,
 * orders as a buyer, hand edits in the seller UI, faults, the request log and reset. With scoped
 * access every call names its account and reaches only that account's sellers.
 */
export function controlRoutes<State extends { sellers: Record<string, unknown> }>(
  sandbox: ControlledSandbox<State>,
): Router {
  const control = Router();
  control.use(express.json({ limit: '1mb', type: ['application/json', 'application/*+json'] }));
  if (sandbox.access.mode === 'scoped') scopeToOwner(control, sandbox.access, sandbox.owners);
  const controlled = sandbox as unknown as AnySandbox;
  resetAndSellerRoutes(control, controlled);
  buyerAndSellerUiRoutes(control, controlled);
  faultRoutes(control, controlled);
  control.get('/requests', (_req, res) => {
    const owner = ownerOf(res);
    res.json(owner === undefined ? sandbox.log.all() : sandbox.log.of(ownedBy(sandbox.owners, owner)));
  });
  sandbox.definition.controlRoutes?.(control, sandbox.context);
  control.use((req: Request, res: Response) =>
    res.status(404).json({ message: `No such control operation: ${req.method} ${req.baseUrl}${req.path}` }),
  );
  return control;
}

const ownedBy = (owners: Map<string, string>, owner: string) => (sellerId: string) => owners.get(sellerId) === owner;

/** Every call names its account (401 without one); a seller of another account is no seller at all (404). */
function scopeToOwner(control: Router, access: ScopedAccess, owners: Map<string, string>): void {
  control.use((req, res, next) => {
    const owner = access.ownerOf(req);
    if (!owner)
      return void res
        .status(401)
        .json({ message: 'The sandbox control API acts for a signed-in Marketplace Hub account: sign in first.' });
    res.locals[OWNER_LOCAL] = owner;
    next();
  });
  control.param('sellerId', (_req, res, next, sellerId: string) => {
    if (owners.get(sellerId) !== ownerOf(res)) return void res.status(404).json({ message: 'No such seller' });
    next();
  });
}

/** Reset (everything when open, else the caller's sellers) and new sellers with generated catalogues, within the limits. */
function resetAndSellerRoutes(control: Router, sandbox: AnySandbox): void {
  const { definition, context, access, owners } = sandbox;
  const state = () => context.state();
  control.post('/reset', (_req, res) => {
    const owner = ownerOf(res);
    if (owner === undefined) sandbox.resetEverything();
    else sandbox.removeSellers(Object.keys(state().sellers).filter(ownedBy(owners, owner)));
    res.json({ ok: true });
  });
  control.post('/sellers', (req, res) => {
    const products = productsAsked(sandbox as ControlledSandbox<never>, req.body);
    if (typeof products === 'string') return void res.status(400).json({ message: products });
    // The same seed makes the same catalogue: one seller's SKUs on every marketplace, as a real seller has.
    const requestedSeed = req.body?.seed;
    if (
      requestedSeed !== undefined &&
      (!Number.isInteger(requestedSeed) || requestedSeed < 1 || requestedSeed >= 2 ** 31)
    )
      return void res.status(400).json({ message: 'seed must be a whole number from 1 to 2147483647' });
    const owner = ownerOf(res);
    if (owner !== undefined && access.mode === 'scoped') {
      const made = Object.keys(state().sellers).filter(ownedBy(owners, owner)).length;
      if (made >= access.limits.sellersPerMarketplace) {
        return void res.status(409).json({
          message: `Your account has ${made} sandbox sellers on this marketplace, the most it may have. Reset them (POST _control/reset) to start again.`,
        });
      }
    }
    const catalogue = generateCatalogue(
      products,
      requestedSeed ?? crypto.randomInt(1, 2 ** 31),
      `${context.baseUrl}/_images`,
    );
    const seller = definition.createSeller(state(), catalogue, context);
    if (owner !== undefined) owners.set(seller.sellerId, owner);
    context.changed(seller.sellerId);
    res.status(201).json({ ...seller, products });
  });
}

/** A listing as the marketplace shows it, the seller's hand edits in its own UI, and orders placed and cancelled as a buyer. */
function buyerAndSellerUiRoutes(control: Router, sandbox: AnySandbox): void {
  const { definition, context } = sandbox;
  const state = () => context.state();
  /** Runs a definition hook, answering its SandboxControlError as `{ message }` with its status. */
  const answer = (res: Response, status: number, sellerId: string, work: () => unknown) =>
    answerControl(res, status, () => context.changed(sellerId), work);
  control.get('/sellers/:sellerId/items/:sku', (req, res) => {
    const item = definition.itemView(state(), req.params.sellerId!, req.params.sku!);
    if (!item) return void res.status(404).json({ message: 'No such seller or SKU' });
    res.json(item);
  });
  // The seller edits the listing by hand in the marketplace's own seller UI (drift, main-channel edits).
  control.patch('/sellers/:sellerId/items/:sku', (req, res) => {
    const edit = readItemEdit(req.body);
    if (typeof edit === 'string') return void res.status(400).json({ message: edit });
    const { sellerId, sku } = req.params as { sellerId: string; sku: string };
    if (!definition.itemView(state(), sellerId, sku))
      return void res.status(404).json({ message: 'No such seller or SKU' });
    answer(res, 200, sellerId, () => {
      definition.editItem(state(), sellerId, sku, edit, context);
      return definition.itemView(state(), sellerId, sku);
    });
  });
  control.post('/sellers/:sellerId/orders', (req, res) => {
    const lines = req.body?.lines;
    if (!orderLinesOk(lines)) return void res.status(400).json({ message: ORDER_LINES_MESSAGE });
    answer(res, 201, req.params.sellerId!, () => definition.placeOrder(state(), req.params.sellerId!, lines, context));
  });
  // What the marketplace holds of one order now: its lines, state and shipments.
  control.get('/sellers/:sellerId/orders/:orderId', (req, res) => {
    const order = definition.orderView(state(), req.params.sellerId!, req.params.orderId!);
    if (order === undefined) return void res.status(404).json({ message: 'No such seller or order' });
    res.json(order);
  });
  // The buyer cancels (or the marketplace cancels for them): status, last-updated time, restock, push.
  control.post('/sellers/:sellerId/orders/:orderId/cancel', (req, res) => {
    answer(res, 200, req.params.sellerId!, () =>
      definition.cancelOrder(state(), req.params.sellerId!, req.params.orderId!, context),
    );
  });
}

/** Faults: every seller's (open access only), or one seller's own. */
function faultRoutes(control: Router, sandbox: AnySandbox): void {
  const { access, faults, context } = sandbox;
  const known = (sellerId: string) => context.state().sellers[sellerId] !== undefined;
  control.get('/faults', (_req, res) => res.json(faults.of(undefined)));
  control.put('/faults', (req, res) => {
    if (access.mode === 'scoped')
      return void res
        .status(403)
        .json({ message: 'Faults are set per seller here: PUT _control/sellers/{sellerId}/faults.' });
    sendFaults(res, faults.setForEveryone(req.body));
  });
  control.get('/sellers/:sellerId/faults', (req, res) => {
    if (!known(req.params.sellerId!)) return void res.status(404).json({ message: 'No such seller' });
    res.json(faults.of(req.params.sellerId!));
  });
  control.put('/sellers/:sellerId/faults', (req, res) => {
    if (!known(req.params.sellerId!)) return void res.status(404).json({ message: 'No such seller' });
    sendFaults(res, faults.setForSeller(req.params.sellerId!, req.body));
  });
}

function sendFaults(res: Response, next: ReturnType<FaultBoard['setForEveryone']>) {
  if (typeof next === 'string') res.status(400).json({ message: next });
  else res.json(next);
}
