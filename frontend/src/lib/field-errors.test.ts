import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api';
import { fieldErrorsOf } from './field-errors';

const refusal = (status: number, body: unknown) =>
  new ApiRequestError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Bad Request');

describe('fieldErrorsOf', () => {
  it('gives the first sentence of each field a 400 names, by field path', () => {
    const error = refusal(400, {
      error: 'Each metric needs a label',
      fieldErrors: {
        title: ['Title is required', 'Title is too short'],
        'metrics.0.label': ['Each metric needs a label'],
      },
    });
    expect(fieldErrorsOf(error)).toEqual({
      title: 'Title is required',
      'metrics.0.label': 'Each metric needs a label',
    });
  });

  it('gives nothing for another status, a body without field errors, a body that is not JSON or another failure', () => {
    expect(fieldErrorsOf(refusal(409, { error: 'Taken', fieldErrors: { slug: ['Taken'] } }))).toBeUndefined();
    expect(fieldErrorsOf(refusal(400, { error: 'Refused' }))).toBeUndefined();
    expect(fieldErrorsOf(refusal(400, '<html>Bad gateway</html>'))).toBeUndefined();
    expect(fieldErrorsOf(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('skips a field whose sentences are not a list of text', () => {
    expect(fieldErrorsOf(refusal(400, { fieldErrors: { email: 'not a list', name: [], body: ['Too long'] } }))).toEqual(
      {
        body: 'Too long',
      },
    );
  });
});
