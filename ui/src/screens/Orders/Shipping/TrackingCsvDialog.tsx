import { useState, type ChangeEvent } from 'react';
import { errorText, useShipOrdersFromCsv, type ShipmentCsvResult, type ShipmentCsvRow } from '../../../api';
import {
  Alert,
  Badge,
  Button,
  Dialog,
  DialogContent,
  Field,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  useToast,
} from '../../../index';
import { formatCount, plural } from '../orderTexts';
import { orderCount } from './bulkShip';
import * as page from '../OrdersPage.css';
import * as styles from './Shipping.css';

export interface TrackingCsvDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The largest CSV the server takes (the contract's `csv` maxLength). */
export const TRACKING_CSV_MAX_CHARS = 5_000_000;

const outcomeLabels = { ready: 'Ready', sending: 'Sending', refused: 'Refused' } as const;
const outcomeTones = { ready: 'positive', sending: 'info', refused: 'critical' } as const;

/**
 * Tracking by CSV: paste the rows or choose a file, see every row's outcome (nothing is sent), then
 * ship the good rows' orders. Rows the server refuses are listed with its reason, before and after.
 */
export function TrackingCsvDialog({ open, onOpenChange }: TrackingCsvDialogProps) {
  const [csv, setCsv] = useState('');
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const preview = useShipOrdersFromCsv();
  const run = useShipOrdersFromCsv();
  const { toast } = useToast();

  const edit = (text: string) => {
    setCsv(text);
    setProblem(null);
    preview.reset();
    run.reset();
  };
  const check = (text: string) => {
    const unread = (message: string) => setProblem({ title: 'The CSV was not read', message });
    if (!text.trim()) return unread('Paste the rows or choose a file first.');
    if (text.length > TRACKING_CSV_MAX_CHARS)
      return unread('The CSV is larger than 5 MB. Split it into smaller files.');
    preview.mutate({ csv: text, dryRun: true }, { onError: (error) => unread(errorText(error)) });
  };
  const choose = (text: string) => {
    edit(text);
    check(text);
  };
  const send = async () => {
    setProblem(null);
    try {
      const result = await run.mutateAsync({ csv, dryRun: false });
      const sent = orderCount(result.rows.filter((row) => row.outcome === 'sending'));
      if (sent > 0)
        toast({
          title: `${plural(sent, 'order', 'orders')} marked shipped`,
          description: 'Each shipment is on its way to its marketplace.',
          variant: 'success',
        });
      if (result.refused === 0) onOpenChange(false);
    } catch (error) {
      setProblem({ title: 'Nothing was shipped', message: errorText(error) });
    }
  };

  const checked = preview.data;
  const ready = checked ? checked.rows.filter((row) => row.outcome === 'ready') : [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Tracking by CSV"
        description="One row per parcel: order_number, carrier and tracking; ship_date, sku and quantity are optional (sku and quantity for part of an order)."
      >
        <div className={styles.body}>
          {run.data ? (
            <SendResult result={run.data} />
          ) : (
            <>
              <CsvSource csv={csv} onEdit={edit} onFile={choose} />
              {checked ? <Preview result={checked} /> : null}
            </>
          )}
          {problem ? (
            <Alert tone="critical" title={problem.title}>
              {problem.message}
            </Alert>
          ) : null}
          <div className={styles.actions}>
            {run.data ? (
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            ) : (
              <>
                <Button variant="secondary" onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                {checked && ready.length > 0 ? (
                  <Button loading={run.isPending} onClick={() => void send()}>
                    {`Ship ${plural(orderCount(ready), 'order', 'orders')}`}
                  </Button>
                ) : (
                  <Button variant="secondary" loading={preview.isPending} onClick={() => check(csv)}>
                    Preview
                  </Button>
                )}
              </>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

interface CsvSourceProps {
  csv: string;
  onEdit: (csv: string) => void;
  /** A file's text, once read. */
  onFile: (csv: string) => void;
}

/** The rows pasted, or a file chosen (its text then shows in the box). */
function CsvSource({ csv, onEdit, onFile }: CsvSourceProps) {
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) onFile(await file.text());
  };
  return (
    <>
      <Field label="CSV rows" hint="The first row names the columns. Nothing is sent until you confirm.">
        {(control) => (
          <textarea
            {...control}
            className={page.textarea}
            value={csv}
            spellCheck={false}
            placeholder={'order_number,carrier,tracking\n114-3941689-8772232,UPS,1Z999AA10123456784'}
            onChange={(event) => onEdit(event.target.value)}
          />
        )}
      </Field>
      <Field label="Or choose a CSV file">
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".csv,text/csv"
            className={styles.fileInput}
            onChange={(event) => void choose(event)}
          />
        )}
      </Field>
    </>
  );
}

/** What a row ships: every unit left of its order, or units of one SKU (a partial shipment). */
function shipsText(row: ShipmentCsvRow): string {
  if (!row.sku) return 'All units left';
  return row.quantity === null ? row.sku : `${formatCount(row.quantity)} × ${row.sku}`;
}

function RowsTable({ caption, rows }: { caption: string; rows: ShipmentCsvRow[] }) {
  return (
    <Table caption={caption}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Line</TableHeaderCell>
          <TableHeaderCell>Order</TableHeaderCell>
          <TableHeaderCell>Carrier</TableHeaderCell>
          <TableHeaderCell>Tracking</TableHeaderCell>
          <TableHeaderCell>Ships</TableHeaderCell>
          <TableHeaderCell>Outcome</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.line}>
            <TableCell className={styles.lineNumber}>{row.line}</TableCell>
            <TableCell className={styles.nowrap}>{row.orderNumber || '—'}</TableCell>
            <TableCell className={styles.nowrap}>{row.carrier || '—'}</TableCell>
            <TableCell className={page.mono}>{row.trackingNumber || '—'}</TableCell>
            <TableCell className={styles.nowrap}>{shipsText(row)}</TableCell>
            <TableCell>
              <Badge tone={outcomeTones[row.outcome]}>{outcomeLabels[row.outcome]}</Badge>
              {row.message ? <Text size="small">{row.message}</Text> : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Preview({ result }: { result: ShipmentCsvResult }) {
  const ready = result.rows.filter((row) => row.outcome === 'ready');
  return (
    <>
      <Text size="small" tone="secondary">
        {`${plural(result.ready, 'row', 'rows')} ready (${plural(orderCount(ready), 'order', 'orders')}), ${formatCount(result.refused)} refused. Nothing is sent yet.`}
      </Text>
      {result.refused > 0 && result.ready > 0 ? (
        <Alert tone="caution" title="Some rows are refused">
          Shipping sends the ready rows only. Fix the refused rows and send them in another CSV.
        </Alert>
      ) : null}
      <RowsTable caption={`Preview of ${plural(result.rows.length, 'row', 'rows')}`} rows={result.rows} />
    </>
  );
}

function SendResult({ result }: { result: ShipmentCsvResult }) {
  const bad = result.rows.filter((row) => row.outcome === 'refused');
  const sent = orderCount(result.rows.filter((row) => row.outcome === 'sending'));
  return (
    <>
      <Alert tone={sent > 0 ? 'positive' : 'caution'} title={`${plural(sent, 'order', 'orders')} marked shipped`}>
        {bad.length > 0 ? `${plural(bad.length, 'row was', 'rows were')} not shipped.` : 'Every row was shipped.'}
      </Alert>
      {bad.length > 0 ? <RowsTable caption="Rows not shipped" rows={bad} /> : null}
    </>
  );
}
