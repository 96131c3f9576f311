import { webhookMessages } from '@northbeam/common';
import { endpointUrlProblem, isBlockedAddress, resolveTarget } from './webhook-address.js';
import { nextAttemptAt } from './webhook-dispatcher.js';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fd12:3456::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '64:ff9b::7f00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'allows the public address %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );
});

describe('endpointUrlProblem', () => {
  it('refuses other schemes, credentials and literal private addresses with their sentences', () => {
    expect(endpointUrlProblem('ftp://example.com/x', false)).toBe(webhookMessages.urlInvalid);
    expect(endpointUrlProblem('example.com/x', false)).toBe(webhookMessages.urlInvalid);
    expect(endpointUrlProblem('https://user:pw@example.com/x', false)).toBe(webhookMessages.urlCredentials);
    expect(endpointUrlProblem('http://127.0.0.1:3000/x', false)).toBe(webhookMessages.urlPrivate);
    expect(endpointUrlProblem('http://LOCALHOST./x', false)).toBe(webhookMessages.urlPrivate);
    expect(endpointUrlProblem('http://[::ffff:192.168.0.1]/x', false)).toBe(webhookMessages.urlPrivate);
    expect(endpointUrlProblem(`https://example.com/${'a'.repeat(2000)}`, false)).toBe(webhookMessages.urlTooLong);
  });

  it('accepts public addresses and names, and private ones when the setting allows them', () => {
    expect(endpointUrlProblem('https://hooks.slack.com/services/T0/B0/x', false)).toBeUndefined();
    expect(endpointUrlProblem('http://93.184.215.14/x', false)).toBeUndefined();
    expect(endpointUrlProblem('http://127.0.0.1:3000/x', true)).toBeUndefined();
    expect(endpointUrlProblem('https://user:pw@example.com/x', true)).toBe(webhookMessages.urlCredentials);
  });
});

describe('resolveTarget', () => {
  const url = new URL('https://hooks.example.com/x');

  it('refuses a name when any of its addresses is private, unless allowed', async () => {
    const resolver = () =>
      Promise.resolve([
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ]);
    expect(await resolveTarget(url, false, resolver)).toEqual({
      ok: false,
      reason: webhookMessages.refusedAddress('hooks.example.com'),
    });
    expect(await resolveTarget(url, true, resolver)).toEqual({ ok: true, address: '93.184.215.14', family: 4 });
  });

  it('answers the checked address of a public name, and a failure for one that does not resolve', async () => {
    expect(await resolveTarget(url, false, () => Promise.resolve([{ address: '2606:4700::1', family: 6 }]))).toEqual({
      ok: true,
      address: '2606:4700::1',
      family: 6,
    });
    const failed = await resolveTarget(url, false, () => Promise.reject(new Error('ENOTFOUND')));
    expect(failed).toEqual({ ok: false, reason: 'Could not resolve hooks.example.com: ENOTFOUND' });
  });
});

describe('nextAttemptAt', () => {
  it('backs off 30 s, 2 min, 10 min, 1 h, 4 h, 8 h, 9 h, then gives up', () => {
    const now = new Date('2026-11-28T00:00:00Z');
    const waits = [1, 2, 3, 4, 5, 6, 7].map(
      (attempts) => (nextAttemptAt(attempts, now)!.getTime() - now.getTime()) / 1000,
    );
    expect(waits).toEqual([30, 120, 600, 3600, 14_400, 28_800, 32_400]);
    expect(nextAttemptAt(8, now)).toBeNull();
  });
});
