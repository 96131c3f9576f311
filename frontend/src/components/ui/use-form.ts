import { useId, useState, type ChangeEvent } from 'react';
import { errorSentence } from '@/lib/api';
import { fieldErrorsOf } from '@/lib/field-errors';

/** The field errors of a form, by field path (`email`, `metrics.0.label`). */
export type FormFieldErrors = Partial<Record<string, string>>;

/** What a control holds: the text of a field or a select, or whether a box is ticked. */
type ControlValue = string | boolean;

/** The part of a form control the mechanism reads (an input, a text area or a select). */
export interface ControlState {
  name: string;
  type?: string;
  value: string;
  checked?: boolean;
}

/**
 * What the controls hold that the values do not: text typed, a box ticked or a password filled in by
 * the browser before the page's script took over (the server's HTML is a working form from the first
 * paint). Only fields the form holds, and only where the kind of value matches (text for text, a tick for a box).
 */
export function typedBeforeHydration<Values extends object>(
  controls: Iterable<ControlState>,
  values: Values,
): Partial<Values> {
  const typed: Record<string, ControlValue> = {};
  const held = values as Record<string, unknown>;
  for (const control of controls) {
    if (!control.name || !(control.name in held)) continue;
    const now = control.type === 'checkbox' ? Boolean(control.checked) : control.value;
    if (typeof held[control.name] === typeof now && held[control.name] !== now) typed[control.name] = now;
  }
  return typed as Partial<Values>;
}

/** The forms whose controls were read once already (each `<form>` element adopts what it held once). */
const adoptedForms = new WeakSet<HTMLFormElement>();

export interface FormOptions<Values> {
  /** What the form starts from: a saved record's fields, or empty ones. */
  initial: Values | (() => Values);
  /** Each change of the values, as it is made (a post keeps its unsaved text in the browser). */
  onChange?: (next: Values) => void;
  /** What the ids of its controls start with (`deletion` → `deletion-email`); default: one of React's. */
  idPrefix?: string;
  /** A sentence the form shows from the start (why the visitor is asked again), until the next attempt. */
  problem?: string;
}

export interface FailureOptions {
  /** The server's field errors (`fieldErrorsOf`) under the fields this form shows (default: as named). */
  fieldErrors?: (fromServer: FormFieldErrors) => FormFieldErrors;
  /** When the server named fields, only their errors show: no problem sentence beside them. */
  fieldsOnly?: boolean;
  /** The sentence of the failure (default: `errorSentence`). */
  sentenceOf?: (error: unknown) => string;
  /**
   * Where the failure is told (default: its sentence in the form's problem alert), for a form that
   * says it another way (a toast); `shown`: the field errors put under the fields (none: empty).
   */
  onFailure?: (sentence: string, shown: FormFieldErrors) => void;
}

/**
 * The one form mechanism, for every form of the site and the admin: the values and how they change,
 * the field errors (the form's own checks or the server's `fieldErrors`, the first one focused), the
 * problem sentence, and which action is under way. Controls are bound with `text`/`checkbox` and
 * their `Field` with `field`, which gives the ids and aria wiring (`Field`, `fieldControl`). The
 * `<form>` takes `bindForm`, so what a visitor typed before hydration becomes the values instead of
 * being wiped by the first render.
 */
export function useForm<Values extends object, Busy extends string = 'submit'>(options: FormOptions<Values>) {
  const reactId = useId();
  const id = options.idPrefix ?? reactId;
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const [problem, setProblem] = useState<string | undefined>(options.problem);
  const [busy, setBusy] = useState<Busy | null>(null);

  /** The id of the control of a field, by the server's path for it (`cta.label` → `…-cta-label`). */
  const fieldId = (path: string) => `${id}-${path.replace(/\./g, '-')}`;

  const update = (changes: Partial<Values> | ((current: Values) => Partial<Values>)) =>
    setValues((current) => {
      const next = { ...current, ...(typeof changes === 'function' ? changes(current) : changes) };
      options.onChange?.(next);
      return next;
    });

  /** The field was changed: its error goes (the others stay until the next attempt). */
  const clearError = (path: string) =>
    setErrors((current) => (current[path] ? { ...current, [path]: undefined } : current));

  /** One field's new value; its error goes. */
  const set = <Name extends keyof Values & string>(name: Name, value: Values[Name]) => {
    update({ [name]: value } as unknown as Partial<Values>);
    clearError(name);
  };

  /** Shows these errors under their fields and focuses the first; answers whether there were any. */
  const showErrors = (found: FormFieldErrors): boolean => {
    setErrors(found);
    const first = Object.keys(found).find((path) => found[path]);
    if (first) document.getElementById(fieldId(first))?.focus();
    return first !== undefined;
  };

  /** A refused or failed request: its field errors under their fields, its sentence in the problem alert. */
  const fail = (error: unknown, how: FailureOptions = {}) => {
    const fromServer = fieldErrorsOf(error) ?? {};
    const shown = how.fieldErrors ? how.fieldErrors(fromServer) : fromServer;
    showErrors(shown);
    const sentence = (how.sentenceOf ?? errorSentence)(error);
    if (how.onFailure) how.onFailure(sentence, shown);
    else setProblem(how.fieldsOnly && Object.keys(shown).length > 0 ? undefined : sentence);
  };

  /**
   * Runs an action (`kind` says which, for its button's "…ing"); a failure goes to `onError` (default
   * `fail`). The action answers 'leaving' when it navigates away: its button stays busy until the next screen.
   */
  const run = async (
    kind: Busy,
    work: () => Promise<'done' | 'leaving' | void>,
    onError: (error: unknown) => void = fail,
  ) => {
    setBusy(kind);
    try {
      if ((await work()) === 'leaving') return;
    } catch (error) {
      onError(error);
    }
    setBusy(null);
  };

  /** Back to a fresh form (after a message was sent): these values, no errors, no problem. */
  const reset = (next: Values) => {
    setValues(next);
    setErrors({});
    setProblem(undefined);
  };

  /** The `<form>`'s ref: adopts what was typed into its controls before hydration (once). */
  const bindForm = (form: HTMLFormElement | null) => {
    if (!form || adoptedForms.has(form)) return;
    adoptedForms.add(form);
    const controls = Array.from(form.elements).filter(
      (element): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement,
    );
    const typed = typedBeforeHydration(controls, values);
    if (Object.keys(typed).length > 0) update(typed);
  };

  return {
    values,
    setValues,
    update,
    set,
    errors,
    showErrors,
    clearError,
    problem,
    setProblem,
    fail,
    busy,
    run,
    reset,
    fieldId,
    bindForm,
    /** What a `Field` takes for a field: its control's id and its error. */
    field: (path: string) => ({ htmlFor: fieldId(path), error: errors[path] }),
    /** A text control (input, text area, select) bound to a text value. */
    text: <Name extends keyof Values & string>(name: Name) => ({
      name,
      value: values[name] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        set(name, event.target.value as Values[Name]),
    }),
    /** A checkbox bound to a yes/no value. */
    checkbox: <Name extends keyof Values & string>(name: Name) => ({
      name,
      checked: values[name] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.checked as Values[Name]),
    }),
  };
}

export type FormState<Values extends object, Busy extends string = 'submit'> = ReturnType<typeof useForm<Values, Busy>>;

/**
 * What a component that draws some of a form's text fields needs of it (the new password twice, a
 * staff member's name): the fields `Name`, whatever else the form holds.
 */
export interface FormFields<Name extends string> {
  fieldId: (path: string) => string;
  field: (path: Name) => { htmlFor: string; error?: string };
  text: (name: Name) => {
    name: Name;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  };
}
