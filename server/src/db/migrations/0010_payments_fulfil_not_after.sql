ALTER TABLE "transactions" ADD COLUMN "fulfil_not_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_lease_until" timestamp with time zone;