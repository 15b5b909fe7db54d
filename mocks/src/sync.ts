import { HttpResponse, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { channelFixtures } from './channels';
import { http } from './http';

type SyncRun = components['schemas']['SyncRun'];

const ids = {
  importAtConnect: '5c0f0000-0000-4000-8000-000000000001',
  amazonLastNight: '5c0f0000-0000-4000-8000-000000000002',
  amazonReading: '5c0f0000-0000-4000-8000-000000000003',
  shopifyAtPlanLimit: '5c0f0000-0000-4000-8000-000000000004',
} as const;

/** The moment the fixtures' runs are seen from; later runs are started after it. */
const NOW = Date.parse('2026-11-21T09:00:00.000Z');
const at = (secondsFromNow: number) => new Date(NOW + secondsFromNow * 1000).toISOString();

const base = {
  kind: 'reconcile',
  trigger: 'user',
  total: null,
  done: 0,
  repaired: 0,
  failed: 0,
  message: null,
  finishedAt: null,
} as const;

export const PLAN_LIMIT_MESSAGE =
  'Your free trial includes up to 1,000 SKUs. 50 more SKUs were not imported; nothing was deleted. Upgrade your plan to import them.';
export const MARKETPLACE_DOWN_MESSAGE =
  'Amazon could not be reached: the service answered 503 Service Unavailable three times.';

/** Runs of the seller of `channelFixtures`: the import after connecting, a reconciliation last night, and runs under way or stopped short. */
export const syncRunFixtures = {
  importAtConnect: {
    ...base,
    id: ids.importAtConnect,
    channelId: null,
    kind: 'import',
    trigger: 'connect',
    status: 'succeeded',
    done: 1240,
    createdAt: '2026-11-02T09:00:05.000Z',
    updatedAt: '2026-11-02T09:03:40.000Z',
    finishedAt: '2026-11-02T09:03:40.000Z',
  },
  amazonLastNight: {
    ...base,
    id: ids.amazonLastNight,
    channelId: channelFixtures.amazonTarget.id,
    status: 'succeeded',
    done: 1198,
    repaired: 7,
    createdAt: '2026-11-20T22:00:00.000Z',
    updatedAt: '2026-11-20T22:02:10.000Z',
    finishedAt: '2026-11-20T22:02:10.000Z',
  },
  /** Amazon is being read; like most marketplaces it does not say how many listings there are. */
  amazonReading: {
    ...base,
    id: ids.amazonReading,
    channelId: channelFixtures.amazonTarget.id,
    status: 'running',
    done: 340,
    repaired: 2,
    createdAt: at(-20),
    updatedAt: at(-1),
  },
  /** "Sync now" on the main channel read the catalogue up to the trial's SKU limit. */
  shopifyAtPlanLimit: {
    ...base,
    id: ids.shopifyAtPlanLimit,
    channelId: channelFixtures.shopifyMain.id,
    status: 'partial',
    done: 1050,
    repaired: 1,
    message: PLAN_LIMIT_MESSAGE,
    createdAt: at(-300),
    updatedAt: at(-200),
    finishedAt: at(-200),
  },
} satisfies Record<string, SyncRun>;

const history: SyncRun[] = [syncRunFixtures.amazonLastNight, syncRunFixtures.importAtConnect];

const list = (items: SyncRun[]) => http.get('/api/sync/runs', ({ response }) => response(200).json({ items }));

type Send = (run: SyncRun) => void;

/**
 * A `text/event-stream` answer as GET /api/sync/events sends it: a comment first, then an event
 * named `run` per change. `follow` starts sending and answers how to stop; the stream stays open
 * until the page cancels it (in Node, MSW keeps its own copy of the body, so that cancel may not
 * reach here: the timelines are short and end by themselves).
 */
function eventStream(follow: (send: Send) => () => void): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(': progress of sync runs\n\n'));
      stop = follow((run) => controller.enqueue(encoder.encode(`event: run\ndata: ${JSON.stringify(run)}\n\n`)));
    },
    cancel() {
      stop();
    },
  });
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' } });
}

/** Sends each run after the one before, `stepMs` apart. */
function timeline(runs: SyncRun[], stepMs: number): (send: Send) => () => void {
  return (send) => {
    const timers = runs.map((run, i) => setTimeout(() => send(run), (i + 1) * stepMs));
    return () => timers.forEach(clearTimeout);
  };
}

const quietStream = http.get('/api/sync/events', ({ response }) => response.untyped(eventStream(() => () => {})));

