import type { ReactNode } from 'react';
import { FlashToast } from '../ui/flash-toast';
import type { ServerRenderedAssets } from '~/lib/server-rendered-page';
import { SiteFooter, type FooterCompany } from './site-footer';
import { SiteHeader, type HeaderUser } from './site-header';

/** What the site's frame shows around every page: the root loader's data (site-frame.server.ts). */
export interface SiteFrameData {
  site: { brandName: string; appUrl: string };
  user: HeaderUser | null;
  toast: string | null;
  year: number;
  company: FooterCompany;
}

interface SiteFrameProps {
  data: SiteFrameData | undefined;
  nonce: string | undefined;
  /** A server-rendered page's inline stylesheet and script (docs/decisions/0060); null: the app's stylesheet. */
  serverOnly: ServerRenderedAssets | null;
  stylesheetHref: string;
  /** The back office has its own frame: no site header or footer. */
  backOffice: boolean;
  /** The page's title, meta and link tags. */
  head: ReactNode;
  /** React Router's scripts on the app's pages (a server-rendered page has its own script). */
  scripts: ReactNode;
  children: ReactNode;
}

/**
 * The document around every page: head, skip link, header, main, footer, toast and scripts. The root's
 * Layout renders it inside React Router; the search renders it once per visitor kind and writes its page
 * into it as a string (public-document.server.tsx, docs/decisions/0066).
 */
export function SiteFrame({ data, nonce, serverOnly, stylesheetHref, backOffice, head, scripts, children }: SiteFrameProps) {
  const brandName = data?.site.brandName ?? 'JusConecta';
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {serverOnly ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: serverOnly.css }} /> : <link rel="stylesheet" href={stylesheetHref} precedence="default" />}
        <meta name="theme-color" content="#1e3a8a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {head}
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#conteudo" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800 focus:shadow">
          Pular para o conteúdo
        </a>
        {backOffice ? (
          children
        ) : (
          <>
            <SiteHeader brandName={brandName} user={data?.user ?? null} />
            <main id="conteudo" className="flex-1">
              {children}
            </main>
            <SiteFooter brandName={brandName} year={data?.year ?? new Date().getFullYear()} company={data?.company} />
          </>
        )}
        <FlashToast message={data?.toast ?? null} />
        {serverOnly ? <script type="module" src={serverOnly.script} /> : scripts}
      </body>
    </html>
  );
}
