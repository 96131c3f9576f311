import http from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type express from 'express';

/**
 * A constructor whose instances are built by `Base` (a Node function constructor, called on the new
 * object) but have `prototype` as their prototype from the start. Calling the constructor on `this`
 * matters: building them with `Reflect.construct(Base, args, newTarget)` instead measured 40% slower
 * on a bare server, and made every request survive young-generation collections just the same.
 */
function bornWithPrototype<C extends new (...args: never[]) => object>(Base: C, prototype: object): C {
  if (Function.prototype.toString.call(Base).startsWith('class')) {
    // A future Node whose request classes cannot be called: keep its own (Express then sets the prototypes).
    return Base;
  }
  const callable = Base as unknown as (this: object, ...args: unknown[]) => void;
  function Born(this: object, ...args: unknown[]): void {
    callable.apply(this, args);
  }
  Born.prototype = prototype;
  return Born as unknown as C;
}

/**
 * NestJS's Express adapter, with the HTTP server creating each request and response with Express's
 * prototypes (`app.request`, `app.response`) already in place.
 *
 * Express gives every request and response its own prototypes with `Object.setPrototypeOf` on
 * arrival. Changing the prototype of a live Node request or response costs far more than the call:
 * measured on Node 20 with a bare `http` server, doing it per request made the objects of every
 * request (and everything they reference) survive the young-generation collections and be promoted,
 * so a page render's garbage filled the old generation and each worker ran a full mark-compact every
 * ~2 s, with 7 ms scavenges besides (bench/HISTORY.md, seventh pass). Created with the right prototype,
 * Express's `setPrototypeOf` changes nothing and V8 returns at once: nothing survives.
 *
 * Only the plain HTTP server is replaced; HTTPS and Nest's connection-tracking options (unused here)
 * keep Nest's own server.
 */
export class PrototypePreservingExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.forceCloseConnections || options?.return503OnClosing) {
      super.initHttpServer(options);
      return;
    }
    const app = this.getInstance<express.Express>();
    this.httpServer = http.createServer(
      {
        IncomingMessage: bornWithPrototype<typeof http.IncomingMessage>(http.IncomingMessage, app.request),
        ServerResponse: bornWithPrototype<typeof http.ServerResponse>(http.ServerResponse, app.response),
      },
      app,
    );
  }
}
