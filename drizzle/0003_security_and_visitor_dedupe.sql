CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_views" ADD COLUMN "visitor_hash" text;--> statement-breakpoint
ALTER TABLE "whatsapp_clicks" ADD COLUMN "visitor_hash" text;--> statement-breakpoint
CREATE INDEX "rate_limits_window_ends_idx" ON "rate_limits" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "profile_views_visitor_idx" ON "profile_views" USING btree ("lawyer_id","visitor_hash","viewed_at");--> statement-breakpoint
CREATE INDEX "whatsapp_clicks_visitor_idx" ON "whatsapp_clicks" USING btree ("lawyer_id","visitor_hash","clicked_at");