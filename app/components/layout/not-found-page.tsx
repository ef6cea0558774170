import { Link } from 'react-router';

/** The 404 page, in English (docs/product-rules.md, Language, time and money), with a link home. */
export function NotFoundPage() {
  return (
    <section lang="en" className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-800">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-3 text-slate-700">The page you are looking for does not exist or has been moved.</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        Return to Home
      </Link>
    </section>
  );
}
