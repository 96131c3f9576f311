import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './link';

const render = (node: React.ReactNode) =>
  renderToString(<MemoryRouter initialEntries={['/blog']}>{node}</MemoryRouter>);

describe('the app’s links', () => {
  it('carry no data-discover attribute, which the router’s own links add to every link', () => {
    const html = render(
      <>
        <Link to="/about" className="nav-link">
          About
        </Link>
        <NavLink to="/blog">Blog</NavLink>
      </>,
    );
    expect(html).toContain('<a class="nav-link" href="/about">About</a>');
    expect(html).toContain('href="/blog"');
    expect(html).toContain('aria-current="page"');
    expect(html).not.toContain('data-discover');
  });
});
