// Written by scripts/generate-illustrations.mjs: each client wordmark's width at a height of 48.
export const clientLogoWidths = {
  'relative-probability': 151,
  panaquest: 186,
  harbourline: 196,
  'lumen-outdoor': 138,
  'meridian-pharma': 161,
  'northgate-fire': 179,
  'kestrel-logistics': 139,
  'orbital-foods': 135,
} as const;
