ALTER TABLE "document_revisions" ADD COLUMN "author" jsonb;--> statement-breakpoint
ALTER TABLE "document_revisions" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "content_author" jsonb;