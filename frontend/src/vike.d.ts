import type { ServerApi } from './lib/api';

declare global {
  namespace Vike {
    interface PageContext {
      serverApi?: ServerApi;
      publicUrl?: string;
      appStatus?: number;
      appRedirect?: string;
    }
  }
}

export {};
