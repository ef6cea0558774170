import sanitizeHtml from 'sanitize-html';
import { BLOG_POSTS, type BlogPost } from './blog-posts';

const ALLOWED = {
  allowedTags: ['h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'blockquote', 'a'],
  allowedAttributes: { a: ['href'] },
  // Only links inside the site: articles point to searches and to the request form.
  allowedSchemes: [],
  allowProtocolRelative: false,
};

export type BlogPostSummary = Omit<BlogPost, 'contentHtml'>;

/** Newest first. */
const sorted = [...BLOG_POSTS].sort((a, b) => b.date.localeCompare(a.date));
// The articles are static: each is sanitised once, when first read.
const sanitised = new Map<string, string>();

export function listBlogPosts(limit?: number): BlogPostSummary[] {
  return sorted.slice(0, limit).map(({ contentHtml: _content, ...summary }) => summary);
}

export function getBlogPost(slug: string): BlogPost | null {
  const post = sorted.find((p) => p.slug === slug);
  if (!post) return null;
  let html = sanitised.get(slug);
  if (html === undefined) {
    html = sanitizeHtml(post.contentHtml, ALLOWED);
    sanitised.set(slug, html);
  }
  return { ...post, contentHtml: html };
}
