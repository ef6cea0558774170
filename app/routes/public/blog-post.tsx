import { ArrowLeft } from '~/components/ui/icons';
import { data, Link } from 'react-router';
import { formatCalendarDate } from '~/lib/format-date';
import { jsonLd, pageMeta, withoutCanonical } from '~/lib/seo';
import { ArticleIllustration } from '~/modules/content/components/article-illustration';
import { getBlogPost } from '~/modules/content/content.server';
import { articleOgImagePath } from '~/modules/seo/og-image-paths';
import { blogPosting } from '~/modules/seo/article-data';
import { breadcrumbList } from '~/modules/seo/structured-data';
import type { Route } from './+types/blog-post';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

export function loader({ params }: Route.LoaderArgs) {
  const post = getBlogPost(params.slug);
  if (!post) return data({ post: null }, { status: 404 });
  return data({ post, ogImage: articleOgImagePath(post.slug) }, { headers: { 'X-Page-Cache': '30' } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches }) => {
  const site = matches[0]?.loaderData.site;
  const post = loaded?.post;
  if (!post) {
    // No canonical URL for a post that does not exist: never one built from the raw URL parameter.
    return withoutCanonical(pageMeta({ site, title: 'Post não encontrado', description: 'O artigo procurado não existe.', path: '/blog', noindex: true }));
  }
  const appUrl = site?.appUrl ?? '';
  const image = 'ogImage' in loaded ? loaded.ogImage : '';
  return [
    ...pageMeta({ site, title: post.title, description: post.excerpt, path: `/blog/${post.slug}`, type: 'article', image: { path: image, alt: post.title } }),
    { property: 'article:published_time', content: post.date },
    jsonLd(blogPosting(appUrl, site?.brandName ?? 'JusConecta', post, image)),
    jsonLd(
      breadcrumbList(appUrl, [
        { name: 'Início', path: '/' },
        { name: 'Blog', path: '/blog' },
        { name: post.title, path: `/blog/${post.slug}` },
      ]),
    ),
  ];
};

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  if (!post) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Post não encontrado</h1>
        <p className="mt-4 text-slate-700">O artigo que você procura não existe ou foi removido.</p>
        <Link to="/blog" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Voltar ao Blog
        </Link>
      </section>
    );
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/blog" className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Voltar ao Blog
      </Link>
      <h1 className="mt-6 text-3xl leading-tight font-extrabold text-slate-900 md:text-4xl">{post.title}</h1>
      <p className="mt-3 text-slate-600">
        <time dateTime={post.date}>{formatCalendarDate(post.date)}</time> · {post.author} · {post.readingMinutes} min de leitura
      </p>
      <ArticleIllustration slug={post.slug} label={post.imageAlt} className="mt-6 h-48 rounded-xl md:h-64" />
      {/* Sanitised on the server by the content module. */}
      <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
    </article>
  );
}
