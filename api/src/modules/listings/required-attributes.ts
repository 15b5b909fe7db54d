import type { AppContext } from '../../context.ts';
import { categoryKeyOf, requirementsOf, type RequiredAttributeView } from '../../db/queries/category-requirements.ts';
import { listChannels } from '../../db/queries/channels.ts';
import { rowsOf, statement } from '../../db/statements.ts';
import { attributeKey, givenAttributeKeys } from '../compliance/checks.ts';
import { newListingCategory } from './publish-requirements.ts';

const listingCategoriesStatement = statement<{ channelId: string; category: string | null; status: string }>(
  'product_listing_categories',
  `select channel_id as "channelId", category, status from listings where account_id = $1 and product_id = $2`,
);

/**
 * What the categories of the product's target listings made from its values ask every listing to carry: the
 * category a listing waiting to be created (or refused) is in, or for a target it is not listed on, the one it
 * would be published in (the product's own choice, else the channel's). As the marketplaces' definitions were last read (a category not read yet shows nothing: the
 * checks read it, or a publish does).
 */
export async function requiredAttributesOfProduct(
  ctx: Pick<AppContext, 'db'>,
  accountId: string,
  product: { id: string; brand: string | null; attributes: Record<string, unknown> },
): Promise<RequiredAttributeView[]> {
  const targets = (await listChannels(ctx.db, accountId)).filter((c) => c.role === 'target');
  if (targets.length === 0) return [];
  const listed = new Map(
    (await rowsOf(ctx.db, listingCategoriesStatement, [accountId, product.id])).map((l) => [l.channelId, l]),
  );
  const wanted = targets.flatMap((channel) => {
    const listing = listed.get(channel.id);
    // A live listing carries what the marketplace holds (checks.ts checkRequiredAttributes): nothing to give here.
    if (listing && listing.status !== 'not listed' && listing.status !== 'pending' && listing.status !== 'error')
      return [];
    const category =
      listing && listing.status !== 'not listed'
        ? listing.category
        : newListingCategory(channel.kind, channel.publishSettings, product.attributes);
    return category ? [{ channelId: channel.id, channelKind: channel.kind, category }] : [];
  });
  const stored = await requirementsOf(ctx.db, accountId, wanted);
  const given = givenAttributeKeys(product.attributes);
  const hasBrand = (product.brand ?? '').trim() !== '';
  return wanted.flatMap(({ channelId, channelKind, category }) => {
    const row = stored.get(categoryKeyOf({ channelId, category }));
    if (!row || row.failure !== null) return [];
    return row.attributes.map((attribute) => ({
      channelId,
      channelKind,
      category,
      categoryName: row.categoryName,
      name: attribute.name,
      label: attribute.label,
      values: attribute.values ?? [],
      valuesOnly: attribute.valuesOnly ?? false,
      given: given.has(attributeKey(attribute.name)) || (attribute.fromProduct === 'brand' && hasBrand),
    }));
  });
}
