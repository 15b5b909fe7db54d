import { useState, type FormEvent } from 'react';
import { errorText, useRefundOrder, type OrderDetail } from '../../../api';
import { Alert, Button, Dialog, DialogContent, Field, Input, Select, useToast } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { refundReasons, type RefundScope } from '../Orders.variants';
import { moneyOf, refundReasonLabels } from '../orderActionTexts';
import { formatMoney, plural } from '../orderTexts';
import {
  amountText,
  defaultAmountCents,
  initialRefundForm,
  refundRequestOf,
  refundTotalCents,
  refundableLines,
  wholeOrderRefundable,
  type RefundFormErrors,
  type RefundFormValues,
} from './refundForm';
import * as page from '../OrdersPage.css';
import * as styles from './Detail.css';

export interface RefundDialogProps {
  order: OrderDetail;
  onOpenChange: (open: boolean) => void;
}

/**
 * Refunds the buyer, the whole order or chosen lines (units, and an amount up to their price). Where
 * the marketplace has no refund API the refund is recorded only, and the dialog says to give it there.
 */
export function RefundDialog({ order, onOpenChange }: RefundDialogProps) {
  const [values, setValues] = useState<RefundFormValues>(() => initialRefundForm(order));
  const [errors, setErrors] = useState<RefundFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const refund = useRefundOrder();
  const { toast } = useToast();
  const marketplace = marketplaceNames[order.channel.kind];
  const { api, why } = order.actions.refund;
  const currency = order.actions.refundable?.currency ?? order.total?.currency ?? 'USD';
  const total = formatMoney(moneyOf(refundTotalCents(order, values), currency));
  const set = (changes: Partial<RefundFormValues>) => setValues((current) => ({ ...current, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checked = refundRequestOf(order, values);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    const amount = formatMoney(moneyOf(checked.totalCents, currency));
    try {
      await refund.mutateAsync({ orderId: order.id, body: checked.request });
      toast(
        api
          ? {
              title: `Refund sent to ${marketplace}`,
              description: `${amount} back to the buyer of order ${order.orderNumber}.`,
              variant: 'success',
            }
          : {
              title: 'Refund recorded',
              description: `${amount} for order ${order.orderNumber}. Give it to the buyer on ${marketplace} if you have not yet.`,
              variant: 'success',
            },
      );
      onOpenChange(false);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={api ? `Refund order ${order.orderNumber}` : `Record a refund for order ${order.orderNumber}`}
        description={
          api ? `${marketplace} gives the money back to the buyer.` : `${marketplace} takes no refunds from us.`
        }
      >
        <form className={styles.dialogBody} noValidate onSubmit={(event) => void submit(event)}>
          {api ? null : (
            <Alert tone="caution" title={`Recorded only: refund it on ${marketplace}`}>
              {why ?? `Refund the buyer on ${marketplace}; the refund is recorded here for your analytics.`}
            </Alert>
          )}
          {problem ? (
            <Alert tone="critical" title={api ? 'Not refunded' : 'Not recorded'}>
              {problem}
            </Alert>
          ) : null}
          <ScopeChoice order={order} scope={values.scope} onChange={(scope) => set({ scope })} />
          {values.scope === 'lines' ? (
            <LineAmounts order={order} values={values} errors={errors} onChange={set} />
          ) : null}
          {errors.lines ? <Alert tone="critical">{errors.lines}</Alert> : null}
          <Field label="Reason" error={errors.reason} required>
            {(control) => (
              <Select
                {...control}
                value={values.reason}
                onChange={(event) => set({ reason: refundReasons.find((r) => r === event.target.value) ?? '' })}
              >
                <option value="">Choose a reason</option>
                {refundReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {refundReasonLabels[reason]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Note"
            secondaryLabel="Optional"
            hint={api ? `For the buyer, where ${marketplace} passes it on.` : 'Kept with the refund.'}
            error={errors.note}
          >
            {(control) => (
              <textarea
                {...control}
                className={page.select}
                rows={2}
                maxLength={1000}
                value={values.note}
                onChange={(event) => set({ note: event.target.value })}
              />
            )}
          </Field>
          <p className={styles.total} role="status">
            <span>Total to refund</span>
            <span>{total}</span>
          </p>
          <div className={styles.formActions}>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Back
            </Button>
            <Button type="submit" loading={refund.isPending}>
              {api ? `Refund ${total}` : 'Record refund'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The whole order, or chosen lines; the whole order no more once part of it is refunded. */
function ScopeChoice({
  order,
  scope,
  onChange,
}: {
  order: OrderDetail;
  scope: RefundScope;
  onChange: (scope: RefundScope) => void;
}) {
  const whole = wholeOrderRefundable(order);
  return (
    <fieldset className={styles.quantities}>
      <legend className={styles.legend}>What to refund</legend>
      <div className={styles.scopes}>
        <label className={page.checkLabel}>
          <input
            type="radio"
            name="refund-scope"
            checked={scope === 'order'}
            disabled={!whole}
            onChange={() => onChange('order')}
          />
          {`The whole order (${formatMoney(order.actions.refundable)})`}
        </label>
        <label className={page.checkLabel}>
          <input type="radio" name="refund-scope" checked={scope === 'lines'} onChange={() => onChange('lines')} />
          Some lines
        </label>
      </div>
      {whole ? null : <p className={styles.why}>Part of this order is refunded already: refund the rest by line.</p>}
    </fieldset>
  );
}

interface LineAmountsProps {
  order: OrderDetail;
  values: RefundFormValues;
  errors: RefundFormErrors;
  onChange: (changes: Partial<RefundFormValues>) => void;
}

/** Units and amount of each line not refunded yet; the amount follows the units until the user types one. */
function LineAmounts({ order, values, errors, onChange }: LineAmountsProps) {
  const currency = order.total?.currency ?? 'USD';
  return (
    <fieldset className={styles.quantities}>
      <legend className={styles.legend}>Lines to refund</legend>
      {refundableLines(order).map((line) => {
        const { lineId, sku } = line.line;
        const units = Number(values.units[lineId]);
        const most = Number.isInteger(units) && units > 0 ? Math.min(units, line.unitsLeft) : line.unitsLeft;
        return (
          <div key={lineId} className={styles.lineFields}>
            <p className={styles.lineName}>
              <span className={page.mono}>{sku}</span>
              {` · ${line.line.title ?? sku} · ${plural(line.unitsLeft, 'unit', 'units')} not refunded, ${formatMoney(line.line.price)} each`}
            </p>
            <Field label={`${sku} units to refund`} error={errors.units?.[lineId]}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.unitsLeft}
                  value={values.units[lineId] ?? ''}
                  onChange={(event) => onChange({ units: { ...values.units, [lineId]: event.target.value } })}
                />
              )}
            </Field>
            <Field
              label={`${sku} amount`}
              hint={`At most ${formatMoney(moneyOf(defaultAmountCents(line, most), currency))}.`}
              error={errors.amounts?.[lineId]}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  value={amountText(values, line)}
                  onChange={(event) => onChange({ amounts: { ...values.amounts, [lineId]: event.target.value } })}
                />
              )}
            </Field>
          </div>
        );
      })}
    </fieldset>
  );
}
