import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsRepository } from '../auth/sessions.repository.js';
import { User } from './entities/user.entity.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/**
 * Staff accounts. The account's sessions are ended from here too (SessionsRepository), so that the
 * staff CLI, which has no HTTP and no auth module, ends them the same way as the admin does.
 */
@Module({
  imports: [TypeOrmModule.forFeature([User])],
  providers: [UsersRepository, UsersService, SessionsRepository],
  exports: [UsersRepository, UsersService, SessionsRepository],
})
export class UsersModule {}
