import { describe, expect, it } from 'vitest';
import { fieldControl } from './field';

describe('fieldControl', () => {
  it('gives the control its id and nothing else while the field is valid and has no hint', () => {
    expect(fieldControl('contact-name')).toEqual({
      id: 'contact-name',
      'aria-invalid': undefined,
      'aria-describedby': undefined,
    });
  });

  it('marks a field with an error invalid and describes it by its hint, then its error sentence', () => {
    expect(fieldControl('deletion-email', 'Enter a valid email address', 'deletion-email-hint')).toEqual({
      id: 'deletion-email',
      'aria-invalid': true,
      'aria-describedby': 'deletion-email-hint deletion-email-error',
    });
    expect(fieldControl('deletion-email', undefined, 'deletion-email-hint')['aria-describedby']).toBe(
      'deletion-email-hint',
    );
    expect(fieldControl('contact-name', 'Name is required')['aria-describedby']).toBe('contact-name-error');
  });
});
