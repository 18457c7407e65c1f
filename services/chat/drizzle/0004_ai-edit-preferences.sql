CREATE TABLE "ai_edit_preferences" (
	"user_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_edit_preferences_user_id_document_id_pk" PRIMARY KEY("user_id","document_id")
);
