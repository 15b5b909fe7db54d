import { delay } from 'msw';
import type { components } from '@contract';
import { channelFixtures } from './channels';
import { http } from './http';
import { drawerDetail, drawerSku } from './drawer-edits';

type ChangeEntry = components['schemas']['ChangeEntry'];

const { amazonTarget } = channelFixtures;
const id = (n: number) => `ad0a0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** The ad rules' latest move of the SKU's ad on Amazon: paused when it sold out. */
export const AD_RULE_PAUSE_ID = id(2);

const adMove = (n: number, at: string, before: string, after: string, causeRef: string): ChangeEntry => ({
  id: id(n),
  at,
  cause: 'ad_rule',
  field: 'ad_state',
  sku: drawerSku,
  channelId: amazonTarget.id,
  channelKind: 'amazon',
  before,
  after,
  causeRef,
  results: [],
});

const state = { undone: false, refuse: false };
/** The seller's undo requests seen by the mock (change ids). */
export const adRuleUndoRequests: string[] = [];
export function resetDrawerAdRuleMocks(options: { refuse?: boolean } = {}): void {
  state.undone = false;
  state.refuse = options.refuse ?? false;
  adRuleUndoRequests.length = 0;
}

/** The SKU's history: the rules resumed its Amazon ad on Nov 20 and paused it again on Nov 23 (sold out). */
function adHistory(): ChangeEntry[] {
  const resumed = {
    ...adMove(1, '2026-11-20T08:00:00.000Z', 'paused', 'enabled', 'out of stock no more'),
    undoable: false,
  };
  const paused = {
    ...adMove(2, '2026-11-23T14:30:00.000Z', 'enabled', 'paused', 'out of stock'),
    undoable: !state.undone,
  };
  const undo: ChangeEntry = {
    ...adMove(3, '2026-11-23T15:02:00.000Z', 'paused', 'enabled', `undo:${AD_RULE_PAUSE_ID}`),
    cause: 'ad_undo',
  };
  return state.undone ? [undo, paused, resumed] : [paused, resumed];
}

/** The SKU drawer whose history holds the ad rules' moves, the latest one undoable. */
export const drawerAdRuleHandlers = [
  http.get('/api/listings/items/{sku}', ({ response }) => {
    const detail = drawerDetail(false);
    return response(200).json({ ...detail, history: [...adHistory(), ...detail.history] });
  }),
  http.post('/api/advertising/rule-actions/{changeId}/undo', async ({ params, response }) => {
    await delay(50);
    adRuleUndoRequests.push(String(params.changeId));
    if (state.refuse)
      return response(409).json({
        message: 'These ads have changed since the rule moved them, so there is nothing to undo.',
      });
    state.undone = true;
    return response(200).json({ ads: 1, state: 'enabled' });
  }),
];
