import { PlaybookInlineOffer } from '@/components/lead-capture/playbook-inline-offer';
import { ChevronDown, ExternalLink, Menu, X } from '@/components/ui/icons';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSiteSettings } from '@/lib/site-settings';
import { LogoMark } from './logo';
import { isActivePath, sectionBrand } from './section-brand';
import { useDismiss } from '@/hooks/use-dismiss';
import { Island } from '@/components/page/server-html';

interface NavItem {
  label: string;
  mobileLabel?: string;
  to: string;
}

const primaryItems: NavItem[] = [
  { label: 'About', to: '/about' },
  { label: 'Consulting', to: '/consulting' },
  { label: 'Labs', to: '/labs' },
  { label: 'Immersive', to: '/immersive' },
  { label: 'Case Studies', to: '/case-studies' },
  { label: 'Blog', to: '/blog' },
];

/** The extra link that /labs and /consulting show (docs/product.md#frame). */
function sectionExtra(pathname: string): NavItem | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/labs') return { label: 'Content', mobileLabel: 'Labs Content', to: '/blog/labs' };
  if (path === '/consulting') return { label: 'Insights', mobileLabel: 'Consulting Insights', to: '/blog/consulting' };
  return undefined;
}

/**
 * The staff sign-in pages (sign-in, forgotten and new password, invitation): the header keeps the
 * admin brand and the Contact button but not the public navigation, so that the e-mail field is the
 * fourth Tab stop of the page (skip link, brand, Contact, field), not the fifteenth.
 */
function isStaffSignInPath(pathname: string): boolean {
  return /^\/admin\/(login|forgot-password|reset-password|invitation)(\/|$)/i.test(pathname);
}

type Products = ReturnType<typeof useSiteSettings>['products'];

/** The products menu's list (one header a page, so one id). */
const menuId = 'site-products-menu';

function ProductsMenu({ products }: { products: Products }) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={container} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="nav-link inline-flex items-center gap-1"
      >
        Products
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute right-0 mt-2 w-72 rounded-2xl border border-line bg-white p-2 shadow-lift"
          data-testid="products-menu"
        >
          {products.map((product) => (
            <a
              key={product.href}
              href={product.href}
              target="_blank"
              rel="noreferrer"
              onClick={() => setOpen(false)}
              className="flex items-start justify-between gap-3 rounded-xl p-3 transition-colors hover:bg-mist"
            >
              <span>
                <span className="block text-sm font-semibold text-ink">{product.name}</span>
                <span className="block text-xs text-ink-muted">{product.description}</span>
              </span>
              <ExternalLink className="mt-0.5 size-4 text-ink-muted" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** What the header shows for an address: its brand, its items, which of them are current, and whether it is lean. */
function headerView(pathname: string) {
  const extra = sectionExtra(pathname);
  const items = extra ? [...primaryItems, extra] : primaryItems;
  return {
    brand: sectionBrand(pathname),
    items,
    current: items.filter((item) => isActivePath(pathname, item.to)).map((item) => item.to),
    lean: isStaffSignInPath(pathname),
  };
}

type HeaderView = ReturnType<typeof headerView>;

/**
 * The site header. What it shows depends on the section of the address and the site settings'
 * products only, so it is a hydrated block (components/page/server-html.ts): its HTML is rendered
 * once per section view and products, and the browser hydrates it for its menus.
 */
export function Header() {
  const { products } = useSiteSettings();
  const { pathname } = useLocation();
  const view = headerView(pathname);
  return (
    <Island
      id="site-header"
      // Only the server reads the inputs: the browser renders the header, and so hydrates.
      inputs={import.meta.env.SSR ? JSON.stringify({ view, products }) : undefined}
      hydrate
      render={() => <HeaderContent view={view} products={products} />}
      className="contents"
    />
  );
}

function HeaderContent({ view, products }: { view: HeaderView; products: Products }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A new path closes the menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  const { brand, items, lean } = view;
  const isCurrent = (item: NavItem) => view.current.includes(item.to);
  const close = () => setMenuOpen(false);
  // Escape or a press outside closes the menu, as every other disclosure of the site.
  const { trigger: menuButton, panel: menuPanel } = useDismiss<HTMLElement>(menuOpen, close);

  return (
    <header className="site-header">
      <div className="container-page site-header-bar">
        {/* The longest section title ("Northbeam Case Studies") stays on one line beside the Contact button at 390 px. */}
        <Link to="/" className="site-brand" aria-label={`${brand.title} home`} data-testid="brand">
          {brand.accent ? <LogoMark accent={brand.accent} size="responsive" /> : null}
          <span className="site-brand-title">{brand.title}</span>
        </Link>

        {lean ? null : (
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            {items.map((item) => {
              const active = isCurrent(item);
              return (
                <Link
                  key={item.to}
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={active ? 'nav-link-current' : 'nav-link'}
                >
                  {item.label}
                </Link>
              );
            })}
            <ProductsMenu products={products} />
          </nav>
        )}

        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <Link to="/contact" className={buttonVariants({ size: 'sm' })}>
            Contact
          </Link>
          {lean ? null : (
            <button
              ref={menuButton}
              type="button"
              className="menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((value) => !value)}
            >
              {menuOpen ? <X className="size-5" /> : <Menu className="size-5" />}
            </button>
          )}
        </div>
      </div>

      {menuOpen && !lean ? (
        // The header sticks to the top: a menu taller than the screen below its 4rem bar scrolls inside itself,
        // so that its last items (the playbook offer, Contact) stay reachable on a short phone.
        <nav
          ref={menuPanel}
          id="mobile-menu"
          aria-label="Mobile"
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-t border-line bg-paper lg:hidden"
        >
          <ul className="container-page flex flex-col gap-1 py-4">
            {items.map((item) => {
              const active = isCurrent(item);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    onClick={close}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'block rounded-xl px-4 py-3 text-base font-medium',
                      active ? 'bg-ink text-white' : 'text-ink hover:bg-mist',
                    )}
                  >
                    {item.mobileLabel ?? item.label}
                  </Link>
                </li>
              );
            })}
            <li className="eyebrow mt-2 px-4">Products</li>
            {products.map((product) => (
              <li key={product.href}>
                <a
                  href={product.href}
                  target="_blank"
                  rel="noreferrer"
                  onClick={close}
                  className="flex items-center justify-between rounded-xl px-4 py-3 text-base text-ink hover:bg-mist"
                >
                  {product.name}
                  <ExternalLink className="size-4 text-ink-muted" aria-hidden="true" />
                </a>
              </li>
            ))}
            <li className="mt-3">
              <PlaybookInlineOffer placement="menu" />
            </li>
            <li className="mt-3 px-4">
              <Link to="/contact" onClick={close} className={cn(buttonVariants(), 'w-full')}>
                Contact
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
