import { useState } from 'react';
import {
  Alert,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '../../../index';
import { dryRunCsv, errorText, type PricingDryRun, type PricingDryRunRequest } from '../../../api';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { formatCount } from '../../../shared/channels/syncTexts';
import { boundLabels } from './ruleTexts';
import * as styles from './PricingRules.css';

const noticeTexts = {
  no_cost_for_margin: 'no cost known, so no minimum margin could be applied',
  no_cost: 'no cost known, so the rule could not price it',
  no_main_price: 'no main price known, so the rule could not price it',
  floor_above_ceiling: 'its minimum is above the maximum, so no price is sent',
  no_competition: 'no other seller’s offer known yet, so it keeps the main price',
} as const;

/** Saves text as a file the browser downloads. */
function download(name: string, text: string) {
  if (typeof URL.createObjectURL !== 'function') return;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** A dry run: every price the rule would change, old and new, with the margin; the whole list as CSV. */
export function DryRunPreview({ run, request }: { run: PricingDryRun; request: PricingDryRunRequest }) {
  const [csv, setCsv] = useState<{ state: 'idle' | 'working' | 'done' } | { state: 'failed'; message: string }>({
    state: 'idle',
  });
  const saveCsv = async () => {
    setCsv({ state: 'working' });
    try {
      download('pricing-dry-run.csv', await dryRunCsv(request));
      setCsv({ state: 'done' });
    } catch (error) {
      setCsv({ state: 'failed', message: errorText(error) });
    }
  };
  if (run.total === 0)
    return (
      <Alert tone="info" title="No price would change">
        Every listing this rule covers already has the price it gives.
      </Alert>
    );
  return (
    <Stack space="small">
      <div className={styles.head}>
        <Text size="small">
          {`${formatCount(run.total)} of ${formatCount(run.considered)} prices would change${run.total > run.items.length ? ` (the first ${formatCount(run.items.length)} shown)` : ''}.`}
        </Text>
        <Button variant="secondary" size="small" loading={csv.state === 'working'} onClick={saveCsv}>
          Download CSV
        </Button>
      </div>
      {csv.state === 'done' ? <Text size="small">The file has every change.</Text> : null}
      {csv.state === 'failed' ? (
        <Alert tone="critical" title="The file could not be made">
          {csv.message}
        </Alert>
      ) : null}
      {run.needsConfirmation ? (
        <Alert tone="caution" title="Large price moves">
          {`${formatCount(run.bigMoves)} prices would move by more than 20 %. Running the rule will ask you to confirm.`}
        </Alert>
      ) : null}
      <div className={styles.scroll}>
        <Table caption="Prices the rule would change" hideCaption>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>SKU</TableHeaderCell>
              <TableHeaderCell>Channel</TableHeaderCell>
              <TableHeaderCell>Now</TableHeaderCell>
              <TableHeaderCell>New</TableHeaderCell>
              <TableHeaderCell>Margin</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {run.items.map((m) => (
              <TableRow key={`${m.sku}:${m.channelId}`}>
                <TableHeaderCell scope="row">{m.sku}</TableHeaderCell>
                <TableCell>
                  {marketplaceNames[m.channelKind]}
                  <Text size="small" tone="secondary">
                    {m.channelName}
                  </Text>
                </TableCell>
                <TableCell>
                  <span className={styles.before}>{m.before ?? '—'}</span>
                </TableCell>
                <TableCell>
                  <span className={styles.after}>{m.after}</span>
                  {m.boundedBy ? (
                    <Text size="small" tone="secondary">
                      {boundLabels[m.boundedBy]}
                    </Text>
                  ) : null}
                </TableCell>
                <TableCell>{m.margin === null ? 'No cost' : `${m.margin} (${m.marginPercent ?? '—'} %)`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {run.notices.length > 0 ? (
        <Alert tone="caution" title={`${formatCount(run.notices.length)} listings could not be fully priced`}>
          <ul className={styles.list}>
            {run.notices.slice(0, 5).map((n) => (
              <li key={`${n.sku}:${n.channelId}:${n.report}`}>{`${n.sku}: ${noticeTexts[n.report]}`}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </Stack>
  );
}
