ALTER TABLE "lead_requests" ADD COLUMN "chosen_lawyer_id" text;--> statement-breakpoint
ALTER TABLE "lead_requests" ADD COLUMN "dedupe_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_requests" ADD COLUMN "removal_token_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_requests" ADD CONSTRAINT "lead_requests_chosen_lawyer_id_lawyer_profiles_id_fk" FOREIGN KEY ("chosen_lawyer_id") REFERENCES "public"."lawyer_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_requests_dedupe_idx" ON "lead_requests" USING btree ("dedupe_key","created_at");--> statement-breakpoint
CREATE INDEX "lead_requests_chosen_lawyer_idx" ON "lead_requests" USING btree ("chosen_lawyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_requests_removal_token_idx" ON "lead_requests" USING btree ("removal_token_hash");