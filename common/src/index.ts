export * from './site.js';
export * from './limits.js';
export * from './slugify.js';
export * from './word-count.js';
export * from './pagination.js';
export * from './team.js';
export * from './types.js';
export * from './privacy.js';
