-- Issue 27 (decisions 0061 and 0062). The OAB check of a review: when a superadmin confirmed the
-- inscription in the Cadastro Nacional dos Advogados, and who. Lawyers approved before this migration
-- keep null: nothing recorded that anyone checked the CNA, so the platform does not claim it; they head
-- the back office's 'Conferir de novo' list (never checked first) and show their OAB without a date
-- until a superadmin checks them. A new status 'suspended' (search, profiles, the sitemap, landing pages
-- and lead routing all read status = 'approved', and so do the search-order and landing triggers).
-- scam_reports: the clients' reports ('Denunciar').
CREATE TABLE "scam_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"relato" text NOT NULL,
	"numero" text NOT NULL,
	"contato" text,
	"lawyer_id" text,
	"profile_id" text,
	"status" text DEFAULT 'nova' NOT NULL,
	"status_changed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scam_reports_status_check" CHECK ("scam_reports"."status" in ('nova', 'em_analise', 'resolvida', 'descartada'))
);
--> statement-breakpoint
ALTER TABLE "lawyer_profiles" DROP CONSTRAINT "lawyer_profiles_status_check";--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "oab_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "oab_checked_by" text;--> statement-breakpoint
ALTER TABLE "scam_reports" ADD CONSTRAINT "scam_reports_lawyer_id_lawyer_profiles_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyer_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scam_reports" ADD CONSTRAINT "scam_reports_profile_id_lawyer_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."lawyer_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scam_reports" ADD CONSTRAINT "scam_reports_status_changed_by_user_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scam_reports_created_at_idx" ON "scam_reports" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "scam_reports_status_created_idx" ON "scam_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD CONSTRAINT "lawyer_profiles_oab_checked_by_user_id_fk" FOREIGN KEY ("oab_checked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lawyer_profiles_whatsapp_idx" ON "lawyer_profiles" USING btree ("whatsapp") WHERE "lawyer_profiles"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "lawyer_profiles_oab_checked_idx" ON "lawyer_profiles" USING btree ("oab_checked_at" NULLS FIRST,"id") WHERE "lawyer_profiles"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD CONSTRAINT "lawyer_profiles_status_check" CHECK ("lawyer_profiles"."status" in ('pending', 'approved', 'rejected', 'suspended'));
