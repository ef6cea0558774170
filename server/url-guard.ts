import type { RequestHandler } from 'express';
import { NOT_FOUND, sendErrorPage } from './error-page';

/**
 * Runs before anything reads the path. A path whose percent-encoding does not decode (`/%C0`), or that
 * decodes to a control character (`/advogado/%00`), answers the Portuguese 404 page: it names nothing
 * that exists, and letting it through made the router or the database throw (a 500 with a stack trace).
 *
 * Page URLs have one spelling: a GET or HEAD of `/busca/` or `/BUSCA?x=1` is redirected (301) to
 * `/busca` or `/busca?x=1`, so that caches, canonical links and statistics see one URL. Only the first
 * segment is lower-cased (a profile may be opened by its id, which has capitals; asset names have them
 * too). Paths with a backslash or an empty segment are never redirected: `//host` and `/\host` would
 * send the browser to another site.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function urlGuard(): RequestHandler {
  return (req, res, next) => {
    const url = req.url;
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    let decoded: string;
    try {
      decoded = path.includes('%') ? decodeURIComponent(path) : path;
    } catch {
      return sendErrorPage(req, res, NOT_FOUND);
    }
    if (CONTROL_CHARACTER.test(decoded) || decoded.includes('\\') || decoded.includes('//')) {
      return sendErrorPage(req, res, NOT_FOUND);
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/assets/')) {
      const canonical = canonicalPagePath(path);
      if (canonical !== path) {
        res.setHeader('Cache-Control', 'public, max-age=3600');
        return res.redirect(301, canonical + (queryAt === -1 ? '' : url.slice(queryAt)));
      }
    }
    next();
  };
}

/** `/BUSCA/` -> `/busca`; `/Advogado/AbC123` -> `/advogado/AbC123`; `/` stays. */
export function canonicalPagePath(path: string): string {
  let canonical = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (canonical === '') canonical = '/';
  const secondSlash = canonical.indexOf('/', 1);
  const first = secondSlash === -1 ? canonical : canonical.slice(0, secondSlash);
  const lower = first.toLowerCase();
  return lower === first ? canonical : lower + canonical.slice(first.length);
}
