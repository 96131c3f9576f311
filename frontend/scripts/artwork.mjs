// The site's own drawings, put into the icon sprite by icon-sprite.mjs beside the icons, so that a page
// sends a reference to them instead of their shapes: the logo mark (twice a page) and the article
// banners' illustrations. Each is a symbol's viewBox and its content.
export const artwork = {
  // The beam mark. The ray takes the text colour (the section's accent: `color` on the referring svg).
  logo: {
    viewBox: '0 0 32 32',
    content:
      '<rect width="32" height="32" rx="9" fill="var(--color-ink)"/>' +
      '<path d="M7 24 L19 8 L25 8 L13 24 Z" fill="currentColor"/>' +
      '<circle cx="23.5" cy="21.5" r="3" fill="#fff"/>',
  },
  'banner-labs': {
    viewBox: '0 0 240 160',
    content:
      '<circle cx="150" cy="80" r="62" fill="none" stroke="#0a0f1f" stroke-width="2" stroke-dasharray="4 6"/>' +
      '<circle cx="150" cy="80" r="36" fill="#0a0f1f"/>' +
      '<path d="M150 44v72M114 80h72" stroke="#83fafd" stroke-width="2"/>' +
      '<circle cx="150" cy="80" r="8" fill="#83fafd"/>' +
      '<rect x="40" y="96" width="56" height="40" rx="10" fill="#0a0f1f"/>' +
      '<path d="M52 124l10-12 8 8 14-18" stroke="#83fafd" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>' +
      '<circle cx="212" cy="30" r="10" fill="#fff"/>',
  },
  'banner-consulting': {
    viewBox: '0 0 240 160',
    content:
      '<rect x="96" y="24" width="120" height="112" rx="16" fill="#0a0f1f"/>' +
      '<path d="M116 112V92M140 112V72M164 112V84M188 112V52" stroke="#efbbff" stroke-width="10" stroke-linecap="round"/>' +
      '<path d="M116 60l24-14 24 10 24-20" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>' +
      '<circle cx="60" cy="110" r="26" fill="#fff"/>' +
      '<path d="M48 110l8 8 16-18" stroke="#0a0f1f" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
  },
};
