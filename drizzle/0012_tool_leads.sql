-- The contact a visitor leaves when using a free tool (the contract summariser); nothing of the file is stored.
CREATE TABLE "tool_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool" text NOT NULL,
	"email" text NOT NULL,
	"empresa" text NOT NULL,
	"telefone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_leads_tool_check" CHECK ("tool_leads"."tool" in ('sumarizador-contratos'))
);
--> statement-breakpoint
CREATE INDEX "tool_leads_created_at_idx" ON "tool_leads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tool_leads_email_idx" ON "tool_leads" USING btree (lower("email"));