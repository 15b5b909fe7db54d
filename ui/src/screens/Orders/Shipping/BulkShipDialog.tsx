import { useState, type FormEvent } from 'react';
import { errorText, useShipOrders, useShippingCarriers, type MarketplaceKind, type OrderSummary } from '../../../api';
import { Alert, Button, Dialog, DialogContent, Field, Input, Select, Spinner, useToast } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { plural } from '../orderTexts';
import { bulkShipmentsOf, carrierChoices, type BulkShipErrors } from './bulkShip';
import * as styles from './Shipping.css';

export interface BulkShipDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selected orders; those marked shipped leave the selection, the refused ones stay to be fixed. */
  orders: OrderSummary[];
  onShipped: (orderIds: string[]) => void;
}

interface Refusal {
  orderNumber: string;
  message: string;
}

/** "Mark shipped" for several orders at once: one carrier, a tracking number per order, each order whole. */
export function BulkShipDialog({ open, onOpenChange, orders, onShipped }: BulkShipDialogProps) {
  const ship = useShipOrders();
  const { toast } = useToast();
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<BulkShipErrors>({ tracking: {} });
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const kinds = [...new Set(orders.map((order) => order.channel.kind))];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checked = bulkShipmentsOf(orders, carrier, tracking);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({ tracking: {} });
    try {
      const { results } = await ship.mutateAsync({ dryRun: false, shipments: checked.shipments });
      const sent = results.filter((result) => result.outcome === 'sending').map((result) => result.orderId);
      const refused = results.filter((result) => result.outcome === 'refused');
      if (sent.length > 0)
        toast({
          title: `${plural(sent.length, 'order', 'orders')} marked shipped`,
          description: 'Each shipment is on its way to its marketplace; an order shows when it is confirmed.',
          variant: 'success',
        });
      setRefusals(
        refused.map((result) => ({
          orderNumber: orders.find((order) => order.id === result.orderId)?.orderNumber ?? result.orderId,
          message: result.message ?? 'Refused without a reason.',
        })),
      );
      onShipped(sent);
      if (refused.length === 0) onOpenChange(false);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Mark orders shipped"
        description="One carrier, and each order's tracking number. Each order ships whole: open an order to ship part of it."
      >
        <form className={styles.body} noValidate onSubmit={(event) => void submit(event)}>
          {refusals.length > 0 ? (
            <Alert
              tone="critical"
              title={
                refusals.length === 1
                  ? '1 order was not marked shipped'
                  : `${refusals.length} orders were not marked shipped`
              }
            >
              <ul className={styles.refusals}>
                {refusals.map((refusal) => (
                  <li key={refusal.orderNumber}>
                    <strong>{refusal.orderNumber}</strong>: {refusal.message}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {problem ? (
            <Alert tone="critical" title="Nothing was marked shipped">
              {problem}
            </Alert>
          ) : null}
          <CarrierField kinds={kinds} value={carrier} error={errors.carrier} onChange={setCarrier} />
          <fieldset className={styles.orders}>
            <legend className={styles.legend}>Tracking numbers</legend>
            {orders.map((order) => (
              <Field
                key={order.id}
                label={`Tracking number for ${order.orderNumber}`}
                hint={[marketplaceNames[order.channel.kind], order.buyerName].filter(Boolean).join(' · ')}
                error={errors.tracking[order.id]}
                required
              >
                {(control) => (
                  <Input
                    {...control}
                    value={tracking[order.id] ?? ''}
                    maxLength={100}
                    autoComplete="off"
                    spellCheck={false}
                    onChange={(event) => setTracking((current) => ({ ...current, [order.id]: event.target.value }))}
                  />
                )}
              </Field>
            ))}
          </fieldset>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={ship.isPending} disabled={orders.length === 0}>
              {`Mark ${plural(orders.length, 'order', 'orders')} shipped`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface CarrierFieldProps {
  kinds: MarketplaceKind[];
  value: string;
  error: string | undefined;
  onChange: (code: string) => void;
}

/** One carrier for the selection: every code its marketplaces take, those all of them take first. */
function CarrierField({ kinds, value, error, onChange }: CarrierFieldProps) {
  const carriers = useShippingCarriers();
  if (carriers.isPending) return <Spinner label="Loading carriers..." />;
  if (carriers.isError)
    return (
      <Alert tone="critical" title="The carriers could not be loaded">
        {errorText(carriers.error)}
      </Alert>
    );
  return (
    <Field
      label="Carrier"
      error={error}
      hint={
        kinds.length > 1
          ? 'Each marketplace takes its own carriers: one marked "only" is refused for the other orders.'
          : undefined
      }
      required
    >
      {(control) => (
        <Select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Choose a carrier</option>
          {carrierChoices(kinds, carriers.data).map((choice) => (
            <option key={choice.code} value={choice.code}>
              {choice.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
