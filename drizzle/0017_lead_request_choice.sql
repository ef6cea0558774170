-- The client chooses the lawyers (docs/decisions/0043): the lawyers ticked on the form and the sentence the
-- client agreed to are stored with the request. Requests stored before keep an empty list and no sentence.
ALTER TABLE "lead_requests" ADD COLUMN "chosen_lawyer_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_requests" ADD COLUMN "agreement" text;