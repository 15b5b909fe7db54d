import {
  Badge,
  Card,
  EmptyState,
  ErrorState,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  type BadgeTone,
} from '../../index';
import { errorText, useBillingInvoices, type BillingInvoice } from '../../api';
import { formatDay, formatMoney } from '../../shared/billing/billingTexts';
import * as styles from './Billing.css';

const statusBadges: Record<BillingInvoice['status'], { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'positive' },
  open: { label: 'Due', tone: 'caution' },
  draft: { label: 'Draft', tone: 'neutral' },
  uncollectible: { label: 'Uncollectible', tone: 'critical' },
  void: { label: 'Void', tone: 'neutral' },
};

/** Invoices: date, amount, status and the PDF, as the payment provider holds them. */
export function BillingInvoicesTab() {
  const invoices = useBillingInvoices();
  if (invoices.isPending) return <Spinner label="Loading invoices..." />;
  if (invoices.isError)
    return (
      <ErrorState
        title="The invoices could not be loaded"
        description={errorText(invoices.error)}
        onRetry={() => invoices.refetch()}
      />
    );
  if (invoices.data.invoices.length === 0)
    return (
      <Card padding="large">
        <EmptyState
          title="No invoices yet"
          description="Your free trial needs no card. Your invoices appear here once you choose a plan."
        />
      </Card>
    );
  return (
    <Card padding="large">
      <Table caption="Invoices">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Date</TableHeaderCell>
            <TableHeaderCell>Number</TableHeaderCell>
            <TableHeaderCell>Amount</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>PDF</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {invoices.data.invoices.map((invoice) => (
            <TableRow key={invoice.id}>
              <TableHeaderCell scope="row">{formatDay(invoice.createdAt)}</TableHeaderCell>
              <TableCell>{invoice.number ?? '—'}</TableCell>
              <TableCell className={styles.numeric}>{formatMoney(invoice.amountCents, invoice.currency)}</TableCell>
              <TableCell>
                <Badge tone={statusBadges[invoice.status].tone}>{statusBadges[invoice.status].label}</Badge>
              </TableCell>
              <TableCell>
                {invoice.pdfUrl ? (
                  <a href={invoice.pdfUrl} target="_blank" rel="noreferrer">
                    {`Download ${invoice.number ?? 'invoice'} (PDF)`}
                  </a>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
