import { createRequire } from 'node:module';
import { mayCarrySession, sessionCookieName } from './session.js';

/** The parser express-session itself reads cookies with, to prove each spelling is one it accepts. */
const { parse } = createRequire(createRequire(import.meta.url).resolve('express-session'))('cookie') as {
  parse(header: string): Record<string, string | undefined>;
};

const development = { production: false };
const production = { production: true };

/** Cookie headers in which the session middleware finds the session cookie `name` with value `value`. */
function sessionSpellings(name: string, value: string): string[] {
  return [
    `${name}=${value}`,
    `${name} =${value}`,
    `${name}\t=${value}`,
    `  ${name}=${value}`,
    `\t${name} \t= ${value}`,
    `theme=dark; ${name} =${value}; consent=1`,
    `theme=dark;${name}=${value}`,
    `${name}="${value}"`,
    `${name}=${value}; ${name}=other`,
    `${name}=other; ${name}=${value}`,
    `broken; ${name}=${value}`,
    `a=b;;  ;${name}=${value}`,
  ];
}

describe('mayCarrySession', () => {
  it.each([
    ['development', development],
    ['production', production],
  ])('finds the session cookie in every spelling the session parser accepts (%s)', (_label, config) => {
    const name = sessionCookieName(config);
    for (const header of sessionSpellings(name, 's%3Aabc.def')) {
      expect(parse(header)[name]).toBeDefined();
      expect(mayCarrySession(header, config)).toBe(true);
    }
  });

  it('treats any other mention of the name as a possible session (another case, after a comma, in a value)', () => {
    for (const header of ['NB.SID=abc', 'theme=dark, nb.sid=abc', 'x="nb.sid=abc"', 'nb.sid', '__Host-nb.sid =abc']) {
      expect(mayCarrySession(header, development)).toBe(true);
    }
    for (const header of ['nb.sid=abc', 'x=1; nb.sid =abc', '__host-nb.sid=abc']) {
      expect(mayCarrySession(header, production)).toBe(true);
    }
  });

  it('lets visitors without a session cookie share the public cache', () => {
    for (const header of [undefined, '', 'theme=dark', 'consent=analytics; theme=dark', 'nb=1; sid=2']) {
      expect(mayCarrySession(header, development)).toBe(false);
      expect(mayCarrySession(header, production)).toBe(false);
    }
  });
});
