import type { PageRenderer } from '@northbeam/common';

declare global {
  namespace Vike {
    interface PageContext {
      /** What the document frame hands the server: the page renderer (frontend/pages/+onRenderHtml.tsx). */
      renderPageParts?: PageRenderer;
    }
  }
}

export {};
