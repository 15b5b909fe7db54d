import type { Db } from '../client.ts';
import { rowsOf, run, statement } from '../statements.ts';

// The image probes of an account (schema/image-probes.ts): read for the listings a check visits, written by the
// probing job, and the addresses still to read.

/** How long what an image was found to be is trusted: a picture replaced at the same address is read again. */
export const IMAGE_PROBE_MAX_AGE_DAYS = 30;
/** An image that could not be read is tried again sooner: its host may have been down for a while. */
export const FAILED_IMAGE_PROBE_MAX_AGE_DAYS = 1;

/** A probe's age past which it is read again (aliased `ip`). */
const staleProbe = `ip.probed_at < now() - make_interval(days => case when ip.failure is null
  then ${IMAGE_PROBE_MAX_AGE_DAYS} else ${FAILED_IMAGE_PROBE_MAX_AGE_DAYS} end)`;

/** What an image was found to be (a failure instead of the format and sizes when it could not be read). */
export interface ImageProbeResult {
  url: string;
  format: string | null;
  width: number | null;
  height: number | null;
  bytes: number | null;
  failure: string | null;
}

export interface ImageProbeRow extends ImageProbeResult {
  /** Older than IMAGE_PROBE_MAX_AGE_DAYS (a failed one: FAILED_IMAGE_PROBE_MAX_AGE_DAYS): to be read again. */
  stale: boolean;
}

const probesOfStatement = statement<ImageProbeRow>(
  'image_probes_of',
  `select url, format, width, height, bytes::float8 as bytes, failure, ${staleProbe} as stale
   from image_probes ip where account_id = $1 and url = any($2::text[])`,
);

/** What the account's images at these addresses were found to be (an address never read has no entry). */
export async function probesOf(
  db: Db,
  accountId: string,
  urls: readonly string[],
): Promise<Map<string, ImageProbeRow>> {
  if (urls.length === 0) return new Map();
  const rows = await rowsOf(db, probesOfStatement, [accountId, [...new Set(urls)]]);
  return new Map(rows.map((row) => [row.url, row]));
}

const imagesToProbeStatement = statement<{ url: string }>(
  'images_to_probe',
  `select distinct u.url
   from products p
   cross join lateral jsonb_array_elements_text(p.images) as u(url)
   left join image_probes ip on ip.account_id = p.account_id and ip.url = u.url
   where p.account_id = $1
     and exists (select 1 from listings l where l.product_id = p.id and l.status <> 'not listed')
     and (ip.url is null or ${staleProbe})
   limit $2`,
);

/** Addresses of the account's listed products' images never read, or read too long ago: up to `limit`. */
export async function imagesToProbe(db: Db, accountId: string, limit: number): Promise<string[]> {
  return (await rowsOf(db, imagesToProbeStatement, [accountId, limit])).map((row) => row.url);
}

const saveProbesStatement = statement(
  'save_image_probes',
  `insert into image_probes (account_id, url, format, width, height, bytes, failure, probed_at)
   select $1, r.url, r.format, r.width, r.height, r.bytes, r.failure, now()
   from jsonb_to_recordset($2::jsonb) as r(url text, format text, width int, height int, bytes bigint, failure text)
   on conflict (account_id, url) do update set format = excluded.format, width = excluded.width,
     height = excluded.height, bytes = excluded.bytes, failure = excluded.failure, probed_at = excluded.probed_at`,
);

/** Keeps what these images were found to be (a second write of the same address replaces the first). */
export async function saveProbes(db: Db, accountId: string, probes: readonly ImageProbeResult[]): Promise<void> {
  if (probes.length === 0) return;
  await run(db, saveProbesStatement, [accountId, JSON.stringify(probes)]);
}

const productsUsingImagesStatement = statement<{ id: string }>(
  'products_using_images',
  `select p.id from products p where p.account_id = $1 and p.images ?| $2::text[]`,
);

/** The account's products that show any of these images. */
export async function productsUsingImages(db: Db, accountId: string, urls: readonly string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  return (await rowsOf(db, productsUsingImagesStatement, [accountId, [...urls]])).map((row) => row.id);
}