/** A stream that tells the runs given, then stays open. */
const streamOf = (runs: SyncRun[], stepMs: number) =>
  http.get('/api/sync/events', ({ response }) => response.untyped(eventStream(timeline(runs, stepMs))));

let clock = NOW;
let serial = 0x100;
/** A run "Sync now" creates: a fresh id, and a time after every fixture's. */
function newRun(channelId: string): SyncRun {
  clock += 60_000;
  serial += 1;
  const now = new Date(clock).toISOString();
  return {
    ...base,
    id: `5c0f0000-0000-4000-8000-${serial.toString(16).padStart(12, '0')}`,
    channelId,
    status: 'queued',
    createdAt: now,
    updatedAt: now,
  };
}

/** The run as it is `seconds` after it was created. */
const later = (run: SyncRun, seconds: number, change: Partial<SyncRun>): SyncRun => ({
  ...run,
  ...change,
  updatedAt: new Date(Date.parse(run.createdAt) + seconds * 1000).toISOString(),
});

/** "Sync now" answered with a queued run that nothing moves on. */
const accepted = http.post('/api/channels/{channelId}/sync', ({ params, response }) =>
  response(202).json(newRun(params.channelId)),
);

/** What the stream tells of a run "Sync now" started: reading, then `end`, one step per second of the run's time. */
function progressOf(run: SyncRun, end: Partial<SyncRun>): SyncRun[] {
  const finishedAt = later(run, 4, {}).updatedAt;
  const total = end.total ?? null;
  return [
    later(run, 1, { status: 'running' }),
    later(run, 2, { status: 'running', total, done: 400, repaired: Math.min(1, end.repaired ?? 0) }),
    later(run, 3, { status: 'running', total, done: 800, repaired: Math.min(2, end.repaired ?? 0) }),
    later(run, 4, { ...end, finishedAt }),
  ];
}

/**
 * "Sync now" that runs: the POST answers the queued run, and every open progress stream then
 * tells its versions, from reading to `outcome`, `stepMs` apart.
 */
function liveSync(outcome: Partial<SyncRun>, stepMs = 300): HttpHandler[] {
  // Each open stream, with what stops the timelines it is telling when the page closes it.
  const streams = new Map<Send, Array<() => void>>();
  return [
    list(history),
    http.get('/api/sync/events', ({ response }) =>
      response.untyped(
        eventStream((send) => {
          const stops: Array<() => void> = [];
          streams.set(send, stops);
          return () => {
            stops.forEach((stop) => stop());
            streams.delete(send);
          };
        }),
      ),
    ),
    http.post('/api/channels/{channelId}/sync', ({ params, response }) => {
      const run = newRun(params.channelId);
      const versions = progressOf(run, outcome);
      for (const [send, stops] of streams) stops.push(timeline(versions, stepMs)(send));
      return response(202).json(run);
    }),
  ];
}

export const syncHandlers = {
  /** A new account: no run yet. */
  none: [list([]), quietStream, accepted],
  /** Nothing under way; "Sync now" is accepted and its run waits in the queue. */
  idle: [list(history), quietStream, accepted],
  /** Amazon is being read; the count of listings read goes up, the total is not known. */
  readingAmazon: [
    list([syncRunFixtures.amazonReading, ...history]),
    streamOf(
      [
        { ...syncRunFixtures.amazonReading, done: 420, repaired: 3, updatedAt: at(1) },
        { ...syncRunFixtures.amazonReading, done: 510, repaired: 3, updatedAt: at(2) },
      ],
      700,
    ),
    accepted,
  ],
  /** Amazon is being read and the marketplace said how many listings it holds. */
  readingAmazonOfKnownSize: [
    list([{ ...syncRunFixtures.amazonReading, total: 1198 }, ...history]),
    streamOf([{ ...syncRunFixtures.amazonReading, total: 1198, done: 420, repaired: 3, updatedAt: at(1) }], 700),
    accepted,
  ],
  /** "Sync now" reads the channel and repairs four values that differed. */
  finishesWithRepairs: liveSync({ status: 'succeeded', done: 1198, repaired: 4 }),
  /** "Sync now" on the main channel stops at the trial's SKU limit; nothing is deleted. */
  stopsAtPlanLimit: liveSync({ status: 'partial', done: 1050, repaired: 1, message: PLAN_LIMIT_MESSAGE }),
  /** "Sync now" fails: the marketplace does not answer. */
  fails: liveSync({ status: 'failed', done: 800, repaired: 0, failed: 1, message: MARKETPLACE_DOWN_MESSAGE }),
  /** The last "Sync now" on the main channel stopped at the plan's limit. */
  stoppedAtPlanLimit: [list([syncRunFixtures.shopifyAtPlanLimit, ...history]), quietStream, accepted],
  /** The channel was paused meanwhile (in another tab): "Sync now" is refused. */
  refusedWhilePaused: [
    list(history),
    quietStream,
    http.post('/api/channels/{channelId}/sync', ({ response }) =>
      response(409).json({ message: 'This channel is paused. Resume it to sync it.' }),
    ),
  ],
  /** The account's plan has ended: the server refuses what would change the marketplaces (read-only). */
  refusedPlanEnded: [
    list(history),
    quietStream,
    http.post('/api/channels/{channelId}/sync', ({ response }) =>
      response(403).json({
        message:
          'Your plan has ended: nothing is sent to your marketplaces until you choose a plan on the Billing page. All your data is kept.',
      }),
    ),
  ],
} satisfies Record<string, HttpHandler[]>;

