/**
 * Stripe's own example objects, one per resource: the templates the sandbox fills in, so its answers carry
 * every field Stripe's current API has (the SDK's types and any code reading them see the real shape).
 *
 * Source: github.com/stripe/openapi, file openapi/fixtures3.json, commit f0758b15a2cf53779d699452f4ab07d11076af0f
 * (2026-07-29, API 2026-07-29.dahlia). Licence: MIT, Copyright (c) 2011- Stripe, Inc. Copied as data, unchanged
 * (generated; do not edit by hand).
 */
// prettier-ignore
export const stripeFixtures: Record<
  string,
  Record<string, unknown>
> = {
 "customer": {
  "address": {
   "city": null,
   "country": null,
   "line1": null,
   "line2": null,
   "postal_code": null,
   "state": null
  },
  "balance": 0,
  "created": 1234567890,
  "currency": "usd",
  "default_source": null,
  "delinquent": false,
  "description": null,
  "discount": {
   "checkout_session": null,
   "customer": null,
   "end": null,
   "id": "obj_123",
   "invoice": null,
   "invoice_item": null,
   "object": "discount",
   "promotion_code": null,
   "start": 109757538,
   "subscription": null,
   "subscription_item": null,
   "source": {
    "coupon": null,
    "type": "coupon"
   },
   "customer_account": null
  },
  "email": null,
  "id": "cus_QXg1o8vcGmoR32",
  "invoice_prefix": "7FE1103",
  "invoice_settings": {
   "custom_fields": null,
   "default_payment_method": null,
   "footer": null,
   "rendering_options": {
    "amount_tax_display": null,
    "template": null
   }
  },
  "livemode": false,
  "metadata": {},
  "name": null,
  "next_invoice_sequence": 1,
  "object": "customer",
  "phone": null,
  "preferred_locales": [],
  "shipping": {},
  "tax_exempt": "none",
  "test_clock": null
 },
 "product": {
  "active": true,
  "created": 1234567890,
  "default_price": "price_1PgafmB7WZ01zgkW02Hf9z6c",
  "description": "Comfortable gray cotton t-shirt",
  "id": "prod_QXg1hqf4jFNsqG",
  "images": [],
  "livemode": false,
  "marketing_features": [],
  "metadata": {},
  "name": "T-shirt",
  "object": "product",
  "package_dimensions": {
   "height": 1221029593,
   "length": 1106363674,
   "weight": 791592328,
   "width": 113126854
  },
  "shippable": null,
  "statement_descriptor": null,
  "tax_code": null,
  "unit_label": null,
  "updated": 1234567890,
  "url": null,
  "type": "good"
 },
 "price": {
  "active": true,
  "billing_scheme": "per_unit",
  "created": 1234567890,
  "currency": "usd",
  "custom_unit_amount": {
   "maximum": null,
   "minimum": null,
   "preset": null
  },
  "id": "price_1PgafmB7WZ01zgkW6dKueIc5",
  "livemode": false,
  "lookup_key": null,
  "metadata": {},
  "nickname": null,
  "object": "price",
  "product": "prod_QXg1hqf4jFNsqG",
  "recurring": {
   "interval": "month",
   "interval_count": 1,
   "meter": null,
   "usage_type": "licensed",
   "trial_period_days": null
  },
  "tax_behavior": "unspecified",
  "tiers_mode": null,
  "transform_quantity": {
   "divide_by": 1592560163,
   "round": "down"
  },
  "type": "recurring",
  "unit_amount": 2000,
  "unit_amount_decimal": "2000"
 },
 "checkout.session": {
  "after_expiration": {
   "recovery": {
    "allow_promotion_codes": true,
    "enabled": true,
    "expires_at": null,
    "url": null
   }
  },
  "allow_promotion_codes": null,
  "amount_subtotal": null,
  "amount_total": null,
  "automatic_tax": {
   "enabled": false,
   "liability": {
    "type": "account"
   },
   "status": null,
   "provider": null
  },
  "billing_address_collection": null,
  "cancel_url": "https://example.com/cancel",
  "client_reference_id": null,
  "client_secret": null,
  "consent": {
   "promotions": null,
   "terms_of_service": null
  },
  "consent_collection": {
   "payment_method_reuse_agreement": {
    "position": "hidden"
   },
   "promotions": null,
   "terms_of_service": null
  },
  "created": 1234567890,
  "currency": null,
  "custom_fields": [],
  "custom_text": {
   "after_submit": {
    "message": "message"
   },
   "shipping_address": {
    "message": "message"
   },
   "submit": {
    "message": "message"
   },
   "terms_of_service_acceptance": {
    "message": "message"
   }
  },
  "customer": null,
  "customer_creation": null,
  "customer_details": {
   "address": {
    "city": null,
    "country": null,
    "line1": null,
    "line2": null,
    "postal_code": null,
    "state": null
   },
   "email": "example@example.com",
   "name": null,
   "phone": null,
   "tax_exempt": "none",
   "tax_ids": null,
   "business_name": null,
   "individual_name": null
  },
  "customer_email": null,
  "expires_at": 1234567890,
  "id": "cs_test_a1YS1URlnyQCN5fUUduORoQ7Pw41PJqDWkIVQCpJPqkfIhd6tVY8XB1OLY",
  "invoice": null,
  "invoice_creation": {
   "enabled": true,
   "invoice_data": {
    "account_tax_ids": null,
    "custom_fields": null,
    "description": null,
    "footer": null,
    "issuer": {
     "type": "account"
    },
    "metadata": null,
    "rendering_options": {
     "amount_tax_display": null,
     "template": null
    }
   }
  },
  "livemode": false,
  "locale": null,
  "metadata": {},
  "mode": "payment",
  "object": "checkout.session",
  "payment_intent": "pi_1PgafyB7WZ01zgkWSjxsAJo3",
  "payment_link": null,
  "payment_method_collection": null,
  "payment_method_configuration_details": {
   "id": "obj_123",
   "parent": null
  },
  "payment_method_options": {},
  "payment_method_types": [
   "card"
  ],
  "payment_status": "unpaid",
  "phone_number_collection": {
   "enabled": false
  },
  "recovered_from": null,
  "saved_payment_method_options": {
   "allow_redisplay_filters": null,
   "payment_method_remove": null,
   "payment_method_save": null
  },
  "setup_intent": null,
  "shipping_address_collection": {
   "allowed_countries": [
    "SC"
   ]
  },
  "shipping_cost": {
   "amount_subtotal": 1555417355,
   "amount_tax": 1424534716,
   "amount_total": 1117121693,
   "shipping_rate": null
  },
  "shipping_options": [],
  "status": "open",
  "submit_type": null,
  "subscription": null,
  "success_url": "https://example.com/success",
  "total_details": {
   "amount_discount": 406046392,
   "amount_shipping": null,
   "amount_tax": 1424534716
  },
  "ui_mode": null,
  "url": "https://checkout.stripe.com/pay/c/cs_test_a1YS1URlnyQCN5fUUduORoQ7Pw41PJqDWkIVQCpJPqkfIhd6tVY8XB1OLY",
  "adaptive_pricing": {
   "enabled": true
  },
  "discounts": null,
  "collected_information": {
   "shipping_details": {
    "address": {
     "city": null,
     "country": null,
     "line1": null,
     "line2": null,
     "postal_code": null,
     "state": null
    },
    "name": "name"
   },
   "business_name": null,
   "individual_name": null
  },
  "permissions": {
   "update_shipping_details": null
  },
  "wallet_options": {},
  "origin_context": null,
  "currency_conversion": {
   "amount_subtotal": 1555417355,
   "amount_total": 1117121693,
   "fx_rate": "291452898",
   "source_currency": "usd"
  },
  "customer_account": null,
  "integration_identifier": null,
  "managed_payments": {
   "enabled": true
  }
 },
 "subscription": {
  "application": null,
  "application_fee_percent": null,
  "automatic_tax": {
   "enabled": false,
   "liability": {
    "type": "account"
   },
   "disabled_reason": null
  },
  "billing_cycle_anchor": 1234567890,
  "billing_cycle_anchor_config": {
   "day_of_month": 1361669285,
   "hour": null,
   "minute": null,
   "month": null,
   "second": null
  },
  "cancel_at": 1234567890,
  "canceled_at": 1234567890,
  "cancellation_details": {
   "comment": null,
   "feedback": null,
   "reason": null
  },
  "collection_method": "charge_automatically",
  "created": 1234567890,
  "currency": "usd",
  "customer": "cus_QXg1o8vcGmoR32",
  "days_until_due": null,
  "default_payment_method": null,
  "default_source": null,
  "default_tax_rates": [],
  "description": null,
  "discounts": [],
  "ended_at": 1234567890,
  "id": "sub_1Pgc6rB7WZ01zgkWNy0Cn5nw",
  "invoice_settings": {
   "account_tax_ids": null,
   "issuer": {
    "type": "self"
   },
   "custom_fields": null,
   "description": null,
   "footer": null
  },
  "items": {
   "data": [
    {
     "created": 1721954054,
     "discounts": [],
     "id": "si_QXhVnC2h0Jczwc",
     "metadata": {},
     "object": "subscription_item",
     "price": {
      "active": true,
      "billing_scheme": "per_unit",
      "created": 1721948530,
      "currency": "usd",
      "custom_unit_amount": {
       "maximum": null,
       "minimum": null,
       "preset": null
      },
      "id": "price_1PgafmB7WZ01zgkW6dKueIc5",
      "livemode": false,
      "lookup_key": null,
      "metadata": {},
      "nickname": null,
      "object": "price",
      "product": "prod_QXg1hqf4jFNsqG",
      "recurring": {
       "interval": "month",
       "interval_count": 1,
       "meter": null,
       "usage_type": "licensed",
       "trial_period_days": null
      },
      "tax_behavior": "unspecified",
      "tiers_mode": null,
      "transform_quantity": {
       "divide_by": 1592560163,
       "round": "down"
      },
      "type": "recurring",
      "unit_amount": 2000,
      "unit_amount_decimal": "2000"
     },
     "quantity": 1,
     "subscription": "sub_1Pgc6rB7WZ01zgkWNy0Cn5nw",
     "tax_rates": [],
     "plan": {
      "active": true,
      "amount": null,
      "amount_decimal": null,
      "billing_scheme": "tiered",
      "created": 1028554472,
      "currency": "currency",
      "id": "obj_123",
      "interval": "month",
      "interval_count": 797691627,
      "livemode": true,
      "metadata": null,
      "meter": null,
      "nickname": null,
      "object": "plan",
      "product": null,
      "tiers_mode": null,
      "transform_usage": {
       "divide_by": 1592560163,
       "round": "down"
      },
      "trial_period_days": null,
      "usage_type": "licensed"
     },
     "current_period_end": 976287773,
     "current_period_start": 1896570518,
     "billing_thresholds": {
      "usage_gte": null
     }
    }
   ],
   "has_more": false,
   "object": "list",
   "url": "/v1/subscription_items?subscription=sub_1Pgc6rB7WZ01zgkWNy0Cn5nw"
  },
  "latest_invoice": null,
  "livemode": false,
  "metadata": {},
  "next_pending_invoice_item_invoice": 1234567890,
  "object": "subscription",
  "on_behalf_of": null,
  "pause_collection": {
   "behavior": "mark_uncollectible",
   "resumes_at": null
  },
  "payment_settings": {
   "payment_method_options": {
    "acss_debit": {},
    "bancontact": {
     "preferred_language": "fr"
    },
    "card": {
     "network": null,
     "request_three_d_secure": null
    },
    "customer_balance": {
     "funding_type": null
    },
    "konbini": {},
    "sepa_debit": {},
    "us_bank_account": {},
    "payto": {},
    "pix": {},
    "upi": {}
   },
   "payment_method_types": null,
   "save_default_payment_method": null
  },
  "pending_invoice_item_interval": {
   "interval": "month",
   "interval_count": 797691627
  },
  "pending_setup_intent": null,
  "pending_update": {
   "billing_cycle_anchor": null,
   "discount": {
    "checkout_session": null,
    "customer": null,
    "end": null,
    "id": "obj_123",
    "invoice": null,
    "invoice_item": null,
    "object": "discount",
    "promotion_code": null,
    "start": 109757538,
    "subscription": null,
    "subscription_item": null,
    "source": {
     "coupon": null,
     "type": "coupon"
    },
    "customer_account": null
   },
   "discounts": [],
   "expires_at": 833811170,
   "subscription_items": null,
   "trial_end": null,
   "trial_from_plan": null,
   "metadata": null
  },
  "schedule": null,
  "start_date": 1234567890,
  "status": "active",
  "test_clock": null,
  "transfer_data": {
   "amount_percent": null,
   "destination": {
    "id": "obj_123",
    "object": "account"
   }
  },
  "trial_end": 1234567890,
  "trial_settings": {
   "end_behavior": {
    "missing_payment_method": "create_invoice"
   }
  },
  "trial_start": 1234567890,
  "cancel_at_period_end": true,
  "billing_thresholds": {
   "amount_gte": null,
   "reset_billing_cycle_anchor": null
  },
  "billing_mode": {
   "type": "classic",
   "flexible": {}
  },
  "customer_account": null,
  "managed_payments": {
   "enabled": true
  },
  "billing_schedules": [
   {
    "applies_to": null,
    "bill_until": {
     "computed_timestamp": 2082605468,
     "duration": {
      "interval": "month",
      "interval_count": null
     },
     "timestamp": null,
     "type": "duration"
    },
    "key": "key"
   }
  ]
 },
 "subscription_item": {
  "created": 1721954060,
  "discounts": [],
  "id": "si_QXhVBoJ7NQdNXh",
  "metadata": {},
  "object": "subscription_item",
  "price": {
   "active": true,
   "billing_scheme": "per_unit",
   "created": 1721948530,
   "currency": "usd",
   "custom_unit_amount": {
    "maximum": null,
    "minimum": null,
    "preset": null
   },
   "id": "price_1PgafmB7WZ01zgkW6dKueIc5",
   "livemode": false,
   "lookup_key": null,
   "metadata": {},
   "nickname": null,
   "object": "price",
   "product": "prod_QXg1hqf4jFNsqG",
   "recurring": {
    "interval": "month",
    "interval_count": 1,
    "meter": null,
    "usage_type": "licensed",
    "trial_period_days": null
   },
   "tax_behavior": "unspecified",
   "tiers_mode": null,
   "transform_quantity": {
    "divide_by": 1592560163,
    "round": "down"
   },
   "type": "recurring",
   "unit_amount": 2000,
   "unit_amount_decimal": "2000"
  },
  "quantity": 1,
  "subscription": "sub_1Pgc6xB7WZ01zgkWJMvZp5ja",
  "tax_rates": [],
  "plan": {
   "active": true,
   "amount": null,
   "amount_decimal": null,
   "billing_scheme": "tiered",
   "created": 1028554472,
   "currency": "currency",
   "id": "obj_123",
   "interval": "month",
   "interval_count": 797691627,
   "livemode": true,
   "metadata": null,
   "meter": null,
   "nickname": null,
   "object": "plan",
   "product": null,
   "tiers_mode": null,
   "transform_usage": {
    "divide_by": 1592560163,
    "round": "down"
   },
   "trial_period_days": null,
   "usage_type": "licensed"
  },
  "current_period_end": 976287773,
  "current_period_start": 1896570518,
  "billing_thresholds": {
   "usage_gte": null
  }
 },
 "invoice": {
  "account_country": "US",
  "account_name": null,
  "account_tax_ids": null,
  "amount_due": 1000,
  "amount_paid": 0,
  "amount_remaining": 1000,
  "amount_shipping": 0,
  "application": null,
  "attempt_count": 0,
  "attempted": false,
  "auto_advance": false,
  "automatic_tax": {
   "enabled": false,
   "liability": {
    "type": "account"
   },
   "status": null,
   "disabled_reason": null,
   "provider": null
  },
  "billing_reason": "manual",
  "collection_method": "charge_automatically",
  "created": 1234567890,
  "currency": "usd",
  "custom_fields": null,
  "customer": "cus_QXg1o8vcGmoR32",
  "customer_address": {
   "city": null,
   "country": null,
   "line1": null,
   "line2": null,
   "postal_code": null,
   "state": null
  },
  "customer_email": null,
  "customer_name": null,
  "customer_phone": null,
  "customer_shipping": {},
  "customer_tax_exempt": "none",
  "customer_tax_ids": [],
  "default_payment_method": null,
  "default_source": null,
  "default_tax_rates": [],
  "description": null,
  "discounts": [],
  "due_date": 1234567890,
  "effective_at": 1234567890,
  "ending_balance": null,
  "footer": null,
  "from_invoice": {
   "action": "action",
   "invoice": "invoice"
  },
  "hosted_invoice_url": null,
  "id": "in_1Pgc6tB7WZ01zgkWu9fdqL6I",
  "invoice_pdf": null,
  "issuer": {
   "type": "self"
  },
  "last_finalization_error": {
   "type": "idempotency_error"
  },
  "latest_revision": null,
  "lines": {
   "data": [
    {
     "amount": 1000,
     "currency": "usd",
     "description": "My First Invoice Item (created for API docs)",
     "discount_amounts": [],
     "discountable": true,
     "discounts": [],
     "id": "il_1Pgc6sB7WZ01zgkWFnxLrLCq",
     "invoice": "in_1Pgc6tB7WZ01zgkWu9fdqL6I",
     "livemode": false,
     "metadata": {},
     "object": "line_item",
     "period": {
      "end": 1721954054,
      "start": 1721954054
     },
     "quantity": 1,
     "subscription": null,
     "pretax_credit_amounts": null,
     "taxes": null,
     "parent": {
      "invoice_item_details": {
       "invoice_item": "invoice_item",
       "proration": true,
       "proration_details": {
        "credited_items": {
         "invoice": "invoice",
         "invoice_line_items": [
          "invoice_line_items"
         ]
        }
       },
       "subscription": null
      },
      "subscription_item_details": {
       "invoice_item": null,
       "proration": true,
       "proration_details": {
        "credited_items": {
         "invoice": "invoice",
         "invoice_line_items": [
          "invoice_line_items"
         ]
        }
       },
       "subscription": "subscription",
       "subscription_item": "subscription_item"
      },
      "type": "invoice_item_details"
     },
     "pricing": {
      "type": "price_details",
      "unit_amount_decimal": null
     },
     "subtotal": 2060319484,
     "quantity_decimal": null
    }
   ],
   "has_more": false,
   "object": "list",
   "url": "/v1/invoices/in_1Pgc6tB7WZ01zgkWu9fdqL6I/lines"
  },
  "livemode": false,
  "metadata": {},
  "next_payment_attempt": 1234567890,
  "number": null,
  "object": "invoice",
  "on_behalf_of": null,
  "payment_settings": {
   "default_mandate": null,
   "payment_method_options": {
    "acss_debit": {},
    "bancontact": {
     "preferred_language": "fr"
    },
    "card": {
     "request_three_d_secure": null
    },
    "customer_balance": {
     "funding_type": null
    },
    "konbini": {},
    "sepa_debit": {},
    "us_bank_account": {},
    "payto": {},
    "pix": {
     "amount_includes_iof": null
    },
    "upi": {}
   },
   "payment_method_types": null
  },
  "period_end": 1234567890,
  "period_start": 1234567890,
  "post_payment_credit_notes_amount": 0,
  "pre_payment_credit_notes_amount": 0,
  "receipt_number": null,
  "rendering": {
   "amount_tax_display": null,
   "pdf": {
    "page_size": null
   },
   "template": null,
   "template_version": null
  },
  "shipping_cost": {
   "amount_subtotal": 1555417355,
   "amount_tax": 1424534716,
   "amount_total": 1117121693,
   "shipping_rate": null
  },
  "shipping_details": {},
  "starting_balance": 0,
  "statement_descriptor": null,
  "status": "draft",
  "status_transitions": {
   "finalized_at": null,
   "marked_uncollectible_at": null,
   "paid_at": null,
   "voided_at": null
  },
  "subscription": null,
  "subtotal": 1000,
  "subtotal_excluding_tax": 1000,
  "test_clock": null,
  "total": 1000,
  "total_discount_amounts": [],
  "total_excluding_tax": 1000,
  "webhooks_delivered_at": 1234567890,
  "automatically_finalizes_at": null,
  "total_pretax_credit_amounts": null,
  "total_taxes": null,
  "amount_overpaid": 149300825,
  "parent": {
   "quote_details": {
    "quote": "quote"
   },
   "subscription_details": {
    "metadata": null,
    "subscription": "subscription"
   },
   "type": "quote_details"
  },
  "customer_account": null
 },
 "event": {
  "api_version": null,
  "created": 1234567890,
  "data": {
   "object": {
    "active": true,
    "aggregate_usage": null,
    "amount": 2000,
    "amount_decimal": "2000",
    "billing_scheme": "per_unit",
    "created": 1721948530,
    "currency": "usd",
    "id": "price_1PgafmB7WZ01zgkW6dKueIc5",
    "interval": "month",
    "interval_count": 1,
    "livemode": false,
    "metadata": {},
    "meter": null,
    "nickname": null,
    "object": "plan",
    "product": "prod_QXg1hqf4jFNsqG",
    "tiers_mode": null,
    "transform_usage": null,
    "trial_period_days": null,
    "usage_type": "licensed"
   }
  },
  "id": "evt_1Pgc76B7WZ01zgkWwyRHS12y",
  "livemode": false,
  "object": "event",
  "pending_webhooks": 0,
  "request": {
   "id": null,
   "idempotency_key": null
  },
  "type": "plan.created"
 },
 "billing_portal.session": {
  "configuration": "bpc_1Pgc7HB7WZ01zgkWxH2EPWRX",
  "created": 1234567890,
  "customer": "cus_QXg1o8vcGmoR32",
  "flow": {
   "after_completion": {
    "hosted_confirmation": {
     "custom_message": null
    },
    "redirect": {
     "return_url": "return_url"
    },
    "type": "hosted_confirmation"
   },
   "subscription_cancel": {
    "retention": {
     "coupon_offer": {
      "coupon": "coupon"
     },
     "type": "coupon_offer"
    },
    "subscription": "subscription"
   },
   "subscription_update": {
    "subscription": "subscription"
   },
   "subscription_update_confirm": {
    "discounts": null,
    "items": [
     {
      "id": null,
      "price": null
     }
    ],
    "subscription": "subscription"
   },
   "type": "subscription_update"
  },
  "id": "bps_1Pgc7HB7WZ01zgkWNs8s9Auh",
  "livemode": true,
  "locale": null,
  "object": "billing_portal.session",
  "on_behalf_of": null,
  "return_url": "https://example.com/account",
  "url": "https://sangeekp-15t6ai--customer_portal-mydev.dev.stripe.me/session/{SESSION_SECRET}",
  "customer_account": null
 },
 "webhook_endpoint": {
  "api_version": null,
  "application": null,
  "created": 1234567890,
  "description": "This is my webhook, I like it a lot",
  "enabled_events": [
   "charge.failed",
   "charge.succeeded"
  ],
  "id": "we_1Pgc6yB7WZ01zgkWzAudq4eU",
  "livemode": false,
  "metadata": {},
  "object": "webhook_endpoint",
  "status": "enabled",
  "url": "https://example.com/my/webhook/endpoint"
 }
};
