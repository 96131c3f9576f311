import http from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type express from 'express';

/**
 * A subclass-free constructor: `new Born(...)` builds what `Base` builds, but with `prototype` as
 * its prototype from the start (Reflect.construct takes the prototype from the new target).
 */
function bornWithPrototype<C extends new (...args: never[]) => object>(Base: C, prototype: object): C {
  function Born(...args: never[]): object {
    return Reflect.construct(Base, args, Born) as object;
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
 * ~2 s, with 7 ms scavenges besides (ADR 0007, seventh pass). Created with the right prototype,
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
