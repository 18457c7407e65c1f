ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The account the seeder made before this marker existed, recognised by every value it wrote
-- (the default username, email and name): it stays the demo account rather than blocking start-up.
UPDATE "users" SET "is_demo" = true WHERE "username" = 'demo' AND "email" = 'demo@prd-studio.local' AND "name" = 'Demo User' AND NOT "is_guest";
