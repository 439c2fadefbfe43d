DROP INDEX "transactions_reversal_due_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "fulfil_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_attempts_provider_reference_idx" ON "payment_attempts" USING btree ("provider","provider_reference") WHERE "payment_attempts"."provider_reference" is not null;--> statement-breakpoint
CREATE INDEX "transactions_reversal_due_idx" ON "transactions" USING btree ("reversal_due_at") WHERE "transactions"."reversal_done_at" is null;