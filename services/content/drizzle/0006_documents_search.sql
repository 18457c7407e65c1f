-- search_documents (docs/decisions/0015-programmatic-access.md): a stored tsvector kept by PostgreSQL on every write, so a search neither parses documents again nor depends on the application writing it; capped at 250,000 characters so a document at the 2,000,000-character limit stays under the 1 MB tsvector limit.
ALTER TABLE "documents" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('english', left("title" || ' ' || "content", 250000))) STORED;
--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin ("search_vector");
