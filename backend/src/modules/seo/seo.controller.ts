import { Controller, Get, Header, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { allowSharedCache, postListKeys } from '../../core/http/cdn-cache.js';
import { answerNotModified } from '../../core/http/etag.js';
import { OgImageService } from './og-image.service.js';
import { SeoService } from './seo.service.js';
import { Public } from '../auth/decorators/access.decorator.js';

/** Documents for crawlers and feed readers, served at the site root (outside /api). */
@Public()
@Controller()
export class SeoController {
  constructor(
    private readonly seoService: SeoService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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

  /** The feed; a shared cache in front may keep it, named by the posts it shows (cdn-cache.ts). */
  @Get('rss.xml')
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  async rss(@Res({ passthrough: true }) response: Response) {
    const feed = await this.seoService.rss();
    response.setHeader('Cache-Control', 'public, max-age=300');
    allowSharedCache(response, this.config, postListKeys(undefined, feed.posts));
    return feed.xml;
  }
}

@Public()
@Controller('og-image')
export class OgImageController {
  constructor(private readonly ogImageService: OgImageService) {}

  @Get(':slug')
  async image(@Param('slug') slug: string, @Req() request: Request, @Res() response: Response) {
    const image = await this.ogImageService.render(slug.slice(0, 200));
    response.setHeader('Content-Type', 'image/png');
    // A day, then asked again with the ETag: a retitled post gets its new card within a day.
    response.setHeader('Cache-Control', 'public, max-age=86400');
    // Social networks fetch these cross-origin; the image carries nothing private.
    response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (answerNotModified(request, response, image.etag)) return;
    response.setHeader('Content-Length', image.png.length);
    response.end(request.method === 'HEAD' ? undefined : image.png);
  }
}
