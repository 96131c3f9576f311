import { createContext } from 'react';

/**
 * True inside a read-only document's form. The form's fieldset disables its inputs; a rich text
 * editing area is not a form control, so the body editor reads this to stop taking input as well.
 */
export const DocumentReadOnly = createContext(false);
