-- Share links keep only their token's SHA-256 (docs/decisions/0030-share-link-hashes.md). Links already given out keep working: their hash is taken from the stored token before it is dropped.
ALTER TABLE "share_links" DROP CONSTRAINT "share_links_token_unique";--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "token_hash" text;--> statement-breakpoint
UPDATE "share_links" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "share_links" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" DROP COLUMN "token";--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_token_hash_unique" UNIQUE("token_hash");
