import { Link } from 'react-router';
import { formatCalendarDate } from '~/lib/format-date';
import type { BlogPostSummary } from '../content.server';
import { ArticleIllustration } from './article-illustration';

export function BlogPostCard({ post, headingLevel = 'h3' }: { post: BlogPostSummary; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <ArticleIllustration slug={post.slug} label={post.imageAlt} />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm text-slate-600">
          <time dateTime={post.date}>{formatCalendarDate(post.date)}</time> · {post.readingMinutes} min de leitura
        </p>
        <Heading className="mt-2 text-lg leading-snug font-semibold text-slate-900">
          <Link to={`/blog/${post.slug}`} className="hover:text-brand-700 hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-700">{post.excerpt}</p>
      </div>
    </article>
  );
}
