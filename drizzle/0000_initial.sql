CREATE TABLE "pending_registrations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalized_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "superadmins" (
	"id" text PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lawyer_id" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lawyer_id" text NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_page" text NOT NULL,
	CONSTRAINT "whatsapp_clicks_source_check" CHECK ("whatsapp_clicks"."source_page" in ('perfil_advogado', 'busca'))
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lawyer_cities" (
	"lawyer_id" text NOT NULL,
	"city_id" text NOT NULL,
	CONSTRAINT "lawyer_cities_lawyer_id_city_id_pk" PRIMARY KEY("lawyer_id","city_id"),
	CONSTRAINT "lawyer_cities_city_check" CHECK ("lawyer_cities"."city_id" in ('ac_rio_branco', 'al_maceio', 'ap_macapa', 'am_manaus', 'ba_salvador', 'ce_fortaleza', 'df_brasilia', 'es_vitoria', 'go_goiania', 'ma_sao_luis', 'mt_cuiaba', 'ms_campo_grande', 'mg_belo_horizonte', 'pa_belem', 'pb_joao_pessoa', 'pr_curitiba', 'pe_recife', 'pi_teresina', 'rj_rio_de_janeiro', 'rn_natal', 'rs_porto_alegre', 'ro_porto_velho', 'rr_boa_vista', 'sc_florianopolis', 'sp_sao_paulo', 'se_aracaju', 'to_palmas', 'sp_campinas', 'sp_santos', 'sp_guarulhos', 'sp_sao_bernardo_do_campo', 'sp_ribeirao_preto', 'sp_sorocaba', 'sp_sao_jose_dos_campos', 'rj_niteroi', 'rj_duque_de_caxias', 'mg_uberlandia', 'mg_contagem', 'mg_juiz_de_fora', 'sc_joinville', 'pr_londrina', 'pr_maringa', 'rs_caxias_do_sul', 'ba_feira_de_santana'))
);
--> statement-breakpoint
CREATE TABLE "lawyer_practice_areas" (
	"lawyer_id" text NOT NULL,
	"area_id" text NOT NULL,
	CONSTRAINT "lawyer_practice_areas_lawyer_id_area_id_pk" PRIMARY KEY("lawyer_id","area_id"),
	CONSTRAINT "lawyer_practice_areas_area_check" CHECK ("lawyer_practice_areas"."area_id" in ('civil', 'penal', 'familia', 'trabalho', 'consumidor', 'tributario', 'empresarial', 'imobiliario', 'ambiental', 'administrativo', 'previdenciario', 'internacional', 'digital', 'propriedade_intelectual', 'constitucional', 'arbitragem'))
);
--> statement-breakpoint
CREATE TABLE "lawyer_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"numero_oab" text NOT NULL,
	"oab_uf" text NOT NULL,
	"whatsapp" text NOT NULL,
	"whatsapp_notificacoes" text,
	"biografia" text NOT NULL,
	"foto_url" text,
	"slug" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rotation_key" integer DEFAULT floor(random() * 2147483647)::int NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lawyer_profiles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "lawyer_profiles_status_check" CHECK ("lawyer_profiles"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "lawyer_profiles_oab_uf_check" CHECK ("lawyer_profiles"."oab_uf" in ('AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO')),
	CONSTRAINT "lawyer_profiles_numero_oab_check" CHECK ("lawyer_profiles"."numero_oab" ~ '^[0-9]{3,10}$'),
	CONSTRAINT "lawyer_profiles_whatsapp_check" CHECK ("lawyer_profiles"."whatsapp" ~ '^[0-9]{10,15}$')
);
--> statement-breakpoint
CREATE TABLE "lead_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"whatsapp" text NOT NULL,
	"cidade" text NOT NULL,
	"area_atuacao" text NOT NULL,
	"descricao" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_requests_cidade_check" CHECK ("lead_requests"."cidade" in ('ac_rio_branco', 'al_maceio', 'ap_macapa', 'am_manaus', 'ba_salvador', 'ce_fortaleza', 'df_brasilia', 'es_vitoria', 'go_goiania', 'ma_sao_luis', 'mt_cuiaba', 'ms_campo_grande', 'mg_belo_horizonte', 'pa_belem', 'pb_joao_pessoa', 'pr_curitiba', 'pe_recife', 'pi_teresina', 'rj_rio_de_janeiro', 'rn_natal', 'rs_porto_alegre', 'ro_porto_velho', 'rr_boa_vista', 'sc_florianopolis', 'sp_sao_paulo', 'se_aracaju', 'to_palmas', 'sp_campinas', 'sp_santos', 'sp_guarulhos', 'sp_sao_bernardo_do_campo', 'sp_ribeirao_preto', 'sp_sorocaba', 'sp_sao_jose_dos_campos', 'rj_niteroi', 'rj_duque_de_caxias', 'mg_uberlandia', 'mg_contagem', 'mg_juiz_de_fora', 'sc_joinville', 'pr_londrina', 'pr_maringa', 'rs_caxias_do_sul', 'ba_feira_de_santana')),
	CONSTRAINT "lead_requests_area_check" CHECK ("lead_requests"."area_atuacao" in ('civil', 'penal', 'familia', 'trabalho', 'consumidor', 'tributario', 'empresarial', 'imobiliario', 'ambiental', 'administrativo', 'previdenciario', 'internacional', 'digital', 'propriedade_intelectual', 'constitucional', 'arbitragem'))
);
--> statement-breakpoint
CREATE TABLE "lead_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_statuses_color_check" CHECK ("lead_statuses"."color" in ('#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899', '#6b7280', '#14b8a6')),
	CONSTRAINT "lead_statuses_name_check" CHECK (length(trim("lead_statuses"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"telefone" text NOT NULL,
	"cidade" text NOT NULL,
	"area_interesse" text NOT NULL,
	"mensagem" text,
	"status" text DEFAULT 'novo' NOT NULL,
	"status_id" uuid,
	"assigned_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('novo', 'em_andamento', 'concluido')),
	CONSTRAINT "leads_cidade_check" CHECK ("leads"."cidade" in ('ac_rio_branco', 'al_maceio', 'ap_macapa', 'am_manaus', 'ba_salvador', 'ce_fortaleza', 'df_brasilia', 'es_vitoria', 'go_goiania', 'ma_sao_luis', 'mt_cuiaba', 'ms_campo_grande', 'mg_belo_horizonte', 'pa_belem', 'pb_joao_pessoa', 'pr_curitiba', 'pe_recife', 'pi_teresina', 'rj_rio_de_janeiro', 'rn_natal', 'rs_porto_alegre', 'ro_porto_velho', 'rr_boa_vista', 'sc_florianopolis', 'sp_sao_paulo', 'se_aracaju', 'to_palmas', 'sp_campinas', 'sp_santos', 'sp_guarulhos', 'sp_sao_bernardo_do_campo', 'sp_ribeirao_preto', 'sp_sorocaba', 'sp_sao_jose_dos_campos', 'rj_niteroi', 'rj_duque_de_caxias', 'mg_uberlandia', 'mg_contagem', 'mg_juiz_de_fora', 'sc_joinville', 'pr_londrina', 'pr_maringa', 'rs_caxias_do_sul', 'ba_feira_de_santana')),
	CONSTRAINT "leads_area_check" CHECK ("leads"."area_interesse" in ('civil', 'penal', 'familia', 'trabalho', 'consumidor', 'tributario', 'empresarial', 'imobiliario', 'ambiental', 'administrativo', 'previdenciario', 'internacional', 'digital', 'propriedade_intelectual', 'constitucional', 'arbitragem'))
);
--> statement-breakpoint
CREATE TABLE "lawyer_api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" text NOT NULL,
	"token_name" text NOT NULL,
	"encrypted_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "monitored_processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" text NOT NULL,
	"numero" text NOT NULL,
	"tribunal" text,
	"frequencia" text DEFAULT 'DIARIA' NOT NULL,
	"status" text DEFAULT 'PENDENTE' NOT NULL,
	"provider_ref" text,
	"ultima_verificacao" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitored_processes_frequencia_check" CHECK ("monitored_processes"."frequencia" in ('DIARIA', 'SEMANAL')),
	CONSTRAINT "monitored_processes_status_check" CHECK ("monitored_processes"."status" in ('PENDENTE', 'ENCONTRADO', 'NAO_ENCONTRADO')),
	CONSTRAINT "monitored_processes_numero_check" CHECK ("monitored_processes"."numero" ~ '^[0-9]{7}-[0-9]{2}\.[0-9]{4}\.[0-9]\.[0-9]{2}\.[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "process_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"processo_id" uuid NOT NULL,
	"data" timestamp with time zone NOT NULL,
	"descricao" text NOT NULL,
	"tipo" text DEFAULT 'ANDAMENTO' NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "process_updates_tipo_check" CHECK ("process_updates"."tipo" in ('ANDAMENTO', 'DECISAO', 'DESPACHO', 'SENTENCA'))
);
--> statement-breakpoint
CREATE TABLE "lawyer_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" text NOT NULL,
	"plan_type" text NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lawyer_plans_plan_type_check" CHECK ("lawyer_plans"."plan_type" in ('gratuito', 'basico', 'intermediario', 'premium')),
	CONSTRAINT "lawyer_plans_status_check" CHECK ("lawyer_plans"."status" in ('active', 'cancelled')),
	CONSTRAINT "lawyer_plans_dates_check" CHECK ("lawyer_plans"."end_date" is null or "lawyer_plans"."end_date" > "lawyer_plans"."start_date")
);
--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD CONSTRAINT "pending_registrations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superadmins" ADD CONSTRAINT "superadmins_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_lawyer_id_lawyer_profiles_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_clicks" ADD CONSTRAINT "whatsapp_clicks_lawyer_id_lawyer_profiles_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_cities" ADD CONSTRAINT "lawyer_cities_lawyer_id_lawyer_profiles_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_practice_areas" ADD CONSTRAINT "lawyer_practice_areas_lawyer_id_lawyer_profiles_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD CONSTRAINT "lawyer_profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_statuses" ADD CONSTRAINT "lead_statuses_lawyer_id_lawyer_profiles_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_request_id_lead_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lead_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_id_lead_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."lead_statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_to_lawyer_profiles_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."lawyer_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_api_tokens" ADD CONSTRAINT "lawyer_api_tokens_lawyer_id_lawyer_profiles_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_processes" ADD CONSTRAINT "monitored_processes_lawyer_id_lawyer_profiles_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_updates" ADD CONSTRAINT "process_updates_processo_id_monitored_processes_id_fk" FOREIGN KEY ("processo_id") REFERENCES "public"."monitored_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_plans" ADD CONSTRAINT "lawyer_plans_lawyer_id_lawyer_profiles_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "profile_views_lawyer_time_idx" ON "profile_views" USING btree ("lawyer_id","viewed_at");--> statement-breakpoint
CREATE INDEX "profile_views_time_idx" ON "profile_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "whatsapp_clicks_lawyer_time_idx" ON "whatsapp_clicks" USING btree ("lawyer_id","clicked_at");--> statement-breakpoint
CREATE INDEX "whatsapp_clicks_time_idx" ON "whatsapp_clicks" USING btree ("clicked_at");--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "lawyer_cities_city_idx" ON "lawyer_cities" USING btree ("city_id","lawyer_id");--> statement-breakpoint
CREATE INDEX "lawyer_practice_areas_area_idx" ON "lawyer_practice_areas" USING btree ("area_id","lawyer_id");--> statement-breakpoint
CREATE INDEX "lawyer_profiles_status_rotation_idx" ON "lawyer_profiles" USING btree ("status","rotation_key");--> statement-breakpoint
CREATE INDEX "lawyer_profiles_created_at_idx" ON "lawyer_profiles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lawyer_profiles_oab_idx" ON "lawyer_profiles" USING btree ("oab_uf","numero_oab");--> statement-breakpoint
CREATE INDEX "lead_requests_created_at_idx" ON "lead_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lead_statuses_lawyer_order_idx" ON "lead_statuses" USING btree ("lawyer_id","order_index");--> statement-breakpoint
CREATE INDEX "leads_assigned_created_idx" ON "leads" USING btree ("assigned_to","created_at");--> statement-breakpoint
CREATE INDEX "leads_assigned_updated_idx" ON "leads" USING btree ("assigned_to","updated_at");--> statement-breakpoint
CREATE INDEX "leads_status_id_idx" ON "leads" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_request_idx" ON "leads" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lawyer_api_tokens_lawyer_name_idx" ON "lawyer_api_tokens" USING btree ("lawyer_id","token_name");--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitored_processes_lawyer_numero_idx" ON "monitored_processes" USING btree ("lawyer_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "process_updates_once_idx" ON "process_updates" USING btree ("processo_id","data",md5("descricao"));--> statement-breakpoint
CREATE INDEX "process_updates_processo_data_idx" ON "process_updates" USING btree ("processo_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "lawyer_plans_one_active_idx" ON "lawyer_plans" USING btree ("lawyer_id") WHERE "lawyer_plans"."status" = 'active';--> statement-breakpoint
CREATE INDEX "lawyer_plans_lawyer_idx" ON "lawyer_plans" USING btree ("lawyer_id","created_at");