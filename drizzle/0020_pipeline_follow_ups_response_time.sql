CREATE TABLE "follow_up_digest_days" (
	"day" date PRIMARY KEY NOT NULL,
	"lawyers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_digests" (
	"lawyer_id" text NOT NULL,
	"day" date NOT NULL,
	"follow_ups" integer DEFAULT 0 NOT NULL,
	"waiting_leads" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_up_digests_lawyer_id_day_pk" PRIMARY KEY("lawyer_id","day")
);
--> statement-breakpoint
ALTER TABLE "lead_events" DROP CONSTRAINT "lead_events_kind_check";--> statement-breakpoint
ALTER TABLE "lead_statuses" ADD COLUMN "kind" text DEFAULT 'aberto' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_time" time;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason_text" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "agreed_fee_cents" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_contact_channel" text;--> statement-breakpoint
ALTER TABLE "follow_up_digests" ADD CONSTRAINT "follow_up_digests_lawyer_id_lawyer_profiles_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_up_digests_unsent_idx" ON "follow_up_digests" USING btree ("day","lawyer_id") WHERE "follow_up_digests"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "leads_assigned_follow_up_idx" ON "leads" USING btree ("assigned_to","follow_up_on") WHERE "leads"."follow_up_on" is not null;--> statement-breakpoint
CREATE INDEX "leads_assigned_closed_idx" ON "leads" USING btree ("assigned_to","closed_at") WHERE "leads"."closed_at" is not null;--> statement-breakpoint
CREATE INDEX "leads_assigned_waiting_idx" ON "leads" USING btree ("assigned_to","created_at") WHERE "leads"."first_contact_at" is null;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_kind_check" CHECK ("lead_events"."kind" in ('etapa', 'retorno', 'contato'));--> statement-breakpoint
ALTER TABLE "lead_statuses" ADD CONSTRAINT "lead_statuses_kind_check" CHECK ("lead_statuses"."kind" in ('aberto', 'ganho', 'perdido'));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_follow_up_time_check" CHECK ("leads"."follow_up_time" is null or "leads"."follow_up_on" is not null);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lost_reason_check" CHECK ("leads"."lost_reason" in ('sem_retorno', 'honorarios', 'fora_da_area', 'outro_advogado', 'outro'));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lost_reason_text_check" CHECK ("leads"."lost_reason_text" is null or char_length("leads"."lost_reason_text") <= 200);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_agreed_fee_check" CHECK ("leads"."agreed_fee_cents" is null or "leads"."agreed_fee_cents" between 0 and 100000000000);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_first_contact_channel_check" CHECK ("leads"."first_contact_channel" in ('whatsapp', 'email', 'nota', 'etapa'));--> statement-breakpoint
-- The default stages that close a lead (every lawyer starts with them): won and lost.
UPDATE "lead_statuses" SET "kind" = 'ganho' WHERE "name" = 'Contratado';--> statement-breakpoint
UPDATE "lead_statuses" SET "kind" = 'perdido' WHERE "name" = 'Não contratado';--> statement-breakpoint
-- Leads already in them were closed when they last changed (the best date on record).
UPDATE "leads" SET "closed_at" = "leads"."updated_at" FROM "lead_statuses" s WHERE s."id" = "leads"."status_id" AND s."kind" <> 'aberto';
