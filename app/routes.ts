import { index, route, type RouteConfig } from '@react-router/dev/routes';

// The one explicit URL map: the product's pt-BR URLs.
export default [
  index('routes/public/home.tsx'),
  route('busca', 'routes/public/search.tsx', { id: 'search' }),
  route('advogado', 'routes/public/search.tsx', { id: 'lawyer-list' }),
  route('advogado/:slug', 'routes/public/lawyer-profile.tsx'),
  route('solicitar-atendimento', 'routes/public/lead-request.tsx', { id: 'lead-request' }),
  route('solicitar-atendimento/:slug', 'routes/public/lead-request.tsx', { id: 'lead-request-lawyer' }),
  route('solicitacao/remover', 'routes/public/lead-request-removal.tsx'),
  route('blog', 'routes/public/blog.tsx'),
  route('blog/:slug', 'routes/public/blog-post.tsx'),
  route('login', 'routes/account/login.tsx'),
  route('logout', 'routes/account/logout.ts'),
  route('registro-advogado', 'routes/account/register.tsx'),
  route('verificar-email', 'routes/account/verify-email.tsx'),
  route('auth-callback', 'routes/account/auth-callback.tsx', { id: 'auth-callback' }),
  route('auth/callback', 'routes/account/auth-callback.tsx', { id: 'auth-callback-alias' }),
  route('perfil-em-analise', 'routes/account/profile-under-review.tsx'),
  route('area-advogado', 'routes/lawyer/lawyer-area.tsx'),
  route('api/auth/*', 'routes/resources/api-auth.ts'),
  route('api/cliques-whatsapp', 'routes/resources/whatsapp-click.ts'),
  route('healthz', 'routes/resources/healthz.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('dev/outbox', 'routes/dev/outbox.tsx'),
  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig;
