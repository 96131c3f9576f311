import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { createCdnPurger } from '../../core/http/cdn-cache.js';
import { ContentVersionRepository } from './content-version.repository.js';
import { CDN_PURGER, ContentVersionService } from './content-version.service.js';

@Global()
@Module({
  providers: [
    ContentVersionService,
    ContentVersionRepository,
    { provide: CDN_PURGER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createCdnPurger(config) ?? null },
  ],
  exports: [ContentVersionService],
})
export class ContentVersionModule {}
