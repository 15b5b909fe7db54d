import { useState, type FormEvent } from 'react';
import { errorText, useShipOrders, type OrderDetail } from '../../../api';
import { Alert, Button, Field, Input, Select, Text, useToast } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { remainingUnits } from '../orderTexts';
import { calendarDay } from '../shipBy';
import {
  initialShipForm,
  shipmentRequestOf,
  shippableLines,
  type ShipFormErrors,
  type ShipFormValues,
} from './shipForm';
import * as page from '../OrdersPage.css';
import * as styles from './Detail.css';

/**
 * "Mark shipped" for one order: a carrier its marketplace takes, the tracking number, the day, and for
 * a partial shipment the units of each line (all that is left by default). The server checks it before
 * anything is sent; its refusal is shown as it words it.
 */
export function ShipForm({ order }: { order: OrderDetail }) {
  const today = calendarDay(new Date());
  const [values, setValues] = useState<ShipFormValues>(() => initialShipForm(order, today));
  const [errors, setErrors] = useState<ShipFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const ship = useShipOrders();
  const { toast } = useToast();
  const marketplace = marketplaceNames[order.channel.kind];
  const lines = shippableLines(order);
  const set = (changes: Partial<ShipFormValues>) => setValues((current) => ({ ...current, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checked = shipmentRequestOf(order, values, today);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    // Awaited here, not in the mutation's callbacks: the drawer shows the new shipment (and a new
    // form) as soon as the order is read again, and the toast must still be raised.
    try {
      const result = await ship.mutateAsync({ dryRun: false, shipments: [checked.request] });
      const answer = result.results[0];
      if (!answer || answer.outcome === 'refused')
        return setProblem(answer?.message ?? `${marketplace} did not take the shipment.`);
      const carrier = order.carriers.find((c) => c.code === checked.request.carrier)?.name ?? checked.request.carrier;
      toast({
        title: `Order ${order.orderNumber} marked shipped`,
        description: `${carrier} ${checked.request.trackingNumber} is on its way to ${marketplace}.`,
        variant: 'success',
      });
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <form className={styles.form} aria-labelledby="order-ship" noValidate onSubmit={(event) => void submit(event)}>
      <h3 id="order-ship" className={styles.sectionTitle}>
        Mark shipped
      </h3>
      {problem ? (
        <Alert tone="critical" title="Not marked shipped">
          {problem}
        </Alert>
      ) : null}
      <div className={styles.pair}>
        <Field label="Carrier" error={errors.carrier} required>
          {(control) => (
            <Select {...control} value={values.carrier} onChange={(event) => set({ carrier: event.target.value })}>
              <option value="">Choose a carrier</option>
              {order.carriers.map((carrier) => (
                <option key={carrier.code} value={carrier.code}>
                  {carrier.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Tracking number" error={errors.trackingNumber} required>
          {(control) => (
            <Input
              {...control}
              value={values.trackingNumber}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => set({ trackingNumber: event.target.value })}
            />
          )}
        </Field>
        <Field label="Ship date" error={errors.shipDate} required>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={values.shipDate}
              max={today}
              onChange={(event) => set({ shipDate: event.target.value })}
            />
          )}
        </Field>
      </div>
      {lines.length > 0 ? (
        <label className={page.checkLabel}>
          <input
            type="checkbox"
            checked={values.partial}
            onChange={(event) => set({ partial: event.target.checked })}
          />
          Only some units (a partial shipment)
        </label>
      ) : null}
      {values.partial ? (
        <PartialQuantities
          order={order}
          quantities={values.quantities}
          errors={errors}
          onChange={(quantities) => set({ quantities })}
        />
      ) : null}
      <div className={styles.formActions}>
        <Button type="submit" loading={ship.isPending}>
          Mark shipped
        </Button>
      </div>
    </form>
  );
}

interface PartialQuantitiesProps {
  order: OrderDetail;
  quantities: ShipFormValues['quantities'];
  errors: ShipFormErrors;
  onChange: (quantities: ShipFormValues['quantities']) => void;
}

/** The units of each line in a partial shipment; a line without a marketplace id ships only with the rest. */
function PartialQuantities({ order, quantities, errors, onChange }: PartialQuantitiesProps) {
  const unnamed = order.lines.filter((line) => line.lineId === null && remainingUnits(line) > 0);
  return (
    <fieldset className={styles.quantities}>
      <legend className={styles.legend}>Units in this parcel</legend>
      {shippableLines(order).map((line) => (
        <Field
          key={line.lineId}
          label={`${line.sku} units`}
          hint={`${line.title ?? line.sku}: ${remainingUnits(line)} left to ship.`}
          error={errors.quantities?.[line.lineId]}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={remainingUnits(line)}
              value={quantities[line.lineId] ?? ''}
              onChange={(event) => onChange({ ...quantities, [line.lineId]: event.target.value })}
            />
          )}
        </Field>
      ))}
      {errors.lines ? <Alert tone="critical">{errors.lines}</Alert> : null}
      {unnamed.map((line) => (
        <Text key={line.sku} size="small" tone="secondary">
          {`${line.sku} ships only with the whole order: ${marketplaceNames[order.channel.kind]} gave no line id for it.`}
        </Text>
      ))}
    </fieldset>
  );
}
