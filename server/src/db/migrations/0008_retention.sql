ALTER TABLE "transactions" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "provider_events_received_idx" ON "provider_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "transaction_events_created_idx" ON "transaction_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_not_anonymised_idx" ON "transactions" USING btree ("updated_at") WHERE "transactions"."anonymised_at" is null;--> statement-breakpoint
CREATE INDEX "otp_created_idx" ON "otp_challenges" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "otp_sends_sent_idx" ON "otp_sends" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "faq_visitor_votes_voted_idx" ON "faq_visitor_votes" USING btree ("voted_at");--> statement-breakpoint
CREATE INDEX "service_feedback_personal_idx" ON "service_feedback" USING btree ("created_at") WHERE "service_feedback"."msisdn" is not null or "service_feedback"."comment" <> '';--> statement-breakpoint
CREATE INDEX "form_submissions_created_idx" ON "form_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_not_anonymised_idx" ON "leads" USING btree ("updated_at") WHERE "leads"."anonymised_at" is null;