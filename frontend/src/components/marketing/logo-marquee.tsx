import type { PublicSiteSettings } from '@northbeam/common';
import { cn } from '@/lib/cn';
import { spriteAddress } from '@/lib/sprite';

/**
 * The client logo marquee: the logos of the site settings, in their order. It pauses on hover and
 * stands still for reduced motion.
 */
export function LogoMarquee({
  logos,
  className,
  title = 'Trusted by teams across the UK',
}: {
  logos: PublicSiteSettings['clientLogos'];
  className?: string;
  title?: string;
}) {
  const row = (duplicate: boolean) =>
    logos.map((client, index) => (
      <li
        key={`${index}-${duplicate ? 'b' : 'a'}`}
        className={cn('shrink-0', duplicate && 'motion-reduce:hidden')}
        aria-hidden={duplicate || undefined}
      >
        <img
          src={spriteAddress(client.src)}
          alt={duplicate ? '' : client.name}
          width={client.width}
          height={48}
          loading="lazy"
          decoding="async"
          className="h-8 w-auto opacity-60 grayscale transition-opacity hover:opacity-100 sm:h-9"
        />
      </li>
    ));
  return (
    <section
      aria-label="Clients"
      className={cn('border-y border-line bg-white py-10', className)}
      data-testid="logo-marquee"
    >
      <p className="eyebrow container-page text-center">{title}</p>
      <div className="mt-8 overflow-hidden [mask-image:linear-gradient(90deg,transparent,black_10%,black_90%,transparent)]">
        <ul className="flex w-max animate-marquee items-center gap-16 pr-16 hover:[animation-play-state:paused] motion-reduce:w-full motion-reduce:animate-none motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-y-8">
          {row(false)}
          {row(true)}
        </ul>
      </div>
    </section>
  );
}
