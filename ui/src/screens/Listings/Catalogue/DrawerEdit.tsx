import { useState } from 'react';
import {
  errorText,
  usePreviewBulkEdit,
  useRunBulkEdit,
  type BulkEditPreview,
  type BulkEditRequest,
  type ListingDetail,
} from '../../../api';
import { Alert, Button, Field, Input, Select } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { listingStatusLabels } from './catalogueState';
import * as styles from './Catalogue.css';
import * as editStyles from './DrawerEdit.css';

/** Statuses a seller switches between (not one the marketplace is still deciding). */
const SWITCHABLE = ['active', 'inactive', 'error', 'suppressed'];

interface Draft {
  title: string;
  onHand: string;
  /** Empty: no cost known. */
  cost: string;
  /** Comma-separated, as the CSV's tags column. */
  tags: string;
  prices: Record<string, string>;
  /** "Offer at most" per channel: empty is no limit. */
  caps: Record<string, string>;
  statuses: Record<string, '' | 'active' | 'inactive'>;
  /** The product's own attribute values as typed, by attributeKey. */
  attributes: Record<string, string>;
}

/** An attribute's name as the server matches it: any case, spaces and hyphens as underscores. */
export const attributeKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** One attribute field of the drawer: what the categories ask (or the seller gave before), under one name. */
interface AttributeField {
  key: string;
  /** The name it is saved under: the seller's own spelling where given, else the first marketplace's. */
  name: string;
  label: string;
  /** Where it is asked: "Amazon Shirt, eBay 45476". */
  askedBy: string[];
  values: string[];
  valuesOnly: boolean;
  /** What the product holds now (the seller's own over the main channel's). */
  current: string;
}

/** The drawer's attribute fields: each attribute a target's category asks for, then the seller's other own ones. */
export function attributeFields(product: NonNullable<ListingDetail['product']>): AttributeField[] {
  const fields = new Map<string, AttributeField>();
  const valueOf = (key: string) => {
    for (const [name, value] of Object.entries(product.attributes))
      if (attributeKey(name) === key && (typeof value === 'string' || typeof value === 'number')) return String(value);
    return '';
  };
  const sellerName = (key: string) => Object.keys(product.sellerAttributes).find((name) => attributeKey(name) === key);
  for (const asked of product.requiredAttributes) {
    const key = attributeKey(asked.name);
    const where = `${marketplaceNames[asked.channelKind]} ${asked.categoryName ?? asked.category}`;
    const field = fields.get(key);
    if (field) {
      if (!field.askedBy.includes(where)) field.askedBy.push(where);
      if (field.values.length === 0 && asked.values.length > 0) {
        field.values = asked.values;
        field.valuesOnly = asked.valuesOnly;
      }
      continue;
    }
    fields.set(key, {
      key,
      name: sellerName(key) ?? asked.name,
      label: asked.label,
      askedBy: [where],
      values: asked.values,
      valuesOnly: asked.valuesOnly,
      current: valueOf(key),
    });
  }
  for (const [name, value] of Object.entries(product.sellerAttributes)) {
    const key = attributeKey(name);
    if (!fields.has(key))
      fields.set(key, { key, name, label: name, askedBy: [], values: [], valuesOnly: false, current: value });
  }
  return [...fields.values()];
}

