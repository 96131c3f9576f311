export { ContactForm, type ContactFormProps } from './contact-form';
export { NewsletterBox, type NewsletterBoxProps } from './newsletter-box';
export { NewsletterFloatingWidget } from './newsletter-floating-widget';
export { PlaybookWidget } from './playbook-widget';
export { useFormStart } from './use-form-start';
