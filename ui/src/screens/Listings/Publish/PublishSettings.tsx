import { useState, type FormEvent } from 'react';
import { Alert, Button, ErrorState, Field, Input, Select, Spinner, Stack, Text } from '../../../index';
import {
  errorText,
  useAmazonProductTypes,
  useEbayListingOptions,
  usePublishSettings,
  useSavePublishSettings,
  type MarketplaceKind,
  type MarketplaceOption,
  type PublishSettings as Settings,
} from '../../../api';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import * as styles from './Publish.css';

/** The marketplaces that ask the seller to choose something for new listings. */
export const kindsWithPublishSettings = ['amazon', 'ebay'] as const satisfies readonly MarketplaceKind[];
type KindWithSettings = (typeof kindsWithPublishSettings)[number];
export const hasPublishSettings = (kind: MarketplaceKind): kind is KindWithSettings =>
  (kindsWithPublishSettings as readonly string[]).includes(kind);

export interface PublishSettingsSectionProps {
  channelId: string;
  kind: MarketplaceKind;
  /** The settings were saved: what each product needs is checked again. */
  onSaved: () => void;
}

/**
 * What a new listing on the channel needs that only the seller can choose, chosen once for the
 * channel and kept: Amazon's product type, eBay's category, inventory location and business policies.
 */
