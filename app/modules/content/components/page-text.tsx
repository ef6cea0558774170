import { Link } from 'react-router';
import { type FaqItem, textPieces, type TextBlock, type TextSection } from '../page-text';

/** A string of the content module with its `[label](href)` links: site paths as <Link>, the rest as <a>. */
export function RichText({ value }: { value: string }) {
  return textPieces(value).map((piece, i) => {
    if (!('href' in piece)) return piece.text;
    if (piece.href.startsWith('/')) {
      return (
        <Link key={i} to={piece.href}>
          {piece.text}
        </Link>
      );
    }
    const external = piece.href.startsWith('https://');
    return (
      <a key={i} href={piece.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {piece.text}
      </a>
    );
  });
}

export function TextBlocks({ blocks }: { blocks: readonly TextBlock[] }) {
  return blocks.map((block, i) =>
    typeof block === 'string' ? (
      <p key={i}>
        <RichText value={block} />
      </p>
    ) : (
      <ul key={i}>
        {block.list.map((item, j) => (
          <li key={j}>
            <RichText value={item} />
          </li>
        ))}
      </ul>
    ),
  );
}

/** Numbered sections of a legal text, each an h2 with its anchor, in `.prose-article` type. */
export function LegalSections({ sections }: { sections: readonly TextSection[] }) {
  return (
    <div className="prose-article">
      {sections.map((section, i) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id} className="scroll-mt-20">
            {i + 1}. {section.title}
          </h2>
          <TextBlocks blocks={section.blocks} />
        </section>
      ))}
    </div>
  );
}

/** The table of contents of a legal text: links to each section's anchor. */
export function SectionIndex({ sections, label }: { sections: readonly TextSection[]; label: string }) {
  return (
    <nav aria-label={label} className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="text-base font-semibold text-slate-900">{label}</h2>
      <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm text-slate-700 md:grid-cols-2">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="text-brand-700 underline-offset-2 hover:underline">
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** 'Perguntas frequentes': each question an h3 with its answer (the page also emits them as FAQPage JSON-LD). */
export function FaqList({ items, id = 'perguntas-frequentes' }: { items: readonly FaqItem[]; id?: string }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-3xl px-4 py-14">
      <h2 id={id} className="text-2xl font-bold text-slate-900 md:text-3xl">
        Perguntas frequentes
      </h2>
      <div className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
        {items.map((item) => (
          <div key={item.question} className="py-5">
            <h3 className="text-lg font-semibold text-slate-900">{item.question}</h3>
            <div className="prose-article mt-2 [&>p]:my-0">
              <p>
                <RichText value={item.answer} />
              </p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

/** Numbered steps as cards ('Passo 1: …' for screen readers); `columns` sets the wide-screen grid. */
export function NumberedSteps({ steps, columns }: { steps: ReadonlyArray<{ title: string; text: string }>; columns: 'lg:grid-cols-3' | 'lg:grid-cols-4' }) {
  return (
    <ol className={`mt-8 grid gap-6 md:grid-cols-2 ${columns}`}>
      {steps.map((step, i) => (
        <li key={step.title} className="rounded-xl border border-slate-200 bg-slate-50 p-6">
          <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white">
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">
            <span className="sr-only">Passo {i + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 leading-relaxed text-slate-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
