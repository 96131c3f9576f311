import { redirectActions } from './record-actions.js';
import { isRedirectWebAddress } from './site-settings.js';

describe('redirect actions', () => {
  it('lets those who manage the settings add and remove redirects, and nobody else', () => {
    for (const role of ['super_admin', 'admin'] as const) {
      expect(redirectActions({ id: 'r' }, { role })).toEqual(['remove']);
      expect(redirectActions(null, { role })).toEqual(['add']);
    }
    expect(redirectActions({ id: 'r' }, { role: 'consultant' })).toEqual([]);
    expect(redirectActions(null, { role: 'consultant' })).toEqual([]);
  });
});

describe('isRedirectWebAddress', () => {
  it('takes a full http(s) address with a host and a port from 1 to 65535', () => {
    for (const value of [
      'https://shop.example/new',
      'http://localhost:3000/x',
      'https://shop.example:8443/?a=1',
      'https://10.0.0.1',
    ])
      expect([value, isRedirectWebAddress(value)]).toEqual([value, true]);
  });

  it('refuses an address without a host, with a bad label or a port out of range', () => {
    for (const value of [
      'http://',
      'https://',
      'http://./x',
      'http://-a.example/',
      'https://a..example/',
      'https://a.example:99999/',
      'https://a.example:0/',
      'https://a.example/ x',
    ])
      expect([value, isRedirectWebAddress(value)]).toEqual([value, false]);
  });
});
