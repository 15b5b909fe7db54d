import { useState, type ChangeEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  Field,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '../../../index';
import { errorText, usePreviewCsvImport, useRunCsvImport, type CsvImportPreview } from '../../../api';
import { BulkChangeProgress } from '../BulkEdit/BulkChangeProgress';
import { NoChange, ValueChange } from '../BulkEdit/ValueChange';
import { priceText } from '../Catalogue/catalogueState';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import * as styles from './CsvImport.css';

export interface CsvImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** What an import of bundle components says before and after it: its Undo leaves them as imported. */
export const COMPONENTS_NOT_UNDONE =
  "Bundle components are set as the file says. Undo puts back prices, on hand and titles, not components: change them back in the product's drawer.";

/** The largest file the server takes. */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;

const count = (n: number) => n.toLocaleString('en-US');

type ChannelPriceChange = NonNullable<CsvImportPreview['items'][number]['channelPrices']>[number];

/** "eBay (Acme Store)": the marketplace and the seller's store on it (once, when they read the same). */
const channelLabel = (change: ChannelPriceChange) => {
  const marketplace = marketplaceNames[change.channelKind];
  return change.channelName && change.channelName !== marketplace
    ? `${marketplace} (${change.channelName})`
    : marketplace;
};

/**
 * CSV import (pages.md section 3): a file with a `sku` column and any of price, on_hand (or quantity),
 * title and a marketplace's price (`ebay_price`, …: that channel's own price): an exported file
 * imports back as it is, its other columns named once in a notice. Its changes are shown first, old
 * and new (a channel's price with the channel's name); a file with any row in error is refused
 * whole, each error with its line. Once imported it is a bulk change like any other, with Undo.
 */
export function CsvImportDialog({ open, onOpenChange }: CsvImportDialogProps) {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreviewCsvImport();
  const run = useRunCsvImport();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    preview.reset();
    setProblem(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > CSV_MAX_BYTES) return setProblem('The file is larger than 5 MB. Split it into smaller files.');
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    preview.mutate(text, { onError: (error) => setProblem(errorText(error)) });
  };

  const close = (next: boolean) => {
    if (!next) {
      setFile(null);
      setProblem(null);
      preview.reset();
      run.reset();
    }
    onOpenChange(next);
  };

  const result = preview.data;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Import CSV"
        description="One row per SKU: a sku column, and any of price, on_hand (or quantity), title and a channel's own price (such as ebay_price), as the export writes them. Empty cells are left as they are; other columns are not imported."
      >
        {run.data ? (
          <Stack space="medium">
            <BulkChangeProgress applied={run.data} />
            {result?.items.some((row) => row.components) ? (
              <Text size="small" tone="secondary">
                {COMPONENTS_NOT_UNDONE}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Stack space="medium">
            <Field label="CSV file" hint="Up to 5 MB.">
              {(control) => (
                <input
                  {...control}
                  type="file"
                  accept=".csv,text/csv"
                  className={styles.fileInput}
                  onChange={(e) => void choose(e)}
                />
              )}
            </Field>
            {preview.isPending ? (
              <Text size="small" tone="secondary">
                Reading {file?.name}…
              </Text>
            ) : null}
            {result && result.notices.length > 0 ? (
              <Alert tone="info" title="Some columns are not imported">
                <Stack space="xsmall">
                  {result.notices.map((notice) => (
                    <Text key={notice} size="small">
                      {notice}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            ) : null}
            {result ? <ImportPreview preview={result} /> : null}
            {problem ? <Alert tone="critical">{problem}</Alert> : null}
            {run.isError ? <Alert tone="critical">{errorText(run.error)}</Alert> : null}
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => close(false)}>
                Cancel
              </Button>
              {result && result.errors.length === 0 && result.total > 0 && file ? (
                <Button loading={run.isPending} onClick={() => run.mutate(file.text)}>
                  {`Import ${count(result.total)} ${result.total === 1 ? 'row' : 'rows'}`}
                </Button>
              ) : null}
            </div>
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ImportPreview({ preview }: { preview: CsvImportPreview }) {
  if (preview.errors.length > 0) {
    return (
      <Stack space="small">
        <Alert
          tone="critical"
          title={`${count(preview.errors.length)} ${preview.errors.length === 1 ? 'row has an error' : 'rows have errors'}`}
        >
          Nothing was imported. Fix these lines and choose the file again.
        </Alert>
        <Table caption="Rows in error">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Line</TableHeaderCell>
              <TableHeaderCell>SKU</TableHeaderCell>
              <TableHeaderCell>Error</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.errors.map((error, i) => (
              <TableRow key={`${error.line}-${i}`}>
                <TableCell>
                  <span className={styles.lineNumber}>{error.line}</span>
                </TableCell>
                <TableCell>{error.sku ?? ''}</TableCell>
                <TableCell>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Stack>
    );
  }
  if (preview.total === 0)
    return <Alert tone="info">Every SKU in the file already holds these values. Nothing would change.</Alert>;
  const withChannelPrices = preview.items.some((row) => (row.channelPrices ?? []).length > 0);
  const withComponents = preview.items.some((row) => row.components);
  return (
    <Stack space="small">
      {withComponents ? <Alert tone="info">{COMPONENTS_NOT_UNDONE}</Alert> : null}
      <Text size="small" tone="secondary">
        {count(preview.total)} {preview.total === 1 ? 'row changes' : 'rows change'} something.
        {preview.total > preview.items.length ? ` Showing the first ${count(preview.items.length)}.` : ''}
      </Text>
      <Table caption="Changes to import">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Line</TableHeaderCell>
            <TableHeaderCell>SKU</TableHeaderCell>
            <TableHeaderCell>Price</TableHeaderCell>
            <TableHeaderCell>On hand</TableHeaderCell>
            <TableHeaderCell>Title</TableHeaderCell>
            {withChannelPrices ? <TableHeaderCell>Channel prices</TableHeaderCell> : null}
            {withComponents ? <TableHeaderCell>Components</TableHeaderCell> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {preview.items.map((row) => (
            <TableRow key={row.line}>
              <TableCell>
                <span className={styles.lineNumber}>{row.line}</span>
              </TableCell>
              <TableCell>{row.sku}</TableCell>
              <TableCell>
                {row.price ? <ValueChange before={row.price.before ?? 'none'} after={row.price.after} /> : <NoChange />}
              </TableCell>
              <TableCell>
                {row.onHand ? <ValueChange before={row.onHand.before} after={row.onHand.after} /> : <NoChange />}
              </TableCell>
              <TableCell>
                {row.title ? <ValueChange before={row.title.before ?? 'none'} after={row.title.after} /> : <NoChange />}
              </TableCell>
              {withChannelPrices ? (
                <TableCell>
                  {row.channelPrices?.length ? (
                    <ul className={styles.channelPrices}>
                      {row.channelPrices.map((change) => (
                        <li key={change.channelId}>
                          <span className={styles.channelName}>{channelLabel(change)}</span>{' '}
                          <ValueChange
                            before={change.before === null ? 'not read yet' : priceText(change.before, change.currency)}
                            after={priceText(change.after, change.currency)}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <NoChange />
                  )}
                </TableCell>
              ) : null}
              {withComponents ? (
                <TableCell>
                  {row.components ? (
                    <ValueChange before={row.components.before || 'none'} after={row.components.after} />
                  ) : (
                    <NoChange />
                  )}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
