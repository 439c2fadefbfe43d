CREATE TABLE "faq_visitor_votes" (
	"opco" text NOT NULL,
	"question_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"is_like" boolean NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faq_visitor_votes_opco_question_id_visitor_id_pk" PRIMARY KEY("opco","question_id","visitor_id")
);
