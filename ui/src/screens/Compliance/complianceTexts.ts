import type { ComplianceCode, ComplianceSeverity } from '../../api';

/** Each check's name, as the filter lists it. */
export const codeLabels: Record<ComplianceCode, string> = {
  title_missing: 'Title missing',
  title_too_long: 'Title too long',
  title_forbidden_characters: 'Characters not allowed in the title',
  title_repeated_word: 'Word repeated in the title',
  gtin_missing: 'Barcode missing',
  gtin_invalid: 'Barcode not valid',
  images_missing: 'Image missing',
  images_too_many: 'Too many images',
  images_not_https: 'Image links not secure',
  image_unreadable: 'Image could not be read',
  image_format: 'Image format not taken',
  image_too_small: 'Image too small',
  image_too_large: 'Image too large',
  image_no_zoom: 'Image too small to zoom',
  restricted_word: 'Restricted words',
  price_above_other_channel: 'Walmart price above other channels',
  price_below_floor: "Price below the rule's floor",
  price_above_ceiling: "Price above the rule's maximum (MAP)",
  price_floor_unknown: 'Margin floor without a cost',
  price_floor_above_ceiling: "Rule's floor above its maximum",
  listing_suppressed: 'Listing suppressed',
  listing_refused: 'Listing refused',
  marketplace_issue: 'Reported by the marketplace',
  eu_safety_data_missing: 'EU product safety details missing',
  attributes_missing: 'Attributes the category asks for',
};

export const severityLabels: Record<ComplianceSeverity, string> = { error: 'Error', warning: 'Warning' };
export const severityTones = { error: 'critical', warning: 'caution' } as const satisfies Record<
  ComplianceSeverity,
  'critical' | 'caution'
>;

export const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
