import { requireUser } from '~/auth/session.server';
import { appErrorOrThrow, type UserFacingError } from '~/lib/app-error';
import { downloadOwnData } from '~/modules/accounts/data-export.server';
import type { Route } from './+types/my-data';

/**
 * 'Baixar meus dados' (docs/product-rules.md, "Your data (LGPD)"): the signed-in user's own data as a
 * JSON attachment. Only the session says whose data it is; nothing in the URL can name anyone else.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  let result;
  try {
    result = await downloadOwnData(user.id);
  } catch (error) {
    return refusalPage(appErrorOrThrow(error));
  }
  return new Response(`${JSON.stringify(result.data, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${result.fileName}"`,
      // Personal data: never kept by a shared or browser cache.
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * A refusal (too many downloads: 429 with Retry-After) as a small Portuguese page: the link was
 * followed as a navigation, so the person reads this answer, with a way back to their profile.
 */
function refusalPage(error: UserFacingError): Response {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  if (error.retryAfter) headers.set('Retry-After', String(error.retryAfter));
  const message = error.message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html =
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Seus dados</title></head>' +
    '<body style="margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc"><main style="max-width:36rem;margin:0 auto;padding:6rem 1rem;text-align:center">' +
    `<h1 style="font-size:1.875rem;margin:0">Não foi possível baixar seus dados agora</h1><p style="margin-top:1rem;color:#334155;line-height:1.5">${message}</p>` +
    '<a href="/area-advogado?section=perfil" style="display:inline-block;margin-top:2rem;padding:.75rem 1.25rem;border-radius:.375rem;background:#1d4ed8;color:#fff;font-weight:600;text-decoration:none">Voltar para o meu perfil</a>' +
    '</main></body></html>';
  return new Response(html, { status: error.status, headers });
}
