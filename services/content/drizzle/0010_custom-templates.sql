ALTER TABLE "templates" ALTER COLUMN "slug" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "templates_owner_idx" ON "templates" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "templates_workspace_idx" ON "templates" USING btree ("workspace_id");