import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Field,
  Input,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TextField,
  useToast,
} from '../../index';
import {
  ApiError,
  errorText,
  useAdSkus,
  useAdvertising,
  useConnectAdAccount,
  useSaveAdRules,
  useSyncAdAccount,
  useUpdateAdCampaign,
  type AdCampaign,
  type AdRange,
  type AdRules,
  type Advertising,
} from '../../api';
import { NoAccess, PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { formatWhen } from '../../shared/channels/channelTexts';
import {
  adAccountNames,
  adProgramNames,
  adRangeDays,
  budgetProblem,
  campaignStateLabels,
  campaignStateTones,
  coverDaysProblem,
  DEFAULT_RANGE_DAYS,
  money,
  NO_DAILY_BUDGET,
  percent,
  rangeOf,
  roasText,
  skuAdsText,
  type AdRangeDays,
} from './advertisingTexts';
import * as styles from './Advertising.css';

const TITLE = 'Advertising';
const DESCRIPTION =
  'Your campaigns on each marketplace with what they cost and sell, and rules that pause the ads of SKUs that cannot sell.';

/** The range from the address (?days=7|30|90), so a link opens the same view. */
function readDays(search: string): AdRangeDays {
  const days = Number(new URLSearchParams(search).get('days'));
  return adRangeDays.find((d) => d === days) ?? DEFAULT_RANGE_DAYS;
}

/** /advertising: ad accounts to connect, campaigns with spend and sales, the SKUs' TACoS, and the stock-aware rules. */
export function AdvertisingPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const days = readDays(search);
  const range = rangeOf(days);
  const page = useAdvertising(range);

  if (page.error instanceof ApiError && page.error.status === 403)
    return (
      <NoAccess
        title={TITLE}
        description="Advertising belongs to a seller's account. Staff see it by viewing as the seller."
      />
    );

  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <div className={styles.toolbar}>
        <Field label="Range">
          {(control) => (
            <Select
              {...control}
              value={String(days)}
              onChange={(event) =>
                navigate(
                  Number(event.target.value) === DEFAULT_RANGE_DAYS
                    ? location
                    : `${location}?days=${event.target.value}`,
                  { replace: true },
                )
              }
            >
              {adRangeDays.map((d) => (
                <option key={d} value={d}>{`Last ${d} days`}</option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {page.isPending ? (
        <Spinner label="Loading your campaigns..." />
      ) : page.isError ? (
        <ErrorState
          title="Advertising could not be loaded"
          description={errorText(page.error)}
          onRetry={() => page.refetch()}
        />
      ) : (
        <AdvertisingContent data={page.data} range={range} />
      )}
    </>
  );
}

function AdvertisingContent({ data, range }: { data: Advertising; range: AdRange }) {
  const connected = data.accounts.length > 0;
  return (
    <>
      <AdAccounts data={data} />
      {connected ? (
        <>
          <Totals data={data} />
          <Campaigns data={data} />
          <SkusWithAds range={range} currency={data.accounts[0]!.currency} readAt={lastRead(data)} />
        </>
      ) : null}
      <RulesEditor rules={data.rules} />
    </>
  );
}

function AdAccounts({ data }: { data: Advertising }) {
  const sync = useSyncAdAccount();
  const { toast } = useToast();
  if (data.accounts.length === 0 && data.toConnect.length === 0)
    return (
      <section className={styles.section}>
        <Card padding="large">
          <EmptyState
            title="No marketplace to advertise on yet"
            description="Connect an Amazon, Walmart or eBay channel on the Channels page: its Sponsored Products, Sponsored Search or Promoted Listings campaigns then show here."
            action={<Button href="/channels">Go to Channels</Button>}
          />
        </Card>
      </section>
    );
  return (
    <section className={styles.section} aria-labelledby="ad-accounts">
      <h2 id="ad-accounts" className={styles.sectionTitle}>
        Ad accounts
      </h2>
      {data.accounts.map((account) => (
        <Card key={account.id}>
          <div className={styles.accountRow}>
            <div>
              <strong>{`${adAccountNames[account.marketplace]} · ${account.name}`}</strong>
              <div
                className={styles.muted}
              >{`Through ${account.channelName} · read ${formatWhen(account.lastSyncedAt)}`}</div>
            </div>
            <Button
              variant="secondary"
              size="small"
              loading={sync.isPending && sync.variables === account.id}
              onClick={() =>
                sync.mutate(account.id, {
                  onSuccess: () =>
                    toast({
                      title: 'Reading Campaigns',
                      description: 'Campaigns, ads and their figures show here within a minute.',
                      variant: 'success',
                    }),
                  onError: (error) =>
                    toast({ title: 'Not Read', description: errorText(error), variant: 'destructive' }),
                })
              }
            >
              Read now
            </Button>
          </div>
          {account.lastError ? (
            <Alert tone="critical" title="The last read failed">
              {account.lastError}
            </Alert>
          ) : null}
        </Card>
      ))}
      {data.toConnect.map((channel) => (
        <ConnectAdAccount key={channel.channelId} channel={channel} />
      ))}
    </section>
  );
}

/**
 * A channel whose ad account is not connected: one press connects it through the channel. Walmart Connect in
 * production lists no advertisers, so the seller names the one it gave our partner access to.
 */
function ConnectAdAccount({ channel }: { channel: Advertising['toConnect'][number] }) {
  const connect = useConnectAdAccount();
  const { toast } = useToast();
  const [advertiserId, setAdvertiserId] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const named = advertiserId.trim();
    if (channel.asksAdvertiserId && !named) return setMissing(true);
    connect.mutate(
      { channelId: channel.channelId, ...(channel.asksAdvertiserId ? { advertiserId: named } : {}) },
      {
        onSuccess: () =>
          toast({
            title: 'Ad Account Connected',
            description: 'Its campaigns are being read; they show here within a minute.',
            variant: 'success',
          }),
        onError: (error) => toast({ title: 'Not Connected', description: errorText(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <Card
      title={`Connect ${adAccountNames[channel.marketplace]}`}
      titleLevel={3}
      description={`Run your ${adProgramNames[channel.marketplace]} from here, through ${channel.channelName}: see what each campaign costs and sells, and pause ads on SKUs that cannot sell.`}
    >
      <form className={styles.connectForm} onSubmit={submit} noValidate>
        {channel.asksAdvertiserId ? (
          <TextField
            label="Advertiser id"
            hint="Walmart Connect's Ad Center shows it. Give our partner access to that advertiser there first."
            inputMode="numeric"
            autoComplete="off"
            required
            value={advertiserId}
            error={missing ? 'Enter the advertiser id Walmart Connect shows.' : undefined}
            onChange={(e) => {
              setAdvertiserId(e.target.value);
              setMissing(false);
            }}
          />
        ) : null}
        <div>
          <Button type="submit" loading={connect.isPending}>
            <span className={styles.wrappingLabel}>
              {`Connect ${adAccountNames[channel.marketplace]} for ${channel.channelName}`}
            </span>
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Totals({ data }: { data: Advertising }) {
  const currency = data.accounts[0]!.currency;
  const tiles = [
    { label: 'Ad spend', value: money(data.totals.spend, currency) },
    { label: 'Sales from ads', value: money(data.totals.sales, currency) },
    { label: 'ACoS (spend ÷ sales)', value: percent(data.totals.acos) },
    { label: 'ROAS (sales ÷ spend)', value: roasText(data.totals.roas) },
  ];
  return (
    <section className={styles.section} aria-labelledby="ad-totals">
      <h2 id="ad-totals" className={styles.sectionTitle}>
        {`${data.from} to ${data.to}`}
      </h2>
      <ul className={styles.totals} aria-label="Advertising totals">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Card>
              <span className={styles.totalValue}>{tile.value}</span>{' '}
              <span className={styles.totalLabel}>{tile.label}</span>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Campaigns({ data }: { data: Advertising }) {
  if (data.campaigns.length === 0)
    return (
      <section className={styles.section}>
        <Card padding="large">
          <EmptyState
            title="No campaigns yet"
            description="Campaigns made on the marketplace show here after the next read, every quarter of an hour."
          />
        </Card>
      </section>
    );
  return (
    <section className={styles.section} aria-labelledby="ad-campaigns">
      <h2 id="ad-campaigns" className={styles.sectionTitle}>
        Campaigns
      </h2>
      <Table caption="Campaigns" hideCaption>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Campaign</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Daily budget</TableHeaderCell>
            <TableHeaderCell>Spend</TableHeaderCell>
            <TableHeaderCell>Sales</TableHeaderCell>
            <TableHeaderCell>ACoS</TableHeaderCell>
            <TableHeaderCell>ROAS</TableHeaderCell>
            <TableHeaderCell>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.campaigns.map((campaign) => (
            <CampaignRow key={campaign.id} campaign={campaign} />
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function CampaignRow({ campaign }: { campaign: AdCampaign }) {
  const update = useUpdateAdCampaign();
  const { toast } = useToast();
  const archived = campaign.state === 'archived';
  const running = campaign.state === 'enabled';

  const switchState = () =>
    update.mutate(
      { campaignId: campaign.id, update: { state: running ? 'paused' : 'enabled' } },
      {
        onSuccess: () =>
          toast({
            title: running ? 'Campaign Paused' : 'Campaign Resumed',
            description: `${campaign.name} is ${running ? 'paused' : 'running'} on ${adAccountNames[campaign.marketplace]}.`,
            variant: 'success',
          }),
        onError: (error) => toast({ title: 'Not Changed', description: errorText(error), variant: 'destructive' }),
      },
    );

  return (
    <TableRow>
      <TableCell>
        <strong>{campaign.name}</strong>
        <div className={styles.muted}>
          {adProgramNames[campaign.marketplace]}
          {campaign.adsPausedByRules > 0
            ? ` · ${campaign.adsPausedByRules} ${campaign.adsPausedByRules === 1 ? 'ad' : 'ads'} paused by the rules`
            : ''}
        </div>
      </TableCell>
      <TableCell>
        <Badge tone={campaignStateTones[campaign.state]}>{campaignStateLabels[campaign.state]}</Badge>
      </TableCell>
      <TableCell>
        {campaign.dailyBudget === null ? (
          // eBay's cost-per-sale campaigns: a share of each sale, no daily budget to set.
          <span className={styles.muted}>{NO_DAILY_BUDGET}</span>
        ) : archived ? (
          money(campaign.dailyBudget, campaign.currency)
        ) : (
          <BudgetForm campaign={campaign} dailyBudget={campaign.dailyBudget} />
        )}
      </TableCell>
      <TableCell className={styles.number}>{money(campaign.spend, campaign.currency)}</TableCell>
      <TableCell className={styles.number}>{money(campaign.sales, campaign.currency)}</TableCell>
      <TableCell className={styles.number}>{percent(campaign.acos)}</TableCell>
      <TableCell className={styles.number}>{roasText(campaign.roas)}</TableCell>
      <TableCell>
        {archived ? null : (
          <Button
            size="small"
            variant="secondary"
            loading={update.isPending && update.variables?.update.state !== undefined}
            onClick={switchState}
          >
            {running ? `Pause ${campaign.name}` : `Resume ${campaign.name}`}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The latest read of the accounts (ISO times sort as text). */
const lastRead = (data: Advertising) =>
  data.accounts.reduce<string | null>(
    (latest, a) => (a.lastSyncedAt && (!latest || a.lastSyncedAt > latest) ? a.lastSyncedAt : latest),
    null,
  );

function BudgetForm({ campaign, dailyBudget }: { campaign: AdCampaign; dailyBudget: string }) {
  const update = useUpdateAdCampaign();
  const { toast } = useToast();
  const [budget, setBudget] = useState(dailyBudget);
  const [budgetError, setBudgetError] = useState<string | null>(null);
  useEffect(() => setBudget(dailyBudget), [dailyBudget]);
  const saveBudget = (event: FormEvent) => {
    event.preventDefault();
    const problem = budgetProblem(budget);
    setBudgetError(problem);
    if (problem) return;
    update.mutate(
      { campaignId: campaign.id, update: { dailyBudget: budget.trim() } },
      {
        onSuccess: (answer) =>
          toast({
            title: 'Budget Saved',
            description: `${campaign.name} may spend ${money(answer.dailyBudget ?? budget.trim(), campaign.currency)} a day.`,
            variant: 'success',
          }),
        onError: (error) => setBudgetError(errorText(error)),
      },
    );
  };
  const budgetFieldId = `budget-${campaign.id}`;
  return (
    <form className={styles.budgetForm} onSubmit={saveBudget} aria-label={`Daily budget of ${campaign.name}`}>
      <span className={styles.muted} aria-hidden="true">
        {campaign.currency}
      </span>
      <Input
        id={budgetFieldId}
        className={styles.budgetInput}
        inputMode="decimal"
        value={budget}
        invalid={budgetError !== null}
        aria-describedby={budgetError ? `${budgetFieldId}-error` : undefined}
        aria-label={`Daily budget of ${campaign.name}`}
        onChange={(event) => setBudget(event.target.value)}
      />
      <Button type="submit" size="small" variant="secondary" disabled={budget.trim() === dailyBudget}>
        Save
      </Button>
      {budgetError ? (
        <span id={`${budgetFieldId}-error`} role="alert" className={styles.muted}>
          {budgetError}
        </span>
      ) : null}
    </form>
  );
}

function SkusWithAds({ range, currency, readAt }: { range: AdRange; currency: string; readAt: string | null }) {
  const skus = useAdSkus(range, readAt);
  return (
    <section className={styles.section} aria-labelledby="ad-skus">
      <h2 id="ad-skus" className={styles.sectionTitle}>
        SKUs with ads
      </h2>
      {skus.isPending ? (
        <Spinner label="Loading SKUs..." />
      ) : skus.isError ? (
        <ErrorState
          title="SKUs could not be loaded"
          description={errorText(skus.error)}
          onRetry={() => skus.refetch()}
        />
      ) : skus.data.items.length === 0 ? (
        <Card padding="large">
          <EmptyState title="No SKU is advertised" description="SKUs show here once a campaign advertises them." />
        </Card>
      ) : (
        <Table caption="SKUs with ads: TACoS is ad spend ÷ all the SKU's revenue, on every channel" hideCaption>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>SKU</TableHeaderCell>
              <TableHeaderCell>Available</TableHeaderCell>
              <TableHeaderCell>Ad spend</TableHeaderCell>
              <TableHeaderCell>Sales from ads</TableHeaderCell>
              <TableHeaderCell>All revenue</TableHeaderCell>
              <TableHeaderCell>ACoS</TableHeaderCell>
              <TableHeaderCell>TACoS</TableHeaderCell>
              <TableHeaderCell>Ads</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {skus.data.items.map((item) => (
              <TableRow key={item.sku}>
                <TableCell>
                  <span className={styles.sku}>{item.sku}</span>
                  {item.title ? <div className={styles.muted}>{item.title}</div> : null}
                </TableCell>
                <TableCell className={styles.number}>{item.available ?? '—'}</TableCell>
                <TableCell className={styles.number}>{money(item.spend, currency)}</TableCell>
                <TableCell className={styles.number}>{money(item.adSales, currency)}</TableCell>
                <TableCell className={styles.number}>{money(item.revenue, currency)}</TableCell>
                <TableCell className={styles.number}>{percent(item.acos)}</TableCell>
                <TableCell className={styles.number}>{percent(item.tacos)}</TableCell>
                <TableCell>{skuAdsText(item.ads)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

function RulesEditor({ rules }: { rules: AdRules }) {
  const save = useSaveAdRules();
  const { toast } = useToast();
  const [draft, setDraft] = useState(rules);
  const [coverOn, setCoverOn] = useState(rules.pauseBelowDaysOfCover !== null);
  const [coverText, setCoverText] = useState(String(rules.pauseBelowDaysOfCover ?? 7));
  const [coverError, setCoverError] = useState<string | null>(null);
  useEffect(() => {
    setDraft(rules);
    setCoverOn(rules.pauseBelowDaysOfCover !== null);
    setCoverText(String(rules.pauseBelowDaysOfCover ?? 7));
  }, [rules]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = coverOn ? coverDaysProblem(coverText) : null;
    setCoverError(problem);
    if (problem) return;
    save.mutate(
      { ...draft, pauseBelowDaysOfCover: coverOn ? Number(coverText.trim()) : null },
      {
        onSuccess: () =>
          toast({
            title: 'Ad Rules Saved',
            description: 'Every ad was looked at again: the ones the rules hold are paused, the others resumed.',
            variant: 'success',
          }),
        onError: (error) => toast({ title: 'Not Saved', description: errorText(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby="ad-rules">
      <h2 id="ad-rules" className={styles.sectionTitle}>
        Ad rules
      </h2>
      <Card
        description="Ads pause on their own when a SKU cannot sell, on every marketplace, and resume when it can again. Each pause and resume shows in the SKU's history. Ads you paused yourself stay paused."
        padding="large"
      >
        <form onSubmit={submit} aria-label="Ad rules">
          <div className={styles.section}>
            <label className={styles.checkboxRow}>
              <input
                type="checkbox"
                checked={draft.pauseOutOfStock}
                onChange={(e) => setDraft({ ...draft, pauseOutOfStock: e.target.checked })}
              />
              Pause the ads of a SKU that is out of stock
            </label>
            <div className={styles.coverRow}>
              <label className={styles.checkboxRow}>
                <input type="checkbox" checked={coverOn} onChange={(e) => setCoverOn(e.target.checked)} />
                Pause them when stock covers fewer days than
              </label>
              <TextField
                label="Days of stock"
                hint="At the SKU's rate of sale over the last 14 days."
                inputMode="numeric"
                disabled={!coverOn}
                value={coverText}
                error={coverError ?? undefined}
                onChange={(e) => setCoverText(e.target.value)}
              />
            </div>
            <label className={styles.checkboxRow}>
              <input
                type="checkbox"
                checked={draft.pauseListingProblems}
                onChange={(e) => setDraft({ ...draft, pauseListingProblems: e.target.checked })}
              />
              Pause a SKU's ads on a marketplace where its listing is suppressed or in error
            </label>
            <div>
              <Button type="submit" loading={save.isPending}>
                Save ad rules
              </Button>
            </div>
          </div>
        </form>
      </Card>
    </section>
  );
}

export default AdvertisingPage;
