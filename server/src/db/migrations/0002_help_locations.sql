CREATE TABLE "faq_votes" (
	"opco" text NOT NULL,
	"question_id" text NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faq_votes_opco_question_id_pk" PRIMARY KEY("opco","question_id")
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"opco" text NOT NULL,
	"language" text NOT NULL,
	"question_id" text NOT NULL,
	"parent_category" text NOT NULL,
	"category" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"href" text NOT NULL,
	"popular" boolean NOT NULL,
	"rank" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faqs_opco_language_question_id_pk" PRIMARY KEY("opco","language","question_id")
);
--> statement-breakpoint
CREATE TABLE "service_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"opco" text NOT NULL,
	"language" text NOT NULL,
	"rating" smallint NOT NULL,
	"topic" text NOT NULL,
	"comment" text NOT NULL,
	"msisdn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" text PRIMARY KEY NOT NULL,
	"opco" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phy_location" text NOT NULL,
	"ph_number" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "service_feedback_created_idx" ON "service_feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shops_opco_type_lat_idx" ON "shops" USING btree ("opco","type","latitude");