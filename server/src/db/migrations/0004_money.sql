CREATE TABLE "payment_attempts" (
	"transaction_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	CONSTRAINT "payment_attempts_transaction_id_attempt_pk" PRIMARY KEY("transaction_id","attempt")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "start_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "start_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reversal_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reversal_done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reversal_outcome" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_reference_uq" ON "payment_attempts" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "payment_attempts_unresolved_idx" ON "payment_attempts" USING btree ("resolved_at","created_at");--> statement-breakpoint
CREATE INDEX "transactions_reversal_due_idx" ON "transactions" USING btree ("reversal_due_at");