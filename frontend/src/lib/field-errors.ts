import { ApiRequestError } from './api';

/**
 * The one reading of a form the server refused: the first sentence of each field the error contract's
 * `fieldErrors` names (a 400), by field path (`email`, `metrics.0.label`); undefined when the failure
 * is anything else, for the form to say it another way.
 */
export function fieldErrorsOf<Name extends string = string>(error: unknown): Partial<Record<Name, string>> | undefined {
  const fieldErrors = error instanceof ApiRequestError && error.status === 400 ? error.fieldErrors : undefined;
  if (!fieldErrors) return undefined;
  const found: Partial<Record<Name, string>> = {};
  for (const [field, sentences] of Object.entries(fieldErrors))
    if (Array.isArray(sentences) && typeof sentences[0] === 'string') found[field as Name] = sentences[0];
  return found;
}