export function PublishSettingsSection({ channelId, kind, onSaved }: PublishSettingsSectionProps) {
  const settings = usePublishSettings(channelId, hasPublishSettings(kind));
  if (!hasPublishSettings(kind)) return null;
  const name = marketplaceNames[kind];
  return (
    <section className={styles.settings} aria-label={`${name} settings for new listings`}>
      <Stack space="small">
        <Text weight="semibold">{`${name} settings for new listings`}</Text>
        {settings.isPending ? <Spinner size="small" label="Loading the publish settings…" /> : null}
        {settings.isError ? (
          <ErrorState
            titleLevel={3}
            title="The publish settings could not be loaded"
            description={errorText(settings.error)}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : null}
        {settings.data ? (
          <>
            {settings.data.missing.length > 0 ? (
              <Alert tone="caution" title="Choose these before publishing">
                <ul className={styles.missing}>
                  {settings.data.missing.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            {kind === 'amazon' ? (
              <AmazonProductType channelId={channelId} settings={settings.data} onSaved={onSaved} />
            ) : (
              <EbaySettings channelId={channelId} settings={settings.data} onSaved={onSaved} />
            )}
          </>
        ) : null}
      </Stack>
    </section>
  );
}

const optionText = (option: MarketplaceOption) => (option.detail ? `${option.name} — ${option.detail}` : option.name);

/** Amazon's product type: searched by the seller's words in Amazon's Product Type Definitions, then chosen. */
function AmazonProductType({
  channelId,
  settings,
  onSaved,
}: {
  channelId: string;
  settings: Settings;
  onSaved: () => void;
}) {
  const [words, setWords] = useState('');
  const [keywords, setKeywords] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  const found = useAmazonProductTypes(channelId, keywords);
  const save = useSavePublishSettings();
  const search = (event: FormEvent) => {
    event.preventDefault();
    setChosen('');
    setKeywords(words.trim());
  };
  const options = found.data?.items ?? [];
  return (
    <Stack space="small">
      <Text size="small">
        {settings.productType
          ? `Product type: ${settings.productType.name} (${settings.productType.id})`
          : 'No product type chosen yet.'}
      </Text>
      <form className={styles.searchRow} onSubmit={search}>
        <Field label="Search Amazon product types" hint="Words that describe your products, e.g. coffee mug.">
          {(control) => <Input {...control} value={words} onChange={(e) => setWords(e.target.value)} />}
        </Field>
        <Button type="submit" variant="secondary" loading={found.isFetching}>
          Search
        </Button>
      </form>
      {found.isError ? (
        <ErrorState
          titleLevel={3}
          title="Amazon's product types could not be searched"
          description={errorText(found.error)}
          onRetry={() => void found.refetch()}
          retrying={found.isFetching}
        />
      ) : null}
      {found.data && options.length === 0 ? (
        <Text size="small" tone="secondary">
          Amazon has no product type for these words. Try other words.
        </Text>
      ) : null}
      {options.length > 0 ? (
        <div className={styles.searchRow}>
          <Field label="Product type">
            {(control) => (
              <Select {...control} value={chosen} onChange={(e) => setChosen(e.target.value)}>
                <option value="">Choose a product type</option>
                {options.map((o) => (
                  <option key={o.id} value={o.id}>{`${o.name} (${o.id})`}</option>
                ))}
              </Select>
            )}
          </Field>
          <Button
            disabled={chosen === ''}
            loading={save.isPending}
            onClick={() => save.mutate({ channelId, update: { productType: chosen } }, { onSuccess: onSaved })}
          >
            Use this product type
          </Button>
        </div>
      ) : null}
      {save.isError ? <Alert tone="critical">{errorText(save.error)}</Alert> : null}
    </Stack>
  );
}

const CATEGORY_ID = /^\d{1,10}$/;

/** eBay's category (a number the seller enters), inventory location and business policies (from the seller's own lists). */
function EbaySettings({
  channelId,
  settings,
  onSaved,
}: {
  channelId: string;
  settings: Settings;
  onSaved: () => void;
}) {
  const options = useEbayListingOptions(channelId);
  const save = useSavePublishSettings();
  const [draft, setDraft] = useState({
    categoryId: settings.categoryId ?? '',
    merchantLocationKey: settings.merchantLocation?.id ?? '',
    fulfillmentPolicyId: settings.fulfillmentPolicy?.id ?? '',
    paymentPolicyId: settings.paymentPolicy?.id ?? '',
    returnPolicyId: settings.returnPolicy?.id ?? '',
  });
  const [checked, setChecked] = useState(false);
  const categoryProblem =
    draft.categoryId.trim() === ''
      ? 'Enter the number of an eBay category.'
      : CATEGORY_ID.test(draft.categoryId.trim())
        ? null
        : 'An eBay category is a number, digits only (e.g. 20625).';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (categoryProblem) return;
    const orNull = (value: string) => value.trim() || null;
    save.mutate(
      {
        channelId,
        update: {
          categoryId: draft.categoryId.trim(),
          merchantLocationKey: orNull(draft.merchantLocationKey),
          fulfillmentPolicyId: orNull(draft.fulfillmentPolicyId),
          paymentPolicyId: orNull(draft.paymentPolicyId),
          returnPolicyId: orNull(draft.returnPolicyId),
        },
      },
      { onSuccess: onSaved },
    );
  };
  const choice = (
    label: string,
    key: 'merchantLocationKey' | 'fulfillmentPolicyId' | 'paymentPolicyId' | 'returnPolicyId',
    list: MarketplaceOption[],
    empty: string,
  ) => (
    <Field label={label} hint={list.length === 0 ? empty : undefined}>
      {(control) => (
        <Select {...control} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}>
          <option value="">{`Choose ${label.toLowerCase()}`}</option>
          {list.map((o) => (
            <option key={o.id} value={o.id}>
              {optionText(o)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
  return (
    <form onSubmit={submit}>
      <Stack space="small">
        <Field
          label="eBay category number"
          hint="The number of the eBay leaf category your products are listed in (e.g. 20625). eBay shows it when you list an item there; a top-level category such as 99 is refused."
          error={checked ? categoryProblem : null}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={draft.categoryId}
              onChange={(e) => setDraft({ ...draft, categoryId: e.target.value })}
            />
          )}
        </Field>
        {options.isPending ? <Spinner size="small" label="Loading your eBay locations and policies…" /> : null}
        {options.isError ? (
          <ErrorState
            titleLevel={3}
            title="Your eBay locations and policies could not be loaded"
            description={errorText(options.error)}
            onRetry={() => void options.refetch()}
            retrying={options.isFetching}
          />
        ) : null}
        {options.data ? (
          <>
            {choice(
              'Inventory location',
              'merchantLocationKey',
              options.data.locations,
              'You have no enabled inventory location on eBay: add one in Seller Hub.',
            )}
            {choice(
              'Shipping policy',
              'fulfillmentPolicyId',
              options.data.fulfillmentPolicies,
              'You have no shipping policy on eBay US: add one in Seller Hub.',
            )}
            {choice(
              'Payment policy',
              'paymentPolicyId',
              options.data.paymentPolicies,
              'You have no payment policy on eBay US: add one in Seller Hub.',
            )}
            {choice(
              'Return policy',
              'returnPolicyId',
              options.data.returnPolicies,
              'You have no return policy on eBay US: add one in Seller Hub.',
            )}
          </>
        ) : null}
        {save.isError ? <Alert tone="critical">{errorText(save.error)}</Alert> : null}
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" loading={save.isPending} disabled={!options.data}>
            Save eBay settings
          </Button>
        </div>
      </Stack>
    </form>
  );
}
