import http from 'node:http';
import type { Express } from 'express';

type AnyRecord = Record<string, unknown>;

/** Own property descriptors of every prototype from `from` down to (not including) `stopAt`. */
function descriptorsDownTo(from: object, stopAt: object): PropertyDescriptorMap {
  const chain: object[] = [];
  for (let proto: object | null = from; proto && proto !== stopAt; proto = Object.getPrototypeOf(proto) as object | null) chain.unshift(proto);
  const descriptors: PropertyDescriptorMap = {};
  for (const proto of chain) Object.assign(descriptors, Object.getOwnPropertyDescriptors(proto));
  return descriptors;
}

/**
 * A dispatch function for light-my-request that runs a request through the Express app in-process.
 *
 * Why not `inject(app, …)`: for an Express app light-my-request rewrites the prototype of Express's
 * shared request and response objects, after which every real request loses Node's IncomingMessage
 * methods (headers, _dump) and the server fails. Here each injected request and response instead
 * gets a bridge prototype carrying Express's methods on top of light-my-request's own classes, and
 * the router handles it as `app.handle` would, without touching anything shared.
 */
export function inProcessDispatch(app: Express): (request: http.IncomingMessage, response: http.ServerResponse) => void {
  const bridges = new WeakMap<object, object>();
  const bridge = (expressProto: object, nodeProto: object, injectedProto: object): object => {
    let made = bridges.get(injectedProto);
    if (!made) {
      made = Object.create(injectedProto, descriptorsDownTo(expressProto, nodeProto)) as object;
      bridges.set(injectedProto, made);
    }
    return made;
  };
  const router = (app as unknown as { router: { handle(req: unknown, res: unknown, done: (error?: unknown) => void): void } }).router;
  return (request, response) => {
    Object.setPrototypeOf(request, bridge(app.request, http.IncomingMessage.prototype, Object.getPrototypeOf(request) as object));
    Object.setPrototypeOf(response, bridge(app.response, http.ServerResponse.prototype, Object.getPrototypeOf(response) as object));
    (request as unknown as AnyRecord).res = response;
    (response as unknown as AnyRecord).req = request;
    (response as unknown as AnyRecord).locals = Object.create(null);
    router.handle(request, response, (error) => {
      response.statusCode = error ? 500 : 404;
      response.end();
    });
  };
}
