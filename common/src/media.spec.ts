import { isCaseStudyImageAddress } from './case-studies.js';
import { isMediaAddressWellFormed, mediaIdOfUrl, normaliseMediaAddress } from './media.js';
import { isTeamAvatarAddress } from './team.js';

const id = '3f2b8c1e-5d4a-4b6c-9e8f-0a1b2c3d4e5f';
const dashes = '-'.repeat(36);

describe('library addresses', () => {
  it('know an image by its id whatever the case', () => {
    expect(mediaIdOfUrl(`/media/${id.toUpperCase()}/320.webp`)).toBe(id);
  });

  it('write the id in lower case, leaving other addresses as they are', () => {
    expect(normaliseMediaAddress(`/media/${id.toUpperCase()}/320.webp`)).toBe(`/media/${id}/320.webp`);
    expect(normaliseMediaAddress('/images/team/Ada.svg')).toBe('/images/team/Ada.svg');
    expect(normaliseMediaAddress(`https://cdn.example/Media/X/1.png`)).toBe('https://cdn.example/Media/X/1.png');
  });

  it('accept only a real id under /media/', () => {
    expect(isMediaAddressWellFormed(`/media/${id}/1280.webp`)).toBe(true);
    expect(isMediaAddressWellFormed(`/media/${dashes}/1.png`)).toBe(false);
    expect(isMediaAddressWellFormed('/media/not-an-id/1.png')).toBe(false);
    expect(isMediaAddressWellFormed('/images/case-studies/hero.svg')).toBe(true);
    expect(isMediaAddressWellFormed('https://cdn.example/media/photo.jpg')).toBe(true);
    expect(isTeamAvatarAddress(`/media/${dashes}/1.png`)).toBe(false);
    expect(isTeamAvatarAddress(`/media/${id.toUpperCase()}/320.webp`)).toBe(true);
    expect(isCaseStudyImageAddress(`/media/${dashes}/1.png`)).toBe(false);
    expect(isCaseStudyImageAddress(`/media/${id}/1280.webp`)).toBe(true);
  });
});
