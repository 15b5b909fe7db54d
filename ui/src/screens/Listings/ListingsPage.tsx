import { useLocation, useSearch } from 'wouter';
import { ApiError, useChannels } from '../../api';
import { Card, EmptyState, Tabs, TabsContent, TabsList, TabsTrigger } from '../../index';
import { PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { CatalogueTab } from './Catalogue/CatalogueTab';
import { DriftTab } from './Drift/DriftTab';
import { PricingRulesTab } from './PricingRules/PricingRulesTab';
import { SyncActivityTab } from './SyncActivity/SyncActivityTab';

const TITLE = 'Listings';
const DESCRIPTION = 'Your catalogue on every channel, with each change and its result.';

export const listingsTabs = ['catalogue', 'pricing', 'activity', 'drift'] as const;
export type ListingsTab = (typeof listingsTabs)[number];
const tabLabels: Record<ListingsTab, string> = {
  catalogue: 'Catalogue',
  pricing: 'Pricing rules',
  activity: 'Sync activity',
  drift: 'Drift',
};

const isTab = (value: string | null): value is ListingsTab =>
  value !== null && (listingsTabs as readonly string[]).includes(value);

/** /listings: the catalogue, the pricing rules, the sync activity and the drift, one tab each; the tab is in the address (?tab=). */
export function ListingsPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const channels = useChannels();
  const requested = new URLSearchParams(search).get('tab');
  const tab: ListingsTab = isTab(requested) ? requested : 'catalogue';

  // Listings belong to a seller's account: the server refuses them to staff who are not viewing as one.
  if (channels.error instanceof ApiError && channels.error.status === 403) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Card padding="large">
          <EmptyState
            title="You don't have access to this page"
            description="Listings belong to a seller's account. Staff see them by viewing as the seller."
          />
        </Card>
      </>
    );
  }

  const selectTab = (value: string) => {
    if (!isTab(value)) return;
    // Each tab has its own parameters: switching tabs starts from a clean address.
    navigate(value === 'catalogue' ? location : `${location}?tab=${value}`, { replace: true });
  };

  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Listings views">
          {listingsTabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {tabLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="catalogue">{tab === 'catalogue' ? <CatalogueTab /> : null}</TabsContent>
        <TabsContent value="pricing">{tab === 'pricing' ? <PricingRulesTab /> : null}</TabsContent>
        <TabsContent value="activity">{tab === 'activity' ? <SyncActivityTab /> : null}</TabsContent>
        <TabsContent value="drift">{tab === 'drift' ? <DriftTab /> : null}</TabsContent>
      </Tabs>
    </>
  );
}

export default ListingsPage;
