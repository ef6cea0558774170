import { pageMeta } from '~/lib/seo';
import { BlogPostCard } from '~/modules/content/components/blog-post-card';
import { listBlogPosts } from '~/modules/content/content.server';
import type { Route } from './+types/blog';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

export function loader() {
  return { posts: listBlogPosts() };
}

export const headers: Route.HeadersFunction = () => ({ 'X-Page-Cache': '30' });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Blog Jurídico',
    description: 'Artigos sobre direito de família, pensão alimentícia, união estável e guarda, escritos para quem precisa entender o seu caso.',
    path: '/blog',
  });

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Blog Jurídico</h1>
      <p className="mt-2 max-w-2xl text-slate-700">Informação jurídica clara para entender os seus direitos antes de falar com um advogado.</p>
      <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {loaderData.posts.map((post) => (
          <BlogPostCard key={post.slug} post={post} headingLevel="h2" />
        ))}
      </div>
    </div>
  );
}