export type SyncScenario = keyof typeof syncHandlers;

type PushActivity = components['schemas']['PushActivity'];
type FailedPush = components['schemas']['FailedPush'];
type Drift = components['schemas']['Drift'];

const { shopifyMain, amazonTarget, ebayInError } = channelFixtures;
const SINCE = at(-24 * 3600);

export const AMAZON_REFUSED_PRICE = 'The price 4.99 is below the minimum price (9.99) allowed for this item.';
export const EBAY_REFUSED_QUANTITY = 'Quantity must be greater than or equal to 0 and less than or equal to 10000.';

/** Values the marketplaces refused: two prices on Amazon, a quantity on eBay. */
export const failedPushFixtures = [
  {
    id: '9f110000-0000-4000-8000-000000000001',
    channelId: amazonTarget.id,
    channelKind: 'amazon',
    sku: 'MUG-BLUE-12',
    field: 'price',
    value: '4.99',
    message: AMAZON_REFUSED_PRICE,
    attempts: 1,
    failedAt: at(-600),
  },
  {
    id: '9f110000-0000-4000-8000-000000000002',
    channelId: amazonTarget.id,
    channelKind: 'amazon',
    sku: 'MUG-RED-12',
    field: 'price',
    value: '4.99',
    message: AMAZON_REFUSED_PRICE,
    attempts: 1,
    failedAt: at(-620),
  },
  {
    id: '9f110000-0000-4000-8000-000000000003',
    channelId: ebayInError.id,
    channelKind: 'ebay',
    sku: 'LAMP-OAK',
    field: 'quantity',
    value: '12000',
    message: EBAY_REFUSED_QUANTITY,
    attempts: 2,
    failedAt: at(-3_000),
  },
] satisfies FailedPush[];

const channelCounts = (
  id: string,
  kind: 'shopify' | 'amazon' | 'ebay',
  displayName: string,
  counts: { pending: number; onTheirWay: number; confirmed: number; failed: number },
) => ({ channelId: id, channelKind: kind, displayName, ...counts });

const caughtUp: PushActivity = {
  since: SINCE,
  channels: [
    channelCounts(shopifyMain.id, 'shopify', shopifyMain.displayName, {
      pending: 0,
      onTheirWay: 0,
      confirmed: 0,
      failed: 0,
    }),
    channelCounts(amazonTarget.id, 'amazon', amazonTarget.displayName, {
      pending: 0,
      onTheirWay: 0,
      confirmed: 842,
      failed: 0,
    }),
    channelCounts(ebayInError.id, 'ebay', ebayInError.displayName, {
      pending: 0,
      onTheirWay: 0,
      confirmed: 310,
      failed: 0,
    }),
  ],
  failed: [],
  failedTotal: 0,
};

/** Retried in this story: gone from the refused list (stories reset it in `beforeEach`). */
const retried = new Set<string>();
export function resetPushMocks(): void {
  retried.clear();
  resolvedDrift.clear();
}

function partialFailure(): PushActivity {
  const failed = failedPushFixtures.filter((f) => !retried.has(f.id));
  const failedOn = (channelId: string) => failed.filter((f) => f.channelId === channelId).length;
  return {
    since: SINCE,
    channels: [
      caughtUp.channels[0]!,
      channelCounts(amazonTarget.id, 'amazon', amazonTarget.displayName, {
        pending: 4,
        onTheirWay: 8,
        confirmed: 830,
        failed: failedOn(amazonTarget.id),
      }),
      channelCounts(ebayInError.id, 'ebay', ebayInError.displayName, {
        pending: 214,
        onTheirWay: 0,
        confirmed: 96,
        failed: failedOn(ebayInError.id),
      }),
    ],
    failed,
    failedTotal: failed.length,
  };
}

