import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  Field,
  Input,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '../../../index';
import {
  errorText,
  useChannels,
  usePreviewBulkEdit,
  useRunBulkEdit,
  type BulkEditPreview,
  type BulkEditRequest,
  type ListingSelection,
} from '../../../api';
import { BulkChangeProgress } from './BulkChangeProgress';
import { NoChange, ValueChange } from './ValueChange';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { SHOPIFY_OFF_SALE_NOTE } from '../Catalogue/catalogueState';
import * as styles from './BulkEdit.css';

export interface BulkEditDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection: ListingSelection;
}

export const priceModes = ['none', 'set', 'percent', 'amount'] as const;
export const quantityModes = ['none', 'set', 'amount'] as const;
export const statusChoices = ['none', 'active', 'inactive'] as const;
export const costModes = ['none', 'set', 'clear'] as const;
type CostMode = (typeof costModes)[number];
const costModeLabels: Record<CostMode, string> = { none: 'No change', set: 'Set to', clear: 'Not known (clear)' };
type PriceMode = (typeof priceModes)[number];
type QuantityMode = (typeof quantityModes)[number];
type StatusChoice = (typeof statusChoices)[number];

const priceModeLabels: Record<PriceMode, string> = {
  none: 'No change',
  set: 'Set to',
  percent: 'Change by %',
  amount: 'Change by amount',
};
const quantityModeLabels: Record<QuantityMode, string> = { none: 'No change', set: 'Set to', amount: 'Change by' };
const statusLabels: Record<StatusChoice, string> = { none: 'No change', active: 'Active', inactive: 'Inactive' };

interface Draft {
  priceMode: PriceMode;
  price: string;
  quantityMode: QuantityMode;
  quantity: string;
  status: StatusChoice;
  channelIds: string[];
  costMode: CostMode;
  cost: string;
  /** Tags to give every SKU, and to take off, comma-separated. */
  addTags: string;
  removeTags: string;
}
const emptyDraft: Draft = {
  priceMode: 'none',
  price: '',
  quantityMode: 'none',
  quantity: '',
  status: 'none',
  channelIds: [],
  costMode: 'none',
  cost: '',
  addTags: '',
  removeTags: '',
};

const tagsOf = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

const count = (n: number) => n.toLocaleString('en-US');
const skus = (n: number) => `${count(n)} ${n === 1 ? 'SKU' : 'SKUs'}`;

/** The form's values as the request, or what is wrong with them. */
export function toRequest(draft: Draft, selection: ListingSelection): BulkEditRequest | string {
  const request: BulkEditRequest = { selection };
  if (draft.priceMode !== 'none') {
    const value = Number(draft.price);
    if (draft.price.trim() === '' || !Number.isFinite(value)) return 'Enter a number for the price.';
    if (draft.priceMode !== 'percent' && !/^-?\d+(\.\d{1,2})?$/.test(draft.price.trim()))
      return 'Prices have at most two decimals.';
    if (draft.priceMode === 'set' && value <= 0) return 'A price must be more than 0.';
    request.price = { mode: draft.priceMode, value };
  }
  if (draft.quantityMode !== 'none') {
    const value = Number(draft.quantity);
    if (!/^-?\d+$/.test(draft.quantity.trim())) return 'Enter a whole number for on hand.';
    if (draft.quantityMode === 'set' && value < 0) return 'On hand cannot be below 0.';
    request.quantity = { mode: draft.quantityMode, value };
  }
  if (draft.status !== 'none') {
    if (draft.channelIds.length === 0) return 'Choose the channels to set the status on.';
    request.status = { status: draft.status, channelIds: draft.channelIds };
  }
  if (draft.costMode === 'set') {
    if (!/^\d{1,6}(\.\d{1,2})?$/.test(draft.cost.trim()))
      return 'Enter the cost as a number, 0 or more, with at most two decimals.';
    request.cost = { value: Number(draft.cost.trim()) };
  }
  if (draft.costMode === 'clear') request.cost = { value: null };
  const add = tagsOf(draft.addTags);
  const remove = tagsOf(draft.removeTags);
  if ([...add, ...remove].some((t) => t.length > 255)) return 'A tag is at most 255 characters.';
  if (add.length > 0 || remove.length > 0)
    request.tags = { ...(add.length > 0 ? { add } : {}), ...(remove.length > 0 ? { remove } : {}) };
  if (!request.price && !request.quantity && !request.status && !request.cost && !request.tags)
    return 'Choose a price, a quantity, a status, a cost or tags to change.';
  return request;
}

/**
 * Bulk edit of the selected SKUs (pages.md section 3): price (a value, a percent or an amount),
 * on hand (a value or an amount) and listing status on chosen channels; a preview of old and new
 * values, then the change applied in one go, its pushes followed, and Undo.
 */
