CREATE TABLE "sales_sku_days" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"currency" text NOT NULL,
	"units" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_sku_days_account_id_day_channel_id_sku_currency_pk" PRIMARY KEY("account_id","day","channel_id","sku","currency")
);
