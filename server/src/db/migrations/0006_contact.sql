CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"opco" text NOT NULL,
	"language" text NOT NULL,
	"full_name" text NOT NULL,
	"msisdn" text NOT NULL,
	"email" text,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");