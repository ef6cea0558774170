import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { cnpjCharacters, isValidCnpj } from './lib/cnpj';

const WEB_CONCURRENCY_MESSAGE = 'deve ser um número inteiro de 1 a 64';

/** The court-monitoring providers COURT_MONITORING_PROVIDER names (app/integrations/court-monitoring/provider.ts re-exports them). */
export const COURT_MONITORING_PROVIDERS = ['simulado', 'escavador', 'datajud'] as const;

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'use true ou false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const HTTP_URL_MESSAGE = 'deve ser uma URL completa http:// ou https://';
const TEMPLATE_NAME_MESSAGE = 'deve ser o nome de um modelo aprovado: letras minúsculas, números e _';
const templateName = z.string().trim().regex(/^[a-z0-9_]{1,512}$/, TEMPLATE_NAME_MESSAGE).optional();

/** A provider's token or key: printable ASCII, no spaces. */
const providerSecret = z
  .string()
  .trim()
  .max(2000, 'no máximo 2000 caracteres')
  .regex(/^[\x21-\x7e]+$/, 'não pode ter espaços nem acentos')
  .optional();

const SMTP_URL_MESSAGE = 'deve ser uma URL smtp://usuario:senha@servidor:porta (ou smtps:// para TLS)';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'use development, production ou test' }).default('development'),
    PORT: z.coerce.number({ message: 'deve ser um número' }).int('deve ser um número inteiro').min(1).max(65535, 'deve estar entre 1 e 65535').default(3000),
    DATA_DIR: z.string().trim().min(1, 'não pode ser vazio').default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'deve ser uma URL postgres:// ou postgresql://')
      .optional(),
    BRAND_NAME: z.string().trim().min(1, 'não pode ser vazio').max(60, 'no máximo 60 caracteres').default('JusConecta'),
    APP_URL: z.url({ message: 'deve ser uma URL completa, como https://www.exemplo.com.br' }).optional(),
    APP_SECRET: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
    SEED_DEMO: booleanFromEnv.optional(),
    AUTO_APPROVE_LAWYERS: booleanFromEnv.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Seconds an anonymous public page may be served from the in-process page cache (0 turns it off). */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
    /** Server processes on this machine (docs/decisions/0067); unset: one per CPU with PostgreSQL, one with the embedded database. */
    WEB_CONCURRENCY: z.coerce.number({ message: WEB_CONCURRENCY_MESSAGE }).int(WEB_CONCURRENCY_MESSAGE).min(1, WEB_CONCURRENCY_MESSAGE).max(64, WEB_CONCURRENCY_MESSAGE).optional(),
    /** The SMTP server e-mail is delivered through; without it messages stay in the outbox (docs/decisions/0011). */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, message: SMTP_URL_MESSAGE })
      .refine((url) => new URL(url).hostname !== '', SMTP_URL_MESSAGE)
      .optional(),
    /** The From of every e-mail, as `Nome <endereco@dominio>` or a bare address. */
    MAIL_FROM: z
      .string()
      .trim()
      .max(200, 'no máximo 200 caracteres')
      .regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'deve ser um endereço de e-mail, como "Nome <nao-responda@exemplo.com.br>"')
      .optional(),
    /** The WhatsApp Cloud API (Graph API base with its version); used when the token and phone number id are set (docs/decisions/0014). */
    WHATSAPP_CLOUD_API_URL: z.url({ protocol: /^https?$/, message: HTTP_URL_MESSAGE }).default('https://graph.facebook.com/v21.0'),
    WHATSAPP_CLOUD_ACCESS_TOKEN: z
      .string()
      .trim()
      .max(2000, 'no máximo 2000 caracteres')
      .regex(/^[\x21-\x7e]+$/, 'não pode ter espaços nem acentos')
      .optional(),
    WHATSAPP_CLOUD_PHONE_NUMBER_ID: z
      .string()
      .trim()
      .regex(/^[0-9]{1,32}$/, 'deve ter só dígitos (o identificador do número no WhatsApp Business)')
      .optional(),
    /** Approved template for new-lead notifications; without it they go as plain text. */
    WHATSAPP_CLOUD_TEMPLATE_NEW_LEAD: templateName,
    /** Approved template for every other notification; without it they go as plain text. */
    WHATSAPP_CLOUD_TEMPLATE_TEXT: templateName,
    /** The WiizoChat gateway lawyers' own tokens are used with; without it saved tokens are not used. */
    WIIZOCHAT_API_URL: z.url({ protocol: /^https?$/, message: HTTP_URL_MESSAGE }).optional(),
    /** The court-monitoring provider (docs/decisions/0029): the built-in simulated court by default. */
    COURT_MONITORING_PROVIDER: z.enum(COURT_MONITORING_PROVIDERS, { message: 'use simulado, escavador ou datajud' }).default('simulado'),
    /** Escavador API v2 base (with its version) and the token of its panel, server side only. */
    ESCAVADOR_API_URL: z.url({ protocol: /^https?$/, message: HTTP_URL_MESSAGE }).default('https://api.escavador.com/api/v2'),
    ESCAVADOR_API_TOKEN: providerSecret,
    /** The token the Escavador panel generates for callbacks, compared with their Authorization header. */
    ESCAVADOR_CALLBACK_TOKEN: providerSecret,
    /** The CNJ's public DataJud API and its published key (CNJ may change it: configuration, not code). */
    DATAJUD_API_URL: z.url({ protocol: /^https?$/, message: HTTP_URL_MESSAGE }).default('https://api-publica.datajud.cnj.jus.br'),
    DATAJUD_API_KEY: providerSecret,
    /** Scheduled process checks run at once in each app process (DataJud and the simulator; docs/decisions/0030). */
    DATAJUD_REQUESTS_PER_SECOND: z.coerce.number({ message: 'deve ser um número' }).positive('deve estar entre 0,1 e 50').min(0.1, 'deve estar entre 0,1 e 50').max(50, 'deve estar entre 0,1 e 50').default(1),
    MONITORING_POLL_CONCURRENCY: z.coerce.number({ message: 'deve ser um número' }).int('deve ser um número inteiro').min(1, 'deve estar entre 1 e 32').max(32, 'deve estar entre 1 e 32').default(4),
    /** Sends of each outbox channel (e-mail, WhatsApp) at once in each app process; one recipient's messages still go one after the other (docs/decisions/0039). */
    OUTBOX_CONCURRENCY: z.coerce.number({ message: 'deve ser um número' }).int('deve ser um número inteiro').min(1, 'deve estar entre 1 e 64').max(64, 'deve estar entre 1 e 64').default(8),
    /** Most lawyers one client request goes to: the request form preselects this many (docs/decisions/0043). */
    LEAD_MAX_LAWYERS: z.coerce.number({ message: 'deve ser um número' }).int('deve ser um número inteiro').min(1, 'deve estar entre 1 e 50').max(50, 'deve estar entre 1 e 50').default(5),
    /** The CRM's morning digest (8:00 São Paulo, working days; docs/decisions/0049): 'off' stops this process from sending it. */
    FOLLOW_UP_DIGEST: z.enum(['on', 'off'], { message: "deve ser 'on' ou 'off'" }).default('on'),
    /** The string Meta's webhook verification (GET /api/webhooks/whatsapp) must present as hub.verify_token. */
    WHATSAPP_CLOUD_VERIFY_TOKEN: z.string().trim().min(8, 'deve ter pelo menos 8 caracteres').max(200, 'no máximo 200 caracteres').regex(/^[\x21-\x7e]+$/, 'não pode ter espaços nem acentos').optional(),
    /** The Meta app's secret: X-Hub-Signature-256 of the status webhook is its HMAC-SHA256 of the body. */
    WHATSAPP_CLOUD_APP_SECRET: providerSecret,
    /** The secret /bootstrap-superadmin asks for once a superadmin exists; unset: only the first one can be created there. */
    BOOTSTRAP_SECRET: z.string().min(16, 'deve ter pelo menos 16 caracteres').max(256, 'no máximo 256 caracteres').optional(),
    // The company behind the site (docs/decisions/0025): the footer's line, the terms and the privacy policy.
    COMPANY_NAME: z.string().trim().min(2, 'deve ter pelo menos 2 caracteres').max(120, 'no máximo 120 caracteres').optional(),
    COMPANY_CNPJ: z
      .string()
      .trim()
      .refine(isValidCnpj, 'deve ser um CNPJ válido, como 12.345.678/0001-95 (os dígitos verificadores não conferem)')
      .transform(cnpjCharacters)
      .optional(),
    SUPPORT_EMAIL: z.email({ message: 'deve ser um endereço de e-mail, como contato@exemplo.com.br' }).max(254).optional(),
    /** The platform's own WhatsApp (the legal-areas page's button), a Brazilian number with its DDD. */
    SUPPORT_WHATSAPP: z
      .string()
      .transform((v) => v.replace(/[\s().+-]/g, ''))
      .pipe(z.string().regex(/^(?:55)?[1-9][0-9](?:9[0-9]{8}|[2-8][0-9]{7})$/, 'deve ser um número brasileiro com DDD, como 11987654321 ou +55 11 98765-4321'))
      .optional(),
    /** The encarregado pelo tratamento de dados (LGPD art. 41); without DPO_EMAIL the policy names SUPPORT_EMAIL. */
    DPO_NAME: z.string().trim().min(3, 'deve ter pelo menos 3 caracteres').max(120, 'no máximo 120 caracteres').optional(),
    DPO_EMAIL: z.email({ message: 'deve ser um endereço de e-mail, como privacidade@exemplo.com.br' }).max(254).optional(),
    /** An OpenAI-compatible chat-completions endpoint for the contract summariser; unset: the built-in analyser (docs/decisions/0024). */
    CONTRACT_ANALYSIS_URL: z.url({ protocol: /^https?$/, message: HTTP_URL_MESSAGE }).optional(),
    CONTRACT_ANALYSIS_API_KEY: z
      .string()
      .trim()
      .max(2000, 'no máximo 2000 caracteres')
      .regex(/^[\x21-\x7e]+$/, 'não pode ter espaços nem acentos')
      .optional(),
    CONTRACT_ANALYSIS_MODEL: z.string().trim().min(1, 'não pode ser vazio').max(200, 'no máximo 200 caracteres').default('gpt-4o-mini'),
    /** Profile photos in an S3-compatible bucket instead of DATA_DIR/photos (docs/decisions/0058). */
    S3_BUCKET: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'deve ser o nome de um bucket: 3 a 63 letras minúsculas, números, pontos ou hífens')
      .optional(),
    /** The S3-compatible service's URL (MinIO, Garage, R2…); unset: AWS S3 of S3_REGION. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/, message: HTTP_URL_MESSAGE }).optional(),
    S3_REGION: z.string().trim().regex(/^[a-z0-9-]{2,32}$/, 'deve ser uma região, como us-east-1 ou sa-east-1').default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).max(256, 'no máximo 256 caracteres').regex(/^[\x21-\x7e]+$/, 'não pode ter espaços nem acentos').optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).max(256, 'no máximo 256 caracteres').regex(/^[\x21-\x7e]+$/, 'não pode ter espaços nem acentos').optional(),
    /** Bucket in the path (http://host/bucket/key) instead of the host name: MinIO and most local services need it. */
    S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
    /** The end-to-end tests' fixture door (/__e2e/…, docs/decisions/0035): only on an embedded database at localhost. */
    E2E_FIXTURES: booleanFromEnv.optional(),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'é obrigatório quando DATABASE_URL está definido' });
    }
    if (!env.DATABASE_URL && (env.WEB_CONCURRENCY ?? 1) > 1) {
      ctx.addIssue({ code: 'custom', path: ['WEB_CONCURRENCY'], message: 'só pode passar de 1 com DATABASE_URL: o banco embutido atende um processo só' });
    }
    if (env.WHATSAPP_CLOUD_ACCESS_TOKEN && !env.WHATSAPP_CLOUD_PHONE_NUMBER_ID) {
      ctx.addIssue({ code: 'custom', path: ['WHATSAPP_CLOUD_PHONE_NUMBER_ID'], message: 'é obrigatório quando WHATSAPP_CLOUD_ACCESS_TOKEN está definido' });
    }
    if (env.WHATSAPP_CLOUD_PHONE_NUMBER_ID && !env.WHATSAPP_CLOUD_ACCESS_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['WHATSAPP_CLOUD_ACCESS_TOKEN'], message: 'é obrigatório quando WHATSAPP_CLOUD_PHONE_NUMBER_ID está definido' });
    }
    if (Boolean(env.WHATSAPP_CLOUD_VERIFY_TOKEN) !== Boolean(env.WHATSAPP_CLOUD_APP_SECRET)) {
      const missing = env.WHATSAPP_CLOUD_VERIFY_TOKEN ? 'WHATSAPP_CLOUD_APP_SECRET' : 'WHATSAPP_CLOUD_VERIFY_TOKEN';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'o webhook de status do WhatsApp precisa de WHATSAPP_CLOUD_VERIFY_TOKEN e WHATSAPP_CLOUD_APP_SECRET juntos' });
    }
    if (env.COMPANY_NAME && !env.COMPANY_CNPJ) {
      ctx.addIssue({ code: 'custom', path: ['COMPANY_CNPJ'], message: 'é obrigatório quando COMPANY_NAME está definido' });
    }
    if (env.COMPANY_CNPJ && !env.COMPANY_NAME) {
      ctx.addIssue({ code: 'custom', path: ['COMPANY_NAME'], message: 'é obrigatório quando COMPANY_CNPJ está definido' });
    }
    if (env.COURT_MONITORING_PROVIDER === 'escavador' && !env.ESCAVADOR_API_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['ESCAVADOR_API_TOKEN'], message: 'é obrigatório quando COURT_MONITORING_PROVIDER=escavador (o token da API, criado no painel do Escavador)' });
    }
    if (env.COURT_MONITORING_PROVIDER === 'escavador' && !env.ESCAVADOR_CALLBACK_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['ESCAVADOR_CALLBACK_TOKEN'], message: 'é obrigatório quando COURT_MONITORING_PROVIDER=escavador (o token dos callbacks, gerado no painel do Escavador)' });
    }
    if (env.E2E_FIXTURES && (env.DATABASE_URL || !isLoopbackUrl(env.APP_URL ?? 'http://localhost'))) {
      ctx.addIssue({
        code: 'custom',
        path: ['E2E_FIXTURES'],
        message: 'só pode ser ativado nos testes: com o banco embutido (sem DATABASE_URL) e APP_URL em localhost ou 127.0.0.1 (cria usuários e sessões sem senha conferida)',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vão juntos (sem os dois, vale a credencial do ambiente, como o papel da instância)' });
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'é obrigatório quando S3_ENDPOINT ou S3_ACCESS_KEY_ID está definido (sem ele as fotos ficam em DATA_DIR/photos)' });
    }
    if (env.COURT_MONITORING_PROVIDER === 'datajud' && !env.DATAJUD_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['DATAJUD_API_KEY'], message: 'é obrigatório quando COURT_MONITORING_PROVIDER=datajud (a chave pública publicada na wiki do DataJud)' });
    }
  });

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  brandName: string;
  appUrl: string;
  appSecret: string;
  seedDemo: boolean;
  /** New lawyer profiles start approved instead of pending (demos; docs/product-rules.md). */
  autoApproveLawyers: boolean;
  logLevel: string;
  pageCacheSeconds: number;
  /** Server processes `npm start` runs on this machine, sharing its port (server/index.ts). */
  serverProcesses: number;
  /** SMTP connection URL; undefined: e-mails stay in the outbox. */
  smtpUrl: string | undefined;
  /** The From of every e-mail. */
  mailFrom: string;
  /** The platform's WhatsApp Cloud API sender; null when its token and phone number id are not set. */
  whatsappCloud: WhatsAppCloudConfig | null;
  /** The WiizoChat gateway's base URL; undefined: lawyers' saved tokens are not used. */
  wiizoChatApiUrl: string | undefined;
  /** What /bootstrap-superadmin asks for once a superadmin exists; undefined: no further superadmin there. */
  bootstrapSecret: string | undefined;
  /** Who runs the site: null when COMPANY_NAME and COMPANY_CNPJ are not set (docs/decisions/0025). */
  company: CompanyDetails | null;
  /** The site's contact e-mail; undefined: the pages name none. */
  supportEmail: string | undefined;
  /** The platform's WhatsApp as digits with the country code 55; undefined: no WhatsApp button. */
  supportWhatsApp: string | undefined;
  /**
   * Where a lawyer turned down asks why (the rejection message, issue 27): SUPPORT_EMAIL, else
   * suporte@ the host of APP_URL; SUPPORT_WHATSAPP when set.
   */
  supportContact: { email: string; whatsapp: string | undefined };
  /** The encarregado (LGPD art. 41): a name when DPO_NAME is set, the e-mail of DPO_EMAIL or else SUPPORT_EMAIL. */
  privacyOfficer: { name: string | undefined; email: string | undefined };
  /** The court-monitoring provider and what it needs (docs/decisions/0029). */
  courtMonitoring: CourtMonitoringConfig;
  /** How many scheduled process checks run at once in this process (pull providers only). */
  monitoringPollConcurrency: number;
  /** How many sends of each outbox channel run at once in this process. */
  outboxConcurrency: number;
  /** Most lawyers one client request goes to (the request form preselects this many). */
  leadMaxLawyers: number;
  /** Whether this process sends the CRM's morning digest (FOLLOW_UP_DIGEST). */
  followUpDigest: boolean;
  /** The WhatsApp status webhook's secrets; null (404 there) until both are set. */
  whatsappWebhook: { verifyToken: string; appSecret: string } | null;
  /** The contract summariser's language-model endpoint; null: the built-in analyser only. */
  contractAnalysis: ContractAnalysisConfig | null;
  /** The end-to-end tests' fixture door at /__e2e/… (E2E_FIXTURES=1; 404 otherwise). */
  e2eFixtures: boolean;
  /** Where profile photos are kept (docs/decisions/0058): DATA_DIR/photos, or a bucket when S3_BUCKET is set. */
  photoStorage: PhotoStorageConfig;
}

