import { documentResponse } from '~/lib/server-rendered-page';
import { searchDocument } from '~/modules/lawyers/search-document.server';
import type { Route } from './+types/search';

/**
 * The search (/busca, and /advogado, the lawyers' list): a page rendered on the server only (decision
 * 0060), written as a string inside the site's frame (docs/decisions/0066) instead of by React. The
 * server answers it before React Router when it can (server/app.ts, the document lane); this route is
 * the same answer through React Router (a toast to show and clear, the dev server).
 */
export async function loader({ request }: Route.LoaderArgs) {
  return documentResponse(await searchDocument(request));
}
