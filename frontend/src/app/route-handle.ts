import type { Params } from 'react-router-dom';
import type { HeadData } from './head';

export interface HeadArgs<Data = unknown> {
  data: Data;
  params: Params;
  pathname: string;
  /** The site's public origin, for absolute addresses in structured data. */
  publicUrl: string;
}

/** What a route module declares besides its component: its head tags and, rarely, its status. */
export interface RouteHandle<Data = unknown> {
  head?: (args: HeadArgs<Data>) => HeadData;
  /** HTTP status of the page when this route matches (the 404 route says 404). */
  status?: number;
}
