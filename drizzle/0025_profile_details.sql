-- What a profile says about the practice (issue 27, part 4; docs/decisions/0063): the title the lawyer
-- chose ('advogada' or 'advogado'; null reads 'Advogado'), the year of the first OAB inscription (shown as
-- years of practice), education, the languages of service, online service, and the office's neighbourhood
-- and city. All the lawyer's own declarations and all optional. And the index of the home page's few
-- lawyers with a photo in the daily rotation (docs/decisions/0064).
ALTER TABLE "lawyer_profiles" ADD COLUMN "titulo" text;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "primeira_inscricao_ano" smallint;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "formacao" text;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "idiomas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "atende_online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "escritorio_bairro" text;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "escritorio_cidade" text;--> statement-breakpoint
CREATE INDEX "lawyer_profiles_home_photos_idx" ON "lawyer_profiles" USING btree ("rotation_key") WHERE "lawyer_profiles"."status" = 'approved' and "lawyer_profiles"."foto_url" is not null;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD CONSTRAINT "lawyer_profiles_titulo_check" CHECK ("lawyer_profiles"."titulo" in ('advogada', 'advogado'));--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD CONSTRAINT "lawyer_profiles_primeira_inscricao_ano_check" CHECK ("lawyer_profiles"."primeira_inscricao_ano" between 1930 and 2200);--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD CONSTRAINT "lawyer_profiles_formacao_check" CHECK (char_length("lawyer_profiles"."formacao") between 1 and 200);--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD CONSTRAINT "lawyer_profiles_idiomas_check" CHECK ("lawyer_profiles"."idiomas" <@ array['portugues', 'ingles', 'espanhol', 'frances', 'italiano', 'alemao', 'libras']::text[]);--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD CONSTRAINT "lawyer_profiles_escritorio_bairro_check" CHECK (char_length("lawyer_profiles"."escritorio_bairro") between 1 and 80);--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD CONSTRAINT "lawyer_profiles_escritorio_cidade_check" CHECK ("lawyer_profiles"."escritorio_cidade" in ('ac_rio_branco', 'al_maceio', 'ap_macapa', 'am_manaus', 'ba_salvador', 'ce_fortaleza', 'df_brasilia', 'es_vitoria', 'go_goiania', 'ma_sao_luis', 'mt_cuiaba', 'ms_campo_grande', 'mg_belo_horizonte', 'pa_belem', 'pb_joao_pessoa', 'pr_curitiba', 'pe_recife', 'pi_teresina', 'rj_rio_de_janeiro', 'rn_natal', 'rs_porto_alegre', 'ro_porto_velho', 'rr_boa_vista', 'sc_florianopolis', 'sp_sao_paulo', 'se_aracaju', 'to_palmas', 'sp_campinas', 'sp_santos', 'sp_guarulhos', 'sp_sao_bernardo_do_campo', 'sp_ribeirao_preto', 'sp_sorocaba', 'sp_sao_jose_dos_campos', 'rj_niteroi', 'rj_duque_de_caxias', 'mg_uberlandia', 'mg_contagem', 'mg_juiz_de_fora', 'sc_joinville', 'pr_londrina', 'pr_maringa', 'rs_caxias_do_sul', 'ba_feira_de_santana'));