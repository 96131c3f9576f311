import { site } from '@northbeam/common';

/** Structured data of a service page (schema.org Service offered by the organisation). */
export function serviceJsonLd(name: string, description: string, serviceType: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name,
    description,
    serviceType,
    areaServed: { '@type': 'Country', name: 'United Kingdom' },
    provider: { '@type': 'Organization', name: site.legalName },
  };
}
