CREATE TABLE "image_probes" (
	"account_id" uuid NOT NULL,
	"url" text NOT NULL,
	"format" text,
	"width" integer,
	"height" integer,
	"bytes" bigint,
	"failure" text,
	"probed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_probes_account_id_url_pk" PRIMARY KEY("account_id","url")
);
--> statement-breakpoint
ALTER TABLE "image_probes" ADD CONSTRAINT "image_probes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;