export type PhotoStorageConfig =
  | { kind: 'directory' }
  | {
      kind: 's3';
      bucket: string;
      /** undefined: AWS S3 itself. */
      endpoint: string | undefined;
      region: string;
      /** undefined: the SDK's default chain (environment, instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export interface ContractAnalysisConfig {
  /** The chat-completions URL as given (https://api.openai.com/v1/chat/completions or a compatible server). */
  url: string;
  apiKey: string | undefined;
  model: string;
}

export interface CompanyDetails {
  name: string;
  /** 14 characters, without punctuation (app/lib/cnpj.ts formats it). */
  cnpj: string;
}

export type CourtMonitoringConfig =
  | { provider: 'simulado' }
  | { provider: 'escavador'; apiUrl: string; token: string; callbackToken: string }
  | { provider: 'datajud'; apiUrl: string; apiKey: string; requestsPerSecond: number };

export interface WhatsAppCloudConfig {
  apiUrl: string;
  accessToken: string;
  phoneNumberId: string;
  /** Approved template names by kind of message; undefined: that kind goes as plain text. */
  templates: { newLead?: string; text?: string };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the environment. Without DATABASE_URL the secret is generated once and kept in
 * DATA_DIR, so sessions survive restarts of the embedded demo without any set-up.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'ambiente'}: ${i.message}`);
    throw new ConfigError(`Configuração inválida nas variáveis de ambiente:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    brandName: env.BRAND_NAME,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    appSecret: env.APP_SECRET ?? readOrCreateSecret(dataDir),
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    autoApproveLawyers: env.AUTO_APPROVE_LAWYERS ?? false,
    logLevel: env.NODE_ENV === 'test' && !source.LOG_LEVEL ? 'silent' : env.LOG_LEVEL,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    serverProcesses: env.WEB_CONCURRENCY ?? (env.DATABASE_URL ? os.availableParallelism() : 1),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? defaultMailFrom(env.BRAND_NAME, env.APP_URL ?? 'http://localhost'),
    whatsappCloud:
      env.WHATSAPP_CLOUD_ACCESS_TOKEN && env.WHATSAPP_CLOUD_PHONE_NUMBER_ID
        ? {
            apiUrl: env.WHATSAPP_CLOUD_API_URL.replace(/\/+$/, ''),
            accessToken: env.WHATSAPP_CLOUD_ACCESS_TOKEN,
            phoneNumberId: env.WHATSAPP_CLOUD_PHONE_NUMBER_ID,
            templates: { newLead: env.WHATSAPP_CLOUD_TEMPLATE_NEW_LEAD, text: env.WHATSAPP_CLOUD_TEMPLATE_TEXT },
          }
        : null,
    wiizoChatApiUrl: env.WIIZOCHAT_API_URL?.replace(/\/+$/, ''),
    bootstrapSecret: env.BOOTSTRAP_SECRET,
    company: env.COMPANY_NAME && env.COMPANY_CNPJ ? { name: env.COMPANY_NAME, cnpj: env.COMPANY_CNPJ } : null,
    supportEmail: env.SUPPORT_EMAIL,
    supportWhatsApp: env.SUPPORT_WHATSAPP && (env.SUPPORT_WHATSAPP.length >= 12 ? env.SUPPORT_WHATSAPP : `55${env.SUPPORT_WHATSAPP}`),
    privacyOfficer: { name: env.DPO_NAME, email: env.DPO_EMAIL ?? env.SUPPORT_EMAIL },
    supportContact: {
      email: env.SUPPORT_EMAIL ?? defaultSupportEmail(env.APP_URL ?? `http://localhost:${env.PORT}`),
      whatsapp: env.SUPPORT_WHATSAPP && (env.SUPPORT_WHATSAPP.length >= 12 ? env.SUPPORT_WHATSAPP : `55${env.SUPPORT_WHATSAPP}`),
    },
    courtMonitoring: courtMonitoringConfig(env),
    monitoringPollConcurrency: env.MONITORING_POLL_CONCURRENCY,
    outboxConcurrency: env.OUTBOX_CONCURRENCY,
    leadMaxLawyers: env.LEAD_MAX_LAWYERS,
    followUpDigest: env.FOLLOW_UP_DIGEST === 'on',
    whatsappWebhook: env.WHATSAPP_CLOUD_VERIFY_TOKEN && env.WHATSAPP_CLOUD_APP_SECRET ? { verifyToken: env.WHATSAPP_CLOUD_VERIFY_TOKEN, appSecret: env.WHATSAPP_CLOUD_APP_SECRET } : null,
    contractAnalysis: env.CONTRACT_ANALYSIS_URL
      ? { url: env.CONTRACT_ANALYSIS_URL, apiKey: env.CONTRACT_ANALYSIS_API_KEY, model: env.CONTRACT_ANALYSIS_MODEL }
      : null,
    e2eFixtures: env.E2E_FIXTURES ?? false,
    photoStorage: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: env.S3_REGION,
          credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
        }
      : { kind: 'directory' },
  };
}

