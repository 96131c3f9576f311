/**
 * The shortest contact message (docs/product.md#contact): in its own module because the shared
 * `messages` sentence names it, and every page carries `messages`, while the rest of the lead-capture
 * rules belong to the pages with a form.
 */
export const contactMessageMin = 10;
