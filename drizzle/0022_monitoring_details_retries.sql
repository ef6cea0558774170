ALTER TABLE "monitored_processes" ADD COLUMN "detalhes" jsonb;--> statement-breakpoint
ALTER TABLE "monitored_processes" ADD COLUMN "nao_encontrado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitored_processes" ADD COLUMN "proxima_tentativa" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitored_processes" ADD COLUMN "falhas_seguidas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitored_processes" ADD COLUMN "status_consultado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "process_updates" ADD COLUMN "codigo" integer;