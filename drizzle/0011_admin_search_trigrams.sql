-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it. PGlite loads it in app/db/client.server.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "lawyer_profiles_nome_trgm_idx" ON "lawyer_profiles" USING gin ("nome" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lawyer_profiles_email_trgm_idx" ON "lawyer_profiles" USING gin ("email" gin_trgm_ops);