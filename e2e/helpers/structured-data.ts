import { expect } from '@playwright/test';

export type JsonLdBlock = Record<string, unknown>;

/** Every `<script type="application/ld+json">` block of a server-rendered page, parsed. */
export function jsonLdBlocks(html: string): JsonLdBlock[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]) as JsonLdBlock,
  );
}

const absolute = /^https?:\/\/[^/\s]+(\/\S*)?$/;

/** Every value under a key that names an address (`url`, `image`, `logo`, `item`, `@id`, `sameAs`) is absolute. */
function expectAbsoluteAddresses(value: unknown, where: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => expectAbsoluteAddresses(item, `${where}[${index}]`));
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    const path = `${where}.${key}`;
    if (['url', 'image', 'logo', 'item', '@id', 'sameAs', 'mainEntityOfPage'].includes(key)) {
      for (const address of [child].flat()) {
        if (typeof address === 'string') expect(address, path).toMatch(absolute);
      }
    }
    expectAbsoluteAddresses(child, path);
  }
}

function imageUrls(image: unknown): unknown[] {
  return [image].flat().map((item) => (item && typeof item === 'object' ? (item as JsonLdBlock).url : item));
}

function expectOrganization(organization: unknown, where: string): void {
  const block = organization as JsonLdBlock;
  expect(block, where).toMatchObject({ '@type': 'Organization' });
  expect(block.name, `${where}.name`).toEqual(expect.any(String));
  expect(block.url, `${where}.url`).toMatch(absolute);
  const logo = imageUrls(block.logo);
  expect(logo.length, `${where}.logo`).toBeGreaterThan(0);
  for (const url of logo) expect(url, `${where}.logo`).toMatch(absolute);
}

/**
 * Checks one block for the properties Google documents for its type (required and recommended),
 * and that every address in it is absolute. Returns the block's type.
 */
export function expectDocumentedProperties(block: JsonLdBlock): string {
  const type = String(block['@type']);
  expect(block['@context'], type).toBe('https://schema.org');
  expectAbsoluteAddresses(block, type);
  switch (type) {
    case 'Article':
    case 'BlogPosting': {
      expect(block.headline, `${type}.headline`).toEqual(expect.any(String));
      const images = imageUrls(block.image);
      expect(images.length, `${type}.image`).toBeGreaterThan(0);
      for (const url of images) expect(url, `${type}.image`).toMatch(absolute);
      for (const key of ['datePublished', 'dateModified']) {
        expect(Number.isNaN(Date.parse(String(block[key]))), `${type}.${key}`).toBe(false);
      }
      const author = block.author as JsonLdBlock;
      expect(['Person', 'Organization'], `${type}.author`).toContain(author?.['@type']);
      expect(author.name, `${type}.author.name`).toEqual(expect.any(String));
      expectOrganization(block.publisher, `${type}.publisher`);
      break;
    }
    case 'ProfilePage': {
      const person = block.mainEntity as JsonLdBlock;
      expect(person, 'ProfilePage.mainEntity').toMatchObject({ '@type': 'Person' });
      expect(person.name, 'Person.name').toEqual(expect.any(String));
      expect(person.url, 'Person.url').toMatch(absolute);
      expect(person.image, 'Person.image').toMatch(absolute);
      break;
    }
    case 'BreadcrumbList': {
      const items = block.itemListElement as JsonLdBlock[];
      expect(items.length, 'BreadcrumbList.itemListElement').toBeGreaterThan(1);
      items.forEach((item, index) => {
        expect(item, `BreadcrumbList[${index}]`).toMatchObject({ '@type': 'ListItem', position: index + 1 });
        expect(item.name, `BreadcrumbList[${index}].name`).toEqual(expect.any(String));
        // The last step is the page itself: Google takes its address from the page.
        if (index < items.length - 1) expect(item.item, `BreadcrumbList[${index}].item`).toMatch(absolute);
        else expect(item, `BreadcrumbList[${index}]`).not.toHaveProperty('item');
      });
      break;
    }
    case 'Organization':
      expectOrganization(block, 'Organization');
      break;
    default:
      break;
  }
  return type;
}
