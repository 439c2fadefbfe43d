CREATE TABLE "form_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"form_name" text NOT NULL,
	"language" text NOT NULL,
	"fingerprint" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"unique_code_hash" text NOT NULL,
	"otp_challenge_id" text NOT NULL,
	"lead_type" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"feasible" boolean NOT NULL,
	"full_name" text NOT NULL,
	"contact_msisdn" text NOT NULL,
	"email" text NOT NULL,
	"line_type" text NOT NULL,
	"consent" boolean NOT NULL,
	"consent_text" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"address_type" text NOT NULL,
	"street1" text NOT NULL,
	"landmark" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"location_source" text NOT NULL,
	"plan_code" text NOT NULL,
	"plan_description" text NOT NULL,
	"plan_amount_kobo" bigint NOT NULL,
	"connection_fee_kobo" bigint NOT NULL,
	"currency" text NOT NULL,
	"device_id" text,
	"form_id" text,
	"language" text NOT NULL,
	"payment_transaction_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "form_submissions_fingerprint_idx" ON "form_submissions" USING btree ("fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "leads_fingerprint_idx" ON "leads" USING btree ("fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "leads_contact_idx" ON "leads" USING btree ("contact_msisdn","created_at");--> statement-breakpoint
CREATE INDEX "leads_unique_code_idx" ON "leads" USING btree ("unique_code_hash");