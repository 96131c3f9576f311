import { Suspense, use, useEffect, useId, type ComponentType, type ReactNode } from 'react';
import { Island } from './server-html';

/**
 * Below-the-fold blocks of a long page hydrate after the browser has been idle (or 0.5 s), each
 * behind its own Suspense boundary: until then React keeps the server's HTML as it is (it is already
 * readable), and a click inside such a block makes React hydrate it first and replay the click. The
 * first paint and the page above the fold are never held up by the work for the rest.
 * On the server and after the first hydration (client-side navigation) nothing waits.
 */
let firstHydrationDone = typeof window === 'undefined';
let idle: Promise<void> | undefined;
const waiting = new Set<string>();
let onSettled: (() => void) | undefined;

function whenIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 500 });
    else setTimeout(resolve, 300);
  });
  return idle;
}

function Deferred({ children }: { children: ReactNode }) {
  const id = useId();
  const defer = !firstHydrationDone;
  if (defer) waiting.add(id);
  useEffect(() => {
    if (!waiting.delete(id)) return;
    if (waiting.size === 0) onSettled?.();
  }, [id]);
  if (defer) use(whenIdle());
  return children;
}

export function HydrationBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Deferred>{children}</Deferred>
    </Suspense>
  );
}

/** Calls `done` once every deferred block of the first page view has hydrated. */
export function whenPageHydrated(done: () => void): void {
  firstHydrationDone = true;
  if (waiting.size === 0) done();
  else onSettled = done;
}

/** True until the first client-side navigation: the screen is still the one the server sent. */
let firstView = typeof window !== 'undefined';

/** Called by the browser's router when it shows another location. */
export function endFirstView(): void {
  firstView = false;
}

/** Resolves once the server's HTML of block `id` comes within about a screen of the viewport. */
function whenNearViewport(id: string): Promise<void> {
  return new Promise((resolve) => {
    const wrapper = document.querySelector(`[data-lazy-block="${CSS.escape(id)}"]`);
    const targets = wrapper ? [...wrapper.children] : [];
    if (targets.length === 0 || !('IntersectionObserver' in window)) {
      resolve();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: '50% 0px' },
    );
    for (const target of targets) observer.observe(target);
  });
}

/**
 * A block whose code a first visit only downloads when the block comes near the viewport (a form
 * at the end of a long page, a widget that phones never show): until then the server's HTML stands
 * as it is. On the server, and on a page reached by client-side navigation, the code loads at once.
 * Give it a `HydrationBoundary` around it like any other block below the fold.
 *
 * `island`: the block's server HTML is a pure function of its props, a hydrated island (see
 * server-html.tsx) of this id with the JSON of the props for inputs: rendered once per distinct props.
 */
export function lazyBlock<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { island }: { island?: string } = {},
) {
  let Loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const nearViewport = new Map<string, Promise<void>>();
  const preload = () =>
    (loading ??= load().then((component) => {
      Loaded = component;
    }));

  function Block(props: Props) {
    const id = useId();
    if (!Loaded) {
      let ready = firstView ? nearViewport.get(id) : preload();
      if (!ready) {
        ready = whenNearViewport(id).then(preload);
        nearViewport.set(id, ready);
      }
      use(ready);
    }
    const Component = Loaded!;
    if (island) {
      return (
        <Island
          id={island}
          // Only the server reads the inputs: the browser renders the component, and so hydrates.
          inputs={import.meta.env.SSR ? JSON.stringify(props) : undefined}
          hydrate
          render={() => <Component {...props} />}
          data-lazy-block={id}
          className="contents"
        />
      );
    }
    return (
      <div data-lazy-block={id} className="contents">
        <Component {...props} />
      </div>
    );
  }

  function LazyBlock(props: Props) {
    return (
      <Suspense fallback={null}>
        <Block {...props} />
      </Suspense>
    );
  }
  LazyBlock.preload = preload;
  return LazyBlock;
}
