CREATE TABLE "change_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" uuid,
	"skus" integer NOT NULL,
	"values" integer NOT NULL,
	"extra_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid
);
--> statement-breakpoint
ALTER TABLE "change_batches" ADD CONSTRAINT "change_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_batches" ADD CONSTRAINT "change_batches_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_batches" ADD CONSTRAINT "change_batches_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_batches_account_created_idx" ON "change_batches" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "changes_account_cause_ref_idx" ON "changes" USING btree ("account_id","cause_ref");