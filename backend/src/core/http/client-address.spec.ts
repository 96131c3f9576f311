import express, { type Request } from 'express';
import { forwardedForGuard, trustedProxies } from './client-address.js';

/** The address Express gives a request from `remoteAddress` carrying `forwardedFor`, after the guard. */
function clientAddress(hops: number, remoteAddress: string, forwardedFor?: string | string[]): string | undefined {
  const app = express();
  app.set('trust proxy', trustedProxies(hops));
  const request = Object.create(app.request as object) as Request;
  Object.assign(request, {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress },
  });
  let passed = false;
  forwardedForGuard()(request, {} as never, () => (passed = true));
  expect(passed).toBe(true);
  return request.ip;
}

describe('client address', () => {
  describe('with no proxy declared (TRUST_PROXY=0)', () => {
    it('is the connection and ignores X-Forwarded-For from anywhere else', () => {
      expect(clientAddress(0, '203.0.113.9')).toBe('203.0.113.9');
      expect(clientAddress(0, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
      expect(clientAddress(0, '10.0.0.5', '198.51.100.1')).toBe('10.0.0.5');
    });

    it("believes one entry from this machine's loopback: the server-side render naming its visitor", () => {
      expect(clientAddress(0, '127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
      expect(clientAddress(0, '::ffff:127.0.0.1', '2001:db8::1')).toBe('2001:db8::1');
      expect(clientAddress(0, '::1', '198.51.100.7, 198.51.100.1')).toBe('198.51.100.1');
    });
  });

  describe('with one proxy declared (TRUST_PROXY=1)', () => {
    it('is the rightmost address of X-Forwarded-For, the one the proxy appended', () => {
      expect(clientAddress(1, '172.18.0.3', '198.51.100.1')).toBe('198.51.100.1');
      expect(clientAddress(1, '172.18.0.3', '1.2.3.4, 198.51.100.1')).toBe('198.51.100.1');
      expect(clientAddress(1, '172.18.0.3', ['1.2.3.4', '198.51.100.1'])).toBe('198.51.100.1');
      expect(clientAddress(1, '172.18.0.3')).toBe('172.18.0.3');
    });

    it('is never a value that is not an IP address, however long', () => {
      const junk = 'x'.repeat(300);
      expect(clientAddress(1, '172.18.0.3', junk)).toBe('172.18.0.3');
      expect(clientAddress(1, '172.18.0.3', `198.51.100.1, ${junk}`)).toBe('172.18.0.3');
      expect(clientAddress(1, '172.18.0.3', `${junk}, 198.51.100.1`)).toBe('198.51.100.1');
      expect(clientAddress(1, '172.18.0.3', '198.51.100.1,,')).toBe('172.18.0.3');
      expect(clientAddress(0, '127.0.0.1', 'unknown')).toBe('127.0.0.1');
      expect(clientAddress(0, '127.0.0.1', '<script>')).toBe('127.0.0.1');
    });
  });

  describe('with two proxies declared (TRUST_PROXY=2)', () => {
    it('is the second address from the right, and stops at the first one that is not an IP', () => {
      expect(clientAddress(2, '172.18.0.3', '9.9.9.9, 198.51.100.1, 203.0.113.50')).toBe('198.51.100.1');
      expect(clientAddress(2, '172.18.0.3', 'junk, 203.0.113.50')).toBe('203.0.113.50');
    });
  });
});
