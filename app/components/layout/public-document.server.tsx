import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { DocumentBody, ServerRenderedAssets } from '~/lib/server-rendered-page';
import { SiteFrame, type SiteFrameData } from './site-frame';

/**
 * A public page written as a string (the search, docs/decisions/0066) inside the site's own frame. The
 * frame is the root Layout's component (SiteFrame), rendered by React with three markers: where the
 * page's head tags go, where its content goes and where the response's nonce goes. For a visitor who is
 * not signed in and has no toast, the frame of a path is the same on every request: it is rendered once
 * and kept, split at its markers. A signed-in visitor's frame (their name in the header) or one with a
 * toast is rendered for that request and not kept.
 */

const HEAD_MARK = '<meta name="jusconecta-slot" content="head"/>';
const MAIN_MARK = '<template data-slot="main"></template>';
const NONCE_MARK = 'jusconecta-slot-nonce';
const MARKS = /(<meta name="jusconecta-slot" content="head"\/>|<template data-slot="main"><\/template>|jusconecta-slot-nonce)/;

/** The frame's text between markers, as bytes already (its stylesheet alone is 42 KB), and its markers. */
type Part = Buffer | typeof HEAD_MARK | typeof MAIN_MARK | typeof NONCE_MARK;

/** The frame split at its markers: text, then a marker, text, a marker... */
async function renderFrame(data: SiteFrameData, pathname: string, assets: ServerRenderedAssets): Promise<Part[]> {
  const element = (
    <SiteFrame
      data={data}
      nonce={NONCE_MARK}
      serverOnly={assets}
      stylesheetHref=""
      backOffice={false}
      head={<meta name="jusconecta-slot" content="head" />}
      scripts={null}
    >
      <template data-slot="main" />
    </SiteFrame>
  );
  // The header's links know the current path (NavLink) and a signed-in visitor's sign-out is a <Form>:
  // both need a data router, as in the real render.
  const handler = createStaticHandler([{ path: '*', element }]);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error('The frame’s router answered a Response');
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />)}`;
  const parts = html.split(MARKS);
  if (!parts.includes(HEAD_MARK) || !parts.includes(MAIN_MARK)) throw new Error('The site frame lost a marker');
  return parts.map((part) => (part === HEAD_MARK || part === MAIN_MARK || part === NONCE_MARK ? part : Buffer.from(part)));
}

/** The kept frames of each set of assets (the search's stylesheet, the public pages'), by path and site data. */
const keptFrames = new WeakMap<ServerRenderedAssets, Map<string, Promise<Part[]>>>();
/** Paths times visitor kinds: a handful. The bound only guards against a bug filling memory. */
const KEPT_FRAMES_MAX = 64;

function frameFor(data: SiteFrameData, pathname: string, assets: ServerRenderedAssets): Promise<Part[]> {
  if (data.user !== null || data.toast !== null) return renderFrame(data, pathname, assets);
  let kept = keptFrames.get(assets);
  if (!kept) keptFrames.set(assets, (kept = new Map()));
  const key = JSON.stringify([pathname, data.site, data.year, data.company]);
  let frame = kept.get(key);
  if (!frame) {
    if (kept.size >= KEPT_FRAMES_MAX) kept.clear();
    const rendering = renderFrame(data, pathname, assets);
    rendering.catch(() => kept.delete(key));
    kept.set(key, (frame = rendering));
  }
  return frame;
}

export interface PublicDocument {
  frame: SiteFrameData;
  /** The path the header's navigation marks as current. */
  pathname: string;
  /** This response's CSP nonce (server/security-headers.ts). */
  nonce: string | undefined;
  /** The page's title, meta and link tags (metaTagsHtml). */
  headHtml: string;
  /** The page's content inside <main>. */
  mainHtml: string;
  /** The inline stylesheet and the script (server-rendered-assets.server.ts). */
  assets: ServerRenderedAssets;
}

/**
 * The whole HTML document of a page written as a string: the frame's kept bytes and the page's strings,
 * in order, and their length in bytes. The server writes them to the socket as they are (one writev):
 * copying them into one buffer first allocated some 120 KB outside V8's heap per search, and that
 * allocation rate alone brought on full garbage collections.
 */
export async function publicDocument({ frame, pathname, nonce, headHtml, mainHtml, assets }: PublicDocument): Promise<DocumentBody> {
  const parts = await frameFor(frame, pathname, assets);
  let byteLength = 0;
  const chunks = parts.map((part) => {
    const chunk = part === HEAD_MARK ? headHtml : part === MAIN_MARK ? mainHtml : part === NONCE_MARK ? (nonce ?? '') : part;
    byteLength += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    return chunk;
  });
  return { chunks, byteLength };
}
