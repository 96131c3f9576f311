import { describe, expect, it } from 'vitest';
import { typedBeforeHydration } from './use-form';

describe('typedBeforeHydration (what a form adopts from its controls when the script takes over)', () => {
  const values = { name: '', email: 'kept@example.com', consent: false, service: '' };

  it('takes the text typed and the boxes ticked before hydration', () => {
    expect(
      typedBeforeHydration(
        [
          { name: 'name', value: 'Grace Hopper' },
          { name: 'email', type: 'email', value: 'kept@example.com' },
          { name: 'consent', type: 'checkbox', value: 'on', checked: true },
          { name: 'service', value: '' },
        ],
        values,
      ),
    ).toEqual({ name: 'Grace Hopper', consent: true });
  });

  it('leaves alone controls the form does not hold, unnamed ones and values of another kind', () => {
    expect(
      typedBeforeHydration(
        [
          { name: 'website', value: 'spam.example' },
          { name: '', value: 'no name' },
          { name: 'consent', value: 'on' },
        ],
        values,
      ),
    ).toEqual({});
  });

  it('finds nothing when the controls show the values (a form rendered in the browser)', () => {
    expect(
      typedBeforeHydration(
        [
          { name: 'name', value: '' },
          { name: 'email', value: 'kept@example.com' },
          { name: 'consent', type: 'checkbox', value: 'on', checked: false },
        ],
        values,
      ),
    ).toEqual({});
  });
});