/** The request the draft makes (a one-SKU bulk edit), or what is wrong with it. */
function requestOf(detail: ListingDetail, draft: Draft): BulkEditRequest | string {
  const productId = detail.row.productId!;
  const request: BulkEditRequest = { selection: { productIds: [productId] } };
  const title = draft.title.trim();
  if (title !== '' && title !== (detail.row.title ?? '')) request.title = { value: title };
  if (draft.onHand.trim() !== '') {
    const value = Number(draft.onHand);
    if (!Number.isInteger(value) || value < 0) return 'On hand is a whole number, 0 or more.';
    if (value !== detail.row.onHand) request.quantity = { mode: 'set', value };
  }
  const costText = draft.cost.trim();
  if (costText !== '' && !/^\d{1,6}(\.\d{1,2})?$/.test(costText))
    return 'Cost is a number, 0 or more, with at most two decimals (empty: not known).';
  const cost = costText === '' ? null : Number(costText);
  const costBefore = detail.product?.cost == null ? null : Number(detail.product.cost);
  if (cost !== costBefore) request.cost = { value: cost };
  const tags = tagList(draft.tags);
  if (tags.some((t) => t.length > 255)) return 'A tag is at most 255 characters.';
  if (tags.join('\n') !== (detail.product?.tags ?? []).join('\n')) request.tags = { set: tags };
  const channelPrices: NonNullable<BulkEditRequest['channelPrices']> = [];
  for (const listing of detail.listings) {
    const text = draft.prices[listing.channelId];
    if (text === undefined) continue;
    const price = text.trim() === '' ? null : Number(text);
    if (price !== null && (!/^\d{1,10}(\.\d{1,2})?$/.test(text.trim()) || price <= 0))
      return `The ${marketplaceNames[listing.channelKind]} price is a number above 0 with at most two decimals.`;
    const before = listing.priceOverride === null ? null : Number(listing.priceOverride);
    if (price !== before) channelPrices.push({ channelId: listing.channelId, price });
  }
  if (channelPrices.length > 0) request.channelPrices = channelPrices;
  const attributes: Record<string, string | null> = {};
  for (const field of detail.product ? attributeFields(detail.product) : []) {
    const typed = draft.attributes[field.key];
    if (typed === undefined || typed.trim() === field.current) continue;
    if (typed.trim().length > 500) return `${field.label} is at most 500 characters.`;
    attributes[field.name] = typed.trim() === '' ? null : typed.trim();
  }
  if (Object.keys(attributes).length > 0) request.attributes = { set: attributes };
  const channelQuantityCaps: NonNullable<BulkEditRequest['channelQuantityCaps']> = [];
  for (const listing of detail.listings) {
    const text = draft.caps[listing.channelId];
    if (text === undefined) continue;
    const cap = text.trim() === '' ? null : Number(text.trim());
    if (cap !== null && !/^\d{1,7}$/.test(text.trim()))
      return `Offer at most on ${marketplaceNames[listing.channelKind]} is a whole number of units, 0 or more (empty: no limit).`;
    if (cap !== (listing.quantityCap ?? null)) channelQuantityCaps.push({ channelId: listing.channelId, cap });
  }
  if (channelQuantityCaps.length > 0) request.channelQuantityCaps = channelQuantityCaps;
  const statuses = [...new Set(Object.values(draft.statuses).filter((s) => s !== ''))];
  if (statuses.length > 1) return 'Set one status at a time: make some listings active, then pause others.';
  if (statuses.length === 1)
    request.status = {
      status: statuses[0] as 'active' | 'inactive',
      channelIds: Object.entries(draft.statuses)
        .filter(([, s]) => s !== '')
        .map(([id]) => id),
    };
  if (
    !request.title &&
    !request.quantity &&
    !request.cost &&
    !request.tags &&
    !request.attributes &&
    !request.channelPrices &&
    !request.channelQuantityCaps &&
    !request.status
  )
    return 'Change the title, on hand, cost, tags, an attribute, a channel’s price, how many units it offers or a status first.';
  return request;
}

/** Tags as typed (comma-separated): trimmed, each once whatever its case, the first spelling kept. */
export function tagList(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '' && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
}

/**
 * The drawer's edit form: title, on hand, cost, tags, the attributes its targets' categories ask for, each target's own price, the most units it offers and its status. Each is a change
 * like a bulk edit of this one SKU: previewed before and after per channel, then applied, and
 * listed in the history below with Undo.
 */
