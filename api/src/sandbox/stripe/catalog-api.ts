import type { Router } from 'express';
import { invalidParam, missingResource, StripeApiError } from './errors.ts';
import { param, type FormObject } from './form.ts';
import { renderCustomer, renderList, renderPrice, renderProduct } from './objects.ts';
import { operation, paging, type StripeRequestParts } from './requests.ts';
import { nowSeconds, randomId, type PriceRecord, type StripeAccount } from './state.ts';

/** At most this many objects of one kind per account: enough for any test, bounded for a public sandbox. */
export const MAX_OBJECTS = 10_000;

export function refuseWhenFull(collection: Record<string, unknown>, kind: string): void {
  if (Object.keys(collection).length >= MAX_OBJECTS)
    throw new StripeApiError(400, 'invalid_request_error', `This sandbox account holds as many ${kind} as it may.`);
}

const intervals = ['day', 'week', 'month', 'year'] as const;

function readRecurring(form: FormObject): Pick<PriceRecord, 'interval' | 'intervalCount'> {
  const recurring = param.object(form, 'recurring');
  if (!recurring) return { interval: null, intervalCount: 1 };
  const interval = param.string(recurring, 'interval');
  if (!interval || !(intervals as readonly string[]).includes(interval))
    throw invalidParam('recurring[interval]', `Invalid recurring[interval]: must be one of ${intervals.join(', ')}`);
  const count = param.integer(recurring, 'interval_count') ?? 1;
  if (count < 1 || count > 36) throw invalidParam('recurring[interval_count]', 'Invalid recurring[interval_count]');
  return { interval: interval as PriceRecord['interval'], intervalCount: count };
}

function createPrice(account: StripeAccount, form: FormObject): PriceRecord {
  refuseWhenFull(account.prices, 'prices');
  const productId = param.string(form, 'product');
  const productData = param.object(form, 'product_data');
  let product = productId ? account.products[productId] : undefined;
  if (productId && !product) throw missingResource('product', productId, 'product');
  if (!product && productData) {
    product = {
      id: `prod_${randomId(14)}`,
      created: nowSeconds(),
      name: param.required(productData, 'name'),
      active: true,
      description: null,
      metadata: param.metadata(productData) ?? {},
    };
    account.products[product.id] = product;
  }
  if (!product)
    throw new StripeApiError(400, 'invalid_request_error', 'You must specify either `product` or `product_data`.');
  const unitAmount = param.integer(form, 'unit_amount');
  if (unitAmount === undefined || unitAmount < 0)
    throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: unit_amount.', {
      param: 'unit_amount',
      code: 'parameter_missing',
    });
  const currency = param.required(form, 'currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidParam('currency', `Invalid currency: ${currency}`);
  const lookupKey = param.string(form, 'lookup_key') ?? null;
  if (lookupKey) {
    const holder = Object.values(account.prices).find((p) => p.lookupKey === lookupKey);
    if (holder) {
      if (param.boolean(form, 'transfer_lookup_key') !== true)
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `A price (\`${holder.id}\`) already uses that lookup key.`,
          { param: 'lookup_key' },
        );
      holder.lookupKey = null;
    }
  }
  const price: PriceRecord = {
    id: `price_${randomId(24)}`,
    created: nowSeconds(),
    product: product.id,
    currency,
    unitAmount,
    ...readRecurring(form),
    lookupKey,
    nickname: param.string(form, 'nickname') ?? null,
    active: param.boolean(form, 'active') ?? true,
    metadata: param.metadata(form) ?? {},
  };
  account.prices[price.id] = price;
  return price;
}

/** Customers, products and prices: Stripe's catalogue as a subscription business uses it. */
export function catalogApi(router: Router, parts: StripeRequestParts): void {
  operation(router, parts, 'post', '/customers', (account, form) => {
    refuseWhenFull(account.customers, 'customers');
    const customer = {
      id: `cus_${randomId(14)}`,
      created: nowSeconds(),
      email: param.string(form, 'email') ?? null,
      name: param.string(form, 'name') ?? null,
      metadata: param.metadata(form) ?? {},
    };
    account.customers[customer.id] = customer;
    return renderCustomer(customer);
  });
  operation(router, parts, 'get', '/customers/:customer', (account, _form, req) => {
    const customer = account.customers[String(req.params.customer)];
    if (!customer) throw missingResource('customer', String(req.params.customer));
    return renderCustomer(customer);
  });

  operation(router, parts, 'post', '/products', (account, form) => {
    refuseWhenFull(account.products, 'products');
    const product = {
      id: param.string(form, 'id') ?? `prod_${randomId(14)}`,
      created: nowSeconds(),
      name: param.required(form, 'name'),
      active: param.boolean(form, 'active') ?? true,
      description: param.string(form, 'description') ?? null,
      metadata: param.metadata(form) ?? {},
    };
    if (account.products[product.id])
      throw new StripeApiError(400, 'invalid_request_error', `Product already exists.`, {
        code: 'resource_already_exists',
      });
    account.products[product.id] = product;
    return renderProduct(product, account);
  });
  operation(router, parts, 'get', '/products', (account, form) => {
    const active = param.boolean(form, 'active');
    const products = Object.values(account.products).filter((p) => active === undefined || p.active === active);
    return renderList('/v1/products', products, (p) => renderProduct(p, account), paging(form));
  });

  operation(router, parts, 'post', '/prices', (account, form) => renderPrice(createPrice(account, form)));
  operation(router, parts, 'get', '/prices', (account, form) => {
    const lookupKeys = param.array(form, 'lookup_keys')?.map(String);
    const active = param.boolean(form, 'active');
    const product = param.string(form, 'product');
    const prices = Object.values(account.prices).filter(
      (p) =>
        (!lookupKeys || (p.lookupKey !== null && lookupKeys.includes(p.lookupKey))) &&
        (active === undefined || p.active === active) &&
        (!product || p.product === product),
    );
    return renderList('/v1/prices', prices, renderPrice, paging(form));
  });
  operation(router, parts, 'get', '/prices/:price', (account, _form, req) => {
    const price = account.prices[String(req.params.price)];
    if (!price) throw missingResource('price', String(req.params.price));
    return renderPrice(price);
  });
}
