CREATE TABLE "activity_days" (
	"day" date PRIMARY KEY NOT NULL,
	"leads" integer NOT NULL,
	"profile_views" integer NOT NULL,
	"whatsapp_clicks" integer NOT NULL,
	"new_lawyers" integer NOT NULL,
	"lead_cities" jsonb NOT NULL,
	"lead_areas" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