export function DrawerEdit({ detail, currency }: { detail: ListingDetail; currency: string | null }) {
  // The fields the seller has not typed in show the SKU as it now is (read again after each change).
  const [typed, setTyped] = useState<Partial<Draft>>({});
  const draft: Draft = {
    title: detail.row.title ?? '',
    onHand: String(detail.row.onHand ?? ''),
    cost: detail.product?.cost ?? '',
    tags: (detail.product?.tags ?? []).join(', '),
    prices: {},
    caps: {},
    statuses: {},
    attributes: {},
    ...typed,
  };
  const setDraft = (next: Draft) =>
    setTyped({
      ...typed,
      ...Object.fromEntries(
        (Object.keys(next) as Array<keyof Draft>)
          .filter((key) => next[key] !== draft[key])
          .map((key) => [key, next[key]]),
      ),
    });
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<BulkEditRequest | null>(null);
  const preview = usePreviewBulkEdit();
  const run = useRunBulkEdit();
  const targets = detail.listings.filter((l) => l.channelRole === 'target');
  const attributes = detail.product ? attributeFields(detail.product) : [];
  const money = (value: string | null) => (value === null ? null : currency ? `${value} ${currency}` : value);

  const onPreview = () => {
    const request = requestOf(detail, draft);
    if (typeof request === 'string') return setProblem(request);
    setProblem(null);
    setAsked(request);
    run.reset();
    preview.mutate(request);
  };

  return (
    <section className={styles.section} aria-labelledby="sku-edit">
      <h3 id="sku-edit" className={styles.sectionTitle}>
        Edit this SKU
      </h3>
      <form
        className={editStyles.form}
        aria-labelledby="sku-edit"
        onSubmit={(e) => {
          e.preventDefault();
          onPreview();
        }}
      >
        <Field label="Title">
          {(control) => (
            <Input {...control} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
          )}
        </Field>
        <Field label="On hand" hint="Sent to your main channel as a stock adjustment, then to every target.">
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={draft.onHand}
              onChange={(e) => setDraft({ ...draft, onHand: e.target.value })}
            />
          )}
        </Field>
        <Field
          label={`Cost${currency ? ` (${currency})` : ''}`}
          hint="What one unit costs you: profit, prices from cost and margin floors use it. Empty: not known."
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={draft.cost}
              onChange={(e) => setDraft({ ...draft, cost: e.target.value })}
            />
          )}
        </Field>
        <Field label="Tags" hint="Separated by commas. A pricing rule can price every SKU with a tag.">
          {(control) => (
            <Input {...control} value={draft.tags} onChange={(e) => setDraft({ ...draft, tags: e.target.value })} />
          )}
        </Field>
        {attributes.length > 0 ? (
          <fieldset className={editStyles.channelRows}>
            <legend className={styles.sectionTitle}>Attributes</legend>
            {attributes.map((field) => {
              const value = draft.attributes[field.key] ?? field.current;
              const set = (next: string) =>
                setDraft({ ...draft, attributes: { ...draft.attributes, [field.key]: next } });
              const hint =
                field.askedBy.length > 0
                  ? `${field.current === '' ? 'Missing: ' : ''}asked by ${field.askedBy.join(', ')}.`
                  : 'Your own value. Empty: removed.';
              return (
                <Field key={field.key} label={field.label} hint={hint}>
                  {(control) =>
                    field.valuesOnly && field.values.length > 0 ? (
                      <Select {...control} value={value} onChange={(e) => set(e.target.value)}>
                        <option value="">Not given</option>
                        {field.values.map((v) => (
                          <option key={v} value={v}>
                            {v}
                          </option>
                        ))}
                      </Select>
                    ) : (
                      <Input {...control} value={value} onChange={(e) => set(e.target.value)} />
                    )
                  }
                </Field>
              );
            })}
          </fieldset>
        ) : null}
        {targets.map((listing) => {
          const name = marketplaceNames[listing.channelKind];
          return (
            <fieldset key={listing.listingId} className={editStyles.channelRows}>
              <legend className={styles.sectionTitle}>{name}</legend>
              <Field
                label={`${name} price${currency ? ` (${currency})` : ''}`}
                hint="Empty: the price your rules give."
              >
                {(control) => (
                  <Input
                    {...control}
                    inputMode="decimal"
                    value={draft.prices[listing.channelId] ?? listing.priceOverride ?? ''}
                    onChange={(e) =>
                      setDraft({ ...draft, prices: { ...draft.prices, [listing.channelId]: e.target.value } })
                    }
                  />
                )}
              </Field>
              <Field
                label={`Offer at most on ${name}`}
                hint="Units at most, never more than your stock allows. Empty: no limit, your rules decide; 0 offers none."
              >
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    value={draft.caps[listing.channelId] ?? listing.quantityCap?.toString() ?? ''}
                    onChange={(e) =>
                      setDraft({ ...draft, caps: { ...draft.caps, [listing.channelId]: e.target.value } })
                    }
                  />
                )}
              </Field>
              {SWITCHABLE.includes(listing.status) ? (
                <Field label={`${name} status`}>
                  {(control) => (
                    <Select
                      {...control}
                      value={draft.statuses[listing.channelId] ?? ''}
                      onChange={(e) =>
                        setDraft({
                          ...draft,
                          statuses: {
                            ...draft.statuses,
                            [listing.channelId]: e.target.value as Draft['statuses'][string],
                          },
                        })
                      }
                    >
                      <option value="">{`Keep ${listingStatusLabels[listing.status]}`}</option>
                      {listing.status !== 'active' ? <option value="active">Active</option> : null}
                      {listing.status !== 'inactive' ? <option value="inactive">Paused (off sale)</option> : null}
                    </Select>
                  )}
                </Field>
              ) : null}
            </fieldset>
          );
        })}
        {problem ? <Alert tone="critical">{problem}</Alert> : null}
        <div className={editStyles.actions}>
          <Button type="submit" variant="secondary" loading={preview.isPending}>
            Preview changes
          </Button>
        </div>
      </form>
      {preview.isError ? <Alert tone="critical">{errorText(preview.error)}</Alert> : null}
      {preview.data && asked && !run.isSuccess ? (
        <EditPreview
          preview={preview.data}
          money={money}
          applying={run.isPending}
          onApply={() => run.mutate(asked, { onSuccess: () => setTyped({}) })}
        />
      ) : null}
      {run.isError ? <Alert tone="critical">{errorText(run.error)}</Alert> : null}
      {run.isSuccess ? (
        <Alert tone="positive" title="Saved">
          The change is on its way to your channels. Undo it from the change history below.
        </Alert>
      ) : null}
    </section>
  );
}

