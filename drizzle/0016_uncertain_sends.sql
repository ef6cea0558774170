-- One policy for uncertain sends (docs/decisions/0039): the outbox status 'incerto' (the outcome of a send
-- is unknown; never repeated automatically), the WhatsApp status webhook's reports stored once per message
-- id and status, the furthest one kept on the row, and the index that keeps a recipient's messages in order.
CREATE TABLE "whatsapp_status_events" (
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"error_code" integer,
	"error_title" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_status_events_provider_message_id_status_pk" PRIMARY KEY("provider_message_id","status"),
	CONSTRAINT "whatsapp_status_events_status_check" CHECK ("whatsapp_status_events"."status" in ('sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_status_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_pending_recipient_idx" ON "outbox" USING btree ("channel","recipient","created_at") WHERE "outbox"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_provider_message_id_idx" ON "outbox" USING btree ("provider_message_id") WHERE "outbox"."provider_message_id" is not null;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_provider_status_check" CHECK ("outbox"."provider_status" in ('sent', 'delivered', 'read', 'failed'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('queued', 'sending', 'sent', 'failed', 'incerto'));