import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { messages } from '@northbeam/common';
import { HealthService } from './health.service.js';
import { Public } from '../auth/decorators/access.decorator.js';

@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly healthService: HealthService) {}

  @Get()
  async health(@Res({ passthrough: true }) response: Response) {
    response.setHeader('Cache-Control', 'no-store');
    if (await this.healthService.databaseReachable()) return { status: 'ok' };
    response.status(HttpStatus.SERVICE_UNAVAILABLE);
    response.setHeader('Retry-After', '10');
    return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, error: messages.serviceUnavailable, status: 'unavailable' };
  }
}