/** Before → after per value and per channel, then Apply. */
export function EditPreview({
  preview,
  money,
  applying,
  onApply,
}: {
  preview: BulkEditPreview;
  money: (value: string | null) => string | null;
  applying: boolean;
  onApply: () => void;
}) {
  const row = preview.items[0];
  if (!row || preview.total === 0)
    return <Alert tone="info">Nothing to change: this SKU already holds these values.</Alert>;
  if (row.error) return <Alert tone="critical">{row.error}</Alert>;
  const lines: string[] = [];
  if (row.titleChange) lines.push(`Title: ${row.titleChange.before ?? 'None'} → ${row.titleChange.after}`);
  if (row.onHand) lines.push(`On hand: ${row.onHand.before} → ${row.onHand.after}`);
  if (row.price) lines.push(`Price: ${money(row.price.before) ?? 'None'} → ${money(row.price.after)}`);
  if (row.costChange)
    lines.push(`Cost: ${money(row.costChange.before) ?? 'Not known'} → ${money(row.costChange.after) ?? 'Not known'}`);
  if (row.tagsChange) {
    const tags = (list: string[]) => (list.length > 0 ? list.join(', ') : 'None');
    lines.push(`Tags: ${tags(row.tagsChange.before)} → ${tags(row.tagsChange.after)}`);
  }
  if (row.attributesChange)
    for (const [name, after] of Object.entries(row.attributesChange.after))
      lines.push(`${name}: ${row.attributesChange.before[name] ?? 'Not given'} → ${after ?? 'Not given'}`);
  for (const c of row.channelPrices ?? [])
    lines.push(
      `${marketplaceNames[c.channelKind]} price: ${money(c.before) ?? 'from your rules'} → ${money(c.after) ?? 'from your rules'}`,
    );
  const cap = (value: number | null) => (value === null ? 'no limit' : `offer at most ${value}`);
  for (const c of row.channelQuantityCaps ?? [])
    lines.push(`${marketplaceNames[c.channelKind]}: ${cap(c.before)} → ${cap(c.after)}`);
  for (const s of row.statuses)
    lines.push(
      `${marketplaceNames[s.channelKind]} status: ${listingStatusLabels[s.before]} → ${listingStatusLabels[s.after]}`,
    );
  return (
    <div className={editStyles.form} role="region" aria-label="Changes to make">
      <ul className={editStyles.previewList}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className={editStyles.actions}>
        <Button loading={applying} onClick={onApply}>
          Apply
        </Button>
      </div>
    </div>
  );
}
