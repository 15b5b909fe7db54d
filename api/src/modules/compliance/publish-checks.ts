import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { complianceSettingsOf } from '../../db/queries/compliance.ts';
import { probesOf } from '../../db/queries/image-probes.ts';
import { categoryKeyOf, requirementsOf } from '../../db/queries/category-requirements.ts';
import type { ChannelKind } from '../../db/schema/index.ts';
import { requirementFactsOf } from './category-requirement-requests.ts';
import { checkListing, compileRestrictedWords, type ComplianceIssue } from './checks.ts';
import { priceBoundsOf, ruleBookOf } from './price-bounds.ts';
import { pictureOf, restrictedWordsOf } from './recheck.ts';

// The compliance checks of listings not made yet: publishing a product to a channel checks it as that
// channel would list it first, and an error there keeps it off the channel (warnings do not).

/** A product as it would be listed. */
export interface ProductToList {
  sku: string;
  title: string;
  description: string | null;
  brand: string | null;
  tags: string[];
  gtin: string | null;
  images: string[];
  attributes: Record<string, unknown>;
  price: string | null;
  cost: string | null;
  /** The marketplace category it would be created in (Amazon's product type, eBay's leaf category, Walmart's product type); null: none. */
  category: string | null;
}

/**
 * The error-level issues each product would have as a new listing on the channel, by SKU (products
 * with none are left out): the account's restricted words and the pricing rule's bounds included; the
 * marketplace's own verdict and price parity wait for the listing to exist. Images are held to the marketplace's
 * limits as they were last read (one not read yet keeps nothing off: it is checked once read). On a sandbox channel, image
 * links that are not https do not keep a product off: the sandboxes serve their pictures from the app
 * itself, over whatever scheme it runs on (http on a developer's machine); the Compliance page still
 * shows them.
 */
export async function issuesBeforePublish(
  ctx: Pick<AppContext, 'caches'>,
  db: Db,
  accountId: string,
  channel: { id: string; kind: ChannelKind; environment: 'sandbox' | 'production' },
  products: readonly ProductToList[],
  nowMs: number,
): Promise<Map<string, ComplianceIssue[]>> {
  if (products.length === 0) return new Map();
  // The category each would be created in, held to what it asks as last read (a publish reads those not read
  // yet before it checks: readCategoriesForPublish).
  const categories = products.flatMap((product) =>
    product.category === null ? [] : [{ channelId: channel.id, category: product.category }],
  );
  const requirements = await requirementsOf(db, accountId, categories);
  const settings = await complianceSettingsOf(db, accountId);
  const rules = await ruleBookOf(ctx, db, accountId, nowMs);
  const restrictedWords = compileRestrictedWords(restrictedWordsOf(settings.restrictedWords));
  const probes = await probesOf(
    db,
    accountId,
    products.flatMap((product) => product.images),
  );
  const found = new Map<string, ComplianceIssue[]>();
  for (const product of products) {
    const pricing = priceBoundsOf(rules, {
      sku: product.sku,
      brand: product.brand,
      tags: product.tags,
      mainPrice: product.price,
      cost: product.cost,
      channelId: channel.id,
      channelKind: channel.kind,
      heldPrice: null,
      override: null,
    });
    const pictures = product.images.map((url) => pictureOf(probes.get(url)));
    const category = product.category;
    const facts = {
      ...product,
      channel: channel.kind,
      status: 'pending' as const,
      lastError: null,
      pricing,
      pictures,
      requirements:
        category === null
          ? null
          : requirementFactsOf(requirements.get(categoryKeyOf({ channelId: channel.id, category })), category),
    };
    const errors = checkListing(facts, { restrictedWords, otherChannelPrices: [] }).filter(
      (issue) =>
        issue.severity === 'error' && !(channel.environment === 'sandbox' && issue.code === 'images_not_https'),
    );
    if (errors.length > 0) found.set(product.sku, errors);
  }
  return found;
}
