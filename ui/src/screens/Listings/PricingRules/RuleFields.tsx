import { Field, Input, SelectField, TextField } from '../../../index';
import type { Channel } from '../../../api';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import type { Draft } from './ruleDraft';
import { actionLabels, roundingLabels, scopeLabels } from './ruleTexts';
import * as styles from './PricingRules.css';

/** The rule's fields: name and priority, channels, SKUs, price and rounding, floor and ceiling, dates, on/off. */
export function RuleFields({
  draft,
  set,
  targets,
}: {
  draft: Draft;
  set: (change: Partial<Draft>) => void;
  targets: Channel[];
}) {
  const valueLabel = draft.action === 'fixed' ? 'Price' : draft.action.endsWith('percent') ? 'Percent' : 'Amount';
  const select = <T extends string>(label: string, value: T, labels: Record<T, string>, onChange: (v: T) => void) => (
    <SelectField
      label={label}
      value={value}
      choices={Object.entries(labels) as Array<[T, string]>}
      onChange={onChange}
    />
  );
  return (
    <>
      <div className={styles.columns}>
        <TextField label="Name" value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        <TextField
          label="Priority"
          hint="Lower numbers are tried first."
          inputMode="numeric"
          value={draft.priority}
          onChange={(e) => set({ priority: e.target.value })}
        />
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Channels</legend>
        <div className={styles.choices}>
          {targets.map((c) => (
            <label key={c.id} className={styles.checkboxRow}>
              <input
                type="checkbox"
                checked={draft.channelIds.includes(c.id)}
                onChange={(e) =>
                  set({
                    channelIds: e.target.checked
                      ? [...draft.channelIds, c.id]
                      : draft.channelIds.filter((id) => id !== c.id),
                  })
                }
              />
              {`${c.displayName} (${marketplaceNames[c.kind]})`}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.columns}>
        {select('SKUs', draft.scopeKind, scopeLabels, (scopeKind) => set({ scopeKind }))}
        {draft.scopeKind === 'all' ? null : (
          <Field label={draft.scopeKind === 'skus' ? 'SKUs, one per line' : scopeLabels[draft.scopeKind]}>
            {(control) =>
              draft.scopeKind === 'skus' ? (
                <textarea
                  {...control}
                  className={styles.select}
                  rows={3}
                  value={draft.scopeValue}
                  onChange={(e) => set({ scopeValue: e.target.value })}
                />
              ) : (
                <Input {...control} value={draft.scopeValue} onChange={(e) => set({ scopeValue: e.target.value })} />
              )
            }
          </Field>
        )}
      </div>
      <div className={styles.columns}>
        {select('Price', draft.action, actionLabels, (action) => set({ action }))}
        <TextField
          label={valueLabel}
          hint={
            draft.action === 'fixed'
              ? undefined
              : draft.action === 'lowest_offer' || draft.action === 'featured_offer'
                ? 'A minus sign goes below the offer: -0.01 beats it by a cent. For Amazon channels; the minimum price stops the race.'
                : 'A minus sign lowers the price.'
          }
          inputMode="decimal"
          value={draft.value}
          onChange={(e) => set({ value: e.target.value })}
        />
        {select('Rounding', draft.rounding, roundingLabels, (rounding) => set({ rounding }))}
      </div>
      <div className={styles.columns}>
        <TextField
          label="Minimum price"
          secondaryLabel="Optional"
          inputMode="decimal"
          value={draft.minPrice}
          onChange={(e) => set({ minPrice: e.target.value })}
        />
        <TextField
          label="Minimum margin over cost, %"
          secondaryLabel="Optional"
          hint="After the marketplace's fee."
          inputMode="decimal"
          value={draft.minMarginPercent}
          onChange={(e) => set({ minMarginPercent: e.target.value })}
        />
        <TextField
          label="Maximum price (MAP)"
          secondaryLabel="Optional"
          inputMode="decimal"
          value={draft.maxPrice}
          onChange={(e) => set({ maxPrice: e.target.value })}
        />
      </div>
      <div className={styles.columns}>
        <TextField
          label="Starts"
          secondaryLabel="Optional"
          type="datetime-local"
          value={draft.startsAt}
          onChange={(e) => set({ startsAt: e.target.value })}
        />
        <TextField
          label="Ends"
          secondaryLabel="Optional"
          type="datetime-local"
          value={draft.endsAt}
          onChange={(e) => set({ endsAt: e.target.value })}
        />
      </div>
      <label className={styles.checkboxRow}>
        <input type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        Rule on
      </label>
    </>
  );
}