/** localhost, 127.0.0.1 or ::1: a URL that only this machine reaches. */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/** The chosen provider with its settings (the refinements above made sure its token or key is there). */
function courtMonitoringConfig(env: z.infer<typeof envSchema>): CourtMonitoringConfig {
  switch (env.COURT_MONITORING_PROVIDER) {
    case 'escavador':
      return { provider: 'escavador', apiUrl: env.ESCAVADOR_API_URL.replace(/\/+$/, ''), token: env.ESCAVADOR_API_TOKEN!, callbackToken: env.ESCAVADOR_CALLBACK_TOKEN! };
    case 'datajud':
      return { provider: 'datajud', apiUrl: env.DATAJUD_API_URL.replace(/\/+$/, ''), apiKey: env.DATAJUD_API_KEY!, requestsPerSecond: env.DATAJUD_REQUESTS_PER_SECOND };
    default:
      return { provider: 'simulado' };
  }
}

/** `"Brand" <nao-responda@host of APP_URL>`: the brand quoted, so a comma or a quote in it stays in the name. */
function defaultMailFrom(brandName: string, appUrl: string): string {
  return `"${brandName.replace(/["\\]/g, '\\$&')}" <nao-responda@${new URL(appUrl).hostname}>`;
}

/** `suporte@` the site's host, without a leading `www.`: suporte@jusconecta.com.br for https://www.jusconecta.com.br. */
function defaultSupportEmail(appUrl: string): string {
  return `suporte@${new URL(appUrl).hostname.replace(/^www\./, '')}`;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}

let current: AppConfig | undefined;

/** The configuration of this process, read once. */
export function getConfig(): AppConfig {
  current ??= loadConfig();
  return current;
}
