import type { ReactNode } from 'react';
import type { OrderCancellation, OrderDetail, OrderRefund, OrderReturn } from '../../../api';
import { Alert, Badge } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import {
  cancellationReasonLabels,
  refundReasonLabels,
  requestStateLabels,
  requestStateTones,
  returnStatusLabels,
  returnStatusTones,
  unitsText,
} from '../orderActionTexts';
import { formatDateTime, formatMoney } from '../orderTexts';
import * as page from '../OrdersPage.css';
import * as styles from './Detail.css';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** What the marketplace answered: on its way, confirmed, or refused in its own words. */
function Outcome({
  state,
  message,
  marketplace,
  what,
}: {
  state: OrderRefund['state'];
  message: string | null;
  marketplace: string;
  what: string;
}) {
  if (state === 'sending') return <p className={`${styles.itemLine} ${page.muted}`}>{`Sending to ${marketplace}.`}</p>;
  if (state === 'failed')
    return (
      <Alert tone="critical" title={`${marketplace} refused this ${what}`}>
        {message ?? `${marketplace} gave no reason.`}
      </Alert>
    );
  if (state === 'recorded')
    return (
      <p
        className={`${styles.itemLine} ${page.muted}`}
      >{`Recorded here only: ${marketplace} takes no refunds from us.`}</p>
    );
  return null;
}

function CancellationItem({ cancellation, marketplace }: { cancellation: OrderCancellation; marketplace: string }) {
  return (
    <li className={styles.item}>
      <p className={styles.itemHead}>
        <span>{cancellation.wholeOrder ? 'The whole order' : unitsText(cancellation.lines)}</span>
        <Badge tone={requestStateTones[cancellation.state]}>{requestStateLabels[cancellation.state]}</Badge>
      </p>
      <p className={`${styles.itemLine} ${page.muted}`}>
        {`${formatDateTime(cancellation.createdAt)} · ${cancellationReasonLabels[cancellation.reason]}`}
        {cancellation.wholeOrder ? ` · ${unitsText(cancellation.lines)}` : ''}
      </p>
      <Outcome
        state={cancellation.state}
        message={cancellation.message}
        marketplace={marketplace}
        what="cancellation"
      />
    </li>
  );
}

export function Cancellations({ order }: { order: OrderDetail }) {
  if (order.cancellations.length === 0) return null;
  const marketplace = marketplaceNames[order.channel.kind];
  return (
    <Section id="order-cancellations" title="Cancellations">
      <ul className={styles.list}>
        {order.cancellations.map((cancellation) => (
          <CancellationItem key={cancellation.id} cancellation={cancellation} marketplace={marketplace} />
        ))}
      </ul>
    </Section>
  );
}

function RefundItem({ refund, marketplace }: { refund: OrderRefund; marketplace: string }) {
  return (
    <li className={styles.item}>
      <p className={styles.itemHead}>
        <span>{`${formatMoney(refund.total)} · ${refund.wholeOrder ? 'the whole order' : unitsText(refund.lines)}`}</span>
        <Badge tone={requestStateTones[refund.state]}>{requestStateLabels[refund.state]}</Badge>
      </p>
      <p className={`${styles.itemLine} ${page.muted}`}>
        {`${formatDateTime(refund.createdAt)} · ${refundReasonLabels[refund.reason]}`}
      </p>
      {refund.note ? <p className={styles.itemLine}>{`“${refund.note}”`}</p> : null}
      <Outcome state={refund.state} message={refund.message} marketplace={marketplace} what="refund" />
    </li>
  );
}

export function Refunds({ order }: { order: OrderDetail }) {
  if (order.refunds.length === 0) return null;
  const marketplace = marketplaceNames[order.channel.kind];
  return (
    <Section id="order-refunds" title="Refunds">
      <ul className={styles.list}>
        {order.refunds.map((refund) => (
          <RefundItem key={refund.id} refund={refund} marketplace={marketplace} />
        ))}
      </ul>
    </Section>
  );
}

/** "Restocked May 3 by Alex Cooper", or by the marketplace's report, or not yet. */
export function restockText(ret: Pick<OrderReturn, 'restockedAt' | 'restockedBy' | 'channel'>): string {
  if (!ret.restockedAt) return 'Not restocked';
  const by = ret.restockedBy ?? `${marketplaceNames[ret.channel.kind]}'s report`;
  return `Restocked ${formatDateTime(ret.restockedAt)} by ${by}`;
}

function ReturnItem({ ret }: { ret: OrderReturn }) {
  return (
    <li className={styles.item}>
      <p className={styles.itemHead}>
        <span>{unitsText(ret.lines)}</span>
        <Badge tone={returnStatusTones[ret.status]}>{returnStatusLabels[ret.status]}</Badge>
      </p>
      <p className={`${styles.itemLine} ${page.muted}`}>
        {`${formatDateTime(ret.createdAt)} · ${ret.reason ?? 'No reason given'}`}
      </p>
      <p className={styles.itemLine}>
        {[ret.refunded ? `${formatMoney(ret.refunded)} refunded` : 'Not refunded', restockText(ret)].join(' · ')}
      </p>
    </li>
  );
}

/** The order's returns; where its marketplace reports none, where to find them. */
export function Returns({ order }: { order: OrderDetail }) {
  const { returns } = order.actions;
  if (order.returns.length === 0 && returns.api) return null;
  return (
    <Section id="order-returns" title="Returns">
      {order.returns.length === 0 ? (
        <p className={page.muted}>{returns.why}</p>
      ) : (
        <ul className={styles.list}>
          {order.returns.map((ret) => (
            <ReturnItem key={ret.id} ret={ret} />
          ))}
        </ul>
      )}
    </Section>
  );
}
