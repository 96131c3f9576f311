import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { OgImageService } from './og-image.service.js';
import { SeoService } from './seo.service.js';
import { Public } from '../auth/decorators/access.decorator.js';

/** Documents for crawlers and feed readers, served at the site root (outside /api). */
@Public()
@Controller()
export class SeoController {
  constructor(private readonly seoService: SeoService) {}

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  sitemap() {
    return this.seoService.sitemap();
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots() {
    return this.seoService.robots();
  }

  @Get('rss.xml')
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  rss() {
    return this.seoService.rss();
  }
}

@Public()
@Controller('og-image')
export class OgImageController {
  constructor(private readonly ogImageService: OgImageService) {}

  @Get(':slug')
  async image(@Param('slug') slug: string, @Res() response: Response) {
    const png = await this.ogImageService.render(slug.slice(0, 200));
    response.setHeader('Content-Type', 'image/png');
    response.setHeader('Cache-Control', 'public, max-age=86400');
    // Social networks fetch these cross-origin; the image carries nothing private.
    response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    response.end(png);
  }
}
