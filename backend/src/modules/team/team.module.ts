import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module.js';
import { MediaModule } from '../media/media.module.js';
import { TeamMemberEntity } from './entities/team-member.entity.js';
import { AdminTeamController, TeamController } from './team.controller.js';
import { TeamRepository } from './team.repository.js';
import { TeamService } from './team.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([TeamMemberEntity]), ActivityModule, MediaModule],
  controllers: [TeamController, AdminTeamController],
  providers: [TeamService, TeamRepository],
  exports: [TeamService],
})
export class TeamModule {}
