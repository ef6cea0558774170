import type { Request, RequestHandler } from 'express';
import { sendErrorPage } from './error-page';

/**
 * What reaches React Router from a request with a body (POST, PUT, PATCH, DELETE):
 * 1. Only requests from this site: a browser's cross-site form post or beacon (Origin of another
 *    site, or Sec-Fetch-Site cross-site/same-site) is refused with 403 in Portuguese. Requests without
 *    either header (servers, webhooks, curl) are not from a browser on another site and go on.
 * 2. The body is read here, before anything buffers it, up to the route's limit (413 as soon as the
 *    declared length or the bytes received pass it) and within a deadline (408 when a client drips it),
 *    and handed on as a Buffer (`bodyOf(req)`). The two forms with a photo upload get 5 MiB plus room
 *    for their fields, a longer deadline (a phone on a slow link) and a 413 page that names the 5 MB limit.
 */

export interface BodyLimit {
  /** A path prefix ('/api/auth/') or an exact path ('/login'). */
  path: string;
  maxBytes: number;
  /** How long the body may take on this route, instead of the default. */
  timeoutMs?: number;
  /** What the 413 page says on this route, instead of the generic text. */
  tooLargeMessage?: string;
}

export interface RequestBodyOptions {
  limits: BodyLimit[];
  defaultMaxBytes: number;
  /** How long a client may take to send the whole body. */
  timeoutMs: number;
}

const KIB = 1024;
const MIB = 1024 * KIB;

/** A form with a profile photo: the photo (5 MB, docs/product-rules.md, "Profile photos") and its fields. */
const PHOTO_FORM: Omit<BodyLimit, 'path'> = {
  maxBytes: 5 * MIB + 64 * KIB,
  // Under the HTTP server's 60 s for a whole request (server/lifecycle.ts).
  timeoutMs: 55_000,
  tooLargeMessage: 'A imagem deve ter no máximo 5MB. Volte, escolha uma imagem menor e envie o formulário novamente.',
};

/**
 * The contract summariser's form: the contract (10 MB, docs/product-rules.md, "Free tools"), the contact
 * fields and the multipart framing. Read in memory like every body; the file never reaches the disk.
 */
const CONTRACT_FORM: Omit<BodyLimit, 'path'> = {
  maxBytes: 10 * MIB + 64 * KIB,
  timeoutMs: 55_000,
  tooLargeMessage: 'Arquivo muito grande. Máximo 10MB. Volte, escolha um arquivo menor e envie novamente.',
};

/** Form posts and JSON: a few KiB to 64 KiB by route. */
export const BODY_LIMITS: RequestBodyOptions = {
  limits: [
    { path: '/api/cliques-whatsapp', maxBytes: 1 * KIB },
    // Escavador's callbacks: one event with one movement (its text clipped at 4,000 characters when stored).
    { path: '/api/webhooks/escavador', maxBytes: 256 * KIB },
    // The WhatsApp Cloud API's status reports: Meta batches up to a thousand statuses in one body.
    { path: '/api/webhooks/whatsapp', maxBytes: 512 * KIB },
    { path: '/logout', maxBytes: 1 * KIB },
    { path: '/login', maxBytes: 4 * KIB },
    { path: '/admin', maxBytes: 4 * KIB },
    { path: '/admin/logout', maxBytes: 1 * KIB },
    { path: '/bootstrap-superadmin', maxBytes: 4 * KIB },
    { path: '/esqueci-senha', maxBytes: 4 * KIB },
    { path: '/recuperar-senha', maxBytes: 4 * KIB },
    { path: '/api/auth/', maxBytes: 4 * KIB },
    // The CRM's forms (a lead's description of up to 5,000 characters, percent-encoded without JavaScript).
    { path: '/area-advogado', maxBytes: 64 * KIB },
    { path: '/area-advogado/crm', maxBytes: 64 * KIB },
    { path: '/editar-perfil', ...PHOTO_FORM },
    { path: '/completar-perfil', ...PHOTO_FORM },
    { path: '/sumarizador-contratos', ...CONTRACT_FORM },
  ],
  defaultMaxBytes: 16 * KIB,
  timeoutMs: 10_000,
};

const bodies = new WeakMap<Request, Buffer>();

/** The body read by `requestBody()`, or undefined for GET/HEAD. */
export function bodyOf(req: Request): Buffer | undefined {
  return bodies.get(req);
}

function limitFor(path: string, options: RequestBodyOptions): Omit<BodyLimit, 'path'> {
  for (const limit of options.limits) {
    if (limit.path.endsWith('/') ? path.startsWith(limit.path) : path === limit.path || path === `${limit.path}.data`) return limit;
  }
  return { maxBytes: options.defaultMaxBytes };
}

/**
 * The request's own origin as React Router sees it (protocol and Host, through `trust proxy`), with the
 * host cut at the first character that could change the URL's path.
 */
export function requestOrigin(req: Request): string {
  const host = (req.host ?? '').split(/[\\/?#@\s]/)[0] || 'localhost';
  return `${req.protocol}://${host}`;
}

function isCrossSite(req: Request): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  // The same comparison React Router makes (the request's own origin), so that what passes here passes there.
  return origin !== requestOrigin(req);
}

export function requestBody(options: RequestBodyOptions = BODY_LIMITS): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    if (isCrossSite(req)) {
      return sendErrorPage(req, res, {
        status: 403,
        title: 'Requisição recusada',
        message: 'Este envio veio de outro site e foi recusado. Abra a página no próprio site e tente novamente.',
        close: true,
      });
    }
    const { maxBytes, timeoutMs = options.timeoutMs, tooLargeMessage } = limitFor(req.path, options);
    const tooLarge = () =>
      sendErrorPage(req, res, {
        status: 413,
        title: 'Envio muito grande',
        message: tooLargeMessage ?? `O conteúdo enviado passa do limite de ${Math.round(maxBytes / KIB)} KB desta página. Revise os campos e tente novamente.`,
        close: true,
      });
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBytes) return tooLarge();

    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (outcome: 'ok' | 'too-large' | 'timeout' | 'aborted') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('aborted', onAbort);
      if (outcome === 'ok') {
        bodies.set(req, Buffer.concat(chunks, size));
        return next();
      }
      chunks.length = 0;
      // Stop reading: the rest of the body is never buffered, and the connection closes after the answer.
      req.pause();
      if (outcome === 'too-large') return tooLarge();
      if (outcome === 'timeout') {
        return sendErrorPage(req, res, {
          status: 408,
          title: 'Envio interrompido',
          message: 'O envio demorou demais para chegar. Verifique sua conexão e tente novamente.',
          close: true,
        });
      }
      res.destroy();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) finish('too-large');
      else chunks.push(chunk);
    };
    const onEnd = () => finish('ok');
    const onAbort = () => finish('aborted');
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onAbort);
    req.once('aborted', onAbort);
  };
}
