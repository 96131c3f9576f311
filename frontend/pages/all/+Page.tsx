/** Unused: +onRenderHtml renders the router application itself. Vike requires a page component. */
export default function Page() {
  return null;
}
