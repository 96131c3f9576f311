import { isEmailAddress } from './is-required-email.js';

describe(isEmailAddress.name, () => {
  it('accepts ordinary addresses, plus-tags and international domains', () => {
    for (const address of ['ada@example.com', 'ada.lovelace+news@example.co.uk', 'zoë@exämple.com']) {
      expect(isEmailAddress(address)).toBe(true);
    }
  });

  it('refuses a quoted local part holding CR/LF, a tab, a space or a control character', () => {
    for (const address of [
      '"a\r\nb"@example.com',
      '"a\\\r\nb"@example.com',
      '"a\tb"@example.com',
      '"a b"@example.com',
      '"a\u0001b"@example.com',
    ]) {
      expect(isEmailAddress(address)).toBe(false);
    }
  });

  it('refuses any quoted local part, which no mailbox a person uses has and which cannot be mailed safely', () => {
    for (const address of ['"a,b"@example.com', '"ada"@example.com', '"a@b"@example.com', 'a"b@example.com']) {
      expect(isEmailAddress(address)).toBe(false);
    }
  });

  it('refuses invisible format characters, DEL and C1 controls', () => {
    for (const address of [
      'a\u200b@example.com',
      'a\u202e@example.com',
      'a\u007f@example.com',
      'a\u0085@example.com',
    ]) {
      expect(isEmailAddress(address)).toBe(false);
    }
  });

  it('answers false, without throwing, for lone surrogates and non-characters', () => {
    for (const address of ['\ud800@example.com', 'a@exa\udc00mple.com', 'a\ufffe@example.com']) {
      expect(isEmailAddress(address)).toBe(false);
    }
  });

  it('refuses non-strings and addresses over the length limit', () => {
    expect(isEmailAddress(['a@example.com'])).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(60)}@${'b'.repeat(190)}.com`)).toBe(false);
    expect(isEmailAddress('a@example.com', 10)).toBe(false);
  });
});
