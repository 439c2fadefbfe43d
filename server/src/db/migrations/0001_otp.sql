CREATE TABLE "otp_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"msisdn" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts_left" integer NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"client_ip" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"unique_code_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"challenge_id" text NOT NULL,
	"msisdn" text NOT NULL,
	"client_ip" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "otp_msisdn_created_idx" ON "otp_challenges" USING btree ("msisdn","created_at");--> statement-breakpoint
CREATE INDEX "otp_ip_created_idx" ON "otp_challenges" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "otp_sends_msisdn_idx" ON "otp_sends" USING btree ("msisdn","sent_at");--> statement-breakpoint
CREATE INDEX "otp_sends_ip_idx" ON "otp_sends" USING btree ("client_ip","sent_at");