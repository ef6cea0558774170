import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The answers the server gives before React Router is reached (malformed URL, body too large or too
 * slow, request from another site): a small Portuguese page, or JSON for /api/*, never a stack trace.
 * The page carries no script and its own minimal styling (style attributes only, allowed by the CSP).
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function errorPageHtml(title: string, message: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title></head>` +
    `<body style="margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc">` +
    `<main style="max-width:36rem;margin:0 auto;padding:6rem 1rem;text-align:center">` +
    `<h1 style="font-size:1.875rem;margin:0">${escape(title)}</h1>` +
    `<p style="margin-top:1rem;color:#334155;line-height:1.5">${escape(message)}</p>` +
    `<a href="/" style="display:inline-block;margin-top:2rem;padding:.75rem 1.25rem;border-radius:.375rem;background:#1d4ed8;color:#fff;font-weight:600;text-decoration:none">Voltar para o início</a>` +
    `</main></body></html>`;
}

export interface ErrorAnswer {
  status: number;
  title: string;
  message: string;
  /** Close the connection after answering (the rest of a refused body is not read). */
  close?: boolean;
  headers?: Record<string, string>;
}

/** With Node's own request and response (Express's extend them): the document lane answers before Express. */
export function sendErrorPage(req: IncomingMessage, res: ServerResponse, answer: ErrorAnswer): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (answer.close) res.setHeader('Connection', 'close');
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Cache-Control', 'no-store');
  res.statusCode = answer.status;
  // Express rewrites req.url under a mount path (/assets): the whole URL is originalUrl there.
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  const api = url.startsWith('/api/');
  const body = api ? JSON.stringify({ error: answer.message }) : errorPageHtml(answer.title, answer.message);
  res.setHeader('Content-Type', api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(req.method === 'HEAD' ? undefined : body);
}

export const NOT_FOUND: ErrorAnswer = {
  status: 404,
  title: 'Página não encontrada',
  message: 'O endereço que você abriu não existe ou está mal formado. Confira o link ou volte para o início.',
};

/**
 * A request that failed while the database does not answer (a restart, a failover, connections killed):
 * 503 with Retry-After, so a client or a proxy tries again; the process recovers by itself.
 */
export const DATABASE_UNAVAILABLE: ErrorAnswer = {
  status: 503,
  title: 'Serviço temporariamente indisponível',
  message: 'Estamos com uma instabilidade momentânea. Tente novamente em alguns segundos.',
  headers: { 'Retry-After': '5' },
};
