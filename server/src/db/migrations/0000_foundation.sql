CREATE TABLE "content_pages" (
	"opco" text NOT NULL,
	"language" text NOT NULL,
	"page_url" text NOT NULL,
	"package_html" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_opco_language_page_url_pk" PRIMARY KEY("opco","language","page_url")
);
--> statement-breakpoint
CREATE TABLE "market_config" (
	"code" text PRIMARY KEY NOT NULL,
	"config_data" jsonb NOT NULL,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"reference" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"reason" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"transaction_type" text NOT NULL,
	"payment_mode" text NOT NULL,
	"payment_gateway" text,
	"msisdn" text NOT NULL,
	"payment_mobile" text,
	"email" text,
	"amount_kobo" bigint NOT NULL,
	"currency" text NOT NULL,
	"product_code" text,
	"bundle_description" text,
	"account_id" text,
	"invoice_number" text,
	"lead_id" text,
	"provider_reference" text,
	"status_reason" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_key_uq" ON "provider_events" USING btree ("provider","event_key");--> statement-breakpoint
CREATE INDEX "transaction_events_tx_idx" ON "transaction_events" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_idempotency_key_uq" ON "transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_reference_uq" ON "transactions" USING btree ("provider_reference");--> statement-breakpoint
CREATE INDEX "transactions_state_updated_idx" ON "transactions" USING btree ("state","updated_at");