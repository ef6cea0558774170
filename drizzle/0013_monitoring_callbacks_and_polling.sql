-- Process monitoring's background side (docs/decisions/0030): Escavador callbacks stored once by uuid, and each
-- monitored process's next polling slot.
CREATE TABLE "escavador_callbacks" (
	"uuid" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"numero" text,
	"monitoring_ref" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"matched_processes" integer
);
--> statement-breakpoint
ALTER TABLE "monitored_processes" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "escavador_callbacks_unprocessed_idx" ON "escavador_callbacks" USING btree ("received_at") WHERE "escavador_callbacks"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "monitored_processes_next_check_idx" ON "monitored_processes" USING btree ("next_check_at" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "monitored_processes_provider_ref_idx" ON "monitored_processes" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "monitored_processes_numero_idx" ON "monitored_processes" USING btree ("numero");