import { data } from 'react-router';
import { NotFoundPage } from '~/components/layout/not-found-page';
import type { Route } from './+types/not-found';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: '404 - Page not found' }, { name: 'robots', content: 'noindex' }];

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export default function NotFound() {
  return <NotFoundPage />;
}
