/** The BlogPosting (an Article type) of a blog article (docs/decisions/0027): apart, so only the article's bundle carries it. */
import { SCHEMA_CONTEXT } from './structured-data';

interface ArticleInput {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  author: string;
}

export function blogPosting(appUrl: string, brandName: string, post: ArticleInput, imagePath: string) {
  const url = `${appUrl}/blog/${post.slug}`;
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'BlogPosting',
    '@id': url,
    mainEntityOfPage: url,
    headline: post.title,
    description: post.excerpt,
    image: [`${appUrl}${imagePath}`],
    datePublished: post.date,
    dateModified: post.date,
    inLanguage: 'pt-BR',
    author: { '@type': 'Organization', name: post.author, url: appUrl },
    publisher: { '@type': 'Organization', name: brandName, url: appUrl },
  };
}

