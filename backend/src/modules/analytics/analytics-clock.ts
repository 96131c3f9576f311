import { Injectable } from '@nestjs/common';

/** The time analytics reads: one injectable, so that tests can set the hour (no sleeps). */
@Injectable()
export class AnalyticsClock {
  now(): Date {
    return new Date();
  }
}