const retry = http.post('/api/sync/pushes/retry', async ({ request, response }) => {
  const body = await request.json();
  const ids =
    'writeIds' in body
      ? body.writeIds
      : failedPushFixtures.filter((f) => f.channelId === body.channelId).map((f) => f.id);
  const fresh = ids.filter((id) => failedPushFixtures.some((f) => f.id === id) && !retried.has(id));
  fresh.forEach((id) => retried.add(id));
  const n = fresh.length;
  return response(200).json({
    retried: n,
    skipped: ids.length - n,
    message:
      n === 0
        ? 'Nothing to send again: these values were sent already or replaced by newer ones.'
        : `${n} ${n === 1 ? 'value' : 'values'} will be sent again.`,
  });
});

const pushes = (activity: () => PushActivity) =>
  http.get('/api/sync/pushes', ({ response }) => response(200).json(activity()));

export const pushHandlers = {
  /** Every value sent in the last 24 hours is confirmed. */
  allCaughtUp: [pushes(() => caughtUp), retry],
  /** Values on their way to Amazon; three refused, with the marketplaces' messages. */
  partialFailure: [pushes(partialFailure), retry],
  /** Values going out now. */
  sending: [
    pushes(() => ({
      ...caughtUp,
      channels: [
        caughtUp.channels[0]!,
        channelCounts(amazonTarget.id, 'amazon', amazonTarget.displayName, {
          pending: 120,
          onTheirWay: 50,
          confirmed: 330,
          failed: 0,
        }),
      ],
    })),
    retry,
  ],
  /** No channel yet: nothing has been sent. */
  none: [pushes(() => ({ since: SINCE, channels: [], failed: [], failedTotal: 0 })), retry],
  failsToLoad: [
    http.get('/api/sync/pushes', ({ response }) =>
      response(503).json({ message: 'The service is briefly unavailable. Try again.' }),
    ),
    retry,
  ],
} satisfies Record<string, HttpHandler[]>;

/** Values edited by hand on a target: a price on Amazon, a quantity and a price on eBay. */
export const driftFixtures = [
  {
    id: 'd71f0000-0000-4000-8000-000000000001',
    channelId: amazonTarget.id,
    channelKind: 'amazon',
    sku: 'MUG-BLUE-12',
    field: 'price',
    expected: '14.99',
    found: '12.49',
    detectedAt: at(-1_800),
  },
  {
    id: 'd71f0000-0000-4000-8000-000000000002',
    channelId: ebayInError.id,
    channelKind: 'ebay',
    sku: 'LAMP-OAK',
    field: 'quantity',
    expected: '7',
    found: '20',
    detectedAt: at(-3_600),
  },
  {
    id: 'd71f0000-0000-4000-8000-000000000003',
    channelId: amazonTarget.id,
    channelKind: 'amazon',
    sku: 'VASE-TALL',
    field: 'price',
    expected: '39.00',
    found: '35.00',
    detectedAt: at(-7_200),
  },
] satisfies Drift[];

const resolvedDrift = new Set<string>();
const DRIFT_GONE = 'This change was already dealt with, or does not exist.';

const driftDecisions: HttpHandler[] = [
  http.post('/api/sync/drift/{driftId}/accept', ({ params, response }) => {
    if (resolvedDrift.has(params.driftId) || !driftFixtures.some((d) => d.id === params.driftId))
      return response(404).json({ message: DRIFT_GONE });
    resolvedDrift.add(params.driftId);
    return response(200).json({ message: 'The value set on the channel is kept.' });
  }),
  http.post('/api/sync/drift/{driftId}/overwrite', ({ params, response }) => {
    if (resolvedDrift.has(params.driftId) || !driftFixtures.some((d) => d.id === params.driftId))
      return response(404).json({ message: DRIFT_GONE });
    resolvedDrift.add(params.driftId);
    return response(200).json({ message: 'The channel will be sent our value again.' });
  }),
];

export const driftHandlers = {
  /** Three values edited by hand, waiting for a decision; each decision takes the item off the list. */
  withDrift: [
    http.get('/api/sync/drift', ({ response }) =>
      response(200).json({ items: driftFixtures.filter((d) => !resolvedDrift.has(d.id)) }),
    ),
    ...driftDecisions,
  ],
  none: [http.get('/api/sync/drift', ({ response }) => response(200).json({ items: [] })), ...driftDecisions],
} satisfies Record<string, HttpHandler[]>;