export function BulkEditDialog({ open, onOpenChange, selection }: BulkEditDialogProps) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [problem, setProblem] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<{ request: BulkEditRequest; preview: BulkEditPreview } | null>(null);
  const preview = usePreviewBulkEdit();
  const run = useRunBulkEdit();
  const channels = useChannels();
  const targets = (channels.data?.items ?? []).filter((c) => c.role === 'target');

  const submitForm = (event: FormEvent) => {
    event.preventDefault();
    const request = toRequest(draft, selection);
    if (typeof request === 'string') return setProblem(request);
    setProblem(null);
    preview.mutate(request, {
      onSuccess: (answer) => setPreviewed({ request, preview: answer }),
      onError: (error) => setProblem(errorText(error)),
    });
  };

  const apply = () => {
    if (!previewed) return;
    run.mutate(previewed.request, { onError: (error) => setProblem(errorText(error)) });
  };

  const close = (next: boolean) => {
    if (!next) {
      setDraft(emptyDraft);
      setPreviewed(null);
      setProblem(null);
      preview.reset();
      run.reset();
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Bulk edit"
        description="Change price, stock, status, cost or tags of the selected SKUs. You see every change before it is made."
      >
        {run.data ? (
          <BulkChangeProgress applied={run.data} />
        ) : previewed ? (
          <PreviewStep
            preview={previewed.preview}
            problem={problem}
            applying={run.isPending}
            onBack={() => {
              setPreviewed(null);
              setProblem(null);
            }}
            onApply={apply}
          />
        ) : (
          <form onSubmit={submitForm} aria-label="Bulk edit">
            <Stack space="large">
              <fieldset className={styles.fieldset}>
                <legend className={styles.legend}>Price</legend>
                <div className={styles.twoColumns}>
                  <Field label="Price change">
                    {(control) => (
                      <Select
                        {...control}
                        value={draft.priceMode}
                        onChange={(e) => setDraft({ ...draft, priceMode: e.target.value as PriceMode })}
                      >
                        {priceModes.map((mode) => (
                          <option key={mode} value={mode}>
                            {priceModeLabels[mode]}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                  <Field label={draft.priceMode === 'percent' ? 'Percent' : 'Price'}>
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="decimal"
                        disabled={draft.priceMode === 'none'}
                        value={draft.price}
                        onChange={(e) => setDraft({ ...draft, price: e.target.value })}
                      />
                    )}
                  </Field>
                </div>
              </fieldset>
              <fieldset className={styles.fieldset}>
                <legend className={styles.legend}>On hand</legend>
                <div className={styles.twoColumns}>
                  <Field label="On hand change">
                    {(control) => (
                      <Select
                        {...control}
                        value={draft.quantityMode}
                        onChange={(e) => setDraft({ ...draft, quantityMode: e.target.value as QuantityMode })}
                      >
                        {quantityModes.map((mode) => (
                          <option key={mode} value={mode}>
                            {quantityModeLabels[mode]}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                  <Field label="Units">
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="numeric"
                        disabled={draft.quantityMode === 'none'}
                        value={draft.quantity}
                        onChange={(e) => setDraft({ ...draft, quantity: e.target.value })}
                      />
                    )}
                  </Field>
                </div>
              </fieldset>
              <fieldset className={styles.fieldset}>
                <legend className={styles.legend}>Listing status</legend>
                <Field label="Status">
                  {(control) => (
                    <Select
                      {...control}
                      value={draft.status}
                      onChange={(e) => setDraft({ ...draft, status: e.target.value as StatusChoice })}
                    >
                      {statusChoices.map((choice) => (
                        <option key={choice} value={choice}>
                          {statusLabels[choice]}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                {draft.status !== 'none' ? (
                  <div className={styles.channelChoices} role="group" aria-label="Channels">
                    {targets.map((channel) => (
                      <label key={channel.id} className={styles.checkboxRow}>
                        <input
                          type="checkbox"
                          checked={draft.channelIds.includes(channel.id)}
                          onChange={(e) =>
                            setDraft({
                              ...draft,
                              channelIds: e.target.checked
                                ? [...draft.channelIds, channel.id]
                                : draft.channelIds.filter((id) => id !== channel.id),
                            })
                          }
                        />
                        {marketplaceNames[channel.kind]} · {channel.displayName}
                      </label>
                    ))}
                  </div>
                ) : null}
                {draft.status === 'inactive' &&
                targets.some((c) => c.kind === 'shopify' && draft.channelIds.includes(c.id)) ? (
                  <Text size="small" tone="secondary">
                    {SHOPIFY_OFF_SALE_NOTE}
                  </Text>
                ) : null}
              </fieldset>
              <fieldset className={styles.fieldset}>
                <legend className={styles.legend}>Cost and tags</legend>
                <div className={styles.twoColumns}>
                  <Field label="Cost change">
                    {(control) => (
                      <Select
                        {...control}
                        value={draft.costMode}
                        onChange={(e) => setDraft({ ...draft, costMode: e.target.value as CostMode })}
                      >
                        {costModes.map((mode) => (
                          <option key={mode} value={mode}>
                            {costModeLabels[mode]}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                  <Field label="Cost of one unit">
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="decimal"
                        disabled={draft.costMode !== 'set'}
                        value={draft.cost}
                        onChange={(e) => setDraft({ ...draft, cost: e.target.value })}
                      />
                    )}
                  </Field>
                </div>
                <div className={styles.twoColumns}>
                  <Field label="Add tags" hint="Separated by commas.">
                    {(control) => (
                      <Input
                        {...control}
                        value={draft.addTags}
                        onChange={(e) => setDraft({ ...draft, addTags: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Remove tags" hint="Separated by commas.">
                    {(control) => (
                      <Input
                        {...control}
                        value={draft.removeTags}
                        onChange={(e) => setDraft({ ...draft, removeTags: e.target.value })}
                      />
                    )}
                  </Field>
                </div>
              </fieldset>
              {problem ? <Alert tone="critical">{problem}</Alert> : null}
              <div className={styles.actions}>
                <Button type="submit" loading={preview.isPending}>
                  Preview changes
                </Button>
              </div>
            </Stack>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PreviewStep({
  preview,
  problem,
  applying,
  onBack,
  onApply,
}: {
  preview: BulkEditPreview;
  problem: string | null;
  applying: boolean;
  onBack: () => void;
  onApply: () => void;
}) {
  const shown = preview.items.length;
  const ownValues = preview.items.some((row) => row.costChange || row.tagsChange);
  const tagList = (tags: string[]) => (tags.length > 0 ? tags.join(', ') : 'none');
  return (
    <Stack space="medium">
      {preview.errors > 0 ? (
        <Alert tone="critical" title={`${skus(preview.errors)} cannot take this edit`}>
          Change the edit or the selection. Nothing is changed while a SKU is in error.
        </Alert>
      ) : null}
      {preview.total === 0 && preview.errors === 0 ? (
        <Alert tone="info">The selected SKUs already hold these values. Nothing would change.</Alert>
      ) : (
        <Text size="small" tone="secondary">
          {skus(preview.total)} will change.
          {preview.total + preview.errors > shown ? ` Showing the first ${count(shown)}.` : ''}
        </Text>
      )}
      {shown > 0 ? (
        <Table caption="Changes to make">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>SKU</TableHeaderCell>
              <TableHeaderCell>Price</TableHeaderCell>
              <TableHeaderCell>On hand</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              {ownValues ? <TableHeaderCell>Cost and tags</TableHeaderCell> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.items.map((row) => (
              <TableRow key={row.productId}>
                <TableCell className={styles.skuCell}>
                  <div className={styles.sku}>{row.sku}</div>
                  {row.title ? (
                    <Text size="small" tone="secondary">
                      {row.title}
                    </Text>
                  ) : null}
                </TableCell>
                {row.error ? (
                  <TableCell colSpan={ownValues ? 4 : 3}>
                    <span className={styles.rowError}>{row.error}</span>
                  </TableCell>
                ) : (
                  <>
                    <TableCell className={styles.valueCell}>
                      {row.price ? (
                        <ValueChange before={row.price.before ?? 'none'} after={row.price.after} />
                      ) : (
                        <NoChange />
                      )}
                    </TableCell>
                    <TableCell className={styles.valueCell}>
                      {row.onHand ? <ValueChange before={row.onHand.before} after={row.onHand.after} /> : <NoChange />}
                    </TableCell>
                    <TableCell>
                      {row.statuses.length > 0 ? (
                        row.statuses.map((s) => (
                          <div key={s.channelId}>
                            {marketplaceNames[s.channelKind]}: <ValueChange before={s.before} after={s.after} />
                          </div>
                        ))
                      ) : (
                        <NoChange />
                      )}
                    </TableCell>
                    {ownValues ? (
                      <TableCell>
                        {row.costChange ? (
                          <div>
                            Cost:{' '}
                            <ValueChange
                              before={row.costChange.before ?? 'not known'}
                              after={row.costChange.after ?? 'not known'}
                            />
                          </div>
                        ) : null}
                        {row.tagsChange ? (
                          <div>
                            Tags:{' '}
                            <ValueChange
                              before={tagList(row.tagsChange.before)}
                              after={tagList(row.tagsChange.after)}
                            />
                          </div>
                        ) : null}
                        {!row.costChange && !row.tagsChange ? <NoChange /> : null}
                      </TableCell>
                    ) : null}
                  </>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {problem ? <Alert tone="critical">{problem}</Alert> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onApply} loading={applying} disabled={preview.errors > 0 || preview.total === 0}>
          {`Apply to ${skus(preview.total)}`}
        </Button>
      </div>
    </Stack>
  );
}
