import { type ReactNode, useEffect, useState } from 'react';

/**
 * A block of long static text rendered only on the server (docs/decisions/0025). The route passes the
 * text as children under `import.meta.env.SSR`, so the browser build drops the text module and the
 * page ships it once, in its HTML, instead of again in its JavaScript (the 120 KiB budget,
 * docs/decisions/0004).
 *
 * In the browser, hydration takes the markup the server wrote (the same HTML, set as innerHTML, which
 * React keeps as it is). A client-side navigation to the page has no such markup: the page is then
 * loaded again as a document, which the public page cache answers.
 */
export function ServerRenderedText({ id, children, className }: { id: string; children: ReactNode; className?: string }) {
  // null: no server markup here (a client-side navigation), so the document is loaded again.
  const [html] = useState(() => (typeof document === 'undefined' ? '' : (document.getElementById(id)?.innerHTML ?? null)));
  useEffect(() => {
    if (html === null) window.location.reload();
  }, [html]);
  if (import.meta.env.SSR) {
    return (
      <div id={id} className={className}>
        {children}
      </div>
    );
  }
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}
