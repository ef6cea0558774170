import type { ReactNode } from 'react';
import type { TextSection } from '../page-text';
import { LegalSections, SectionIndex } from './page-text';
import { ServerRenderedText } from './server-rendered-text';

/**
 * The frame of the terms and the privacy policy: title, version line and summary, then the index and
 * the numbered sections, which are rendered on the server only (`text`, given under
 * `import.meta.env.SSR`; see ServerRenderedText).
 */
export function LegalPage({ title, versionLine, summary, textId, text }: { title: string; versionLine: ReactNode; summary: string; textId: string; text: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <header>
        <h1 className="text-3xl leading-tight font-extrabold text-slate-900 md:text-4xl">{title}</h1>
        <p className="mt-3 text-slate-600">{versionLine}</p>
        <p className="mt-5 text-lg leading-relaxed text-slate-700">{summary}</p>
      </header>
      <ServerRenderedText id={textId}>{text}</ServerRenderedText>
    </article>
  );
}

/** The index and the sections of a legal text. */
export function LegalText({ sections }: { sections: readonly TextSection[] }) {
  return (
    <>
      <SectionIndex sections={sections} label="Nesta página" />
      <div className="mt-4">
        <LegalSections sections={sections} />
      </div>
    </>
  );
}
