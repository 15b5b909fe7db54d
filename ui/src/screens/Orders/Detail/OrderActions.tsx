import { useState } from 'react';
import type { OrderDetail } from '../../../api';
import { Button } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { toCents } from '../orderActionTexts';
import { cancelBlocked } from './cancelForm';
import { CancelDialog } from './CancelDialog';
import { RefundDialog } from './RefundDialog';
import * as styles from './Detail.css';

type ActionDialog = 'cancel' | 'refund' | null;

/**
 * "Cancel order" (or "Cancel lines") and "Refund" for an order, while there is something left to cancel
 * or refund. Where its marketplace has no API for cancelling, the button is disabled and says why and
 * what to do there; where it has none for refunds, the refund is recorded only ("Record refund").
 */
export function OrderActions({ order }: { order: OrderDetail }) {
  const [dialog, setDialog] = useState<ActionDialog>(null);
  const { actions } = order;
  const marketplace = marketplaceNames[order.channel.kind];
  const canCancel = actions.cancellableUnits > 0 && order.status !== 'cancelled';
  const canRefund = actions.refundable !== null && toCents(actions.refundable.amount) > 0;
  if (!canCancel && !canRefund) return null;
  const blocked = actions.cancel.api
    ? cancelBlocked(order)
    : (actions.cancel.why ?? `${marketplace} takes no cancellations from us: cancel it on ${marketplace}.`);
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <section className={styles.section} aria-label="Cancel or refund">
      <div className={styles.actionRow}>
        {canCancel ? (
          <div className={styles.action}>
            <Button
              variant="secondary"
              disabled={blocked !== null}
              aria-describedby={blocked ? 'order-cancel-why' : undefined}
              onClick={() => setDialog('cancel')}
            >
              {actions.cancelByLine ? 'Cancel lines' : 'Cancel order'}
            </Button>
            {blocked ? (
              <p id="order-cancel-why" className={styles.why}>
                {blocked}
              </p>
            ) : null}
          </div>
        ) : null}
        {canRefund ? (
          <div className={styles.action}>
            <Button
              variant="secondary"
              aria-describedby={actions.refund.api ? undefined : 'order-refund-why'}
              onClick={() => setDialog('refund')}
            >
              {actions.refund.api ? 'Refund' : 'Record refund'}
            </Button>
            {actions.refund.api ? null : (
              <p id="order-refund-why" className={styles.why}>
                {`${marketplace} takes no refunds from us: refund the buyer there, then record it here.`}
              </p>
            )}
          </div>
        ) : null}
      </div>
      {dialog === 'cancel' ? <CancelDialog order={order} onOpenChange={close} /> : null}
      {dialog === 'refund' ? <RefundDialog order={order} onOpenChange={close} /> : null}
    </section>
  );
}
