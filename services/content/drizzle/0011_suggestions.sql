CREATE TABLE "suggestions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suggestions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_id" integer NOT NULL,
	"quote" jsonb NOT NULL,
	"replacement" text NOT NULL,
	"note" text,
	"author_kind" text NOT NULL,
	"author_name" text NOT NULL,
	"author_id" integer NOT NULL,
	"request_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suggestions_document_idx" ON "suggestions" USING btree ("document_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suggestions_request_key_idx" ON "suggestions" USING btree ("request_key");