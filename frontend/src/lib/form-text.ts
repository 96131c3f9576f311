/** A text field of a submitted form ('' when absent): forms read their fields on submit, so text typed before hydration counts. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
