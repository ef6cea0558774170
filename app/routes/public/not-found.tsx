import { data } from 'react-router';
import { NotFoundPage } from '~/components/layout/not-found-page';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: '404 - Page not found' }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return <NotFoundPage />;
}
