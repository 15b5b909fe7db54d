import { useState, type FormEvent } from 'react';
import { errorText, useCancelOrder, type OrderDetail } from '../../../api';
import { Alert, Button, Dialog, DialogContent, Field, Input, Select, useToast } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { cancellationReasons } from '../Orders.variants';
import { cancellationReasonLabels, unitsText } from '../orderActionTexts';
import { plural } from '../orderTexts';
import {
  cancellableLines,
  cancellationRequestOf,
  initialCancelForm,
  type CancelFormErrors,
  type CancelFormValues,
} from './cancelForm';
import * as styles from './Detail.css';

export interface CancelDialogProps {
  order: OrderDetail;
  onOpenChange: (open: boolean) => void;
}

/**
 * Cancels units of an order on its marketplace, with a reason: the units of each line where the
 * marketplace cancels by line, every open unit where it cancels whole orders only. The server checks
 * it before anything is sent; its refusal is shown as it words it.
 */
export function CancelDialog({ order, onOpenChange }: CancelDialogProps) {
  const [values, setValues] = useState<CancelFormValues>(() => initialCancelForm(order));
  const [errors, setErrors] = useState<CancelFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useCancelOrder();
  const { toast } = useToast();
  const marketplace = marketplaceNames[order.channel.kind];
  const byLine = order.actions.cancelByLine;
  const open = cancellableLines(order);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checked = cancellationRequestOf(order, values);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    try {
      await cancel.mutateAsync({ orderId: order.id, body: checked.request });
      toast({
        title: `Cancellation sent to ${marketplace}`,
        description: `${plural(checked.units, 'unit', 'units')} of order ${order.orderNumber}: the stock goes back to your channels once ${marketplace} confirms.`,
        variant: 'success',
      });
      onOpenChange(false);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={byLine ? `Cancel lines of order ${order.orderNumber}` : `Cancel order ${order.orderNumber}`}
        description={
          byLine
            ? `Choose the units to cancel. ${marketplace} tells the buyer; the units go back on sale once it confirms.`
            : `${marketplace} cancels whole orders only: every unit below is cancelled and the buyer is told.`
        }
      >
        <form className={styles.dialogBody} noValidate onSubmit={(event) => void submit(event)}>
          {problem ? (
            <Alert tone="critical" title="Not cancelled">
              {problem}
            </Alert>
          ) : null}
          <Field label="Reason" error={errors.reason} required>
            {(control) => (
              <Select
                {...control}
                value={values.reason}
                onChange={(event) =>
                  setValues({ ...values, reason: cancellationReasons.find((r) => r === event.target.value) ?? '' })
                }
              >
                <option value="">Choose a reason</option>
                {cancellationReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {cancellationReasonLabels[reason]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {byLine ? (
            <fieldset className={styles.quantities}>
              <legend className={styles.legend}>Units to cancel</legend>
              {open.map(({ line, open: most }) => (
                <Field
                  key={line.lineId}
                  label={`${line.sku} units to cancel`}
                  hint={`${line.title ?? line.sku}: ${plural(most, 'unit', 'units')} not shipped.`}
                  error={errors.quantities?.[line.lineId]}
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={most}
                      value={values.quantities[line.lineId] ?? ''}
                      onChange={(event) =>
                        setValues({
                          ...values,
                          quantities: { ...values.quantities, [line.lineId]: event.target.value },
                        })
                      }
                    />
                  )}
                </Field>
              ))}
              {errors.lines ? <Alert tone="critical">{errors.lines}</Alert> : null}
            </fieldset>
          ) : (
            <p className={styles.itemLine}>
              {`Cancels ${unitsText(open.map(({ line, open: units }) => ({ sku: line.sku, quantity: units })))}.`}
            </p>
          )}
          <div className={styles.formActions}>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Keep the order
            </Button>
            <Button type="submit" variant="danger" loading={cancel.isPending}>
              {byLine ? 'Cancel these units' : 'Cancel the order'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
