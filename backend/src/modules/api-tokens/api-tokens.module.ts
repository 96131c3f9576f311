import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { ApiTokensController } from './api-tokens.controller.js';
import { ApiTokensRepository } from './api-tokens.repository.js';
import { ApiTokensService } from './api-tokens.service.js';

/** API tokens: the admin screen's calls, and `authenticate` for AccessGuard (imported by AuthModule). */
@Module({
  imports: [ActivityModule],
  controllers: [ApiTokensController],
  providers: [ApiTokensRepository, ApiTokensService],
  exports: [ApiTokensService],
})
export class ApiTokensModule {}
