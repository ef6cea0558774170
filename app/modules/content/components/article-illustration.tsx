import { BookOpen, HeartHandshake, Scale, Users } from '~/components/ui/icons';

const VARIANTS = [
  { icon: Scale, gradient: 'from-brand-800 to-brand-600' },
  { icon: HeartHandshake, gradient: 'from-emerald-800 to-teal-600' },
  { icon: Users, gradient: 'from-violet-800 to-indigo-600' },
  { icon: BookOpen, gradient: 'from-slate-800 to-slate-600' },
];

/** A drawn illustration per article (no photos from the network); the same slug always gets the same one. */
export function ArticleIllustration({ slug, label, className = 'h-40' }: { slug: string; label: string; className?: string }) {
  const index = [...slug].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % VARIANTS.length;
  const { icon: Icon, gradient } = VARIANTS[index] ?? VARIANTS[0]!;
  return (
    <div role="img" aria-label={label} className={`flex items-center justify-center bg-gradient-to-br ${gradient} ${className}`}>
      <Icon aria-hidden="true" className="size-14 text-white/90" strokeWidth={1.5} />
    </div>
  );
}
