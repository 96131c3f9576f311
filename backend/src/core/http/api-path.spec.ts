import express, { type Request, type Response } from 'express';
import supertest from 'supertest';
import { apiPrefix, isApiPath, RouteSet } from './api-path.js';

/** Every case spelling of a word (`api`, `API`, `Api`, `aPi` …). */
function caseSpellings(word: string): string[] {
  const spellings: string[] = [];
  for (let mask = 0; mask < 1 << word.length; mask += 1)
    spellings.push([...word].map((letter, index) => (mask & (1 << index) ? letter.toUpperCase() : letter)).join(''));
  return spellings;
}

const oneClick = '/api/unsubscribe/one-click';

/**
 * An Express application set up as the site's (default routing settings): middleware mounted at the
 * API prefix and one fixed route. It answers what the router did with the path and what the
 * functions under test say about it.
 */
function routerProbe() {
  const app = express();
  const routes = new RouteSet([oneClick]);
  app.use(apiPrefix, (_request: Request, response: Response, next) => {
    response.locals.mounted = true;
    next();
  });
  const answer = (routed: boolean) => (request: Request, response: Response) => {
    response.json({
      mounted: response.locals.mounted === true,
      isApiPath: isApiPath(request.path),
      routed,
      inRouteSet: routes.has(request.path),
    });
  };
  app.post(oneClick, answer(true));
  app.use(answer(false));
  return supertest(app);
}

describe('isApiPath and RouteSet', () => {
  it('call a path an API call exactly when Express runs the middleware mounted at the API prefix, for every case spelling', async () => {
    const probe = routerProbe();
    const paths = caseSpellings('api').flatMap((spelling) =>
      ['', '/', '/x', '/admin/staff/invitations', '//x', 'x', '.json', '%2Fx', '-x'].map(
        (rest) => `/${spelling}${rest}`,
      ),
    );
    paths.push('/%61pi/x', '/%41PI/x', '//api/x', '/x/api/y', '/ap', '/', '/apix/y');
    let apiCalls = 0;
    for (const path of paths) {
      const { body } = await probe.post(path);
      expect({ path, isApiPath: body.isApiPath }).toEqual({ path, isApiPath: body.mounted });
      if (body.mounted) apiCalls += 1;
    }
    expect(apiCalls).toBe(8 * 5);
  });

  it('find a fixed route in a RouteSet exactly when Express routes the path to it, for every case spelling', async () => {
    const probe = routerProbe();
    const spellings = [
      ...caseSpellings('api').map((spelling) => `/${spelling}/unsubscribe/one-click`),
      '/api/UNSUBSCRIBE/One-Click',
      '/API/Unsubscribe/ONE-CLICK',
    ];
    const paths = spellings.flatMap((path) => [path, `${path}/`, `${path}//`, `${path}x`, `${path}/x`, `${path}.json`]);
    let routed = 0;
    for (const path of paths) {
      const { body } = await probe.post(path);
      expect({ path, inRouteSet: body.inRouteSet }).toEqual({ path, inRouteSet: body.routed });
      if (body.routed) routed += 1;
    }
    expect(routed).toBeGreaterThanOrEqual(spellings.length * 2);
  });
});
