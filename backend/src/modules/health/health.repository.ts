import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

@Injectable()
export class HealthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A trivial query: resolves when the database answers, rejects when it fails. */
  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
