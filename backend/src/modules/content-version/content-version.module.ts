import { Global, Module } from '@nestjs/common';
import { ContentVersionService } from './content-version.service.js';

@Global()
@Module({
  providers: [ContentVersionService],
  exports: [ContentVersionService],
})
export class ContentVersionModule {}
