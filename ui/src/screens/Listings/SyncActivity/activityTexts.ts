import type { PushChannelActivity, SyncRun } from '../../../api';
import { counted, formatCount } from '../../../shared/channels/syncTexts';

/** What a run was; kinds added later show as they are named. */
export const runKindLabels: Record<string, string> = {
  import: 'Import',
  reconcile: 'Reconciliation',
  bulk_edit: 'Bulk edit',
};
export const runKindLabel = (kind: SyncRun['kind']) => runKindLabels[kind] ?? kind;

export const runStatusLabels: Record<SyncRun['status'], string> = {
  queued: 'Waiting',
  running: 'Running',
  succeeded: 'Done',
  partial: 'Partly done',
  failed: 'Failed',
};
export const runStatusTones = {
  queued: 'neutral',
  running: 'info',
  succeeded: 'positive',
  partial: 'caution',
  failed: 'critical',
} as const satisfies Record<SyncRun['status'], string>;

/** Values sent to a channel in the 24 hours, settled or not. */
export const pushTotal = (c: PushChannelActivity) => c.pending + c.onTheirWay + c.confirmed + c.failed;

/** "830 of 842 values confirmed", what a channel's bar reads out. */
export const pushProgressText = (c: PushChannelActivity) =>
  `${formatCount(c.confirmed)} of ${counted(pushTotal(c), 'value', 'values')} confirmed`;

export const fieldNames = { quantity: 'Quantity', price: 'Price', title: 'Title' } as const;
